"""VAL073: A referenced list's version must match the list's meta.version."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.definition.specversion import SEMVER
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._shared_list_refs import DECLARED_LIST, IN_SAMPLES, declared


class ListVersion(Rule):
    code = Code.VAL073
    name = "shared-list-version-match"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "A referenced list's version must match the list's meta.version"
    why = (
        '09 says "match or be compatible", 03-shared-lists calls a mismatch a hard error, and the runtime '
        "compares the two strings exactly and refuses the definition when they differ: flowlint follows the "
        "runtime and 03."
    )
    fix = "Write the list's meta.version in sharedLists[].version."
    VALID = DECLARED_LIST
    INVALID = [
        Example(
            example("    sharedLists: [ { ref: 'evmChains', version: ‸'3.1.0' } ],\n    tools: {}"),
            (Expect("the list 'evmChains' is version 3.0.0"),),
            path=IN_SAMPLES,
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for name, ref in declared(ctx):
            if ref.version is None or not SEMVER.match(ref.version):
                continue  # no version to compare
            found, _folder = ctx.resolver.lookup(ctx.path, name)
            if found is not None and found.version is not None and found.version != ref.version:
                yield self.finding(
                    f"the list '{name}' is version {found.version} ({found.path.name}), not {ref.version}: the "
                    f"runtime compares them exactly and refuses the definition; write version: '{found.version}'",
                    ref.version_span or ref.span,
                )
