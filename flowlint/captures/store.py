"""Capture files on disk: the run folder, record and metrics files, written atomically.

Layout (seed 000): `{output}/{timestamp}/{namespace}/{toolName}-{i}.json` plus one `metrics.json`
per namespace. A namespace or tool name that is not file-name-safe as it is (`/a:b`, or longer than
150 characters) gets its safe form plus a short hash of the real name (`_a_b-1f3a9c0e2d`), so two
names never share a file; readers match records by the fields inside, never by the file name.
HTTP capture and capture through an MCP server both write through here, so their runs look the same
to `verify`, `schema` and `mock`.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import statistics
from collections import Counter
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from flowlint.captures.records import METRICS_FILE, CaptureRecord
from flowlint.captures.redact import Redactor
from flowlint.core.errors import FileProblem
from flowlint.core.fileio import atomic_write

__all__ = [
    "build_metrics",
    "file_name",
    "make_run_dir",
    "metrics_path",
    "now",
    "record_path",
    "safe_name",
    "shared_file_names",
    "write_json",
    "write_metrics",
    "write_record",
]

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def now() -> str:
    """A record's timestamp: UTC, ISO 8601, milliseconds (`2026-11-22T02:14:21.123Z`)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def safe_name(name: str) -> str:
    """A file-name-safe form of a namespace or tool name (`/block/:n` -> `_block_n`)."""
    cleaned = _UNSAFE.sub("_", name).strip(".") or "_"
    return cleaned[:150]


def file_name(name: str) -> str:
    """The file or folder name of a namespace or tool in a run: `name` when it is safe as it is, else
    its safe form and a stable hash of the real name, so distinct names never share a file."""
    safe = safe_name(name)
    if safe == name:
        return safe
    return f"{safe}-{hashlib.sha256(name.encode('utf-8', 'surrogatepass')).hexdigest()[:10]}"


def shared_file_names(records: Iterable[CaptureRecord]) -> list[tuple[str, str, list[str]]]:
    """(namespace, safe name, the distinct tool names) for each safe name that more than one tool name
    of a namespace maps to: the collisions `file_name` keeps apart."""
    groups: dict[tuple[str, str], set[str]] = {}
    for record in records:
        groups.setdefault((record.namespace, safe_name(record.toolName)), set()).add(record.toolName)
    return [(ns, safe, sorted(names)) for (ns, safe), names in sorted(groups.items()) if len(names) > 1]


def make_run_dir(base: Path, when: datetime | None = None) -> Path:
    """`base/{timestamp}`, created; a suffix is added when that folder already exists. Raises
    `FileProblem` when the folder cannot be created (read-only, a file in the way, a full disk)."""
    stamp = (when or datetime.now(UTC)).strftime("%Y-%m-%dT%H-%M-%SZ")
    try:
        base.mkdir(parents=True, exist_ok=True)
        for attempt in range(1000):
            folder = base / (stamp if attempt == 0 else f"{stamp}-{attempt}")
            try:
                folder.mkdir()
                return folder
            except FileExistsError:
                continue
    except OSError as error:
        raise FileProblem(f"cannot create a run folder: {error.strerror or error}", base) from error
    raise FileProblem("cannot create a run folder: 1000 folders of that time already exist", base)


def record_path(run_dir: Path, record: CaptureRecord) -> Path:
    return run_dir / file_name(record.namespace) / f"{file_name(record.toolName)}-{record.testIndex}.json"


def metrics_path(run_dir: Path, namespace: str) -> Path:
    return run_dir / file_name(namespace) / METRICS_FILE


def write_json(path: Path, document: Any) -> None:
    """Write a JSON document (indented, UTF-8) atomically, creating its folder. Only strict JSON in
    valid UTF-8 is written: NaN or Infinity raise ValueError, a lone surrogate UnicodeEncodeError (a
    ValueError), and nothing is written; `FileProblem` when the file cannot be written."""
    text = json.dumps(document, indent=2, ensure_ascii=False, allow_nan=False, default=str) + "\n"
    atomic_write(path, text.encode("utf-8"), make_parents=True)


def write_record(run_dir: Path, record: CaptureRecord, redactor: Redactor | None) -> CaptureRecord:
    """Write one record where the layout puts it (`record_path`), with every secret `redactor` knows
    redacted, and return the record as written (keep that one: summaries and metrics.json are built
    from it). `redactor` is required so that no writer of records can forget it; None is for records
    that never saw a secret (tests, conversions). A non-finite float (NaN, Infinity), which strict JSON
    cannot hold, is written as its name in a string, as HTTP capture keeps them. Raises ValueError
    (pydantic's ValidationError) for a record that redaction made invalid, FileProblem when the file
    cannot be written."""
    if redactor:
        record = CaptureRecord.model_validate(redactor.value(record.dump()))
    path = record_path(run_dir, record)
    document = record.dump()
    try:
        write_json(path, document)
    except ValueError as error:
        if "Out of range float" not in str(error):
            raise
        write_json(path, _finite(document))
    return record


def _finite(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else "Infinity" if value > 0 else "-Infinity"
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(item) for item in value]
    return value


def build_metrics(namespace: str, records: list[CaptureRecord]) -> dict[str, Any]:
    """Counts, timings (min/median/max ms of the calls that got an answer or failed) and reasons."""
    times = [r.responseTime for r in records if r.responseTime is not None and r.outcome != "skipped"]
    counts = Counter(r.outcome for r in records)
    return {
        "namespace": namespace,
        "counts": {
            "total": len(records),
            "ok": counts["ok"],
            "failed": counts["failed"],
            "skipped": counts["skipped"],
            "rawData": sum(1 for r in records if r.rawData),
        },
        "timings": {"min": min(times), "median": round(statistics.median(times), 1), "max": max(times)}
        if times
        else {"min": None, "median": None, "max": None},
        "failures": _reasons(records, "failed"),
        "skips": _reasons(records, "skipped"),
        "tools": sorted({r.toolName for r in records}),
    }


def write_metrics(run_dir: Path, records: Iterable[CaptureRecord], extra: dict[str, Any] | None = None) -> None:
    """One `metrics.json` per namespace, built from the (already redacted) records; `extra` fields
    (e.g. the MCP server command) are added to each."""
    by_namespace: dict[str, list[CaptureRecord]] = {}
    for record in records:
        by_namespace.setdefault(record.namespace, []).append(record)
    for namespace, items in by_namespace.items():
        write_json(metrics_path(run_dir, namespace), {**build_metrics(namespace, items), **(extra or {})})


def _reasons(records: list[CaptureRecord], outcome: str) -> dict[str, int]:
    return dict(Counter(r.reason or "unknown" for r in records if r.outcome == outcome).most_common())
