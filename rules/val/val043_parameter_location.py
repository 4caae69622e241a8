"""VAL043: a tool parameter's position.location is insert, query or body."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

LOCATIONS = ("query", "insert", "body")


class Location(Rule):
    code = Code.VAL043
    name = "parameter-location"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "position.location must be insert, query or body"
    why = (
        "The location decides where a value goes in the request; FlowMCP refuses to load a definition "
        "with any other location."
    )
    fix = "Use `location: 'query'`, `'insert'` (a `:key` or `{{key}}` in the path) or `'body'`."
    VALID = [
        Example(
            example("""\
    tools: {
        getCoin: { method: 'GET', path: '/coins/:id', description: 'Coin details',
            parameters: [ { position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [] } } ],
            tests: [ { _description: 'Bitcoin', id: 'bitcoin' } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getCoin: { method: 'GET', path: '/coins', description: 'Coin details',
            parameters: [ { position: { key: 'x-api-version', value: '2', location: ‸'header' }, z: { primitive: 'string()', options: [] } } ],
            tests: [ { _description: 'Coins' } ] }
    }"""),
            (Expect("location 'header' is not one of query, insert, body"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in ctx.definition.tools:
            if tool.kind != "tool":
                continue
            for parameter in tool.parameters:
                if parameter.key is None or parameter.z_node is None:
                    continue
                location = parameter.location
                span = parameter.location_span or parameter.span
                if location is None:
                    yield self.finding(
                        f"parameter '{parameter.key}' has no position.location; use one of " + ", ".join(LOCATIONS),
                        span,
                        tool=tool.label,
                        parameter=parameter.key,
                    )
                elif location not in LOCATIONS:
                    yield self.finding(
                        f"parameter '{parameter.key}': location '{location}' is not one of " + ", ".join(LOCATIONS),
                        span,
                        tool=tool.label,
                        parameter=parameter.key,
                    )
