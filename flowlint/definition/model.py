"""Typed views of a loaded definition: tools, resource queries, parameters, z specs and tests.

The builder is lenient: it never reports anything and never fails on malformed input. Rules inspect
the views (and the static nodes they keep) and report what is wrong, each at its own span.
"""

from __future__ import annotations

import re
from functools import cached_property

from flowlint.core.nodes import SArray, SEntry, SNode, SObject, Span, SScalar, string_value, to_python
from flowlint.core.record import FrozenRecord, Record, field
from flowlint.definition.handlers import REQUEST_HANDLERS, handled_tools
from flowlint.definition.zod import ZSpec, parse_z

USER_PARAM = "{{USER_PARAM}}"
_SERVER_PARAM = re.compile(r"\{\{SERVER_PARAM:([^{}]+)\}\}\Z")
_ANY_PLACEHOLDER = re.compile(r"\{\{([^{}]+)\}\}")


class Parameter(FrozenRecord, slots=True):
    """One entry of a tool's or query's `parameters` array.

    `role` is `user` (a value containing `{{USER_PARAM}}`: the only kind a test may set), `server`
    (`{{SERVER_PARAM:NAME}}`), `placeholder` (any other `{{...}}`, such as `{{LATITUDE}}` or
    `'Bearer {{SERVER_PARAM:KEY}}'`, which the runtime fills from the server parameter named by its
    first placeholder, `server_param`) or `fixed` (any other value, sent as is); see `classify_value`.
    Malformed parameters have `key` or `z` set to None.
    """

    index: int
    node: SNode
    key_span: Span
    key: str | None = None
    value: str | None = None
    location: str | None = None
    location_span: Span | None = None
    role: str = "fixed"
    server_param: str | None = None
    placeholders: tuple[str, ...] = ()
    z: ZSpec | None = None
    z_node: SObject | None = None
    options_node: SNode | None = None  # the z block's `options` as written (an array or not); None without either

    @property
    def span(self) -> Span:
        return _span(self.node)

    @property
    def option_nodes(self) -> tuple[SNode, ...]:
        """The options one by one: the array's items; an `options` that is not an array is the one option."""
        return _option_items(self.options_node)

    @property
    def primitive_node(self) -> SNode | None:
        """The z block's `primitive` as written; None without either."""
        return self.z_node.get("primitive") if self.z_node is not None else None

    @property
    def is_user(self) -> bool:
        return self.role == "user" and bool(self.key)

    def option_span(self, index: int | None) -> Span:
        """Span of `options[index]`, else of the primitive, else of the z block."""
        if index is not None and 0 <= index < len(self.option_nodes):
            return _span(self.option_nodes[index])
        if self.z_node is not None:
            primitive = self.primitive_node
            return _span(primitive if primitive is not None else self.z_node)
        return self.span


class TestCase(FrozenRecord, slots=True):
    """One element of `tests`; `obj` is None when the element is not an object."""

    index: int
    node: SNode
    obj: SObject | None

    @property
    def description(self) -> str | None:
        if self.obj is None:
            return None
        return string_value(self.obj.get("_description"))

    def label(self) -> str:
        """`test 0 ('Single coin')`: how messages name a test."""
        description = self.description
        if description:
            short = description if len(description) <= 50 else description[:47] + "..."
            return f"test {self.index} ('{short}')"
        return f"test {self.index}"


# A resource query whose SQL a handler builds at call time (the runtime skips its SQL checks).
DYNAMIC_SQL = "{{DYNAMIC_SQL}}"


class Tool(Record):
    """A tool (`kind == 'tool'`) or a resource query (`kind == 'query'`).

    `label` is how diagnostics name it: the tool name, or `resource.query`.
    """

    kind: str
    name: str
    label: str
    key_span: Span
    node: SNode
    method: str | None = None
    path: str | None = None
    sql: str | None = None
    sql_span: Span | None = None
    parameters: list[Parameter] = field(default_factory=list)
    parameters_node: SNode | None = None
    tests_node: SNode | None = None
    tests: list[TestCase] = field(default_factory=list)

    @property
    def obj(self) -> SObject | None:
        return self.node if isinstance(self.node, SObject) else None

    @property
    def static_sql(self) -> str | None:
        """The SQL, or None for a tool, a missing SQL and `{{DYNAMIC_SQL}}` (built by a handler at call time)."""
        if self.sql is None or self.sql.strip() == DYNAMIC_SQL:
            return None
        return self.sql

    @cached_property
    def user_parameters(self) -> dict[str, Parameter]:
        """User parameters by key (the first one wins when a key repeats)."""
        found: dict[str, Parameter] = {}
        for parameter in self.parameters:
            if parameter.is_user and parameter.key not in found:
                found[parameter.key] = parameter  # type: ignore[index]
        return found

    def placeholder_parameter(self, key: str) -> Parameter | None:
        """The parameter with a named placeholder (`'{{LATITUDE}}'`) that the test key `key` sets, by the
        parameter's key or the placeholder's name; None when `key` sets no such parameter."""
        by_key = next((p for p in self.parameters if p.key == key), None)
        if by_key is None:
            by_key = next((p for p in self.parameters if key in p.placeholders), None)
        return by_key if by_key is not None and by_key.role == "placeholder" else None

    def keyed_by_tests(self, parameter: Parameter) -> bool:
        """Whether a test sets the named-placeholder `parameter` (by its key or its placeholder's name)."""
        return any(
            self.placeholder_parameter(entry.key) is parameter
            for test in self.tests
            if test.obj is not None
            for entry in test.obj.entries
        )

    def member_span(self, key: str) -> Span:
        """Span of the value of `key` in the tool object, else of the tool's key."""
        if isinstance(self.node, SObject):
            value = self.node.get(key)
            if value is not None:
                return _span(value)
        return self.key_span


