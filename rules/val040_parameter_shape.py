"""VAL035, VAL040, VAL041, VAL042: parameters are an array of `{ position: { key, value, location }, z: {...} }`."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SArray, SObject, SScalar, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example


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
    VALID = [
        Example(
            example("""\
    tools: {
        getCoin: { method: 'GET', path: '/coins/:id', description: 'Coin details',
            parameters: [ { position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [] } } ],
            tests: [ { _description: 'Bitcoin', id: 'bitcoin' } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getCoin: { method: 'GET', path: '/coins/:id', description: 'Coin details',
            parameters: [ { position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' } } ],
            tests: [ { _description: 'Bitcoin', id: 'bitcoin' } ] }
    }"""),
            (Expect(5, 27, "parameter 'id' has no z block"),),
        ),
        Example(
            """\
import { pagination } from './shared.mjs'
export const main = {
    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',
    tools: {
        getCoins: { method: 'GET', path: '/coins', description: 'Coins',
            parameters: [ ...pagination, { position: { key: 'order', value: '{{USER_PARAM}}', location: 'query' } } ],
            tests: [ { _description: 'By market cap', order: 'market_cap_desc' } ] }
    }
}
""",
            (Expect(6, 42, "parameter 'order' has no z block"),),
            title="parameters computed by code (`...pagination`) are FL003's, not VAL040's",
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        return (finding for finding in _shapes(ctx) if finding.code == self.code)


class ParametersArray(Rule):
    code = Code.VAL035
    name = "parameters-array"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "tool.parameters must be an array"
    why = "FlowMCP iterates the parameters; the runtime refuses to load a tool whose parameters are not an array."
    fix = "Write `parameters: []` for a tool without parameters."
    VALID = ParameterShape.VALID
    INVALID = [
        Example(
            example("""\
    tools: {
        getCoins: { method: 'GET', path: '/coins', description: 'Coins', parameters: {},
            tests: [ { _description: 'All' } ] }
    }"""),
            (Expect(4, 86, "parameters must be an array, got object"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        return (finding for finding in _shapes(ctx) if finding.code == self.code)


class PositionKey(Rule):
    code = Code.VAL041
    name = "position-key"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "position.key is required and must be a non-empty string"
    why = "The key names the query field, the path placeholder or the body field; the runtime refuses an empty one."
    fix = "Write `position: { key: 'id', value: '{{USER_PARAM}}', location: 'query' }`."
    VALID = ParameterShape.VALID
    INVALID = [
        Example(
            example("""\
    tools: {
        getCoin: { method: 'GET', path: '/coins', description: 'Coins',
            parameters: [ { position: { key: '', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [] } } ],
            tests: [ { _description: 'All' } ] }
    }"""),
            (Expect(5, 46, "position.key must be a non-empty string"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        return (finding for finding in _shapes(ctx) if finding.code == self.code)


class PositionValue(Rule):
    code = Code.VAL042
    name = "position-value"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "position.value is required and must be a non-empty string"
    why = (
        "The value is `{{USER_PARAM}}`, a server parameter or a fixed value; the runtime refuses an empty one "
        "(it tests truthiness, so '' counts as missing)."
    )
    fix = "Write `value: '{{USER_PARAM}}'` for a value the caller gives."
    VALID = ParameterShape.VALID
    INVALID = [
        Example(
            example("""\
    tools: {
        getCoin: { method: 'GET', path: '/coins', description: 'Coins',
            parameters: [ { position: { key: 'id', value: 7, location: 'query' }, z: { primitive: 'string()', options: [] } } ],
            tests: [ { _description: 'All' } ] }
    }"""),
            (Expect(5, 59, "position.value must be a non-empty string, got number"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        return (finding for finding in _shapes(ctx) if finding.code == self.code)


def _shapes(ctx: RuleContext) -> list[Finding]:
    """`shape_findings(ctx)`, worked out once per definition for the four rules that report them."""
    return ctx.shared("VAL035/VAL040-VAL042 shapes", lambda: list(shape_findings(ctx)))


def shape_findings(ctx: RuleContext) -> Iterator[Finding]:
    """The findings of VAL035 and VAL040-VAL042, each with its code."""
    for tool in ctx.definition.tools:
        node = tool.parameters_node
        if node is None or isinstance(node, NonStatic):
            continue
        if not isinstance(node, SArray):
            yield Finding(
                Code.VAL035, f"parameters must be an array, got {type_name(node)}", node.span, tool=tool.label
            )
            continue
        for parameter in tool.parameters:
            item = parameter.node
            if isinstance(item, NonStatic):
                continue  # computed by code: FL003 reports it
            if not isinstance(item, SObject):
                yield Finding(
                    Code.VAL040,
                    f"parameter #{parameter.index} must be an object {{ position, z }}, got {type_name(item)}",
                    item.span,
                    tool=tool.label,
                )
                continue
            if tool.kind == "query" and item.get("position") is None and item.get("key") is not None:
                continue  # seed 000's { key, type, description, required } form
            name = f"'{parameter.key}'" if parameter.key else f"#{parameter.index}"
            position = item.get("position")
            if not isinstance(position, (SObject, NonStatic)):
                yield Finding(
                    Code.VAL040,
                    f"parameter {name} has no position {{ key, value, location }} block",
                    item.span,
                    tool=tool.label,
                    parameter=parameter.key,
                )
            elif isinstance(position, SObject):  # (FL003 reports a non-static one)
                for field in ("key", "value"):
                    value = position.get(field)
                    if isinstance(value, NonStatic):
                        continue
                    if not (isinstance(value, SScalar) and isinstance(value.value, str) and value.value):
                        yield Finding(
                            Code.VAL041 if field == "key" else Code.VAL042,
                            f"parameter {name}: position.{field} must be a non-empty string"
                            + (
                                ""
                                if value is None
                                else ", got ''"
                                if isinstance(value, SScalar) and value.value == ""
                                else f", got {type_name(value)}"
                            ),
                            value.span if value is not None else position.span,
                            tool=tool.label,
                            parameter=parameter.key,
                        )
            z = item.get("z")
            if not isinstance(z, (SObject, NonStatic)):
                yield Finding(
                    Code.VAL040,
                    f"parameter {name} has no z block; add z: {{ primitive: 'string()', options: [] }}",
                    z.span if z is not None else item.span,
                    tool=tool.label,
                    parameter=parameter.key,
                )
