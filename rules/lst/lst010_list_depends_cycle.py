"""LST010: List dependencies must not be circular."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, ListContext, Rule

from ._shared_lists import GOOD, PATH, dependency_chain, list_example


class DependsCycle(Rule):
    code = Code.LST010
    target = "list"
    name = "list-depends-cycle"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "List dependencies must not be circular"
    why = "A cycle can never be resolved."
    fix = "Remove one of the dependencies in the cycle."
    VALID = [GOOD]
    INVALID = [
        Example(
            list_example(mark="meta")
            .replace("name: 'stablecoins'", "name: 'loop'")
            .replace(
                "description: 'USD stablecoins',",
                "description: 'Loop', dependsOn: [ { ref: 'loop', version: '1.0.0' } ],",
            ),
            (Expect("list 'loop' depends on itself: loop -> loop"),),
            path=PATH,
        )
    ]

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        found = dependency_chain(ctx)
        if found is None:
            return
        meta, name, cycle, _depth = found
        if cycle is not None:
            yield self.finding(f"list '{name}' depends on itself: " + " -> ".join(cycle), meta.span)
