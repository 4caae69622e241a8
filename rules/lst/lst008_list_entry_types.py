"""LST008: Entry values match their field's declared type."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SScalar, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, ListContext, Rule

from ._shared_lists import FIELD_TYPES, GOOD, PATH, list_entries, list_example, meta_fields


class EntryTypes(Rule):
    code = Code.LST008
    target = "list"
    name = "list-entry-types"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "Entry values match their field's declared type"
    why = "A chainId declared as number must be a number in every entry: '1' is rejected (03-shared-lists)."
    fix = "Write the value in the declared type (1, not '1'), or change the field's type."
    VALID = [GOOD]
    INVALID = [
        Example(
            list_example(entries="{ symbol: 'USDC', decimals: ‸'6' }"),
            (Expect("entry 0: 'decimals' is declared number, got string"),),
            path=PATH,
        )
    ]

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        declared = {key: (kind, optional) for key, kind, optional in meta_fields(ctx) if kind in FIELD_TYPES}
        for index, entry in list_entries(ctx):
            for item in entry.entries:
                if item.key not in declared or isinstance(item.value, NonStatic):
                    continue
                kind, optional = declared[item.key]
                assert kind is not None
                value = item.value.value if isinstance(item.value, SScalar) else item.value
                if value is None and optional:
                    continue
                expected = FIELD_TYPES[kind]
                if not isinstance(value, expected) or (kind == "number" and isinstance(value, bool)):
                    yield self.finding(
                        f"entry {index}: '{item.key}' is declared {kind}, got {type_name(item.value)}", item.value.span
                    )
