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
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from conftest import invoke_cli
from flowlint.captures.records import CaptureRecord
from flowlint.definition.loading import LoadedFile, load_paths
from flowlint.definition.model import Definition, Tool

if TYPE_CHECKING:
    from flowlint.lint.config import Config
    from flowlint.lint.engine import Engine
    from flowlint.lint.reporters import Reporter
    from flowlint.lint.result import LintResult
    from flowlint.rewrite.outputs import CaptureIndex

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
    before: Sequence[str],
    paths: Sequence[str],
    after: Sequence[str],
    cwd: Path,
    expected: Collection[int] = (0, 1),
    inspect: Callable[[Sequence[str], str], list[Crash]] | None = None,
) -> list[Crash]:
    """Run `flowlint BEFORE PATHS AFTER` once, expecting an exit status in `expected`; when it crashes,
    once per file under PATHS, so that each crash names the one file that shows it (the whole command's
    crash when no single file does). `inspect(BEFORE, stdout)` finds crashes reported as output (FL008)."""
    args = [*before, *paths, *after]
    outcome = run(args, cwd, expected=expected)
    if not isinstance(outcome, Crash):
        return inspect(before, outcome[1]) if inspect is not None else []
    found = []
    for file in files_under(cwd, paths):
        single = run([*before, file, *after], cwd)
        if isinstance(single, Crash):
            found.append(single)
    return found or [outcome]


def internal_errors(before: Sequence[str], report: str) -> list[Crash]:
    """The FL008 findings of `flowlint BEFORE ...`'s JSON report: flowlint's own failures, which `check`
    reports as a finding of the file instead of a traceback (so that one file never stops a run over a
    library), each as a crash of `flowlint BEFORE FILE`."""
    return [
        Crash(command_line([*before, d["path"]]), f"FL008: {d['message']}")
        for d in json.loads(report)["diagnostics"]
        if d["code"] == "FL008"
    ]


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
    run_dir.mkdir(parents=True, exist_ok=True)  # a definition without tools has no record: an empty run
    written = [write_record(run_dir, record, None) for record in records]
    write_metrics(run_dir, written)
    return folder


# --------------------------------------------------------------------------- commands through the library


def guarded(command: Sequence[str], function: Callable[..., Any], *args: Any) -> list[Crash]:
    """[] when `function(*args)` returns, else the crash of `flowlint COMMAND`, which it stands for."""
    try:
        function(*args)
    except Exception as error:
        return [Crash(command_line(command), describe(error))]
    return []


def check_problems(loaded: Sequence[LoadedFile]) -> list[Crash]:
    """What `flowlint check` does with these files, through the library, on the files already loaded: lint
    in both profiles (a crash of a rule is an FL008 finding), write the result in every format (text
    with source lines), and `--diff --unsafe-fixes`: every fix applied in verified rounds, as a diff. The
    reporters and the fixes run once over all files and, only when that crashes, once per file."""
    from flowlint.definition.sharedlists import SharedListResolver
    from flowlint.lint.config import ConfigResolver, Overrides
    from flowlint.lint.engine import Engine
    from flowlint.lint.reporters import REPORTERS, TextReporter, TextStyle
    from flowlint.lint.result import LintResult

    found: list[Crash] = []
    lists: dict[Path | None, SharedListResolver] = {}  # the shared lists are read once, for both profiles
    for flags in ([], ["--strict"]):
        resolver = ConfigResolver(overrides=Overrides.from_command_line(strict=True) if flags else None)
        engines: dict[str, Engine] = {}  # one per configuration, as `check` has
        result = LintResult(config=resolver.base_for(Path(".")))
        for item in loaded:
            config = resolver.for_file(item.path)
            shared = lists.setdefault(config.lists_dir, SharedListResolver(config.lists_dir))
            engine = engines.setdefault(config.fingerprint, Engine(config, shared))
            found += _lint(engine, item, flags, result)
        for name, reporter_class in REPORTERS.items():
            reporter = TextReporter(style=TextStyle(show_source=True)) if name == "text" else reporter_class()
            found += per_file(["check", *flags, "--format", name], result, _write_report, reporter)
        if not flags:
            found += per_file(["check", "--diff", "--unsafe-fixes"], result, _diff)
    return found


def per_file(command: list[str], result: LintResult, function: Callable[..., Any], *args: Any) -> list[Crash]:
    """`function(*args, result)`, and when it crashes, `function(*args, one)` for a result of each file
    alone, so that the crash names the file (`flowlint COMMAND FILE`)."""
    from flowlint.lint.result import LintResult

    crash = guarded([*command, "."], function, *args, result)
    if not crash:
        return []
    found = []
    for report in result.files:
        found += guarded([*command, report.path], function, *args, LintResult([report], result.config))
    return found or crash


def _lint(engine: Engine, item: LoadedFile, flags: list[str], result: LintResult) -> list[Crash]:
    """Lint one loaded file into `result` as `check` does."""
    command = ["check", *flags, item.display]
    try:
        report = engine.lint_loaded(item)
    except Exception as error:  # the engine reports a rule's crash as FL008: this one is the engine's own
        return [Crash(command_line(command), describe(error))]
    report.config = engine.config
    result.files.append(report)
    return [Crash(command_line(command), f"FL008: {d.message}") for d in report.diagnostics if d.code == "FL008"]


