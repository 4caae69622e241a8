"""Running the migration over files: each step on the bytes the steps before it left, the target's own fixes,
suppressions renumbered, the result checked by the target's rules and compared with the original.

Nothing is written unless asked (`write`), and then atomically, only when the bytes change and only when
the file still holds the bytes the migration read.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from flowlint.core.consequence import Consequence
from flowlint.core.edits import OverlappingEdits, apply_edits
from flowlint.core.errors import FileProblem
from flowlint.core.fileio import atomic_write
from flowlint.core.nodes import SObject, string_value
from flowlint.core.severity import Severity
from flowlint.definition.discovery import display_path
from flowlint.definition.loading import LoadedFile, LoadStatus, load_file
from flowlint.definition.specversion import declared_major
from flowlint.formats import parse_file_bytes
from flowlint.lint.codes import Code
from flowlint.lint.config import ConfigResolver, Overrides
from flowlint.lint.diagnostics import Diagnostic
from flowlint.lint.engine import Engine
from flowlint.lint.fixing import fix_bytes
from flowlint.lint.result import FileReport
from flowlint.migrate.legacy import legacy_changes
from flowlint.migrate.model import Change, ChangeClass, FileMigration, FileStatus, ManualItem, StepOutcome, StepResult
from flowlint.migrate.renumber import suppression_edits
from flowlint.migrate.source import Source
from flowlint.migrate.steps import STEPS, Options, Step, skill_changes, skill_files
from flowlint.migrate.verify import compare, status_of
from flowlint.migrate.views import ToolView, definition_view

__all__ = ["MigrationRun", "migrate_paths"]

# Findings of the target's check that are a person's decision although the runtime accepts the file.
_DECISIONS: dict[str, str] = {
    Code.VAL100: "meta",
    Code.VAL101: "meta",
    Code.VAL102: "meta",
    Code.VAL103: "meta",
    Code.VAL104: "meta",
    Code.VAL105: "meta",
    Code.VAL106: "meta",
    Code.VAL107: "shared-list enum",
    Code.FL013: "server param",
}


@dataclass
class MigrationRun:
    """Every file's migration, in path order."""

    files: list[FileMigration] = field(default_factory=list)
    target: str = ""
    unsafe: bool = False
    written: bool = False

    @property
    def left_for_a_person(self) -> bool:
        return any(f.blocking or f.status is FileStatus.FAILED for f in self.files)


class _Engines:
    """One lint engine per configuration (the file's own `[tool.flowlint]`, as `check` resolves it)."""

    def __init__(self, resolver: ConfigResolver) -> None:
        self.resolver = resolver
        self._engines: dict[str, Engine] = {}

    def for_path(self, path: Path) -> Engine:
        config = self.resolver.for_file(path)
        engine = self._engines.get(config.fingerprint)
        if engine is None:
            engine = self._engines[config.fingerprint] = Engine(config)
        return engine


def _applies(change: Change, opts: Options) -> bool:
    return change.klass is ChangeClass.SAFE or (change.klass is ChangeClass.UNSAFE and opts.unsafe)


def _run_step(name: str, step: object, src: Source, opts: Options) -> StepResult:
    try:
        return step(src, opts)  # type: ignore[operator, no-any-return]
    except Exception as error:  # a defect of a step must never lose a file or end in a traceback
        return StepResult.failed(
            name, f"internal error in step {name} ({type(error).__name__}: {error}); please report it"
        )


def _apply(src: Source, result: StepResult, opts: Options) -> tuple[bytes, StepResult]:
    """The bytes after the step's applicable changes; the result with each change marked applied or not."""
    chosen = [change for change in result.changes if _applies(change, opts) and change.edits]
    marked = [change.as_applied(change in chosen) for change in result.changes]
    result.changes = marked
    if not chosen:
        return src.data, result
    try:
        return apply_edits(src.data, [edit for change in chosen for edit in change.edits]), result
    except (OverlappingEdits, ValueError) as error:
        return src.data, StepResult.failed(
            result.step, f"its edits overlap ({error}); nothing of this step was written"
        )


def _errors(report: FileReport) -> list[str]:
    return [f"{d.code} line {d.line}: {d.message}" for d in report.diagnostics if d.severity is Severity.ERROR]


def _failing(report: FileReport, views: dict[str, ToolView]) -> bool:
    """Whether the runtime refuses something the check's errors are about (see `_blocking`)."""
    return any(d.severity is Severity.ERROR and _blocking(d, views) for d in report.diagnostics)


