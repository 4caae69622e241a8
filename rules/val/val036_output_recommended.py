"""VAL036: tool.output is recommended."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._tools import GOOD, field, tool_example, tools


class OutputRecommended(Rule):
    code = Code.VAL036
    name = "output-recommended"
    severity = Severity.WARNING
    consequence = Consequence.ADVICE
    summary = "tool.output is recommended"
    why = (
        "An output schema tells AI clients what a tool returns and lets `flowlint verify` catch API drift. "
        "`flowlint capture` and `flowlint schema --write` generate one from real responses."
    )
    fix = "Run `flowlint capture` and `flowlint schema --write` on the definition, or write `output` by hand."
    VALID = [Example(example(GOOD))]
    INVALID = [
        Example(
            tool_example("‸getPrice: { method: 'GET', path: '/price', description: 'Price', parameters: [],"),
            (Expect("tool 'getPrice' has no output schema"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in tools(ctx):
            if field(tool, "output") is None:
                yield self.finding(
                    f"tool '{tool.name}' has no output schema; `flowlint capture` then `flowlint schema --write` "
                    "can generate one",
                    tool.key_span,
                    tool=tool.label,
                )
