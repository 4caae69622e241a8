"""VAL034: tool.description is required and must be a non-empty string."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SScalar, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._tools import GOOD, field, tool_example, tools


class ToolDescription(Rule):
    code = Code.VAL034
    name = "tool-description"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "tool.description is required and must be a non-empty string"
    why = "AI clients choose tools by their descriptions; the runtime refuses a missing or empty one."
    fix = "Write what the tool does in one or two sentences."
    VALID = [Example(example(GOOD))]
    INVALID = [
        Example(
            tool_example("getPrice: { method: 'GET', path: '/price', description: ‸'', parameters: [],"),
            (Expect("tool.description must be a non-empty string"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in tools(ctx):
            node = field(tool, "description")
            if isinstance(node, NonStatic):
                continue
            if node is None:
                yield self.finding("tool.description is required", tool.key_span, tool=tool.label)
            elif not (isinstance(node, SScalar) and isinstance(node.value, str) and node.value):
                got = "''" if isinstance(node, SScalar) and node.value == "" else type_name(node)
                yield self.finding(
                    f"tool.description must be a non-empty string, got {got}", node.span, tool=tool.label
                )