def _run_group(
    group: tuple[tuple[str, Step], ...], current: Source, opts: Options, migration: FileMigration, lines: _Lines
) -> Source:
    """Run a group of steps on one tree and apply their edits together; when two steps' edits overlap (a
    defect of a step: it is reported), each step is applied on the text the one before it left."""
    results = [_run_step(name, step, current, opts) for name, step in group]
    chosen = [c for r in results for c in r.changes if _applies(c, opts) and c.edits]
    try:
        data = (
            apply_edits(current.data, [edit for change in chosen for edit in change.edits]) if chosen else current.data
        )
    except (OverlappingEdits, ValueError):
        for name, step in group:
            result = _run_step(name, step, current, opts)
            data, result = _apply(current, result, opts)
            lines.record(current.data)
            migration.steps.append(result)
            current = current.after(data)
        return current
    for result in results:
        result.changes = [change.as_applied(change in chosen) for change in result.changes]
        lines.record(current.data)
        migration.steps.append(result)
    return current.after(data)


def _fix_changes(engine: Engine, src: Source, opts: Options) -> tuple[bytes, StepResult, FileReport]:
    """The target's own fixes (`check --fix`, with `--unsafe-fixes` when asked), verified round by round;
    and the target's check of the result."""
    outcome = fix_bytes(engine, src.data, src.path, src.display, opts.unsafe)
    changes = [
        Change(
            f"fix:{applied.code}",
            ChangeClass.SAFE if applied.fix.safe else ChangeClass.UNSAFE,
            f"{applied.code}: {applied.fix.title}",
            src.line(min(e.start for e in applied.fix.edits)),
            applied.fix.edits,
            "" if applied.fix.safe else "see the rule",
            True,
            applied.tool,
        )
        for applied in outcome.applied
    ]
    if not opts.unsafe and outcome.report is not None:  # what --unsafe-fixes would change, listed
        changes += [
            Change(
                f"fix:{d.code}",
                ChangeClass.UNSAFE,
                f"{d.code}: {d.fix.title}",
                d.line,
                d.fix.edits,
                "see the rule",
                False,
                d.tool,
            )
            for d in outcome.report.diagnostics
            if d.fix is not None and not d.fix.safe
        ]
    result = StepResult.of("fixes", changes, reason="no fix applies")
    if outcome.problem:
        result.reason = outcome.problem
    assert outcome.report is not None
    return outcome.after, result, outcome.report


def _renumber(src: Source) -> tuple[bytes, StepResult]:
    found = suppression_edits(src.data)
    changes = [
        Change(
            "suppression",
            ChangeClass.SAFE,
            f"flowlint: ignore[{old}] -> {new} (its 4.x code)",
            src.line(at),
            (edit,),
            "",
            True,
        )
        for at, old, new, edit in found
    ]
    data = apply_edits(src.data, [edit for *_, edit in found]) if found else src.data
    return data, StepResult.of("suppressions", changes, reason="no suppression of a renumbered code")


# The consequences of a finding that the runtime refuses the file, a tool or its calls for.
_REFUSING = {Consequence.REFUSED.value, Consequence.NOT_BUILT.value, Consequence.CALL_REFUSED.value}


def _blocking(d: Diagnostic, views: dict[str, ToolView] | None) -> bool:
    """Whether the target's runtime refuses what an error is about: its consequence says so, or it is a test
    rule's finding on a test (or a tool) that the runtime's registered zod refuses (the 4.x view of the
    result); a test rule alone (no test, too few tests, an unknown key the zod drops) does not block."""
    if d.consequence in _REFUSING or d.consequence == Consequence.UNCHECKED.value:
        return True
    if views is None or d.tool is None or d.tool not in views:
        return d.consequence != Consequence.TEST.value
    view = views[d.tool]
    if not view.built:
        return True
    indexes = d.test_indices or ((d.test_index,) if d.test_index is not None else ())
    return any(index < len(view.tests) and not view.tests[index].accepted for index in indexes)


def _manual_from_check(
    report: FileReport, steps: list[StepResult], views: dict[str, ToolView] | None = None
) -> list[ManualItem]:
    """What the target's check leaves: every error (blocking when the runtime refuses what it is about, see
    `_blocking`) and each decision it asks for (not blocking), one item per defect (a step's own item on
    the same line and code is kept instead)."""
    items = [item for step in steps for item in step.manual]
    seen = {(item.code, item.line) for item in items}
    for d in report.diagnostics:
        if (d.code, d.line) in seen:
            continue
        seen.add((d.code, d.line))
        if d.severity is Severity.ERROR:
            items.append(ManualItem(f"check:{d.code}", d.line, d.message, _blocking(d, views), d.code, d.tool))
        elif d.code in _DECISIONS:
            items.append(ManualItem(_DECISIONS[d.code], d.line, d.message, False, d.code, d.tool))
    return items


