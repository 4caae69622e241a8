"""RES009: Each query must have a parameters array."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SArray, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext

from ._resources import GOOD, OUTPUT, resource, resource_queries


class QueryParameters(Rule):
    code = Code.RES009
    name = "query-parameters"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "Each query must have a parameters array"
    why = "Parameters bind to the SQL's `?` placeholders in order; `[]` when there are none."
    fix = "Write `parameters: []`."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            resource(query=f"sql: 'SELECT 1', description: 'All', {OUTPUT},", mark_query=True),
            (Expect("query 'contracts.all' needs a parameters array"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in resource_queries(ctx):
            node = tool.parameters_node
            if node is None:
                yield self.finding(
                    f"query '{tool.label}' needs a parameters array (`[]` when none)", tool.key_span, tool=tool.label
                )
            elif not isinstance(node, (SArray, NonStatic)):
                yield self.finding(
                    f"query '{tool.label}': parameters must be an array, got {type_name(node)}",
                    node.span,
                    tool=tool.label,
                )
