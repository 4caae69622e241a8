"""VAL072: A referenced shared list must exist in the list registry (the _lists/ folder)."""

from __future__ import annotations

import os
from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._shared_list_refs import DECLARED_LIST, IN_SAMPLES, declared


class ListExists(Rule):
    code = Code.VAL072
    name = "shared-list-exists"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "A referenced shared list must exist in the list registry (the _lists/ folder)"
    why = (
        "The runtime loads each declared list before the definition and refuses the definition when one is "
        "missing. When flowlint finds no _lists/ folder at all it cannot tell, and says so once (FL004)."
    )
    fix = "Correct the ref to a list's meta.name, or add the list to _lists/."
    VALID = DECLARED_LIST
    INVALID = [
        Example(
            example("    sharedLists: [ ‸{ ref: 'evmChain', version: '3.0.0' } ],\n    tools: {}"),
            (Expect("no shared list 'evmChain' in "),),
            path=IN_SAMPLES,
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for name, ref in declared(ctx):
            found, folder = ctx.resolver.lookup(ctx.path, name)
            if folder is not None and found is None:
                where = os.path.relpath(folder, ctx.path.parent.resolve())  # stable wherever flowlint runs
                yield self.finding(f"no shared list '{name}' in {where}: the runtime refuses the definition", ref.span)
