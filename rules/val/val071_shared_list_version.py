"""VAL071: sharedLists[].version is required and must be a semantic version."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SScalar, type_name
from flowlint.core.severity import Severity
from flowlint.definition.specversion import SEMVER
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._shared_list_refs import GOOD, entries


class SharedListVersion(Rule):
    code = Code.VAL071
    name = "shared-list-version"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "sharedLists[].version is required and must be a semantic version"
    why = "The runtime refuses an entry without a version and loads a list only when its version is exactly this one."
    fix = "Write the list's own `meta.version`, such as `version: '3.0.0'`."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            example("    sharedLists: [ { ref: 'evmChains', version: ‸'latest' } ],\n    tools: {}"),
            (Expect("sharedLists[0].version 'latest' is not a semantic version"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for index, entry in entries(ctx):
            version = entry.get("version")
            if isinstance(version, NonStatic):
                continue
            if version is None or (isinstance(version, SScalar) and version.value in (None, "")):
                yield self.finding(f"sharedLists[{index}].version is required, such as '3.0.0'", entry.span)
            elif not (isinstance(version, SScalar) and isinstance(version.value, str)):
                yield self.finding(
                    f"sharedLists[{index}].version must be a string such as '3.0.0', got {type_name(version)}",
                    version.span,
                )
            elif not SEMVER.match(version.value):
                yield self.finding(
                    f"sharedLists[{index}].version '{version.value}' is not a semantic version (such as '3.0.0')",
                    version.span,
                )
