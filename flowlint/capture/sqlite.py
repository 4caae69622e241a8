"""Resource queries: run a query's test against its SQLite file, read-only (reference §6).

The file is opened with the URI `file:...?mode=ro`; the SQL must start with SELECT or WITH and be a
single statement; an authorizer denies anything but reading (no ATTACH, PRAGMA, writes, even inside
a WITH); test values bind positionally to `?` in parameter order; a progress handler aborts a query
that runs longer than the timeout. Rows become JSON objects (bytes as `0x...` hex).

Sizes are bounded as an HTTP body's are: SQLite itself refuses to make a string or blob longer than
`MAX_VALUE_BYTES` (`zeroblob(1e9)` fails at once instead of allocating a gigabyte in one step the
progress handler cannot interrupt), rows are fetched a few at a time and the query fails once their
values exceed `MAX_ROWS_BYTES` or the timeout, and a blob is redacted before it is written as hex.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

from flowlint.capture.request import RequestSkip, test_values
from flowlint.captures.redact import Redactor
from flowlint.core.nodes import SObject, string_value
from flowlint.definition.model import Definition, Tool
from flowlint.definition.sql import first_keyword, strip_leading_comments

MAX_VALUE_BYTES = 8 * 1024 * 1024
"""The longest string or blob a query may make or return (SQLITE_LIMIT_LENGTH), as a body kept as base64."""
MAX_ROWS_BYTES = 50 * 1024 * 1024
"""The most bytes of values a query's rows may hold (the limit of an HTTP body)."""
_FETCH = 64

_ALLOWED_ACTIONS = {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_FUNCTION}
_RECURSIVE = getattr(sqlite3, "SQLITE_RECURSIVE", 33)


class QueryFailure(Exception):
    """The query could not run (bad SQL, a locked or corrupt file, a timeout...)."""


def find_resource(definition: Definition, tool: Tool) -> tuple[str, SObject] | None:
    """(resource name, resource object) of a query tool."""
    resources = definition.get("resources")
    if not isinstance(resources, SObject):
        return None
    for resource in resources.entries:
        queries = resource.value.get("queries") if isinstance(resource.value, SObject) else None
        if isinstance(queries, SObject) and any(q.value is tool.node for q in queries.entries):
            return resource.key, resource.value  # type: ignore[return-value]
    return None


def resolve_database(resource: SObject, definition_path: Path, cwd: Path | None = None) -> Path | None:
    """Where the resource's database file is: `origin` + `name`, or `database` (relative to the working
    directory, then to the definition's folder)."""
    origin = string_value(resource.get("origin"))
    name = string_value(resource.get("name"))
    database = string_value(resource.get("database"))
    base = cwd or Path.cwd()
    if origin and name:
        folder = {
            "inline": definition_path.parent / "resources",
            "project": base / ".flowmcp" / "resources",
            "global": Path.home() / ".flowmcp" / "resources",
        }.get(origin)
        return (folder / name).resolve() if folder else None
    if database:
        candidate = Path(database).expanduser()
        if candidate.is_absolute():
            return candidate
        for folder in (base, definition_path.parent, definition_path.parent / "resources"):
            if (folder / candidate).is_file():
                return (folder / candidate).resolve()
        return (base / candidate).resolve()
    return None


def check_sql(sql: str) -> str:
    """The SQL to run; raises QueryFailure unless it is one SELECT/WITH statement."""
    body = strip_leading_comments(sql).strip()
    first = first_keyword(body)
    if first not in ("SELECT", "WITH"):
        raise QueryFailure(f"only SELECT or WITH queries are run, not {first or 'an empty query'}")
    return body.rstrip().rstrip(";")  # sqlite3 itself refuses more than one statement


def _authorizer(action: int, *_args: object) -> int:
    return sqlite3.SQLITE_OK if action in _ALLOWED_ACTIONS or action == _RECURSIVE else sqlite3.SQLITE_DENY


def bind_values(tool: Tool, index: int) -> tuple[dict[str, Any], list[Any]]:
    values = test_values(tool, index)
    bound: list[Any] = []
    for parameter in tool.parameters:
        if parameter.key is None or parameter.role != "user":
            continue
        value = values.get(parameter.key)
        if isinstance(value, (list, dict)):
            raise RequestSkip(f"parameter '{parameter.key}' is not a scalar; SQL parameters must be")
        bound.append(value)
    return values, bound


def run_query(
    database: Path, sql: str, params: list[Any], timeout: float, redactor: Redactor | None = None
) -> list[dict[str, Any]]:
    """Rows of `sql` as dicts, the file opened read-only; raises QueryFailure past a limit (see the
    module docstring). `redactor` is applied to blobs before they become hex."""
    body = check_sql(sql)
    uri = database.resolve().as_uri() + "?mode=ro"
    try:
        connection = sqlite3.connect(uri, uri=True, timeout=min(timeout, 5.0), check_same_thread=False)
    except sqlite3.Error as error:
        raise QueryFailure(f"cannot open {database}: {error}") from error
    try:
        connection.set_authorizer(_authorizer)
        connection.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
        deadline = time.monotonic() + timeout
        connection.set_progress_handler(lambda: 1 if time.monotonic() > deadline else 0, 10_000)
        cursor = connection.execute(body, params)
        columns = [d[0] for d in cursor.description or ()]
        rows: list[dict[str, Any]] = []
        size = 0
        while batch := cursor.fetchmany(_FETCH):
            for row in batch:
                size += sum(_size(value) for value in row)
                if size > MAX_ROWS_BYTES:
                    raise QueryFailure(f"the query's rows hold more than {MAX_ROWS_BYTES:,} bytes; not kept")
                rows.append({c: _plain(v, redactor) for c, v in zip(columns, row, strict=False)})
            if time.monotonic() > deadline:
                raise QueryFailure(f"SQLite: query exceeded the {timeout:g} s timeout")
        return rows
    except sqlite3.Error as error:
        message = str(error)
        if "interrupted" in message:
            message = f"query exceeded the {timeout:g} s timeout"
        elif "too big" in message:
            message += f" (flowlint reads strings and blobs up to {MAX_VALUE_BYTES:,} bytes)"
        raise QueryFailure(f"SQLite: {message}") from error
    finally:
        connection.close()


def _size(value: object) -> int:
    if isinstance(value, (str, bytes)):
        return len(value)
    return 8


def _plain(value: object, redactor: Redactor | None = None) -> object:
    if isinstance(value, (bytes, bytearray, memoryview)):
        raw = bytes(value)
        return "0x" + (redactor.binary(raw) if redactor else raw).hex()
    return value
