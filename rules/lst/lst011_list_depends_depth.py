"""LST011: list-depends-depth."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, ListContext, Rule

from ._shared_lists import GOOD, dependency_chain, list_example

MAX_DEPENDENCY_DEPTH = 3


class DependsDepth(Rule):
    code = Code.LST011
    target = "list"
    name = "list-depends-depth"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = f"List dependencies are at most {MAX_DEPENDENCY_DEPTH} levels deep"
    why = "03-shared-lists caps dependency chains so that lists stay simple to resolve."
    fix = "Flatten the chain: depend on the list that holds the data directly."
    VALID = [GOOD]
    INVALID = [
        Example(
            list_example(mark="meta")
            .replace("name: 'stablecoins'", "name: 'a'")
            .replace(
                "description: 'USD stablecoins',", "description: 'A', dependsOn: [ { ref: 'b', version: '1.0.0' } ],"
            ),
            (Expect("4 levels deep"),),
            path="tests/fixtures/list_chain/_lists/a.mjs",
            title="beside the lists b -> c -> d -> e of tests/fixtures/list_chain/_lists/",
        )
    ]

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        found = dependency_chain(ctx)
        if found is None:
            return
        meta, name, cycle, depth = found
        if cycle is None and depth > MAX_DEPENDENCY_DEPTH:
            yield self.finding(
                f"list '{name}' depends on lists {depth} levels deep; at most {MAX_DEPENDENCY_DEPTH} are allowed",
                meta.span,
            )
