"""LST009: meta.dependsOn references resolve to existing lists with matching versions."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, ListContext, Rule

from ._shared_lists import GOOD, IN_SAMPLES, list_depends, list_example


class DependsResolve(Rule):
    code = Code.LST009
    target = "list"
    name = "list-depends-on"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "meta.dependsOn references resolve to existing lists with matching versions"
    why = "The runtime validates dependencies before it makes the list available."
    fix = "Correct the ref and version, or add the list the dependency names."
    VALID = [GOOD]
    INVALID = [
        Example(
            list_example().replace(
                "description: 'USD stablecoins',",
                "description: 'USD stablecoins', dependsOn: [ ‸{ ref: 'isoCountryCodes', version: '1.0.0' } ],",
            ),
            (Expect("dependsOn names 'isoCountryCodes'"),),
            path=IN_SAMPLES,
        )
    ]

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        folder, lists = ctx.resolver.lists_beside(ctx.path)
        if folder is None:
            return
        by_name = {shared.name: shared for shared in lists}
        for item, ref, version in list_depends(ctx):
            target = by_name.get(ref or "")
            if target is None:
                yield self.finding(f"dependsOn names '{ref}', which is no list in this registry", item.span)
            elif version is not None and target.version != version:
                yield self.finding(
                    f"dependsOn asks for '{ref}' {version}, but the list is version {target.version}", item.span
                )
