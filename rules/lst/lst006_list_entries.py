"""LST006: list.entries is required and a non-empty array."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SArray, SObject
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, ListContext, Rule

from ._shared_lists import GOOD, PATH, list_example


class ListEntries(Rule):
    code = Code.LST006
    target = "list"
    name = "list-entries"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "list.entries is required and a non-empty array"
    why = "An empty list resolves every enum({{list:field}}) to no values."
    fix = "Add the entries."
    VALID = [GOOD]
    INVALID = [
        Example(
            list_example(entries=" ", mark="entries"), (Expect("list.entries must be a non-empty array"),), path=PATH
        )
    ]

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        if not isinstance(ctx.node, SObject):
            return
        entries = ctx.node.get("entries")
        if not (isinstance(entries, SArray) and entries.items) and not isinstance(entries, NonStatic):
            yield self.finding("list.entries must be a non-empty array", entries.span if entries else ctx.node.span)
