"""VAL010: main.namespace is required and must be a string."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._main_block import required_string, source


class NamespaceRequired(Rule):
    code = Code.VAL010
    name = "namespace-required"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "main.namespace is required and must be a string"
    why = "The namespace groups a provider's tools and prefixes their MCP names; the runtime refuses a definition without it."
    fix = "Add `namespace: 'coingecko'`."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            source(
                "name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',",
                mark_main=True,
            ),
            (Expect("main.namespace is required"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        yield from required_string(self, ctx, "namespace")
