"""VAL030: A tool name must match ^[a-z][a-zA-Z0-9]*$ (camelCase)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.definition.names import build_tool_name
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._tools import GOOD, tool_example

# `^[a-z][a-zA-Z0-9]*$` as JavaScript reads it.
TOOL_NAME = re.compile(r"[a-z][a-zA-Z0-9]*\Z")


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
    VALID = [Example(example(GOOD))]
    INVALID = [
        Example(
            tool_example("‸GetPrice: { method: 'GET', path: '/price', description: 'Price', parameters: [],"),
            (Expect("tool name 'GetPrice' must match ^[a-z][a-zA-Z0-9]*$"),),
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


def mcp_name(ctx: RuleContext, tool: str) -> str:
    """The MCP tool name FlowMCP serves `tool` under (definition/names.py)."""
    return build_tool_name(tool, ctx.definition.namespace or "")
