"""RES002: resource SQL is a single read-only SELECT (or WITH ... SELECT) statement."""

from __future__ import annotations

import re
from collections.abc import Iterator

from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

_LEADING_COMMENTS = re.compile(r"^(\s+|--[^\n]*\n?|/\*.*?\*/)*", re.DOTALL)
_FORBIDDEN = re.compile(
    r"\b(INSERT|UPDATE|DELETE|REPLACE|DROP|ALTER|CREATE|ATTACH|DETACH|PRAGMA|VACUUM)\b", re.IGNORECASE
)


class ReadOnlySql(Rule):
    code = Code.RES002
    name = "read-only-sql"
    severity = Severity.ERROR
    summary = "Resource SQL must be one SELECT or WITH statement; writes, ATTACH and PRAGMA are forbidden"
    why = "FlowMCP opens SQLite resources read-only and refuses anything but queries."
    fix = "Rewrite the query as a SELECT."
    VALID = [
        Example(
            example("""\
    resources: { contracts: { source: 'sqlite', description: 'Contracts', database: 'contracts.db', queries: {
        all: { sql: 'SELECT address, name FROM contracts LIMIT 10', description: 'Some contracts', parameters: [],
            tests: [ { _description: 'First ten' } ] }
    } } }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    resources: { contracts: { source: 'sqlite', description: 'Contracts', database: 'contracts.db', queries: {
        purge: { sql: 'DELETE FROM contracts', description: 'Remove all', parameters: [],
            tests: [ { _description: 'Purge' } ] }
    } } }"""),
            (Expect(4, 23, "must be a read-only SELECT"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in ctx.definition.tools:
            if tool.kind != "query" or tool.sql is None or tool.sql_span is None:
                continue
            problem = sql_problem(tool.sql)
            if problem:
                yield self.finding(problem, tool.sql_span, tool=tool.label)


def sql_problem(sql: str) -> str | None:
    """Why `sql` is not an acceptable read-only query, or None."""
    leading = _LEADING_COMMENTS.match(sql)  # always matches (possibly the empty string)
    body = sql[leading.end() if leading is not None else 0 :]
    first = body.split(None, 1)[0].upper() if body.split() else ""
    if first not in ("SELECT", "WITH"):
        return f"the SQL starts with {first or 'nothing'}; it must be a read-only SELECT (or WITH ... SELECT)"
    statements = [s for s in body.split(";") if s.strip()]
    if len(statements) > 1:
        return "the SQL holds several statements; a resource query is one SELECT"
    forbidden = _FORBIDDEN.search(re.sub(r"'[^']*'", "''", body))
    if forbidden:
        return f"the SQL contains {forbidden.group(1).upper()}; a resource query must be a read-only SELECT"
    return None
