"""What FlowMCP's runtime of a generation (3.x: flowmcp-core c9c0f57, 4.x: 8dab10b) makes of a tool's z
blocks: the tools it serves, the parameters its MCP tool registers (ZodBuilder's shape) and which of them
a call must give, and the arguments a test becomes on the way through that zod.

This is the API for code that needs the runtime's answer rather than the specification's (`mcp-tools`,
the migration between generations):

* `served_tools(definition, generation)`: the tools the runtime registers (3.x reads `tools`, or `routes`
  when there is no `tools`; 4.x reads `tools` only), resource queries left out.
* `registered_parameters(tool)`: (key, parameter) for every parameter ZodBuilder puts in the shape.
* `registered_spec(parameter)`: its z block as the registered zod reads it (enum values as literal text).
* `derive_arguments(tool, values, generation)`: a test's values (or a call's arguments) after the
  registered zod: defaults put in where that generation applies them, unknown keys dropped, or why it
  refuses them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from flowlint.core.nodes import SObject, SScalar, to_python
from flowlint.core.record import FrozenRecord, replace
from flowlint.definition.specversion import spec_target
from flowlint.definition.zod.parse import runtime_enum_values
from flowlint.definition.zod.spec import ZSpec
from flowlint.definition.zod.validate import validate

if TYPE_CHECKING:
    from flowlint.definition.model import Definition, Parameter, Tool

__all__ = [
    "DerivedArguments",
    "derive_arguments",
    "generation_of",
    "registered_parameters",
    "registered_spec",
    "served_tools",
]


def generation_of(definition: Definition, configured: int | None = None) -> int:
    """The runtime generation (3 or 4) that judges `definition`: the major of its `main.version`."""
    version = definition.main.get("version")
    return spec_target(version.value if isinstance(version, SScalar) else None, configured).major


def served_tools(definition: Definition, generation: int) -> list[Tool]:
    """The tools that generation's runtime registers: 3.x takes `main.tools` when it is set (any truthy
    value) and `main.routes` otherwise; 4.x takes `main.tools` only. A 3.x file with both has only its
    `tools` served."""
    tools = definition.main.get("tools")
    section = "tools" if generation == 4 or _truthy(tools) else "routes"
    container = definition.main.get(section)
    keys = {entry.key_span for entry in container.entries} if isinstance(container, SObject) else set()
    return [tool for tool in definition.tools if tool.kind == "tool" and tool.key_span in keys]


def _truthy(node: object) -> bool:
    if node is None:
        return False
    if isinstance(node, SScalar):
        return bool(node.value) and node.value == node.value  # JavaScript: '', 0, NaN, null, false are falsy
    return True


def registered_parameters(tool: Tool) -> list[tuple[str, Parameter]]:
    """The parameters ZodBuilder puts in a tool's zod shape, by key: those with a z block whose primitive is
    set (a later one with the same key replaces the earlier one), fixed and server parameters included."""
    found: dict[str, Parameter] = {}
    for parameter in tool.parameters:
        primitive = parameter.primitive_node
        if parameter.key is None or primitive is None or not to_python(primitive):
            continue
        found[parameter.key] = parameter  # as JavaScript's object: the first key's place, the last value
    return list(found.items())


def registered_spec(parameter: Parameter) -> ZSpec | None:
    """The parameter's z block as the registered zod checks values: an enum's values are the literal text
    between the parentheses, split on commas, never interpolated (`enum({{chains:alias}})` accepts only
    '{{chains:alias}}', `enum()` only '')."""
    spec = parameter.z
    if spec is None or spec.kind != "enum":
        return spec
    literal = tuple(runtime_enum_values(spec.primitive_text))
    if spec.list_ref is None and spec.enum_values == literal:
        return spec
    registered = replace(spec, list_ref=None, enum_values=literal, notes=())
    misfit = registered.has_default and validate(registered.default, registered) is not None
    return replace(registered, default_misfit=misfit)


class DerivedArguments(FrozenRecord, slots=True):
    """A test's values after the registered zod: `arguments` (defaults in, unknown keys dropped) when it
    passes, else `refused`, (key, why) for each parameter the zod refuses."""

    arguments: dict[str, object]
    refused: tuple[tuple[str, str], ...] = ()

    @property
    def accepted(self) -> bool:
        return not self.refused


def derive_arguments(tool: Tool, values: dict[str, object], generation: int) -> DerivedArguments:
    """What that generation's registered zod makes of `values` (a test without `_description`, or a call's
    arguments): each registered parameter checked as the zod checks it, a missing one refused where the
    zod refuses an omission, its default put in where that generation applies it."""
    arguments: dict[str, object] = {}
    refused: list[tuple[str, str]] = []
    for key, parameter in registered_parameters(tool):
        spec = registered_spec(parameter)
        if spec is None:
            continue
        if key in values:
            problem = validate(values[key], spec)
            if problem is None:
                arguments[key] = values[key]
            else:
                refused.append((key, problem))
        elif spec.omission_refused(generation):
            why = "missing" if spec.required else f"missing, and its default {spec.default!r} does not fit"
            refused.append((key, why))
        elif spec.default_applied(generation):
            arguments[key] = spec.default
    return DerivedArguments(arguments, tuple(refused))
