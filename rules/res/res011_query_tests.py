"""RES011: Each query must have at least one test."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import SArray
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding, node_path
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._resources import GOOD, OUTPUT, resource_queries


class QueryTests(Rule):
    code = Code.RES011
    name = "query-tests"
    severity = Severity.ERROR
    consequence = Consequence.TEST
    summary = "Each query must have at least one test"
    why = (
        "Tests are the executable examples `flowlint capture` runs against the database. A resource query with "
        "no test breaks the first test rule (TST001: at least one test per tool and per resource query; the "
        "specification's TST001 names resource queries too), so it is an error in both profiles, reported "
        "under the code the specification gives it for queries, RES011."
    )
    fix = "Add `tests: [ { _description: '...' } ]` with values for the parameters."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            example(
                "    resources: { contracts: { source: 'sqlite', description: 'C', database: 'c.db', queries: {\n"
                f"        ‸all: {{ sql: 'SELECT 1', description: 'All', parameters: [], {OUTPUT} }}\n"
                "    } } }"
            ),
            (Expect("query 'contracts.all' has no tests"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in resource_queries(ctx):
            node = tool.tests_node
            if node is None or (isinstance(node, SArray) and not node.items):
                yield self.finding(
                    f"query '{tool.label}' has no tests; a resource query needs at least one, as a tool does (TST001): "
                    "add one",
                    tool.key_span,
                    tool=tool.label,
                    claims=(node_path(tool.label),),  # the query's TST001
                )
