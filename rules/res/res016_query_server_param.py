"""RES016: Resource parameters must not use {{SERVER_PARAM:...}} values."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext

from ._resources import GOOD, OUTPUT, resource, resource_queries


class NoServerParam(Rule):
    code = Code.RES016
    name = "query-server-param"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "Resource parameters must not use {{SERVER_PARAM:...}} values"
    why = "Server parameters are secrets for HTTP APIs; a local query has no use for them."
    fix = "Use `{{USER_PARAM}}` or a fixed value."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            resource(
                query="sql: 'SELECT * FROM contracts WHERE owner = ?', description: 'Mine', parameters: [ ‸"
                "{ position: { key: 'owner', value: '{{SERVER_PARAM:OWNER}}' }, z: { primitive: 'string()', options: [] } } ], "
                f"{OUTPUT},"
            ),
            (Expect("resource parameters must not use server params"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in resource_queries(ctx):
            for parameter in tool.parameters:
                if parameter.role == "server" or (parameter.value and "{{SERVER_PARAM:" in parameter.value):
                    yield self.finding(
                        f"parameter '{parameter.key}': resource parameters must not use server params",
                        parameter.span,
                        tool=tool.label,
                        parameter=parameter.key,
                    )
