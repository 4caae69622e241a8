"""RES007: Each query must have a sql string."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext

from ._resources import GOOD, OUTPUT, query_field, resource


class QuerySql(Rule):
    code = Code.RES007
    name = "query-sql"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "Each query must have a sql string"
    why = "The SQL is what the query runs."
    fix = "Write `sql: 'SELECT ... FROM ... WHERE x = ?'`."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            resource(query=f"description: 'All', parameters: [], {OUTPUT},", mark_query=True),
            (Expect("query 'contracts.all' needs a sql string"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        yield from query_field(ctx, self, "sql", "a sql string")
