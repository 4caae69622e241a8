"""LST005: Each field has key, type (string, number or boolean) and description."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import SArray, SObject, string_value
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, ListContext, Rule

from ._shared_lists import FIELD_TYPES, GOOD, PATH, list_example, list_meta


class FieldShape(Rule):
    code = Code.LST005
    target = "list"
    name = "list-field-shape"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "Each field has key, type (string, number or boolean) and description"
    why = "Lists are flat by design: only the three primitive types; the description documents the column."
    fix = "Write `{ key: 'decimals', type: 'number', description: 'Token decimals' }`."
    VALID = [GOOD]
    INVALID = [
        Example(
            list_example(
                meta="name: 'stablecoins', version: '1.0.0', description: 'x', fields: [ ‸{ key: 'chains', type: 'array' } ]",
                entries="{ chains: [] }",
            ),
            (Expect("field 'chains'"),),
            path=PATH,
        )
    ]

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        meta = list_meta(ctx)
        fields = meta.get("fields") if meta is not None else None
        for index, item in enumerate(fields.items if isinstance(fields, SArray) else ()):
            if not isinstance(item, SObject):
                yield self.finding(f"meta.fields[{index}] must be an object {{ key, type, description }}", item.span)
                continue
            name = string_value(item.get("key")) or f"#{index}"
            problems = [key for key in ("key", "description") if not string_value(item.get(key))]
            kind = string_value(item.get("type"))
            if kind not in FIELD_TYPES:
                problems.append(f"type ('{kind}' is not string, number or boolean)" if kind else "type")
            if problems:
                yield self.finding(f"field '{name}' needs " + ", ".join(problems), item.span)
