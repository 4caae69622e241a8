"""RES006: max-queries."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import SObject
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._resources import GOOD, OUTPUT, TESTS, resources

MAX_QUERIES = 4


class MaxQueries(Rule):
    code = Code.RES006
    name = "max-queries"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = f"A resource has at most {MAX_QUERIES} queries"
    why = "09-validation-rules allows 4 (the 3.x runtime refuses more; 13-resources and the 4.x runtime allow 7)."
    fix = "Merge queries, or split the resource."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            example(
                "    resources: { contracts: { source: 'sqlite', description: 'C', database: 'c.db', queries: {\n"
                + "".join(
                    f"        q{n}: {{ sql: 'SELECT 1', description: 'Q', parameters: [], {OUTPUT}, {TESTS} }},\n"
                    for n in range(5)
                )
                + "    } } }"
            ),
            (Expect(3, 85, "resource 'contracts' has 5 queries; the maximum is 4"),),
        )
    ]

    # The specification generation this code counts for, and its maximum (4.x: RES028, 7 queries).
    generation: ClassVar[int] = 3
    maximum: ClassVar[int] = MAX_QUERIES

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        if ctx.spec.major != self.generation:
            return
        for entry in resources(ctx):
            assert isinstance(entry.value, SObject)
            queries = entry.value.entry("queries")
            if queries is not None and isinstance(queries.value, SObject) and len(queries.value.entries) > self.maximum:
                yield self.finding(
                    f"resource '{entry.key}' has {len(queries.value.entries)} queries; the maximum is {self.maximum} "
                    "(FlowMCP's MainValidator refuses the definition)",
                    queries.key_span,
                )
