"""LST003: list.meta.version is required and must be a semantic version."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import string_value
from flowlint.core.severity import Severity
from flowlint.definition.specversion import SEMVER
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, ListContext, Rule

from ._shared_lists import GOOD, PATH, list_example, list_meta


class ListVersion(Rule):
    code = Code.LST003
    target = "list"
    name = "list-version"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "list.meta.version is required and must be a semantic version"
    why = "Definitions pin the version they were written against; the runtime compares it exactly."
    fix = "Write `version: '1.0.0'` and bump it when entries or fields change."
    VALID = [GOOD]
    INVALID = [
        Example(
            list_example().replace("version: '1.0.0'", "version: ‸'1.0'"),
            (Expect("meta.version '1.0' is not a semantic version"),),
            path=PATH,
        )
    ]

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        meta = list_meta(ctx)
        if meta is None:
            return
        node = meta.get("version")
        version = string_value(node)
        if version is None:
            yield self.finding("list.meta.version is required, such as '1.0.0'", node.span if node else meta.span)
        elif node is not None and not SEMVER.match(version):
            yield self.finding(f"list.meta.version '{version}' is not a semantic version (such as '1.0.0')", node.span)
