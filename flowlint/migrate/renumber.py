"""Codes that a defect changes between the generations (3.0.0's VAL026 is 4.x's SEC020), and the edits that
carry suppression comments and baseline entries across, so a migrated file keeps what it silenced.

The table is the rules' own: a rule for 4.x that reports a 3.x rule's defect under its own code declares
that code (`Rule.renumbers`).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from flowlint.core.edits import Edit
from flowlint.core.errors import FileProblem
from flowlint.core.fileio import atomic_write, read_regular
from flowlint.lint.registry import all_rules

__all__ = ["renumber_baseline", "renumbered", "suppression_edits"]

_SUPPRESSION = re.compile(rb"(?:#|//|/\*)\s*flowlint:\s*ignore\[(?P<codes>[^\]\n]*)\]")


@cache
def renumbered() -> dict[str, str]:
    """3.x code -> 4.x code, for every defect whose code differs between the generations: each 4.x rule's
    declared `renumbers` (the 3.x code of the same defect), so no two rules are paired by accident."""
    return {str(rule.renumbers): str(rule.code) for rule in all_rules() if rule.renumbers is not None}


def suppression_edits(data: bytes) -> list[tuple[int, str, str, Edit]]:
    """(offset, old code, new code, edit) for each renumbered code in a `flowlint: ignore[...]` comment."""
    table = renumbered()
    found: list[tuple[int, str, str, Edit]] = []
    if b"flowlint:" not in data:
        return found
    for match in _SUPPRESSION.finditer(data):
        start = match.start("codes")
        text = match.group("codes").decode("ascii", "replace")
        for code in re.finditer(r"[A-Za-z]{2,4}\d{3}", text):
            new = table.get(code.group(0).upper())
            if new is not None:
                at = start + code.start()
                found.append((at, code.group(0), new, Edit(at, at + len(code.group(0)), new)))
    return found


def renumber_baseline(file: Path, paths: set[str], write: bool) -> tuple[int, str]:
    """Renumber the entries of the baseline `file` whose path (relative to the baseline's folder) is one
    of `paths` (the migrated files, absolute). Returns (entries changed, problem or '')."""
    try:
        document = json.loads(read_regular(file).decode("utf-8"))
    except (FileProblem, ValueError, UnicodeDecodeError, RecursionError) as error:
        return 0, f"{file}: cannot read the baseline ({error})"
    findings = document.get("findings") if isinstance(document, dict) else None
    if not isinstance(findings, list):
        return 0, f"{file}: not a flowlint baseline"
    table = renumbered()
    base = file.resolve().parent
    changed = 0
    for entry in findings:
        if not isinstance(entry, dict) or not isinstance(entry.get("path"), str):
            continue
        if str((base / entry["path"]).resolve()) not in paths:
            continue
        new = table.get(str(entry.get("code")))
        if new is not None:
            entry["code"] = new
            changed += 1
    if changed and write:
        try:
            atomic_write(file, (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
        except FileProblem as error:
            return changed, f"{file}: not written ({error.reason})"
    return changed, ""
