"""VAL047: every option is known, fits the primitive and has a usable argument."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.diagnostics import Finding, Severity
from flowlint.rule import Example, Expect, Rule, RuleContext, example
from flowlint.rules._shared import z_issue_findings


class Options(Rule):
    code = "VAL047"
    name = "option-valid"
    severity = Severity.ERROR
    summary = "Options must be min(), max(), length(), optional(), default() or regex(), fit for the primitive"
    why = (
        "The runtime ignores unknown options such as `values(...)`, throws on `min()` for a boolean, and "
        "fails every call that omits a parameter whose default() does not fit its type."
    )
    fix = "Remove the option, or write it for the primitive: `min(1)` on number() or string(), `length(42)`..."
    VALID = [
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(250)' ] } } ],
            tests: [ { _description: 'Ten', limit: 10 } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'sparkline', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'boolean()', options: [ 'min(1)' ] } } ],
            tests: [ { _description: 'With sparkline', sparkline: true } ] }
    }"""),
            (Expect(5, 145, "'min(1)' does not apply to boolean()"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        yield from z_issue_findings(ctx, self.code)
