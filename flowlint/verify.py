"""Validation mode: compare captured `response.data` with each tool's declared `output.schema`.

The schema is read as FlowMCP's subset and checked with its one validator (`flowlint.schema.subset`):
no `required` (a missing property is fine), extra properties allowed, formats as generation checks them.
Results are a `LintResult`, so `check`'s reporters and exit codes apply:

- VER001 warning: the data does not match the schema (drift), with its JSON path
  (`data[3].price: expected number, got string`). Repeats of one mismatch across array items are
  folded into one diagnostic (`... and 57 more at data[*].price`).
- VER002 info: a captured tool has no `output.schema` to compare with.
- VER003 info: a call failed or was skipped, so it was not compared.
- VER004 warning: a capture refers to a tool (or test) the definition no longer has.

A run that compares nothing is not a pass: `verify_folder` says why nothing was verified (no record
in the folder, no file in it a record, no record for a tool of the given definitions, or no matching
record compared: every call failed or was skipped, or no tool has a schema), and the command prints
that on stderr and exits 1; otherwise it says how many captures it compared. These are about the
captures folder, not about a place in a definition, so they are not diagnostics. Files that are not
records among good ones are reported on stderr (not every JSON file under a captures folder has to
be one) without failing the run. Drift fails the run by default: finding it is what `verify` is for
(seed 000: "execute and compare against declared output.schema"), so findings fail the run from
`warning` up unless `fail_on` says otherwise (`--fail-on error` lets drift pass; a configured
`fail-on = "info"` is stricter and holds). Each record's outcome (matched, drifted, failed or skipped,
no schema, stale) is kept for the summaries (`Verification.tests`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flowlint.captures.records import CaptureRecord, RecordError, read_records_checked
from flowlint.core.errors import UsageError
from flowlint.core.fileio import printable
from flowlint.core.nodes import SObject, Span, to_python
from flowlint.core.record import replace
from flowlint.core.severity import Severity
from flowlint.core.source import SourceText
from flowlint.definition.loading import LoadedFile, load_found
from flowlint.definition.model import Tool
from flowlint.lint.codes import Code
from flowlint.lint.config import Config, ConfigResolver, Overrides
from flowlint.lint.diagnostics import Finding
from flowlint.lint.engine import Engine
from flowlint.lint.overview import TestRow, markdown_tests
from flowlint.lint.result import FileReport, LintResult
from flowlint.schema.subset import Mismatch, SubsetValidator

MAX_PER_RECORD = 20
NAMED_PROBLEMS = 3
_INDEX = re.compile(r"\[\d+\]")


def fold(mismatches: list[Mismatch]) -> list[tuple[Mismatch, int]]:
    """One entry per (path with indices as `[*]`, message): its first occurrence and how many more."""
    groups: dict[tuple[str, str], list[Mismatch]] = {}
    for mismatch in mismatches:
        generic = re.sub(r"got '.*'$", "got ...", mismatch.message)
        groups.setdefault((_INDEX.sub("[*]", mismatch.path), generic), []).append(mismatch)
    return [(items[0], len(items) - 1) for items in groups.values()]


@dataclass
class Verification:
    """What `verify_folder` found: the report, the files that are not records, and, when nothing at
    all was verified, why (`nothing_verified`; the command fails with it)."""

    result: LintResult
    folder: Path
    unreadable: list[RecordError] = field(default_factory=list)
    nothing_verified: str | None = None
    compared: int = 0  # records whose data was compared with an output schema
    not_answered: int = 0  # matching records of calls that failed or were skipped (VER003)
    without_schema: int = 0  # matching answered records of tools without an output schema (VER002)
    drifted: int = 0  # compared records whose data contradicts the schema (VER001)
    tests: list[TestRow] = field(default_factory=list)  # each matching record's outcome, for the summaries

    @property
    def matched(self) -> int:
        """Compared records whose data fits the declared schema."""
        return self.compared - self.drifted

    def _not_compared(self) -> str:
        parts = [
            f"{self.not_answered} failed or skipped" if self.not_answered else "",
            f"{self.without_schema} of tools without an output schema" if self.without_schema else "",
        ]
        return ", ".join(part for part in parts if part)

    def compared_line(self) -> str:
        """`compared 12 captures with their output schemas: 11 matched, 1 drifted (3 not compared: 3 failed
        or skipped)`."""
        skipped = self.not_answered + self.without_schema
        rest = f" ({skipped} not compared: {self._not_compared()})" if skipped else ""
        outcome = f": {self.matched} matched, {self.drifted} drifted"
        return (
            f"compared {self.compared} capture{'' if self.compared == 1 else 's'} with their output schemas"
            f"{outcome}{rest}"
        )

    def markdown(self) -> str:
        """The run as Markdown (a CI job's summary page): the counts, then each test's outcome."""
        verdict = "FAIL" if self.nothing_verified is not None or self.result.failed() else "PASS"
        counts = [
            ("matched", self.matched),
            ("drifted", self.drifted),
            ("failed or skipped", self.not_answered),
            ("no output schema", self.without_schema),
        ]
        text = markdown_tests(f"flowlint verify: {verdict}", self.tests, counts)
        if self.nothing_verified is not None:
            text += f"\nNothing verified: {self.nothing_verified}\n"
        return text

    def unreadable_line(self) -> str | None:
        """`N files under DIR are not capture records (a.json: JSONDecodeError, ...)`, or None."""
        if not self.unreadable:
            return None
        named = ", ".join(f"{_relative(e.path, self.folder)}: {e.kind}" for e in self.unreadable[:NAMED_PROBLEMS])
        more = len(self.unreadable) - NAMED_PROBLEMS
        files = "1 file under" if len(self.unreadable) == 1 else f"{len(self.unreadable)} files under"
        verb = "is not a capture record" if len(self.unreadable) == 1 else "are not capture records"
        return f"{files} {self.folder} {verb} ({named}{f' and {more} more' if more > 0 else ''})"


def _relative(path: Path | None, folder: Path) -> str:
    if path is None:
        return "?"
    try:
        return str(path.relative_to(folder))
    except ValueError:
        return str(path)


def load_captures(folder: Path) -> tuple[list[CaptureRecord], list[str]]:
    """Records under `folder` (any depth). For one namespace/tool/test the latest successful record is
    kept, and the latest record too when it is a failed or skipped call made after it: a failed rerun
    must not hide what the last answer showed."""
    records, errors = _load_captures(folder)
    return records, [str(error) for error in errors]


def _load_captures(folder: Path) -> tuple[list[CaptureRecord], list[RecordError]]:
    latest: dict[tuple[str, str, int], CaptureRecord] = {}
    answered: dict[tuple[str, str, int], CaptureRecord] = {}
    records, problems = read_records_checked(folder)
    for record in records:
        key = (record.namespace, record.toolName, record.testIndex)
        if key not in latest or record.timestamp >= latest[key].timestamp:
            latest[key] = record
        if _answered(record) and (key not in answered or record.timestamp >= answered[key].timestamp):
            answered[key] = record
    kept = list(answered.values()) + [r for k, r in latest.items() if answered.get(k) is not r]
    return sorted(kept, key=lambda r: (r.namespace, r.toolName, r.testIndex, r.timestamp)), problems


def _answered(record: CaptureRecord) -> bool:
    return record.outcome == "ok" and record.response.status


DRIFT_FAILS_FROM = Severity.WARNING
"""`verify`'s default threshold: drift (VER001, a warning) fails the run (see the module's docstring)."""


def verify(
    paths: Sequence[str | Path], captures: Path, config: Config | None = None, fail_on: Severity | None = None
) -> LintResult:
    """Verify the definitions under `paths` against the capture records under `captures`."""
    return verify_folder(paths, captures, config, fail_on).result


def verify_folder(
    paths: Sequence[str | Path],
    captures: Path,
    config: Config | None = None,
    fail_on: Severity | None = None,
    resolver: ConfigResolver | None = None,
) -> Verification:
    """`verify`, with the files that are not records, how many captures were compared and why nothing
    was verified, if so. Each file's settings come from `resolver` (default: the configuration nearest
    to each file, or `config` for all, with `fail_on` over it when given), as `check` resolves them:
    `verify` fails on errors by default, as `check` does."""
    targets = [Path(p) for p in paths] or [Path(".")]
    if not captures.is_dir():
        raise UsageError(f"{captures}: no such captures folder")
    if resolver is None:
        settings = (("fail_on", fail_on),) if fail_on is not None else ()
        resolver = ConfigResolver(config=config, overrides=Overrides(settings=settings))
    loaded = load_found(resolver.discover(targets))
    records, errors = _load_captures(captures)
    tests: list[TestRow] = []
    result, counts = _verify_records(loaded, records, resolver, tests)
    if fail_on is None:
        _drift_fails(result, resolver)
    matched = sum(counts[key] for key in ("compared", "not_answered", "without_schema"))
    outcome = Verification(
        result,
        captures,
        errors,
        compared=counts["compared"],
        not_answered=counts["not_answered"],
        without_schema=counts["without_schema"],
        drifted=counts["drifted"],
        tests=tests,
    )
    if not records and not errors:
        outcome.nothing_verified = f"no records found in {captures}"
    elif not records:
        outcome.nothing_verified = outcome.unreadable_line()
    elif not matched:
        found = sorted({r.namespace for r in records})
        have = sorted({d.namespace for d in loaded if d.kind == "definition"})
        count = f"{len(records)} record{'' if len(records) == 1 else 's'}"
        outcome.nothing_verified = (
            f"no record matches a tool of the given definitions ({count} under {captures}, "
            f"for namespace {', '.join(found)}; the definitions have {', '.join(have) or 'no namespace'})"
        )
    elif not outcome.compared:
        outcome.nothing_verified = (
            f"no capture was compared with an output schema ({matched} matching records: {outcome._not_compared()})"
        )
    return outcome


def _drift_fails(result: LintResult, resolver: ConfigResolver) -> None:
    """Make drift fail the run: each file's threshold is at most `DRIFT_FAILS_FROM`, unless the command
    line gave one (`--fail-on`, an override: then it holds as given)."""
    if dict(resolver.overrides.settings).get("fail_on") is not None:
        return
    for report in result.files:
        config = report.config or result.config
        if config.fail_on.rank > DRIFT_FAILS_FROM.rank:
            report.config = replace(config, fail_on=DRIFT_FAILS_FROM)
    if result.config.fail_on.rank > DRIFT_FAILS_FROM.rank:
        result.config = replace(result.config, fail_on=DRIFT_FAILS_FROM)


def verify_records(loaded: list[LoadedFile], records: list[CaptureRecord], config: Config) -> LintResult:
    return _verify_records(loaded, records, ConfigResolver(config=config))[0]


def _verify_records(
    loaded: list[LoadedFile],
    records: list[CaptureRecord],
    resolver: ConfigResolver,
    tests: list[TestRow] | None = None,
) -> tuple[LintResult, Counter[str]]:
    """The report, and how many of the records that matched a tool (and test) of the definitions were
    `compared` (and of those `drifted`), `not_answered` (failed or skipped) or `without_schema`; each
    record's outcome is added to `tests`."""
    counts: Counter[str] = Counter(compared=0, not_answered=0, without_schema=0, drifted=0)
    rows = tests if tests is not None else []
    result = LintResult(config=resolver.base_for(loaded[0].path if loaded else Path(".")))
    by_namespace: dict[str, list[LoadedFile]] = {}
    reports: dict[str, list[Finding]] = {}  # each file's findings, reported through its engine at the end
    for item in loaded:
        result.files.append(FileReport(item.display, item.kind, definition=item.definition))
        reports[item.display] = []
        if item.kind == "definition":
            by_namespace.setdefault(item.namespace, []).append(item)
    per_tool: dict[tuple[str, str], list[CaptureRecord]] = {}
    answered = {(r.namespace, r.toolName, r.testIndex): r.timestamp for r in records if _answered(r)}
    for record in records:
        candidates = by_namespace.get(record.namespace)
        if not candidates:
            continue  # a capture of a definition not under the given paths
        owner, tool = _find_tool(candidates, record)
        earlier = answered.get((record.namespace, record.toolName, record.testIndex))
        if tool is None or record.testIndex >= len(tool.tests):
            if earlier is not None and not _answered(record):
                continue  # the same capture, reported once with its answered record
            rows.append(_test_row(record, "stale", []))
            _report(
                reports[owner.display],
                Code.VER004,
                Severity.WARNING,
                _tools_span(owner),
                f"capture {record.toolName}-{record.testIndex} refers to "
                + (
                    f"test {record.testIndex} of {tool.label}, which has {len(tool.tests)} tests"
                    if tool is not None
                    else f"a tool '{record.toolName}' the definition does not have"
                ),
                record.toolName,
                record.testIndex,
            )
            continue
        per_tool.setdefault((owner.display, tool.label), []).append(record)
        found = reports[owner.display]
        before = len(found)
        kind = _verify_record(found, tool, record, earlier)
        counts[kind] += 1
        drift = kind == "compared" and len(found) > before
        counts["drifted"] += drift
        rows.append(_test_row(record, kind, found[before:] if drift else []))
    for item in loaded:
        if item.definition is None:
            continue
        for tool in item.definition.tools:
            if (item.display, tool.label) in per_tool and _schema(tool) is None:
                _report(
                    reports[item.display],
                    Code.VER002,
                    Severity.INFO,
                    tool.key_span,
                    f"{tool.label} has no output schema; its captures were not compared",
                    tool.label,
                )
    engines: dict[str, Engine] = {}
    for report, item in zip(result.files, loaded, strict=True):
        # select, ignore, per-file-ignores and severity apply to VER codes as the engine applies them
        report.config = resolver.for_file(item.path)
        engine = engines.setdefault(report.config.fingerprint, Engine(report.config))
        engine.add_findings(report, reports[item.display], SourceText(item.data))
    return result, counts


