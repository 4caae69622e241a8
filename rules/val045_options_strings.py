"""VAL045: z.options is an array of option strings, one option per string."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.severity import Severity
from flowlint.definition.zod import ZProblem
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example


class OptionsStrings(Rule):
    code = Code.VAL045
    z_problem = ZProblem.OPTION_ENTRY
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
        yield from super().check(ctx)  # the z engine's option-entry issues
