"""What a migration step returns, and what the migration of one file and of a run hold.

A step returns a result, as LibCST's codemods do (`TransformSuccess` / `TransformSkip` /
`TransformFailure`): the changes it makes (each with its edits and its class), a reason it had nothing to
do, or the reason it could not do its work; it never raises for what a file contains.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from flowlint.core.edits import Edit

__all__ = [
    "Change",
    "ChangeClass",
    "Difference",
    "FileMigration",
    "FileStatus",
    "ManualItem",
    "StepOutcome",
    "StepResult",
]


class ChangeClass(StrEnum):
    """What a change does to the runtime's behaviour, before (3.x) against after (4.x).

    `safe`: the runtime does the same (the version of `main`, `routes` -> `tools`, `schemaVersion`, a
    default 3.x applied too). `unsafe`: it changes what a client sees or what the API receives (applied
    with `--unsafe-fixes` only). `manual`: a person must decide; never written."""

    SAFE = "safe"
    UNSAFE = "unsafe"
    MANUAL = "manual"


class StepOutcome(StrEnum):
    CHANGED = "changed"
    SKIPPED = "skipped"
    FAILED = "failed"


@dataclass(frozen=True)
class Change:
    """One change of one file: `kind` names the step or rule (`version`, `skills`, `fix:TST004`...);
    `title` says what it writes; `effect` what the runtime does differently (empty for a safe change);
    `edits` are byte edits of the file it is about (none for a manual item). `applied` is set by the
    migration: whether the edits are in the result."""

    kind: str
    klass: ChangeClass
    title: str
    line: int
    edits: tuple[Edit, ...] = ()
    effect: str = ""
    applied: bool = False
    tool: str | None = None  # the tool it changes (None: the file's main, or another file)

    def as_applied(self, applied: bool) -> Change:
        return replace(self, applied=applied)


@dataclass(frozen=True)
class ManualItem:
    """What a person must decide: where (`line`; 0 for the file) and what. `blocking` items are ones the
    target's runtime refuses (the file is not fully accepted until they are done); the others are what
    the target's specification asks and its runtime tolerates (terms of service, `meta` before 4.3)."""

    kind: str
    line: int
    what: str
    blocking: bool
    code: str = ""
    tool: str | None = None


@dataclass
class StepResult:
    """What one step did to one file."""

    step: str
    outcome: StepOutcome
    changes: list[Change] = field(default_factory=list)
    manual: list[ManualItem] = field(default_factory=list)
    reason: str = ""

    @classmethod
    def skipped(cls, step: str, reason: str) -> StepResult:
        return cls(step, StepOutcome.SKIPPED, reason=reason)

    @classmethod
    def failed(cls, step: str, reason: str) -> StepResult:
        return cls(step, StepOutcome.FAILED, reason=reason)

    @classmethod
    def of(
        cls, step: str, changes: list[Change], manual: list[ManualItem] | None = None, reason: str = ""
    ) -> StepResult:
        """`changed` when there are changes or manual items, else `skipped` with `reason`."""
        manual = manual or []
        if changes or manual:
            return cls(step, StepOutcome.CHANGED, changes, manual)
        return cls(step, StepOutcome.SKIPPED, reason=reason or "nothing to change")


class FileStatus(StrEnum):
    """One status per file (issue 24): what a person needs to know first."""

    EQUIVALENT = "equivalent"
    EQUIVALENT_MORE = "equivalent, tools that now work"
    CHANGED = "changed"
    NEEDS_PERSON = "needs a person"
    FAILING_BEFORE = "already failing under 3.x"
    NOT_MIGRATED = "not migrated"  # a file the migration does not apply to (already 4.x, a list...)
    FAILED = "failed"  # the migration could not be made or verified: the file is kept as it was


@dataclass
class Difference:
    """One difference between what 3.x did with the original and what 4.x does with the result, tied to
    the change (or the generation's behaviour) that causes it."""

    where: str  # `tool getX`, `tool getX test 2`
    what: str  # `inputSchema`, `request`, `arguments`, `tool built`...
    before: Any
    after: Any
    cause: str


@dataclass
class FileMigration:
    """The migration of one file: its bytes before and after, what each step did, what is left for a
    person, the verification and the status."""

    path: str
    before: bytes
    after: bytes
    kind: str = "definition"  # definition, legacy, skill, list, other
    steps: list[StepResult] = field(default_factory=list)
    manual: list[ManualItem] = field(default_factory=list)
    differences: list[Difference] = field(default_factory=list)
    status: FileStatus = FileStatus.NOT_MIGRATED
    reason: str = ""
    gained: list[str] = field(default_factory=list)  # tools and tests that work under 4.x and did not under 3.x
    errors_after: list[str] = field(default_factory=list)  # `check` under the target: the errors left
    written: bool = False
    write_problem: str = ""

    @property
    def changed(self) -> bool:
        return self.after != self.before

    @property
    def changes(self) -> list[Change]:
        return [change for step in self.steps for change in step.changes]

    @property
    def blocking(self) -> list[ManualItem]:
        return [item for item in self.manual if item.blocking]
