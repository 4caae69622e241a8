"""The engine: load one file, run the selected rules over its definition, apply suppressions.

A file that is not a definition gets the diagnostic of its load status (FL001 syntax, FL002 skipped,
FL006 unreadable or binary, VAL002 `main` not an object, FL020 too costly to evaluate, FL008 a failure
of flowlint itself). Any crash of a rule becomes an FL008 diagnostic for that file, so one odd file never
stops a run over a whole library. Each finding's severity follows from its consequence and the profile
(core/consequence.py); of two findings on one node, the ownership table (lint/ownership.py) keeps one.
"""

from __future__ import annotations

from pathlib import Path

from flowlint.core.consequence import Consequence, profile_severity, tolerated_note
from flowlint.core.gcpause import gc_paused
from flowlint.core.nodes import Span
from flowlint.core.severity import Severity
from flowlint.core.source import SourceText
from flowlint.definition.loading import LoadedFile, LoadStatus, legacy_serves_tools, load_bytes, load_file
from flowlint.definition.sharedlists import SharedListResolver
from flowlint.lint.codes import Code
from flowlint.lint.config import Config, code_selected
from flowlint.lint.diagnostics import Finding, locate
from flowlint.lint.ownership import drop_superseded
from flowlint.lint.registry import all_rules
from flowlint.lint.result import FileReport
from flowlint.lint.rule import ListContext, Rule, RuleContext
from flowlint.lint.suppressions import parse_suppressions, suppressed, unused_suppressions

__all__ = ["Engine"]

# The code a file gets when it is not a definition, by load status.
_STATUS_CODES = {
    LoadStatus.UNREADABLE: Code.FL006,
    LoadStatus.BINARY: Code.FL006,
    LoadStatus.SKIPPED: Code.FL002,
    LoadStatus.NO_MAIN: Code.VAL001,  # a definition by its shape, without a `main` FlowMCP can import
    LoadStatus.LEGACY: Code.VAL001,  # a FlowMCP 1.x definition: no `main` either
    LoadStatus.BAD_MAIN: Code.VAL002,
    LoadStatus.OVER_BUDGET: Code.FL020,
}


