"""VAL015: main.root is a string starting with https://, without a trailing slash."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SObject, SScalar, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._main_block import opening, present, source


class Root(Rule):
    code = Code.VAL015
    name = "root"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "main.root is a string starting with https://, without a trailing slash"
    why = (
        "Every tool's URL is root + path. The specification makes root optional for resource-only definitions, "
        "but both runtimes refuse a definition without it (flowlint follows the runtime: write `root: ''`, "
        "which the runtime accepts with a warning)."
    )
    fix = "Write `root: 'https://api.example.com'` (no trailing `/`)."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            source(
                "namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: ‸'http://api.example.com/',"
            ),
            (Expect("main.root must start with https://"),),
        ),
        Example(
            source(
                "namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: ‸'https://api.example.com/',"
            ),
            (Expect("main.root must not end with '/'"),),
        ),
        Example(
            source("namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0',", mark_main=True),
            (Expect("main.root is required"),),
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        main = ctx.definition.main
        node = main.get("root")
        if isinstance(node, NonStatic):
            return
        if not present(node):
            yield self.finding(
                "main.root is required by the runtime, even without tools (the specification makes it optional "
                "for resource-only definitions; flowlint follows the runtime): write root: 'https://...' or root: ''",
                opening(main),
            )
            return
        assert node is not None
        if not (isinstance(node, SScalar) and isinstance(node.value, str)):
            yield self.finding(f"main.root must be a string, got {type_name(node)}", node.span)
        elif node.value == "":
            tools = main.get("tools")
            if isinstance(tools, SObject) and tools.entries and not ctx.definition.has_handlers:
                yield self.finding(
                    "main.root is empty: the runtime accepts it with a warning, but every tool's URL is root + path",
                    node.span,
                    severity=Severity.WARNING,
                    consequence=Consequence.ADVICE,
                )
        elif not node.value.startswith("https://"):
            yield self.finding(f"main.root must start with https://, got '{node.value}'", node.span)
        elif node.value.endswith("/"):
            yield self.finding(
                f"main.root must not end with '/' (paths start with one): write '{node.value.rstrip('/')}'",
                node.span,
            )
