"""RES026: A 4.x markdown resource names its origin: 'global', 'project' or 'inline'."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.jsvalues import js_repr
from flowlint.core.nodes import SScalar, to_python
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example_v4

from ._resources_v4 import MARKDOWN, v4_resources

ORIGINS = ("global", "project", "inline")


class ResourceOrigin(Rule):
    code = Code.RES026
    name = "resource-origin"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    origin = "spec 4.2.0 (13-resources)"
    summary = "A 4.x markdown resource has an origin: 'global', 'project' or 'inline'"
    why = (
        "The origin says where the document lives (`~/.flowmcp/resources/`, `./.flowmcp/resources/` or the "
        "schema's own `resources/` folder). The 4.x runtime refuses a markdown resource without one, or with "
        "another value ('origin: Missing required field'). The specification (13-resources, 4.2.0) asks every "
        "resource for an origin; the runtime enforces it for markdown resources, and so does this rule."
    )
    fix = "Add `origin: 'inline'` (the document beside the schema), `'project'` or `'global'`."
    VALID = [Example(example_v4(f"    resources: {{ guide: {{ {MARKDOWN} }} }}"))]
    INVALID = [
        Example(
            example_v4("    resources: { ‸guide: { source: 'markdown', description: 'Guide', name: 'guide.md' } }"),
            (Expect("resource 'guide': a markdown resource needs an origin"),),
            title="no origin",
        ),
        Example(
            example_v4("    resources: { guide: { " + MARKDOWN.replace("'inline'", "‸'local'") + " } }"),
            (Expect("resource 'guide': origin 'local' is not one of 'global', 'project', 'inline'"),),
            title="an unknown origin",
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for entry, resource in v4_resources(ctx, "markdown"):
            origin = resource.get("origin")
            if origin is None or (isinstance(origin, SScalar) and origin.value is None):
                yield self.finding(
                    f"resource '{entry.key}': a markdown resource needs an origin ('global', 'project' or 'inline'); "
                    "FlowMCP's runtime refuses the definition: add one, e.g. origin: 'inline'",
                    entry.key_span,
                )
            elif not (isinstance(origin, SScalar) and origin.value in ORIGINS):
                yield self.finding(
                    f"resource '{entry.key}': origin {js_repr(to_python(origin))} is not one of "
                    + ", ".join(f"'{o}'" for o in ORIGINS)
                    + "; FlowMCP's runtime refuses the definition",
                    origin.span,
                )
