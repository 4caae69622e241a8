"""LST001: A list file must export `list` (an object)."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SObject, Span, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, ListContext, Rule

from ._shared_lists import GOOD, PATH


class ListExport(Rule):
    code = Code.LST001
    target = "list"
    name = "list-export"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "A list file must export `list` (an object)"
    why = "The runtime imports `list` from every module of the list registry (`_lists/`)."
    fix = "Write `export const list = { meta: { ... }, entries: [ ... ] }`."
    VALID = [GOOD]
    INVALID = [Example("‸export const chains = { meta: {}, entries: [] }\n", (Expect("exports no `list`"),), path=PATH)]

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        if ctx.node is None:
            yield self.finding(
                "this module in _lists/ exports no `list`: write export const list = { ... }", Span(0, 0)
            )
        elif not isinstance(ctx.node, (SObject, NonStatic)):
            yield self.finding(f"list must be an object {{ meta, entries }}, got {type_name(ctx.node)}", ctx.node.span)
