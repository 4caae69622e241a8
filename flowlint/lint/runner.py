"""Lint runs: files and folders in, a `LintResult` out; in one process or, for large runs, several."""

from __future__ import annotations

import gc
import math
import os
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from flowlint.core.gcpause import gc_paused
from flowlint.definition.discovery import RealPaths, display_path
from flowlint.formats import SUFFIXES
from flowlint.lint.cache import Lookup, ResultCache, cache_root, default_cache_dir
from flowlint.lint.config import Config, ConfigResolver
from flowlint.lint.result import FileReport, LintResult

if TYPE_CHECKING:
    from flowlint.lint.engine import Engine

__all__ = ["PARALLEL_THRESHOLD", "default_workers", "lint_files", "lint_paths", "lint_per_file", "lint_source"]

PARALLEL_THRESHOLD = 200
"""Below this many files one process is faster than starting workers."""


def lint_paths(
    paths: Sequence[str | os.PathLike[str]] = (".",),
    config: Config | None = None,
    jobs: int | None = None,
    cache: ResultCache | None = None,
    resolver: ConfigResolver | None = None,
) -> LintResult:
    """Lint files and folders (recursively). Each file is linted under the settings `resolver` gives it
    (default: the configuration nearest to it, as `flowlint check` does); a given `config` applies to
    every file instead (with its per-file-ignores). Each report carries its settings, so `failed()`
    follows each file's `fail_on` as `check`'s exit code does. `jobs` is the number of processes
    (default: see `default_workers`). With a `cache`, files whose bytes, configuration and shared lists
    are unchanged are not linted again, and the cache is saved at the end. A folder the walk cannot
    read gets a report of its own (kind `error`, FL006), after the files. Raises `UsageError` for a
    path that does not exist."""
    targets = [Path(p) for p in paths] or [Path(".")]
    if resolver is None:
        resolver = ConfigResolver(config=config)
    return lint_per_file(targets, resolver, jobs, use_cache=False, cache=cache)


def lint_files(
    files: list[Path],
    config: Config,
    jobs: int | None = None,
    cache: ResultCache | None = None,
    real_paths: RealPaths | None = None,
    named: Collection[Path] = (),
) -> LintResult:
    """Lint files already discovered (each a file, in report order) under one configuration (already
    resolved for these files: see `ConfigResolver.for_file`); `real_paths` is what the walk saw. The
    files in `named` were named on the command line and get a named file's verdict (see `mark_named`),
    cached as such."""
    if cache is not None:
        lookups = cache.lookup(files, config, real_paths, named)
    else:
        lookups = [Lookup(file, None, None, None, named=file in named) for file in files]
    todo = [item for item in lookups if item.report is None]
    workers = _workers(len(todo), jobs)  # a warm run has nothing to do and starts no worker
    if not todo:
        fresh = []
    elif workers > 1:
        fresh = _lint_parallel(todo, config, workers)
    else:
        fresh = _lint_chunk(todo, config)
    fresh_reports = iter(fresh)
    result = LintResult(config=config)
    for item in lookups:
        report = item.report
        if report is None:
            report = next(fresh_reports)
            if cache is not None and item.key is not None:
                cache.put(item.path, item.key, report, item.status, item.named)
        report.config = config
        result.files.append(report)
    if cache is not None:
        cache.save()
    return result


def default_workers(file_count: int) -> int:
    """Worker processes for `file_count` files to lint when --jobs is not given: one process below
    PARALLEL_THRESHOLD files, else one per CPU that nothing else is running on right now (at most 8),
    so that a busy machine is not made slower than a single process."""
    if file_count < PARALLEL_THRESHOLD:
        return 1

    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, min(cpus - math.ceil(_busy_cpus() - 0.25), cpus, 8))


def _busy_cpus() -> float:
    """How many CPUs other processes keep busy: on Linux the processes running at this moment (the
    4th field of /proc/loadavg, less this one), elsewhere the one-minute load average. The moment
    matters: a load average still remembers the previous flowlint run, which has ended."""
    try:
        with open("/proc/loadavg", encoding="ascii") as handle:
            running = int(handle.read().split()[3].split("/")[0])
        return float(max(0, running - 1))
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.getloadavg()[0]
    except OSError:
        return 0.0


def _workers(file_count: int, jobs: int | None) -> int:
    if jobs is not None:
        return max(1, min(jobs, file_count))
    return default_workers(file_count)


def _lint_chunk(items: list[Lookup], config: Config) -> list[FileReport]:
    """Lint files in order in this process (see `_lint_items`)."""
    from flowlint.lint.engine import Engine

    return _lint_items(items, Engine(config))


def _lint_items(items: list[Lookup], engine: Engine) -> list[FileReport]:
    """Lint files in order (the bytes already read for the cache key, else from disk). Reports keep
    diagnostics, not static trees: a run over a large library must not hold every tree in memory
    (nor make the garbage collector walk them all)."""
    gc.freeze()  # what is alive now (imported modules) is never garbage: keep it out of collections
    reports = []
    with gc_paused():  # for the whole chunk: each file's objects are freed by reference counting
        for item in items:
            if item.data is None:
                report = engine.lint_file(item.path, display_path(item.path), named=item.named)
            else:  # (lint_bytes takes a text as named by default: a walked file is not)
                report = engine.lint_bytes(item.data, item.path, display_path(item.path), named=item.named)
            report.definition = None
            reports.append(report)
    return reports


CHUNK_FILES = 8
"""Files a worker takes at a time: small enough that the workers end together (a worker that finishes
early takes the next chunk), large enough that handing them out costs nothing worth counting."""

