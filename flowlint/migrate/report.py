"""The migration's report: text for people, JSON for machines, Markdown for a CI page; one renderer per
format, in a name -> function table that also feeds `--format`."""

from __future__ import annotations

import difflib
import json
from collections import Counter
from collections.abc import Callable
from typing import Any

from flowlint.migrate.model import Change, ChangeClass, Difference, FileMigration, FileStatus
from flowlint.migrate.run import MigrationRun

__all__ = ["FORMATS", "REPORT_VERSION", "as_data", "file_diff", "render"]

REPORT_VERSION = 1


def file_diff(migration: FileMigration) -> str:
    """The migration of one file as a unified diff (empty when nothing changes)."""
    if not migration.changed:
        return ""
    before = migration.before.decode("utf-8", "replace").splitlines(keepends=True)
    after = migration.after.decode("utf-8", "replace").splitlines(keepends=True)
    return "".join(difflib.unified_diff(before, after, f"a/{migration.path}", f"b/{migration.path}"))


def _change(change: Change) -> dict[str, Any]:
    return {
        "kind": change.kind,
        "class": change.klass.value,
        "line": change.line,
        "title": change.title,
        "effect": change.effect,
        "applied": change.applied,
    }


def _difference(difference: Difference) -> dict[str, Any]:
    return {
        "where": difference.where,
        "what": difference.what,
        "before": difference.before,
        "after": difference.after,
        "cause": difference.cause,
    }


def summary(run: MigrationRun) -> dict[str, Any]:
    statuses = Counter(f.status.value for f in run.files)
    changes = Counter((c.klass.value, c.applied) for f in run.files for c in f.changes)
    return {
        "files": len(run.files),
        "statuses": dict(sorted(statuses.items())),
        "changed_files": sum(1 for f in run.files if f.changed),
        "written_files": sum(1 for f in run.files if f.written),
        "changes_applied": {
            klass.value: changes[(klass.value, True)] for klass in (ChangeClass.SAFE, ChangeClass.UNSAFE)
        },
        "changes_not_applied": {
            klass.value: changes[(klass.value, False)] for klass in (ChangeClass.SAFE, ChangeClass.UNSAFE)
        },
        "manual_blocking": sum(len(f.blocking) for f in run.files),
        "manual_decisions": sum(len(f.manual) - len(f.blocking) for f in run.files),
        "files_left_for_a_person": sum(1 for f in run.files if f.blocking or f.status is FileStatus.FAILED),
    }


def as_data(run: MigrationRun) -> dict[str, Any]:
    """The report as JSON-ready data (`--format json`)."""
    return {
        "version": REPORT_VERSION,
        "target": run.target,
        "unsafe_fixes": run.unsafe,
        "written": run.written,
        "summary": summary(run),
        "files": [
            {
                "path": f.path,
                "kind": f.kind,
                "status": f.status.value,
                "reason": f.reason,
                "changed": f.changed,
                "written": f.written,
                "write_problem": f.write_problem,
                "steps": [{"step": s.step, "outcome": s.outcome.value, "reason": s.reason} for s in f.steps],
                "changes": [_change(c) for c in f.changes],
                "manual": [
                    {
                        "kind": m.kind,
                        "line": m.line,
                        "what": m.what,
                        "blocking": m.blocking,
                        "code": m.code,
                        "tool": m.tool,
                    }
                    for m in f.manual
                ],
                "differences": [_difference(d) for d in f.differences],
                "gained": f.gained,
                "errors_after": f.errors_after,
            }
            for f in run.files
        ],
    }


def _short(value: Any) -> str:
    if isinstance(value, dict) and "url" in value and "method" in value:
        body = f" body {value['body']}" if value.get("body") else ""
        return f"{value['method']} {value['url']}{body}"
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 300 else text[:297] + "..."


def _quiet(migration: FileMigration) -> bool:
    """A file whose report is one line: equivalent (or not migrated) with nothing for a person to do but the
    decisions the specification asks of every file (they are counted on that line)."""
    return migration.status in (FileStatus.EQUIVALENT, FileStatus.NOT_MIGRATED) and not migration.blocking


def _decisions(migration: FileMigration) -> str:
    kinds = [item.kind for item in migration.manual if not item.blocking]
    return f" [{_count(len(kinds), 'decision')}: {', '.join(sorted(set(kinds)))}]" if kinds else ""


