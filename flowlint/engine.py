"""The engine: load one file, decide what it is, run the selected rules, apply suppressions."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from flowlint.config import Config, code_selected
from flowlint.diagnostics import Diagnostic, Finding, Severity, SourceText, locate
from flowlint.loaders import ParsedModule, parse_file_bytes
from flowlint.model import Definition, build_definition
from flowlint.nodes import NonStatic, SArray, SObject, Span, shorten
from flowlint.registry import all_rules
from flowlint.rule import Rule, RuleContext
from flowlint.sharedlists import SharedListResolver

_SUPPRESSION = re.compile(rb"(?:#|//|/\*)\s*flowlint:\s*ignore(?:\[(?P<codes>[^\]\n]*)\])?")
ALL_CODES = "*"

_DEFINITION_KEYS = ("namespace", "tools", "routes", "resources")

# What a file is when it is not a tool definition: export name -> description.
_OTHER_KINDS = (
    ("list", "a shared list (export const list)"),
    ("skill", "a skill (export const skill)"),
    ("prompt", "a prompt (export const prompt)"),
    ("schema", "a FlowMCP v1 definition (export const schema); flowlint checks v3 definitions"),
)


@dataclass
class FileReport:
    """The outcome for one file: its diagnostics and what the file turned out to be.

    `kind` is `definition`, `skipped` (not a tool definition) or `error` (unreadable, unparsable).
    `definition` is kept by `lint_source` (for embedding tools); `lint_paths` drops it to save memory.
    """

    path: str
    kind: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    definition: Definition | None = None


@dataclass
class Suppression:
    """One `flowlint: ignore[...]` comment; `used_codes` collects the codes it actually silenced."""

    line: int
    codes: frozenset[str]
    span: Span
    used: bool = False
    used_codes: set[str] = field(default_factory=set)


class Engine:
    """Runs rules over files. One engine serves a whole run (it caches shared lists)."""

    def __init__(self, config: Config, resolver: SharedListResolver | None = None) -> None:
        self.config = config
        self.resolver = resolver or SharedListResolver(config.lists_dir)
        self.rules: list[Rule] = [
            rule() for rule in all_rules() if not rule.reported_by_engine and code_selected(rule.code, config)
        ]
        self._severity = {rule.code: config.severity.get(rule.code, rule.severity) for rule in all_rules()}

    def lint_file(self, path: Path, display: str) -> FileReport:
        try:
            data = path.read_bytes()
        except OSError as error:
            report = FileReport(display, "error")
            self._add(report, SourceText(b""), Finding("FL006", f"cannot read the file: {error.strerror}", Span(0, 0)))
            return report
        return self.lint_bytes(data, path, display)

    def lint_bytes(self, data: bytes, path: Path, display: str) -> FileReport:
        """Lint one file's bytes. A defect in flowlint itself becomes an FL008 diagnostic for this file,
        so one odd file never stops a run over a whole library."""
        try:
            return self._lint_bytes(data, path, display)
        except RecursionError:
            report = FileReport(display, "error")
            self._add(
                report, SourceText(data), Finding("FL008", "the definition is nested too deeply to check", Span(0, 0))
            )
            return report
        except Exception as error:
            report = FileReport(display, "error")
            self._add(
                report,
                SourceText(data),
                Finding(
                    "FL008",
                    f"internal error while checking this file ({type(error).__name__}: {error}); "
                    "please report it with the file",
                    Span(0, 0),
                ),
            )
            return report

    def _lint_bytes(self, data: bytes, path: Path, display: str) -> FileReport:
        source = SourceText(data)
        if b"\x00" in data[:8192]:
            report = FileReport(display, "error")
            self._add(report, source, Finding("FL006", "the file is binary, not a definition", Span(0, 0)))
            return report
        module = parse_file_bytes(data, path.suffix.lower())
        if module.problems:
            report = FileReport(display, "error")
            for problem in module.problems:
                self._add(report, source, Finding("FL001", f"syntax error: {problem.message}", problem.span))
            return report
        kind, reason, main = classify(module, path.suffix.lower())
        if main is None:
            report = FileReport(display, kind)
            if kind == "skipped":
                self._add(report, source, Finding("FL002", f"skipped: {reason}", Span(0, 0)))
            else:
                span = module.exports["main"].span if "main" in module.exports else Span(0, 0)
                self._add(report, source, Finding("FL007", reason, span))
            return report
        definition = build_definition(main, has_handlers="handlers" in module.exports)
        report = FileReport(display, "definition", definition=definition)
        context = RuleContext(definition, path, self.config, self.resolver)
        findings: list[Finding] = []
        for rule in self.rules:
            findings.extend(rule.check(context))
        suppressions = parse_suppressions(data, source)
        for finding in findings:
            if not _suppressed(finding, source, suppressions):
                self._add(report, source, finding)
        for finding in unused_suppressions(suppressions, self.config):
            self._add(report, source, finding)
        report.diagnostics.sort(key=lambda d: d.sort_key)
        return report

    def _add(self, report: FileReport, source: SourceText, finding: Finding) -> None:
        if not code_selected(finding.code, self.config):
            return
        severity = self.config.severity.get(finding.code) or finding.severity or self._severity[finding.code]
        report.diagnostics.append(locate(finding, severity, report.path, source))


def classify(module: ParsedModule, suffix: str) -> tuple[str, str, SObject | None]:
    """(kind, reason, main): what a parsed file is, and its `main` object when it is a definition."""
    main = module.exports.get("main")
    if isinstance(main, SObject):
        if isinstance(main.get("tools"), SArray):
            return "skipped", "an agent manifest (main.tools is a list of tool ids)", None
        if suffix == ".json" and not any(main.get(key) is not None for key in _DEFINITION_KEYS):
            # Any JSON object is `main` to the loader; package.json and friends are not definitions.
            return "skipped", "not a tool definition: a JSON object without namespace, tools or resources", None
        return "definition", "", main
    if main is not None:
        if isinstance(main, NonStatic):
            return (
                "error",
                (
                    f"main must be an object literal; flowlint reads definitions without running "
                    f"them and cannot evaluate `{shorten(main.source, 40)}` ({main.reason})"
                ),
                None,
            )
        return "error", "main must be an object literal", None
    for name, description in _OTHER_KINDS:
        if name in module.exports:
            return "skipped", f"not a tool definition: {description}", None
    where = {".py": "no module-level `main = {...}`", ".json": "no `main` object"}.get(
        suffix, "no `export const main = {...}`"
    )
    return "skipped", f"not a tool definition: {where}", None


def parse_suppressions(data: bytes, source: SourceText) -> list[Suppression]:
    if b"flowlint:" not in data:
        return []
    found = []
    for match in _SUPPRESSION.finditer(data):
        codes_text = match.group("codes")
        if codes_text is None:
            codes = frozenset({ALL_CODES})
        else:
            codes = frozenset(c.strip().upper() for c in codes_text.decode("ascii", "replace").split(",") if c.strip())
        line = source.position(match.start()).line
        found.append(Suppression(line, codes, Span(match.start(), match.end())))
    return found


def _suppressed(finding: Finding, source: SourceText, suppressions: list[Suppression]) -> bool:
    if not suppressions:
        return False
    line = source.position(finding.span.start).line
    for suppression in suppressions:
        if suppression.line in (line, line - 1) and (
            ALL_CODES in suppression.codes or finding.code in suppression.codes
        ):
            suppression.used = True
            suppression.used_codes.add(ALL_CODES if ALL_CODES in suppression.codes else finding.code)
            return True
    return False


def unused_suppressions(suppressions: list[Suppression], config: Config) -> list[Finding]:
    """FL009 findings for suppressions, or codes within one, that silenced nothing. A code whose rule
    did not run (deselected) is not reported; nor is a blanket `ignore` when rules are deselected."""
    from flowlint.registry import all_codes

    known = all_codes()
    findings = []
    for suppression in suppressions:
        if ALL_CODES in suppression.codes:
            if not suppression.used and not config.select and not config.ignore:
                findings.append(
                    Finding(
                        "FL009",
                        "unused suppression: `flowlint: ignore` silences no finding "
                        "on this line or the next; remove it",
                        suppression.span,
                    )
                )
            continue
        unused = []
        for code in sorted(suppression.codes - suppression.used_codes):
            if code not in known:
                unused.append(f"{code} (not a flowlint rule code)")
            elif code_selected(code, config):
                unused.append(code)
        if unused:
            findings.append(
                Finding(
                    "FL009",
                    f"unused suppression: no {', '.join(unused)} finding on this "
                    "line or the next; remove it from the comment",
                    suppression.span,
                )
            )
    return findings


def fails(diagnostics: list[Diagnostic], fail_on: Severity) -> bool:
    return any(d.severity.rank >= fail_on.rank for d in diagnostics)
