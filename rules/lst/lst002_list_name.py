"""LST002: list.meta.name is required and unique in the registry."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import string_value
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, ListContext, Rule

from ._shared_lists import GOOD, IN_SAMPLES, PATH, list_example, list_meta


class ListName(Rule):
    code = Code.LST002
    target = "list"
    name = "list-name"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "list.meta.name is required and unique in the registry"
    why = "Definitions reference lists by name; two lists of one name are a version conflict (03-shared-lists)."
    fix = "Give the list a unique camelCase name: `name: 'evmChains'`."
    VALID = [GOOD]
    INVALID = [
        Example(
            list_example(
                meta="version: '1.0.0', description: 'x', fields: [ { key: 'a', type: 'string', description: 'A' } ]",
                entries="{ a: 'x' }",
                mark="meta",
            ),
            (Expect("meta.name is required"),),
            path=PATH,
        ),
        Example(
            list_example().replace("name: 'stablecoins'", "name: ‸'evmChains'"),
            (Expect("another list in this registry is named 'evmChains'"),),
            path=IN_SAMPLES,
            title="a name taken by another list",
        ),
    ]

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        meta = list_meta(ctx)
        if meta is None:
            return
        node = meta.get("name")
        name = string_value(node)
        if not name:
            yield self.finding("list.meta.name is required: a camelCase string", node.span if node else meta.span)
            return
        assert node is not None
        _folder, lists = ctx.resolver.lists_beside(ctx.path)
        others = [other for other in lists if other.name == name and other.path.resolve() != ctx.path.resolve()]
        if others:
            yield self.finding(
                f"another list in this registry is named '{name}' ({others[0].path.name}): names must be unique",
                node.span,
            )
