"""RES021: A resource query's output.schema.type must be 'array'."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import SObject, SScalar
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext

from ._resources import GOOD, resource, resource_queries


class OutputArray(Rule):
    code = Code.RES021
    name = "query-output-array"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "A resource query's output.schema.type must be 'array'"
    why = "A query returns rows: an array of objects."
    fix = "Write `schema: { type: 'array', items: { type: 'object', properties: { ... } } }`."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            resource(
                query="sql: 'SELECT 1', description: 'One', parameters: [], "
                "output: { mimeType: 'application/json', schema: { type: ‸'object' } },"
            ),
            (Expect("output.schema.type must be 'array'"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in resource_queries(ctx):
            assert tool.obj is not None
            output = tool.obj.get("output")
            schema = output.get("schema") if isinstance(output, SObject) else None
            kind = schema.get("type") if isinstance(schema, SObject) else None
            if isinstance(kind, SScalar) and kind.value != "array":
                yield self.finding(
                    f"query '{tool.label}': output.schema.type must be 'array' (rows), got '{kind.value}'",
                    kind.span,
                    tool=tool.label,
                )
