"""Inline suppressions: `# flowlint: ignore[CODE, ...]` (or `//`, `/*`) on a finding's line or the line above.

A suppression without codes silences every finding there. Suppressions, or codes within one, that
silence nothing become FL009 findings, so stale comments do not pile up.
"""

from __future__ import annotations

import re

from flowlint.core.nodes import Span
from flowlint.core.record import Record, field
from flowlint.core.source import SourceText
from flowlint.lint.codes import Code
from flowlint.lint.config import Config, code_selected
from flowlint.lint.diagnostics import Finding
from flowlint.lint.fixes import Edit, Fix

__all__ = ["ALL_CODES", "Suppression", "parse_suppressions", "suppressed", "unused_suppressions"]

_SUPPRESSION = re.compile(rb"(?:#|//|/\*)\s*flowlint:\s*ignore(?:\[(?P<codes>[^\]\n]*)\])?")
ALL_CODES = "*"


class Suppression(Record):
    """One `flowlint: ignore[...]` comment; `used_codes` collects the codes it actually silenced."""

    line: int
    codes: frozenset[str]
    span: Span
    used: bool = False
    used_codes: set[str] = field(default_factory=set)


def parse_suppressions(data: bytes, source: SourceText) -> list[Suppression]:
    """Every suppression comment in a file's bytes, with the line it stands on."""
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


def suppressed(finding: Finding, source: SourceText, suppressions: list[Suppression]) -> bool:
    """Whether a suppression on the finding's line or the line above silences it (and mark it used)."""
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


def unused_suppressions(suppressions: list[Suppression], config: Config, data: bytes = b"") -> list[Finding]:
    """FL009 findings for suppressions, or codes within one, that silenced nothing. A code whose rule
    did not run (deselected) is not reported; nor is a blanket `ignore` when rules are deselected.
    With the file's bytes, a comment that silences nothing at all carries the fix that removes it."""
    findings = []
    for suppression in suppressions:
        if ALL_CODES in suppression.codes:
            if not suppression.used and not config.select and not config.ignore:
                findings.append(
                    Finding(
                        Code.FL009,
                        "unused suppression: `flowlint: ignore` silences no finding on this line or the next; "
                        "remove it",
                        suppression.span,
                        fix=_removal(data, suppression.span),
                    )
                )
            continue
        unused = []
        for code in sorted(suppression.codes - suppression.used_codes):
            if code not in Code.__members__:
                unused.append(f"{code} (not a flowlint rule code)")
            elif code_selected(code, config):
                unused.append(code)
        if unused:
            findings.append(
                Finding(
                    Code.FL009,
                    f"unused suppression: no {', '.join(unused)} finding on this line or the next; "
                    "remove it from the comment",
                    suppression.span,
                    fix=_removal(data, suppression.span) if len(unused) == len(suppression.codes) else None,
                )
            )
    return findings


def _removal(data: bytes, span: Span) -> Fix | None:
    """The fix that deletes a suppression comment: its whole line when it stands alone, else the comment
    and the spaces before it. Safe: comments mean nothing to FlowMCP."""
    if not data:
        return None
    line_start = data.rfind(b"\n", 0, span.start) + 1
    line_end = data.find(b"\n", span.end)
    line_end = len(data) if line_end == -1 else line_end
    if not data[line_start : span.start].strip() and not data[span.end : line_end].strip():
        return Fix("remove the unused suppression", (Edit(line_start, min(line_end + 1, len(data)), ""),))
    start = span.start
    while start > line_start and data[start - 1 : start] in (b" ", b"\t"):
        start -= 1
    if data[span.end : line_end].strip():
        return None  # code after the comment (a /* */ comment): leave it to the author
    return Fix("remove the unused suppression", (Edit(start, line_end, ""),))
