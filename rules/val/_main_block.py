"""VAL003 and VAL010-VAL025, VAL031: the main block's fields (09-validation-rules, "Main Block").

Each rule follows the specification version the definition is checked against (see
flowlint/definition/specversion.py); where the runtime (flowmcp-core's MainValidator) is stricter
than the specification, the message says so and follows the runtime, so that a definition without
errors is one FlowMCP loads.

Each rule is in its own module of this folder (and `rules/fl/` for FL codes); this module holds what they share.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SArray, SNode, SObject, Span, SScalar, type_name
from flowlint.core.severity import Severity
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import MARK, Example, Expect, Rule, RuleContext, example

HEADER = "export const main = {\n"


def source(fields: str, body: str = "    tools: {}", mark_main: bool = False) -> str:
    """A definition whose main holds `fields` (line 2) and `body` (from line 3); `mark_main`: an expected
    finding starts at main's `{`."""
    header = HEADER.replace("{", MARK + "{", 1) if mark_main else HEADER
    return header + "    " + fields + "\n" + body + "\n}\n"


def opening(main: SObject) -> Span:
    return Span(main.span.start, main.span.start + 1)


def present(node: SNode | None) -> bool:
    """Whether a field is there as the runtime sees it (undefined and null are both missing)."""
    return node is not None and not (isinstance(node, SScalar) and node.value is None)


def required_string(rule: Rule, ctx: RuleContext, key: str) -> Iterator[Finding]:
    main = ctx.definition.main
    node = main.get(key)
    if isinstance(node, NonStatic):
        return
    if not present(node):
        yield rule.finding(f"main.{key} is required (a string)", opening(main))
    elif not (isinstance(node, SScalar) and isinstance(node.value, str)):
        assert node is not None
        yield rule.finding(f"main.{key} must be a string, got {type_name(node)}", node.span)


def _typed_field(rule: Rule, ctx: RuleContext, key: str, item: str) -> Iterator[Finding]:
    """`main.<key>`, when present, is an array whose items are `item`s ('string' or 'object')."""
    node = ctx.definition.main.get(key)
    if node is None or isinstance(node, NonStatic):
        return
    if not isinstance(node, SArray):
        yield rule.finding(f"main.{key} must be an array of {item}s, got {type_name(node)}", node.span)
        return
    for index, value in enumerate(node.items):
        ok = (
            isinstance(value, SScalar) and isinstance(value.value, str)
            if item == "string"
            else isinstance(value, (SObject, NonStatic))
        )
        if not ok and not isinstance(value, NonStatic):
            yield rule.finding(f"main.{key}[{index}] must be a {item}, got {type_name(value)}", value.span)


class ArrayField(Rule):
    """A rule for one array field of main (VAL020-VAL022, VAL024, VAL025). Subclasses declare the field
    (`key`), what its items are (`item`: 'string' or 'object'), a good and a bad value; the documentation
    and examples follow from them."""

    key: ClassVar[str]
    item: ClassVar[str]
    good: ClassVar[str]
    bad: ClassVar[str]
    severity = Severity.ERROR
    # The 3.x runtime refuses a non-array tags, requiredServerParams, requiredLibraries or sharedLists; it
    # never reads docs (4.x warns, VAL027).
    consequence = Consequence.REFUSED

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls.summary = f"main.{cls.key} (if present) must be an array of {cls.item}s"
        cls.fix = f"Write `{cls.key}: {cls.good}`."
        cls.VALID = [Example(example(f"    {cls.key}: {cls.good},\n    tools: {{}}"))]
        cls.INVALID = [
            Example(
                example(f"    {cls.key}: {MARK}{cls.bad},\n    tools: {{}}"),
                (Expect(f"main.{cls.key}"),),
            )
        ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        yield from _typed_field(self, ctx, self.key, self.item)
