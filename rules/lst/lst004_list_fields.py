"""LST004: list.meta.fields is required and a non-empty array."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SArray, SObject
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, ListContext, Rule

from ._shared_lists import GOOD, PATH, list_example, list_meta


class ListFields(Rule):
    code = Code.LST004
    target = "list"
    name = "list-fields"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "list.meta.fields is required and a non-empty array"
    why = "Fields declare each entry's keys and types; definitions reference them in enum({{list:field}})."
    fix = "Write `fields: [ { key: 'symbol', type: 'string', description: 'Ticker' } ]`."
    VALID = [GOOD]
    INVALID = [
        Example(
            list_example(
                meta="name: 'stablecoins', version: '1.0.0', description: 'x', fields: ‸[]",
                entries="{ symbol: 'USDC' }",
            ),
            (Expect("meta.fields must be a non-empty array"),),
            path=PATH,
        )
    ]

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        meta = list_meta(ctx)
        if meta is None:
            if isinstance(ctx.node, SObject):
                yield self.finding("list.meta is required: { name, version, description, fields }", ctx.node.span)
            return
        fields = meta.get("fields")
        if not (isinstance(fields, SArray) and fields.items) and not isinstance(fields, NonStatic):
            yield self.finding("list.meta.fields must be a non-empty array", fields.span if fields else meta.span)
