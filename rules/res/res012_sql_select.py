"""RES012: Resource SQL must begin with SELECT (or WITH, which the runtime and 13-resources allow)."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.definition.sql import first_keyword
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._read_only_sql import READ_ONLY_QUERIES, queries


class SelectOnly(Rule):
    code = Code.RES012
    name = "sql-select"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "Resource SQL must begin with SELECT (or WITH, which the runtime and 13-resources allow)"
    why = "FlowMCP opens SQLite resources read-only and refuses to load a query that starts with anything else."
    fix = "Rewrite the query as a SELECT."
    VALID = READ_ONLY_QUERIES
    INVALID = [
        Example(
            example("""\
    resources: { contracts: { source: 'sqlite', description: 'Contracts', database: 'contracts.db', queries: {
        purge: { sql: ‸'VACUUM', description: 'Compact', parameters: [],
            output: { mimeType: 'application/json', schema: { type: 'array' } },
            tests: [ { _description: 'Compact' } ] }
    } } }"""),
            (Expect("the SQL starts with VACUUM; it must be a read-only SELECT"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool, sql in queries(ctx):
            first = first_keyword(sql)
            if first not in ("SELECT", "WITH"):
                yield self.finding(
                    f"the SQL starts with {first or 'nothing'}; it must be a read-only SELECT (or WITH ... SELECT)",
                    tool.sql_span or tool.key_span,
                    tool=tool.label,
                )
