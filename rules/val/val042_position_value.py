"""VAL042: position.value is required and must be a non-empty string."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._parameter_shape import WELL_FORMED_PARAMETER, position_field_findings


class PositionValue(Rule):
    code = Code.VAL042
    name = "position-value"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "position.value is required and must be a non-empty string"
    why = (
        "The value is `{{USER_PARAM}}`, a server parameter or a fixed value; the runtime refuses an empty one "
        "(it tests truthiness, so '' counts as missing)."
    )
    fix = "Write `value: '{{USER_PARAM}}'` for a value the caller gives."
    VALID = WELL_FORMED_PARAMETER
    INVALID = [
        Example(
            example("""\
    tools: {
        getCoin: { method: 'GET', path: '/coins', description: 'Coins',
            parameters: [ { position: { key: 'id', value: ‸7, location: 'query' }, z: { primitive: 'string()', options: [] } } ],
            tests: [ { _description: 'All' } ] }
    }"""),
            (Expect("position.value must be a non-empty string, got number"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        return position_field_findings(self, ctx, "value")
