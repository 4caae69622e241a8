"""The MCP view of a definition: tool names, `inputSchema` derived from `z`, resources, example outputs.

Tool names are the runtime's (`definition/names.py`: `getSimplePrice` in namespace `coingecko` is served
as `get_simple_price_coingecko`). Resource queries are MCP resources addressed by
`flowmcp://{namespace}/{resource}/{query}?{param}={value}&...`.
"""

from __future__ import annotations

import json
import math
from typing import Any
from urllib.parse import parse_qsl, quote, unquote, urlsplit

from flowlint.core.jsregex import js_regex_source
from flowlint.core.nodes import SObject, string_value, to_python
from flowlint.definition.model import Definition, Parameter, Tool
from flowlint.definition.names import build_tool_name
from flowlint.definition.zod import ZSpec, validate
from flowlint.definition.zod.runtime import generation_of, registered_parameters, registered_spec, served_tools

URI_SCHEME = "flowmcp"
MAX_NAME_LENGTH = 64  # MCP clients commonly reject longer tool names


def mcp_tool_name(namespace: str, tool_name: str) -> str:
    """FlowMCP's MCP name of a tool: `getSimplePrice` in `coingecko` -> `get_simple_price_coingecko`."""
    return build_tool_name(tool_name, namespace)


def query_uri(namespace: str, query: Tool, arguments: dict[str, Any] | None = None) -> str:
    """`flowmcp://chainlist/verifiedContracts/byAddress?address=0x...` for a resource query."""
    resource, _, name = query.label.partition(".")
    base = f"{URI_SCHEME}://{quote(namespace, safe='')}/{quote(resource, safe='')}/{quote(name, safe='')}"
    if not arguments:
        return base
    parts = [f"{quote(key, safe='')}={quote(uri_value(value), safe='')}" for key, value in arguments.items()]
    return base + "?" + "&".join(parts)


def uri_value(value: object) -> str:
    """A test value as it appears in a resource URI: strings as is, everything else as JSON."""
    return value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))


def parse_query_uri(uri: str) -> tuple[str, str, dict[str, str]] | None:
    """(namespace, `resource.query`, raw string arguments) of a query URI, or None when it is not one."""
    parts = urlsplit(uri)
    if parts.scheme != URI_SCHEME:
        return None
    segments = [s for s in parts.path.split("/") if s]
    if len(segments) != 2 or not parts.netloc:
        return None

    return (
        unquote(parts.netloc),
        f"{unquote(segments[0])}.{unquote(segments[1])}",
        dict(parse_qsl(parts.query, keep_blank_values=True)),
    )


def coerce_uri_argument(text: str, spec: ZSpec | None) -> object:
    """Turn a URI string back into the value its z kind expects (JSON first for non-strings)."""
    if spec is None or spec.kind in ("string", "enum"):
        return text
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        if spec.kind == "array":
            return [item for item in text.split(",") if item]
        return text


# --------------------------------------------------------------------------- inputSchema


def parameter_schema(spec: ZSpec | None) -> dict[str, Any]:
    """JSON Schema of one z spec; the description names the z block so errors and docs agree."""
    if spec is None:
        return {"description": "z block missing or malformed; any value accepted"}
    schema: dict[str, Any] = {}
    kind = spec.kind
    if kind == "string":
        schema["type"] = "string"
        _bounds(schema, spec, "minLength", "maxLength")
        if spec.length is not None:
            schema["minLength"] = schema["maxLength"] = spec.length
        if spec.regex is not None:
            schema["pattern"] = spec.regex
    elif kind == "number":
        schema["type"] = "number"
        _bounds(schema, spec, "minimum", "maximum")
    elif kind == "boolean":
        schema["type"] = "boolean"
    elif kind == "enum":
        schema["type"] = "string"
        if spec.list_ref is None and spec.enum_values is not None:
            schema["enum"] = list(spec.enum_values)
    elif kind == "array":
        schema["type"] = "array"
        schema["items"] = {"type": "string"}
        _bounds(schema, spec, "minItems", "maxItems")
        if spec.length is not None:
            schema["minItems"] = schema["maxItems"] = spec.length
    else:
        schema["type"] = "object"
    if spec.has_default and validate(spec.default, spec) is None:
        schema["default"] = spec.default
    schema["description"] = f"z: {spec.describe()}" + ("" if spec.required else " (optional)")
    return schema


