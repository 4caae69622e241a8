"""RES001-RES011, RES015-RES019, RES021: SQLite resources and their queries (09-validation-rules numbering).

13-resources numbers some of these rules differently (3.0.0-4.1.0); flowlint uses 09's registry,
as the specification's central list of codes. The runtime checks fewer of them (source, `.db`,
the counts, the SQL): where it is silent the specification's rule is applied as written.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import ClassVar

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SArray, SEntry, SObject, SScalar, string_value, type_name
from flowlint.core.severity import Severity
from flowlint.definition.model import Tool
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

SOURCES = {3: ("sqlite",), 4: ("sqlite", "markdown", "http")}
MAX_RESOURCES = 2
MAX_QUERIES = 4
CAMEL = re.compile(r"[a-z][a-zA-Z0-9]*\Z")
SCALAR_PRIMITIVES = ("string", "number", "boolean", "enum")

_OUTPUT = "output: { mimeType: 'application/json', schema: { type: 'array', items: { type: 'object' } } }"
_TESTS = "tests: [ { _description: 'All' }, { _description: 'Again' }, { _description: 'Once more' } ]"


def _resource(
    head: str = "source: 'sqlite', description: 'Contracts', database: 'contracts.db'", query: str = ""
) -> str:
    """An example with one resource `contracts` (line 3) and one query (line 4, fields `query`)."""
    query = query or f"sql: 'SELECT address FROM contracts', description: 'All', parameters: [], {_OUTPUT},"
    return example(
        f"    resources: {{ contracts: {{ {head}, queries: {{\n"
        f"        all: {{ {query}\n"
        f"            {_TESTS} }}\n"
        "    } } }"
    )


_GOOD = _resource()


def _resources(ctx: RuleContext) -> Iterator[SEntry]:
    node = ctx.definition.main.get("resources")
    if isinstance(node, SObject):
        for entry in node.entries:
            if isinstance(entry.value, SObject):
                yield entry


def _queries(ctx: RuleContext) -> Iterator[Tool]:
    for tool in ctx.definition.tools:
        if tool.kind == "query" and tool.obj is not None:
            yield tool


class Source(Rule):
    code = Code.RES001
    name = "resource-source"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "resource.source must be 'sqlite' (3.0.0); 4.x also allows 'markdown' and 'http'"
    why = "The runtime refuses any other source (and a missing one)."
    fix = "Write `source: 'sqlite'`."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            _resource("source: 'postgres', description: 'Contracts', database: 'contracts.db'"),
            (Expect(3, 39, "resource 'contracts': source 'postgres' is not one of sqlite"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        allowed = SOURCES[ctx.spec.major]
        for entry in _resources(ctx):
            assert isinstance(entry.value, SObject)
            node = entry.value.get("source")
            if isinstance(node, NonStatic):
                continue
            if node is None:
                yield self.finding(f"resource '{entry.key}' needs source: 'sqlite'", entry.key_span)
            elif string_value(node) not in allowed:
                shown = f"'{node.value}'" if isinstance(node, SScalar) else type_name(node)
                yield self.finding(
                    f"resource '{entry.key}': source {shown} is not one of {', '.join(allowed)} "
                    f"(specification {ctx.spec.label})",
                    node.span,
                )


class ResourceDescription(Rule):
    code = Code.RES002
    name = "resource-description"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "resource.description must be a non-empty string"
    why = "AI clients read it to choose the resource; the runtime refuses a missing one."
    fix = "Describe the data in one sentence."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            _resource("source: 'sqlite', description: '', database: 'contracts.db'"),
            (Expect(3, 62, "resource 'contracts': description must be a non-empty string"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for entry in _resources(ctx):
            assert isinstance(entry.value, SObject)
            node = entry.value.get("description")
            if isinstance(node, NonStatic):
                continue
            if not (string_value(node) or "").strip():  # the runtime trims it
                yield self.finding(
                    f"resource '{entry.key}': description must be a non-empty string",
                    node.span if node is not None else entry.key_span,
                )


class Database(Rule):
    code = Code.RES003
    name = "resource-database"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "resource.database must be a relative path ending with .db"
    why = "The runtime opens the file read-only and refuses a path that does not end with `.db`."
    fix = "Write `database: 'contracts.db'`, relative to the definition."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            _resource("source: 'sqlite', description: 'Contracts', database: '/var/data/contracts.sqlite'"),
            (Expect(3, 85, "must be a relative path ending with .db"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for entry in _resources(ctx):
            assert isinstance(entry.value, SObject)
            if string_value(entry.value.get("source")) not in (None, "sqlite"):
                continue
            node = entry.value.get("database")
            if isinstance(node, NonStatic):
                continue
            path = string_value(node)
            if node is None and entry.value.get("origin") is not None:
                yield self.finding(
                    f"resource '{entry.key}' has origin/name but no database: FlowMCP's validator (3.x and 4.x) "
                    "requires database: 'file.db' for sqlite resources (origin belongs to markdown resources); "
                    "flowlint capture reads both forms",
                    entry.key_span,
                )
            elif path is None or not path.endswith(".db") or path.startswith("/"):
                got = f", got '{path}'" if path is not None else ""
                yield self.finding(
                    f"resource '{entry.key}': database must be a relative path ending with .db{got}",
                    node.span if node is not None else entry.key_span,
                )


class DatabaseDotDot(Rule):
    code = Code.RES004
    name = "resource-database-parent"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "resource.database must not contain .. segments"
    why = "A resource may only read files beside (or below) its definition."
    fix = "Move the database next to the definition."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            _resource("source: 'sqlite', description: 'Contracts', database: '../shared/contracts.db'"),
            (Expect(3, 85, "must not contain '..'"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for entry in _resources(ctx):
            assert isinstance(entry.value, SObject)
            node = entry.value.get("database")
            path = string_value(node)
            if path is not None and node is not None and ".." in re.split(r"[\\/]", path):
                yield self.finding(f"resource '{entry.key}': database must not contain '..' segments", node.span)


class MaxResources(Rule):
    code = Code.RES005
    name = "max-resources"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = f"A definition has at most {MAX_RESOURCES} resources"
    why = "The runtime refuses more."
    fix = "Split the resources over several definitions."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            example(
                "    resources: {\n"
                + "".join(
                    f"        r{n}: {{ source: 'sqlite', description: 'R', database: 'r.db', queries: {{}} }},\n"
                    for n in range(3)
                )
                + "    }"
            ),
            (Expect(3, 5, "main.resources has 3 resources; the maximum is 2"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        entry = ctx.definition.main.entry("resources")
        if entry is not None and isinstance(entry.value, SObject) and len(entry.value.entries) > MAX_RESOURCES:
            yield self.finding(
                f"main.resources has {len(entry.value.entries)} resources; the maximum is {MAX_RESOURCES}",
                entry.key_span,
            )


class MaxQueries(Rule):
    code = Code.RES006
    name = "max-queries"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = f"A resource has at most {MAX_QUERIES} queries"
    why = "09-validation-rules allows 4 (the 3.x runtime refuses more; 13-resources and the 4.x runtime allow 7)."
    fix = "Merge queries, or split the resource."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            example(
                "    resources: { contracts: { source: 'sqlite', description: 'C', database: 'c.db', queries: {\n"
                + "".join(
                    f"        q{n}: {{ sql: 'SELECT 1', description: 'Q', parameters: [], {_OUTPUT}, {_TESTS} }},\n"
                    for n in range(5)
                )
                + "    } } }"
            ),
            (Expect(3, 85, "resource 'contracts' has 5 queries; the maximum is 4"),),
        )
    ]

    # The specification generation this code counts for, and its maximum (4.x: RES028, 7 queries).
    generation: ClassVar[int] = 3
    maximum: ClassVar[int] = MAX_QUERIES

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        if ctx.spec.major != self.generation:
            return
        for entry in _resources(ctx):
            assert isinstance(entry.value, SObject)
            queries = entry.value.entry("queries")
            if queries is not None and isinstance(queries.value, SObject) and len(queries.value.entries) > self.maximum:
                yield self.finding(
                    f"resource '{entry.key}' has {len(queries.value.entries)} queries; the maximum is {self.maximum} "
                    "(FlowMCP's MainValidator refuses the definition)",
                    queries.key_span,
                )


def _query_field(ctx: RuleContext, rule: Rule, key: str, what: str) -> Iterator[Finding]:
    """Each query's `key` is a (non-empty) string."""
    for tool in _queries(ctx):
        assert tool.obj is not None
        node = tool.obj.get(key)
        if isinstance(node, NonStatic):
            continue
        if not string_value(node):
            got = f", got {type_name(node)}" if node is not None and not isinstance(node, SScalar) else ""
            yield rule.finding(
                f"query '{tool.label}' needs {what}{got}",
                node.span if node is not None else tool.key_span,
                tool=tool.label,
            )


