"""VAL040: Each parameter must have a position { key, value } and a z { primitive, options } block."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SObject, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._parameter_shape import WELL_FORMED_PARAMETER, in_array, parameter_objects


class ParameterShape(Rule):
    code = Code.VAL040
    name = "parameter-shape"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "Each parameter must have a position { key, value } and a z { primitive, options } block"
    why = "FlowMCP cannot build a request or validate input for a parameter that lacks either block."
    fix = (
        "Write `{ position: { key: 'name', value: '{{USER_PARAM}}', location: 'query' }, "
        "z: { primitive: 'string()', options: [] } }`."
    )
    VALID = WELL_FORMED_PARAMETER
    INVALID = [
        Example(
            example("""\
    tools: {
        getCoin: { method: 'GET', path: '/coins/:id', description: 'Coin details',
            parameters: [ ‸{ position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' } } ],
            tests: [ { _description: 'Bitcoin', id: 'bitcoin' } ] }
    }"""),
            (Expect("parameter 'id' has no z block"),),
        ),
        Example(
            """\
import { pagination } from './shared.mjs'
export const main = {
    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',
    tools: {
        getCoins: { method: 'GET', path: '/coins', description: 'Coins',
            parameters: [ ...pagination, ‸{ position: { key: 'order', value: '{{USER_PARAM}}', location: 'query' } } ],
            tests: [ { _description: 'By market cap', order: 'market_cap_desc' } ] }
    }
}
""",
            (Expect("parameter 'order' has no z block"),),
            title="parameters computed by code (`...pagination`) are FL003's, not VAL040's",
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in ctx.definition.tools:
            for parameter in tool.parameters:
                if isinstance(parameter.node, NonStatic) or not in_array(tool):
                    continue  # computed by code: its shape cannot be read
                if not isinstance(parameter.node, SObject):
                    yield self.finding(
                        f"parameter #{parameter.index} must be an object {{ position, z }}, got "
                        f"{type_name(parameter.node)}",
                        parameter.node.span,
                        tool=tool.label,
                    )
        for shaped in parameter_objects(ctx):
            if not isinstance(shaped.position, (SObject, NonStatic)):
                yield self.finding(
                    f"parameter {shaped.name} has no position {{ key, value, location }} block",
                    shaped.item.span,
                    tool=shaped.tool.label,
                    parameter=shaped.parameter.key,
                )
            z = shaped.z
            if not isinstance(z, (SObject, NonStatic)):
                yield self.finding(
                    f"parameter {shaped.name} has no z block; add z: {{ primitive: 'string()', options: [] }}",
                    z.span if z is not None else shaped.item.span,
                    tool=shaped.tool.label,
                    parameter=shaped.parameter.key,
                )
