"""The command line. Each command module turns options into a plain value, calls the library and maps
the result to an exit code (`flowlint.cli.common`); the click group is `flowlint.cli.app.main`.

`run` is the `flowlint` command. `flowlint check` with paths and flags in their plain forms (what
pre-commit, CI jobs and editors pass) runs without importing click (about 20 ms: a fifth of a warm run
on the public library); every other command line goes to click. Both read the same table of flags
(`flowlint.cli.options`) and end in `flowlint.cli.check.run_check`.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from flowlint.cli.app import main
    from flowlint.cli.check import CheckRequest

__all__ = ["COMMANDS", "COMMAND_HELP", "exit_now", "main", "plain_check", "run"]

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
    "migrate": "flowlint.cli.migrate:migrate",
}

COMMAND_HELP: dict[str, str] = {
    "check": "Lint definitions statically (and --fix what it can).",
    "capture": "Run the tests against the real API; record the answers.",
    "schema": "Write output schemas generated from recorded answers.",
    "verify": "Compare recorded answers with the output schemas.",
    "rule": "Explain one rule, with its examples.",
    "rules": "List the rules.",
    "mcp-tools": "Print the MCP tools/list FlowMCP registers.",
    "mock": "Serve definitions as an offline MCP server (stdio).",
    "lsp": "The language server for editors (stdio).",
    "clean": "Remove the result cache.",
    "migrate": "Take 3.x definitions to 4.x, verified.",
}
"""Each command's line in `flowlint --help`: short enough to be read whole in 80 columns (click cuts
a docstring's first sentence at about 45 characters), and shown without importing the command."""


def run() -> None:
    """The `flowlint` command: `flowlint check ...` as click would run it, without click when the plain
    path can read the command line (see `plain_check`: what pre-commit, CI jobs and editors pass); any
    other command line goes to the click group."""
    request = plain_check(sys.argv[1:])
    if request is None:
        from flowlint.cli.app import main

        main()
        return
    from flowlint.cli.check import run_check

    try:
        code = run_check(request)
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


def plain_check(args: list[str]) -> CheckRequest | None:
    """The `CheckRequest` of `flowlint check ...` read without click (about 20 ms: a fifth of a warm run on
    the public library), from the same table of flags as the click command (`flowlint.cli.options`);
    None when click must read the command line (help, completion, an error to explain)."""
    if args[:1] != ["check"]:
        return None
    from flowlint.cli.options import plain_request

    return plain_request(args)


def __getattr__(name: str) -> Any:
    # `from flowlint.cli import main` (the click group) imports click only when it is asked for.
    if name == "main":
        from flowlint.cli import app

        return app.main
    raise AttributeError(name)
