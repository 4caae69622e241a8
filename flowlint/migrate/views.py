"""What a FlowMCP runtime generation makes of a definition, as the migration compares it: per tool whether
it is built and the `inputSchema` it registers, per test the arguments its zod gives and the request it sends.

The generations differ where the runtimes differ (flowmcp-core c9c0f57's 3.x tree against 8dab10b's 4.x):
3.x applies a z block's options in the order written (a constraint after `optional()` or `default()`
throws, so the tool is not built; `optional()` after `default()` wraps it, so the default is never
applied), 4.x sorts them (constraints, then `optional()`, then `default()`: a default always applies,
and one that misfits its type makes the parameter required); 4.x sends a body value with its JSON type.
A tool 3.x cannot build is shown "as 3.x would have with its options in 4.x order" (issue 24).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flowlint.capture.request import RuntimeRequestError, runtime_request
from flowlint.core.nodes import SObject, first_non_json, to_python
from flowlint.definition.model import Definition, Parameter, Tool
from flowlint.definition.zod import ZFact, ZSpec, runtime_enum_values, validate
from flowlint.mcp.schema import mcp_tool_name, parameter_schema

__all__ = [
    "TestView",
    "ToolView",
    "definition_view",
    "omission_refused",
    "runtime_arguments",
    "server_tokens",
    "tool_build_problem",
]

# The z facts that make ZodBuilder throw while it builds the tool, in every generation.
_NOT_BUILT = frozenset(
    {ZFact.OPTION_NOT_APPLICABLE, ZFact.REGEX_INVALID, ZFact.PRIMITIVE_NOT_TEXT, ZFact.OPTION_NOT_TEXT}
)
# Tools whose request a handler makes or rewrites: their requests are not compared.
_REQUEST_HANDLERS = "a preRequest or executeRequest handler makes or rewrites the request"


def server_tokens(definition: Definition) -> dict[str, str]:
    """The server params a host passes (every name in `requiredServerParams`) as tokens, so that no secret
    is ever part of a request flowlint shows: `SERVER_PARAM_<NAME>` (as `record.mjs --requests` does)."""
    return {name: f"SERVER_PARAM_{name}" for name in definition.required_server_params}


def registered(tool: Tool) -> dict[str, Parameter]:
    """The parameters ZodBuilder puts in the tool's zod shape, by key (a later one with the same key wins):
    those with a z block whose primitive is set."""
    found: dict[str, Parameter] = {}
    for parameter in tool.parameters:
        z = parameter.z_node
        primitive = z.get("primitive") if isinstance(z, SObject) else None
        if parameter.key is None or primitive is None or not to_python(primitive):
            continue
        found[parameter.key] = parameter  # as `acc[ key ] = ...`: a repeated key keeps its first place
    return found


def _options(parameter: Parameter) -> list[object]:
    return [to_python(node) for node in parameter.option_nodes]


def tool_build_problem(tool: Tool, generation: int) -> str | None:
    """Why ZodBuilder of `generation` throws while building the tool (None: it builds)."""
    for key, parameter in registered(tool).items():
        spec = parameter.z
        if spec is None:
            continue
        for note in spec.notes:
            if note.fact in _NOT_BUILT or (generation == 3 and note.fact is ZFact.CONSTRAINT_AFTER_WRAPPER):
                written = f" ({note.written})" if note.written else ""
                return f"parameter '{key}': {note.fact.value}{written}"
        node = parameter.z_node.get("primitive") if parameter.z_node is not None else None
        primitive = to_python(node) if node is not None else None
        if isinstance(primitive, str) and primitive.startswith("enum(") and not runtime_enum_values(primitive):
            return f"parameter '{key}': Invalid enum type: {primitive}"
    return None


def _literal(parameter: Parameter) -> ZSpec | None:
    """The z spec as the runtime builds it: an enum's values are the literal text of its primitive
    (`enum({{evmChains:alias}})` is the one value '{{evmChains:alias}}')."""
    spec = parameter.z
    if spec is None or spec.kind != "enum":
        return spec
    node = parameter.z_node.get("primitive") if parameter.z_node is not None else None
    primitive = to_python(node) if node is not None else None
    text = primitive if isinstance(primitive, str) else spec.primitive_text
    return spec.replace(list_ref=None, enum_values=tuple(runtime_enum_values(text)))


def outer_wrapper(parameter: Parameter, generation: int) -> str | None:
    """`default`, `optional` or None: what the registered zod does with an omitted value. 3.x applies the
    options in order, so the last wrapper written decides; 4.x applies `default()` last."""
    written = [o for o in _options(parameter) if isinstance(o, str) and o.startswith(("optional(", "default("))]
    if not written:
        return None
    if generation == 3:
        return "default" if written[-1].startswith("default(") else "optional"
    return "default" if any(o.startswith("default(") for o in written) else "optional"


def _omitted(parameter: Parameter, generation: int) -> tuple[bool, Any, str]:
    """(accepted, value given to the tool or `_NONE`, refusal) for an omitted parameter."""
    wrapper = outer_wrapper(parameter, generation)
    if wrapper == "optional":
        return True, _NONE, ""
    if wrapper == "default":
        spec = _literal(parameter)
        value = parameter.z.default if parameter.z is not None else None
        problem = validate(value, spec) if spec is not None else None
        if problem is not None:
            return False, _NONE, f"the default does not fit: {problem}"
        return True, value, ""
    return False, _NONE, "Required"


_NONE = object()


def runtime_arguments(tool: Tool, values: dict[str, Any], generation: int) -> tuple[dict[str, Any] | None, str]:
    """The arguments the tool's registered zod gives for a call with `values` (a test minus
    `_description`): defaults applied, unknown keys dropped; (None, why) when it refuses the call."""
    arguments: dict[str, Any] = {}
    for key, parameter in registered(tool).items():
        if key in values:
            spec = _literal(parameter)
            problem = validate(values[key], spec) if spec is not None else None
            if problem is not None:
                return None, f"'{key}': {problem}"
            arguments[key] = values[key]
            continue
        accepted, value, why = _omitted(parameter, generation)
        if not accepted:
            return None, f"'{key}': {why}"
        if value is not _NONE:
            arguments[key] = value
    return arguments, ""


def omission_refused(tool: Tool, generation: int) -> list[str]:
    """The keys whose z options declare them optional but whose registered zod refuses an omitted value."""
    refused = []
    for key, parameter in registered(tool).items():
        if outer_wrapper(parameter, generation) is None:
            continue
        if not _omitted(parameter, generation)[0]:
            refused.append(key)
    return sorted(refused)


def registered_schema(tool: Tool, generation: int) -> dict[str, Any]:
    """The tool's `inputSchema` as the generation registers it, in `mcp-tools`' rendering
    (`parameter_schema`): a property per registered key, enum values as the literal text, the default as
    ZodBuilder typed it, `required` for every key whose zod refuses an omitted value."""
    properties: dict[str, Any] = {}
    required: list[str] = []
    for key, parameter in registered(tool).items():
        spec = _literal(parameter)
        schema = parameter_schema(spec)
        schema.pop("description", None)
        if spec is not None and spec.kind == "enum":
            schema["enum"] = list(spec.enum_values or ())
        if spec is not None and spec.has_default:
            schema["default"] = spec.default
        properties[key] = schema
        accepted = _omitted(parameter, generation)[0] if outer_wrapper(parameter, generation) else False
        if not accepted:
            required.append(key)
    result: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        result["required"] = required
    return result


@dataclass
class TestView:
    index: int
    accepted: bool
    refusal: str = ""
    arguments: dict[str, Any] | None = None
    request: dict[str, Any] | None = None
    request_note: str = ""


@dataclass
class ToolView:
    name: str  # the tool's key in `tools`
    mcp_name: str
    built: bool
    build_problem: str = ""
    schema: dict[str, Any] | None = None
    tests: list[TestView] = field(default_factory=list)
    omission_refused: list[str] = field(default_factory=list)


def _test_values(tool: Tool, index: int) -> dict[str, Any] | None:
    case = tool.tests[index]
    if case.obj is None:
        return None
    values: dict[str, Any] = {}
    for entry in case.obj.entries:
        if entry.key == "_description":
            continue
        if first_non_json(entry.value) is not None:
            return None
        values[entry.key] = to_python(entry.value)
    return values


def definition_view(definition: Definition, generation: int) -> dict[str, ToolView]:
    """Every tool (not resource queries) as `generation` serves it; a tool it cannot build is shown with
    its options in 4.x order (`schema`, `tests`), and `built` says whether it is served."""
    namespace = definition.namespace or ""
    tokens = server_tokens(definition)
    views: dict[str, ToolView] = {}
    for tool in definition.tools:
        if tool.kind != "tool" or tool.name in views:
            continue
        problem = tool_build_problem(tool, generation)
        order = 4 if problem is not None and tool_build_problem(tool, 4) is None else generation
        view = ToolView(
            name=tool.name,
            mcp_name=mcp_tool_name(namespace, tool.name),
            built=problem is None,
            build_problem=problem or "",
            schema=registered_schema(tool, order) if tool_build_problem(tool, order) is None else None,
            omission_refused=omission_refused(tool, order),
        )
        handled = tool.name in definition.request_handler_tools
        for index in range(len(tool.tests)):
            values = _test_values(tool, index)
            if values is None:
                view.tests.append(TestView(index, False, "the test is not static data"))
                continue
            if view.schema is None:
                view.tests.append(TestView(index, False, "the tool is not built"))
                continue
            arguments, why = runtime_arguments(tool, values, order)
            test = TestView(index, arguments is not None, why, arguments)
            if arguments is not None:
                if handled:
                    test.request_note = _REQUEST_HANDLERS
                else:
                    try:
                        test.request = runtime_request(definition, tool, arguments, tokens, order).as_dict()
                    except RuntimeRequestError as error:
                        test.request_note = f"the runtime's Fetch throws: {error}"
            view.tests.append(test)
        views[tool.name] = view
    return views
