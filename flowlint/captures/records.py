"""The capture record: one test's call and response, as stored in `capture/{timestamp}/{namespace}/`.

The seed's fields (namespace, toolName, testIndex, _description, userParams, responseTime, timestamp,
response) plus what is needed to read a capture later without the definition at hand. `capture`
writes these files, `verify`, `schema` and `mock` read them; this model is the contract between them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from flowlint.core.errors import FileProblem
from flowlint.core.fileio import read_regular
from flowlint.core.strictjson import MAX_DATA_DEPTH, JsonRejected, loads_bounded

METRICS_FILE = "metrics.json"

MAX_RECORD_DEPTH = MAX_DATA_DEPTH + 2
"""The same in a whole record file: the data sits in `response.data`."""

Outcome = Literal["ok", "failed", "skipped"]
"""What happened to one test: answered, failed, or not sent (skipped)."""


class CapturedResponse(BaseModel):
    """FlowMCP's response envelope: `{ status, messages, data }`."""

    model_config = ConfigDict(extra="allow")

    status: bool
    messages: list[str] = Field(default_factory=list)
    data: Any = None


class CaptureRecord(BaseModel):
    """One captured test. `toolName` is the tool name, or `resource.query` for a resource query."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)

    namespace: str
    toolName: str
    testIndex: int
    description: str | None = Field(default=None, alias="_description")
    userParams: dict[str, Any] = Field(default_factory=dict)
    responseTime: float | None = None  # milliseconds
    timestamp: str
    response: CapturedResponse
    # flowlint's additions
    kind: Literal["tool", "query"] = "tool"
    source: Literal["http", "sqlite", "mcp"] = "http"
    method: str | None = None
    url: str | None = None
    httpStatus: int | None = None
    contentType: str | None = None
    outcome: Outcome = "ok"
    reason: str | None = None  # why a call failed or was skipped
    # True when the tool has handlers flowlint did not run: `data` is the API's raw data, not the
    # handler's output (captures through an MCP server run the handlers and set this to False).
    rawData: bool = False
    definitionPath: str | None = None

    def dump(self) -> dict[str, Any]:
        return self.model_dump(by_alias=True, exclude_none=False)


class RecordError(Exception):
    """A capture file that cannot be read as a record; `path` is that file, `kind` the cause's type."""

    def __init__(self, message: str, path: Path | None = None, kind: str = "") -> None:
        super().__init__(message)
        self.path = path
        self.kind = kind


def read_record(path: Path) -> CaptureRecord:
    try:
        document, _ = loads_bounded(read_regular(path).decode("utf-8"), max_depth=MAX_RECORD_DEPTH)
        return CaptureRecord.model_validate(document)
    except JsonRejected as rejected:  # no reader (schema's generator, verify, mock) meets deeper data
        why = rejected.describe(MAX_RECORD_DEPTH)
        raise RecordError(f"{path}: not a capture record ({why})", path, why) from None
    except (FileProblem, ValueError, RecursionError, ValidationError) as error:
        # ValueError covers bad UTF-8, bad JSON and integers past Python's digit limit; RecursionError,
        # nesting deeper than the parser's stack: a hostile file is a problem of its own, never a crash.
        kind = type(error).__name__
        why = _invalid_fields(error) if isinstance(error, ValidationError) else f"{kind}: {error}".splitlines()[0]
        raise RecordError(f"{path}: not a capture record ({why})", path, kind) from error


def _invalid_fields(error: ValidationError) -> str:
    """pydantic's many lines as one: `missing namespace, toolName; invalid testIndex (...)`."""
    missing = [".".join(map(str, e["loc"])) for e in error.errors() if e["type"] == "missing"]
    invalid = [
        f"{'.'.join(map(str, e['loc'])) or 'the document'} ({e['msg']})"
        for e in error.errors()
        if e["type"] != "missing"
    ]
    parts = [f"missing {', '.join(missing)}" if missing else "", f"invalid {', '.join(invalid[:3])}" if invalid else ""]
    more = f" and {len(invalid) - 3} more" if len(invalid) > 3 else ""
    return "; ".join(part for part in parts if part) + more


def read_records(location: Path) -> tuple[list[CaptureRecord], list[str]]:
    """Every record in `location` (a record file, or a folder searched at any depth), and one problem
    line for each file that cannot be read as a record."""
    records, errors = read_records_checked(location)
    return records, [str(error) for error in errors]


def read_records_checked(location: Path) -> tuple[list[CaptureRecord], list[RecordError]]:
    """Like `read_records`, with each unreadable file's error (its `path` and `kind`) kept."""
    records: list[CaptureRecord] = []
    errors: list[RecordError] = []
    for path in [location] if location.is_file() else iter_record_files(location):
        try:
            records.append(read_record(path))
        except RecordError as error:
            errors.append(error)
    return records, errors


def iter_record_files(folder: Path) -> Iterator[Path]:
    """Every record file under `folder` (any depth), in a stable order; `metrics.json` files excluded."""
    for path in sorted(folder.rglob("*.json")):
        if path.name != METRICS_FILE and path.is_file():
            yield path
