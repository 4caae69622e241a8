"""`flowlint migrate PATHS --to VERSION`: FlowMCP definitions to specification 4.x, verified (docs/migrate.md)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from flowlint.cli.common import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, echo, interruptible, usage_error
from flowlint.core.errors import FlowlintError

_TARGETS = "4.0.0, 4.1.0, 4.2.0 or 4.3.0"


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "--to", "target", default="4.3.0", show_default=True, metavar="VERSION", help=f"The 4.x version: {_TARGETS}."
)
@click.option(
    "--write", is_flag=True, help="Write the migrated files (without it nothing is written: the diff is shown)."
)
@click.option(
    "--unsafe-fixes",
    is_flag=True,
    help="Also apply the changes that alter what a client sees or the API receives (each is listed).",
)
@click.option(
    "--drop-unapplied-defaults",
    is_flag=True,
    help="Drop each default() that 3.x never applied (optional() after it) instead of letting 4.x apply it "
    "(with --unsafe-fixes).",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json", "markdown"]),
    default="text",
    show_default=True,
    help="The report: text for people, json for machines, markdown for a CI page.",
)
@click.option(
    "--diff/--no-diff",
    "show_diff",
    default=None,
    help="Show the diff of every changed file (default: without --write, in text format).",
)
@click.option(
    "--baseline",
    type=click.Path(path_type=Path, dir_okay=False),
    help="A baseline whose codes follow the 4.x renumbering.",
)
@click.option(
    "--config", "config_file", type=click.Path(path_type=Path, dir_okay=False), help="Use this configuration file."
)
@click.option("--verbose", is_flag=True, help="List every file, the equivalent ones with their changes too.")
def migrate(
    paths: tuple[Path, ...],
    target: str,
    write: bool,
    unsafe_fixes: bool,
    drop_unapplied_defaults: bool,
    output_format: str,
    show_diff: bool | None,
    baseline: Path | None,
    config_file: Path | None,
    verbose: bool,
) -> None:
    """Migrate FlowMCP definitions from specification 3.x to 4.x through their syntax tree, and show what
    FlowMCP's runtimes do before (3.x) and after (4.x): each tool's inputSchema, each test's request.

    Without --write nothing is written: the diff and the report are shown. Shared lists keep their own
    versions; skill files named by main.skills are migrated with their definitions.

    Exit codes: 0 everything migrated, 1 something is left for a person (or a file could not be written),
    2 usage error.
    """
    from flowlint.lint.config import ConfigResolver, Overrides
    from flowlint.migrate.renumber import renumber_baseline
    from flowlint.migrate.report import file_diff, render
    from flowlint.migrate.run import migrate_paths
    from flowlint.migrate.source import parse_target
    from flowlint.migrate.steps import Options

    parsed = parse_target(target)
    if parsed is None:
        usage_error(f"--to {target}: flowlint migrates to {_TARGETS}")
    if drop_unapplied_defaults and not unsafe_fixes:
        usage_error("--drop-unapplied-defaults changes what the API receives: give --unsafe-fixes too")
    options = Options(target=parsed, unsafe=unsafe_fixes, drop_unapplied_defaults=drop_unapplied_defaults)
    try:
        with interruptible():
            resolver = ConfigResolver(explicit=config_file, overrides=Overrides())
            run = migrate_paths(list(paths), options, write=write, resolver=resolver)
    except FlowlintError as error:
        usage_error(str(error))
    except KeyboardInterrupt:
        echo("flowlint: interrupted; every file written so far was written whole", err=True)
        sys.exit(EXIT_FINDINGS)
    if show_diff or (show_diff is None and not write and output_format == "text"):
        for migration in run.files:
            diff = file_diff(migration)
            if diff:
                echo(diff, nl=False)
    echo(render(run, output_format), nl=False)
    problem = False
    if baseline is not None:
        migrated = {str(Path(f.path).resolve()) for f in run.files if f.changed}
        count, message = renumber_baseline(baseline, migrated, write)
        if message:
            echo(f"flowlint: {message}", err=True)
            problem = True
        elif count:
            echo(
                f"{baseline}: {count} entries renumbered to their 4.x codes" + ("" if write else " (not written)"),
                err=True,
            )
    failed_writes = any(f.write_problem for f in run.files)
    sys.exit(EXIT_FINDINGS if run.left_for_a_person or failed_writes or problem else EXIT_OK)


__all__ = ["EXIT_USAGE", "migrate"]
