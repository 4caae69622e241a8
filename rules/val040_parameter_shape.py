"""VAL035, VAL040, VAL041, VAL042: parameters are an array of `{ position: { key, value, location }, z: {...} }`."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SArray, SObject, SScalar, type_name
from flowlint.core.severity import Severity
from flowlint.definition.model import Parameter, Tool
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
        for tool in ctx.definition.tools:
            for parameter in tool.parameters:
                if isinstance(parameter.node, NonStatic) or not _in_array(tool):
                    continue  # computed by code: FL003 reports it
                if not isinstance(parameter.node, SObject):
                    yield self.finding(
                        f"parameter #{parameter.index} must be an object {{ position, z }}, got "
                        f"{type_name(parameter.node)}",
                        parameter.node.span,
                        tool=tool.label,
                    )
        for tool, parameter, item, name in parameter_objects(ctx):
            if not isinstance(item.get("position"), (SObject, NonStatic)):
                yield self.finding(
                    f"parameter {name} has no position {{ key, value, location }} block",
                    item.span,
                    tool=tool.label,
                    parameter=parameter.key,
                )
            z = item.get("z")
            if not isinstance(z, (SObject, NonStatic)):
                yield self.finding(
                    f"parameter {name} has no z block; add z: {{ primitive: 'string()', options: [] }}",
                    z.span if z is not None else item.span,
                    tool=tool.label,
                    parameter=parameter.key,
                )


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
        for tool in ctx.definition.tools:
            node = tool.parameters_node
            if node is not None and not isinstance(node, (SArray, NonStatic)):
                yield self.finding(f"parameters must be an array, got {type_name(node)}", node.span, tool=tool.label)


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
        return position_field_findings(self, ctx, "key")


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
        return position_field_findings(self, ctx, "value")


def _in_array(tool: Tool) -> bool:
    """Whether the tool's parameters are written as an array (else VAL035 or FL003 reports them)."""
    return isinstance(tool.parameters_node, SArray)


def parameter_objects(ctx: RuleContext) -> Iterator[tuple[Tool, Parameter, SObject, str]]:
    """Each parameter written as an object in a parameters array, with how messages name it: what VAL040,
    VAL041 and VAL042 look into (not seed 000's `{ key, type, description, required }` query form)."""
    for tool in ctx.definition.tools:
        if not _in_array(tool):
            continue
        for parameter in tool.parameters:
            item = parameter.node
            if not isinstance(item, SObject):
                continue  # computed by code (FL003) or not an object (VAL040)
            if tool.kind == "query" and item.get("position") is None and item.get("key") is not None:
                continue
            yield tool, parameter, item, f"'{parameter.key}'" if parameter.key else f"#{parameter.index}"


def position_field_findings(rule: Rule, ctx: RuleContext, field: str) -> Iterator[Finding]:
    """VAL041 (`key`) and VAL042 (`value`): position.<field> is a non-empty string."""
    for tool, parameter, item, name in parameter_objects(ctx):
        position = item.get("position")
        if not isinstance(position, SObject):
            continue  # missing: VAL040; computed: FL003
        value = position.get(field)
        if isinstance(value, NonStatic) or (
            isinstance(value, SScalar) and isinstance(value.value, str) and value.value
        ):
            continue
        got = (
            ""
            if value is None
            else ", got ''"
            if isinstance(value, SScalar) and value.value == ""
            else f", got {type_name(value)}"
        )
        yield rule.finding(
            f"parameter {name}: position.{field} must be a non-empty string{got}",
            value.span if value is not None else position.span,
            tool=tool.label,
            parameter=parameter.key,
        )