def _terms_of_service(src: Source) -> list[ManualItem]:
    main = src.main
    if main is None or main.get("termsOfService") is not None:
        return []
    what = (
        "add termsOfService: the API's terms-of-service URL, or 'no-tos-found' (01-schema-format: MUST be present; "
        "the 4.x runtime warns, VAL028)"
    )
    return [ManualItem("terms-of-service", src.line(main.span.start), what, False)]


class _Lines:
    """Where a line of the text one step read is in the final text, so every change and manual item names
    a line of the migrated file (the one a person edits): lines matched by `difflib`, as a diff shows them."""

    def __init__(self) -> None:
        self.texts: list[bytes] = []

    def record(self, before: bytes) -> None:
        self.texts.append(before)

    def remap(self, migration: FileMigration, final: bytes) -> None:
        final_lines = final.splitlines()
        maps: dict[bytes, dict[int, int]] = {}
        for index, step in enumerate(migration.steps):
            if index >= len(self.texts) or not (step.changes or step.manual) or self.texts[index] == final:
                continue
            text = self.texts[index]
            if text not in maps:
                maps[text] = _line_map(text.splitlines(), final_lines)
            table = maps[text]
            step.changes = [replace(c, line=table.get(c.line, c.line)) for c in step.changes]
            step.manual = [replace(m, line=table.get(m.line, m.line)) for m in step.manual]


def _line_map(before: list[bytes], after: list[bytes]) -> dict[int, int]:
    """1-based line numbers of `before` -> the line of `after` they became (a changed line: the first line
    of its replacement; a removed one: the line that follows)."""
    table: dict[int, int] = {}
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        for offset, line in enumerate(range(i1, i2)):
            if tag == "equal":
                table[line + 1] = j1 + offset + 1
            else:
                table[line + 1] = min(j1 + offset, max(j2 - 1, j1)) + 1
    return table


def migrate_definition(src: Source, opts: Options, engines: _Engines) -> FileMigration:
    migration = FileMigration(src.display, src.data, src.data)
    engine = engines.for_path(src.path)
    before_report = engine.lint_loaded(src.loaded)
    original = src.definition
    assert original is not None
    current = src
    lines = _Lines()
    for group in STEPS:
        current = _run_group(group, current, opts, migration, lines)
        if not current.is_definition:
            migration.status = FileStatus.FAILED
            migration.reason = f"after steps {', '.join(n for n, _ in group)} the file no longer loads as a definition"
            return migration
    data, renumbered = _renumber(current)
    lines.record(current.data)
    migration.steps.append(renumbered)
    current = current.after(data)
    data, fixes, after_report = _fix_changes(engine, current, opts)
    lines.record(current.data)
    migration.steps.append(fixes)
    current = current.after(data)
    if not current.is_definition or after_report.kind != "definition":
        migration.status, migration.reason = FileStatus.FAILED, "the result does not load as a definition: not written"
        return migration
    migration.after = current.data
    lines.remap(migration, current.data)
    migration.errors_after = _errors(after_report)
    assert current.definition is not None
    views = definition_view(current.definition, 4)
    migration.manual = _manual_from_check(after_report, migration.steps, views) + _terms_of_service(current)
    failed = [f"step {s.step}: {s.reason}" for s in migration.steps if s.outcome is StepOutcome.FAILED]
    if failed:
        migration.manual.append(ManualItem("failed-step", 0, "; ".join(failed), True))
    before_views = definition_view(original, 3)
    migration.differences, migration.gained = compare(before_views, views, migration.changes)
    migration.status = status_of(migration, _failing(before_report, before_views))
    return migration


def _skill_node(src: Source) -> object:
    module = parse_file_bytes(src.data, src.path.suffix)
    return module.exports.get("skill")


def _skill_kind(path: Path) -> str:
    parts = path.resolve().parts
    if len(parts) >= 3 and parts[-2] == "skills":
        if "agents" in parts[:-3]:
            return "agent"
        if "providers" in parts[:-3] or "selections" not in parts[:-3]:
            return "namespace"
    return "unknown"


