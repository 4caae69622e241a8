"""What a run found, at a glance: the files FlowMCP refuses to load and why, errors by what FlowMCP's
runtime does about them, and counts by code. The text report leads with it on large runs, the
Markdown report (a CI job's summary page) is made of it, and `capture` and `verify` use its table of
tests.

Every string that comes from a file passes through `flowlint.core.fileio.printable` (and, in
Markdown, `md`) before it is written.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from flowlint.core.consequence import Consequence
from flowlint.core.fileio import printable
from flowlint.core.record import DeclaredRecord
from flowlint.core.severity import Severity
from flowlint.lint.diagnostics import fails
from flowlint.lint.pages import rule_page_file

if TYPE_CHECKING:
    from flowlint.lint.result import FileReport, LintResult

__all__ = [
    "ERROR_CONSEQUENCES",
    "Overview",
    "TestRow",
    "head_and_help",
    "lead_lines",
    "markdown_report",
    "markdown_tests",
    "md",
]

ERROR_CONSEQUENCES = (
    Consequence.REFUSED,
    Consequence.NOT_BUILT,
    Consequence.CALL_REFUSED,
    Consequence.TEST,
    Consequence.UNCHECKED,
)
"""The consequences an error can have, most severe first (what the runtime does, see core/consequence.py)."""

_OTHER = "other"  # an error whose consequence is not known (a strict-profile error, a configured severity)


class Overview:
    """The figures of one run, computed once: counts by severity and code, errors by consequence, and
    the files FlowMCP refuses to load, each with the code that refuses it first."""

    def __init__(self, result: LintResult, unsafe_fixes: bool = False) -> None:
        self.result = result
        self.summary = result.summary()
        self.by_code: Counter[str] = Counter()
        self.by_severity: dict[str, Counter[str]] = {}
        self.errors_by_consequence: dict[str, Counter[str]] = {}
        self.files_by_consequence: dict[str, set[str]] = {}
        self.refused: dict[str, str] = {}  # path -> the first code that makes FlowMCP refuse it
        self.failing: list[FileReport] = []
        self.fixable = 0
        self.unsafe_fixable = 0
        # One pass over the findings, the counting done by Counter (a library run has thousands);
        # severities compared by identity (an enum's `.value` is a property call).
        pairs: Counter[tuple[str, Severity]] = Counter()
        error = Severity.ERROR
        for report in result.files:
            diagnostics = report.diagnostics
            if not diagnostics:
                continue
            pairs.update((d.code, d.severity) for d in diagnostics)
            fixes = [d.fix.safe for d in diagnostics if d.fix is not None]
            safe = fixes.count(True)
            self.fixable += len(fixes) if unsafe_fixes else safe
            self.unsafe_fixable += 0 if unsafe_fixes else len(fixes) - safe
            if fails(diagnostics, result.fail_on(report)):
                self.failing.append(report)
            for d in diagnostics:
                if d.severity is not error:
                    continue
                consequence = d.consequence if d.consequence in ERROR_CONSEQUENCES else _OTHER
                self.errors_by_consequence.setdefault(consequence, Counter())[d.code] += 1
                self.files_by_consequence.setdefault(consequence, set()).add(report.path)
                if consequence == Consequence.REFUSED:
                    self.refused.setdefault(report.path, d.code)
        for (code, severity), count in pairs.items():
            self.by_code[code] += count
            self.by_severity.setdefault(code, Counter())[severity.value] += count

    @property
    def refused_by_code(self) -> list[tuple[str, list[str]]]:
        """The refused files grouped by the code that refuses each first, largest group first."""
        groups: dict[str, list[str]] = {}
        for path, code in self.refused.items():
            groups.setdefault(code, []).append(path)
        return sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))

    def consequence_rows(self) -> list[tuple[str, int, int, list[tuple[str, int]]]]:
        """(consequence, errors, files, the codes with their counts, most frequent first) per consequence
        that has errors, in the order of `ERROR_CONSEQUENCES`."""
        rows = []
        for consequence in (*ERROR_CONSEQUENCES, _OTHER):
            codes = self.errors_by_consequence.get(consequence)
            if codes:
                files = len(self.files_by_consequence[consequence])
                rows.append((str(consequence), sum(codes.values()), files, codes.most_common()))
        return rows


def _rule_summary(code: str) -> str:
    """A rule's one-line summary, read from its page shipped with flowlint (after its title): a warm run
    imports no rule module (see flowlint.lint.pages); from the rule class when the page is missing."""
    page = rule_page_file(code)
    if page is not None:
        try:
            lines = page.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeError):
            lines = []
        for number, line in enumerate(lines[:4]):  # after the "generated" note, `# CODE: name`, then the summary
            if line.startswith(f"# {code}: ") and number + 2 < len(lines):
                return lines[number + 2].replace("\\|", "|").rstrip(".")
    from flowlint.lint.registry import rule_for

    rule = rule_for(code)
    return rule.summary.rstrip(".") if rule is not None else ""


def _plural(count: int, word: str, plural: str | None = None) -> str:
    return f"{count} {word if count == 1 else plural or word + 's'}"


def _common_folder(paths: Iterable[str]) -> str:
    """The folder every path is under (ending in `/`), or "" when they share none."""
    folders = [os.path.dirname(path) for path in paths]
    if not folders:
        return ""
    common = os.path.commonpath(folders) if all(folders) else ""
    return common + "/" if common else ""


def _wrap(items: Sequence[str], indent: str, width: int, max_lines: int) -> list[str]:
    """`items` joined by two spaces into lines of at most `width` characters (an item longer than a
    line gets one of its own), at most `max_lines` lines: the last says how many more there are."""
    lines: list[str] = []
    line = ""
    for index, item in enumerate(items):
        candidate = f"{line}  {item}" if line else item
        if line and len(indent) + len(candidate) > width:
            if len(lines) + 1 == max_lines:
                lines.append(f"{indent}{line}  (and {len(items) - index} more)")
                return lines
            lines.append(indent + line)
            candidate = item
        line = candidate
    if line:
        lines.append(indent + line)
    return lines


LEAD_FILES_LINES = 16
"""The most lines `lead_lines` spends on naming the files FlowMCP refuses (the rest are counted)."""


def lead_lines(overview: Overview, width: int = 120) -> list[str]:
    """The summary a large text report starts with (the first screen of a run over a library): the
    counts, the files FlowMCP refuses to load grouped by why, the errors by what FlowMCP does, and
    where to look next. At most about 30 lines whatever the run's size."""
    summary = overview.summary
    lines = [f"flowlint: {counts_phrase(summary) or 'no findings'} in {files_phrase(summary)}."]
    refused = overview.refused_by_code
    if refused:
        total = sum(len(paths) for _, paths in refused)
        base = _common_folder(path for _, paths in refused for path in paths)
        where = f" (under {printable(base)})" if base else ""
        lines.append(f"FlowMCP refuses to load {_plural(total, 'file')}{where}:")
        budget = LEAD_FILES_LINES
        for number, (code, paths) in enumerate(refused):
            if budget <= 1:
                rest = sum(len(p) for _, p in refused[number:])
                others = ", ".join(c for c, _ in refused[number:])
                lines.append(f"  and {_plural(rest, 'more file')} ({others})")
                break
            lines.append(f"  {code} ({len(paths)}): {printable(_rule_summary(code))}")
            names = [printable(path[len(base) :]) for path in sorted(paths)]
            wrapped = _wrap(names, "      ", width, max(1, min(3, budget - 1)))
            lines.extend(wrapped)
            budget -= 1 + len(wrapped)
    rows = overview.consequence_rows()
    if rows:
        lines.append("Errors by what FlowMCP does (flowlint rule CODE explains each code):")
        widths = (max(len(row[0]) for row in rows), max(len(str(row[1])) for row in rows))
        for consequence, errors, files, codes in rows:
            shown = ", ".join(f"{code} {count}" for code, count in codes[:6])
            more = f", +{len(codes) - 6} codes" if len(codes) > 6 else ""
            lines.append(
                f"  {consequence:<{widths[0]}}  {errors:>{widths[1]}} in {_plural(files, 'file')}: {shown}{more}"
            )
    lines.append(
        "Each finding follows; -q shows the errors only, --output-format grouped by file, --statistics counts by code."
    )
    return lines


