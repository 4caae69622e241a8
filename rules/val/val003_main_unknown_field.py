"""VAL003: main must not contain unknown fields."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext

from ._main_block import source

# Specification 3.0.0, 01-schema-format ("Required Fields", "Optional Fields", the deprecated `routes`).
MAIN_FIELDS_3 = frozenset(
    "namespace name description version root tools routes resources skills docs tags requiredServerParams "
    "requiredLibraries headers sharedLists".split()
)


# The 4.x runtime's allow-list (flowmcp-core src/v4/task/MainValidator.mjs ALLOWED_MAIN_KEYS at 8dab10b).
MAIN_FIELDS_4 = frozenset(
    "namespace name description version schemaVersion root tools resources docs tags requiredServerParams "
    "requiredLibraries headers sharedLists meta handlers skills termsOfService termsOfServiceCheckedAt "
    "termsOfServiceLanguage dataLicense dataLicenseName".split()
)


class UnknownField(Rule):
    code = Code.VAL003
    name = "main-unknown-field"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    consequence_v4 = Consequence.REFUSED
    summary = "main must not contain unknown fields"
    why = (
        "Specification 3.0.0 lists main's fields in 01-schema-format; the 4.x runtime refuses any key outside "
        "its allow-list (and then skips every other check of the definition). A misspelt field is silently "
        "ignored by the 3.x runtime."
    )
    fix = "Remove the field, or correct its spelling (`requiredServerParams`, `sharedLists`...)."
    VALID = [
        Example(
            source(
                "namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com', tags: [ 'defi' ],"
            )
        )
    ]
    INVALID = [
        Example(
            source(
                "namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com', ‸tag: [ 'defi' ],"
            ),
            (Expect("main has an unknown field 'tag'"),),
        ),
        Example(
            source(
                "namespace: 'demo', name: 'Demo', description: 'Demo API', version: '4.0.0', root: 'https://api.example.com',",
                "    ‸routes: {}",
            ),
            (Expect("main has an unknown field 'routes'"),),
            title="`routes` under 4.x",
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        known = MAIN_FIELDS_3 if ctx.spec.major == 3 else MAIN_FIELDS_4
        for entry in ctx.definition.main.entries:
            if entry.key not in known:
                hint = (
                    " (`routes` is the pre-v3 name of `tools`, refused by the 4.x runtime)"
                    if entry.key == "routes"
                    else ""
                )
                yield self.finding(
                    f"main has an unknown field '{entry.key}' (specification {ctx.spec.label}){hint}", entry.key_span
                )
