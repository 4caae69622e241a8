"""VAL043: the z block has a primitive string."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.diagnostics import Finding, Severity
from flowlint.rule import Example, Expect, Rule, RuleContext, example
from flowlint.rules._shared import z_issue_findings


class PrimitiveMissing(Rule):
    code = "VAL043"
    name = "primitive-missing"
    severity = Severity.ERROR
    summary = "z.primitive must be present and a string"
    why = "The primitive is the parameter's type; without it FlowMCP cannot validate input."
    fix = "Add `primitive: 'string()'` (or number(), boolean(), enum(...), array(), object())."
    VALID = [
        Example(
            example("""\
    tools: {
        getCoin: { method: 'GET', path: '/coins', description: 'Coins',
            parameters: [ { position: { key: 'id', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [] } } ],
            tests: [ { _description: 'Bitcoin', id: 'bitcoin' } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getCoin: { method: 'GET', path: '/coins', description: 'Coins',
            parameters: [ { position: { key: 'id', value: '{{USER_PARAM}}', location: 'query' }, z: { options: [] } } ],
            tests: [ { _description: 'Bitcoin', id: 'bitcoin' } ] }
    }"""),
            (Expect(5, 101, "parameter 'id': z.primitive must be a string"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        yield from z_issue_findings(ctx, self.code)
