"""FL021: a tool's `preload` block is what FlowMCP's runtime accepts (an object, `enabled`, `ttl`)."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SObject, SScalar, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

# The specification's own numbering (11-preload.md) reuses VAL060-VAL063, which 09-validation-rules.md
# gives to output schemas; printing them would make one code mean two things, so flowlint says FL021.
_SPEC_CODES = "11-preload.md numbers these VAL060-VAL063, codes 09-validation-rules.md gives to output schemas"


class Preload(Rule):
    code = Code.FL021
    name = "preload"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "A tool's preload is an object with enabled (a boolean), ttl (a positive integer) and an optional string description"
    why = (
        "FlowMCP's MainValidator (3.x and 4.x) refuses the whole definition when a tool's `preload` is not a "
        "plain object, lacks `enabled` or `ttl`, has a non-boolean `enabled`, a `ttl` that is not a positive "
        f"integer, or a `description` that is not a string. The specification's {_SPEC_CODES}, so flowlint "
        "reports them under one code of its own."
    )
    fix = "Write `preload: { enabled: true, ttl: 3600, description: '...' }`."
    VALID = [
        Example(
            example("""\
    tools: {
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [],
            preload: { enabled: true, ttl: 3600, description: 'Static for an hour' },
            tests: [ { _description: 'Up' } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [],
            preload: { enabled: ‸'yes', ttl: ‸0 },
            tests: [ { _description: 'Up' } ] }
    }"""),
            (
                Expect("preload.enabled must be a boolean, got string"),
                Expect("preload.ttl must be a positive integer, got 0"),
            ),
            title="enabled a string, ttl zero",
        ),
        Example(
            example("""\
    tools: {
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [],
            preload: ‸true,
            tests: [ { _description: 'Up' } ] }
    }"""),
            (Expect("preload must be a plain object such as { enabled: true, ttl: 3600 }, got boolean"),),
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in ctx.definition.tools:
            if tool.kind != "tool" or tool.obj is None:
                continue
            preload = tool.obj.get("preload")
            if preload is None or isinstance(preload, NonStatic):
                continue
            prefix = f"tool '{tool.label}': "
            suffix = " (FlowMCP's MainValidator refuses the definition)"
            if not isinstance(preload, SObject):
                yield self.finding(
                    f"{prefix}preload must be a plain object such as {{ enabled: true, ttl: 3600 }}, got "
                    f"{type_name(preload)}{suffix}",
                    preload.span,
                    tool=tool.label,
                )
                continue
            yield from self._fields(preload, tool.label, prefix, suffix)

    def _fields(self, preload: SObject, tool: str, prefix: str, suffix: str) -> Iterator[Finding]:
        enabled, ttl, description = preload.get("enabled"), preload.get("ttl"), preload.get("description")
        if enabled is None:
            yield self.finding(f"{prefix}preload.enabled is required (true or false){suffix}", preload.span, tool=tool)
        elif not isinstance(enabled, NonStatic) and not (isinstance(enabled, SScalar) and type(enabled.value) is bool):
            yield self.finding(
                f"{prefix}preload.enabled must be a boolean, got {type_name(enabled)}{suffix}", enabled.span, tool=tool
            )
        if ttl is None:
            yield self.finding(
                f"{prefix}preload.ttl is required: the cache lifetime in seconds{suffix}", preload.span, tool=tool
            )
        elif not isinstance(ttl, NonStatic) and not _positive_integer(ttl):
            shown = repr(ttl.value) if isinstance(ttl, SScalar) and type(ttl.value) in (int, float) else type_name(ttl)
            yield self.finding(
                f"{prefix}preload.ttl must be a positive integer, got {shown}{suffix}", ttl.span, tool=tool
            )
        if description is not None and not isinstance(description, NonStatic):
            if not (isinstance(description, SScalar) and isinstance(description.value, str)):
                yield self.finding(
                    f"{prefix}preload.description must be a string, got {type_name(description)}{suffix}",
                    description.span,
                    tool=tool,
                )


def _positive_integer(node: object) -> bool:
    """`Number.isInteger(ttl) && ttl > 0`, as the runtime checks it."""
    if not isinstance(node, SScalar):
        return False
    value = node.value
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0 and float(value).is_integer()
