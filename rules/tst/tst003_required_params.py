"""TST003: every test sets every required `{{USER_PARAM}}` parameter."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example


class RequiredParams(Rule):
    code = Code.TST003
    name = "required-params"
    severity = Severity.ERROR
    consequence = Consequence.TEST
    summary = "Each test must provide values for all required {{USER_PARAM}} parameters"
    why = (
        "Capture calls the real API with each test's values; a test without a required parameter "
        "fails validation before any request is sent, so it documents nothing and captures nothing."
    )
    fix = "Add the missing parameter with a realistic value, or make the parameter `optional()`."
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
        getCoin: { method: 'GET', path: '/coins/:id', description: 'Coin details',
            parameters: [ { position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [] } } ],
            tests: [ ‸{ _description: 'Bitcoin' } ] }
    }"""),
            (Expect("test 0 ('Bitcoin') does not set the required parameter 'id' (string())"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in ctx.definition.tools:
            required = [(key, p) for key, p in tool.user_parameters.items() if p.z is not None and p.z.required]
            if not required:
                continue
            for test in tool.tests:
                if test.obj is None:
                    continue
                present = set(test.obj.keys())
                for key, parameter in required:
                    if key not in present:
                        assert parameter.z is not None
                        yield self.finding(
                            f"{test.label()} does not set the required parameter '{key}' "
                            f"({parameter.z.describe()}); add {key}: <value>, or mark it optional()",
                            test.obj.span,
                            tool=tool.label,
                            test_index=test.index,
                            parameter=key,
                        )
