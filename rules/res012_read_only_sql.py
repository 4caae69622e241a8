"""RES012, RES013 and FL014: resource SQL is one read-only SELECT (or WITH ... SELECT) statement.

RES012 and RES013 are the specification's (09-validation-rules); the patterns are the runtime's
(flowmcp-core ResourceValidator), which matches them against the raw SQL text, string literals
included, plus the specification's REPLACE and TRUNCATE statements. `{{DYNAMIC_SQL}}` is a query
the runtime builds at call time: it is not checked.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.definition.model import Tool
from flowlint.definition.sql import first_keyword, without_literals
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

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


class SelectOnly(Rule):
    code = Code.RES012
    name = "sql-select"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "Resource SQL must begin with SELECT (or WITH, which the runtime and 13-resources allow)"
    why = "FlowMCP opens SQLite resources read-only and refuses to load a query that starts with anything else."
    fix = "Rewrite the query as a SELECT."
    VALID = [
        Example(
            example("""\
    resources: { contracts: { source: 'sqlite', description: 'Contracts', database: 'contracts.db', queries: {
        all: { sql: "SELECT REPLACE(name, ';', ',') AS name FROM contracts WHERE note <> 'x;y' LIMIT 10", description: 'Some contracts', parameters: [],
            output: { mimeType: 'application/json', schema: { type: 'array' } },
            tests: [ { _description: 'First ten' } ] },
        dynamic: { sql: '{{DYNAMIC_SQL}}', description: 'Built at call time', parameters: [],
            output: { mimeType: 'application/json', schema: { type: 'array' } },
            tests: [ { _description: 'Anything' } ] }
    } } }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    resources: { contracts: { source: 'sqlite', description: 'Contracts', database: 'contracts.db', queries: {
        purge: { sql: 'VACUUM', description: 'Compact', parameters: [],
            output: { mimeType: 'application/json', schema: { type: 'array' } },
            tests: [ { _description: 'Compact' } ] }
    } } }"""),
            (Expect(4, 23, "the SQL starts with VACUUM; it must be a read-only SELECT"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool, sql in _queries(ctx):
            first = first_keyword(sql)
            if first not in ("SELECT", "WITH"):
                yield self.finding(
                    f"the SQL starts with {first or 'nothing'}; it must be a read-only SELECT (or WITH ... SELECT)",
                    tool.sql_span or tool.key_span,
                    tool=tool.label,
                )


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
    VALID = SelectOnly.VALID
    INVALID = [
        Example(
            example("""\
    resources: { contracts: { source: 'sqlite', description: 'Contracts', database: 'contracts.db', queries: {
        purge: { sql: 'SELECT 1; DELETE FROM contracts', description: 'Remove all', parameters: [],
            output: { mimeType: 'application/json', schema: { type: 'array' } },
            tests: [ { _description: 'Purge' } ] }
    } } }"""),
            (Expect(4, 23, "DELETE FROM"),),
        ),
        Example(
            example("""\
    resources: { contracts: { source: 'sqlite', description: 'Contracts', database: 'contracts.db', queries: {
        notes: { sql: "SELECT note FROM contracts WHERE note LIKE '%pragma%'", description: 'Notes', parameters: [],
            output: { mimeType: 'application/json', schema: { type: 'array' } },
            tests: [ { _description: 'Notes' } ] }
    } } }"""),
            (Expect(4, 23, "the runtime refuses any text matching PRAGMA, string literals included"),),
            title="the runtime's pattern matches inside a string literal",
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool, sql in _queries(ctx):
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
    VALID = SelectOnly.VALID
    INVALID = [
        Example(
            example("""\
    resources: { contracts: { source: 'sqlite', description: 'Contracts', database: 'contracts.db', queries: {
        twice: { sql: 'SELECT 1; SELECT 2', description: 'Two', parameters: [],
            output: { mimeType: 'application/json', schema: { type: 'array' } },
            tests: [ { _description: 'Two' } ] }
    } } }"""),
            (Expect(4, 23, "the SQL holds 2 statements"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool, sql in _queries(ctx):
            statements = [s for s in without_literals(sql).split(";") if s.strip()]
            if len(statements) > 1:
                yield self.finding(
                    f"the SQL holds {len(statements)} statements; a resource query is one SELECT",
                    tool.sql_span or tool.key_span,
                    tool=tool.label,
                )


def _queries(ctx: RuleContext) -> Iterator[tuple[Tool, str]]:
    """Every resource query with its SQL, but those the runtime builds at call time ({{DYNAMIC_SQL}})."""
    for tool in ctx.definition.tools:
        if tool.static_sql is not None:
            yield tool, tool.static_sql
