"""The click group of the command line, whose commands live in their own modules, imported only when
used, and the click classes they share. `flowlint check` never imports capture, schema or MCP code.
"""

from __future__ import annotations

import importlib
import importlib.util

import click

from flowlint.cli import COMMAND_HELP, COMMANDS
from flowlint.core.version import __version__

__all__ = ["LazyGroup", "SectionedCommand", "main", "sectioned"]


class LazyGroup(click.Group):
    """A group whose commands are imported on first use, so `flowlint check` starts fast."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(name for name in COMMANDS if _available(name))

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """As click's, but an unknown command names the closest known one (`flowlint rle` -> `rule`)."""
        name = click.utils.make_str(args[0]) if args else ""
        if args and self.get_command(ctx, name) is None and not name.startswith("-"):
            import difflib

            close = difflib.get_close_matches(name, self.list_commands(ctx), n=1, cutoff=0.5)
            hint = f" Did you mean '{close[0]}'?" if close else ""
            ctx.fail(f"No such command '{name}'.{hint} (Commands: {', '.join(self.list_commands(ctx))}.)")
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list of `flowlint --help`, each with its whole line (`COMMAND_HELP`), in the order
        of the workflow, without importing the commands."""
        rows = [(name, COMMAND_HELP[name]) for name in COMMAND_HELP if name in COMMANDS and _available(name)]
        rows += [(name, "") for name in self.list_commands(ctx) if name not in COMMAND_HELP]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS or not _available(name):
            return None
        module_name, attribute = COMMANDS[name].split(":")
        command = getattr(importlib.import_module(module_name), attribute)
        assert isinstance(command, click.Command)
        return command


def _available(name: str) -> bool:
    return importlib.util.find_spec(COMMANDS[name].split(":")[0]) is not None


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="flowlint")
def main() -> None:
    """Lint FlowMCP definitions and their embedded tests (TST001-TST008).

    \b
    A typical run:
      flowlint check prices.mjs                  lint (add --fix to fix)
      flowlint capture prices.mjs                record what the API answers
      flowlint schema --write prices.mjs --captures capture
      flowlint verify prices.mjs --captures capture

    Exit codes: 0 nothing at or above --fail-on, 1 findings, 2 usage or configuration error.
    `flowlint COMMAND --help` for a command's options; `flowlint rule CODE` explains a finding.
    """


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