class SharedListRef(Record, slots=True):
    """One `main.sharedLists` entry."""

    ref: str
    filter: dict[str, object] | None
    span: Span
    version: str | None = None
    version_span: Span | None = None


class Definition(Record):
    """A FlowMCP tool definition (`main`) as flowlint sees it."""

    main: SObject
    namespace: str | None
    tools: list[Tool]
    required_server_params: tuple[str, ...]
    shared_lists: dict[str, SharedListRef]
    handlers: SNode | None = None  # the exported `handlers` (a NonStatic function when written as one)

    @property
    def has_handlers(self) -> bool:
        return self.handlers is not None

    def get(self, key: str) -> SNode | None:
        return self.main.get(key)

    def handled_tools(self, kinds: tuple[str, ...]) -> frozenset[str]:
        """The tools whose handlers define one of `kinds` (best effort: definition/handlers.py)."""
        return handled_tools(self.handlers, [tool.name for tool in self.tools if tool.kind == "tool"], kinds)

    @cached_property
    def request_handler_tools(self) -> frozenset[str]:
        """Tools with a preRequest or executeRequest handler, which rewrites or replaces the request (best
        effort, from the handlers' text): read when first asked, as few definitions need it."""
        return self.handled_tools(REQUEST_HANDLERS)


def _span(node: SNode) -> Span:
    return node.span


def _option_items(options: SNode | None) -> tuple[SNode, ...]:
    """A z block's options one by one: an array's items; any other value (which VAL045 reports) is read
    as the one option."""
    if isinstance(options, SArray):
        return options.items
    return () if options is None else (options,)


def build_definition(main: SObject, handlers: SNode | None = None) -> Definition:
    """Build the typed view of `main` (and the module's exported `handlers`, if any); tools come from
    `tools` or its old name `routes`."""
    tools: list[Tool] = []
    for section in ("tools", "routes"):
        container = main.get(section)
        if isinstance(container, SObject):
            for entry in container.entries:
                tools.append(_build_tool(entry))
    resources = main.get("resources")
    if isinstance(resources, SObject):
        for resource in resources.entries:
            queries = resource.value.get("queries") if isinstance(resource.value, SObject) else None
            if isinstance(queries, SObject):
                for query in queries.entries:
                    tools.append(_build_query(resource.key, query))
    server_params = main.get("requiredServerParams")
    required = tuple(
        item.value
        for item in (server_params.items if isinstance(server_params, SArray) else ())
        if isinstance(item, SScalar) and isinstance(item.value, str)
    )
    shared: dict[str, SharedListRef] = {}
    declared = main.get("sharedLists")
    if isinstance(declared, SArray):
        for item in declared.items:
            if isinstance(item, SObject):
                ref = string_value(item.get("ref"))
                filter_node = item.get("filter")
                filter_value = to_python(filter_node) if isinstance(filter_node, SObject) else None
                version = item.get("version")
                if ref:
                    shared[ref] = SharedListRef(
                        ref,
                        filter_value if isinstance(filter_value, dict) else None,
                        item.span,
                        string_value(version),
                        version.span if version is not None else None,
                    )
    return Definition(
        main=main,
        namespace=string_value(main.get("namespace")),
        tools=tools,
        required_server_params=required,
        shared_lists=shared,
        handlers=handlers,
    )


def _build_tool(entry: SEntry) -> Tool:
    tool = Tool(kind="tool", name=entry.key, label=entry.key, key_span=entry.key_span, node=entry.value)
    if isinstance(entry.value, SObject):
        method = string_value(entry.value.get("method"))
        tool.method = method.upper() if method else None
        tool.path = string_value(entry.value.get("path"))
        _fill_parameters_and_tests(tool, entry.value, query=False)
    return tool


