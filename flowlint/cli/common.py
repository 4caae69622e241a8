"""What every command shares: exit codes, the report formats, and how a usage error ends a command.

This module does not import click: `flowlint check` with nothing but paths runs without it (see
`flowlint.cli.run`). Click's own classes for the commands are in `flowlint.cli.app`."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import NoReturn

from flowlint.lint.reporters import REPORTERS

EXIT_OK = 0
"""Nothing at or above the failure threshold."""
EXIT_FINDINGS = 1
"""Findings at or above the threshold, failed calls, or files that would change."""
EXIT_USAGE = 2
"""A usage or configuration error: nothing was checked."""

# The reporter registry feeds --format; flowlint.lint.reporters imports nothing heavy at load time.
FORMATS = tuple(REPORTERS)
HUMAN_FORMATS = ("text", "grouped", "github", "flowmcp")
SEVERITIES = ("error", "warning", "info")


def echo(message: str, err: bool = False, nl: bool = True) -> None:
    """Print a line on standard output (or error), flushed. Through `click.echo` when a click command
    runs (click is loaded then); the plain `flowlint check PATHS` runs without click and writes the
    line itself, as click would to a UTF-8 stream (its messages hold no ANSI codes to strip)."""
    click = sys.modules.get("click")
    if click is not None:
        click.echo(message, err=err, nl=nl)
        return
    stream = sys.stderr if err else sys.stdout
    stream.write(message + "\n" if nl else message)
    stream.flush()


def usage_error(message: str) -> NoReturn:
    """Print `flowlint: message` on stderr and exit with EXIT_USAGE."""
    echo(f"flowlint: {message}", err=True)
    sys.exit(EXIT_USAGE)


@contextlib.contextmanager
def interruptible(on_sigterm: type[BaseException] = KeyboardInterrupt) -> Iterator[None]:
    """While the block runs in the main thread, SIGINT raises KeyboardInterrupt and SIGTERM (a CI
    cancel) raises `on_sigterm`, so that `finally` blocks run: a capture writes metrics.json and its
    summary, an atomic write removes its temporary file. SIGINT is set too because a process started
    in the background inherits it ignored. The previous handlers come back afterwards."""
    import signal  # here: the plain `flowlint check` never needs them
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def raise_interrupt(signum: int, _frame: object) -> None:
        if signum == signal.SIGTERM:
            raise on_sigterm("SIGTERM")
        raise KeyboardInterrupt(signal.Signals(signum).name)

    previous = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    for sig in previous:
        signal.signal(sig, raise_interrupt)
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def split_codes(values: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Comma-separated codes from repeated options, upper-cased: `--select tst,VAL04 --select FL001`
    gives TST, VAL04 and FL001."""
    return tuple(code.strip().upper() for value in values for code in value.split(",") if code.strip())