def _bounds(schema: dict[str, Any], spec: ZSpec, low: str, high: str) -> None:
    for key, bound in ((low, spec.min), (high, spec.max)):
        if bound is not None:
            # lengths are whole numbers in JSON Schema; number bounds keep their fraction
            schema[key] = (
                _number(bound) if low == "minimum" else max(0, math.ceil(bound) if key == low else math.floor(bound))
            )


def _number(value: float) -> int | float:
    return int(value) if math.isfinite(value) and float(value).is_integer() else value


VIEWS = ("runtime", "spec")
"""`runtime`: the inputSchema FlowMCP's `prepareServerTool` registers; `spec`: the caller's parameters only."""


def input_schema(tool: Tool, view: str = "spec", generation: int = 3) -> dict[str, Any]:
    """`inputSchema` of a tool or query, with `required` for the parameters that are not optional.

    `spec` (the mock's): the `{{USER_PARAM}}` parameters, the only ones a caller gives (shared-list enums
    expanded when resolved). `runtime`: what `FlowMCP.prepareServerTool` of that generation registers
    (flowmcp-core 3.x c9c0f57 and 4.x 8dab10b, `ZodBuilder.getZodSchema`; definition/zod/runtime.py):
    every parameter with a z block and a primitive, fixed and server ones included, required where the
    zod refuses an omission (no optional() or default(), or a default that does not fit where that
    generation applies it), and enum values as the literal text of the primitive split on commas, so
    `enum({{evmChains:alias}})` is the one value '{{evmChains:alias}}'."""
    properties: dict[str, Any] = {}
    required: list[str] = []
    if view == "spec":
        for key, parameter in tool.user_parameters.items():
            properties[key] = parameter_schema(parameter.z)
            if parameter.z is None or parameter.z.required:
                required.append(key)
    else:
        for key, parameter in registered_parameters(tool):
            spec = registered_spec(parameter)
            properties[key] = _runtime_schema(spec)
            if spec is None or spec.omission_refused(generation):
                required.append(key)
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        schema["required"] = required
    return schema


_BOUND_KEYS: dict[str, dict[str, tuple[str, ...]]] = {
    "number": {"min": ("minimum",), "max": ("maximum",)},
    "string": {"min": ("minLength",), "max": ("maxLength",), "length": ("minLength", "maxLength")},
    "array": {"min": ("minItems",), "max": ("maxItems",), "length": ("minItems", "maxItems")},
}


def _runtime_schema(spec: ZSpec | None) -> dict[str, Any]:
    """The JSON Schema of one parameter as the runtime's zod describes it: enum values from the literal
    text, the default as ZodBuilder typed it (whether or not it fits), a bound zod ignores (NaN) as null,
    and no description (it sets none)."""
    schema = parameter_schema(spec)
    del schema["description"]
    if spec is not None:
        for name in spec.ignored_bounds:
            for key in _BOUND_KEYS.get(spec.kind, {}).get(name, ()):
                schema.setdefault(key, None)
        if spec.has_default:
            default = spec.default  # JSON has no Infinity or NaN: the SDK writes null
            schema["default"] = None if isinstance(default, float) and not math.isfinite(default) else default
        if spec.regex is not None and spec.kind == "string":
            schema["pattern"] = js_regex_source(spec.regex)
        if spec.kind == "object":  # z.object( {} ), as the SDK writes it
            schema.update(properties={}, additionalProperties=False)
    return schema


def _text(tool: Tool, key: str) -> str | None:
    obj = tool.obj
    value = obj.get(key) if obj is not None else None
    return string_value(value)


def list_tools(
    definitions: list[Definition],
    view: str = "spec",
    not_built: set[tuple[int, str]] | frozenset[tuple[int, str]] = frozenset(),
) -> list[dict[str, Any]]:
    """The `tools` of a `tools/list` result for these definitions (queries are resources, not tools), each
    `inputSchema` in `view` (see `input_schema`). In the runtime view, the tools the runtime of each
    definition's generation serves (a 3.x file with `tools` and `routes`: the `tools`). `not_built`:
    (id of a definition, tool name) of the tools left out (those the runtime cannot build)."""
    tools: list[dict[str, Any]] = []
    for definition in definitions:
        namespace = definition.namespace or ""
        generation = generation_of(definition)
        served = served_tools(definition, generation) if view == "runtime" else definition.tools
        for tool in served:
            if tool.kind != "tool" or (id(definition), tool.name) in not_built:
                continue
            entry: dict[str, Any] = {"name": mcp_tool_name(namespace, tool.name)}
            description = _text(tool, "description")
            if description:
                entry["description"] = description
            entry["inputSchema"] = input_schema(tool, view, generation)
            tools.append(entry)
    return tools


