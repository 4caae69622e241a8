"""The library API: lint paths or a source text and get result objects back. The CLI is a thin layer on it."""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from flowlint.config import DEFAULT_EXCLUDE, Config, load_config
from flowlint.diagnostics import Diagnostic, Severity
from flowlint.engine import Engine, FileReport, fails
from flowlint.errors import UsageError
from flowlint.loaders import SUFFIXES

__all__ = ["FileReport", "LintResult", "collect_files", "lint_paths", "lint_source"]


@dataclass
class LintResult:
    """The outcome of a run: one report per file, in path order."""

    files: list[FileReport] = field(default_factory=list)
    config: Config = field(default_factory=Config)

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return [d for report in self.files for d in report.diagnostics]

    def count(self, severity: Severity) -> int:
        return sum(1 for d in self.diagnostics if d.severity is severity)

    def summary(self) -> dict[str, int]:
        kinds = [report.kind for report in self.files]
        return {
            "files": len(self.files),
            "definitions": kinds.count("definition"),
            "skipped": kinds.count("skipped"),
            "unreadable": kinds.count("error"),
            "errors": self.count(Severity.ERROR),
            "warnings": self.count(Severity.WARNING),
            "infos": self.count(Severity.INFO),
        }

    def failed(self, fail_on: Severity | None = None) -> bool:
        """True when any diagnostic is at or above `fail_on` (default: the configured level)."""
        return fails(self.diagnostics, fail_on or self.config.fail_on)


# Below this many files one process is faster than starting workers.
PARALLEL_THRESHOLD = 200


def lint_paths(
    paths: Sequence[str | os.PathLike[str]] = (".",), config: Config | None = None, jobs: int | None = None
) -> LintResult:
    """Lint files and folders (recursively). `config` defaults to `[tool.flowlint]` found upward from
    the first path. `jobs` is the number of processes (default: one per CPU for large runs, else 1).
    Raises `UsageError` for a path that does not exist."""
    targets = [Path(p) for p in paths] or [Path(".")]
    if config is None:
        config = load_config(targets[0])
    files = collect_files(targets, config)
    result = LintResult(config=config)
    workers = _workers(len(files), jobs)
    if workers > 1:
        result.files.extend(_lint_parallel(files, config, workers))
    else:
        result.files.extend(_lint_chunk(files, config))
    return result


def _workers(file_count: int, jobs: int | None) -> int:
    if jobs is not None:
        return max(1, min(jobs, file_count))
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return min(cpus, 8) if file_count >= PARALLEL_THRESHOLD else 1


def _lint_chunk(files: list[Path], config: Config) -> list[FileReport]:
    """Lint files in order. Reports keep diagnostics, not static trees: a run over a large library
    must not hold every tree in memory (nor make the garbage collector walk them all)."""
    import gc

    gc.freeze()  # what is alive now (imported modules) is never garbage: keep it out of collections
    engine = Engine(config)
    reports = []
    for file in files:
        report = engine.lint_file(file, display_path(file))
        report.definition = None
        reports.append(report)
    return reports


def _lint_parallel(files: list[Path], config: Config, workers: int) -> list[FileReport]:
    """Lint in worker processes, in chunks, keeping the input order."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    size = max(16, len(files) // (workers * 4))
    chunks = [files[i : i + size] for i in range(0, len(files), size)]
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        return [report for chunk in pool.map(_lint_chunk, chunks, [config] * len(chunks)) for report in chunk]


def lint_source(
    text: str | bytes, path: str | os.PathLike[str] = "definition.mjs", config: Config | None = None
) -> FileReport:
    """Lint a source text as if it were the file `path` (its suffix picks the loader; its folder is
    where configuration and `_lists/` are looked up)."""
    target = Path(path)
    if config is None:
        config = load_config(target.parent if str(target.parent) else Path("."))
    data = text.encode("utf-8") if isinstance(text, str) else text
    return Engine(config).lint_bytes(data, target, str(path))


def collect_files(paths: Iterable[Path], config: Config) -> list[Path]:
    """Definition files under `paths`: files given explicitly always, folders walked for known suffixes."""
    excluded = (*DEFAULT_EXCLUDE, *config.exclude)
    found: list[Path] = []
    seen: set[Path] = set()
    for path in paths:
        if not path.exists():
            raise UsageError(f"{path}: no such file or folder")
        if path.is_file():
            candidates: Iterable[Path] = [path]
        else:
            candidates = _walk(path, excluded)
        for file in candidates:
            key = file.resolve()
            if key not in seen:
                seen.add(key)
                found.append(file)
    return found


def _walk(folder: Path, excluded: tuple[str, ...]) -> list[Path]:
    files: list[Path] = []
    for root, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not _is_excluded(d, Path(root, d), excluded) and not d.startswith("."))
        for name in sorted(names):
            file = Path(root, name)
            if file.suffix.lower() in SUFFIXES and not _is_excluded(name, file, excluded):
                files.append(file)
    return files


def _is_excluded(name: str, path: Path, patterns: tuple[str, ...]) -> bool:
    text = path.as_posix()
    return any(fnmatch.fnmatch(name, p) or fnmatch.fnmatch(text, p) for p in patterns)


def display_path(path: Path) -> str:
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)
