"""Shared by VAL100-VAL106, a 4.x tool's `meta` block (specification 4.0.0-4.2.0; optional since 4.3.0).

The registry of 4.0.0-4.2.0 requires the block; 4.3.0 and the runtime made it optional but complete
when present. flowlint follows the runtime: a missing block is a VAL100 warning in a file that declares
4.0.0-4.2.0 (nothing in one that declares 4.3.0), a present one must
hold every field with its type (VAL101-VAL106, the runtime's own codes, which here are the
specification's). Definitions checked against 3.0.0 have no meta block and are not checked.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SArray, SNode, SObject, SScalar, type_name
from flowlint.core.severity import Severity
from flowlint.definition.model import Tool
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import MARK, Example, Expect, Rule, RuleContext, example_v4

META = "meta: { isReadOnly: true, isConcurrencySafe: true, isDestructive: false, searchHint: 'health check', aliases: [], alwaysLoad: false }"


def v4(tool_fields: str, mark_tool: bool = False) -> str:
    """A 4.x definition with one tool whose fields end with `tool_fields` (line 4); `mark_tool`: an expected
    finding starts at the tool's key."""
    return example_v4(
        "    tools: {\n"
        f"        {MARK if mark_tool else ''}getPing: {{ method: 'GET', path: '/ping', description: 'Health check', parameters: [], {tool_fields}\n"
        "            tests: [ { _description: 'Up' }, { _description: 'Still up' }, { _description: 'Up again' } ],\n"
        "            output: { mimeType: 'application/json', schema: { type: 'object' } } }\n"
        "    }"
    )


GOOD = v4(META + ",")


def metas(ctx: RuleContext) -> Iterator[tuple[Tool, SNode | None]]:
    """(tool, its meta node) of every tool (for the 4.x rules: `generations = (4,)`)."""
    for tool in ctx.definition.tools:
        if tool.kind == "tool" and tool.obj is not None:
            yield tool, tool.obj.get("meta")


class MetaField(Rule):
    """A required field of the meta block (VAL101-VAL106). Subclasses declare the field (`key`), its
    `kind` ('boolean', 'string' or 'array'), and a good and a bad value; documentation and examples follow."""

    key: ClassVar[str]
    kind: ClassVar[str]
    good: ClassVar[str]
    bad: ClassVar[str]
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    generations = (4,)
    origin = "spec 4.0.0-4.2.0 (09), 4.3.0 (when the block is present)"
    why = "The runtime refuses a meta block that lacks a field or holds one of the wrong type."

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        key, kind, good, bad = cls.key, cls.kind, cls.good, cls.bad
        cls.name = f"meta-{key}"
        cls.summary = f"meta.{key} is required and must be {'an' if kind == 'array' else 'a'} {kind}"
        cls.fix = f"Write `{key}: {good}`."
        cls.VALID = [Example(GOOD)]
        source = v4(META.replace(f"{key}: {good}", f"{key}: {MARK}{bad}") + ",")
        cls.INVALID = [Example(source, (Expect(f"meta.{key} must be"),))]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        key, kind = self.key, self.kind
        for tool, meta in metas(ctx):
            label = tool.label
            if not isinstance(meta, SObject):
                continue
            value = meta.get(key)
            if isinstance(value, NonStatic):
                continue
            if value is None or (isinstance(value, SScalar) and value.value is None):
                yield self.finding(f"tool '{label}': meta.{key} is required ({kind})", meta.span, tool=label)
                continue
            ok = (
                isinstance(value, SArray)
                if kind == "array"
                else isinstance(value, SScalar)
                and type(value.value).__name__ == {"boolean": "bool", "string": "str"}[kind]
            )
            if not ok:
                article = "an" if kind == "array" else "a"
                yield self.finding(
                    f"tool '{label}': meta.{key} must be {article} {kind}, got {type_name(value)}",
                    value.span,
                    tool=label,
                )
