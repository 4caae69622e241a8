"""RES027: A 4.x markdown resource names its document: a string ending in `.md`."""

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


class ResourceName(Rule):
    code = Code.RES027
    name = "resource-file-name"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    origin = "spec 4.2.0 (13-resources)"
    summary = "A 4.x markdown resource's `name` is a file name ending in `.md`"
    why = (
        "`name` is the document's file name in the folder its origin picks. The 4.x runtime refuses a markdown "
        "resource without one, or whose name does not end in `.md` ('name: Must end with \".md\"'). The "
        "specification (13-resources, 4.2.0) asks the same of a SQLite resource's `.db`; the runtime reads "
        "`database` there instead, so this rule checks markdown resources."
    )
    fix = "Write the document's file name: `name: 'guide.md'`."
    VALID = [Example(example_v4(f"    resources: {{ guide: {{ {MARKDOWN} }} }}"))]
    INVALID = [
        Example(
            example_v4("    resources: { guide: { " + MARKDOWN.replace("'guide.md'", "‸'guide.txt'") + " } }"),
            (Expect("resource 'guide': name 'guide.txt' does not end in '.md'"),),
            title="not a markdown file name",
        ),
        Example(
            example_v4("    resources: { ‸guide: { source: 'markdown', description: 'Guide', origin: 'inline' } }"),
            (Expect("resource 'guide': a markdown resource needs a name"),),
            title="no name",
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for entry, resource in v4_resources(ctx, "markdown"):
            name = resource.get("name")
            if name is None or (isinstance(name, SScalar) and name.value is None):
                yield self.finding(
                    f"resource '{entry.key}': a markdown resource needs a name, the document's file name ending in "
                    "'.md'; FlowMCP's runtime refuses the definition",
                    entry.key_span,
                )
                continue
            value = name.value if isinstance(name, SScalar) else None
            if not isinstance(value, str) or not value.strip():
                problem = f"name {js_repr(to_python(name))} is not a file name"
            elif not value.endswith(".md"):
                problem = f"name {js_repr(value)} does not end in '.md'"
            else:
                continue
            yield self.finding(
                f"resource '{entry.key}': {problem}; FlowMCP's runtime refuses a markdown resource whose name is "
                "not a '.md' file name",
                name.span,
            )
