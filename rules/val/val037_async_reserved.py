"""VAL037: tool.async is reserved and not executed."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._tools import GOOD, tool_example, tools


class AsyncReserved(Rule):
    code = Code.VAL037
    name = "async-reserved"
    severity = Severity.INFO
    consequence = Consequence.ADVICE
    summary = "tool.async is reserved and not executed"
    why = (
        "Specification 3.0.0 reserves `async` for later versions; the runtime ignores it (the 4.x runtime refuses it)."
    )
    fix = "Remove `async`."
    VALID = [Example(example(GOOD))]
    INVALID = [
        Example(
            tool_example(
                "getPrice: { method: 'GET', path: '/price', description: 'Price', parameters: [], ‸async: true,"
            ),
            (Expect("tool.async is reserved"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        if ctx.spec.major == 4:
            return  # under 4.x async is an unknown tool key, refused as such
        for tool in tools(ctx):
            assert tool.obj is not None
            entry = tool.obj.entry("async")
            if entry is not None:
                yield self.finding(
                    "tool.async is reserved and not executed (specification 3.0.0); remove it",
                    entry.key_span,
                    tool=tool.label,
                )