def counts_phrase(summary: dict[str, int]) -> str:
    """`2 errors, 1 warning, 3 info` (the severities that have findings), or "" when none has."""
    return ", ".join(
        _plural(summary[key], word, word if word == "info" else None)
        for key, word in (("errors", "error"), ("warnings", "warning"), ("infos", "info"))
        if summary[key]
    )


def files_phrase(summary: dict[str, int]) -> str:
    """`524 files (494 definitions, 7 lists, 10 skipped, 13 FlowMCP cannot load)`."""
    files = summary["files"]
    parts = [_plural(summary["definitions"], "definition")]
    if summary["lists"]:
        parts.append(_plural(summary["lists"], "list"))
    parts.append(f"{summary['skipped']} skipped")
    if summary["unreadable"]:
        parts.append(f"{summary['unreadable']} not loadable")
    return f"{_plural(files, 'file')} ({', '.join(parts)})"


_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+!|~])")


def md(text: object) -> str:
    """`text` for a Markdown table cell or line: escaped as reports escape it (`printable`), then every
    character Markdown or HTML would read as markup backslash-escaped (`|` too, which ends a cell)."""
    return _MD_SPECIAL.sub(r"\\\1", printable(str(text)))


def _md_table(header: Sequence[str], rows: Iterable[Sequence[object]], align: str = "") -> list[str]:
    """A Markdown table; `align`: one letter per column, `r` right-aligned (counts), else left."""
    lines = ["| " + " | ".join(header) + " |"]
    lines.append("|" + "|".join("---:" if a == "r" else "---" for a in align.ljust(len(header), "l")) + "|")
    lines.extend("| " + " | ".join(str(cell) for cell in row) + " |" for row in rows)
    return lines


