"""`flowlint check`: a `CheckRequest` (the options as plain values); `run_check` lints, reports and
returns the exit code. No click here: its options are in `flowlint.cli.check_command`, and a plain
`flowlint check PATH...` runs without it (see `flowlint.cli.run`)."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from flowlint.cli.common import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, FORMATS, echo
from flowlint.core.errors import FlowlintError, UsageError
from flowlint.core.record import DeclaredRecord, field, replace
from flowlint.lint.codes import split_codes
from flowlint.lint.config import Flag, Setting
from flowlint.lint.reporters import COLOR_CHOICES
from flowlint.lint.result import LintResult

if TYPE_CHECKING:
    from flowlint.lint.config import ConfigResolver
    from flowlint.lint.reporters import Reporter


class CheckRequest(DeclaredRecord):
    """What `flowlint check` was asked to do, as plain values: the paths, the configuration settings the
    command line gives (`settings`: name and value as the flag gave it, read by the settings table,
    `flowlint.lint.config.SETTINGS`) and the options of the command line alone, each a field declared
    once with its row of the table (`Setting`: flag, help, section). The click command, the plain path
    and docs/configuration.md are made from both tables (`flowlint.cli.options`)."""

    paths: tuple[Path, ...] = ()
    settings: tuple[tuple[str, object], ...] = ()
    output_format: str = field(
        default="text",
        about=Setting(
            "Output format (--format is the same option).",
            "Output",
            flag=Flag(("--output-format", "--format"), choices=FORMATS, show_default=True),
        ),
    )
    output_file: Path | None = field(
        default=None,
        about=Setting(
            "Write the report to this file instead of standard output.",
            "Output",
            flag=Flag(("--output-file", "-o"), type="file"),
        ),
    )
    statistics: bool = field(
        default=False,
        about=Setting(
            "Show how many findings each rule code has (only that table, as ruff).",
            "Output",
            flag=Flag(("--statistics",), kind="flag"),
        ),
    )
    config_path: Path | None = field(
        default=None,
        about=Setting(
            "Use this configuration file for every file (a pyproject.toml's [tool.flowlint], or a flowlint.toml), "
            "instead of the nearest one above each file.",
            "Configuration",
            flag=Flag(("--config",), type="file"),
        ),
    )
    stdin_filename: str | None = field(
        default=None,
        about=Setting(
            "Lint standard input (path `-`) as if it were the file PATH: its suffix picks the loader, "
            "its folder the configuration and _lists/.",
            "Input and speed",
            flag=Flag(("--stdin-filename",), metavar="PATH"),
        ),
    )
    baseline: Path | None = field(
        default=None,
        about=Setting(
            "Report only findings that are not recorded in this baseline file.",
            "Baseline",
            flag=Flag(("--baseline",), type="file"),
        ),
    )
    write_baseline: Path | None = field(
        default=None,
        about=Setting(
            "Record every current finding in this baseline file and exit 0.",
            "Baseline",
            flag=Flag(("--write-baseline",), type="file"),
        ),
    )
    jobs: int | None = field(
        default=None,
        about=Setting(
            "Processes to lint with (default: one per idle CPU when 200 files or more need linting).",
            "Input and speed",
            flag=Flag(("--jobs", "-j"), type="integer", minimum=1),
        ),
    )
    no_cache: bool = field(
        default=False,
        about=Setting(
            "Neither read nor write the result cache (.flowlint_cache/, or cache_dir in [tool.flowlint]).",
            "Input and speed",
            flag=Flag(("--no-cache",), kind="flag"),
        ),
    )
    show_settings: Path | None = field(
        default=None,
        about=Setting(
            "Print the configuration file and every setting that applies to FILE (default: the current folder), "
            "and exit.",
            "Configuration",
            flag=Flag(("--show-settings",), kind="optional", type="path", metavar="[FILE]", missing="."),
        ),
    )
    show_skipped: bool = field(
        default=False,
        about=Setting(
            "Also report files that are not definitions (FL002 notes).",
            "Output",
            flag=Flag(("--show-skipped",), kind="flag"),
        ),
    )
    verbose: bool = field(
        default=False,
        about=Setting(
            "Say more: report skipped files (as --show-skipped).", "Output", flag=Flag(("--verbose", "-v"), kind="flag")
        ),
    )
    color: str = field(
        default="auto",
        about=Setting(
            "Colour the text report: auto = on a terminal, unless NO_COLOR is set (FORCE_COLOR forces it).",
            "Output",
            flag=Flag(("--color",), choices=COLOR_CHOICES, show_default=True),
        ),
    )
    show_source: bool | None = field(
        default=None,
        about=Setting(
            "Show the source line under each finding (default: on a terminal).",
            "Output",
            flag=Flag(("--show-source",), kind="switch"),
        ),
    )
    quiet: int = field(
        default=0,
        about=Setting(
            "Only the findings that fail the run (errors, unless --fail-on says otherwise), no summary; "
            "-qq prints nothing.",
            "Output",
            flag=Flag(("--quiet", "-q"), kind="count"),
        ),
    )
    exit_zero: bool = field(
        default=False,
        about=Setting(
            "Exit 0 even when there are findings (usage errors still exit 2).",
            "Exit status",
            flag=Flag(("--exit-zero",), kind="flag"),
        ),
    )
    fix: bool = field(
        default=False,
        about=Setting(
            "Apply safe fixes to the files, then report what remains.", "Fixes", flag=Flag(("--fix",), kind="flag")
        ),
    )
    unsafe_fixes: bool = field(
        default=False,
        about=Setting(
            "With --fix or --diff: also apply fixes that change behaviour.",
            "Fixes",
            flag=Flag(("--unsafe-fixes",), kind="flag"),
        ),
    )
    diff: bool = field(
        default=False,
        about=Setting(
            "Print the changes --fix would make as a unified diff; change nothing.",
            "Fixes",
            flag=Flag(("--diff",), kind="flag"),
        ),
    )
    fix_only: bool = field(
        default=False,
        about=Setting(
            "Apply fixes; report only what was fixed, not the remaining findings.",
            "Fixes",
            flag=Flag(("--fix-only",), kind="flag"),
        ),
    )
    show_fixes: bool = field(
        default=False,
        about=Setting("With --fix: list each fix applied.", "Fixes", flag=Flag(("--show-fixes",), kind="flag")),
    )
    target_version: str | None = field(
        default=None,
        about=Setting(
            "With --fix or --diff: first migrate 3.x definitions to this 4.x version, as `flowlint migrate` does "
            "(docs/migrate.md; its report shows what each runtime does before and after).",
            "Fixes",
            flag=Flag(("--target-version",), metavar="VERSION"),
        ),
    )

    def given(self, name: str) -> object:
        """The value the command line gave the configuration setting `name`, or None."""
        return dict(self.settings).get(name)

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
        if self.target_version is not None and not (self.fixing or self.diff):
            raise UsageError("--target-version migrates: give --fix (or --diff to see it), or run `flowlint migrate`")

    @property
    def fixing(self) -> bool:
        """Whether fixes are written (`--fix`, or `--fix-only`; not with `--diff`, which shows them
        instead, as ruff's `--fix --diff` does)."""
        return (self.fix or self.fix_only) and not self.diff


def run_check(request: CheckRequest) -> int:
    """Lint, report and return the exit code; expected problems are messages, never tracebacks."""
    result = LintResult()
    failed = False
    try:
        request.validate()
        resolver = _resolver(request)
        if request.show_settings is not None:
            echo(_settings_text(resolver, request.show_settings))
            return EXIT_OK
        stdin_data = _read_stdin() if request.from_stdin else None
        if request.target_version is not None:
            migrated = _migrate(request, resolver)
            if request.diff:
                return EXIT_FINDINGS if migrated and not request.exit_zero else EXIT_OK
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
            echo(f"flowlint: wrote {count} finding{'s' if count != 1 else ''} to {request.write_baseline}", err=True)
            return EXIT_OK
        if request.baseline is not None:
            result = _apply_baseline(result, request.baseline, quiet=request.quiet > 0)
        failed = result.failed()
        if request.quiet:
            result = _failing_only(result)
        _report(result, request, stdin_data)
    except FlowlintError as error:
        echo(f"flowlint: {error}", err=True)
        return EXIT_USAGE
    except BrokenPipeError:  # `flowlint check | head`: the reader left, nothing more to say
        pass
    except OSError as error:  # standard output refuses the report (a full disk, a closed terminal)
        reason = error.strerror or str(error)
        echo(f"flowlint: cannot write the report to standard output: {reason}", err=True)
        return EXIT_USAGE
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
    from flowlint.lint.config import ConfigResolver, Overrides

    overrides = Overrides.from_command_line(**dict(request.settings))
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
        echo("flowlint: no .mjs, .js, .py or .json files found in " + ", ".join(str(t) for t in targets), err=True)
    return result


def _migrate(request: CheckRequest, resolver: ConfigResolver) -> bool:
    """--target-version: `flowlint migrate` of the paths (written under --fix, shown under --diff), before
    the fixes of the files' own version; whether any file changes."""
    from flowlint.migrate.report import file_diff
    from flowlint.migrate.run import migrate_paths
    from flowlint.migrate.source import KNOWN_TARGETS, parse_target
    from flowlint.migrate.steps import Options

    target = parse_target(request.target_version or "")
    if target is None:
        raise UsageError(f"--target-version {request.target_version}: flowlint migrates to {', '.join(KNOWN_TARGETS)}")
    run = migrate_paths(
        list(request.paths) or [Path(".")], Options(target, request.unsafe_fixes), request.fixing, resolver
    )
    changed = [f for f in run.files if f.changed]
    if request.diff:
        for migration in changed:
            echo(file_diff(migration), nl=False)
    for migration in run.files:
        if migration.write_problem:
            echo(f"flowlint: {migration.path}: not written: {migration.write_problem}", err=True)
    if request.quiet == 0:
        verb = "would migrate" if request.diff else "migrated"
        echo(
            f"flowlint: {verb} {len(changed)} file{'s' if len(changed) != 1 else ''} to {target.version} "
            "(`flowlint migrate` reports what each runtime does before and after)",
            err=True,
        )
    return bool(changed)


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
            echo(f"flowlint: {outcome.path}: {outcome.problem}", err=True)
    if request.diff:
        for outcome in changed:
            echo(unified_diff(outcome), nl=False)
    count = sum(len(o.applied) for o in changed)
    if request.show_fixes:
        for outcome in changed:
            for applied in outcome.applied:
                fix = applied.fix
                echo(f"{outcome.path}: {applied.code} {fix.title}" + ("" if fix.safe else " (unsafe)"), err=True)
    verb = "would fix" if request.diff else "fixed"
    if request.target_version is not None:  # the migration applied the target's fixes already
        verb = f"after the migration, {verb}"
    if request.quiet == 0:
        left = f" ({len(unverified)} file{'s' if len(unverified) != 1 else ''} with fixes that would not verify)"
        echo(
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
            echo(f"flowlint: {more} more fixable with --unsafe-fixes", err=True)
    return fixed, bool(changed)


def _shows_skipped(request: CheckRequest) -> bool:
    """FL002 notes (files that are not definitions) are shown on request, or when FL002 is selected by name."""
    from flowlint.lint.codes import Code

    selected = request.given("select")
    return (
        request.show_skipped
        or request.verbose
        or Code.FL002 in split_codes(selected if isinstance(selected, tuple) else ())
    )


def _without_skipped_notes(result: LintResult) -> LintResult:
    """The result without FL002 notes; the files stay (the summary still counts them as skipped)."""
    from flowlint.lint.codes import Code

    files = [
        replace(r, diagnostics=[d for d in r.diagnostics if d.code != Code.FL002])
        if r.kind == "skipped" and not r.named  # a file named on the command line gets its one-line note
        else r
        for r in result.files
    ]
    return LintResult(files, result.config)


def _failing_only(result: LintResult) -> LintResult:
    """`-q`: only the findings that fail the run (at or above each file's `fail_on`: errors by default),
    as ESLint's `--quiet` reports errors only; the files stay."""
    files = [replace(r, diagnostics=result.failing(r)) for r in result.files]
    return LintResult(files, result.config)


def _apply_baseline(result: LintResult, baseline: Path, quiet: bool = False) -> LintResult:
    from flowlint.lint.baseline import apply_baseline

    outcome = apply_baseline(result, baseline)
    if (outcome.hidden or outcome.fixed) and not quiet:  # -q: the findings only
        echo(
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
    """The reporter for --format; the text format with the terminal options (colour, source, quiet). A
    text read from standard input is the source of its frames and fix positions, not the file on disk."""
    from flowlint.lint.reporters import REPORTERS, TextReporter, TextStyle, use_color

    stdin = None if stdin_data is None else (request.stdin_filename or "stdin.mjs", stdin_data)
    if request.output_format not in ("text", "grouped"):
        return REPORTERS[request.output_format](summary=request.quiet == 0, stdin_source=stdin)
    on_terminal = request.output_file is None and sys.stdout.isatty()
    show_source = request.show_source if request.show_source is not None else on_terminal
    color = request.output_file is None and use_color(request.color, sys.stdout)
    style = TextStyle(
        color=color,
        show_source=show_source,
        unsafe_fixes=request.unsafe_fixes,
        fix_summary=not request.fixing,  # --fix says what it fixed and what more --unsafe-fixes would
    )
    text = REPORTERS[request.output_format]
    assert issubclass(text, TextReporter)
    return text(summary=request.quiet == 0, style=style, stdin_source=stdin)
