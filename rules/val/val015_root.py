"""VAL015: main.root is a string starting with https://, without a trailing slash."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SObject, SScalar, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.fixes import Fix, literal_edit
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
            fixed=("root: 'https://api.example.com/',", "root: 'https://api.example.com',"),
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
            placeholder = "://" in node.value and not node.value.startswith(("http://", "https:")) and _no_http(ctx)
            yield self.finding(
                f"main.root must start with https://, got '{node.value}'"
                + (
                    "; no tool sends an HTTP request here, so write root: '' (the runtime's marker for that)"
                    if placeholder
                    else ""
                ),
                node.span,
                fix=_root_fix(ctx.source, node, "", "write root: '' (unsafe: the definition makes no HTTP request)")
                if placeholder
                else None,
            )
        elif node.value.endswith("/"):
            stripped = node.value.rstrip("/")
            yield self.finding(
                f"main.root must not end with '/' (paths start with one): write '{stripped}'",
                node.span,
                fix=_root_fix(
                    ctx.source, node, stripped, f"write '{stripped}' (unsafe: each URL loses the '//' before its path)"
                ),
            )


def _no_http(ctx: RuleContext) -> bool:
    """Whether no tool of the definition sends an HTTP request: it has none (resources only) or each one's
    request is made by an executeRequest handler."""
    definition = ctx.definition
    tools = [tool.name for tool in definition.tools if tool.kind == "tool"]
    handled = definition.handled_tools(("executeRequest",))
    return all(name in handled for name in tools)


def _root_fix(source: bytes, node: SScalar, value: str, title: str) -> Fix | None:
    edit = literal_edit(source, node.span, value) if source else None
    return None if edit is None else Fix(title, (edit,), safe=False)
