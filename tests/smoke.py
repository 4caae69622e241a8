"""What the smoke tests share: running a command without letting a crash escape, captures made from
output schemas, an in-memory mock session, the language server's open and hover, and the crashes that
are known and owned by another branch.

`tests/test_corpus_smoke.py` runs every command over the public library with these, and
`tests/test_generated_definitions.py` over generated definitions. A crash is reported as a `Crash`,
whose text is the command to run to see it again (`flowlint mcp-tools FILE`) and the exception.

Captures can be made outside the tests too, to reproduce a failure of `schema`, `verify` or `mock`:
`python tests/smoke.py captures DEFINITION... --out FOLDER`.
"""

from __future__ import annotations

import io
import json
import shlex
import traceback
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from conftest import invoke_cli
from flowlint.captures.records import CaptureRecord
from flowlint.definition.loading import LoadedFile, load_paths
from flowlint.definition.model import Tool

EXIT_LIMIT = 2
"""The highest exit status a command may end with (2: a usage or configuration error)."""
TIMESTAMP = "2026-01-01T00:00:00.000Z"
"""Every synthesized record's time, so that runs are repeatable."""
RUN_FOLDER = "2026-01-01T00-00-00Z"


@dataclass(frozen=True)
class Crash:
    """A command that ended in an exception, a traceback in its output or an exit status above 2."""

    command: str  # the command line to reproduce it, with paths relative to where it ran
    problem: str  # `TypeError: ... (flowlint/mcp/schema.py:187)`, or `exit 3: <last line of stderr>`

    def __str__(self) -> str:
        return f"{self.command}\n    {self.problem}"


@dataclass(frozen=True)
class KnownCrash:
    """A crash found by the smoke tests whose fix belongs to another branch: the smoke tests pass over
    every crash of `command` whose text holds `signature`, and `example` reproduces it in a test marked
    `xfail(strict=True)`, which fails (and asks for this entry to go) once the owner's fix lands."""

    owner: str  # the branch that fixes it
    command: str  # the flowlint command that crashes (`mcp-tools`)
    signature: str  # a piece of the exception's text
    example: str  # a library file (relative to the library's root) on which `command` crashes
    summary: str

    def covers(self, crash: Crash) -> bool:
        return crash.command.split()[1:2] == [self.command] and self.signature in crash.problem


KNOWN_CRASHES: tuple[KnownCrash, ...] = ()  # (i25-zengine's mcp-tools crash on enum() with values(...) is fixed)


def unknown(crashes: Iterable[Crash]) -> list[Crash]:
    """The crashes that no `KNOWN_CRASHES` entry covers."""
    return [crash for crash in crashes if not any(known.covers(crash) for known in KNOWN_CRASHES)]


def describe(error: BaseException) -> str:
    """`Type: message (where)`, where being the two innermost frames of flowlint's own code (the
    caller says more than a shared helper: `flowlint/mcp/schema.py:187 > flowlint/core/record.py:46`)."""
    frames = traceback.extract_tb(error.__traceback__)
    own = [frame for frame in frames if "/flowlint/" in frame.filename or "/rules/" in frame.filename]
    shown = []
    for frame in (own or frames)[-2:]:
        parts = Path(frame.filename).parts
        anchor = max((i for i, part in enumerate(parts) if part in ("flowlint", "rules")), default=len(parts) - 1)
        shown.append(f"{'/'.join(parts[anchor:])}:{frame.lineno}")
    text = "".join(traceback.format_exception_only(type(error), error)).strip().splitlines()
    return f"{text[0] if text else type(error).__name__}" + (f" ({' > '.join(shown)})" if shown else "")


def command_line(args: Sequence[str]) -> str:
    return shlex.join(["flowlint", *args])


def run(
    args: Sequence[str], cwd: Path, input: str | bytes | None = None, expected: Collection[int] = ()
) -> tuple[int, str, str] | Crash:
    """`flowlint ARGS` in this process (`conftest.invoke_cli`) in `cwd`: (exit status, stdout, stderr),
    or the `Crash` when it raised, printed a traceback or exited above `EXIT_LIMIT` (or, when
    `expected` is given, with any other status: a command line the test got wrong checks nothing)."""
    try:
        result = invoke_cli(*args, cwd=cwd, input=input)
    except Exception as error:
        return Crash(command_line(args), describe(error))
    for stream in (result.stdout, result.stderr):
        if "Traceback (most recent call last)" in stream:
            tail = stream.strip().splitlines()[-1]
            return Crash(command_line(args), f"a traceback in the output: {tail}")
    if not 0 <= result.returncode <= EXIT_LIMIT or (expected and result.returncode not in expected):
        tail = (result.stderr.strip().splitlines() or [""])[-1]
        return Crash(command_line(args), f"exit {result.returncode}: {tail}")
    return result.returncode, result.stdout, result.stderr


