"""VAL064: properties is only valid when type is object."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext

from ._output import GOOD, misplaced, output_example


class PropertiesOnObject(Rule):
    code = Code.VAL064
    name = "properties-on-object"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "properties is only valid when type is object"
    why = "The runtime refuses `properties` on a root schema of another type; deeper, they describe nothing."
    fix = "Change the type to 'object', or move the properties into `items` of an array."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            output_example(
                "{ mimeType: 'application/json', schema: { type: 'array', ‸properties: { id: { type: 'number' } } } }"
            ),
            (Expect("`properties` is only valid when type is 'object', not 'array'"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        yield from misplaced(ctx, self, "properties", "object")
