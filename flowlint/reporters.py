"""Reporters: turn a `LintResult` into text for a stream. One class per format, registered by name."""

from __future__ import annotations

import json
from typing import ClassVar, TextIO

from flowlint import __version__
from flowlint.api import LintResult

REPORT_VERSION = 1


class Reporter:
    name: ClassVar[str]
    description: ClassVar[str]

    def write(self, result: LintResult, stream: TextIO) -> None:
        raise NotImplementedError


class TextReporter(Reporter):
    name = "text"
    description = "path:line:col: CODE severity message, then a summary"

    def write(self, result: LintResult, stream: TextIO) -> None:
        for d in result.diagnostics:
            stream.write(f"{d.path}:{d.line}:{d.column}: {d.code} {d.severity.value} {d.message}\n")
        stream.write(summary_line(result) + "\n")


class JsonReporter(Reporter):
    name = "json"
    description = "one JSON document: version, diagnostics, summary"

    def write(self, result: LintResult, stream: TextIO) -> None:
        document = {
            "version": REPORT_VERSION,
            "flowlint": __version__,
            "diagnostics": [d.to_dict() for d in result.diagnostics],
            "summary": result.summary(),
        }
        json.dump(document, stream, indent=2, ensure_ascii=False)
        stream.write("\n")


REPORTERS: dict[str, type[Reporter]] = {cls.name: cls for cls in (TextReporter, JsonReporter)}


def summary_line(result: LintResult) -> str:
    summary = result.summary()
    counts = []
    for key, word in (("errors", "error"), ("warnings", "warning"), ("infos", "info")):
        value = summary[key]
        if value:
            counts.append(f"{value} {word}{'s' if value != 1 and word != 'info' else ''}")
    files = summary["files"]
    checked = f"{files} file{'s' if files != 1 else ''} ({summary['definitions']} definitions, " \
              f"{summary['skipped']} skipped)"
    if not counts:
        return f"All checks passed: {checked}."
    return f"Found {', '.join(counts)} in {checked}."
