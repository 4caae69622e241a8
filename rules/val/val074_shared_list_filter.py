"""VAL074: sharedLists[].filter (if present) must have a key naming a list field."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SObject, string_value
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._shared_list_refs import USING_TOOL, entries


class FilterKey(Rule):
    code = Code.VAL074
    name = "shared-list-filter"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "sharedLists[].filter (if present) must have a key naming a list field"
    why = "The filter keeps the entries whose `key` field exists, equals `value` or is `in` a list; without a key it filters nothing."
    fix = "Write `filter: { key: 'etherscanAlias', exists: true }`."
    VALID = [
        Example(
            example(
                "    sharedLists: [ { ref: 'evmChains', version: '3.0.0', filter: { key: 'alias', exists: true } } ],\n"
                + USING_TOOL
            )
        )
    ]
    INVALID = [
        Example(
            example(
                "    sharedLists: [ { ref: 'evmChains', version: '3.0.0', filter: ‸{ exists: true } } ],\n    tools: {}"
            ),
            (Expect("sharedLists[0].filter needs a key"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for index, entry in entries(ctx):
            node = entry.get("filter")
            if node is None or isinstance(node, NonStatic):
                continue
            if not isinstance(node, SObject):
                yield self.finding(f"sharedLists[{index}].filter must be an object {{ key, ... }}", node.span)
            elif not isinstance(string_value(node.get("key")), str):
                yield self.finding(f"sharedLists[{index}].filter needs a key: the list field to filter on", node.span)
