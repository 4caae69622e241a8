"""RES001-RES011, RES015-RES019, RES021: SQLite resources and their queries (09-validation-rules numbering).

13-resources numbers some of these rules differently (3.0.0-4.1.0); flowlint uses 09's registry,
as the specification's central list of codes. The runtime checks fewer of them (source, `.db`,
the counts, the SQL): where it is silent the specification's rule is applied as written.

Each rule is in its own module of this folder (and `rules/fl/` for FL codes); this module holds what they share.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from flowlint.core.nodes import NonStatic, SEntry, SObject, SScalar, string_value, type_name
from flowlint.definition.model import Tool
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import MARK, Rule, RuleContext, example

CAMEL = re.compile(r"[a-z][a-zA-Z0-9]*\Z")


OUTPUT = "output: { mimeType: 'application/json', schema: { type: 'array', items: { type: 'object' } } }"


TESTS = "tests: [ { _description: 'All' }, { _description: 'Again' }, { _description: 'Once more' } ]"


def resource(
    head: str = "source: 'sqlite', description: 'Contracts', database: 'contracts.db'",
    query: str = "",
    mark_query: bool = False,
) -> str:
    """An example with one resource `contracts` (line 3) and one query (line 4, fields `query`);
    `mark_query`: an expected finding starts at the query's key."""
    query = query or f"sql: 'SELECT address FROM contracts', description: 'All', parameters: [], {OUTPUT},"
    return example(
        f"    resources: {{ contracts: {{ {head}, queries: {{\n"
        f"        {MARK if mark_query else ''}all: {{ {query}\n"
        f"            {TESTS} }}\n"
        "    } } }"
    )


GOOD = resource()


def resources(ctx: RuleContext) -> Iterator[SEntry]:
    node = ctx.definition.main.get("resources")
    if isinstance(node, SObject):
        for entry in node.entries:
            if isinstance(entry.value, SObject):
                yield entry


def resource_queries(ctx: RuleContext) -> Iterator[Tool]:
    for tool in ctx.definition.tools:
        if tool.kind == "query" and tool.obj is not None:
            yield tool


def query_field(ctx: RuleContext, rule: Rule, key: str, what: str) -> Iterator[Finding]:
    """Each query's `key` is a (non-empty) string."""
    for tool in resource_queries(ctx):
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
