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

from flowlint.capture.request import RequestSkip, RuntimeRequestError, runtime_request, test_values
from flowlint.definition.model import Definition, Tool
from flowlint.definition.zod import ZFact
from flowlint.definition.zod.runtime import derive_arguments, registered_parameters, registered_spec, served_tools
from flowlint.mcp.schema import input_schema, mcp_tool_name

__all__ = [
    "TestView",
    "ToolView",
    "definition_view",
    "omission_refused",
    "server_tokens",
    "tool_build_problem",
]

# The z facts that make ZodBuilder throw while it builds the tool, in every generation.
_NOT_BUILT = frozenset(
    {
        ZFact.OPTION_NOT_APPLICABLE,
        ZFact.REGEX_INVALID,
        ZFact.PRIMITIVE_NOT_TEXT,
        ZFact.OPTION_NOT_TEXT,
        ZFact.ENUM_UNCLOSED,
    }
)
# Tools whose request a handler makes or rewrites: their requests are not compared.
_REQUEST_HANDLERS = "a preRequest or executeRequest handler makes or rewrites the request"


def server_tokens(definition: Definition) -> dict[str, str]:
    """The server params a host passes (every name in `requiredServerParams`) as tokens, so that no secret
    is ever part of a request flowlint shows: `SERVER_PARAM_<NAME>` (as `record.mjs --requests` does)."""
    return {name: f"SERVER_PARAM_{name}" for name in definition.required_server_params}


def tool_build_problem(tool: Tool, generation: int) -> str | None:
    """Why ZodBuilder of `generation` throws while building the tool (None: it builds)."""
    for key, parameter in registered_parameters(tool):
        spec = parameter.z
        if spec is None:
            continue
        for note in spec.notes:
            if note.fact in _NOT_BUILT or (generation == 3 and note.fact is ZFact.CONSTRAINT_AFTER_WRAPPER):
                written = f" ({note.written})" if note.written else ""
                return f"parameter '{key}': {note.fact.value}{written}"
    return None


def omission_refused(tool: Tool, generation: int) -> list[str]:
    """The keys whose z options declare them optional but whose registered zod refuses an omitted value."""
    refused = []
    for key, parameter in registered_parameters(tool):
        spec = registered_spec(parameter)
        if spec is not None and not spec.required and spec.omission_refused(generation):
            refused.append(key)
    return sorted(refused)


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


def definition_view(definition: Definition, generation: int) -> dict[str, ToolView]:
    """Every tool (not resource queries) as `generation` serves it; a tool it cannot build is shown with
    its options in 4.x order (`schema`, `tests`), and `built` says whether it is served."""
    namespace = definition.namespace or ""
    tokens = server_tokens(definition)
    views: dict[str, ToolView] = {}
    for tool in served_tools(definition, generation):
        if tool.name in views:
            continue
        problem = tool_build_problem(tool, generation)
        # not built by 3.x, built with its options in 4.x order (4.x's answer: asked once, and only then)
        in_4x_order = problem is not None and generation != 4 and tool_build_problem(tool, 4) is None
        order = 4 if in_4x_order else generation
        view = ToolView(
            name=tool.name,
            mcp_name=mcp_tool_name(namespace, tool.name),
            built=problem is None,
            build_problem=problem or "",
            schema=input_schema(tool, "runtime", order) if problem is None or in_4x_order else None,
            omission_refused=omission_refused(tool, order),
        )
        handled = tool.name in definition.request_handler_tools
        for index in range(len(tool.tests)):
            try:
                values = test_values(tool, index)
            except RequestSkip:  # not an object, or a value that is not JSON data
                view.tests.append(TestView(index, False, "the test is not static data"))
                continue
            if view.schema is None:
                view.tests.append(TestView(index, False, "the tool is not built"))
                continue
            derived = derive_arguments(tool, values, order)
            why = "; ".join(f"'{key}': {problem}" for key, problem in derived.refused)
            arguments = derived.arguments if derived.accepted else None
            test = TestView(index, derived.accepted, why, arguments)
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
