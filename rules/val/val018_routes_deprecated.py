"""VAL018: main.routes is deprecated: use main.tools."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._main_block import present


class RoutesDeprecated(Rule):
    code = Code.VAL018
    name = "routes-deprecated"
    severity = Severity.WARNING
    consequence = Consequence.ADVICE
    summary = "main.routes is deprecated: use main.tools"
    why = "Specification 3.0.0 accepts routes as an alias with this warning; 4.x refuses it (VAL003)."
    fix = "Rename `routes` to `tools`."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [Example(example("    ‸routes: {}"), (Expect("main.routes is deprecated"),))]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        routes = ctx.definition.main.entry("routes")
        if routes is not None and ctx.spec.major == 3 and not present(ctx.definition.main.get("tools")):
            yield self.finding("main.routes is deprecated since 3.0.0: rename it to tools", routes.key_span)
