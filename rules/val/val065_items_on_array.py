"""VAL065: items is only valid when type is array."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext

from ._output import GOOD, misplaced, output_example


class ItemsOnArray(Rule):
    code = Code.VAL065
    name = "items-on-array"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "items is only valid when type is array"
    why = "The runtime refuses `items` on a root schema of another type; deeper, they describe nothing."
    fix = "Change the type to 'array', or remove items."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            output_example("{ mimeType: 'application/json', schema: { type: 'object', ‸items: { type: 'number' } } }"),
            (Expect("`items` is only valid when type is 'array', not 'object'"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        yield from misplaced(ctx, self, "items", "array")