def files_under(cwd: Path, paths: Sequence[str]) -> list[str]:
    """The files a folder walk of `paths` finds (`flowlint`'s discovery), relative to `cwd`."""
    from flowlint.definition.discovery import collect_files

    return [path.relative_to(cwd).as_posix() for path in collect_files([cwd / p for p in paths])]


def crashes(
    before: Sequence[str], paths: Sequence[str], after: Sequence[str], cwd: Path, expected: Collection[int] = (0, 1)
) -> list[Crash]:
    """Run `flowlint BEFORE PATHS AFTER` once, expecting an exit status in `expected`; when it crashes,
    once per file under PATHS, so that each crash names the one file that shows it (the whole command's
    crash when no single file does)."""
    outcome = run([*before, *paths, *after], cwd, expected=expected)
    if not isinstance(outcome, Crash):
        return []
    found = []
    for file in files_under(cwd, paths):
        single = run([*before, file, *after], cwd)
        if isinstance(single, Crash):
            found.append(single)
    return found or [outcome]


# --------------------------------------------------------------------------- captures


def load(paths: Iterable[Path]) -> list[LoadedFile]:
    """The definitions (and other files) under `paths`, as every command loads them."""
    return load_paths(list(paths))


def _user_values(tool: Tool, index: int) -> dict[str, Any]:
    """Test `index`'s plain values (what a capture records as userParams), or {} when not static."""
    from flowlint.capture.request import RequestSkip, test_values

    if index >= len(tool.tests):
        return {}
    try:
        return test_values(tool, index)
    except RequestSkip:
        return {}


def _example(tool: Tool) -> Any:
    from flowlint.mcp.schema import example_from_schema, output_schema

    schema = output_schema(tool)
    if schema is None:
        return [{"id": 1, "name": "example"}] if tool.kind == "query" else {"id": 1, "name": "example"}
    return example_from_schema(schema)


def _odd(data: Any) -> Any:
    """Data that does not fit the schema `data` was made from: a field of another type, an unknown
    field, an array of mixed items, so that verify and schema meet mismatches, not only examples."""
    if isinstance(data, dict):
        odd: dict[str, Any] = {key: ([value] if isinstance(value, str) else "text") for key, value in data.items()}
        odd["unexpected"] = [1, "two", None, {"deep": True}, 3.5]
        return odd
    if isinstance(data, list):
        return [*data, "odd", None, {"unexpected": [1]}]
    return {"unexpected": data}


def synthesize_records(loaded: LoadedFile) -> list[CaptureRecord]:
    """Capture records for every tool and resource query of a loaded definition, in the format of
    `flowlint.captures`: test 0's values with an example of the declared output schema (as the mock
    builds one); for the first tool also test 1's with data that does not fit it, and a failed call
    (one of each per definition: every record costs `schema` and `verify` time, about 1-2 ms)."""
    definition = loaded.definition
    if definition is None:
        return []
    records = []
    for number, tool in enumerate(definition.tools):
        is_query = tool.kind == "query"
        example = _example(tool)
        cases = [("ok", example)] + ([("ok", _odd(example)), ("failed", None)] if number == 0 else [])
        for index, (outcome, data) in enumerate(cases):
            records.append(
                CaptureRecord.model_validate(
                    {
                        "namespace": loaded.namespace,
                        "toolName": tool.label,
                        "testIndex": index,
                        "_description": f"synthesized record {index}",
                        "userParams": _user_values(tool, index),
                        "responseTime": 12.5,
                        "timestamp": TIMESTAMP,
                        "response": {"status": outcome == "ok", "messages": [], "data": data},
                        "kind": tool.kind,
                        "source": "sqlite" if is_query else "http",
                        "method": None if is_query else (tool.method or "GET"),
                        "httpStatus": None if is_query or outcome != "ok" else 200,
                        "contentType": None if is_query else "application/json",
                        "outcome": outcome,
                        "reason": None if outcome == "ok" else "HTTP 500",
                        "rawData": (not is_query) and tool.name in loaded.handler_tools,
                        "definitionPath": loaded.display,
                    }
                )
            )
    return records


def write_captures(records: Iterable[CaptureRecord], folder: Path) -> Path:
    """Write `records` as one capture run under `folder` (the layout `flowlint capture` writes)."""
    from flowlint.captures.store import write_metrics, write_record

    run_dir = folder / RUN_FOLDER
    written = [write_record(run_dir, record, None) for record in records]
    write_metrics(run_dir, written)
    return folder


