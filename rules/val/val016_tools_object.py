"""VAL016: main.tools must be an object (it may be {} when resources are defined)."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SObject, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._main_block import opening, present, source


class Tools(Rule):
    code = Code.VAL016
    name = "tools-object"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "main.tools must be an object (it may be {} when resources are defined)"
    why = (
        "Tools are read by name from this object. A definition needs at least tools, resources (or, under 3.0.0, "
        "skills); specification 4.x forbids main.skills."
    )
    fix = "Write `tools: { toolName: { ... } }`."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            source(
                "namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',",
                "    tools: ‸'none'",
            ),
            (Expect("main.tools must be an object keyed by tool name, got string"),),
        ),
        Example(
            source(
                "namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com'",
                "",
                mark_main=True,
            ),
            (Expect("main needs tools"),),
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        main = ctx.definition.main
        sections = [key for key in ("tools", "routes", "resources", "skills") if present(main.get(key))]
        if not sections:
            yield self.finding("main needs tools (or resources): write tools: { toolName: { ... } }", opening(main))
        for key in ("tools", "routes"):
            node = main.get(key)
            if present(node) and not isinstance(node, (SObject, NonStatic)):
                assert node is not None
                yield self.finding(f"main.{key} must be an object keyed by tool name, got {type_name(node)}", node.span)
        skills = main.entry("skills")
        if skills is not None and ctx.spec.major == 4:
            yield self.finding("main.skills is forbidden in specification 4.x", skills.key_span)
