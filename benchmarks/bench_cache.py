"""Benchmark for whole runs over a library: cold (`--no-cache`) and warm (result cache hit) `flowlint check`
as whole processes of the installed command, on a library folder (the public FlowMCP library, for
example) or on generated definitions when no folder is given; beside them, what the FlowMCP runtime
itself spends to import and validate the same files, when a runtime checkout is given.

Targets (issue 11, on a 2-core machine, public library): warm run (nothing changed) at most 0.25 s
wall; cold run with the default settings at most 1.5 s wall; a cold `--jobs 1` run at least 30% less
CPU than before issue 11 (give the old build as `--baseline-flowlint` to measure both under the same
load: the commands take turns run by run). The default worker count is never slower than `--jobs 1`.
Issue 19: the warm run at most 0.10 s wall and at most a fifth of the runtime's import-and-validate
(printed as a ratio when `--runtime` is given); cold no slower than before.

Every run's exit code and output are checked before any time is reported: the cold reference run must
exit and count findings as the library API does for the same files, each later run must exit as it
did and print exactly what it printed (the same findings, the same summary; the baseline build too),
and the warm runs must not have linted anything (the cache file must not change).
The runtime's runs must print the same counts every time. A run that does not give the expected result
stops the benchmark with exit code 1. CPU is user + system time of the process and its workers.

    python benchmarks/bench_cache.py [LIBRARY_FOLDER] [--runs 5] [--definitions 500]
                                     [--runtime FLOWMCP_CORE_CHECKOUT] [--baseline-flowlint PATH]
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bench_check import (
    Run,
    bytecode_env,
    checked,
    expect_line,
    expected,
    fail,
    flowlint_command,
    load,
    make_definition,
    run,
    summary_of,
)

VALIDATE_SCRIPT = Path(__file__).parent / "flowmcp_validate.mjs"


def series(
    label: str,
    commands: dict[str, list[str]],
    envs: dict[str, dict[str, str]],
    runs: int,
    references: dict[str, tuple[int, str]],
) -> dict[str, list[Run]]:
    """`runs` runs of every command, taking turns; each must exit and print as its build's reference did."""
    results: dict[str, list[Run]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, argv in commands.items():
            code, output = references[name]
            result = checked(argv, code, envs[name])
            if result.stdout != output:
                fail(f"{label} ({name}): {len(result.stdout)} bytes of output differ from the cold reference run")
            results[name].append(result)
    return results


def references(
    commands: dict[str, list[str]], envs: dict[str, dict[str, str]], first: Run, summary: str
) -> dict[str, tuple[int, str]]:
    """Each build's output is checked against its own cold run: a baseline may word its report
    otherwise (0.2.0 has no `[*]` marks) and grade findings otherwise (issue 18 changed severities),
    but it must exit as `first` did and report on the same files."""
    found = {"flowlint": (first.code, first.stdout)}
    files = summary.partition(" in ")[2]  # "524 files (494 definitions, 7 lists, 23 skipped)."
    for name, argv in commands.items():
        if name != "flowlint":
            own = checked(argv, first.code, envs[name])
            if not summary_of(own.stdout).endswith(" in " + files):
                fail(f"{name}: unexpected summary {summary_of(own.stdout)!r}; expected it to end with {files!r}")
            found[name] = (own.code, own.stdout)
    return found


def report(label: str, results: list[Run], note: str = "") -> None:
    walls = [r.wall for r in results]
    cpus = [r.cpu for r in results]
    print(
        f"{label:<46} median {statistics.median(walls) * 1000:6.0f} ms wall (min {min(walls) * 1000:5.0f}), "
        f"CPU {statistics.median(cpus) * 1000:6.0f} ms  ({len(results)} runs){note}"
    )


def runtime_series(runtime: Path, library: Path, runs: int) -> list[Run]:
    """FlowMCP's own import-and-validate of the library (node), `runs` times, same counts each time."""
    node = shutil.which("node")
    if node is None:
        fail("--runtime needs node on PATH")
    argv = [node, str(VALIDATE_SCRIPT), str(runtime), str(library)]
    results = [checked(argv, 0) for _ in range(runs)]
    counts = {r.stdout for r in results}
    if len(counts) != 1:
        fail(f"the runtime's counts changed between runs: {sorted(counts)}")
    summary = json.loads(results[0].stdout)
    if not summary["files"] or summary["files"] != summary["accepted"] + summary["refused"] + summary["failed"]:
        fail(f"unexpected runtime counts {summary}")
    print(
        f"runtime {summary['runtime']} ({runtime}): {summary['files']} files, {summary['accepted']} accepted, "
        f"{summary['refused']} refused by MainValidator, {summary['failed']} failed to import or validate"
    )
    return results


def compare_with_runtime(warm: dict[str, list[Run]], runtime: list[Run]) -> None:
    """The runtime's own import-and-validate, and each build's warm run as a share of it (issue 19)."""
    print("-- FlowMCP runtime, for comparison")
    report("runtime: import + MainValidator, every file", runtime)
    for name, runs in warm.items():
        ratio = statistics.median(r.wall for r in runs) / statistics.median(r.wall for r in runtime)
        verdict = "met" if ratio <= 0.2 else "NOT met"
        print(f"{name}: warm run / runtime = {ratio:.2f} (median walls; target <= 0.20: {verdict})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("library", nargs="?", type=Path, help="a folder of definitions (default: generated)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--definitions", type=int, default=500, help="generated definitions when no folder")
    parser.add_argument("--runtime", type=Path, help="a flowmcp-core checkout with its npm dependencies")
    parser.add_argument("--baseline-flowlint", help="another build's flowlint command, timed alternately")
    args = parser.parse_args()
    builds = {"flowlint": flowlint_command()}
    if args.baseline_flowlint:
        builds["baseline"] = args.baseline_flowlint

    with tempfile.TemporaryDirectory() as scratch:
        if args.library is None:
            library = Path(scratch) / "library"
            library.mkdir()
            rng = random.Random(7)
            for index in range(args.definitions):
                (library / f"provider{index}.mjs").write_text(make_definition(rng, index))
        else:
            library = args.library.resolve()
            if not library.is_dir():
                fail(f"{library} is not a folder")
        # Each build has its own cache folder; bytecode is compiled once into a folder of this run.
        caches = {name: Path(scratch) / f"cache-{name}" for name in builds}
        envs = {
            name: {**bytecode_env(Path(scratch) / "pycache"), "FLOWLINT_CACHE_DIR": str(cache)}
            for name, cache in caches.items()
        }
        print(f"library: {library}; {load()} at the start")

        def argv(*options: str) -> dict[str, list[str]]:
            return {name: [command, "check", *options, str(library)] for name, command in builds.items()}

        reference_run = run(argv("--no-cache", "--jobs", "1")["flowlint"], envs["flowlint"])
        code, summary = expected([library])  # the findings the library API counts for the same files
        if reference_run.code != code:
            fail(f"the cold reference run exited {reference_run.code}, expected {code}")
        expect_line(reference_run.stdout, summary)
        reference = references(argv("--no-cache", "--jobs", "1"), envs, reference_run, summary)
        print(f"reference: exit {reference_run.code}; {summary_of(reference_run.stdout)}")
        series("compile bytecode (untimed)", argv("--no-cache", "--jobs", "1"), envs, 1, reference)
        if any(cache.exists() for cache in caches.values()):
            fail("--no-cache wrote a cache")

        cold_one = series("cold, --jobs 1", argv("--no-cache", "--jobs", "1"), envs, args.runs, reference)
        cold_default = series("cold, default jobs", argv("--no-cache"), envs, args.runs, reference)
        filled = series("first run (fills the cache)", argv(), envs, 1, reference)
        stamps = {}
        for name, cache in caches.items():
            results = sorted(cache.glob("results-*.json"))
            if len(results) != 1:
                fail(f"{name}: expected one results file in {cache}, found {len(results)}")
            stamps[name] = (results[0], results[0].stat().st_mtime_ns)
        warm = series("warm", argv(), envs, args.runs, reference)
        for name, (results_file, stamp) in stamps.items():
            if results_file.stat().st_mtime_ns != stamp:
                fail(f"{name}: a warm run rewrote the cache: something was linted again")
        runtime = runtime_series(args.runtime, library, args.runs) if args.runtime else None
        after = load()

    for name in builds:
        print(f"-- {name} ({builds[name]})")
        report("cold, --jobs 1 (--no-cache)", cold_one[name])
        report("cold, default jobs (--no-cache)", cold_default[name], "  target <= 1,500 ms wall")
        report("first run, fills the cache", filled[name])
        report("warm, nothing changed", warm[name], "  target <= 100 ms wall")
    if "baseline" in builds:
        new = statistics.median(r.cpu for r in cold_one["flowlint"])
        old = statistics.median(r.cpu for r in cold_one["baseline"])
        verdict = "met" if new <= 0.7 * old else "NOT met"
        slower = "met" if new <= 1.05 * old else "NOT met"
        print(
            f"cold --jobs 1 CPU: {new:.2f} s against the baseline's {old:.2f} s: {1 - new / old:.0%} less "
            f"(issue 19: no slower than the baseline, within 5%: {slower}; issue 11, against the build before "
            f"it: >= 30% less: {verdict})"
        )
    if runtime is not None:
        compare_with_runtime(warm, runtime)
    print(f"{after} at the end")


if __name__ == "__main__":
    main()