class QuerySql(Rule):
    code = Code.RES007
    name = "query-sql"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "Each query must have a sql string"
    why = "The SQL is what the query runs."
    fix = "Write `sql: 'SELECT ... FROM ... WHERE x = ?'`."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            _resource(query=f"description: 'All', parameters: [], {_OUTPUT},"),
            (Expect(4, 9, "query 'contracts.all' needs a sql string"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        yield from _query_field(ctx, self, "sql", "a sql string")


class QueryDescription(Rule):
    code = Code.RES008
    name = "query-description"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "Each query must have a description string"
    why = "AI clients choose queries by their descriptions."
    fix = "Describe what the query returns."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            _resource(query=f"sql: 'SELECT 1', parameters: [], {_OUTPUT},"),
            (Expect(4, 9, "query 'contracts.all' needs a description"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        yield from _query_field(ctx, self, "description", "a description")


class QueryParameters(Rule):
    code = Code.RES009
    name = "query-parameters"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "Each query must have a parameters array"
    why = "Parameters bind to the SQL's `?` placeholders in order; `[]` when there are none."
    fix = "Write `parameters: []`."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            _resource(query=f"sql: 'SELECT 1', description: 'All', {_OUTPUT},"),
            (Expect(4, 9, "query 'contracts.all' needs a parameters array"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in _queries(ctx):
            node = tool.parameters_node
            if node is None:
                yield self.finding(
                    f"query '{tool.label}' needs a parameters array (`[]` when none)", tool.key_span, tool=tool.label
                )
            elif not isinstance(node, (SArray, NonStatic)):
                yield self.finding(
                    f"query '{tool.label}': parameters must be an array, got {type_name(node)}",
                    node.span,
                    tool=tool.label,
                )


class QueryOutput(Rule):
    code = Code.RES010
    name = "query-output"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "Each query must have an output with mimeType and schema"
    why = "Query results are tables: the output declares the rows' shape (an array)."
    fix = f"Write `{_OUTPUT}`."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            _resource(query="sql: 'SELECT 1', description: 'All', parameters: [],"),
            (Expect(4, 9, "query 'contracts.all' needs an output"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in _queries(ctx):
            assert tool.obj is not None
            output = tool.obj.get("output")
            if isinstance(output, NonStatic):
                continue
            if not isinstance(output, SObject):
                yield self.finding(
                    f"query '{tool.label}' needs an output {{ mimeType: 'application/json', schema: {{ type: 'array' }} }}",
                    output.span if output is not None else tool.key_span,
                    tool=tool.label,
                )
            else:
                missing = [key for key in ("mimeType", "schema") if output.get(key) is None]
                if missing:
                    yield self.finding(
                        f"query '{tool.label}': output needs " + " and ".join(missing), output.span, tool=tool.label
                    )


class QueryTests(Rule):
    code = Code.RES011
    name = "query-tests"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "Each query must have at least one test"
    why = "Tests are the executable examples `flowlint capture` runs against the database."
    fix = "Add `tests: [ { _description: '...' } ]` with values for the parameters."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            example(
                "    resources: { contracts: { source: 'sqlite', description: 'C', database: 'c.db', queries: {\n"
                f"        all: {{ sql: 'SELECT 1', description: 'All', parameters: [], {_OUTPUT} }}\n"
                "    } } }"
            ),
            (Expect(4, 9, "query 'contracts.all' has no tests"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in _queries(ctx):
            node = tool.tests_node
            if node is None or (isinstance(node, SArray) and not node.items):
                yield self.finding(
                    f"query '{tool.label}' has no tests; add at least one", tool.key_span, tool=tool.label
                )


class NoLocation(Rule):
    code = Code.RES015
    name = "query-parameter-location"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "Resource parameters must not have position.location"
    why = "Query parameters bind to `?` placeholders in order; a location means nothing there."
    fix = "Remove `location` from the parameter's position."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            _resource(
                query="sql: 'SELECT * FROM contracts WHERE address = ?', description: 'By address', parameters: [ "
                "{ position: { key: 'address', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [] } } ], "
                f"{_OUTPUT},"
            ),
            (Expect(4, 172, "resource parameters have no location"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in _queries(ctx):
            for parameter in tool.parameters:
                if parameter.location is not None:
                    yield self.finding(
                        f"parameter '{parameter.key}': resource parameters have no location (they bind to `?` in "
                        "order); remove it",
                        parameter.location_span or parameter.span,
                        tool=tool.label,
                        parameter=parameter.key,
                    )


class NoServerParam(Rule):
    code = Code.RES016
    name = "query-server-param"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "Resource parameters must not use {{SERVER_PARAM:...}} values"
    why = "Server parameters are secrets for HTTP APIs; a local query has no use for them."
    fix = "Use `{{USER_PARAM}}` or a fixed value."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            _resource(
                query="sql: 'SELECT * FROM contracts WHERE owner = ?', description: 'Mine', parameters: [ "
                "{ position: { key: 'owner', value: '{{SERVER_PARAM:OWNER}}' }, z: { primitive: 'string()', options: [] } } ], "
                f"{_OUTPUT},"
            ),
            (Expect(4, 99, "resource parameters must not use server params"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in _queries(ctx):
            for parameter in tool.parameters:
                if parameter.role == "server" or (parameter.value and "{{SERVER_PARAM:" in parameter.value):
                    yield self.finding(
                        f"parameter '{parameter.key}': resource parameters must not use server params",
                        parameter.span,
                        tool=tool.label,
                        parameter=parameter.key,
                    )


class ResourceName(Rule):
    code = Code.RES017
    name = "resource-name"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "A resource name must be camelCase: ^[a-z][a-zA-Z0-9]*$"
    why = "Resource names become part of MCP resource names."
    fix = "Rename the resource in camelCase."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            _resource().replace("resources: { contracts:", "resources: { token_contracts:"),
            (Expect(3, 18, "resource name 'token_contracts' must be camelCase"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for entry in _resources(ctx):
            if not CAMEL.match(entry.key):
                yield self.finding(
                    f"resource name '{entry.key}' must be camelCase (^[a-z][a-zA-Z0-9]*$)", entry.key_span
                )


class QueryName(Rule):
    code = Code.RES018
    name = "query-name"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "A query name must be camelCase: ^[a-z][a-zA-Z0-9]*$"
    why = "Query names become part of MCP tool names."
    fix = "Rename the query in camelCase."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            _resource().replace("        all: {", "        all_rows: {"),
            (Expect(4, 9, "query name 'all_rows' must be camelCase"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in _queries(ctx):
            if not CAMEL.match(tool.name):
                yield self.finding(
                    f"query name '{tool.name}' must be camelCase (^[a-z][a-zA-Z0-9]*$)", tool.key_span, tool=tool.label
                )


class ScalarPrimitives(Rule):
    code = Code.RES019
    name = "query-scalar-primitive"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "Resource parameters are string(), number(), boolean() or enum(), never array() or object()"
    why = "SQLite binds one scalar per `?`."
    fix = "Use a scalar primitive; pass lists as several parameters."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            _resource(
                query="sql: 'SELECT * FROM contracts WHERE address IN (?)', description: 'Some', parameters: [ "
                "{ position: { key: 'addresses', value: '{{USER_PARAM}}' }, z: { primitive: 'array()', options: [] } } ], "
                f"{_OUTPUT},"
            ),
            (Expect(4, 179, "resource parameters must be scalar"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in _queries(ctx):
            for parameter in tool.parameters:
                spec = parameter.z
                if spec is not None and spec.kind is not None and spec.kind not in SCALAR_PRIMITIVES:
                    yield self.finding(
                        f"parameter '{parameter.key}': {spec.kind}() is not allowed; resource parameters must be "
                        "scalar: string(), number(), boolean() or enum()",
                        parameter.option_span(None),
                        tool=tool.label,
                        parameter=parameter.key,
                    )


class OutputArray(Rule):
    code = Code.RES021
    name = "query-output-array"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "A resource query's output.schema.type must be 'array'"
    why = "A query returns rows: an array of objects."
    fix = "Write `schema: { type: 'array', items: { type: 'object', properties: { ... } } }`."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            _resource(
                query="sql: 'SELECT 1', description: 'One', parameters: [], "
                "output: { mimeType: 'application/json', schema: { type: 'object' } },"
            ),
            (Expect(4, 125, "output.schema.type must be 'array'"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in _queries(ctx):
            assert tool.obj is not None
            output = tool.obj.get("output")
            schema = output.get("schema") if isinstance(output, SObject) else None
            kind = schema.get("type") if isinstance(schema, SObject) else None
            if isinstance(kind, SScalar) and kind.value != "array":
                yield self.finding(
                    f"query '{tool.label}': output.schema.type must be 'array' (rows), got '{kind.value}'",
                    kind.span,
                    tool=tool.label,
                )
