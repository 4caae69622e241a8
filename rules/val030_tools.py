"""VAL030, VAL032-VAL034, VAL036, VAL037: each tool's name and fields (09-validation-rules, "Tools")."""

from __future__ import annotations

import re
from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SNode, SScalar, type_name
from flowlint.core.severity import Severity
from flowlint.definition.model import Tool
from flowlint.definition.names import build_tool_name
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

# `^[a-z][a-zA-Z0-9]*$` as JavaScript reads it.
TOOL_NAME = re.compile(r"[a-z][a-zA-Z0-9]*\Z")
METHODS = ("GET", "POST", "PUT", "DELETE")

_GOOD = """\
    tools: {
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [],
            output: { mimeType: 'application/json', schema: { type: 'object' } },
            tests: [ { _description: 'Up' }, { _description: 'Still up' }, { _description: 'Up again' } ] }
    }"""


def _tool(line: str) -> str:
    """An example with one tool whose fields are `line` (line 4)."""
    return example(
        "    tools: {\n        " + line + "\n"
        "            tests: [ { _description: 'Up' }, { _description: 'Still up' }, { _description: 'Up again' } ] }\n"
        "    }"
    )


def _tools(ctx: RuleContext) -> Iterator[Tool]:
    for tool in ctx.definition.tools:
        if tool.kind == "tool" and tool.obj is not None:
            yield tool


def _field(tool: Tool, key: str) -> SNode | None:
    assert tool.obj is not None
    node = tool.obj.get(key)
    return None if node is None or (isinstance(node, SScalar) and node.value is None) else node