def _test_row(record: CaptureRecord, kind: str, drift: list[Finding]) -> TestRow:
    """One record's line in the summaries: PASS (its data fits the schema), FAIL (drift), SKIP (the call
    failed or was skipped, or the tool has no schema), WARN (stale: the definition no longer has the test)."""
    if kind == "stale":
        verdict, detail = "WARN", "stale: the definition no longer has this test"
    elif kind == "compared":
        verdict, detail = ("FAIL", drift[0].message) if drift else ("PASS", "matches the output schema")
    elif kind == "not_answered":
        verdict, detail = "SKIP", f"{record.outcome}: {record.reason or '; '.join(record.response.messages)}"
    else:
        verdict, detail = "SKIP", "the tool has no output schema"
    return TestRow(
        namespace=record.namespace, tool=record.toolName, test_index=record.testIndex, verdict=verdict, detail=detail
    )


def _find_tool(candidates: list[LoadedFile], record: CaptureRecord) -> tuple[LoadedFile, Tool | None]:
    preferred = sorted(candidates, key=lambda d: printable(d.display) != record.definitionPath)
    for item in preferred:
        assert item.definition is not None
        for tool in item.definition.tools:
            if tool.label == record.toolName:
                return item, tool
    return preferred[0], None


def _schema(tool: Tool) -> dict[str, Any] | None:
    output = tool.obj.get("output") if tool.obj is not None else None
    schema = output.get("schema") if isinstance(output, SObject) else None
    value = to_python(schema) if schema is not None else None
    return value if isinstance(value, dict) else None