def _text(run: MigrationRun, verbose: bool = False) -> str:
    lines: list[str] = []
    for f in run.files:
        if f.status is FileStatus.NOT_MIGRATED and not verbose:
            continue
        head = f"{f.path}: {f.status.value}"
        if f.reason:
            head += f" ({f.reason})"
        if f.write_problem:
            head += f" [not written: {f.write_problem}]"
        if _quiet(f) and not verbose:
            lines.append(head + _decisions(f))
            continue
        lines.append(head)
        for change in f.changes:
            state = (
                ""
                if change.applied
                else (" [not applied: --unsafe-fixes]" if change.klass is ChangeClass.UNSAFE else " [not applied]")
            )
            lines.append(f"  {change.klass.value:<7} line {change.line}: {change.title}{state}")
        for gained in f.gained:
            lines.append(f"  gained  {gained}")
        for difference in f.differences:
            if difference.before is None and difference.after is None:
                lines.append(f"  differs {difference.where}: {difference.cause}")
                continue
            lines.append(
                f"  differs {difference.where} {difference.what}: {_short(difference.before)} -> "
                f"{_short(difference.after)} ({difference.cause})"
            )
        for item in f.manual:
            label = "manual!" if item.blocking else "decide "
            where = f"line {item.line}: " if item.line else ""
            code = f"{item.code} " if item.code else ""
            lines.append(f"  {label} {where}{code}{item.what}")
    s = summary(run)
    statuses = ", ".join(f"{count} {status}" for status, count in s["statuses"].items())
    applied = s["changes_applied"]
    waiting = s["changes_not_applied"]["unsafe"]
    lines.append("")
    lines.append(f"{_count(s['files'], 'file')} to {run.target}: {statuses}")
    lines.append(
        f"changes: {applied['safe']} safe and {applied['unsafe']} unsafe applied"
        + (f", {waiting} more with --unsafe-fixes" if waiting else "")
        + f"; {_count(s['changed_files'], 'file')} to change"
        + (f", {s['written_files']} written" if run.written else " (nothing written: --write writes them)")
    )
    lines.append(
        f"left for a person: {_count(s['manual_blocking'], 'item')} the 4.x runtime refuses in "
        f"{_count(s['files_left_for_a_person'], 'file')}, {_count(s['manual_decisions'], 'decision')} the "
        "specification asks for"
    )
    return "\n".join(lines) + "\n"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _json(run: MigrationRun) -> str:
    return json.dumps(as_data(run), indent=2, ensure_ascii=False) + "\n"


def _markdown(run: MigrationRun) -> str:
    s = summary(run)
    out = [f"# flowlint migrate to {run.target}", ""]
    out.append("| status | files |")
    out.append("|---|---|")
    for status, count in s["statuses"].items():
        out.append(f"| {status} | {count} |")
    applied = s["changes_applied"]
    out.append("")
    out.append(
        f"Changes applied: {applied['safe']} safe, {applied['unsafe']} unsafe; "
        f"{s['changes_not_applied']['unsafe']} unsafe not applied. "
        f"Left for a person: {s['manual_blocking']} blocking items in {s['files_left_for_a_person']} files, "
        f"{s['manual_decisions']} decisions."
    )
    for f in run.files:
        if _quiet(f) or f.status is FileStatus.NOT_MIGRATED:
            continue
        out.append("")
        out.append(f"## `{f.path}`: {f.status.value}")
        if f.reason:
            out.append(f"_{f.reason}_")
        rows = [
            f"- {c.klass.value}{'' if c.applied else ' (not applied)'}, line {c.line}: {c.title}" for c in f.changes
        ]
        rows += [f"- gained: {g}" for g in f.gained]
        rows += [
            f"- differs, {d.where} {d.what}: `{_short(d.before)}` -> `{_short(d.after)}` ({d.cause})"
            for d in f.differences
        ]
        rows += [
            f"- **{'to do' if m.blocking else 'to decide'}**, line {m.line}: {m.code + ' ' if m.code else ''}{m.what}"
            for m in f.manual
        ]
        out.extend(rows)
    return "\n".join(out) + "\n"


FORMATS: dict[str, Callable[[MigrationRun], str]] = {"text": _text, "json": _json, "markdown": _markdown}


def render(run: MigrationRun, output_format: str) -> str:
    return FORMATS[output_format](run)
