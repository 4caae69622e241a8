"""RES028, RES036, RES039, FL022: the 4.x resource rules that differ from 3.0.0's (13-resources, 4.x numbering).

The 4.x runtime (flowmcp-core 8dab10b, MainValidator and ResourceValidator) allows 7 queries per resource,
markdown resources (no `queries`, no `database`) and http resources (a non-empty `path`).
"""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SEntry, SObject, SScalar, string_value
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example_v4
from flowlint.rules.res001_resources import MaxQueries  # type: ignore[import-not-found,unused-ignore]

_MARKDOWN = "source: 'markdown', description: 'Guide', origin: 'inline', name: 'guide.md'"


def _v4_resources(ctx: RuleContext, source: str) -> Iterator[tuple[SEntry, SObject]]:
    """The resources of a 4.x definition whose source is `source`."""
    if ctx.spec.major != 4:
        return
    node = ctx.definition.main.get("resources")
    if not isinstance(node, SObject):
        return
    for entry in node.entries:
        value = entry.value
        if isinstance(value, SObject):
            kind = value.get("source")
            if isinstance(kind, SScalar) and kind.value == source:
                yield entry, value


class MaxQueriesV4(MaxQueries):  # type: ignore[misc,unused-ignore]
    code = Code.RES028
    name = "max-queries-v4"
    summary = "A 4.x resource has at most 7 schema-defined queries"
    why = "13-resources (4.x) and the 4.x runtime allow 7 queries per resource (9 with the injected ones)."
    generation = 4
    maximum = 7
    origin = "spec 4.x (13-resources)"
    VALID = [Example(example_v4("    tools: {}"))]
    INVALID = [
        Example(
            example_v4(
                "    resources: { contracts: { source: 'sqlite', description: 'C', database: 'c.db', queries: {\n"
                + "".join(
                    f"        q{n}: {{ sql: 'SELECT 1', description: 'Q', parameters: [], tests: [] }},\n"
                    for n in range(8)
                )
                + "    } } }"
            ),
            (Expect(3, 85, "resource 'contracts' has 8 queries; the maximum is 7"),),
        )
    ]


class HttpPath(Rule):
    code = Code.RES036
    name = "http-resource-path"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    origin = "spec 4.3.0 (13-resources)"
    summary = "A 4.x http resource needs a non-empty path (its local cache file)"
    why = "The 4.x runtime refuses an http resource without `path` ('path: Missing required field')."
    fix = "Add `path: 'cache/data.db'`."
    VALID = [
        Example(
            example_v4(
                "    resources: { data: { source: 'http', description: 'Data', path: 'cache/data.db', queries: {} } }"
            )
        )
    ]
    INVALID = [
        Example(
            example_v4("    resources: { data: { source: 'http', description: 'Data', queries: {} } }"),
            (Expect(3, 18, "resource 'data': a 4.x http resource needs path"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for entry, resource in _v4_resources(ctx, "http"):
            path = resource.get("path")
            if isinstance(path, NonStatic) or (string_value(path) or "").strip():
                continue
            yield self.finding(
                f"resource '{entry.key}': a 4.x http resource needs path, a non-empty string (its local cache "
                "file); FlowMCP's runtime refuses the definition",
                path.span if path is not None else entry.key_span,
            )


class MarkdownQueries(Rule):
    code = Code.RES039
    name = "markdown-no-queries"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    origin = "spec 4.x (13-resources)"
    summary = "A 4.x markdown resource has no queries"
    why = "A markdown resource is a document, not a database; the 4.x runtime refuses `queries` on it."
    fix = "Remove `queries`, or make the resource `source: 'sqlite'`."
    VALID = [Example(example_v4(f"    resources: {{ guide: {{ {_MARKDOWN} }} }}"))]
    INVALID = [
        Example(
            example_v4(f"    resources: {{ guide: {{ {_MARKDOWN}, queries: {{}} }} }}"),
            (Expect(3, 105, "resource 'guide': a markdown resource has no queries"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for entry, resource in _v4_resources(ctx, "markdown"):
            queries = resource.entry("queries")
            if queries is not None:
                yield self.finding(
                    f"resource '{entry.key}': a markdown resource has no queries; FlowMCP's runtime refuses the "
                    "definition: remove them",
                    queries.key_span,
                )


class MarkdownDatabase(Rule):
    code = Code.FL022
    name = "markdown-no-database"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "A 4.x markdown resource has no database"
    why = (
        "The 4.x runtime refuses `database` on a markdown resource ('database: Not allowed for markdown "
        "resources'); the specification names no code for it, hence a flowlint code."
    )
    fix = "Remove `database`: a markdown resource is the document named by `name`."
    VALID = [Example(example_v4(f"    resources: {{ guide: {{ {_MARKDOWN} }} }}"))]
    INVALID = [
        Example(
            example_v4(f"    resources: {{ guide: {{ {_MARKDOWN}, database: 'guide.db' }} }}"),
            (Expect(3, 105, "resource 'guide': a markdown resource has no database"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for entry, resource in _v4_resources(ctx, "markdown"):
            database = resource.entry("database")
            if database is not None:
                yield self.finding(
                    f"resource '{entry.key}': a markdown resource has no database; FlowMCP's runtime refuses the "
                    "definition: remove it",
                    database.key_span,
                )
