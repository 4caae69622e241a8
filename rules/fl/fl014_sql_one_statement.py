"""FL014: Resource SQL must be a single statement."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.definition.sql import without_literals
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ..res._read_only_sql import READ_ONLY_QUERIES, queries


class OneStatement(Rule):
    code = Code.FL014
    name = "sql-one-statement"
    severity = Severity.ERROR
    consequence = Consequence.CALL_REFUSED
    summary = "Resource SQL must be a single statement"
    why = (
        "SQLite runs one statement per call and refuses the rest; no specification code names it. A `;` "
        "inside a string literal or a comment is not a separator."
    )
    fix = "Keep one SELECT; split other statements into further queries."
    VALID = READ_ONLY_QUERIES
    INVALID = [
        Example(
            example("""\
    resources: { contracts: { source: 'sqlite', description: 'Contracts', database: 'contracts.db', queries: {
        twice: { sql: ‸'SELECT 1; SELECT 2', description: 'Two', parameters: [],
            output: { mimeType: 'application/json', schema: { type: 'array' } },
            tests: [ { _description: 'Two' } ] }
    } } }"""),
            (Expect("the SQL holds 2 statements"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool, sql in queries(ctx):
            statements = [s for s in without_literals(sql).split(";") if s.strip()]
            if len(statements) > 1:
                yield self.finding(
                    f"the SQL holds {len(statements)} statements; a resource query is one SELECT",
                    tool.sql_span or tool.key_span,
                    tool=tool.label,
                )
