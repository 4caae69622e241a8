"""The command line. Each command module turns options into a plain value, calls the library and maps
the result to an exit code (`flowlint.cli.common`); the click group is `flowlint.cli.app.main`.

`run` is the `flowlint` command. `flowlint check` with nothing but paths (what pre-commit passes, and
most CI jobs) runs without importing click, whose import is a sixth of a warm run; every other
command line goes to click. Both end in `flowlint.cli.check.run_check`.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from flowlint.cli.app import main

__all__ = ["COMMANDS", "exit_now", "main", "run"]

# Every command: name -> "module:attribute".
COMMANDS: dict[str, str] = {
    "check": "flowlint.cli.check_command:check",
    "rules": "flowlint.cli.rules:rules",
    "rule": "flowlint.cli.rules:rule",
    "capture": "flowlint.cli.capture:capture",
    "verify": "flowlint.cli.verify:verify",
    "schema": "flowlint.cli.schema:schema",
    "lsp": "flowlint.cli.lsp:lsp",
    "mock": "flowlint.cli.mcp:mock",
    "mcp-tools": "flowlint.cli.mcp:mcp_tools",
    "clean": "flowlint.cli.clean:clean",
}


def run() -> None:
    """The `flowlint` command: `flowlint check PATH...` as click would run it, without click when the
    command line is only paths (see `plain_check_paths`), else the click group."""
    paths = plain_check_paths(sys.argv[1:])
    if paths is None:
        from flowlint.cli.app import main

        main()
        return
    from pathlib import Path

    from flowlint.cli.check import CheckRequest, run_check

    try:
        code = run_check(CheckRequest(paths=tuple(Path(path) for path in paths)))
    except (EOFError, KeyboardInterrupt):  # as click ends a command that is interrupted
        sys.stderr.write("\nAborted!\n")
        code = 1
    exit_now(code)


def exit_now(code: int) -> NoReturn:
    """End the process with `code` once standard output and error are flushed, skipping the
    interpreter's teardown (it frees every module: about 5 ms, a twentieth of a warm run), as mypy
    does. Nothing is left to do then: files are written atomically before this, and workers have
    ended. The interpreter ends as usual instead when a flush fails (a reader that left: it says so
    as it always did), or when anything asked to run at exit (an `atexit` handler, such as coverage
    measuring this process or multiprocessing's; a thread still running)."""
    import atexit

    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:
        sys.exit(code)
    threads = sys.modules.get("threading")
    if getattr(atexit, "_ncallbacks", lambda: 1)() or (threads is not None and threads.active_count() > 1):
        sys.exit(code)
    os._exit(code)


def plain_check_paths(args: list[str]) -> list[str] | None:
    """The paths of `flowlint check PATH...` when nothing else is on the command line and click would
    take each argument as it is; None when click must parse it: an option or `-` (standard input),
    an empty argument, a path that exists but cannot be read (click says so), shell completion, or
    Windows (click expands wildcards there)."""
    if args[:1] != ["check"] or os.name == "nt" or "_FLOWLINT_COMPLETE" in os.environ:
        return None
    paths = args[1:]
    for path in paths:
        if not path or path.startswith("-") or (os.path.exists(path) and not os.access(path, os.R_OK)):
            return None
    return paths


def __getattr__(name: str) -> Any:
    # `from flowlint.cli import main` (the click group) imports click only when it is asked for.
    if name == "main":
        from flowlint.cli import app

        return app.main
    raise AttributeError(name)
