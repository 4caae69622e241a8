"""VAL035, VAL040, VAL041, VAL042: parameters are an array of `{ position: { key, value, location }, z: {...} }`.

Each rule is in its own module of this folder (and `rules/fl/` for FL codes); this module holds what they share.
"""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.nodes import NonStatic, SArray, SNode, SObject, SScalar, type_name
from flowlint.core.record import FrozenRecord
from flowlint.definition.model import Parameter, Tool
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Rule, RuleContext, example


def in_array(tool: Tool) -> bool:
    """Whether the tool's parameters are written as an array (else VAL035 or FL003 reports them)."""
    return isinstance(tool.parameters_node, SArray)


class ParameterObject(FrozenRecord, slots=True):
    """A parameter written as an object in a parameters array (`item`), how messages name it, and its
    `position` and `z` values (None when absent)."""

    tool: Tool
    parameter: Parameter
    item: SObject
    name: str
    position: SNode | None
    z: SNode | None


def parameter_objects(ctx: RuleContext) -> list[ParameterObject]:
    """Each parameter written as an object in a parameters array: what VAL040, VAL041 and VAL042 look
    into (not seed 000's `{ key, type, description, required }` query form), listed once per definition."""

    def find() -> list[ParameterObject]:
        found = []
        for tool in ctx.definition.tools:
            if not in_array(tool):
                continue
            for parameter in tool.parameters:
                item = parameter.node
                if not isinstance(item, SObject):
                    continue  # computed by code, or not an object: no fields to check
                position = item.get("position")
                if tool.kind == "query" and position is None and item.get("key") is not None:
                    continue
                name = f"'{parameter.key}'" if parameter.key else f"#{parameter.index}"
                found.append(ParameterObject(tool, parameter, item, name, position, item.get("z")))
        return found

    return ctx.shared("VAL04x parameter objects", find)


def position_field_findings(rule: Rule, ctx: RuleContext, field: str) -> Iterator[Finding]:
    """VAL041 (`key`) and VAL042 (`value`): position.<field> is a non-empty string."""
    for shaped in parameter_objects(ctx):
        position = shaped.position
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
            f"parameter {shaped.name}: position.{field} must be a non-empty string{got}",
            value.span if value is not None else position.span,
            tool=shaped.tool.label,
            parameter=shaped.parameter.key,
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
