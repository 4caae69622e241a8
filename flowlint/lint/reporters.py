"""Reporters: turn a `LintResult` into text for a stream. One class per format, registered by name.

The registry `REPORTERS` feeds `flowlint check --format`. This module imports nothing heavy at load
time (the lint result type is only needed for type checking), so the CLI can build its option
choices from it without slowing start-up.
"""

from __future__ import annotations

import functools
import json
import os
import re
import sys
from collections import Counter
from collections.abc import Callable
from json.encoder import encode_basestring
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, TextIO
from urllib.parse import quote

from flowlint.core.errors import FileProblem
from flowlint.core.fileio import printable, read_regular
from flowlint.core.record import DeclaredRecord, FrozenRecord
from flowlint.core.version import __version__
from flowlint.lint.codes import Code
from flowlint.lint.overview import Overview, counts_phrase, files_phrase, head_and_help, lead_lines, markdown_report
from flowlint.lint.pages import rule_page_url, rule_web_url

if TYPE_CHECKING:
    from flowlint.core.edits import Edit
    from flowlint.core.source import SourceText
    from flowlint.lint.diagnostics import Diagnostic
    from flowlint.lint.result import FileReport, LintResult

REPORT_VERSION = 1
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


# Lone surrogates: a `_description` written as '\ud800' in a definition, or a file name that is not
# UTF-8 (os.fsdecode keeps its bytes as U+DC80..U+DCFF), cannot be written as UTF-8. Every reporter
# writes through `_Utf8Safe`, which turns each lone surrogate into U+FFFD REPLACEMENT CHARACTER, the
# same way in every format. URIs (SARIF) are the exception: there a file name keeps its original bytes,
# percent-encoded (`%FF`), since that is what names the file; see `_uri`.
_SURROGATE = re.compile("[\ud800-\udfff]")


_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def replace_surrogates(text: str) -> str:
    """`text` with every lone surrogate replaced by U+FFFD, so it encodes as UTF-8."""
    if text.isascii():  # known without a scan (CPython marks ASCII strings): a report usually is
        return text
    try:
        text.encode("utf-8")  # fails exactly on a surrogate; faster than the regular expression's scan
    except UnicodeEncodeError:
        return _SURROGATE.sub("\ufffd", text)
    return text


