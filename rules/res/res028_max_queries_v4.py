"""RES028: A 4.x resource has at most 7 schema-defined queries."""

from __future__ import annotations

from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, example_v4

from ._max_queries import QueryCountRule


class MaxQueriesV4(QueryCountRule):
    code = Code.RES028
    name = "max-queries-v4"
    summary = "A 4.x resource has at most 7 schema-defined queries"
    why = "13-resources (4.x) and the 4.x runtime allow 7 queries per resource (9 with the injected ones)."
    fix = "Merge queries, or split the resource."
    generations = (4,)
    renumbers = Code.RES006
    maximum = 7
    origin = "spec 4.x (13-resources)"
    VALID = [Example(example_v4("    tools: {}"))]
    INVALID = [
        Example(
            example_v4(
                "    resources: { contracts: { source: 'sqlite', description: 'C', database: 'c.db', ‸queries: {\n"
                + "".join(
                    f"        q{n}: {{ sql: 'SELECT 1', description: 'Q', parameters: [], tests: [] }},\n"
                    for n in range(8)
                )
                + "    } } }"
            ),
            (Expect("resource 'contracts' has 8 queries; the maximum is 7"),),
        )
    ]
