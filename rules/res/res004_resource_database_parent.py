"""RES004: resource.database must not contain .. segments."""

from __future__ import annotations

import re
from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import SObject, string_value
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext

from ._resources import GOOD, resource, resources


class DatabaseDotDot(Rule):
    code = Code.RES004
    name = "resource-database-parent"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "resource.database must not contain .. segments"
    why = "A resource may only read files beside (or below) its definition."
    fix = "Move the database next to the definition."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            resource("source: 'sqlite', description: 'Contracts', database: ‸'../shared/contracts.db'"),
            (Expect("must not contain '..'"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for entry in resources(ctx):
            assert isinstance(entry.value, SObject)
            node = entry.value.get("database")
            path = string_value(node)
            if path is not None and node is not None and ".." in re.split(r"[\\/]", path):
                yield self.finding(f"resource '{entry.key}': database must not contain '..' segments", node.span)
