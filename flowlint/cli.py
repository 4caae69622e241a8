"""The command line: click commands that turn options into a config, call the API and map results to
exit codes."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from flowlint import __version__
from flowlint.reporters import REPORTERS

if TYPE_CHECKING:
    from flowlint.api import LintResult

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2

F = TypeVar("F", bound=Callable[..., Any])

# The reporter registry feeds --format; flowlint.reporters imports nothing heavy at load time.
FORMATS = tuple(REPORTERS)
HUMAN_FORMATS = ("text", "github", "flowmcp")


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
@click.option(
    "--format", "output_format", type=click.Choice(FORMATS), default="text", show_default=True, help="Output format."
)
@click.option(
    "--output-file",
    "-o",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Write the report to this file instead of standard output.",
)
@click.option("--statistics", is_flag=True, help="Also show how many findings each rule code has.")
@click.option("--select", multiple=True, metavar="CODES", help="Only these rule codes or prefixes (comma-separated).")
@click.option("--ignore", multiple=True, metavar="CODES", help="Skip these rule codes or prefixes (comma-separated).")
@click.option("--min-tests", type=click.IntRange(min=0), help="Minimum tests per tool for TST001 (default 1).")
@click.option(
    "--fail-on",
    type=click.Choice(["error", "warning", "info"]),
    help="Lowest severity that makes the exit code 1 (default error).",
)
@click.option(
    "--config",
    "config_path",
    type=click.Path(path_type=Path, dir_okay=False),
    help="A pyproject.toml to read [tool.flowlint] from, instead of the nearest one.",
)
@click.option(
    "--stdin-filename",
    metavar="PATH",
    help="Lint standard input (path `-`) as if it were the file PATH: its suffix picks the loader, "
    "its folder the configuration and _lists/.",
)
@click.option(
    "--baseline",
    "baseline_path",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Report only findings that are not recorded in this baseline file.",
)
@click.option(
    "--write-baseline",
    "write_baseline_path",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Record every current finding in this baseline file and exit 0.",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=None,
    help="Processes to lint with (default: one per CPU when there are 200 files or more).",
)
def check(
    paths: tuple[Path, ...],
    output_format: str,
    output_file: Path | None,
    statistics: bool,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    min_tests: int | None,
    fail_on: str | None,
    config_path: Path | None,
    stdin_filename: str | None,
    baseline_path: Path | None,
    write_baseline_path: Path | None,
    jobs: int | None,
) -> None:
    """Check definitions statically (dry-run): files or folders, recursively; default `.`.

    `-` reads one definition from standard input (name it with --stdin-filename).
    """
    from flowlint.api import LintResult, lint_paths, lint_source
    from flowlint.config import check_codes, load_config, parse_severity
    from flowlint.errors import FlowlintError, UsageError

    from_stdin = Path("-") in paths or (stdin_filename is not None and not paths)
    targets = list(paths) or [Path(".")]
    try:
        if from_stdin and len(paths) > 1:
            raise UsageError("`-` (standard input) cannot be combined with other paths")
        if stdin_filename is not None and not from_stdin:
            raise UsageError("--stdin-filename needs the path `-` (standard input)")
        if baseline_path is not None and write_baseline_path is not None:
            raise UsageError("--baseline and --write-baseline cannot be used together")
        if config_path is not None and not config_path.is_file():
            raise FlowlintError(f"{config_path}: no such file")
        stdin_path = Path(stdin_filename or "stdin.mjs")
        config = load_config(stdin_path.parent if from_stdin else targets[0], config_path)
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
        if from_stdin:
            data = sys.stdin.buffer.read()
            result = LintResult([lint_source(data, stdin_filename or "stdin.mjs", config)], config)
        else:
            result = lint_paths(targets, config, jobs=jobs)
            if not result.files:
                click.echo(
                    "flowlint: no .mjs, .js, .py or .json files found in " + ", ".join(str(t) for t in targets),
                    err=True,
                )
        if write_baseline_path is not None:
            from flowlint.baseline import write_baseline

            count = write_baseline(result, write_baseline_path)
            click.echo(f"flowlint: wrote {count} finding{'s' if count != 1 else ''} to {write_baseline_path}", err=True)
            sys.exit(EXIT_OK)
        if baseline_path is not None:
            from flowlint.baseline import apply_baseline

            outcome = apply_baseline(result, baseline_path)
            result = outcome.result
            if outcome.hidden or outcome.fixed:
                click.echo(
                    f"flowlint: {outcome.hidden} known finding{'s' if outcome.hidden != 1 else ''} "
                    f"hidden by {baseline_path}; {outcome.fixed} baseline "
                    f"entr{'ies' if outcome.fixed != 1 else 'y'} no longer found",
                    err=True,
                )
        _report(result, output_format, output_file, statistics)
    except FlowlintError as error:
        click.echo(f"flowlint: {error}", err=True)
        sys.exit(EXIT_USAGE)
    except BrokenPipeError:  # `flowlint check | head`: the reader left, nothing more to say
        sys.exit(EXIT_FINDINGS if result.failed() else EXIT_OK)
    except OSError as error:  # --output-file or --write-baseline not writable
        click.echo(f"flowlint: {error.filename or ''}: {error.strerror}", err=True)
        sys.exit(EXIT_USAGE)
    sys.exit(EXIT_FINDINGS if result.failed() else EXIT_OK)


def _report(result: LintResult, output_format: str, output_file: Path | None, statistics: bool) -> None:
    """Write the report to stdout or a file; statistics go to stdout unless a machine-readable report
    already occupies it, then to stderr."""
    import io

    reporter = REPORTERS[output_format]()
    if output_file is None:
        reporter.write(result, sys.stdout)
    else:
        from flowlint.baseline import write_atomic

        buffer = io.StringIO()
        reporter.write(result, buffer)
        write_atomic(output_file, buffer.getvalue().encode("utf-8"))
    if statistics:
        from flowlint.reporters import statistics_lines

        to_stderr = output_file is None and output_format not in HUMAN_FORMATS
        for line in statistics_lines(result):
            click.echo(line, err=to_stderr)


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
