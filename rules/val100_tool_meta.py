"""VAL100-VAL106: a 4.x tool's `meta` block (specification 4.0.0-4.2.0; optional since 4.3.0).

The registry of 4.0.0-4.2.0 requires the block; 4.3.0 and the runtime made it optional but complete
when present. flowlint follows the runtime: a missing block is a VAL100 warning, a present one must
hold every field with its type (the runtime's own codes, which here are the specification's).
Definitions checked against 3.0.0 have no meta block and are not checked.
"""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SArray, SNode, SObject, SScalar, type_name
from flowlint.core.severity import Severity
from flowlint.definition.model import Tool
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext

_META = "meta: { isReadOnly: true, isConcurrencySafe: true, isDestructive: false, searchHint: 'health check', aliases: [], alwaysLoad: false }"


def _v4(tool_fields: str) -> str:
    return (
        "export const main = {\n"
        "    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '4.0.0', root: 'https://api.example.com',\n"
        "    tools: {\n"
        f"        getPing: {{ method: 'GET', path: '/ping', description: 'Health check', parameters: [], {tool_fields}\n"
        "            tests: [ { _description: 'Up' }, { _description: 'Still up' }, { _description: 'Up again' } ],\n"
        "            output: { mimeType: 'application/json', schema: { type: 'object' } } }\n"
        "    }\n}\n"
    )


_GOOD = _v4(_META + ",")


def _metas(ctx: RuleContext) -> Iterator[tuple[Tool, SNode | None]]:
    """(tool, its meta node) of every tool, for 4.x definitions."""
    if ctx.spec.major != 4:
        return
    for tool in ctx.definition.tools:
        if tool.kind == "tool" and tool.obj is not None:
            yield tool, tool.obj.get("meta")


class MetaBlock(Rule):
    code = Code.VAL100
    name = "tool-meta"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "A 4.x tool's meta block is a plain object (recommended; required by 4.0.0-4.2.0)"
    why = (
        "The meta block tells MCP clients whether a tool reads or writes and how to find it. 4.0.0-4.2.0 "
        "require it; 4.3.0 and the runtime made it optional, so a missing block is a warning and a block that "
        "is not an object an error."
    )
    fix = f"Add `{_META}`."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(_v4(""), (Expect(4, 9, "tool 'getPing' has no meta block"),)),
        Example(_v4("meta: [],"), (Expect(4, 101, "meta must be an object"),), title="not an object"),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool, meta in _metas(ctx):
            if meta is None or (isinstance(meta, SScalar) and meta.value is None):
                # The runtime treats `meta: null` as no block (flowmcp-core 8dab10b, MainValidator).
                yield Finding(
                    self.code,
                    f"tool '{tool.label}' has no meta block (optional since 4.3.0 and in the runtime, required by "
                    "4.0.0-4.2.0)",
                    (meta.span if meta is not None else tool.key_span),
                    tool=tool.label,
                    severity=Severity.WARNING,
                    consequence=Consequence.SPEC,
                )
            elif not isinstance(meta, (SObject, NonStatic)):
                yield self.finding(
                    f"tool '{tool.label}': meta must be an object, got {type_name(meta)}", meta.span, tool=tool.label
                )


def _field_rule(code: Code, key: str, kind: str, good: str, bad: str) -> type[Rule]:
    class MetaField(Rule):
        def check(self, ctx: RuleContext) -> Iterator[Finding]:
            for tool, meta in _metas(ctx):
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
                    yield self.finding(
                        f"tool '{label}': meta.{key} must be {'an' if kind == 'array' else 'a'} {kind}, got {type_name(value)}",
                        value.span,
                        tool=label,
                    )

    MetaField.code = code
    MetaField.name = f"meta-{key}"
    MetaField.severity = Severity.ERROR
    MetaField.consequence = Consequence.REFUSED
    MetaField.summary = f"meta.{key} is required and must be {'an' if kind == 'array' else 'a'} {kind}"
    MetaField.why = "The runtime refuses a meta block that lacks a field or holds one of the wrong type."
    MetaField.fix = f"Write `{key}: {good}`."
    MetaField.VALID = [Example(_GOOD)]
    source = _v4(_META.replace(f"{key}: {good}", f"{key}: {bad}") + ",")
    column = source.splitlines()[3].index(f"{key}: {bad}") + len(key) + 3  # 1-based, at the value
    MetaField.INVALID = [Example(source, (Expect(4, column, f"meta.{key} must be"),))]
    MetaField.__qualname__ = MetaField.__name__ = f"Meta{code}"
    return MetaField


ReadOnly = _field_rule(Code.VAL101, "isReadOnly", "boolean", "true", "'yes'")
ConcurrencySafe = _field_rule(Code.VAL102, "isConcurrencySafe", "boolean", "true", "1")
Destructive = _field_rule(Code.VAL103, "isDestructive", "boolean", "false", "'no'")
SearchHint = _field_rule(Code.VAL104, "searchHint", "string", "'health check'", "[]")
Aliases = _field_rule(Code.VAL105, "aliases", "array", "[]", "'ping'")
AlwaysLoad = _field_rule(Code.VAL106, "alwaysLoad", "boolean", "false", "0")
