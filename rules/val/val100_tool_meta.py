"""VAL100: a 4.x tool's meta block is a plain object (optional since 4.3.0 and in the runtime)."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SObject, SScalar, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext

from ._tool_meta import GOOD, META, metas, v4


class MetaBlock(Rule):
    code = Code.VAL100
    name = "tool-meta"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    generations = (4,)
    origin = "spec 4.0.0-4.2.0 (09), 4.3.0 (19-mcp-integration: optional)"
    summary = "A 4.x tool's meta block is a plain object (recommended; required by 4.0.0-4.2.0)"
    why = (
        "The meta block tells MCP clients whether a tool reads or writes and how to find it. 4.0.0-4.2.0 "
        "require it; 4.3.0 and the runtime made it optional, so a missing block is a warning in a file that "
        "declares 4.0.0-4.2.0, nothing in one that declares 4.3.0, and a block that is not an object an error."
    )
    fix = f"Add `{META}`."
    VALID = [
        Example(GOOD),
        Example(v4("").replace("version: '4.0.0'", "version: '4.3.0'"), title="no meta block, declaring 4.3.0"),
    ]
    INVALID = [
        Example(v4("", mark_tool=True), (Expect("tool 'getPing' has no meta block"),)),
        Example(v4("meta: ‸[],"), (Expect("meta must be an object"),), title="not an object"),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool, meta in metas(ctx):
            if meta is None or (isinstance(meta, SScalar) and meta.value is None):
                if ctx.spec.meta_optional:
                    continue  # 4.3.0: "absent `meta` is allowed"
                # The runtime treats `meta: null` as no block (flowmcp-core 8dab10b, MainValidator).
                yield self.finding(
                    f"tool '{tool.label}' has no meta block (required by 4.0.0-4.2.0, which this file declares; "
                    "optional since 4.3.0 and in the runtime)",
                    (meta.span if meta is not None else tool.key_span),
                    tool=tool.label,
                    severity=Severity.WARNING,
                    consequence=Consequence.SPEC,
                )
            elif not isinstance(meta, (SObject, NonStatic)):
                yield self.finding(
                    f"tool '{tool.label}': meta must be an object, got {type_name(meta)}", meta.span, tool=tool.label
                )
