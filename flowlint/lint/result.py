"""What a lint run returns: one `FileReport` per file, gathered in a `LintResult`.

`check` and `verify` both produce these, so every reporter and exit-code rule applies to both.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from flowlint.core.record import Record, field
from flowlint.core.severity import Severity
from flowlint.lint.config import Config
from flowlint.lint.diagnostics import Diagnostic, fails

if TYPE_CHECKING:
    from flowlint.definition.model import Definition

__all__ = ["FileReport", "LintResult"]


class FileReport(Record):
    """The outcome for one file: its diagnostics and what the file turned out to be.

    `kind` is `definition`, `list` (a shared list), `skipped` (neither) or `error` (unreadable, unparsable).
    `definition` is kept by `lint_source` (for embedding tools); `lint_paths` drops it to save memory.
    `config` is the configuration the file was linted with (from `ConfigResolver.for_file`): its
    `fail_on` decides whether this file fails the run.
    """

    _not_compared = frozenset({"config"})

    path: str
    kind: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    definition: Definition | None = None
    config: Config | None = None
    # The file was named on the command line (not found by a folder walk): its FL002 note is shown.
    named: bool = False


class LintResult(Record):
    """The outcome of a run: one report per file, in path order. `config` is the configuration of the
    first path linted; each report carries its own."""

    files: list[FileReport] = field(default_factory=list)
    config: Config = field(default_factory=Config)

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return [d for report in self.files for d in report.diagnostics]

    def count(self, severity: Severity) -> int:
        return sum(1 for d in self.diagnostics if d.severity is severity)

    def summary(self) -> dict[str, int]:
        kinds = [report.kind for report in self.files]
        severities = Counter(d.severity for report in self.files for d in report.diagnostics)  # one pass
        return {
            "files": len(self.files),
            "definitions": kinds.count("definition"),
            "lists": kinds.count("list"),
            "skipped": kinds.count("skipped"),
            "unreadable": kinds.count("error"),
            "errors": severities[Severity.ERROR],
            "warnings": severities[Severity.WARNING],
            "infos": severities[Severity.INFO],
        }

    def fail_on(self, report: FileReport) -> Severity:
        """The lowest severity that makes `report` fail the run: its own configuration's `fail_on`."""
        return (report.config or self.config).fail_on

    def failing(self, report: FileReport) -> list[Diagnostic]:
        """The findings of `report` that fail the run: at or above its `fail_on` (see `fail_on`)."""
        threshold = self.fail_on(report).rank
        return [d for d in report.diagnostics if d.severity.rank >= threshold]

    def failed(self, fail_on: Severity | None = None) -> bool:
        """True when any file has a diagnostic at or above `fail_on` (default: the `fail_on` of the
        configuration that file was linted with, as `flowlint check` decides its exit code)."""
        return any(fails(report.diagnostics, fail_on or self.fail_on(report)) for report in self.files)
