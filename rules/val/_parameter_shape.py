"""VAL035, VAL040, VAL041, VAL042: parameters are an array of `{ position: { key, value, location }, z: {...} }`.

Each rule is in its own module of this folder (and `rules/fl/` for FL codes); this module holds what they share.
"""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.nodes import NonStatic, SArray, SObject, SScalar, type_name
from flowlint.definition.model import Parameter, Tool
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Rule, RuleContext, example


def in_array(tool: Tool) -> bool:
    """Whether the tool's parameters are written as an array (else VAL035 or FL003 reports them)."""
    return isinstance(tool.parameters_node, SArray)


def parameter_objects(ctx: RuleContext) -> Iterator[tuple[Tool, Parameter, SObject, str]]:
    """Each parameter written as an object in a parameters array, with how messages name it: what VAL040,
    VAL041 and VAL042 look into (not seed 000's `{ key, type, description, required }` query form)."""
    for tool in ctx.definition.tools:
        if not in_array(tool):
            continue
        for parameter in tool.parameters:
            item = parameter.node
            if not isinstance(item, SObject):
                continue  # computed by code, or not an object: no fields to check
            if tool.kind == "query" and item.get("position") is None and item.get("key") is not None:
                continue
            yield tool, parameter, item, f"'{parameter.key}'" if parameter.key else f"#{parameter.index}"


def position_field_findings(rule: Rule, ctx: RuleContext, field: str) -> Iterator[Finding]:
    """VAL041 (`key`) and VAL042 (`value`): position.<field> is a non-empty string."""
    for tool, parameter, item, name in parameter_objects(ctx):
        position = item.get("position")
        if not isinstance(position, SObject):
            continue  # missing or computed by code: nothing to check
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


# A parameter of the right shape (VAL035, VAL040-VAL042).
WELL_FORMED_PARAMETER = [
    Example(
        example("""\
    tools: {
        getCoin: { method: 'GET', path: '/coins/:id', description: 'Coin details',
            parameters: [ { position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [] } } ],
            tests: [ { _description: 'Bitcoin', id: 'bitcoin' } ] }
    }""")
    )
]
