"""VAL041: position.key is required and must be a non-empty string."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._parameter_shape import WELL_FORMED_PARAMETER, position_field_findings


class PositionKey(Rule):
    code = Code.VAL041
    name = "position-key"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "position.key is required and must be a non-empty string"
    why = "The key names the query field, the path placeholder or the body field; the runtime refuses an empty one."
    fix = "Write `position: { key: 'id', value: '{{USER_PARAM}}', location: 'query' }`."
    VALID = WELL_FORMED_PARAMETER
    INVALID = [
        Example(
            example("""\
    tools: {
        getCoin: { method: 'GET', path: '/coins', description: 'Coins',
            parameters: [ { position: { key: ‸'', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [] } } ],
            tests: [ { _description: 'All' } ] }
    }"""),
            (Expect("position.key must be a non-empty string"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        return position_field_findings(self, ctx, "key")
