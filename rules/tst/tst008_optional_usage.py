"""TST008: some test demonstrates the optional parameters."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example


class OptionalUsage(Rule):
    code = Code.TST008
    name = "optional-usage"
    severity = Severity.INFO
    consequence = Consequence.TEST
    summary = "Consider adding tests that demonstrate optional parameter usage"
    why = (
        "Optional parameters change what a tool returns (pagination, filters, extra fields). A test that "
        "sets them teaches their use and lets capture see the response they produce."
    )
    fix = "Add a test that sets the optional parameters, next to one that leaves them out."
    VALID = [
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()' ] } } ],
            tests: [ { _description: 'First page' }, { _description: 'Second page', page: 2 } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: ‸'page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()' ] } } ],
            tests: [ { _description: 'First page' } ] }
    }"""),
            (Expect("optional parameter 'page' is not used in any test of getMarkets"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        # One finding per parameter, at the parameter's key: a suppression above the parameter works.
        for tool in ctx.definition.tools:
            if not tool.tests:
                continue
            used = {key for test in tool.tests if test.obj is not None for key in test.obj.keys()}
            for key, parameter in tool.user_parameters.items():
                if parameter.z is not None and not parameter.z.required and key not in used:
                    yield self.finding(
                        f"optional parameter '{key}' is not used in any test of {tool.label}; consider a test "
                        "that demonstrates it",
                        parameter.key_span,
                        tool=tool.label,
                        parameter=key,
                    )