def migrate_skill(src: Source, opts: Options) -> FileMigration:
    migration = FileMigration(src.display, src.data, src.data, kind="skill")
    skill = _skill_node(src)
    if not isinstance(skill, SObject):
        migration.reason = "not a skill literal"
        return migration
    result = skill_changes(src, skill, _skill_kind(src.path))
    data, result = _apply(src, result, opts)
    migration.steps.append(result)
    migration.after = data
    migration.manual = list(result.manual)
    migration.status = (
        FileStatus.NEEDS_PERSON
        if migration.blocking
        else (FileStatus.CHANGED if data != src.data else FileStatus.EQUIVALENT)
    )
    return migration


def _write(migration: FileMigration, path: Path) -> None:
    if not migration.changed or migration.status is FileStatus.FAILED:
        return
    try:
        atomic_write(path, migration.after, unchanged_from=migration.before)
        migration.written = True
    except FileProblem as problem:
        migration.write_problem = problem.reason


def migrate_paths(
    paths: Iterable[Path],
    opts: Options,
    write: bool = False,
    resolver: ConfigResolver | None = None,
) -> MigrationRun:
    """Migrate every definition (and skill file) under `paths`; write the results when `write`. Raises
    `UsageError` for a path that does not exist (as `check` does)."""
    targets = list(paths)
    resolver = resolver or ConfigResolver(overrides=Overrides())
    engines = _Engines(resolver)
    run = MigrationRun(target=opts.target.version, unsafe=opts.unsafe, written=write)
    found = resolver.discover(targets)
    queue = {file.resolve(): load_file(file) for file in found.files}
    for item in list(queue.values()):  # the skill files a definition names, also when not among the paths
        if item.definition is None:
            continue
        for name in skill_files(Source(item.path, item.display, item.data, loaded=item)):
            skill_path = (item.path.parent / name).resolve()
            if skill_path not in queue and skill_path.is_file():
                queue[skill_path] = load_file(skill_path, display_path(skill_path))
    for path in sorted(queue, key=str):
        item = queue[path]
        src = Source(item.path, item.display, item.data, loaded=item)
        try:
            migration = _migrate_one(src, item.status, item.reason, opts, engines)
        except RecursionError:
            migration = _failed(src, "the definition is nested too deeply to migrate")
        except Exception as error:  # a defect of flowlint must never lose a file or end in a traceback
            migration = _failed(
                src, f"internal error ({type(error).__name__}: {error}); please report it with the file"
            )
        if write:
            _write(migration, item.path)
        run.files.append(migration)
    for problem in found.problems:
        run.files.append(
            FileMigration(
                display_path(problem.path), b"", b"", kind="other", status=FileStatus.FAILED, reason=problem.reason
            )
        )
    return run


def _version(loaded: LoadedFile) -> str | None:
    definition = loaded.definition
    return string_value(definition.main.get("version")) if definition is not None else None


def _failed(src: Source, reason: str) -> FileMigration:
    return FileMigration(src.display, src.data, src.data, status=FileStatus.FAILED, reason=reason)


def _already(src: Source, version: str, engines: _Engines) -> FileMigration:
    """A definition that declares 4.x: not migrated (a second run changes nothing), but what its check
    still leaves for a person is listed, so the exit code says whether work remains."""
    report = engines.for_path(src.path).lint_loaded(src.loaded)
    migration = FileMigration(src.display, src.data, src.data, reason=f"declares {version} already")
    views = definition_view(src.definition, 4) if src.definition is not None else None
    migration.manual = _manual_from_check(report, [], views) + _terms_of_service(src)
    migration.errors_after = _errors(report)
    if migration.blocking:
        migration.status = FileStatus.NEEDS_PERSON
    return migration


def _migrate_one(src: Source, status: LoadStatus, reason: str, opts: Options, engines: _Engines) -> FileMigration:
    if status is LoadStatus.DEFINITION:
        version = _version(src.loaded)
        if declared_major(version) == 4:
            return _already(src, str(version), engines)
        return migrate_definition(src, opts, engines)
    if status is LoadStatus.LIST:
        return FileMigration(src.display, src.data, src.data, kind="list", reason="a shared list keeps its own version")
    if "export const skill" in reason or "a skill" in reason:
        return migrate_skill(src, opts)
    if status is LoadStatus.LEGACY:
        return legacy_changes(src, opts, lambda s: migrate_definition(s, opts, engines))
    return FileMigration(src.display, src.data, src.data, kind="other", reason=reason or status.value)
