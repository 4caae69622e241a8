"""Capture files on disk: the run folder, atomic JSON writes and the per-namespace metrics."""

from __future__ import annotations

import json
import os
import re
import statistics
import tempfile
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from flowlint.capture.records import METRICS_FILE, CaptureRecord

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def safe_name(name: str) -> str:
    """A file-name-safe form of a namespace or tool name (`/block/:n` -> `_block_n`)."""
    cleaned = _UNSAFE.sub("_", name).strip(".") or "_"
    return cleaned[:150]


def make_run_dir(base: Path, now: datetime | None = None) -> Path:
    """`base/{timestamp}`, created; a suffix is added when that folder already exists."""
    stamp = (now or datetime.now(UTC)).strftime("%Y-%m-%dT%H-%M-%SZ")
    base.mkdir(parents=True, exist_ok=True)
    for attempt in range(1000):
        folder = base / (stamp if attempt == 0 else f"{stamp}-{attempt}")
        try:
            folder.mkdir()
            return folder
        except FileExistsError:
            continue
    raise FileExistsError(f"{base}: cannot create a run folder")


def record_path(run_dir: Path, record: CaptureRecord) -> Path:
    return run_dir / safe_name(record.namespace) / f"{safe_name(record.toolName)}-{record.testIndex}.json"


def write_json_atomic(path: Path, document: Any) -> None:
    """Write JSON to a temporary file beside `path`, then rename it over `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as stream:
            json.dump(document, stream, indent=2, ensure_ascii=False, default=str)
            stream.write("\n")
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


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


def _reasons(records: list[CaptureRecord], outcome: str) -> dict[str, int]:
    return dict(Counter(r.reason or "unknown" for r in records if r.outcome == outcome).most_common())


def metrics_path(run_dir: Path, namespace: str) -> Path:
    return run_dir / safe_name(namespace) / METRICS_FILE
