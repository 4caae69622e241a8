"""The click command `flowlint check`: its options and their help; the options become a `CheckRequest`
and `flowlint.cli.check.run_check` does the rest."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from flowlint.cli.app import sectioned
from flowlint.cli.check import CheckRequest, run_check
from flowlint.cli.common import FORMATS, SEVERITIES
from flowlint.lint.reporters import COLOR_CHOICES

__all__ = ["CHECK_SECTIONS", "check"]

CHECK_SECTIONS = {
    "Rule selection": ("select", "extend_select", "ignore", "per_file_ignores", "min_tests", "spec_version"),
    "Fixes": ("fix", "unsafe_fixes", "diff", "fix_only", "show_fixes", "target_version"),
    "Output": (
        "output_format",
        "output_file",
        "statistics",
        "show_source",
        "color",
        "quiet",
        "verbose",
        "show_skipped",
    ),
    "Exit status": ("fail_on", "exit_zero"),
    "Configuration": ("config_path", "show_settings"),
    "Baseline": ("baseline", "write_baseline"),
    "Input and speed": ("stdin_filename", "jobs", "no_cache"),
}
"""`flowlint check --help` in sections, as ruff's (see `flowlint.cli.common.SectionedCommand`)."""


@click.command(cls=sectioned(CHECK_SECTIONS))
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "--output-format",
    "--format",
    "output_format",
    type=click.Choice(FORMATS),
    default="text",
    show_default=True,
    help="Output format (--format is the same option).",
)
@click.option(
    "--output-file",
    "-o",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Write the report to this file instead of standard output.",
)
@click.option(
    "--statistics", is_flag=True, help="Show how many findings each rule code has (only that table, as ruff)."
)
@click.option("--select", multiple=True, metavar="CODES", help="Only these rule codes or prefixes (comma-separated).")
@click.option("--ignore", multiple=True, metavar="CODES", help="Skip these rule codes or prefixes (comma-separated).")
@click.option(
    "--per-file-ignores",
    multiple=True,
    metavar="GLOB:CODES",
    help="Skip CODES in the files GLOB matches (from the working folder; a bare name matches anywhere), "
    "on top of the configuration's per-file-ignores. Repeatable.",
)
@click.option("--min-tests", type=click.IntRange(min=0), help="Minimum tests per tool for TST001 (default 1).")
@click.option(
    "--spec-version",
    metavar="MAJOR",
    help="Check every file against FlowMCP specification 3 or 4 (default: the version each file declares).",
)
@click.option(
    "--fail-on", type=click.Choice(SEVERITIES), help="Lowest severity that makes the exit code 1 (default error)."
)
@click.option(
    "--strict",
    is_flag=True,
    help="The whole specification: every error rule of the declared version is an error, including what "
    "FlowMCP's runtime tolerates (default: FlowMCP's own verdict plus the test rules).",
)
@click.option(
    "--config",
    "config_path",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Use this configuration file for every file (a pyproject.toml's [tool.flowlint], or a flowlint.toml), "
    "instead of the nearest one above each file.",
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
# Per-file configuration.
@click.option(
    "--extend-select", multiple=True, metavar="CODES", help="Also select these codes or prefixes (comma-separated)."
)
@click.option(
    "--show-settings",
    "show_settings",
    type=click.Path(path_type=Path),
    is_flag=False,
    flag_value=".",
    metavar="[FILE]",
    help="Print the configuration file and every setting that applies to FILE (default: the current folder), and exit.",
)
# Files that are not definitions.
@click.option("--show-skipped", is_flag=True, help="Also report files that are not definitions (FL002 notes).")
@click.option("--verbose", "-v", is_flag=True, help="Say more: report skipped files (as --show-skipped).")
# Terminal output.
@click.option(
    "--color",
    type=click.Choice(COLOR_CHOICES),
    default="auto",
    show_default=True,
    help="Colour the text report: auto = on a terminal, unless NO_COLOR is set (FORCE_COLOR forces it).",
)
@click.option(
    "--show-source/--no-show-source",
    "show_source",
    default=None,
    help="Show the source line under each finding (default: on a terminal).",
)
@click.option(
    "--quiet",
    "-q",
    count=True,
    help="Only the findings that fail the run (errors, unless --fail-on says otherwise), no summary; "
    "-qq prints nothing.",
)
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings (usage errors still exit 2).")
@click.option("--fix", is_flag=True, help="Apply safe fixes to the files, then report what remains.")
@click.option("--unsafe-fixes", is_flag=True, help="With --fix or --diff: also apply fixes that change behaviour.")
@click.option("--diff", is_flag=True, help="Print the changes --fix would make as a unified diff; change nothing.")
@click.option("--fix-only", is_flag=True, help="Apply fixes; report only what was fixed, not the remaining findings.")
@click.option("--show-fixes", is_flag=True, help="With --fix: list each fix applied.")
@click.option(
    "--target-version",
    metavar="VERSION",
    help="With --fix or --diff: first migrate 3.x definitions to this 4.x version, as `flowlint migrate` does "
    "(docs/migrate.md; its report shows what each runtime does before and after).",
)
def check(**options: object) -> None:
    """Check definitions statically (dry-run): files or folders, recursively; default `.`.

    `-` reads one definition from standard input (name it with --stdin-filename).
    """
    sys.exit(run_check(CheckRequest.from_options(options)))