# --------------------------------------------------------------------------- the mock


def mock_requests(loaded: LoadedFile) -> list[dict[str, Any]]:
    """initialize, tools/list, one tools/call per tool (test 0's values as arguments), resources/list
    and one resources/read per resource query, as JSON-RPC requests numbered from 1."""
    from flowlint.mcp.schema import mcp_tool_name, query_uri

    definition = loaded.definition
    assert definition is not None
    namespace = definition.namespace or ""
    calls: list[tuple[str, dict[str, Any]]] = [
        ("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "smoke"}}),
        ("tools/list", {}),
        ("resources/list", {}),
    ]
    for tool in definition.tools:
        values = _user_values(tool, 0)
        if tool.kind == "tool":
            calls.append(("tools/call", {"name": mcp_tool_name(namespace, tool.name), "arguments": values}))
        else:
            calls.append(("resources/read", {"uri": query_uri(namespace, tool, values)}))
    return [
        {"jsonrpc": "2.0", "id": number, "method": method, "params": params}
        for number, (method, params) in enumerate(calls, 1)
    ]


def mock_problems(loaded: LoadedFile, records: list[CaptureRecord], shown: str) -> list[Crash]:
    """Run `mock_requests` through an in-memory mock server of this one definition (with `records` as
    its captures); a crash, an answer that is not one line of JSON-RPC, or a request left unanswered
    is a problem, named by the request that shows it."""
    from flowlint.mcp.server import MockServer

    assert loaded.definition is not None
    requests = mock_requests(loaded)
    command = f"flowlint mock {shlex.quote(shown)}" + (" --captures CAPTURES" if records else "")
    stdin = io.BytesIO(b"".join(json.dumps(request).encode() + b"\n" for request in requests))
    stdout = io.BytesIO()
    try:
        MockServer([loaded.definition], records).serve(stdin, stdout)
    except Exception as error:
        return [Crash(f"{_echo(requests)} | {command}", describe(error))]
    answered: set[object] = set()
    problems = []
    for line in stdout.getvalue().splitlines():
        try:
            message = json.loads(line)
        except ValueError:
            problems.append(Crash(f"{_echo(requests)} | {command}", f"an answer that is not JSON: {line[:120]!r}"))
            continue
        answered.add(message.get("id") if isinstance(message, dict) else None)
    for request in requests:
        if request["id"] not in answered:
            problems.append(Crash(f"{_echo([request])} | {command}", f"no answer to {request['method']}"))
    return problems


def _echo(requests: list[dict[str, Any]]) -> str:
    return "printf '%s\\n' " + " ".join(shlex.quote(json.dumps(request, ensure_ascii=False)) for request in requests)


# --------------------------------------------------------------------------- the language server


def lsp_problems(path: Path, shown: str) -> list[Crash]:
    """The language server's open (lint and convert the findings) and hover (on the first finding, else
    at the top of the file: each hover lints the file again) of one file, in this process."""
    from lsprotocol import types

    from flowlint.lsp import hover_at, lint_document

    uri = path.as_uri()
    source = path.read_bytes().decode("utf-8", "surrogateescape")
    lines = source.splitlines(keepends=True)
    try:
        diagnostics = lint_document(uri, source, lines)
    except Exception as error:
        return [Crash(f"flowlint lsp: textDocument/didOpen {shown}", describe(error))]
    position = diagnostics[0].range.start if diagnostics else types.Position(line=0, character=0)
    try:
        hover_at(uri, source, lines, position)
    except Exception as error:
        where = f"{position.line}:{position.character}"
        return [Crash(f"flowlint lsp: textDocument/hover {shown} at {where}", describe(error))]
    return []


def _main(argv: list[str]) -> int:
    """`python tests/smoke.py captures DEFINITION... --out FOLDER`: the captures the smoke tests make."""
    import argparse

    parser = argparse.ArgumentParser(prog="python tests/smoke.py")
    commands = parser.add_subparsers(dest="command", required=True)
    captures = commands.add_parser("captures", help="capture records made from the output schemas")
    captures.add_argument("definitions", nargs="+", type=Path)
    captures.add_argument("--out", type=Path, required=True)
    options = parser.parse_args(argv)
    records = [record for loaded in load(options.definitions) for record in synthesize_records(loaded)]
    write_captures(records, options.out)
    print(f"{len(records)} records in {options.out / RUN_FOLDER}")
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(_main(sys.argv[1:]))
