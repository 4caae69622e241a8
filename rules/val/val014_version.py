"""VAL014: main.version is required: 3.x.y under specification 3.0.0 (2.x deprecated), 4.x.y under 4.x."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SScalar, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._main_block import opening, present, source


class Version(Rule):
    code = Code.VAL014
    name = "version"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "main.version is required: 3.x.y under specification 3.0.0 (2.x deprecated), 4.x.y under 4.x"
    why = (
        "The version picks the rule set and the runtime: the 3.x runtime loads `2.x` and `3.x` (the specification "
        "deprecates 2.x), the 4.x runtime refuses anything but `4.x` (specification 4.x calls 3.x deprecated, "
        "the runtime refuses it: flowlint follows the runtime). When `spec_version` targets another major, "
        "this is the one error that says so; the file is otherwise checked against what it declares."
    )
    fix = "Write `version: '3.0.0'` (or '4.0.0' once the definition follows specification 4)."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            source(
                "namespace: 'demo', name: 'Demo', description: 'Demo API', version: ‸'1.2.0', root: 'https://api.example.com',"
            ),
            (Expect("main.version '1.2.0' must match ^3\\.\\d+\\.\\d+$"),),
        ),
        Example(
            source(
                "namespace: 'demo', name: 'Demo', description: 'Demo API', version: ‸'2.1.0', root: 'https://api.example.com',"
            ),
            (Expect("version 2.x is deprecated"),),
            title="2.x is accepted with a warning",
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        main = ctx.definition.main
        node = main.get("version")
        if isinstance(node, NonStatic):
            return
        if not present(node):
            yield self.finding("main.version is required: write version: '3.0.0'", opening(main))
            return
        assert node is not None
        if not (isinstance(node, SScalar) and isinstance(node.value, str)):
            yield self.finding(f"main.version must be a string such as '3.0.0', got {type_name(node)}", node.span)
            return
        spec = ctx.spec
        version = node.value
        if spec.declared == 2:
            if spec.configured == 4:
                yield self.finding(
                    f"main.version '{version}' is a 2.x definition, but the configuration targets specification 4: "
                    "the 4.x runtime refuses it; migrate to 4.0.0 (see the specification's migration guide)",
                    node.span,
                )
            else:
                yield self.finding(
                    f"main.version '{version}': version 2.x is deprecated (specification 3.0.0); write '3.0.0'",
                    node.span,
                    severity=Severity.WARNING,
                    consequence=Consequence.ADVICE,  # the 3.x runtime loads 2.x (its pattern is (2|3).x.y)
                )
        elif spec.declared not in (3, 4):
            shown = r"^3\.\d+\.\d+$" if spec.major == 3 else r"^4\.\d+\.\d+$"
            yield self.finding(
                f"main.version '{version}' must match {shown} (specification {spec.label}); FlowMCP refuses to load it",
                node.span,
            )
        elif spec.configured is not None and spec.configured != spec.declared:
            if spec.configured == 4:
                message = (
                    f"main.version '{version}' declares specification 3, but the configuration targets 4: the 4.x "
                    "runtime refuses 3.x definitions (specification 4.x calls them deprecated; flowlint follows the "
                    "runtime). Migrate the definition and write version: '4.0.0'; it was checked against 3.0.0's rules"
                )
            else:
                message = (
                    f"main.version '{version}' declares specification 4, but the configuration targets 3: the 3.x "
                    "runtime refuses it; it was checked against 4.x's rules"
                )
            yield self.finding(message, node.span)
