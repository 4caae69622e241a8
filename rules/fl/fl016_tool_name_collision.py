"""FL016: no two tools of a definition get the same MCP tool name."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.definition.names import build_tool_name
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example


class ToolNameCollision(Rule):
    code = Code.FL016
    name = "tool-name-collision"
    severity = Severity.ERROR
    consequence = Consequence.NOT_BUILT
    summary = "Two tools must not map to the same MCP tool name"
    why = (
        "FlowMCP serves each tool under `buildToolName` (snake_case of tool and namespace, `-` and `/` as `_`, "
        "`:` removed, cut at 63 characters), so `getPrice` and `get_price`, or two long names that agree in "
        "their first 63 characters, become one MCP tool and one of them is unreachable."
    )
    fix = "Rename one of the tools (or shorten both) so that their MCP names differ."
    VALID = [
        Example(
            example("""\
    tools: {
        getPrice: { method: 'GET', path: '/price', description: 'Price', parameters: [], tests: [ { _description: 'Price' } ] },
        getPrices: { method: 'GET', path: '/prices', description: 'Prices', parameters: [], tests: [ { _description: 'Prices' } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getPrice: { method: 'GET', path: '/price', description: 'Price', parameters: [], tests: [ { _description: 'Price' } ] },
        ‸‸get_price: { method: 'GET', path: '/price2', description: 'Price', parameters: [], tests: [ { _description: 'Price' } ] }
    }"""),
            (
                Expect("tools 'getPrice' and 'get_price' both become the MCP tool 'get_price_demo'"),
                Expect("tool name 'get_price' must match", code=Code.VAL030),
            ),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        namespace = ctx.definition.namespace or ""
        seen: dict[str, str] = {}
        for tool in ctx.definition.tools:
            if tool.kind != "tool":
                continue
            mcp_name = build_tool_name(tool.name, namespace)
            first = seen.setdefault(mcp_name, tool.name)
            if first != tool.name:
                yield self.finding(
                    f"tools '{first}' and '{tool.name}' both become the MCP tool '{mcp_name}' (FlowMCP's "
                    "buildToolName); rename one",
                    tool.key_span,
                    tool=tool.label,
                )
