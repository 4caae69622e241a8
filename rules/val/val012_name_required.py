"""VAL012: main.name is required and must be a string."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._main_block import required_string, source


class NameRequired(Rule):
    code = Code.VAL012
    name = "name-required"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "main.name is required and must be a string"
    why = "The runtime refuses a definition without a name."
    fix = "Add `name: 'CoinGecko Prices'`."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            source(
                "namespace: 'demo', name: ‸42, description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',"
            ),
            (Expect("main.name must be a string, got number"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        yield from required_string(self, ctx, "name")
