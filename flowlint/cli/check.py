"""`flowlint check`: options become a `CheckRequest`; `run_check` lints, reports and returns the exit code."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import click

from flowlint.cli.common import (
    EXIT_FINDINGS,
    EXIT_OK,
    EXIT_USAGE,
    FORMATS,
    SEVERITIES,
    sectioned,
    split_codes,
)
from flowlint.core.errors import FlowlintError, UsageError
from flowlint.core.record import DeclaredRecord
from flowlint.lint.config import ConfigResolver
from flowlint.lint.reporters import COLOR_CHOICES, Reporter
from flowlint.lint.result import LintResult


class CheckRequest(DeclaredRecord):
    """What `flowlint check` was asked to do, as plain values: one field per option, declared once."""

    paths: tuple[Path, ...] = ()
    output_format: str = "text"
    output_file: Path | None = None
    statistics: bool = False
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    per_file_ignores: tuple[str, ...] = ()
    min_tests: int | None = None
    spec_version: str | None = None
    fail_on: str | None = None
    strict: bool = False
    config_path: Path | None = None
    stdin_filename: str | None = None
    baseline: Path | None = None
    write_baseline: Path | None = None
    jobs: int | None = None
    no_cache: bool = False
    extend_select: tuple[str, ...] = ()
    show_settings: Path | None = None
    show_skipped: bool = False
    verbose: bool = False
    color: str = "auto"
    show_source: bool | None = None
    quiet: int = 0
    exit_zero: bool = False
    fix: bool = False
    unsafe_fixes: bool = False
    diff: bool = False
    fix_only: bool = False
    show_fixes: bool = False

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
        if self.config_path is not None and not self.config_path.exists():  # not a file: reading it says what it is
            raise UsageError(f"{self.config_path}: no such file")
        if self.from_stdin and (self.fixing or self.diff):
            raise UsageError("--fix and --diff work on files, not on standard input")
        if self.diff and self.fixing:
            raise UsageError("--diff shows what --fix would change: use one of them")

    @property
    def fixing(self) -> bool:
        """Whether fixes are written (`--fix`, or `--fix-only`)."""
        return self.fix or self.fix_only


CHECK_SECTIONS = {
    "Rule selection": ("select", "extend_select", "ignore", "per_file_ignores", "min_tests", "spec_version"),
    "Fixes": ("fix", "unsafe_fixes", "diff", "fix_only", "show_fixes"),
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
@click.option("--quiet", "-q", count=True, help="Only the findings, no summary; -qq prints nothing.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings (usage errors still exit 2).")
@click.option("--fix", is_flag=True, help="Apply safe fixes to the files, then report what remains.")
@click.option("--unsafe-fixes", is_flag=True, help="With --fix or --diff: also apply fixes that change behaviour.")
@click.option("--diff", is_flag=True, help="Print the changes --fix would make as a unified diff; change nothing.")
@click.option("--fix-only", is_flag=True, help="Apply fixes; report only what was fixed, not the remaining findings.")
@click.option("--show-fixes", is_flag=True, help="With --fix: list each fix applied.")
def check(**options: object) -> None:
    """Check definitions statically (dry-run): files or folders, recursively; default `.`.

    `-` reads one definition from standard input (name it with --stdin-filename).
    """
    sys.exit(run_check(CheckRequest.from_options(options)))


def run_check(request: CheckRequest) -> int:
    """Lint, report and return the exit code; expected problems are messages, never tracebacks."""
    result = LintResult()
    failed = False
    try:
        request.validate()
        resolver = _resolver(request)
        if request.show_settings is not None:
            click.echo(_settings_text(resolver, request.show_settings))
            return EXIT_OK
        stdin_data = _read_stdin() if request.from_stdin else None
        result = _lint(request, resolver, stdin_data)
        if request.fixing or request.diff:
            result, changed = _fix(result, request)
            if request.diff:
                return EXIT_FINDINGS if changed and not request.exit_zero else EXIT_OK
            if request.fix_only:
                return EXIT_OK
        if not _shows_skipped(request):
            result = _without_skipped_notes(result)
        if request.write_baseline is not None:
            from flowlint.lint.baseline import write_baseline

            count = write_baseline(result, request.write_baseline)
            click.echo(
                f"flowlint: wrote {count} finding{'s' if count != 1 else ''} to {request.write_baseline}", err=True
            )
            return EXIT_OK
        if request.baseline is not None:
            result = _apply_baseline(result, request.baseline, quiet=request.quiet > 0)
        failed = result.failed()
        _report(result, request, stdin_data)
    except FlowlintError as error:
        click.echo(f"flowlint: {error}", err=True)
        return EXIT_USAGE
    except BrokenPipeError:  # `flowlint check | head`: the reader left, nothing more to say
        pass
    return EXIT_FINDINGS if failed and not request.exit_zero else EXIT_OK


def _read_stdin() -> bytes:
    """Standard input, within the size limit files have (a file over it is FL006)."""
    from flowlint.core.fileio import MAX_READ_BYTES

    data = sys.stdin.buffer.read(MAX_READ_BYTES + 1)
    if len(data) > MAX_READ_BYTES:
        raise UsageError(f"standard input is over the {MAX_READ_BYTES:,}-byte limit of a definition")
    return data


def _resolver(request: CheckRequest) -> ConfigResolver:
    """Each file's settings: the nearest configuration file (or --config), with the command line's
    overrides applied to it (see `flowlint.lint.config.ConfigResolver`)."""
    from flowlint.lint.config import Overrides

    overrides = Overrides.from_command_line(
        select=split_codes(request.select),
        extend_select=split_codes(request.extend_select),
        ignore=split_codes(request.ignore),
        per_file_ignores=request.per_file_ignores,
        min_tests=request.min_tests,
        spec_version=request.spec_version,
        fail_on=request.fail_on,
        strict=True if request.strict else None,  # None: not given, so a file's `strict = true` holds
    )
    return ConfigResolver(request.config_path, overrides)


def _settings_text(resolver: ConfigResolver, path: Path) -> str:
    """`--show-settings [FILE]`: the configuration file used, then every resolved setting (a folder's
    without per-file-ignores applied: they name files)."""
    import json

    if not path.exists():
        raise UsageError(f"{path}: no such file or folder")
    config = resolver.base_for(path) if path.is_dir() else resolver.for_file(path)
    lines = [f"file: {path}", f"configuration: {config.source if config.source is not None else '(defaults)'}"]
    for key, value in config.settings().items():
        lines.append(f"{key} = {json.dumps(value, ensure_ascii=False)}")
    lines.append(f"fingerprint = {config.fingerprint}")
    return "\n".join(lines)


def _lint(request: CheckRequest, resolver: ConfigResolver, stdin_data: bytes | None) -> LintResult:
    """Lint every file with its own settings (each report carries them)."""
    from flowlint.lint.runner import lint_source

    if stdin_data is not None:
        name = request.stdin_filename or "stdin.mjs"
        config = resolver.for_file(Path(name))
        return LintResult([lint_source(stdin_data, name, config)], config)
    targets = list(request.paths) or [Path(".")]
    from flowlint.lint.runner import lint_per_file

    # Cached results keep no fixes: fixing lints afresh.
    use_cache = not (request.no_cache or request.fixing or request.diff)
    result = lint_per_file(targets, resolver, request.jobs, use_cache=use_cache)
    if not result.files:
        click.echo(
            "flowlint: no .mjs, .js, .py or .json files found in " + ", ".join(str(t) for t in targets), err=True
        )
    return result


def _fix(result: LintResult, request: CheckRequest) -> tuple[LintResult, bool]:
    """--fix / --fix-only / --diff: apply (or show) the fixes; returns the result to report and whether
    any file changed (or, with --diff, would change)."""
    from flowlint.lint.fixing import fix_result, unified_diff

    fixed, outcomes = fix_result(result, request.unsafe_fixes, write=request.fixing)
    changed = [o for o in outcomes if o.changed]
    unverified = [o for o in outcomes if o.problem is not None and not o.written_problem]
    for outcome in outcomes:
        # --diff writes nothing: "the file keeps its last verified text" would be noise there; a
        # problem writing the file, or a verification failure under --fix, is said per file.
        if outcome.problem is not None and not (request.diff and outcome in unverified):
            click.echo(f"flowlint: {outcome.path}: {outcome.problem}", err=True)
    if request.diff:
        for outcome in changed:
            click.echo(unified_diff(outcome), nl=False)
    count = sum(len(o.applied) for o in changed)
    if request.show_fixes:
        for outcome in changed:
            for code, fix in outcome.applied:
                click.echo(f"{outcome.path}: {code} {fix.title}" + ("" if fix.safe else " (unsafe)"), err=True)
    verb = "would fix" if request.diff else "fixed"
    if request.quiet == 0:
        left = f" ({len(unverified)} file{'s' if len(unverified) != 1 else ''} with fixes that would not verify)"
        click.echo(
            f"flowlint: {verb} {count} finding{'s' if count != 1 else ''} in {len(changed)} "
            f"file{'s' if len(changed) != 1 else ''}" + (left if request.diff and unverified else ""),
            err=True,
        )
    if not request.unsafe_fixes and request.quiet == 0:
        from flowlint.lint.fixing import more_with_unsafe

        # What `--unsafe-fixes` would really do next (verified as it would be), not a count of findings
        # that carry an unsafe fix: the two differ where fixes overlap or do not verify.
        more = more_with_unsafe(fixed, outcomes, after_writing=request.fixing)
        if more:
            click.echo(f"flowlint: {more} more fixable with --unsafe-fixes", err=True)
    return fixed, bool(changed)


def _shows_skipped(request: CheckRequest) -> bool:
    """FL002 notes (files that are not definitions) are shown on request, or when FL002 is selected by name."""
    from flowlint.lint.codes import Code

    return request.show_skipped or request.verbose or Code.FL002 in split_codes(request.select)


def _without_skipped_notes(result: LintResult) -> LintResult:
    """The result without FL002 notes; the files stay (the summary still counts them as skipped)."""
    from flowlint.lint.codes import Code

    files = [
        r.replace(diagnostics=[d for d in r.diagnostics if d.code != Code.FL002])
        if r.kind == "skipped" and not r.named  # a file named on the command line gets its one-line note
        else r
        for r in result.files
    ]
    return LintResult(files, result.config)


def _apply_baseline(result: LintResult, baseline: Path, quiet: bool = False) -> LintResult:
    from flowlint.lint.baseline import apply_baseline

    outcome = apply_baseline(result, baseline)
    if (outcome.hidden or outcome.fixed) and not quiet:  # -q: the findings only
        click.echo(
            f"flowlint: {outcome.hidden} known finding{'s' if outcome.hidden != 1 else ''} "
            f"hidden by {baseline}; {outcome.fixed} baseline "
            f"entr{'ies' if outcome.fixed != 1 else 'y'} no longer found",
            err=True,
        )
    return outcome.result


def _report(result: LintResult, request: CheckRequest, stdin_data: bytes | None) -> None:
    """Write the report to stdout or a file; with --statistics only the table of codes (as ruff; a JSON
    list of them with `--format json`). `-qq` writes nothing at all."""
    if request.quiet >= 2:
        return
    buffer = io.StringIO()
    target = sys.stdout if request.output_file is None else buffer
    if request.statistics:
        from flowlint.lint.reporters import statistics_lines, statistics_rows

        if request.output_format == "json":
            import json

            rows = [row.to_dict() for row in statistics_rows(result, request.unsafe_fixes)]
            target.write(json.dumps(rows, indent=2, ensure_ascii=False) + "\n")
        else:
            target.write("".join(line + "\n" for line in statistics_lines(result, request.unsafe_fixes)))
    else:
        _reporter(request, stdin_data).write(result, target)
    if request.output_file is not None:
        from flowlint.core.fileio import atomic_write

        atomic_write(request.output_file, buffer.getvalue().encode("utf-8"))


def _reporter(request: CheckRequest, stdin_data: bytes | None) -> Reporter:
    """The reporter for --format; the text format with the terminal options (colour, source, quiet)."""
    from flowlint.lint.reporters import REPORTERS, TextReporter, TextStyle, use_color

    if request.output_format != "text":
        return REPORTERS[request.output_format](summary=request.quiet == 0)
    on_terminal = request.output_file is None and sys.stdout.isatty()
    show_source = request.show_source if request.show_source is not None else on_terminal
    color = request.output_file is None and use_color(request.color, sys.stdout)
    stdin = None if stdin_data is None else (request.stdin_filename or "stdin.mjs", stdin_data)
    style = TextStyle(
        color=color,
        show_source=show_source,
        stdin_source=stdin,
        unsafe_fixes=request.unsafe_fixes,
        fix_summary=not request.fixing,  # --fix says what it fixed and what more --unsafe-fixes would
    )
    return TextReporter(summary=request.quiet == 0, style=style)
