"""`flowlint schema`: generate tools' output schemas from captured responses and rewrite definitions.

Exit codes: 0 nothing to change, or changes written (or shown as a diff); 1 `--check` found a
definition that would change (each is named), a file could not be rewritten, a tool's captures
contradict its declared output schema (the declaration is kept, never widened: an error on stderr),
or the captures hold no record at all (as `verify`: generating from nothing is no success); 2 usage
error (a --captures that is neither a folder nor a file).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from flowlint.cli.common import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, interruptible, usage_error

if TYPE_CHECKING:
    from flowlint.rewrite.outputs import CaptureIndex, FileResult


def _err(line: str) -> None:
    click.echo(line, err=True)


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "--captures",
    "captures",
    multiple=True,
    type=click.Path(path_type=Path),
    help="A capture folder (or record file); repeat to merge several.",
)
@click.option("--write", is_flag=True, help="Write the changes instead of printing a diff.")
@click.option(
    "--check", is_flag=True, help="Exit 1 when any definition would change (for CI), naming each; write nothing."
)
@click.option(
    "--from-response",
    "from_response",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Print the output schema of one response (a JSON file or a capture record) and exit.",
)
@click.option("--quiet", "-q", is_flag=True, help="Do not print info notes.")
def schema(
    paths: tuple[Path, ...],
    captures: tuple[Path, ...],
    write: bool,
    check: bool,
    from_response: Path | None,
    quiet: bool,
) -> None:
    """Generate `output` schemas from captured responses.

    By default prints a unified diff of every definition that would change; --write writes the
    files (verified before writing, atomically, never over an edit saved meanwhile), --check
    only reports through the exit code.
    """
    if from_response is not None:
        if paths or captures or write or check:
            usage_error("--from-response takes no PATHS, --captures, --write or --check")
        sys.exit(_from_response(from_response, quiet))
    if write and check:
        usage_error("--write and --check cannot be combined")
    if not captures:
        usage_error("--captures DIR is required (or use --from-response FILE)")
    for folder in captures:
        if not folder.exists():
            usage_error(f"{folder}: no such capture folder")
        if not folder.is_dir() and not folder.is_file():  # /dev/zero, a FIFO: nothing to read records from
            usage_error(f"{folder}: not a captures folder or a record file")
    sys.exit(_rewrite(list(paths) or [Path(".")], captures, "write" if write else "check" if check else "diff", quiet))


def _rewrite(targets: list[Path], captures: tuple[Path, ...], mode: str, quiet: bool) -> int:
    """Plan (and with mode `write`, write) every definition; `diff` prints diffs, `check` only counts."""
    from flowlint.core.errors import FlowlintError
    from flowlint.definition.discovery import collect_files
    from flowlint.lint.config import load_config
    from flowlint.rewrite.outputs import CaptureIndex

    try:
        files = collect_files(targets, load_config(targets[0]).exclude)
    except FlowlintError as error:
        usage_error(str(error))
    index = CaptureIndex.load(captures)
    for problem in index.problems:
        _err(f"warning: {problem}")
    if not index.files:  # as `verify`: generating from nothing is no success
        where = ", ".join(map(str, captures))
        why = f"no file in {where} is a capture record" if index.problems else f"no capture records in {where}"
        _err(f"flowlint: nothing generated: {why}")
        return EXIT_FINDINGS
    would_change = failed = 0
    with interruptible():  # Ctrl-C or SIGTERM mid-write: the temporary file is removed, the file intact
        try:
            for file in files:
                status, tools_failed = _one_file(file, index, mode, quiet)
                failed += status == "failed" or tools_failed
                would_change += status in ("changed", "written")
        except KeyboardInterrupt as interrupt:
            _err(f"flowlint: interrupted ({interrupt or 'SIGINT'}); {would_change} definition(s) done before it")
            return EXIT_FINDINGS
    for namespace, name in index.unmatched():
        _err(f"warning: captures of {namespace}/{name} match no tool in the given definitions")
    if mode == "check" and would_change:
        _err(f"{would_change} definition(s) would change")
    return EXIT_FINDINGS if failed or (mode == "check" and would_change) else EXIT_OK


def _one_file(file: Path, index: CaptureIndex, mode: str, quiet: bool) -> tuple[str, bool]:
    """Plan one definition (and write it in mode `write`); report it; return its status and whether a
    tool failed (its captures contradict its declared schema, or no schema could be made from them)."""
    from flowlint.definition.discovery import display_path
    from flowlint.rewrite.outputs import plan_file, write_result

    shown = display_path(file)
    result = plan_file(file, index)
    if result.status == "changed" and mode == "write":
        result = write_result(result)
    _report_tools(result, shown, quiet)
    if result.status == "failed":
        _err(f"{shown}: error: {result.reason}")
    elif result.status in ("changed", "written"):
        if mode == "write":
            _err(f"{shown}: written")
        elif mode == "diff":
            click.echo(result.diff(shown), nl=False)
        else:
            _err(f"{shown}: would change")
    return result.status, any(tool.status == "failed" for tool in result.tools)


def _report_tools(result: FileResult, shown: str, quiet: bool) -> None:
    """Each tool's skip or failure reason (but "no captures") and its notes (info notes unless quiet)."""
    for tool in result.tools:
        if tool.status in ("skipped", "failed") and tool.reason and tool.reason != "no captures":
            _err(f"{shown}: {tool.label}: {tool.status}: {tool.reason}")
        for note in tool.notes:
            if note.level != "info" or not quiet:
                _err(note.line(f"{shown}: {tool.label}"))


def _from_response(path: Path, quiet: bool) -> int:
    from flowlint.captures.records import MAX_RECORD_DEPTH
    from flowlint.core.errors import FileProblem
    from flowlint.core.fileio import read_regular
    from flowlint.core.strictjson import JsonRejected, loads_bounded
    from flowlint.schema.generate import Generated, generate_output

    try:
        document, _ = loads_bounded(read_regular(path).decode("utf-8"), max_depth=MAX_RECORD_DEPTH)
    except FileProblem as error:
        _err(f"flowlint: {path}: cannot be read ({error.reason})")
        return EXIT_USAGE
    except JsonRejected as rejected:
        _err(f"flowlint: {path}: {rejected.describe(MAX_RECORD_DEPTH)}")
        return EXIT_USAGE
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        _err(f"flowlint: {path}: not a JSON file ({error})")
        return EXIT_USAGE
    content_types: list[str | None] = []
    raw = False
    kind = "tool"
    if isinstance(document, dict) and "response" in document and "toolName" in document:
        from flowlint.captures.records import CaptureRecord

        try:
            record = CaptureRecord.model_validate(document)
        except ValueError as error:
            _err(f"flowlint: {path}: not a capture record ({error})")
            return EXIT_USAGE
        data = record.response.data
        content_types = [record.contentType]
        raw, kind = record.rawData, record.kind
    else:
        data = document
    result = generate_output([data], content_types=content_types, kind=kind, raw_data=raw)
    if not isinstance(result, Generated):
        _err(f"{path}: error: {result.reason}")
        return EXIT_FINDINGS
    for note in result.notes:
        if note.level != "info" or not quiet:
            _err(note.line(str(path)))
    click.echo(json.dumps(result.output, indent=2, ensure_ascii=False))
    return EXIT_OK
