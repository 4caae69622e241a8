"""What RES006 (3.x, 4 queries) and RES028 (4.x, 7) share: resources with too many queries."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import SObject
from flowlint.core.severity import Severity
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Rule, RuleContext

from ._resources import resources

MAX_QUERIES = 4


class QueryCountRule(Rule):
    """Reports resources with more queries than its generation allows (`maximum`)."""

    severity = Severity.ERROR

    consequence = Consequence.REFUSED

    # The specification generation this code counts for, and its maximum (4.x: RES028, 7 queries).
    generations = (3,)

    maximum: ClassVar[int] = MAX_QUERIES

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for entry in resources(ctx):
            assert isinstance(entry.value, SObject)
            queries = entry.value.entry("queries")
            if queries is not None and isinstance(queries.value, SObject) and len(queries.value.entries) > self.maximum:
                yield self.finding(
                    f"resource '{entry.key}' has {len(queries.value.entries)} queries; the maximum is {self.maximum} "
                    "(FlowMCP's MainValidator refuses the definition)",
                    queries.key_span,
                )
