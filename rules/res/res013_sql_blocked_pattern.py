"""RES013: Resource SQL must not contain ATTACH DATABASE, PRAGMA, CREATE, DROP, INSERT, UPDATE, DELETE..."""

from __future__ import annotations

import re
from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.definition.sql import without_literals
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._read_only_sql import READ_ONLY_QUERIES, queries

# The runtime's blocked patterns (flowmcp-core src/v4/task/ResourceValidator.mjs), matched against the raw text.
_RUNTIME_BLOCKED = (
    (re.compile(r"ATTACH\s+DATABASE", re.IGNORECASE), "ATTACH DATABASE"),
    (re.compile(r"LOAD_EXTENSION", re.IGNORECASE), "LOAD_EXTENSION"),
    (re.compile(r"PRAGMA", re.IGNORECASE), "PRAGMA"),
    (re.compile(r"CREATE\s+(TABLE|INDEX|VIEW|TRIGGER)", re.IGNORECASE), "CREATE"),
    (re.compile(r"ALTER\s+TABLE", re.IGNORECASE), "ALTER TABLE"),
    (re.compile(r"DROP\s+(TABLE|INDEX|VIEW|TRIGGER)", re.IGNORECASE), "DROP"),
    (re.compile(r"INSERT\s+INTO", re.IGNORECASE), "INSERT INTO"),
    (re.compile(r"UPDATE\s+\w+\s+SET", re.IGNORECASE), "UPDATE"),
    (re.compile(r"DELETE\s+FROM", re.IGNORECASE), "DELETE FROM"),
)


# The specification's further statements, outside string literals; REPLACE( is the string function.
_SPEC_BLOCKED = re.compile(r"\b(REPLACE\b(?!\s*\()|TRUNCATE\b|DETACH\b|VACUUM\b)", re.IGNORECASE)


class BlockedSql(Rule):
    code = Code.RES013
    name = "sql-blocked-pattern"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "Resource SQL must not contain ATTACH DATABASE, PRAGMA, CREATE, DROP, INSERT, UPDATE, DELETE..."
    why = (
        "The runtime refuses a query whose text matches one of its blocked patterns anywhere, string literals "
        "and column names included (`PRAGMA` matches `pragmatic`); the specification also blocks REPLACE and "
        "TRUNCATE statements."
    )
    fix = "Remove the statement; if a literal or a name trips the runtime's pattern, rename or rephrase it."
    VALID = READ_ONLY_QUERIES
    INVALID = [
        Example(
            example("""\
    resources: { contracts: { source: 'sqlite', description: 'Contracts', database: 'contracts.db', queries: {
        purge: { sql: ‸'SELECT 1; DELETE FROM contracts', description: 'Remove all', parameters: [],
            output: { mimeType: 'application/json', schema: { type: 'array' } },
            tests: [ { _description: 'Purge' } ] }
    } } }"""),
            (Expect("DELETE FROM"),),
        ),
        Example(
            example("""\
    resources: { contracts: { source: 'sqlite', description: 'Contracts', database: 'contracts.db', queries: {
        notes: { sql: ‸"SELECT note FROM contracts WHERE note LIKE '%pragma%'", description: 'Notes', parameters: [],
            output: { mimeType: 'application/json', schema: { type: 'array' } },
            tests: [ { _description: 'Notes' } ] }
    } } }"""),
            (Expect("the runtime refuses any text matching PRAGMA, string literals included"),),
            title="the runtime's pattern matches inside a string literal",
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool, sql in queries(ctx):
            for pattern, label in _RUNTIME_BLOCKED:
                if pattern.search(sql):
                    yield self.finding(
                        f"the SQL contains {label}: the runtime refuses any text matching {label}, string literals "
                        "included; a resource query must be a read-only SELECT",
                        tool.sql_span or tool.key_span,
                        tool=tool.label,
                    )
            spec = _SPEC_BLOCKED.search(without_literals(sql))
            if spec:
                word = spec.group(1).split()[0].upper()
                yield self.finding(
                    f"the SQL contains a {word} statement; a resource query must be a read-only SELECT",
                    tool.sql_span or tool.key_span,
                    tool=tool.label,
                )
