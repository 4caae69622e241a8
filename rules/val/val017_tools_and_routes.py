"""VAL017: main must not define both tools and routes."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._main_block import present


class ToolsAndRoutes(Rule):
    code = Code.VAL017
    name = "tools-and-routes"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "main must not define both tools and routes"
    why = "routes is the pre-v3 name of tools; with both, one of them is ignored."
    fix = "Merge routes into tools."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            example("    tools: {},\n    ‸routes: {}"),
            (Expect("main has both tools and routes"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        main = ctx.definition.main
        routes = main.entry("routes")
        if routes is not None and present(main.get("tools")) and present(routes.value):
            yield self.finding(
                "main has both tools and routes; routes is the pre-v3 name of tools: merge them into tools",
                routes.key_span,
            )
