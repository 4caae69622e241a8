"""RES017: A resource name must be camelCase: ^[a-z][a-zA-Z0-9]*$."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext

from ._resources import CAMEL, GOOD, resource, resources


class ResourceName(Rule):
    code = Code.RES017
    name = "resource-name"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "A resource name must be camelCase: ^[a-z][a-zA-Z0-9]*$"
    why = "Resource names become part of MCP resource names."
    fix = "Rename the resource in camelCase."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            resource().replace("resources: { contracts:", "resources: { ‸token_contracts:"),
            (Expect("resource name 'token_contracts' must be camelCase"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for entry in resources(ctx):
            if not CAMEL.match(entry.key):
                yield self.finding(
                    f"resource name '{entry.key}' must be camelCase (^[a-z][a-zA-Z0-9]*$)", entry.key_span
                )