class Engine:
    """Runs rules over files. One engine serves a whole run (it caches shared lists)."""

    def __init__(
        self, config: Config, resolver: SharedListResolver | None = None, *, suppressions: bool = True
    ) -> None:
        self.config = config
        # False: a file's `flowlint: ignore` comments silence nothing (`mcp-tools` asks what the runtime
        # builds, and the runtime reads no comment).
        self.suppressions = suppressions
        self.resolver = resolver or SharedListResolver(config.lists_dir)
        selected = [rule() for rule in all_rules() if not rule.reported_by_engine and code_selected(rule.code, config)]
        self.rules: list[Rule] = [rule for rule in selected if rule.target in ("definition", "any")]
        self.list_rules: list[Rule] = [rule for rule in selected if rule.target in ("list", "any")]
        self._rules: dict[str, type[Rule]] = {rule.code: rule for rule in all_rules()}
        # The codes reported under `config` (every finding's code is a rule's), decided once per engine.
        self._selected = frozenset(code for code in self._rules if code_selected(code, config))

    # Each file is loaded and checked with the cyclic garbage collector paused (flowlint.core.gcpause):
    # its trees have no reference cycles, so they are freed as soon as the report is made.

    def lint_file(self, path: Path, display: str, named: bool = False) -> FileReport:
        """Read and lint one file; `named`: the user named it (see `lint_loaded`)."""
        with gc_paused():
            return self.lint_loaded(load_file(path, display), named)

    def lint_bytes(self, data: bytes, path: Path, display: str, named: bool = True) -> FileReport:
        """Lint one file's bytes as if read from `path` (a text given directly is named by its giver)."""
        with gc_paused():
            return self.lint_loaded(load_bytes(data, path, display), named)

    def lint_loaded(self, loaded: LoadedFile, named: bool = False) -> FileReport:
        """Lint a loaded file. A defect in flowlint itself becomes an FL008 diagnostic for this file.
        (`named`: the user named the file; what a file is does not depend on it, see `unloadable_definition`.)"""
        try:
            with gc_paused():
                return self._lint_loaded(loaded)
        except RecursionError:
            return self._error_report(loaded, Code.FL008, "the definition is nested too deeply to check")
        except Exception as error:
            return self._error_report(
                loaded,
                Code.FL008,
                f"internal error while checking this file ({type(error).__name__}: {error}); "
                "please report it with the file",
            )

    def add_findings(self, report: FileReport, findings: list[Finding], source: SourceText) -> None:
        """Findings made outside the rules (`verify`'s) reported as the rules' are: the selected codes
        only, each at its configured severity, located and sorted."""
        for finding in findings:
            self._add(report, source, finding)
        report.diagnostics.sort(key=lambda d: d.sort_key)

    def _lint_loaded(self, loaded: LoadedFile) -> FileReport:
        source = SourceText(loaded.data)
        if loaded.status is LoadStatus.SYNTAX:
            report = FileReport(loaded.display, loaded.kind)
            for problem in loaded.problems:
                self._add(report, source, Finding(Code.FL001, f"syntax error: {problem.message}", problem.span))
            return report
        if loaded.status is LoadStatus.CRASHED:
            return self._error_report(
                loaded,
                Code.FL008,
                f"internal error while reading this file ({loaded.reason}); please report it with the file",
            )
        if loaded.status is LoadStatus.LIST:
            return self._lint_list(loaded, source)
        if loaded.definition is None:
            reason = f"skipped: {loaded.reason}" if loaded.status is LoadStatus.SKIPPED else loaded.reason
            return self._error_report(
                loaded, _STATUS_CODES[loaded.status], reason, loaded.span, _load_consequence(loaded)
            )
        report = FileReport(loaded.display, "definition", definition=loaded.definition)
        context = RuleContext(loaded.definition, loaded.path, self.config, self.resolver, source=loaded.data)
        major = context.spec.major  # each rule runs on the generations it checks (`Rule.generations`)
        findings = [finding for rule in self.rules if major in rule.generations for finding in rule.check(context)]
        # One defect, one finding: of two findings on one node, the one the ownership table (beside the
        # codes) says stands for it; only selected codes stand for anything.
        findings = drop_superseded(finding for finding in findings if finding.code in self._selected)
        return self._report(report, loaded.data, source, findings, report_unused=True, generation=context.spec.major)

    def _lint_list(self, loaded: LoadedFile, source: SourceText) -> FileReport:
        """A shared-list file, checked by the LST rules (with its suppressions, like a definition)."""
        report = FileReport(loaded.display, "list")
        context = ListContext(loaded.list_node, loaded.path, self.config, self.resolver, loaded.data)
        findings = [finding for rule in self.list_rules for finding in rule.check_list(context)]
        return self._report(report, loaded.data, source, findings, report_unused=False)

    def _report(
        self,
        report: FileReport,
        data: bytes,
        source: SourceText,
        findings: list[Finding],
        report_unused: bool,
        generation: int = 3,
    ) -> FileReport:
        """The findings not silenced by the file's suppression comments, located and sorted (and, for
        definitions, FL009 for the comments that silenced nothing)."""
        suppressions = parse_suppressions(data, source) if self.suppressions else []
        for finding in findings:
            if not suppressed(finding, source, suppressions):
                self._add(report, source, finding, generation)
        if report_unused:
            for finding in unused_suppressions(suppressions, self.config, data):
                self._add(report, source, finding, generation)
        report.diagnostics.sort(key=lambda d: d.sort_key)
        return report

    def _error_report(
        self,
        loaded: LoadedFile,
        code: Code,
        message: str,
        span: Span | None = None,
        consequence: Consequence | None = None,
    ) -> FileReport:
        report = FileReport(loaded.display, loaded.kind if code is not Code.FL008 else "error")
        finding = Finding(code, message, span or Span(0, 0), consequence=consequence)
        self._add(report, SourceText(loaded.data), finding)
        return report

    def _add(self, report: FileReport, source: SourceText, finding: Finding, generation: int = 3) -> None:
        """Report `finding` at the severity its consequence gives in this profile (core/consequence.py),
        unless the configuration sets one for its code; a finding the runtime tolerates says so."""
        if finding.code not in self._selected:
            return
        rule = self._rules[finding.code]
        natural = finding.severity or rule.severity
        consequence = finding.consequence or rule.consequence_for(generation)
        strict = self.config.strict and rule.strict_promotes()
        severity = self.config.severity.get(finding.code) or profile_severity(consequence, natural, strict)
        note = tolerated_note(consequence, generation, rule.strict_promotes()) if natural is Severity.ERROR else ""
        report.diagnostics.append(locate(finding, severity, report.path, source, note, consequence.value))


def _load_consequence(loaded: LoadedFile) -> Consequence | None:
    """What the 3.x runtime, which converts FlowMCP 1.x files, does with one: it serves a 1.x file's
    `routes` (spec only there) and builds no tool of one whose tools are elsewhere. Every other unloadable
    file keeps its rule's consequence (refused at load)."""
    if loaded.status is not LoadStatus.LEGACY or loaded.legacy is None:
        return None
    return Consequence.SPEC if legacy_serves_tools(loaded.legacy) else Consequence.NOT_BUILT
