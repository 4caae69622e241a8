"""RES015: Resource parameters must not have position.location."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext

from ._resources import GOOD, OUTPUT, resource, resource_queries


class NoLocation(Rule):
    code = Code.RES015
    name = "query-parameter-location"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "Resource parameters must not have position.location"
    why = "Query parameters bind to `?` placeholders in order; a location means nothing there."
    fix = "Remove `location` from the parameter's position."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            resource(
                query="sql: 'SELECT * FROM contracts WHERE address = ?', description: 'By address', parameters: [ "
                "{ position: { key: 'address', value: '{{USER_PARAM}}', location: ‸'query' }, z: { primitive: 'string()', options: [] } } ], "
                f"{OUTPUT},"
            ),
            (Expect("resource parameters have no location"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in resource_queries(ctx):
            for parameter in tool.parameters:
                if parameter.location is not None:
                    yield self.finding(
                        f"parameter '{parameter.key}': resource parameters have no location (they bind to `?` in "
                        "order); remove it",
                        parameter.location_span or parameter.span,
                        tool=tool.label,
                        parameter=parameter.key,
                    )
