"""VAL033: tool.path is required and must be a string starting with /."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SScalar, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._tools import GOOD, field, tool_example, tools


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
    VALID = [Example(example(GOOD))]
    INVALID = [
        Example(
            tool_example("getPrice: { method: 'GET', path: ‸'simple/price', description: 'Price', parameters: [],"),
            (Expect("tool.path must start with '/'"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in tools(ctx):
            node = field(tool, "path")
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