def _write_report(reporter: Reporter, result: LintResult) -> None:
    reporter.write(result, io.StringIO())


def _diff(result: LintResult) -> None:
    from flowlint.lint.fixing import fix_result, unified_diff

    for outcome in fix_result(result, unsafe=True, write=False)[1]:
        unified_diff(outcome)


def mcp_tools_problems(loaded: Sequence[LoadedFile]) -> list[Crash]:
    """What `flowlint mcp-tools --resources` prints for each definition, through the library, in both views
    (`runtime`, the default, and `spec`, which the mock serves)."""
    found = []
    for item in loaded:
        if item.definition is not None:
            for view in ("runtime", "spec"):
                command = ["mcp-tools", "--resources", "--view", view, item.display]
                found += guarded(command, _mcp_tools, item.definition, view)
    return found


def _mcp_tools(definition: Definition, view: str) -> str:
    from flowlint.mcp.schema import list_resources, list_tools

    found, templates = list_resources([definition])
    listing = {"tools": list_tools([definition], view), "resources": found, "resourceTemplates": templates}
    return json.dumps(listing, indent=2, ensure_ascii=False)


def migrate_problems(paths: Sequence[str]) -> list[Crash]:
    """What `flowlint migrate PATHS --to 4.3.0` does without `--write`, through the library, with safe
    changes only and with `--unsafe-fixes`: every file migrated and verified, the report written in every
    format and each file's diff. A file the run reports as failed with an internal error (migrate's guard
    against losing a file to a defect of its own) is a crash of `flowlint migrate --to 4.3.0 FILE`."""
    from flowlint.migrate.report import FORMATS as MIGRATE_FORMATS
    from flowlint.migrate.report import file_diff, render
    from flowlint.migrate.run import migrate_paths
    from flowlint.migrate.source import parse_target
    from flowlint.migrate.steps import Options

    target = parse_target("4.3.0")
    assert target is not None
    found: list[Crash] = []
    for flags in ([], ["--unsafe-fixes"]):
        command = ["migrate", "--to", "4.3.0", *flags]
        try:
            result = migrate_paths([Path(path) for path in paths], Options(target=target, unsafe=bool(flags)))
        except Exception as error:
            found.append(Crash(command_line([*command, *paths]), describe(error)))
            continue
        for migration in result.files:
            reasons = [migration.reason, *(step.reason for step in migration.steps)]
            for reason in reasons:
                if reason and reason.startswith("internal error"):
                    found.append(Crash(command_line([*command, migration.path]), reason))
            found += guarded([*command, migration.path], file_diff, migration)
        for name in MIGRATE_FORMATS:
            found += guarded([*command, "--format", name, *paths], render, result, name)
    return found


def schema_and_verify_problems(loaded: Sequence[LoadedFile], records: Sequence[CaptureRecord]) -> list[Crash]:
    """`flowlint schema --captures CAPTURES FILE` (its diff) per definition, and `flowlint verify FILE...
    --captures CAPTURES` (its text report) over all of them (per definition only when that crashes),
    through the library, with `records` as the captures. A crash is reproduced with the captures that
    `python tests/smoke.py captures FILE --out CAPTURES` writes."""
    from flowlint.lint.config import ConfigResolver
    from flowlint.rewrite.outputs import CaptureIndex

    index = CaptureIndex()
    for record in records:
        index.add(record)
    crashes = []
    for item in loaded:
        if item.definition is not None:
            crashes += guarded(["schema", "--captures", "CAPTURES", item.display], _schema, item, index)
    config = ConfigResolver().base_for(Path("."))
    verified = guarded(["verify", "--captures", "CAPTURES", "."], _verify, loaded, records, config)
    if verified:  # which file: each alone, with its own records
        single = []
        for item in loaded:
            own = [record for record in records if record.definitionPath == item.display]
            single += guarded(["verify", "--captures", "CAPTURES", item.display], _verify, [item], own, config)
        crashes += single or verified
    made = "python tests/smoke.py captures FILE --out CAPTURES && "
    return [Crash(made + crash.command, crash.problem) for crash in crashes]


def _schema(item: LoadedFile, index: CaptureIndex) -> str:
    from flowlint.rewrite.outputs import plan_source

    return plan_source(item.data, item.path, index).diff(item.display)


def _verify(loaded: Sequence[LoadedFile], records: Sequence[CaptureRecord], config: Config) -> None:
    from flowlint.lint.reporters import TextReporter
    from flowlint.verify import verify_records

    TextReporter().write(verify_records(list(loaded), list(records), config), io.StringIO())


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
    command = f"flowlint mock {shlex.quote(shown)}" + (" --captures CAPTURES" if records else "")
    try:
        requests = mock_requests(loaded)  # the tool names and resource URIs are flowlint's too
    except Exception as error:
        return [Crash(command, describe(error))]
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
