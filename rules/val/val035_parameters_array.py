"""VAL035: tool.parameters must be an array."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SArray, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._parameter_shape import WELL_FORMED_PARAMETER


class ParametersArray(Rule):
    code = Code.VAL035
    name = "parameters-array"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "tool.parameters must be an array"
    why = "FlowMCP iterates the parameters; the runtime refuses to load a tool whose parameters are not an array."
    fix = "Write `parameters: []` for a tool without parameters."
    VALID = WELL_FORMED_PARAMETER
    INVALID = [
        Example(
            example("""\
    tools: {
        getCoins: { method: 'GET', path: '/coins', description: 'Coins', parameters: ‸{},
            tests: [ { _description: 'All' } ] }
    }"""),
            (Expect("parameters must be an array, got object"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in ctx.definition.tools:
            node = tool.parameters_node
            if node is not None and not isinstance(node, (SArray, NonStatic)):
                yield self.finding(f"parameters must be an array, got {type_name(node)}", node.span, tool=tool.label)
