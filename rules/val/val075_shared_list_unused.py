"""VAL075: A declared shared list should be used by a parameter or a handler."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._shared_list_refs import GOOD, IN_SAMPLES, declared


class UnusedList(Rule):
    code = Code.VAL075
    name = "shared-list-unused"
    severity = Severity.WARNING
    consequence = Consequence.ADVICE
    summary = "A declared shared list should be used by a parameter or a handler"
    why = "The runtime loads every declared list; one that nothing uses costs load time and misleads readers."
    fix = "Use it in `enum({{list:field}})` (or in the handlers' `sharedLists`), or remove the declaration."
    VALID = [Example(GOOD, path=IN_SAMPLES)]
    INVALID = [
        Example(
            example("    sharedLists: [ ‸{ ref: 'evmChains', version: '3.0.0' } ],\n    tools: {}"),
            (Expect("sharedLists declares 'evmChains', but no parameter or handler uses it"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        used = {
            parameter.z.list_ref.name
            for tool in ctx.definition.tools
            for parameter in tool.parameters
            if parameter.z is not None and parameter.z.list_ref is not None
        }
        # Handlers read lists as `sharedLists.name` / `sharedLists['name']`: a mention after main counts as a use.
        handlers = ""
        if ctx.definition.has_handlers:
            handlers = ctx.source[ctx.definition.main.span.end :].decode("utf-8", "replace")
        for name, ref in declared(ctx):
            if name not in used and name not in handlers:
                yield self.finding(f"sharedLists declares '{name}', but no parameter or handler uses it", ref.span)
