"""RES010: Each query must have an output with mimeType and schema."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SObject
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext

from ._resources import GOOD, OUTPUT, resource, resource_queries


class QueryOutput(Rule):
    code = Code.RES010
    name = "query-output"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "Each query must have an output with mimeType and schema"
    why = "Query results are tables: the output declares the rows' shape (an array)."
    fix = f"Write `{OUTPUT}`."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            resource(query="sql: 'SELECT 1', description: 'All', parameters: [],", mark_query=True),
            (Expect("query 'contracts.all' needs an output"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in resource_queries(ctx):
            assert tool.obj is not None
            output = tool.obj.get("output")
            if isinstance(output, NonStatic):
                continue
            if not isinstance(output, SObject):
                yield self.finding(
                    f"query '{tool.label}' needs an output {{ mimeType: 'application/json', schema: {{ type: 'array' }} }}",
                    output.span if output is not None else tool.key_span,
                    tool=tool.label,
                )
            else:
                missing = [key for key in ("mimeType", "schema") if output.get(key) is None]
                if missing:
                    yield self.finding(
                        f"query '{tool.label}': output needs " + " and ".join(missing), output.span, tool=tool.label
                    )
