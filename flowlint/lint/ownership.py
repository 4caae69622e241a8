"""Who reports a defect: one defect, one finding, as data beside the codes.

A finding is about a node of the definition, written as a path: `("tool", "getCoins", "parameter", "id")`,
then `("option", 2)` or `("primitive",)` for a part of its z block, or `("test", 0)` for its value in a
test. A finding may *claim* nodes (`Finding.claims`): it stands for the defect there. The engine drops a
finding whose node lies under a node another finding claims, when the claiming finding's code (or z fact)
supersedes the dropped one's code (or z fact) in `SUPERSEDES` below. The findings that claim are those of
the selected codes only, so `--select FL012` still shows what VAL046 would otherwise stand for.

No rule knows its neighbours: a rule says what its own finding stands for (its claims), this table says
who gives way to whom.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from flowlint.definition.zod import BREAKING_FACTS, ZFact
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding

__all__ = ["SUPERSEDES", "drop_superseded"]

# The z facts that leave a z block unable to check values (definition/zod/facts.py BREAKING_FACTS) claim
# the parameter's test values: TST004 (RES022 for a query) would report each of them again.
_VALUE_CHECKS = frozenset({Code.TST004, Code.RES022})

SUPERSEDES: dict[str, frozenset[str]] = {
    # Test values: a value that is not JSON data (a call, a hole) has no z check worth reporting.
    # (A test that is no object literal at all: its missing _description is the same root.)
    Code.TST005: frozenset({Code.TST004, Code.TST002}),
    Code.RES023: frozenset({Code.RES022, Code.TST002}),
    # A resource query without tests: the specification numbers TST001 RES011 for queries.
    Code.RES011: frozenset({Code.TST001}),
    # A parameter whose named placeholder the tests set (TST006) or that is a required input (FL015): its
    # undeclared server parameter (FL013) and its being required are the same root.
    Code.TST006: frozenset({Code.FL013, Code.FL015}),
    Code.FL015: frozenset({Code.FL013}),
    # z facts (a block that cannot check values, BREAKING_FACTS, stands for its test values: below).
    # enum() with a values(...) option: one defect, which VAL046 words naming the option.
    ZFact.ENUM_NO_VALUES: frozenset({ZFact.OPTION_UNKNOWN, ZFact.OPTION_NOT_CALL}),
    # The runtime's prefix match reads another primitive: that explains the primitive's text once.
    ZFact.PRIMITIVE_READ_AS: frozenset(
        {
            ZFact.PRIMITIVE_NOT_CALL,
            ZFact.PRIMITIVE_UNKNOWN,
            ZFact.PRIMITIVE_ARGUMENTS,
            ZFact.ENUM_SPACES,
            ZFact.ENUM_EMPTY_VALUE,
            ZFact.ENUM_REPEATED,
        }
    ),
    # A default that does not fit because of its quotes is one defect.
    ZFact.DEFAULT_MISFIT: frozenset({ZFact.DEFAULT_QUOTED}),
    ZFact.DEFAULT_MISFIT_OPTIONAL_LAST: frozenset({ZFact.DEFAULT_QUOTED}),
}

for _fact in BREAKING_FACTS:
    SUPERSEDES[_fact] = SUPERSEDES.get(_fact, frozenset()) | _VALUE_CHECKS
# A constraint after optional() or default() (the 3.x runtime throws) is told only where no other z fact is
# about the same option: whatever else is wrong with it is what to fix first.
for _fact in ZFact:
    if _fact is not ZFact.CONSTRAINT_AFTER_WRAPPER:
        SUPERSEDES[_fact] = SUPERSEDES.get(_fact, frozenset()) | {ZFact.CONSTRAINT_AFTER_WRAPPER}


def _under(node: Sequence[object], claim: Sequence[object]) -> bool:
    return len(node) >= len(claim) and tuple(node[: len(claim)]) == tuple(claim)


def drop_superseded(findings: Iterable[Finding]) -> list[Finding]:
    """`findings` without those another finding stands for (see the module's docstring)."""
    findings = list(findings)
    # Each claiming finding under every code and fact it supersedes, worked out once per finding: a
    # finding is compared with the claims of those that supersede its own code or fact only.
    claiming: dict[str, list[Finding]] = {}
    for other in findings:
        if other.claims:
            for name in SUPERSEDES.get(other.code, frozenset()) | SUPERSEDES.get(other.subject, frozenset()):
                claiming.setdefault(name, []).append(other)
    if not claiming:
        return findings
    return [finding for finding in findings if not _superseded(finding, claiming)]


def _superseded(finding: Finding, claiming: dict[str, list[Finding]]) -> bool:
    others = claiming.get(finding.code, []) + (claiming.get(finding.subject, []) if finding.subject else [])
    node: tuple[object, ...] | None = None  # the finding's node path, made once when first needed
    for other in others:
        if other is not finding:
            node = finding.node if node is None else node
            if any(_under(node, claim) for claim in other.claims):
                return True
    return False
