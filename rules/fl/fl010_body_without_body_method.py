"""FL010: body parameters only on methods that send a body."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

BODY_METHODS = ("POST", "PUT", "PATCH")


class BodyOnGet(Rule):
    code = Code.FL010
    name = "body-without-body-method"
    severity = Severity.ERROR
    consequence = Consequence.IGNORED
    summary = "A body parameter needs a method that sends a body (POST or PUT)"
    why = (
        "FlowMCP's runtime builds a body only for POST and PUT (its Fetch), so a body parameter of a GET or "
        "DELETE tool is accepted when the definition loads and then silently never sent. The specification "
        "(02-parameters) calls it a load-time error but gives it no code, hence a flowlint code."
    )
    fix = "Use `location: 'query'` for GET and DELETE, or change the method to POST."
    VALID = [
        Example(
            example("""\
    tools: {
        search: { method: 'POST', path: '/search', description: 'Search',
            parameters: [ { position: { key: 'q', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'string()', options: [] } } ],
            tests: [ { _description: 'Bitcoin', q: 'bitcoin' } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        search: { method: 'GET', path: '/search', description: 'Search',
            parameters: [ { position: { key: 'q', value: '{{USER_PARAM}}', location: ‸'body' }, z: { primitive: 'string()', options: [] } } ],
            tests: [ { _description: 'Bitcoin', q: 'bitcoin' } ] }
    }"""),
            (Expect("parameter 'q' is a body parameter, but GET requests carry no body"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in ctx.definition.tools:
            if tool.kind != "tool" or tool.method is None or tool.method in BODY_METHODS:
                continue
            for parameter in tool.parameters:
                if parameter.key is not None and parameter.location == "body":
                    yield self.finding(
                        f"parameter '{parameter.key}' is a body parameter, but {tool.method} requests carry no body "
                        "(the runtime silently drops it); use location 'query' or method 'POST'",
                        parameter.location_span or parameter.span,
                        tool=tool.label,
                        parameter=parameter.key,
                    )