_worker_engine: Engine | None = None
"""A worker process's engine: made once per process (rules, shared lists), used for every chunk."""


def _start_worker(config: Config) -> None:
    """A worker's engine: the one its parent made before forking (`_lint_parallel`), else made here."""
    global _worker_engine
    if _worker_engine is None:
        from flowlint.lint.engine import Engine

        _worker_engine = Engine(config)


def _lint_in_worker(items: list[Lookup]) -> list[FileReport]:
    assert _worker_engine is not None, "the pool's initializer makes the engine"
    return _lint_items(items, _worker_engine)


def _lint_parallel(items: list[Lookup], config: Config, workers: int) -> list[FileReport]:
    """Lint in worker processes, in small chunks handed out as workers ask, keeping the input order.
    Each worker makes its engine once (its rules, and the shared lists it loads, serve every chunk)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    global _worker_engine
    methods = multiprocessing.get_all_start_methods()
    forking = "fork" in methods
    context = multiprocessing.get_context("fork" if forking else None)
    chunks = [items[i : i + CHUNK_FILES] for i in range(0, len(items), CHUNK_FILES)]
    if forking:  # the workers inherit the engine: its rules are imported once, not once per worker
        from flowlint.lint.engine import Engine

        _worker_engine = Engine(config)
    try:
        with ProcessPoolExecutor(
            max_workers=workers, mp_context=context, initializer=_start_worker, initargs=(config,)
        ) as pool:
            return [report for chunk in pool.map(_lint_in_worker, chunks) for report in chunk]
    finally:
        _worker_engine = None  # the next group of files may have other settings


def lint_source(
    text: str | bytes, path: str | os.PathLike[str] = "definition.mjs", config: Config | None = None
) -> FileReport:
    """Lint a source text as if it were the file `path` (its suffix picks the loader; its folder is
    where configuration and `_lists/` are looked up). The settings are those `flowlint check` would
    use for that file (`ConfigResolver.for_file`: per-file-ignores included), or `config` with its
    per-file-ignores for `path`; the report carries them."""
    from flowlint.lint.engine import Engine

    target = Path(path)
    config = ConfigResolver().for_file(target) if config is None else config.for_file(target)
    data = text.encode("utf-8") if isinstance(text, str) else text
    report = Engine(config).lint_bytes(data, target, str(path))
    report.config = config
    return report


def lint_per_file(
    targets: list[Path],
    resolver: ConfigResolver,
    jobs: int | None,
    use_cache: bool = True,
    cache: ResultCache | None = None,
) -> LintResult:
    """Lint the files `resolver.discover` finds under `targets`, each under the settings the resolver
    gives it (the report carries them); files that share settings are linted together (one run of
    `lint_files` each), reports keep the walk's order. Each configuration's files use the result cache
    of that configuration (one `ResultCache` per folder), or `cache` for all when one is given."""
    found = resolver.discover(targets)
    files, problems = found.files, found.problems
    listed = set(files)  # (a set: pre-commit names hundreds of files, each looked up among those found)
    named = {target for target in targets if target in listed}
    groups: dict[str, tuple[Config, list[Path]]] = {}
    # Files group by all their settings (fail_on and cache_dir too). Most files share their folder's
    # Config object: its key is worked out once (the object is kept alive, so its id stays unique).
    # The key is the settings' repr: configurations read alike give the same text (at worst equal
    # settings written in another order lint as two groups, with the same findings).
    keys: dict[int, tuple[Config, str]] = {}
    for file in files:
        config = resolver.for_file(file)
        if id(config) not in keys:
            keys[id(config)] = (config, repr(config.settings()))
        groups.setdefault(keys[id(config)][1], (config, []))[1].append(file)
    by_file: dict[Path, FileReport] = {}
    caches: dict[Path, ResultCache] = {}
    for config, group in groups.values():
        group_cache = cache
        if group_cache is None and use_cache:
            folder = default_cache_dir(config)
            group_cache = caches.setdefault(folder, ResultCache(folder, root=cache_root(config)))
        real_paths = resolver.real_paths
        reports = lint_files(group, config, jobs=jobs, cache=group_cache, real_paths=real_paths, named=named).files
        for file, report in zip(group, reports, strict=True):
            by_file[file] = report
    base = resolver.base_for(targets[0])
    reports = [by_file[file] for file in files]
    mark_named(reports, files, named)
    result = LintResult(reports, base)
    if problems:  # the lint engine is imported only when it has something to do (a warm run: never)
        from flowlint.definition.loading import unwalkable
        from flowlint.lint.engine import Engine
    for problem in problems:  # a folder that cannot be read is an FL006 report of its own
        config = resolver.base_for(problem.path.parent)
        report = Engine(config).lint_loaded(unwalkable(problem))
        report.config = config
        result.files.append(report)
    return result


def mark_named(reports: list[FileReport], files: list[Path], named: Collection[Path]) -> None:
    """Mark, in place, the reports of the files named on the command line (not found by walking a
    folder), which `lint_files` linted as named: a JavaScript module meant as a definition without a
    `main` export is a VAL001 error (see `Engine.lint_loaded`), and a file of a type flowlint does not
    read shows its one-line FL002 note (`FileReport.named`). Other named non-definitions (package.json,
    a helper script: what a pre-commit hook passes along) stay as quiet as in a walk."""
    if not named:
        return

    for report, file in zip(reports, files, strict=True):
        if file in named and report.kind == "skipped":
            report.named = file.suffix.lower() not in SUFFIXES