class _Utf8Safe:
    """A stream wrapper whose `write` replaces lone surrogates (see above) before they reach `stream`."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        return self._stream.write(replace_surrogates(text))


class ReportSources:
    """The bytes of the reported files, for source frames and fix positions: a text linted from standard
    input by its name (`given`: it may differ from the file of that name on disk, or there may be none),
    else the file as it is on disk; each read once, only when a finding needs it, None when unreadable."""

    def __init__(self, given: tuple[str, bytes] | None = None) -> None:
        self._given = given
        self._read: dict[str, bytes | None] = {}

    def data(self, path: str) -> bytes | None:
        if self._given is not None and self._given[0] == path:
            return self._given[1]
        if path not in self._read:
            try:
                self._read[path] = read_regular(Path(path))
            except (FileProblem, OSError):
                self._read[path] = None
        return self._read[path]


class Reporter:
    """Base class: `name` is the `--format` value, `write` renders a whole result. `summary=False`
    (`check -q`) leaves out the summary line of the formats that have one. `stdin_source` is (name,
    bytes) of a definition read from standard input: its frames and fix positions come from those bytes."""

    name: ClassVar[str]
    description: ClassVar[str]

    def __init__(self, summary: bool = True, stdin_source: tuple[str, bytes] | None = None) -> None:
        self.summary = summary
        self.sources = ReportSources(stdin_source)

    def write(self, result: LintResult, stream: TextIO) -> None:
        raise NotImplementedError


COLOR_CHOICES = ("auto", "always", "never")


def use_color(choice: str, stream: TextIO) -> bool:
    """Whether to colour: `always`/`never` as said; `auto` colours a terminal, except that NO_COLOR
    (set and not empty) turns colour off and FORCE_COLOR (set, not empty, not `0`) turns it on;
    NO_COLOR wins when both are set."""
    if choice != "auto":
        return choice == "always"
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR", "0") not in ("", "0"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class TextStyle(FrozenRecord):
    """How the text report looks on a terminal: ANSI colour, a source frame under each finding.
    `unsafe_fixes`: unsafe fixes count as fixable (`check --unsafe-fixes`); `fix_summary`: say after the
    summary how many findings `--fix` would fix (not when the run fixed them: it says so itself)."""

    color: bool = False
    show_source: bool = False
    unsafe_fixes: bool = False
    fix_summary: bool = True


FIXABLE_MARK = "[*]"
"""After the severity of a finding `--fix` can fix (as ruff marks them): `TST004 error [*] ...`."""


def fixable(d: Diagnostic, unsafe: bool = False) -> bool:
    """Whether `--fix` (with `unsafe`: `--fix --unsafe-fixes`) has a fix for `d`."""
    return d.fix is not None and (d.fix.safe or unsafe)


def fixable_line(result: LintResult, unsafe: bool = False) -> str | None:
    """How many findings have a fix, as ruff says it: `[*] 3 fixable with `--fix` (2 more have unsafe
    fixes: `--unsafe-fixes`).`; None when none has one. These count findings; how many fixes `--fix`
    then applies is verified as it goes (fixes that overlap or would not verify are left out)."""
    fixes = [d.fix.safe for report in result.files for d in report.diagnostics if d.fix is not None]
    safe = fixes.count(True)
    risky = len(fixes) - safe
    if unsafe:
        return f"{FIXABLE_MARK} {safe + risky} fixable with `--fix --unsafe-fixes`." if safe + risky else None
    more = f"{risky} more {'have unsafe fixes' if risky != 1 else 'has an unsafe fix'}: `--unsafe-fixes`"
    if safe:
        return f"{FIXABLE_MARK} {safe} fixable with `--fix`" + (f" ({more})." if risky else ".")
    return f"No fixes with `--fix` ({more.replace(' more', '')})." if risky else None


@functools.lru_cache(maxsize=4096)
def _printable_path(path: str) -> str:
    """`printable`, once per path (a report names each file once per finding); a path that starts
    with `::` gets `./` before it, so that no line of a report is a GitHub Actions workflow command."""
    shown = printable(path)
    return "./" + shown if shown.startswith("::") else shown


_SGR = {"bold": "1", "dim": "2", "red": "31", "yellow": "33", "cyan": "36", "blue": "34", "green": "32"}
_SEVERITY_COLOR = {"error": "red", "warning": "yellow", "info": "cyan"}


_LINES_PER_WRITE = 1024


def _write_lines(lines: list[str], stream: TextIO) -> None:
    """Write a report's lines in blocks of `_LINES_PER_WRITE`: one surrogate check and one write per
    block instead of one per finding, and blocks small enough to reuse their memory (one write of the
    library's 2 MB report touched 2 MB of fresh memory twice, as text and encoded: 900 page faults)."""
    out = _Utf8Safe(stream)
    for start in range(0, len(lines), _LINES_PER_WRITE):
        out.write("".join(lines[start : start + _LINES_PER_WRITE]))


LEAD_AFTER = 50
"""A text report with more findings than this starts with the run's summary (`overview.lead_lines`)."""

FRAME_WIDTH = 100
"""The most characters of a source line a frame shows: a longer line is cut around the caret."""


class TextReporter(Reporter):
    name = "text"
    description = "path:line:col: CODE severity message (with the source and a help line on a terminal)"

    def __init__(
        self, summary: bool = True, style: TextStyle | None = None, stdin_source: tuple[str, bytes] | None = None
    ) -> None:
        super().__init__(summary, stdin_source)
        self.style = style or TextStyle()
        self._lines_of: dict[str, list[str] | None] = {}

    def write(self, result: LintResult, stream: TextIO) -> None:
        parts: list[str] = []
        diagnostics = result.diagnostics
        lead = self._lead(result, diagnostics)
        if lead:
            parts.extend(self._paint(line, "bold") + "\n" if i == 0 else line + "\n" for i, line in enumerate(lead))
            parts.append("\n")
        if self.style.show_source:
            for d in diagnostics:
                head, help_text = head_and_help(d.message)
                parts.append(self._headline(d, head) + "\n")
                parts.extend(line + "\n" for line in self._frame(d, help_text))
        else:
            headline = self._headline
            parts.extend(headline(d) + "\n" for d in diagnostics)
        parts.extend(self._closing(result, diagnostics))
        _write_lines(parts, stream)

    def _lead(self, result: LintResult, diagnostics: list[Diagnostic]) -> list[str]:
        """The run's summary a report of more than `LEAD_AFTER` findings starts with
        (`overview.lead_lines`); none for a shorter one, or without the summary."""
        if not self.summary or len(diagnostics) <= LEAD_AFTER:
            return []

        return lead_lines(Overview(result, self.style.unsafe_fixes))

    def _closing(self, result: LintResult, diagnostics: list[Diagnostic]) -> list[str]:
        """The report's last lines: the summary, then what `--fix` would fix (see `TextStyle`)."""
        if not self.summary:
            return []
        lines = [self._paint(summary_line(result), "bold", "red" if diagnostics else "green") + "\n"]
        fixes = fixable_line(result, self.style.unsafe_fixes) if self.style.fix_summary else None
        if fixes is not None:
            lines.append(fixes + "\n")
        return lines

    def _paint(self, text: str, *styles: str) -> str:
        if not self.style.color or not text:
            return text
        return "\x1b[" + ";".join(_SGR[s] for s in styles) + "m" + text + "\x1b[0m"

    def _headline(self, d: Diagnostic, message: str | None = None) -> str:
        """`path:line:col: CODE severity message`, painted when colour is on; the path escaped (see
        `_printable_path`; the message was escaped when the finding was made, see `locate`)."""
        path = _printable_path(d.path)
        text = d.message if message is None else message
        mark = " " + FIXABLE_MARK if d.fix is not None and (d.fix.safe or self.style.unsafe_fixes) else ""
        if not self.style.color:  # the common case, spared three calls of `_paint`
            return f"{path}:{d.line}:{d.column}: {d.code} {d.severity}{mark} {text}"
        color = _SEVERITY_COLOR[d.severity.value]
        where = self._paint(f"{path}:{d.line}:{d.column}:", "bold")
        severity = self._paint(d.severity.value, color)
        return f"{where} {self._paint(d.code, 'bold', color)} {severity}{mark} {text}"

    def _lines(self, path: str) -> list[str] | None:
        if path not in self._lines_of:
            self._lines_of[path] = _split_lines(self.sources.data(path))
        return self._lines_of[path]

    def _frame(self, d: Diagnostic, help_text: str = "") -> list[str]:
        """The finding's first source line with carets under its span (to the line's end when the span
        goes on), between gutters, as ruff shows it, then `= help:` with the rest of the message and
        where the rule is explained. A line longer than `FRAME_WIDTH` is cut around the caret (`…` marks
        a cut). Without the source at hand, only the help line."""
        number = str(d.line)
        gutter = self._paint(" " * len(number) + " |", "blue")
        helps = [f"{' ' * len(number)} = help: {help_text}"] if help_text else []
        helps.append(f"{' ' * len(number)} = rule: flowlint rule {d.code}")
        lines = self._lines(d.path)
        if lines is None or not 1 <= d.line <= len(lines):
            return helps
        raw = lines[d.line - 1].replace("\t", " ")
        start = min(d.column - 1, len(raw))
        end = min(d.end_column - 1 if d.end_line == d.line else len(raw), len(raw))
        # The line is escaped as every text from a file is (a control character takes several columns).
        text = printable(raw)
        if len(text) != len(raw):
            start, end = len(printable(raw[:start])), len(printable(raw[:end]))
        text, start, width = _cut(text, start, max(1, end - start), FRAME_WIDTH)
        color = _SEVERITY_COLOR[d.severity.value]
        return [
            gutter,
            self._paint(f"{number} |", "blue") + (f" {text}" if text else ""),
            f"{gutter} {' ' * start}{self._paint('^' * width, 'bold', color)}",
            gutter,
            *helps,
        ]


def _cut(text: str, start: int, width: int, limit: int) -> tuple[str, int, int]:
    """A source line of at most `limit` characters around the span `[start, start + width)`: (text,
    start, width) after cutting, `…` where text was left out. The span keeps its start and as much of
    its width as fits."""
    if len(text) <= limit:
        return text, start, width
    width = min(width, limit // 2)
    left = max(0, min(start - limit // 4, len(text) - limit))
    right = left + limit
    shown = text[left:right]
    if left:
        shown = "…" + shown[1:]
    if right < len(text):
        shown = shown[:-1] + "…"
    return shown, start - left, width


def _split_lines(data: bytes | None) -> list[str] | None:
    """A reported file's lines (as decoded for the report), or None when it could not be read."""
    if data is None:
        return None
    if b"\x00" in data[:8192]:
        return None
    text = data.decode("utf-8", "replace").removeprefix("\ufeff")
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


class JsonReporter(Reporter):
    name = "json"
    description = "one JSON document: version, flowlint, diagnostics (with consequence, fix and rule page), summary"

    def write(self, result: LintResult, stream: TextIO) -> None:
        out = _Utf8Safe(stream)
        edits = _EditPlaces(self.sources)
        document = {
            "version": REPORT_VERSION,
            "flowlint": __version__,
            "diagnostics": [_json_diagnostic(d, edits) for d in result.diagnostics],
            "summary": result.summary(),
        }
        _write_json(document, out)


def _json_diagnostic(d: Diagnostic, edits: _EditPlaces) -> dict[str, object]:
    """A finding in the JSON report: its fields, what FlowMCP does about it (`consequence`), its rule's
    page (`url`, null when unknown) and its fix (`applicability` safe or unsafe, and each edit with
    its place in lines and columns, 1-based, and in bytes)."""
    entry = d.to_dict()
    entry["consequence"] = d.consequence or None
    entry["url"] = rule_page_url(d.code)
    entry["fix"] = None
    if d.fix is not None:
        entry["fix"] = {
            "title": d.fix.title,
            "applicability": "safe" if d.fix.safe else "unsafe",
            "edits": [edits.describe(d.path, edit) for edit in d.fix.edits],
        }
    return entry


class _EditPlaces:
    """Lines and columns of fix edits, from the linted bytes (`ReportSources`), each file indexed once."""

    def __init__(self, sources: ReportSources) -> None:
        self._sources = sources
        self._texts: dict[str, SourceText | None] = {}

    def describe(self, path: str, edit: Edit) -> dict[str, object]:
        entry: dict[str, object] = {
            "content": edit.text,
            "start_byte": edit.start,
            "end_byte": edit.end,
            "location": None,
            "end_location": None,
        }
        source = self._source(path)
        if source is not None and edit.end <= len(source.data):
            start, end = source.position(edit.start), source.position(edit.end)
            entry["location"] = {"line": start.line, "column": start.column}
            entry["end_location"] = {"line": end.line, "column": end.column}
        return entry

    def _source(self, path: str) -> SourceText | None:
        if path not in self._texts:
            from flowlint.core.source import SourceText

            data = self._sources.data(path)
            self._texts[path] = None if data is None else SourceText(data)
        return self._texts[path]


def _write_json(document: object, out: _Utf8Safe) -> None:
    """A JSON report: indented by two spaces, non-ASCII as is, one newline at the end. Made as one
    string and written once (`json.dump` writes every token through the surrogate check: 2.5 times
    slower on the library's report)."""
    out.write(indented_json(document) + "\n")


def indented_json(value: object) -> str:
    """`json.dumps(value, indent=2, ensure_ascii=False)`, the same text, 2.3 times faster: with an
    indent, Python 3.11's json takes its pure-Python encoder, a generator per container; this walks the
    value once into a list, strings through json's own C escaping. For the plain values a report holds
    (dicts, lists, tuples, str, int, float, bool, None); anything else raises TypeError, as json does."""
    parts: list[str] = []
    append = parts.append

    def walk(item: object, newline: str) -> None:
        if isinstance(item, str):
            append(encode_basestring(item))
        elif item is None or item is True or item is False:
            append(_JSON_CONSTANTS[item])
        elif isinstance(item, int):
            append(int.__repr__(item))
        elif isinstance(item, float):
            append(_json_float(item))
        elif isinstance(item, dict):
            if not item:
                append("{}")
                return
            inner = newline + "  "
            append("{")
            separator = inner
            for key, entry in item.items():
                append(separator + _json_key(key, encode_basestring) + ": ")
                walk(entry, inner)
                separator = "," + inner
            append(newline + "}")
        elif isinstance(item, list | tuple):
            if not item:
                append("[]")
                return
            inner = newline + "  "
            append("[")
            separator = inner
            for entry in item:
                append(separator)
                walk(entry, inner)
                separator = "," + inner
            append(newline + "]")
        else:
            raise TypeError(f"Object of type {type(item).__name__} is not JSON serializable")

    walk(value, "\n")
    return "".join(parts)


_JSON_CONSTANTS = {None: "null", True: "true", False: "false"}


def _json_float(value: float) -> str:
    """As json writes a float: its repr, NaN and the infinities by JavaScript's names."""
    if value != value:
        return "NaN"
    if value in (float("inf"), float("-inf")):
        return "Infinity" if value > 0 else "-Infinity"
    return float.__repr__(value)


def _json_key(key: object, encode: Callable[[str], str]) -> str:
    """As json writes a key: a string as is, a number, boolean or None as its JSON text, quoted."""
    if isinstance(key, str):
        return encode(key)
    if key is None or key is True or key is False:
        return encode(_JSON_CONSTANTS[key])
    if isinstance(key, int):
        return encode(int.__repr__(key))
    if isinstance(key, float):
        return encode(_json_float(key))
    raise TypeError(f"keys must be str, int, float, bool or None, not {type(key).__name__}")


class SarifReporter(Reporter):
    name = "sarif"
    description = "SARIF 2.1.0 (GitHub code scanning and other SARIF viewers)"

    def write(self, result: LintResult, stream: TextIO) -> None:
        out = _Utf8Safe(stream)
        from flowlint.lint.docs import rule_doc
        from flowlint.lint.registry import all_rules

        found = {d.code for d in result.diagnostics}
        rules = [rule for rule in all_rules() if rule.code in found]  # rendering all 146 pages: 0.2 s a run
        index: dict[str, int] = {rule.code: i for i, rule in enumerate(rules)}
        descriptors = [
            {
                "id": rule.code,
                "name": rule.name,
                "shortDescription": {"text": rule.summary},
                "fullDescription": {"text": " ".join(p for p in (rule.summary, rule.why) if p)},
                "help": {
                    "text": f"{rule.fix}\nRun `flowlint rules {rule.code}` for examples.",
                    "markdown": rule_doc(rule),
                },
                "helpUri": rule_web_url(rule.code),
                "defaultConfiguration": {"level": _SARIF_LEVEL[rule.severity.value]},
            }
            for rule in rules
        ]
        for descriptor in descriptors:  # no web address (the project is not published yet): no helpUri
            if descriptor["helpUri"] is None:
                del descriptor["helpUri"]
        results = []
        for d in result.diagnostics:
            entry: dict[str, object] = {
                "ruleId": d.code,
                "level": _SARIF_LEVEL[d.severity.value],
                "message": {"text": d.message},
                "locations": [
                    {
                        "physicalLocation": {
                            "artifactLocation": {"uri": _uri(d.path), "uriBaseId": "%SRCROOT%"},
                            "region": {
                                "startLine": d.line,
                                "startColumn": d.column,
                                "endLine": max(d.end_line, d.line),
                                "endColumn": max(d.end_column, d.column if d.end_line <= d.line else 1),
                            },
                        }
                    }
                ],
                "partialFingerprints": {"flowlint/v1": finding_fingerprint(d)},
            }
            if d.code in index:
                entry["ruleIndex"] = index[d.code]
            where: dict[str, object] = {
                k: printable(v) if isinstance(v, str) else v
                for k, v in (("tool", d.tool), ("testIndex", d.test_index), ("parameter", d.parameter))
                if v is not None
            }
            if d.test_index is not None:
                where["testIndices"] = list(d.test_indices)  # every test the finding stands for
            if where:
                entry["properties"] = where
            results.append(entry)
        document = {
            "$schema": SARIF_SCHEMA,
            "version": "2.1.0",
            "runs": [
                {
                    "tool": {
                        "driver": {
                            "name": "flowlint",
                            "version": __version__,
                            "semanticVersion": __version__,
                            "rules": descriptors,
                        }
                    },
                    # flowlint counts columns in Unicode code points, not SARIF's default UTF-16 units.
                    "columnKind": "unicodeCodePoints",
                    "invocations": [{"executionSuccessful": True}],
                    "results": results,
                }
            ],
        }
        _write_json(document, out)


_SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


class GithubReporter(Reporter):
    name = "github"
    description = (
        "GitHub Actions workflow commands (::error file=...::message annotations); "
        "with $GITHUB_STEP_SUMMARY set, the Markdown summary is added to the job's page"
    )

    def __init__(
        self,
        summary: bool = True,
        step_summary: Callable[[], str] | None = None,
        stdin_source: tuple[str, bytes] | None = None,
    ) -> None:
        """`step_summary`: what to add to `$GITHUB_STEP_SUMMARY` (default: the Markdown report)."""
        super().__init__(summary, stdin_source)
        self.step_summary = step_summary

    def write(self, result: LintResult, stream: TextIO) -> None:
        # Written in blocks, as the text report; each path and title escaped once (numbers need none).
        files: dict[str, str] = {}
        titles: dict[str, str] = {}
        lines = []
        for d in result.diagnostics:
            level = _GH_LEVEL[d.severity.value]
            path = files.get(d.path) or files.setdefault(d.path, _gh_property(printable(d.path)))
            title = titles.get(d.code) or titles.setdefault(d.code, _gh_property(f"flowlint {d.code}"))
            place = f"line={d.line},col={d.column},endLine={max(d.end_line, d.line)},endColumn={d.end_column}"
            lines.append(f"::{level} file={path},{place},title={title}::{_gh_data(f'{d.code} {d.message}')}\n")
        if self.summary:
            lines.append(summary_line(result) + "\n")
        _write_lines(lines, stream)
        write_step_summary(self.step_summary or (lambda: MarkdownReporter.render(result)))


def write_step_summary(render: Callable[[], str]) -> str | None:
    """Add a Markdown summary to the file named by `$GITHUB_STEP_SUMMARY` (GitHub Actions shows it on
    the job's page), when that variable is set; returns the problem writing it, if any (a warning on
    standard error: the report itself was written)."""
    target = os.environ.get("GITHUB_STEP_SUMMARY")
    if not target:
        return None
    try:
        with open(target, "a", encoding="utf-8") as summary:
            summary.write(replace_surrogates(render()) + "\n")
    except OSError as error:
        problem = f"cannot write the step summary to {printable(target)}: {error.strerror or error}"
        sys.stderr.write(f"flowlint: warning: {problem}\n")
        return problem
    return None


_GH_LEVEL = {"error": "error", "warning": "warning", "info": "notice"}


def _gh_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_property(text: str) -> str:
    return _gh_data(text).replace(":", "%3A").replace(",", "%2C")


class JunitReporter(Reporter):
    name = "junit"
    description = "JUnit XML: a test suite per file, a failing test case per finding at or above --fail-on"

    def write(self, result: LintResult, stream: TextIO) -> None:
        out = _Utf8Safe(stream)
        import xml.etree.ElementTree as ET

        root = ET.Element("testsuites", name="flowlint")
        total = failures = skipped = 0
        for report in result.files:
            threshold = result.fail_on(report).rank  # the file's own fail_on, as the exit code uses
            suite = ET.SubElement(root, "testsuite", name=report.path)
            cases = suite_failures = 0
            for d in report.diagnostics:
                if d.severity.rank < threshold:
                    continue
                cases += 1
                suite_failures += 1
                case = ET.SubElement(
                    suite,
                    "testcase",
                    name=f"{d.code}:{d.line}:{d.column}",
                    classname=report.path,
                    file=report.path,
                    line=str(d.line),
                )
                failure = ET.SubElement(case, "failure", message=d.message, type=d.code)
                failure.text = f"{d.path}:{d.line}:{d.column}: {d.code} {d.severity.value} {d.message}"
            suite_skipped = 0
            if not cases:
                cases = 1
                case = ET.SubElement(suite, "testcase", name="flowlint", classname=report.path, file=report.path)
                if report.kind == "skipped":  # not a tool definition: nothing was checked, nothing passed
                    suite_skipped = 1
                    ET.SubElement(case, "skipped", message=skip_reason(report))
            suite.set("tests", str(cases))
            suite.set("failures", str(suite_failures))
            suite.set("errors", "0")
            suite.set("skipped", str(suite_skipped))
            total += cases
            failures += suite_failures
            skipped += suite_skipped
        root.set("tests", str(total))
        root.set("failures", str(failures))
        root.set("errors", "0")
        root.set("skipped", str(skipped))
        ET.indent(root)
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        # XML 1.0 has no way to write most C0 controls, even escaped: they become U+FFFD too.
        out.write(_XML_INVALID.sub("\ufffd", ET.tostring(root, encoding="unicode")))
        out.write("\n")


class FlowmcpReporter(Reporter):
    name = "flowmcp"
    description = "the layout of `flowmcp validate` (FlowMCP spec 09, Validation Output Format)"

    def write(self, result: LintResult, stream: TextIO) -> None:
        out = _Utf8Safe(stream)
        several = len(result.files) > 1
        for number, report in enumerate(result.files):
            if several:
                out.write(("\n" if number else "") + f"{_printable_path(report.path)}\n")
            errors = warnings = 0
            for d in report.diagnostics:
                errors += d.severity.value == "error"
                warnings += d.severity.value == "warning"
                subject = f"{printable(d.tool)}: " if d.tool else ""
                out.write(f"  {d.code} {d.severity.value:<7} {subject}{d.message}\n")
            # The wording (including "1 errors") is flowmcp's own, kept so scripts written for it still match.
            out.write(f"{errors} errors, {warnings} warnings\n")
            if report.kind == "skipped":  # not a tool definition: never "valid", as the text format counts it
                out.write(f"Skipped: {skip_reason(report)}\n")
            elif errors == 0 and report.kind != "error":
                out.write("Schema is valid\n")
            else:
                out.write("Schema cannot be loaded (has errors)\n")


class GroupedReporter(TextReporter):
    name = "grouped"
    description = "findings under their file's name, as ruff's grouped format (source and help on a terminal)"

    def write(self, result: LintResult, stream: TextIO) -> None:
        parts: list[str] = []
        diagnostics = result.diagnostics
        lead = self._lead(result, diagnostics)
        if lead:
            parts.extend(line + "\n" for line in lead)
            parts.append("\n")
        for report in result.files:
            if not report.diagnostics:
                continue
            parts.append(self._paint(_printable_path(report.path), "bold") + ":\n")
            width = max(len(f"{d.line}:{d.column}") for d in report.diagnostics)
            for d in report.diagnostics:
                head, help_text = head_and_help(d.message) if self.style.show_source else (d.message, "")
                mark = " " + FIXABLE_MARK if fixable(d, self.style.unsafe_fixes) else ""
                severity = self._paint(d.severity.value, _SEVERITY_COLOR[d.severity.value])
                place = f"{d.line}:{d.column}"
                parts.append(f"  {place:<{width}} {self._paint(d.code, 'bold')} {severity}{mark} {head}\n")
                if help_text:
                    parts.append(f"  {' ' * width} = help: {help_text}\n")
            parts.append("\n")
        parts.extend(self._closing(result, diagnostics))
        _write_lines(parts, stream)


class MarkdownReporter(Reporter):
    name = "markdown"
    description = "a Markdown summary with tables for a CI job's page: counts, refused files, codes, failing files"

    def write(self, result: LintResult, stream: TextIO) -> None:
        _Utf8Safe(stream).write(self.render(result))

    @staticmethod
    def render(result: LintResult) -> str:
        return markdown_report(result)


class GitlabReporter(Reporter):
    name = "gitlab"
    description = "GitLab Code Quality (a JSON array of issues: artifacts:reports:codequality)"

    def write(self, result: LintResult, stream: TextIO) -> None:
        issues = []
        seen: Counter[str] = Counter()
        for d in result.diagnostics:
            # GitLab tells issues apart by fingerprint: a second finding with the same identity (two
            # refusals of one tool by one code) gets its own, numbered.
            base = finding_fingerprint(d)
            seen[base] += 1
            fingerprint = base if seen[base] == 1 else f"{base}-{seen[base]}"
            issues.append(
                {
                    "description": f"{d.code} {d.message}",
                    "check_name": d.code,
                    "fingerprint": fingerprint,
                    "severity": _gitlab_severity(d),
                    "location": {
                        "path": d.path.replace("\\", "/"),
                        "lines": {"begin": d.line, "end": max(d.end_line, d.line)},
                    },
                    "categories": ["Bug Risk" if d.severity.value == "error" else "Style"],
                }
            )
        _write_json(issues, _Utf8Safe(stream))


def _gitlab_severity(d: Diagnostic) -> str:
    """GitLab's severities: a file FlowMCP refuses to load is `blocker`, any other error `critical`
    (the runtime refuses the tool or its calls, or a test rule breaks), a warning `minor`, info `info`."""
    if d.severity.value == "error":
        return "blocker" if d.consequence == "refused at load" else "critical"
    return "minor" if d.severity.value == "warning" else "info"


REPORTERS: dict[str, type[Reporter]] = {
    cls.name: cls
    for cls in (
        TextReporter,
        GroupedReporter,
        JsonReporter,
        SarifReporter,
        GithubReporter,
        GitlabReporter,
        MarkdownReporter,
        JunitReporter,
        FlowmcpReporter,
    )
}


def skip_reason(report: FileReport) -> str:
    """Why a skipped file was skipped: its FL002 message when reported (`--show-skipped`), else in general."""
    for d in report.diagnostics:
        if d.code == Code.FL002:
            reason = d.message.removeprefix("skipped: ")
            return reason if reason.startswith("not a tool definition") else f"not a tool definition: {reason}"
    return "not a tool definition"


def summary_line(result: LintResult) -> str:
    """`Found 2 errors, 1 warning in 3 files (2 definitions, 1 skipped).`, or `All checks passed: ...`;
    files FlowMCP cannot load as definitions (unreadable, unparsable, no `main`) are counted too."""
    summary = result.summary()
    counts = counts_phrase(summary)
    checked = files_phrase(summary)
    if not counts:
        return f"All checks passed: {checked}."
    return f"Found {counts} in {checked}."


class CodeStatistics(DeclaredRecord):
    """One row of `--statistics`: a rule code's findings, how many at each severity (a code can be
    re-graded for some files), how many `--fix` can fix."""

    code: str
    name: str
    count: int
    severities: tuple[str, ...]
    fixable: int
    errors: int = 0
    warnings: int = 0
    infos: int = 0

    def to_dict(self) -> dict[str, object]:
        """The row in `--statistics --format json`."""
        return {
            "code": self.code,
            "name": self.name,
            "count": self.count,
            "errors": self.errors,
            "warnings": self.warnings,
            "infos": self.infos,
            "severities": list(self.severities),
            "fixable": self.fixable,
        }


def statistics_rows(result: LintResult, unsafe: bool = False) -> list[CodeStatistics]:
    """`--statistics`: one row per rule code with findings, most frequent first."""
    from flowlint.lint.registry import rule_for

    counts = Counter(d.code for d in result.diagnostics)
    fixes = Counter(d.code for d in result.diagnostics if fixable(d, unsafe))
    severities: dict[str, Counter[str]] = {}
    for d in result.diagnostics:
        severities.setdefault(d.code, Counter())[d.severity.value] += 1
    rows = []
    for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        rule = rule_for(code)
        levels = severities[code]
        ordered = tuple(level for level in ("error", "warning", "info") if levels[level])
        rows.append(
            CodeStatistics(
                code=str(code),
                name=rule.name if rule is not None else "",
                count=count,
                severities=ordered,
                fixable=fixes[code],
                errors=levels["error"],
                warnings=levels["warning"],
                infos=levels["info"],
            )
        )
    return rows


def statistics_lines(result: LintResult, unsafe: bool = False) -> list[str]:
    """`--statistics` as a table with a header and aligned columns: count, code, how many of them are
    errors, warnings and info (blank for none), `[*]` when `--fix` can fix some, the rule's name."""
    rows = statistics_rows(result, unsafe)
    if not rows:
        return []
    header = ("count", "code", "error", "warning", "info")
    cells = [
        (str(row.count), row.code, str(row.errors or ""), str(row.warnings or ""), str(row.infos or "")) for row in rows
    ]
    widths = [max(len(header[i]), *(len(cell[i]) for cell in cells)) for i in range(5)]
    marks = any(row.fixable for row in rows)
    fix_header = "fix " if marks else ""

    def line(values: tuple[str, ...], mark: str, name: str) -> str:
        count, code, errors, warnings, infos = values
        return (
            f"{count:>{widths[0]}}  {code:<{widths[1]}}  {errors:>{widths[2]}}  {warnings:>{widths[3]}}  "
            f"{infos:>{widths[4]}}  {mark}{name}"
        ).rstrip()

    lines = [line(header, fix_header, "name")]
    for values, row in zip(cells, rows, strict=True):
        mark = (FIXABLE_MARK + " " if row.fixable else " " * (len(FIXABLE_MARK) + 1)) if marks else ""
        lines.append(line(values, mark, row.name))
    return lines


def finding_fingerprint(d: Diagnostic) -> str:
    """A finding's identity: path, code, tool, test index and parameter (the fields a baseline matches
    on); never its line or message, so a reworded message or an edited `_description` keeps it."""
    import hashlib

    key = json.dumps([d.code, d.tool, d.test_index, d.parameter], ensure_ascii=False)
    # surrogatepass: a lone surrogate in a tool name still hashes (valid text hashes as plain UTF-8).
    return hashlib.sha256(f"{_uri(d.path)}\0{key}".encode("utf-8", "surrogatepass")).hexdigest()[:32]


@functools.lru_cache(maxsize=4096)
def _uri(path: str) -> str:
    """`path` as a relative URI: its bytes percent-encoded. A file name from os.fsdecode that is not
    UTF-8 gets its original bytes back (surrogateescape); any other lone surrogate becomes U+FFFD.
    (Memoized: SARIF names each file twice per finding.)"""
    slashed = path.replace("\\", "/")
    try:
        data = slashed.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        data = replace_surrogates(slashed).encode("utf-8")
    return quote(data)
