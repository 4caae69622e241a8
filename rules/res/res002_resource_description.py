"""RES002: resource.description must be a non-empty string."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SObject, string_value
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext

from ._resources import GOOD, resource, resources


class ResourceDescription(Rule):
    code = Code.RES002
    name = "resource-description"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "resource.description must be a non-empty string"
    why = "AI clients read it to choose the resource; the runtime refuses a missing one."
    fix = "Describe the data in one sentence."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            resource("source: 'sqlite', description: ‸'', database: 'contracts.db'"),
            (Expect("resource 'contracts': description must be a non-empty string"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for entry in resources(ctx):
            assert isinstance(entry.value, SObject)
            node = entry.value.get("description")
            if isinstance(node, NonStatic):
                continue
            if not (string_value(node) or "").strip():  # the runtime trims it
                yield self.finding(
                    f"resource '{entry.key}': description must be a non-empty string",
                    node.span if node is not None else entry.key_span,
                )