class ToolName(Rule):
    code = Code.VAL030
    name = "tool-name"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "A tool name must match ^[a-z][a-zA-Z0-9]*$ (camelCase)"
    why = (
        "The specification requires camelCase names; the runtime does not check them, but turns each name into "
        "the MCP tool name (snake_case), where `-`, `_` and capitals give surprising or colliding names."
    )
    fix = "Rename the tool in camelCase: `getSimplePrice`."
    VALID = [Example(example(_GOOD))]
    INVALID = [
        Example(
            _tool("GetPrice: { method: 'GET', path: '/price', description: 'Price', parameters: [],"),
            (Expect(4, 9, "tool name 'GetPrice' must match ^[a-z][a-zA-Z0-9]*$"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in ctx.definition.tools:
            if tool.kind == "tool" and not TOOL_NAME.match(tool.name):
                yield self.finding(
                    f"tool name '{tool.name}' must match ^[a-z][a-zA-Z0-9]*$ (camelCase); FlowMCP serves it as "
                    f"'{mcp_name(ctx, tool.name)}'",
                    tool.key_span,
                    tool=tool.label,
                )


class Method(Rule):
    code = Code.VAL032
    name = "tool-method"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "tool.method is required and must be GET, POST, PUT or DELETE"
    why = "The runtime refuses any other method, including lowercase ones."
    fix = "Write `method: 'GET'`."
    VALID = [Example(example(_GOOD))]
    INVALID = [
        Example(
            _tool("getPrice: { method: 'FETCH', path: '/price', description: 'Price', parameters: [],"),
            (Expect(4, 29, "tool.method must be GET, POST, PUT or DELETE, got 'FETCH'"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in _tools(ctx):
            node = _field(tool, "method")
            if isinstance(node, NonStatic):
                continue
            if node is None:
                yield self.finding("tool.method is required: GET, POST, PUT or DELETE", tool.key_span, tool=tool.label)
            elif not (isinstance(node, SScalar) and node.value in METHODS):
                shown = f"'{node.value}'" if isinstance(node, SScalar) else type_name(node)
                hint = (
                    f"; write '{node.value.upper()}'"
                    if isinstance(node, SScalar) and isinstance(node.value, str) and node.value.upper() in METHODS
                    else ""
                )
                yield self.finding(
                    f"tool.method must be GET, POST, PUT or DELETE, got {shown}{hint}", node.span, tool=tool.label
                )


class ToolPath(Rule):
    code = Code.VAL033
    name = "tool-path"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "tool.path is required and must be a string starting with /"
    why = (
        "The request URL is root + path. The runtime refuses a missing or empty path; without the leading `/` "
        "the path runs into the root's host name (`https://api.example.comsimple/price`)."
    )
    fix = "Write `path: '/simple/price'`."
    VALID = [Example(example(_GOOD))]
    INVALID = [
        Example(
            _tool("getPrice: { method: 'GET', path: 'simple/price', description: 'Price', parameters: [],"),
            (Expect(4, 42, "tool.path must start with '/'"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in _tools(ctx):
            node = _field(tool, "path")
            if isinstance(node, NonStatic):
                continue
            if node is None or (isinstance(node, SScalar) and node.value == ""):
                yield self.finding("tool.path is required: write path: '/...'", tool.key_span, tool=tool.label)
            elif not (isinstance(node, SScalar) and isinstance(node.value, str)):
                yield self.finding(f"tool.path must be a string, got {type_name(node)}", node.span, tool=tool.label)
            elif not node.value.startswith("/"):
                yield self.finding(
                    f"tool.path must start with '/': root + path would be '...{node.value}'; write '/{node.value}'",
                    node.span,
                    tool=tool.label,
                    # the runtime refuses an empty path only; it joins any other text to the root as it is
                    consequence=None if not node.value else Consequence.SPEC,
                )


class ToolDescription(Rule):
    code = Code.VAL034
    name = "tool-description"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "tool.description is required and must be a non-empty string"
    why = "AI clients choose tools by their descriptions; the runtime refuses a missing or empty one."
    fix = "Write what the tool does in one or two sentences."
    VALID = [Example(example(_GOOD))]
    INVALID = [
        Example(
            _tool("getPrice: { method: 'GET', path: '/price', description: '', parameters: [],"),
            (Expect(4, 65, "tool.description must be a non-empty string"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in _tools(ctx):
            node = _field(tool, "description")
            if isinstance(node, NonStatic):
                continue
            if node is None:
                yield self.finding("tool.description is required", tool.key_span, tool=tool.label)
            elif not (isinstance(node, SScalar) and isinstance(node.value, str) and node.value):
                got = "''" if isinstance(node, SScalar) and node.value == "" else type_name(node)
                yield self.finding(
                    f"tool.description must be a non-empty string, got {got}", node.span, tool=tool.label
                )


class OutputRecommended(Rule):
    code = Code.VAL036
    name = "output-recommended"
    severity = Severity.WARNING
    consequence = Consequence.ADVICE
    summary = "tool.output is recommended"
    why = (
        "An output schema tells AI clients what a tool returns and lets `flowlint verify` catch API drift. "
        "`flowlint capture` and `flowlint schema --write` generate one from real responses."
    )
    fix = "Run `flowlint capture` and `flowlint schema --write` on the definition, or write `output` by hand."
    VALID = [Example(example(_GOOD))]
    INVALID = [
        Example(
            _tool("getPrice: { method: 'GET', path: '/price', description: 'Price', parameters: [],"),
            (Expect(4, 9, "tool 'getPrice' has no output schema"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in _tools(ctx):
            if _field(tool, "output") is None:
                yield self.finding(
                    f"tool '{tool.name}' has no output schema; `flowlint capture` then `flowlint schema --write` "
                    "can generate one",
                    tool.key_span,
                    tool=tool.label,
                )


class AsyncReserved(Rule):
    code = Code.VAL037
    name = "async-reserved"
    severity = Severity.INFO
    consequence = Consequence.ADVICE
    summary = "tool.async is reserved and not executed"
    why = (
        "Specification 3.0.0 reserves `async` for later versions; the runtime ignores it (the 4.x runtime refuses it)."
    )
    fix = "Remove `async`."
    VALID = [Example(example(_GOOD))]
    INVALID = [
        Example(
            _tool("getPrice: { method: 'GET', path: '/price', description: 'Price', parameters: [], async: true,"),
            (Expect(4, 90, "tool.async is reserved"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        if ctx.spec.major == 4:
            return  # the 4.x runtime refuses async as an unknown tool key: VAL076
        for tool in _tools(ctx):
            assert tool.obj is not None
            entry = tool.obj.entry("async")
            if entry is not None:
                yield Finding(
                    self.code,
                    "tool.async is reserved and not executed (specification 3.0.0); remove it",
                    entry.key_span,
                    tool=tool.label,
                )


def mcp_name(ctx: RuleContext, tool: str) -> str:
    """The MCP tool name FlowMCP serves `tool` under (definition/names.py)."""
    return build_tool_name(tool, ctx.definition.namespace or "")
