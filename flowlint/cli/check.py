"""`flowlint check`: options become a `CheckRequest`; `run_check` lints, reports and returns the exit code."""

from __future__ import annotations

import io
import sys
from dataclasses import dataclass
from pathlib import Path

import click

from flowlint.cli.common import (
    EXIT_FINDINGS,
    EXIT_OK,
    EXIT_USAGE,
    FORMATS,
    HUMAN_FORMATS,
    SEVERITIES,
    split_codes,
)
from flowlint.core.errors import FlowlintError, UsageError
from flowlint.lint.config import Config
from flowlint.lint.result import LintResult


@dataclass(frozen=True)
class CheckRequest:
    """What `flowlint check` was asked to do, as plain values."""

    paths: tuple[Path, ...] = ()
    output_format: str = "text"
    output_file: Path | None = None
    statistics: bool = False
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    min_tests: int | None = None
    fail_on: str | None = None
    config_path: Path | None = None
    stdin_filename: str | None = None
    baseline: Path | None = None
    write_baseline: Path | None = None
    jobs: int | None = None
    no_cache: bool = False

    @property
    def from_stdin(self) -> bool:
        return Path("-") in self.paths or (self.stdin_filename is not None and not self.paths)

    def validate(self) -> None:
        """Raise UsageError for options that do not go together."""
        if self.from_stdin and len(self.paths) > 1:
            raise UsageError("`-` (standard input) cannot be combined with other paths")
        if self.stdin_filename is not None and not self.from_stdin:
            raise UsageError("--stdin-filename needs the path `-` (standard input)")
        if self.baseline is not None and self.write_baseline is not None:
            raise UsageError("--baseline and --write-baseline cannot be used together")
        if self.config_path is not None and not self.config_path.is_file():
            raise UsageError(f"{self.config_path}: no such file")


@click.command()
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
    "--fail-on", type=click.Choice(SEVERITIES), help="Lowest severity that makes the exit code 1 (default error)."
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
    "baseline",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Report only findings that are not recorded in this baseline file.",
)
@click.option(
    "--write-baseline",
    "write_baseline",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Record every current finding in this baseline file and exit 0.",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=None,
    help="Processes to lint with (default: one per idle CPU when 200 files or more need linting).",
)
@click.option(
    "--no-cache",
    is_flag=True,
    help="Neither read nor write the result cache (.flowlint_cache/, or cache_dir in [tool.flowlint]).",
)
def check(**options: object) -> None:
    """Check definitions statically (dry-run): files or folders, recursively; default `.`.

    `-` reads one definition from standard input (name it with --stdin-filename).
    """
    sys.exit(run_check(CheckRequest(**options)))  # type: ignore[arg-type]


def run_check(request: CheckRequest) -> int:
    """Lint, report and return the exit code; expected problems are messages, never tracebacks."""
    result = LintResult()
    try:
        request.validate()
        config = _config(request)
        result = _lint(request, config)
        if request.write_baseline is not None:
            from flowlint.lint.baseline import write_baseline

            count = write_baseline(result, request.write_baseline)
            click.echo(
                f"flowlint: wrote {count} finding{'s' if count != 1 else ''} to {request.write_baseline}", err=True
            )
            return EXIT_OK
        if request.baseline is not None:
            result = _apply_baseline(result, request.baseline)
        _report(result, request)
    except FlowlintError as error:
        click.echo(f"flowlint: {error}", err=True)
        return EXIT_USAGE
    except BrokenPipeError:  # `flowlint check | head`: the reader left, nothing more to say
        pass
    return EXIT_FINDINGS if result.failed() else EXIT_OK


def _config(request: CheckRequest) -> Config:
    """`[tool.flowlint]` for the first path (or --config), with the command line's overrides."""
    from flowlint.lint.codes import check_codes
    from flowlint.lint.config import load_config, parse_severity

    start = (
        Path(request.stdin_filename or "stdin.mjs").parent if request.from_stdin else (request.paths or (Path("."),))[0]
    )
    config = load_config(start, request.config_path)
    changes: dict[str, object] = {}
    if request.select:
        changes["select"] = split_codes(request.select)
        check_codes(split_codes(request.select), "--select")
    if request.ignore:
        check_codes(split_codes(request.ignore), "--ignore")
        changes["ignore"] = config.ignore + split_codes(request.ignore)
    if request.min_tests is not None:
        changes["min_tests"] = request.min_tests
    if request.fail_on is not None:
        changes["fail_on"] = parse_severity(request.fail_on, "--fail-on")
    return config.replace(**changes)


def _lint(request: CheckRequest, config: Config) -> LintResult:
    from flowlint.lint.runner import lint_paths, lint_source

    if request.from_stdin:
        data = sys.stdin.buffer.read()
        return LintResult([lint_source(data, request.stdin_filename or "stdin.mjs", config)], config)
    targets = list(request.paths) or [Path(".")]
    cache = None
    if not request.no_cache:
        from flowlint.lint.cache import ResultCache, default_cache_dir

        cache = ResultCache(default_cache_dir(config))
    result = lint_paths(targets, config, jobs=request.jobs, cache=cache)
    if not result.files:
        click.echo(
            "flowlint: no .mjs, .js, .py or .json files found in " + ", ".join(str(t) for t in targets), err=True
        )
    return result


def _apply_baseline(result: LintResult, baseline: Path) -> LintResult:
    from flowlint.lint.baseline import apply_baseline

    outcome = apply_baseline(result, baseline)
    if outcome.hidden or outcome.fixed:
        click.echo(
            f"flowlint: {outcome.hidden} known finding{'s' if outcome.hidden != 1 else ''} "
            f"hidden by {baseline}; {outcome.fixed} baseline "
            f"entr{'ies' if outcome.fixed != 1 else 'y'} no longer found",
            err=True,
        )
    return outcome.result


def _report(result: LintResult, request: CheckRequest) -> None:
    """Write the report to stdout or a file; statistics go to stdout unless a machine-readable report
    already occupies it, then to stderr."""
    from flowlint.lint.reporters import REPORTERS

    reporter = REPORTERS[request.output_format]()
    if request.output_file is None:
        reporter.write(result, sys.stdout)
    else:
        from flowlint.core.fileio import atomic_write

        buffer = io.StringIO()
        reporter.write(result, buffer)
        atomic_write(request.output_file, buffer.getvalue().encode("utf-8"), make_parents=True)
    if request.statistics:
        from flowlint.lint.reporters import statistics_lines

        to_stderr = request.output_file is None and request.output_format not in HUMAN_FORMATS
        for line in statistics_lines(result):
            click.echo(line, err=to_stderr)
