"""What every command shares: exit codes, the report formats, and how a usage error ends a command."""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Iterator
from typing import NoReturn

import click

from flowlint.lint.reporters import REPORTERS

EXIT_OK = 0
"""Nothing at or above the failure threshold."""
EXIT_FINDINGS = 1
"""Findings at or above the threshold, failed calls, or files that would change."""
EXIT_USAGE = 2
"""A usage or configuration error: nothing was checked."""

# The reporter registry feeds --format; flowlint.lint.reporters imports nothing heavy at load time.
FORMATS = tuple(REPORTERS)
HUMAN_FORMATS = ("text", "github", "flowmcp")
SEVERITIES = ("error", "warning", "info")


class SectionedCommand(click.Command):
    """A command whose `--help` lists its options in sections, as ruff's does. `sections` maps a title
    to the names of the parameters shown under it (`output_format`, ...); the options no section
    names come last, under "Other options"."""

    sections: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        records = {
            param.name: record
            for param in self.get_params(ctx)
            if not isinstance(param, click.Argument) and (record := param.get_help_record(ctx)) is not None
        }
        shown: set[str | None] = set()
        for title, names in self.sections:
            rows = [records[name] for name in names if name in records]
            shown.update(names)
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)
        rest = [record for name, record in records.items() if name not in shown]
        if rest:
            with formatter.section("Other options"):
                formatter.write_dl(rest)


def sectioned(sections: dict[str, tuple[str, ...]]) -> type[SectionedCommand]:
    """A `SectionedCommand` class with these sections, for `@click.command(cls=...)`."""
    return type("Sectioned", (SectionedCommand,), {"sections": tuple(sections.items())})


def usage_error(message: str) -> NoReturn:
    """Print `flowlint: message` on stderr and exit with EXIT_USAGE."""
    click.echo(f"flowlint: {message}", err=True)
    sys.exit(EXIT_USAGE)


@contextlib.contextmanager
def interruptible(on_sigterm: type[BaseException] = KeyboardInterrupt) -> Iterator[None]:
    """While the block runs in the main thread, SIGINT raises KeyboardInterrupt and SIGTERM (a CI
    cancel) raises `on_sigterm`, so that `finally` blocks run: a capture writes metrics.json and its
    summary, an atomic write removes its temporary file. SIGINT is set too because a process started
    in the background inherits it ignored. The previous handlers come back afterwards."""
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