def _build_query(resource: str, entry: SEntry) -> Tool:
    label = f"{resource}.{entry.key}"
    tool = Tool(kind="query", name=entry.key, label=label, key_span=entry.key_span, node=entry.value)
    if isinstance(entry.value, SObject):
        sql = entry.value.get("sql")
        tool.sql = string_value(sql)
        tool.sql_span = sql.span if sql is not None else None
        _fill_parameters_and_tests(tool, entry.value, query=True)
    return tool


def _fill_parameters_and_tests(tool: Tool, obj: SObject, query: bool) -> None:
    parameters = obj.get("parameters")
    tool.parameters_node = parameters
    if isinstance(parameters, SArray):
        tool.parameters = [_build_parameter(index, item, query) for index, item in enumerate(parameters.items)]
    tests = obj.get("tests")
    tool.tests_node = tests
    if isinstance(tests, SArray):
        tool.tests = [
            TestCase(index, item, item if isinstance(item, SObject) else None) for index, item in enumerate(tests.items)
        ]


def _build_parameter(index: int, node: SNode, query: bool) -> Parameter:
    if not isinstance(node, SObject):
        return Parameter(index=index, node=node, key_span=node.span)
    position = node.get("position")
    z_node = node.get("z")
    if position is None and query and node.get("key") is not None:
        return _build_seed_query_parameter(index, node)
    key: str | None = None
    key_span = node.span
    value: str | None = None
    location: str | None = None
    location_span: Span | None = None
    if isinstance(position, SObject):
        key_node = position.get("key")
        key = string_value(key_node)
        key_span = key_node.span if key_node is not None else position.span
        value = string_value(position.get("value"))
        location_node = position.get("location")
        location = string_value(location_node)
        location_span = location_node.span if location_node is not None else None
    role, server_param, placeholders = classify_value(value)
    spec: ZSpec | None = None
    options: SNode | None = None
    if isinstance(z_node, SObject):
        primitive = z_node.get("primitive")
        options = z_node.get("options")
        primitive_value = to_python(primitive) if primitive is not None else None
        spec = parse_z(primitive_value, [to_python(item) for item in _option_items(options)])
    return Parameter(
        index=index,
        node=node,
        key=key,
        key_span=key_span,
        value=value,
        location=location,
        location_span=location_span,
        role=role,
        server_param=server_param,
        placeholders=placeholders,
        z=spec,
        z_node=z_node if isinstance(z_node, SObject) else None,
        options_node=options,
    )


_SEED_TYPES = {
    "string": "string()",
    "number": "number()",
    "integer": "number()",
    "boolean": "boolean()",
    "array": "array()",
    "object": "object()",
}


def _build_seed_query_parameter(index: int, node: SObject) -> Parameter:
    """Seed 000's resource parameter form: `{ key, type, description, required }`."""
    key_node = node.get("key")
    type_name = string_value(node.get("type")) or "string"
    required = node.get("required")
    options: list[object] = []
    if not (isinstance(required, SScalar) and required.value is True):
        options.append("optional()")
    spec = parse_z(_SEED_TYPES.get(type_name, f"{type_name}()"), options)
    return Parameter(
        index=index,
        node=node,
        key=string_value(key_node),
        key_span=key_node.span if key_node is not None else node.span,
        value=USER_PARAM,
        role="user",
        z=spec,
    )


def classify_value(value: str | None) -> tuple[str, str | None, tuple[str, ...]]:
    """(role, server param name, named placeholders) of a `position.value`, as the runtime reads it.

    FlowMCP's Fetch (`#insertValue`) checks, in this order: a value containing `{{USER_PARAM}}` is the
    caller's (the first occurrence is replaced, so `'intitle:{{USER_PARAM}}'` is a user parameter); a
    value with any other `{{` is a server parameter named by the text between the first `{{` and the
    first `}}` (minus `SERVER_PARAM:`), so an unprefixed `{{CITY}}` is read from the server parameter
    CITY and sent as '' when it is not set; anything else is sent as written.
    """
    if value is None:
        return "fixed", None, ()
    if USER_PARAM in value:
        return "user", None, ()
    server = _SERVER_PARAM.match(value)
    if server:
        return "server", server.group(1).strip(), ()
    placeholders = tuple(name for name in _ANY_PLACEHOLDER.findall(value))
    if "{{" in value:
        start = value.index("{{")
        end = value.find("}}")
        name = value[start + 2 : end].strip() if end != -1 else None
        if name is not None and name.startswith("SERVER_PARAM:"):
            name = name[len("SERVER_PARAM:") :]
        return "placeholder", name or None, placeholders
    return "fixed", None, ()
