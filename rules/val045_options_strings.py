"""VAL045: z.options is an array of option strings, one option per string."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.diagnostics import Finding, Severity
from flowlint.rule import Example, Expect, Rule, RuleContext, example
from flowlint.rules._shared import z_issue_findings


class OptionsStrings(Rule):
    code = "VAL045"
    name = "options-strings"
    severity = Severity.ERROR
    summary = "z.options must be an array of strings, one option each"
    why = (
        "FlowMCP reads each option as a string such as 'optional()' or 'min(1)'. A number breaks loading; "
        "two options in one string or an array hole are read differently from what they seem."
    )
    fix = "Write `options: [ 'optional()', 'default(100)' ]`."
    VALID = [
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(100)' ] } } ],
            tests: [ { _description: 'Default size' }, { _description: 'Ten', limit: 10 } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional(), default(100)' ] } } ],
            tests: [ { _description: 'Default size' }, { _description: 'Ten', limit: 10 } ] }
    }"""),
            (Expect(5, 140, "holds 2 options in one string"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in ctx.definition.tools:
            for parameter in tool.parameters:
                z = parameter.z_node
                if z is not None and z.get("options") is None:
                    yield self.finding(
                        f"parameter '{parameter.key}': z.options is missing; write options: [] when there are none",
                        z.span,
                        tool=tool.label,
                        parameter=parameter.key,
                    )
        yield from z_issue_findings(ctx, self.code)
