"""`flowlint verify`: compare captured responses with the declared output schemas.

Exit codes: 0 no finding at or above --fail-on (default `warning`: drift, VER001, fails the run, since
finding it is what verify is for; a configured `fail-on` only makes it stricter); 1 findings at or
above it, or nothing verified (no record in the captures folder, none
readable, none for a tool of the given definitions, or none compared: every matching call failed or
was skipped, or no tool has an output schema; said on stderr); 2 usage error (a missing path or
captures folder). Files that are not capture records among good ones are named on stderr, and so is
how many captures were compared, matched and drifted. `--format markdown` prints PASS/FAIL/SKIP per
test (so does `$GITHUB_STEP_SUMMARY` with `--format github`).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from flowlint.cli.common import EXIT_FINDINGS, EXIT_OK, FORMATS, HUMAN_FORMATS, SEVERITIES, split_codes, usage_error

if TYPE_CHECKING:
    from flowlint.verify import Verification


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "--captures",
    "-c",
    required=True,
    type=click.Path(path_type=Path),
    help="Folder of capture records (a run folder, or a folder of runs: the latest record of each test is used).",
)
@click.option(
    "--format", "output_format", type=click.Choice(FORMATS), default="text", show_default=True, help="Output format."
)
@click.option(
    "--fail-on",
    type=click.Choice(SEVERITIES),
    help="Lowest severity that makes the exit code 1 (default warning: drift fails; `error` lets it pass).",
)
@click.option("--select", multiple=True, metavar="CODES", help="Only these codes or prefixes (comma-separated).")
@click.option("--ignore", multiple=True, metavar="CODES", help="Skip these codes or prefixes (comma-separated).")
def verify(
    paths: tuple[Path, ...],
    captures: Path,
    output_format: str,
    fail_on: str | None,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
) -> None:
    """Compare captured responses with the tools' declared output schemas (VER001-VER004).

    [tool.flowlint] select, ignore, per-file-ignores and severity apply to the VER codes too."""
    from flowlint.core.errors import FlowlintError
    from flowlint.lint.config import ConfigResolver, Overrides
    from flowlint.verify import verify_folder

    try:
        overrides = Overrides.from_command_line(select=split_codes(select), ignore=split_codes(ignore), fail_on=fail_on)
        outcome = verify_folder(list(paths), captures, resolver=ConfigResolver(overrides=overrides))
    except FlowlintError as error:
        usage_error(str(error))
    result = outcome.result
    write_verification(outcome, output_format)
    unreadable = outcome.unreadable_line()
    if unreadable is not None and unreadable != outcome.nothing_verified:
        click.echo(f"flowlint: warning: {unreadable}; not compared", err=True)
    if outcome.nothing_verified is not None:
        click.echo(f"flowlint: nothing verified: {outcome.nothing_verified}", err=True)
        sys.exit(EXIT_FINDINGS)
    click.echo(f"flowlint: {outcome.compared_line()}", err=True)
    sys.exit(EXIT_FINDINGS if result.failed() else EXIT_OK)


def write_verification(outcome: Verification, output_format: str) -> None:
    """The report of a verification in `output_format`: Markdown is the table of tests; `github` adds it
    to `$GITHUB_STEP_SUMMARY`; an empty human report would read "All checks passed", so when nothing
    was verified it is not written (stderr says why)."""
    from flowlint.lint.reporters import REPORTERS, GithubReporter

    if output_format == "markdown":
        click.echo(outcome.markdown(), nl=False)
        return
    result = outcome.result
    if outcome.nothing_verified is None or result.diagnostics or output_format not in HUMAN_FORMATS:
        reporter = GithubReporter(step_summary=outcome.markdown) if output_format == "github" else None
        (reporter or REPORTERS[output_format]()).write(result, sys.stdout)
