"""VAL070: sharedLists[].ref is required and must be a string."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SScalar, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._shared_list_refs import GOOD, entries


class SharedListRefField(Rule):
    code = Code.VAL070
    name = "shared-list-ref"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "sharedLists[].ref is required and must be a string"
    why = "The ref names the list file to load; the runtime refuses an entry without one."
    fix = "Write `{ ref: 'evmChains', version: '3.0.0' }`."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            example("    sharedLists: [ ‸{ version: '3.0.0' } ],\n    tools: {}"),
            (Expect("sharedLists[0].ref is required"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for index, entry in entries(ctx):
            ref = entry.get("ref")
            if isinstance(ref, NonStatic):
                continue
            if ref is None or (isinstance(ref, SScalar) and ref.value in (None, "")):
                yield self.finding(f"sharedLists[{index}].ref is required: the list's name", entry.span)
            elif not (isinstance(ref, SScalar) and isinstance(ref.value, str)):
                yield self.finding(f"sharedLists[{index}].ref must be a string, got {type_name(ref)}", ref.span)
