"""FL022: A 4.x markdown resource has no database."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example_v4

from ..res._resources_v4 import MARKDOWN, v4_resources


class MarkdownDatabase(Rule):
    code = Code.FL022
    name = "markdown-no-database"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "A 4.x markdown resource has no database"
    why = (
        "The 4.x runtime refuses `database` on a markdown resource ('database: Not allowed for markdown "
        "resources'); the specification names no code for it, hence a flowlint code."
    )
    fix = "Remove `database`: a markdown resource is the document named by `name`."
    VALID = [Example(example_v4(f"    resources: {{ guide: {{ {MARKDOWN} }} }}"))]
    INVALID = [
        Example(
            example_v4(f"    resources: {{ guide: {{ {MARKDOWN}, ‸database: 'guide.db' }} }}"),
            (Expect("resource 'guide': a markdown resource has no database"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for entry, resource in v4_resources(ctx, "markdown"):
            database = resource.entry("database")
            if database is not None:
                yield self.finding(
                    f"resource '{entry.key}': a markdown resource has no database; FlowMCP's runtime refuses the "
                    "definition: remove it",
                    database.key_span,
                )
