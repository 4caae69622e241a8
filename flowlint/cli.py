"""The command line: click commands that turn options into a config, call the API, map results to exit codes."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from flowlint import __version__

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2

F = TypeVar("F", bound=Callable[..., Any])

FORMATS = ("text", "json")  # kept equal to reporters.REPORTERS by tests/test_cli.py


def _codes(values: Sequence[str]) -> tuple[str, ...]:
    return tuple(code.strip().upper() for value in values for code in value.split(",") if code.strip())


# Commands that live in their own modules, imported only when used: name -> "module:attribute".
LAZY_COMMANDS: dict[str, str] = {
    "capture": "flowlint.cli_capture:capture",
    "verify": "flowlint.cli_capture:verify",
    "schema": "flowlint.cli_schema:schema",
    "lsp": "flowlint.cli_lsp:lsp",
    "mock": "flowlint.cli_mcp:mock",
    "mcp-tools": "flowlint.cli_mcp:mcp_tools",
}


class LazyGroup(click.Group):
    """A group whose heavier commands are imported on first use, so `flowlint check` starts fast."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *(n for n in LAZY_COMMANDS if _available(n))})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in LAZY_COMMANDS and _available(name):
            import importlib

            module_name, attribute = LAZY_COMMANDS[name].split(":")
            command = getattr(importlib.import_module(module_name), attribute)
            assert isinstance(command, click.Command)
            return command
        return super().get_command(ctx, name)


def _available(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(LAZY_COMMANDS[name].split(":")[0]) is not None


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="flowlint")
def main() -> None:
    """Lint FlowMCP definitions and their embedded tests (TST001-TST008).

    Exit codes: 0 nothing at or above --fail-on, 1 findings, 2 usage or configuration error.
    """


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--format", "output_format", type=click.Choice(FORMATS), default="text", show_default=True,
              help="Output format.")
@click.option("--select", multiple=True, metavar="CODES", help="Only these rule codes or prefixes (comma-separated).")
@click.option("--ignore", multiple=True, metavar="CODES", help="Skip these rule codes or prefixes (comma-separated).")
@click.option("--min-tests", type=click.IntRange(min=0), help="Minimum tests per tool for TST001 (default 1).")
@click.option("--fail-on", type=click.Choice(["error", "warning", "info"]),
              help="Lowest severity that makes the exit code 1 (default error).")
@click.option("--config", "config_path", type=click.Path(path_type=Path, dir_okay=False),
              help="A pyproject.toml to read [tool.flowlint] from, instead of the nearest one.")
def check(paths: tuple[Path, ...], output_format: str, select: tuple[str, ...], ignore: tuple[str, ...],
          min_tests: int | None, fail_on: str | None, config_path: Path | None) -> None:
    """Check definitions statically (dry-run): files or folders, recursively; default `.`."""
    from flowlint.api import lint_paths
    from flowlint.config import check_codes, load_config, parse_severity
    from flowlint.errors import FlowlintError
    from flowlint.reporters import REPORTERS

    targets = list(paths) or [Path(".")]
    try:
        if config_path is not None and not config_path.is_file():
            raise FlowlintError(f"{config_path}: no such file")
        config = load_config(targets[0], config_path)
        changes: dict[str, object] = {}
        if select:
            changes["select"] = _codes(select)
            check_codes(changes["select"], "--select")  # type: ignore[arg-type]
        if ignore:
            changes["ignore"] = config.ignore + _codes(ignore)
            check_codes(_codes(ignore), "--ignore")
        if min_tests is not None:
            changes["min_tests"] = min_tests
        if fail_on is not None:
            changes["fail_on"] = parse_severity(fail_on, "--fail-on")
        config = config.replace(**changes)
        result = lint_paths(targets, config)
    except FlowlintError as error:
        click.echo(f"flowlint: {error}", err=True)
        sys.exit(EXIT_USAGE)
    REPORTERS[output_format]().write(result, click.get_text_stream("stdout"))
    sys.exit(EXIT_FINDINGS if result.failed() else EXIT_OK)


@main.command()
@click.argument("code", required=False)
def rules(code: str | None) -> None:
    """List the rules, or explain one (`flowlint rules TST004`)."""
    from flowlint.docs import rule_doc, rules_table
    from flowlint.registry import rule_for

    if code is None:
        click.echo(rules_table())
        return
    rule = rule_for(code)
    if rule is None:
        click.echo(f"flowlint: unknown rule code '{code}' (run `flowlint rules` for the list)", err=True)
        sys.exit(EXIT_USAGE)
    click.echo(rule_doc(rule))
