"""RES012, RES013 and FL014: resource SQL is one read-only SELECT (or WITH ... SELECT) statement.

RES012 and RES013 are the specification's (09-validation-rules); the patterns are the runtime's
(flowmcp-core ResourceValidator), which matches them against the raw SQL text, string literals
included, plus the specification's REPLACE and TRUNCATE statements. `{{DYNAMIC_SQL}}` is a query
the runtime builds at call time: it is not checked.

Each rule is in its own module of this folder (and `rules/fl/` for FL codes); this module holds what they share.
"""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.definition.model import Tool
from flowlint.lint.rule import Example, RuleContext, example


def queries(ctx: RuleContext) -> Iterator[tuple[Tool, str]]:
    """Every resource query with its SQL, but those the runtime builds at call time ({{DYNAMIC_SQL}})."""
    for tool in ctx.definition.tools:
        if tool.static_sql is not None:
            yield tool, tool.static_sql


# Queries every read-only SQL rule accepts (RES012, RES013, FL014): a string literal holding ; and the dynamic SQL of a handler.
READ_ONLY_QUERIES = [
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
