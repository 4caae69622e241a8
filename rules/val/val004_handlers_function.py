"""VAL004: handlers (if exported) must be a function."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example


class HandlersFunction(Rule):
    code = Code.VAL004
    name = "handlers-function"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "handlers (if exported) must be a function"
    why = (
        "The runtime calls `handlers( { sharedLists, libraries } )` once at load time and takes the tool "
        "handlers from the object it returns; a plain object (the v2 form) cannot receive the injected "
        "libraries and lists."
    )
    fix = "Write `export const handlers = ( { sharedLists, libraries } ) => ( { toolName: { postRequest: ... } } )`."
    VALID = [Example(example("    tools: {}") + "\nexport const handlers = ( { sharedLists, libraries } ) => ( {} )\n")]
    INVALID = [
        Example(
            example("    tools: {}") + "\nexport const handlers = ‸{ getPing: {} }\n",
            (Expect("handlers must be a function"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        node = ctx.definition.handlers
        if node is not None and not isinstance(node, NonStatic):
            yield self.finding(
                f"handlers must be a function ( {{ sharedLists, libraries }} ) => ( {{ ... }} ), got {type_name(node)}",
                node.span,
            )