def list_resources(definitions: list[Definition]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(`resources`, `resourceTemplates`): one resource and one URI template per resource query."""
    resources: list[dict[str, Any]] = []
    templates: list[dict[str, Any]] = []
    for definition in definitions:
        namespace = definition.namespace or ""
        for tool in definition.tools:
            if tool.kind != "query":
                continue
            uri = query_uri(namespace, tool)
            description = _text(tool, "description")
            resource: dict[str, Any] = {
                "uri": uri,
                "name": f"{tool.label}_{namespace}",
                "mimeType": "application/json",
            }
            if description:
                resource["description"] = description
            resources.append(resource)
            keys = list(tool.user_parameters)
            template = dict(resource, uriTemplate=uri + ("{?" + ",".join(keys) + "}" if keys else ""))
            del template["uri"]
            templates.append(template)
    return resources, templates


# --------------------------------------------------------------------------- arguments


def check_arguments(tool: Tool, arguments: dict[str, Any], tool_label: str) -> tuple[str, dict[str, Any]] | None:
    """The first problem with `arguments` as (message, error data), or None when they are valid.

    Messages follow seed 002's error-quality rules: what went wrong, which parameter, the expected
    type; keys the tool does not declare are ignored, as the FlowMCP runtime (zod) strips them.
    """
    for key, parameter in tool.user_parameters.items():
        spec = parameter.z
        expected = _expected(parameter)
        if key not in arguments:
            if spec is None or spec.required:
                return (
                    f"Missing required parameter '{key}' for {tool_label}. Expected: {expected}",
                    {"parameter": key, "expected": expected, "problem": "missing"},
                )
            continue
        if spec is None or spec.broken:
            continue
        problem = validate(arguments[key], spec)
        if problem is not None:
            return (
                f"Invalid parameter '{key}' for {tool_label}: {problem}. Expected: {expected}",
                {"parameter": key, "expected": expected, "problem": problem},
            )
    return None


def _expected(parameter: Parameter) -> str:
    spec = parameter.z
    if spec is None:
        return "any value"
    if spec.kind == "enum" and spec.enum_values is not None and spec.list_ref is None:
        return "one of " + ", ".join(f"'{v}'" for v in spec.enum_values)
    names = {
        "string": "a string",
        "number": "a number",
        "boolean": "a boolean (true or false)",
        "array": "an array of strings",
        "object": "an object",
        "enum": "a string",
    }
    text = names.get(spec.kind, "a value")
    details = spec.describe()
    return f"{text} ({details})"


# --------------------------------------------------------------------------- example output


def output_schema(tool: Tool) -> dict[str, Any] | None:
    obj = tool.obj
    output = obj.get("output") if obj is not None else None
    if not isinstance(output, SObject):
        return None
    schema = output.get("schema")
    value = to_python(schema) if schema is not None else None
    return value if isinstance(value, dict) else None


def example_from_schema(schema: object, depth: int = 0) -> object:
    """A plausible value for a FlowMCP output schema (the subset of spec 04)."""
    if not isinstance(schema, dict) or depth > 8:
        return {}
    enum = schema.get("enum")
    if isinstance(enum, list) and enum:
        return enum[0]
    kind = schema.get("type")
    if kind == "object":
        properties = schema.get("properties")
        if not isinstance(properties, dict):
            return {}
        return {str(key): example_from_schema(value, depth + 1) for key, value in properties.items()}
    if kind == "array":
        return [example_from_schema(schema.get("items"), depth + 1)] if isinstance(schema.get("items"), dict) else []
    if kind == "string":
        return {"date-time": "2026-01-01T00:00:00Z", "uri": "https://example.com/", "base64": ""}.get(
            str(schema.get("format")), "example"
        )
    if kind == "number" or kind == "integer":
        return 0
    if kind == "boolean":
        return False
    return {}