def _tools_span(item: LoadedFile) -> Span:
    assert item.definition is not None
    for key in ("tools", "routes", "namespace"):
        entry = item.definition.main.entry(key)
        if entry is not None:
            return entry.key_span
    return Span(0, 0)


def _verify_record(findings: list[Finding], tool: Tool, record: CaptureRecord, earlier: str | None = None) -> str:
    """Report one record; return `compared`, `not_answered` or `without_schema`."""
    where = f"{tool.label} test {record.testIndex}"
    if not _answered(record):
        word = "was skipped" if record.outcome == "skipped" else "failed"
        instead = f"; the answer captured at {earlier} was compared instead" if earlier else ""
        _report(
            findings,
            Code.VER003,
            Severity.INFO,
            tool.key_span,
            f"{where} {word} ({record.reason or '; '.join(record.response.messages) or 'no reason'});"
            f" not compared{instead}",
            tool.label,
            record.testIndex,
        )
        return "not_answered"
    schema = _schema(tool)
    if schema is None:
        return "without_schema"
    raw = " (raw API data: the tool's handlers were not run)" if record.rawData else ""
    folded = fold(SubsetValidator(schema).mismatches(record.response.data))
    for mismatch, more in folded[:MAX_PER_RECORD]:
        extra = f" (and {more} more at {_INDEX.sub('[*]', mismatch.path)})" if more else ""
        _report(
            findings,
            Code.VER001,
            Severity.WARNING,
            tool.member_span("output"),
            f"{where}: {mismatch}{extra}{raw}",
            tool.label,
            record.testIndex,
        )
    if len(folded) > MAX_PER_RECORD:
        _report(
            findings,
            Code.VER001,
            Severity.WARNING,
            tool.member_span("output"),
            f"{where}: {len(folded) - MAX_PER_RECORD} more kinds of mismatch not shown",
            tool.label,
            record.testIndex,
        )
    return "compared"


def _report(
    findings: list[Finding],
    code: str,
    severity: Severity,
    span: Span,
    message: str,
    tool: str | None = None,
    test_index: int | None = None,
) -> None:
    findings.append(Finding(code, message, span, tool=tool, test_index=test_index, severity=severity))


__all__ = ["Verification", "fold", "load_captures", "verify", "verify_folder", "verify_records"]
