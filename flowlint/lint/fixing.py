"""`flowlint check --fix` / `--diff`: apply the fixes findings carry, verify, write atomically.

Each file is fixed in rounds: lint, apply every applicable fix whose edits do not overlap, lint the
result again, until nothing changes (at most `MAX_ROUNDS`). A round is kept only when the new bytes
still load as the same kind of file (a definition stays a definition, nothing becomes a syntax error)
and hold no more errors than before; otherwise the file keeps the last verified bytes and the reason is
reported. Files are written with `atomic_write`, the one atomic write (read-only files, links and
folders are refused there), and only if they still hold the bytes the fixes were made from (an edit
saved meanwhile is kept, and the file reported as not written); `--diff` writes nothing and shows what
`--fix` would do.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path

from flowlint.core.errors import FileProblem
from flowlint.core.fileio import atomic_write, read_regular
from flowlint.core.severity import Severity
from flowlint.lint.engine import Engine
from flowlint.lint.fixes import Fix, apply_fixes
from flowlint.lint.result import FileReport, LintResult

__all__ = [
    "MAX_ROUNDS",
    "AppliedFix",
    "FileFix",
    "fix_bytes",
    "fix_file",
    "fix_result",
    "more_with_unsafe",
    "unified_diff",
]

MAX_ROUNDS = 10


@dataclass(frozen=True)
class AppliedFix:
    """A finding's fix that is in the result: the finding's code and tool (`resource.query` for a resource
    query; None: the file's main), as the finding named them."""

    code: str
    fix: Fix
    tool: str | None = None


@dataclass
class FileFix:
    """What fixing one file did: its bytes before and after, the fixes applied, the final report."""

    path: str
    before: bytes
    after: bytes
    applied: list[AppliedFix] = field(default_factory=list)
    report: FileReport | None = None
    problem: str | None = None  # why the file was left (partly) unfixed, or could not be written
    written_problem: bool = False  # `problem` is about writing the file, not about verifying a fix

    @property
    def changed(self) -> bool:
        return self.after != self.before


def _applicable(report: FileReport, unsafe: bool) -> list[AppliedFix]:
    return [
        AppliedFix(d.code, d.fix, d.tool) for d in report.diagnostics if d.fix is not None and (d.fix.safe or unsafe)
    ]


def _errors(report: FileReport) -> int:
    return sum(1 for d in report.diagnostics if d.severity is Severity.ERROR)


def fix_bytes(engine: Engine, data: bytes, path: Path, display: str, unsafe: bool) -> FileFix:
    """Fix one file's bytes in rounds (see the module docstring); nothing is written here."""
    outcome = FileFix(display, data, data)
    current = engine.lint_bytes(data, path, display)
    for _round in range(MAX_ROUNDS):
        fixes = _applicable(current, unsafe)
        if not fixes:
            break
        new, chosen = apply_fixes(outcome.after, [applicable.fix for applicable in fixes])
        if new == outcome.after:
            break
        checked = engine.lint_bytes(new, path, display)
        if checked.kind != current.kind or _errors(checked) > _errors(current):
            outcome.problem = (
                "a fix would not verify (the result would "
                + ("no longer load as a " + current.kind if checked.kind != current.kind else "hold more errors")
                + "); the file keeps its last verified text"
            )
            break
        outcome.applied.extend(applicable for applicable in fixes if applicable.fix in chosen)
        outcome.after = new
        current = checked
    outcome.report = current
    return outcome


def fix_file(engine: Engine, report: FileReport, unsafe: bool) -> FileFix:
    """`fix_bytes` of the file a report is about, read from disk."""
    path = Path(report.path)
    try:
        data = read_regular(path)
    except FileProblem as problem:
        return FileFix(report.path, b"", b"", problem=str(problem))
    return fix_bytes(engine, data, path, report.path, unsafe)


def fix_result(result: LintResult, unsafe: bool, write: bool) -> tuple[LintResult, list[FileFix]]:
    """Fix every file of `result` that has an applicable fix; write them when `write`. Returns the
    result with the fixed files' reports replaced by their final ones, and what was done per file."""
    engines: dict[str, Engine] = {}
    outcomes: list[FileFix] = []
    files: list[FileReport] = []
    for report in result.files:
        if not _applicable(report, unsafe):
            files.append(report)
            continue
        config = report.config or result.config  # the settings the file was linted with
        engine = engines.setdefault(config.fingerprint, Engine(config))
        outcome = fix_file(engine, report, unsafe)
        if outcome.report is not None:
            outcome.report.config = config
        if write and outcome.changed:
            try:
                # an edit saved while the fixes were worked out is never overwritten
                atomic_write(Path(report.path), outcome.after, unchanged_from=outcome.before)
            except FileProblem as problem:  # (its reason: the report names the path already)
                reason = problem.reason
                outcome.problem = reason if reason.startswith("not written") else f"not written: {reason}"
                outcome.written_problem = True
                outcome.after = outcome.before
                outcome.applied = []
                outcome.report = report
        outcomes.append(outcome)
        files.append(outcome.report if write and outcome.report is not None else report)
    return LintResult(files, result.config), outcomes


def more_with_unsafe(result: LintResult, outcomes: list[FileFix], after_writing: bool) -> int:
    """How many more fixes `--unsafe-fixes` would apply than the safe run that gave `result` and
    `outcomes`: a dry run with unsafe fixes of every file that has one, verified round by round as
    `--fix` verifies, from the bytes on disk (fixed already when `after_writing`; else the safe run's
    own fixes are subtracted). So `--fix`'s "N more" is what `--fix --unsafe-fixes` then fixes, and
    `--diff`'s agrees with `--unsafe-fixes --diff`."""
    with_unsafe = [r for r in result.files if any(d.fix is not None and not d.fix.safe for d in r.diagnostics)]
    if not with_unsafe:
        return 0
    _, dry = fix_result(LintResult(with_unsafe, result.config), unsafe=True, write=False)
    total = sum(len(outcome.applied) for outcome in dry)
    if not after_writing:
        paths = {report.path for report in with_unsafe}
        total -= sum(len(outcome.applied) for outcome in outcomes if outcome.path in paths)
    return max(total, 0)


def unified_diff(outcome: FileFix) -> str:
    """The change `--fix` would make to one file, as a unified diff."""
    before = outcome.before.decode("utf-8", "replace").splitlines(keepends=True)
    after = outcome.after.decode("utf-8", "replace").splitlines(keepends=True)
    return "".join(difflib.unified_diff(before, after, f"a/{outcome.path}", f"b/{outcome.path}"))
