"""RES008: Each query must have a description string."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext

from ._resources import GOOD, OUTPUT, query_field, resource


class QueryDescription(Rule):
    code = Code.RES008
    name = "query-description"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "Each query must have a description string"
    why = "AI clients choose queries by their descriptions."
    fix = "Describe what the query returns."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            resource(query=f"sql: 'SELECT 1', parameters: [], {OUTPUT},", mark_query=True),
            (Expect("query 'contracts.all' needs a description"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        yield from query_field(ctx, self, "description", "a description")
