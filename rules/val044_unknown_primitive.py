"""VAL044: the primitive is one FlowMCP knows."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.diagnostics import Finding, Severity
from flowlint.rule import Example, Expect, Rule, RuleContext, example
from flowlint.rules._shared import z_issue_findings


class UnknownPrimitive(Rule):
    code = "VAL044"
    name = "unknown-primitive"
    severity = Severity.ERROR
    summary = "z.primitive must be string(), number(), boolean(), enum(...), array() or object()"
    why = (
        "The specification rejects any other primitive; the runtime silently treats it as string(), so "
        "`int()` accepts 'abc' and rejects 7."
    )
    fix = "Use the FlowMCP primitive that matches: `number()` for integers and floats, `boolean()`..."
    VALID = [
        Example(
            example("""\
    tools: {
        getBlock: { method: 'GET', path: '/block', description: 'Block',
            parameters: [ { position: { key: 'height', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [] } } ],
            tests: [ { _description: 'Genesis', height: 0 } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getBlock: { method: 'GET', path: '/block', description: 'Block',
            parameters: [ { position: { key: 'height', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'int()', options: [] } } ],
            tests: [ { _description: 'Genesis', height: 0 } ] }
    }"""),
            (
                Expect(
                    5, 118, "unknown primitive 'int()'; FlowMCP's runtime silently treats it as string(): use number()"
                ),
            ),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        yield from z_issue_findings(ctx, self.code)
