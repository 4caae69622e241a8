"""RES018: A query name must be camelCase: ^[a-z][a-zA-Z0-9]*$."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext

from ._resources import CAMEL, GOOD, resource, resource_queries


class QueryName(Rule):
    code = Code.RES018
    name = "query-name"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "A query name must be camelCase: ^[a-z][a-zA-Z0-9]*$"
    why = "Query names become part of MCP tool names."
    fix = "Rename the query in camelCase."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            resource().replace("        all: {", "        ‸all_rows: {"),
            (Expect("query name 'all_rows' must be camelCase"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in resource_queries(ctx):
            if not CAMEL.match(tool.name):
                yield self.finding(
                    f"query name '{tool.name}' must be camelCase (^[a-z][a-zA-Z0-9]*$)", tool.key_span, tool=tool.label
                )
