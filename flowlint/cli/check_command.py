"""The click command `flowlint check`: its options are made from the table of flags (`flowlint.cli.options`:
the configuration settings and the options of the command line alone), in the sections of `--help`;
the parsed options become a `CheckRequest` and `flowlint.cli.check.run_check` does the rest."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from flowlint.cli.app import sectioned
from flowlint.cli.check import run_check
from flowlint.cli.options import SECTIONS, CheckOption, check_options, request_from_options

__all__ = ["CHECK_SECTIONS", "check"]

_OPTIONS = check_options()
"""The table of flags, read once for the sections of `--help` and the command's options."""

CHECK_SECTIONS = {title: tuple(o.name for o in _OPTIONS if o.setting.section == title) for title in SECTIONS}
"""`flowlint check --help` in sections, as ruff's (see `flowlint.cli.app.SectionedCommand`)."""


def _type(option: CheckOption) -> click.ParamType[Any] | None:
    flag = option.flag
    if flag.choices:
        return click.Choice(flag.choices)
    if flag.type == "integer":
        return click.IntRange(min=flag.minimum)
    if flag.type in ("path", "file"):
        return click.Path(path_type=Path, dir_okay=flag.type == "path")
    return None


def _option(option: CheckOption) -> Callable[[Any], Any]:
    """The click option of one row of the table (a configuration setting is None when not given)."""
    flag, help_text = option.flag, option.setting.help
    metavar = flag.metavar or None
    if flag.kind == "flag":
        return click.option(*flag.names, option.name, is_flag=True, help=help_text)
    if flag.kind == "switch":
        first = flag.names[0]
        return click.option(f"{first}/--no-{first[2:]}", option.name, default=None, help=help_text)
    if flag.kind == "count":
        return click.option(*flag.names, option.name, count=True, help=help_text)
    if flag.kind == "multiple":
        return click.option(*flag.names, option.name, multiple=True, metavar=metavar, help=help_text)
    if flag.kind == "optional":
        return click.option(
            *flag.names,
            option.name,
            type=_type(option),
            is_flag=False,
            flag_value=flag.missing,
            metavar=metavar,
            help=help_text,
        )
    return click.option(
        *flag.names,
        option.name,
        type=_type(option),
        default=option.default,
        show_default=flag.show_default,
        metavar=metavar,
        help=help_text,
    )


def _check(**options: object) -> None:
    """Check definitions statically (dry-run): files or folders, recursively; default `.`.

    `-` reads one definition from standard input (name it with --stdin-filename).
    """
    sys.exit(run_check(request_from_options(options)))


def _command() -> click.Command:
    function: Callable[..., None] = _check
    for option in reversed(_OPTIONS):
        function = _option(option)(function)
    function = click.argument("paths", nargs=-1, type=click.Path(path_type=Path))(function)
    return click.command("check", cls=sectioned(CHECK_SECTIONS))(function)


check = _command()
