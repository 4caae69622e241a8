"""RES014: a resource query binds as many parameters as its SQL has `?` placeholders."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example


def count_placeholders(sql: str) -> int:
    """Count `?` outside string literals, quoted identifiers and comments."""
    count = 0
    index = 0
    length = len(sql)
    while index < length:
        char = sql[index]
        if char in "'\"`":
            end = sql.find(char, index + 1)
            while end != -1 and end + 1 < length and sql[end + 1] == char:
                end = sql.find(char, end + 2)
            index = length if end == -1 else end + 1
            continue
        if sql.startswith("--", index):
            end = sql.find("\n", index)
            index = length if end == -1 else end + 1
            continue
        if sql.startswith("/*", index):
            end = sql.find("*/", index + 2)
            index = length if end == -1 else end + 2
            continue
        if char == "?":
            count += 1
        index += 1
    return count


class SqlParameterCount(Rule):
    code = Code.RES014
    name = "sql-parameter-count"
    severity = Severity.ERROR
    consequence = Consequence.CALL_REFUSED
    summary = "A resource query needs one parameter per `?` in its SQL"
    why = "Parameters bind positionally to `?`; a different count makes SQLite reject every call."
    fix = "Add or remove parameters (or placeholders) so the counts match, in the same order."
    VALID = [
        Example(
            example("""\
    resources: { contracts: { source: 'sqlite', description: 'Contracts', database: 'contracts.db', queries: {
        byAddress: { sql: 'SELECT * FROM contracts WHERE address = ?', description: 'By address',
            parameters: [ { position: { key: 'address', value: '{{USER_PARAM}}' }, z: { primitive: 'string()', options: [] } } ],
            output: { mimeType: 'application/json', schema: { type: 'array' } },
            tests: [ { _description: 'USDC', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' } ] }
    } } }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    resources: { contracts: { source: 'sqlite', description: 'Contracts', database: 'contracts.db', queries: {
        byAddress: { sql: ‸'SELECT * FROM contracts WHERE address = ? AND chain_id = ?', description: 'By address',
            parameters: [ { position: { key: 'address', value: '{{USER_PARAM}}' }, z: { primitive: 'string()', options: [] } } ],
            tests: [ { _description: 'USDC', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' } ] }
    } } }"""),
            (Expect("the SQL has 2 `?` placeholders but the query has 1 parameter"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in ctx.definition.tools:
            if tool.static_sql is None or tool.sql_span is None:
                continue
            placeholders = count_placeholders(tool.static_sql)
            parameters = len(tool.parameters)
            if placeholders != parameters:
                yield self.finding(
                    f"the SQL has {placeholders} `?` placeholder{'s' if placeholders != 1 else ''} "
                    f"but the query has {parameters} parameter{'s' if parameters != 1 else ''}; "
                    "they bind in order, one per `?`",
                    tool.sql_span,
                    tool=tool.label,
                )
