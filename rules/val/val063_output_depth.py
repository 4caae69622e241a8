"""VAL063: output-depth."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.outputschema import MAX_LEVELS
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext

from ._output import GOOD, output_example, output_schemas


class Depth(Rule):
    code = Code.VAL063
    name = "output-depth"
    severity = Severity.WARNING
    consequence = Consequence.ADVICE
    summary = f"Output schemas nest at most {MAX_LEVELS} levels (the schema is level 1; items stay on their array's)"
    why = (
        "Deep schemas are hard for AI clients to use. 04-output-schema rejects a 5th level; 09's registry "
        "lists VAL063 as a warning, which flowlint follows (raise it with `severity`); the runtime does not "
        "check depth. `flowlint schema` never generates a 5th level."
    )
    fix = "Declare the deepest object as `{ type: 'object' }` without properties."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            output_example(
                "{ mimeType: 'application/json', schema: { type: 'object', properties: { a: { type: 'object', "
                "properties: { b: { type: 'array', items: { type: 'object', properties: { c: { type: 'object', properties: { d: ‸{ type: 'string' } } } } } } } } } } }"
            ),
            (Expect("output a.b[].c.d is level 5"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for output in output_schemas(ctx):
            for at in output.schemas:
                if at.level == MAX_LEVELS + 1:  # reported once, at the first level too deep
                    yield self.finding(
                        f"output {at.where} is level {at.level}; schemas nest at most {MAX_LEVELS} levels (the "
                        "schema is level 1): declare its parent as a plain object or array",
                        at.node.span,
                        tool=output.tool.label,
                    )
