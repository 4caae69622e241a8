"""VAL023: main.headers (if present) must be a plain object."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SObject, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example


class Headers(Rule):
    code = Code.VAL023
    name = "headers-object"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "main.headers (if present) must be a plain object"
    why = "Default headers are sent with every request, name to value."
    fix = "Write `headers: { 'Accept': 'application/json' }`."
    VALID = [Example(example("    headers: { Accept: 'application/json' },\n    tools: {}"))]
    INVALID = [
        Example(
            example("    headers: ‸[ 'Accept: application/json' ],\n    tools: {}"),
            (Expect("main.headers must be an object"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        node = ctx.definition.main.get("headers")
        if node is not None and not isinstance(node, (SObject, NonStatic)):
            yield self.finding(
                f"main.headers must be an object of header names to values, got {type_name(node)}", node.span
            )