MAX_MARKDOWN_ROWS = 50
"""The most rows of a Markdown table of files (the rest are counted below it)."""


def markdown_report(result: LintResult, title: str = "flowlint check", unsafe_fixes: bool = False) -> str:
    """The run as a Markdown page for a CI job's summary (GitHub's `$GITHUB_STEP_SUMMARY`): counts by
    severity, the files FlowMCP refuses, errors by consequence, findings by code, the files that fail
    the run, and what `--fix` would fix. Every string from a file is escaped (`md`)."""
    overview = Overview(result, unsafe_fixes)
    summary = overview.summary
    failed = result.failed()
    verdict = "FAIL" if failed else "PASS"
    lines = [f"## {title}: {verdict}", ""]
    lines.append(f"{files_phrase(summary)}.")
    lines.append("")
    lines.extend(
        _md_table(
            ("severity", "findings"),
            [("error", summary["errors"]), ("warning", summary["warnings"]), ("info", summary["infos"])],
            "lr",
        )
    )
    refused = overview.refused_by_code
    if refused:
        lines += ["", f"### FlowMCP refuses to load {_plural(len(overview.refused), 'file')}", ""]
        rows: list[Sequence[object]] = [
            (md(path), f"`{code}`", md(_rule_summary(code)))
            for code, paths in refused
            for path in sorted(paths)[:MAX_MARKDOWN_ROWS]
        ]
        lines.extend(_md_table(("file", "code", "why"), rows[:MAX_MARKDOWN_ROWS]))
        if len(overview.refused) > MAX_MARKDOWN_ROWS:
            lines.append(f"\nand {len(overview.refused) - MAX_MARKDOWN_ROWS} more")
    consequences = overview.consequence_rows()
    if consequences:
        lines += ["", "### Errors by what FlowMCP does", ""]
        rows = [
            (md(consequence), errors, files, ", ".join(f"`{code}` {count}" for code, count in codes))
            for consequence, errors, files, codes in consequences
        ]
        lines.extend(_md_table(("consequence", "errors", "files", "codes"), rows, "lrrl"))
    if overview.by_code:
        lines += ["", "### Findings by code", ""]
        rows = []
        for code, count in sorted(overview.by_code.items(), key=lambda item: (-item[1], item[0])):
            severities = overview.by_severity[code]
            rows.append(
                (
                    f"`{code}`",
                    md(_rule_summary(code)),
                    count,
                    severities["error"] or "",
                    severities["warning"] or "",
                    severities["info"] or "",
                )
            )
        lines.extend(_md_table(("code", "rule", "findings", "error", "warning", "info"), rows, "llrrrr"))
        lines += ["", "`flowlint rule CODE` explains a code, with examples."]
    if overview.failing:
        verb = "fails" if len(overview.failing) == 1 else "fail"
        lines += ["", f"### {_plural(len(overview.failing), 'file')} that {verb} the run", ""]
        rows = []
        for report in overview.failing[:MAX_MARKDOWN_ROWS]:
            first = next(iter(result.failing(report)), None)
            where = f"{first.line}:{first.column}" if first is not None else ""
            what = f"`{first.code}` {md(head_and_help(first.message)[0])}" if first is not None else ""
            rows.append((md(report.path), sum(d.severity.value == "error" for d in report.diagnostics), where, what))
        lines.extend(_md_table(("file", "errors", "at", "first"), rows, "lrll"))
        if len(overview.failing) > MAX_MARKDOWN_ROWS:
            lines += ["", f"and {len(overview.failing) - MAX_MARKDOWN_ROWS} more"]
    if overview.fixable or overview.unsafe_fixable:
        lines += ["", "### Fixes", ""]
        if overview.fixable:
            lines.append(f"- {overview.fixable} fixable with `flowlint check --fix`")
        if overview.unsafe_fixable:
            lines.append(f"- {overview.unsafe_fixable} more with `--fix --unsafe-fixes` (they change behaviour)")
    return "\n".join(lines) + "\n"


