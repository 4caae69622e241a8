"""FL024: A 4.x SQLite resource's `lifecycle` is 'persistent' or 'transient'."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.jsvalues import js_repr
from flowlint.core.nodes import SScalar, to_python
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example_v4

from ..res._resources_v4 import SQLITE, v4_resources

LIFECYCLES = ("persistent", "transient")


class ResourceLifecycle(Rule):
    code = Code.FL024
    name = "resource-lifecycle"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "A 4.x SQLite resource's lifecycle is 'persistent' or 'transient'"
    why = (
        "The 4.x runtime's ResourceValidator refuses any other `lifecycle` on a SQLite resource ('lifecycle: "
        'Must be "persistent" or "transient"\'); the specification names no such field, hence a flowlint code.'
    )
    fix = "Write `lifecycle: 'persistent'` or `'transient'`, or remove it."
    VALID = [Example(example_v4(f"    resources: {{ data: {{ {SQLITE}, lifecycle: 'transient' }} }}"))]
    INVALID = [
        Example(
            example_v4(f"    resources: {{ data: {{ {SQLITE}, lifecycle: ‸'daily' }} }}"),
            (Expect("resource 'data': lifecycle 'daily' is not 'persistent' or 'transient'"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for entry, resource in v4_resources(ctx, "sqlite"):
            lifecycle = resource.get("lifecycle")
            if lifecycle is None or (isinstance(lifecycle, SScalar) and lifecycle.value in LIFECYCLES):
                continue
            yield self.finding(
                f"resource '{entry.key}': lifecycle {js_repr(to_python(lifecycle))} is not 'persistent' or "
                "'transient'; FlowMCP's runtime refuses the definition",
                lifecycle.span,
            )
