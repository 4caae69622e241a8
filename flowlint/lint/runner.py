"""Lint runs: files and folders in, a `LintResult` out; in one process or, for large runs, several."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from flowlint.definition.discovery import discover, display_path
from flowlint.definition.loading import unwalkable
from flowlint.lint.config import Config, load_config
from flowlint.lint.engine import Engine
from flowlint.lint.result import FileReport, LintResult

__all__ = ["PARALLEL_THRESHOLD", "lint_paths", "lint_source"]

PARALLEL_THRESHOLD = 200
"""Below this many files one process is faster than starting workers."""


def lint_paths(
    paths: Sequence[str | os.PathLike[str]] = (".",), config: Config | None = None, jobs: int | None = None
) -> LintResult:
    """Lint files and folders (recursively). `config` defaults to `[tool.flowlint]` found upward from
    the first path. `jobs` is the number of processes (default: one per CPU for large runs, else 1).
    A folder the walk cannot read gets a report of its own (kind `error`, FL006), after the files.
    Raises `UsageError` for a path that does not exist."""
    targets = [Path(p) for p in paths] or [Path(".")]
    if config is None:
        config = load_config(targets[0])
    found = discover(targets, config.exclude)
    files = found.files
    result = LintResult(config=config)
    workers = _workers(len(files), jobs)
    if workers > 1:
        result.files.extend(_lint_parallel(files, config, workers))
    else:
        result.files.extend(_lint_chunk(files, config))
    if found.problems:  # a folder that cannot be read is an FL006 report of its own, never skipped silently
        engine = Engine(config)
        result.files.extend(engine.lint_loaded(unwalkable(problem)) for problem in found.problems)
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
