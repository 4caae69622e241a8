"""VAL013: main.description is required and must be a string."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._main_block import required_string, source


class DescriptionRequired(Rule):
    code = Code.VAL013
    name = "description-required"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "main.description is required and must be a string"
    why = "The runtime refuses a definition without a description; it appears in tool discovery."
    fix = "Add `description: 'Cryptocurrency prices from CoinGecko'`."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            source(
                "namespace: 'demo', name: 'Demo', version: '3.0.0', root: 'https://api.example.com',", mark_main=True
            ),
            (Expect("main.description is required"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        yield from required_string(self, ctx, "description")
