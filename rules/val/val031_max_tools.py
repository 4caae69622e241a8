"""VAL031: max-tools."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import SObject
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

MAX_TOOLS = 8


class MaxTools(Rule):
    code = Code.VAL031
    name = "max-tools"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = f"A definition has at most {MAX_TOOLS} tools"
    why = "The runtime refuses a definition with more tools; split the provider into several definitions."
    fix = "Move some tools into a second definition with the same namespace."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            example(
                "    ‸tools: {\n"
                + "".join(
                    f"        t{n}: {{ method: 'GET', path: '/t{n}', description: 'T', parameters: [], tests: [ {{ _description: 'T' }}, {{ _description: 'U' }}, {{ _description: 'V' }} ] }},\n"
                    for n in range(9)
                )
                + "    }"
            ),
            (Expect("main.tools has 9 tools; the maximum is 8"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for key in ("tools", "routes"):
            entry = ctx.definition.main.entry(key)
            if entry is not None and isinstance(entry.value, SObject) and len(entry.value.entries) > MAX_TOOLS:
                yield self.finding(
                    f"main.{key} has {len(entry.value.entries)} tools; the maximum is {MAX_TOOLS}: split the "
                    "definition",
                    entry.key_span,
                )
