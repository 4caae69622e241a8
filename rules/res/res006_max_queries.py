"""RES006: max-queries."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, example

from ._max_queries import MAX_QUERIES, QueryCountRule
from ._resources import GOOD, OUTPUT, TESTS


class MaxQueries(QueryCountRule):
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
                "    resources: { contracts: { source: 'sqlite', description: 'C', database: 'c.db', ‸queries: {\n"
                + "".join(
                    f"        q{n}: {{ sql: 'SELECT 1', description: 'Q', parameters: [], {OUTPUT}, {TESTS} }},\n"
                    for n in range(5)
                )
                + "    } } }"
            ),
            (Expect("resource 'contracts' has 5 queries; the maximum is 4"),),
        )
    ]
