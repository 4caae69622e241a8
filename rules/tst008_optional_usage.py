"""TST008: some test demonstrates the optional parameters."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example


class OptionalUsage(Rule):
    code = Code.TST008
    name = "optional-usage"
    severity = Severity.INFO
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
            parameters: [ { position: { key: 'page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()' ] } } ],
            tests: [ { _description: 'First page' } ] }
    }"""),
            (Expect(4, 9, "optional parameter 'page' is not used in any test"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in ctx.definition.tools:
            if not tool.tests:
                continue
            optional = [key for key, p in tool.user_parameters.items() if p.z is not None and not p.z.required]
            used = {key for test in tool.tests if test.obj is not None for key in test.obj.keys()}
            unused = [key for key in optional if key not in used]
            if not unused:
                continue
            names = ", ".join(f"'{key}'" for key in unused)
            plural = "s" if len(unused) > 1 else ""
            verb = "are" if len(unused) > 1 else "is"
            them = "them" if len(unused) > 1 else "it"
            yield self.finding(
                f"optional parameter{plural} {names} {verb} not used in any test; consider a test "
                f"that demonstrates {them}",
                tool.key_span,
                tool=tool.label,
                parameter=unused[0] if len(unused) == 1 else None,
            )
