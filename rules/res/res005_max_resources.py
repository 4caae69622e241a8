"""RES005: max-resources."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import SObject
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._resources import GOOD

MAX_RESOURCES = 2


class MaxResources(Rule):
    code = Code.RES005
    name = "max-resources"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = f"A definition has at most {MAX_RESOURCES} resources"
    why = "The runtime refuses more."
    fix = "Split the resources over several definitions."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            example(
                "    ‸resources: {\n"
                + "".join(
                    f"        r{n}: {{ source: 'sqlite', description: 'R', database: 'r.db', queries: {{}} }},\n"
                    for n in range(3)
                )
                + "    }"
            ),
            (Expect("main.resources has 3 resources; the maximum is 2"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        entry = ctx.definition.main.entry("resources")
        if entry is not None and isinstance(entry.value, SObject) and len(entry.value.entries) > MAX_RESOURCES:
            yield self.finding(
                f"main.resources has {len(entry.value.entries)} resources; the maximum is {MAX_RESOURCES}",
                entry.key_span,
            )