class TestRow(DeclaredRecord):
    """One test in a `capture` or `verify` summary: PASS, FAIL, WARN or SKIP, and why."""

    __test__ = False  # not a pytest test class

    namespace: str
    tool: str
    test_index: int
    verdict: str
    detail: str = ""


def markdown_tests(title: str, rows: Sequence[TestRow], counts: Sequence[tuple[str, int]]) -> str:
    """A `capture` or `verify` run as Markdown: its counts, then PASS/FAIL/WARN/SKIP per test."""
    lines = [f"## {title}", ""]
    lines.append(" · ".join(f"{label} {count}" for label, count in counts))
    lines.append("")
    shown = [(md(r.namespace), md(r.tool), r.test_index, f"**{r.verdict}**", md(r.detail)) for r in rows]
    lines.extend(_md_table(("namespace", "tool", "test", "result", "detail"), shown[: MAX_MARKDOWN_ROWS * 4], "llrll"))
    if len(rows) > MAX_MARKDOWN_ROWS * 4:
        lines += ["", f"and {len(rows) - MAX_MARKDOWN_ROWS * 4} more tests"]
    return "\n".join(lines) + "\n"


def head_and_help(message: str) -> tuple[str, str]:
    """A message as its headline (what is wrong, up to the first `;` outside quotes and brackets) and
    the rest (why it matters, what to do, and a `[spec only: ...]` note): the text report shows the
    headline with the source and the rest as its `help:` line."""
    depth = 0
    quote = ""
    for index, char in enumerate(message):
        if quote:
            if char == quote:
                quote = ""
        elif char == "`" or (char in "'\"" and (index == 0 or not message[index - 1].isalnum())):
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == ";" and depth == 0:
            return message[:index], message[index + 1 :].strip()
    note = message.rfind(" [")
    if note > 0 and message.endswith("]"):
        return message[:note], message[note + 2 : -1]
    return message, ""
