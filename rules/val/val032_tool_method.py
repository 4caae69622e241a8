"""VAL032: tool.method is required and must be GET, POST, PUT or DELETE."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SScalar, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._tools import GOOD, field, tool_example, tools

METHODS = ("GET", "POST", "PUT", "DELETE")


class Method(Rule):
    code = Code.VAL032
    name = "tool-method"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "tool.method is required and must be GET, POST, PUT or DELETE"
    why = "The runtime refuses any other method, including lowercase ones."
    fix = "Write `method: 'GET'`."
    VALID = [Example(example(GOOD))]
    INVALID = [
        Example(
            tool_example("getPrice: { method: ‸'FETCH', path: '/price', description: 'Price', parameters: [],"),
            (Expect("tool.method must be GET, POST, PUT or DELETE, got 'FETCH'"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in tools(ctx):
            node = field(tool, "method")
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
