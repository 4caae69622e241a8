"""Baselines: record today's findings in a file, then report only findings that are not in it.

A finding is matched by path, code, tool, test index and parameter (its identity), never by line,
column or message, so editing a file above a recorded finding, rewording a message or editing a
test's `_description` does not bring it back. Entries keep the message for people reading the file.
Matching counts: two
identical findings in the baseline hide at most two. Paths are stored relative to the baseline
file's folder, so the baseline works from any working directory.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from flowlint.core.errors import ConfigError, FileProblem
from flowlint.core.fileio import atomic_write, read_regular
from flowlint.core.record import replace
from flowlint.core.version import __version__
from flowlint.lint.diagnostics import Diagnostic
from flowlint.lint.result import LintResult

BASELINE_VERSION = 1

Key = tuple[str, str, str | None, int | None, str | None]


@dataclass(frozen=True)
class BaselineOutcome:
    """The result with baselined findings removed, and how many were removed or are stale."""

    result: LintResult
    hidden: int
    fixed: int  # baseline entries that matched nothing this run


def finding_key(d: Diagnostic, base: Path) -> Key:
    """What a baseline matches a finding on: path (relative to the baseline), code, tool, test, parameter."""
    return (_relative(d.path, base), d.code, d.tool, d.test_index, d.parameter)


def _relative(path: str, base: Path) -> str:
    try:
        return Path(os.path.relpath(os.path.abspath(path), base)).as_posix()
    except ValueError:  # another drive on Windows
        return Path(path).as_posix()


def write_baseline(result: LintResult, file: Path) -> int:
    """Write every finding of `result` to `file` (atomically; untouched when unchanged). Returns the count."""
    base = file.resolve().parent
    entries = sorted(((*finding_key(d, base), d.message) for d in result.diagnostics), key=_sortable)
    document = {
        "version": BASELINE_VERSION,
        "flowlint": __version__,
        "findings": [
            dict(zip(("path", "code", "tool", "test_index", "parameter", "message"), entry, strict=True))
            for entry in entries
        ],
    }
    try:
        data = (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    except UnicodeEncodeError:  # a file name that is not UTF-8 (surrogateescape'd): escaped, so it reads back
        data = (json.dumps(document, indent=2) + "\n").encode("ascii")
    atomic_write(file, data)
    return len(entries)


def _sortable(key: tuple[object, ...]) -> tuple[object, ...]:
    """A sort key for baseline entries, whose tool, test index and parameter may be None."""
    return tuple((value is not None, value if value is not None else "") for value in key)


def load_baseline(file: Path) -> Counter[Key]:
    """The findings a baseline file records; `ConfigError` for a file that is not a readable baseline.
    (Plain `json.loads`, not `loads_bounded`: a file name that is not UTF-8 is stored as a lone surrogate
    escape, which must read back as written.)"""
    try:
        document = json.loads(read_regular(file).decode("utf-8"))
    except FileProblem as error:
        raise ConfigError(f"{file}: cannot read the baseline ({error.reason})") from error
    except RecursionError as error:  # 100,000 nested arrays: not a baseline, and no traceback
        raise ConfigError(f"{file}: not a flowlint baseline (nested too deeply to read)") from error
    except (ValueError, UnicodeDecodeError) as error:
        raise ConfigError(f"{file}: not a flowlint baseline (invalid JSON: {error})") from error
    if (
        not isinstance(document, dict)
        or document.get("version") != BASELINE_VERSION
        or not isinstance(document.get("findings"), list)
    ):
        raise ConfigError(
            f"{file}: not a flowlint baseline (expected version {BASELINE_VERSION} "
            "and a findings list; write one with --write-baseline)"
        )
    keys: Counter[Key] = Counter()
    for entry in document["findings"]:
        try:
            keys[
                (
                    str(entry["path"]),
                    str(entry["code"]),
                    entry.get("tool"),
                    entry.get("test_index"),
                    entry.get("parameter"),
                )
            ] += 1
        except (TypeError, KeyError) as error:
            raise ConfigError(f"{file}: malformed baseline entry {entry!r}") from error
    return keys


def apply_baseline(result: LintResult, file: Path) -> BaselineOutcome:
    """`result` without the findings recorded in the baseline `file`."""
    remaining = load_baseline(file)
    base = file.resolve().parent
    hidden = 0
    files = []
    for report in result.files:
        kept = []
        for d in report.diagnostics:
            key = finding_key(d, base)
            if remaining[key] > 0:
                remaining[key] -= 1
                hidden += 1
            else:
                kept.append(d)
        files.append(replace(report, diagnostics=kept))
    return BaselineOutcome(LintResult(files=files, config=result.config), hidden, sum(remaining.values()))
