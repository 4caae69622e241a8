"""LST007: Each entry has every field that is not optional."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, ListContext, Rule

from ._shared_lists import FIELD_TYPES, GOOD, PATH, list_entries, list_example, meta_fields


class EntryComplete(Rule):
    code = Code.LST007
    target = "list"
    name = "list-entry-fields"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "Each entry has every field that is not optional"
    why = "Definitions filter and read entries by field; a missing required field breaks them (03-shared-lists)."
    fix = "Add the field to the entry, or mark it `optional: true` in meta.fields."
    VALID = [GOOD]
    INVALID = [
        Example(
            list_example(entries="{ symbol: 'USDC', decimals: 6 }, ‸{ symbol: 'DAI' }"),
            (Expect("entry 1 has no 'decimals'"),),
            path=PATH,
        )
    ]

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        required = [key for key, kind, optional in meta_fields(ctx) if not optional and kind in FIELD_TYPES]
        for index, entry in list_entries(ctx):
            missing = [key for key in required if entry.get(key) is None]
            if missing:
                yield self.finding(
                    f"entry {index} has no " + ", ".join(f"'{key}'" for key in missing) + " (required fields)",
                    entry.span,
                )
