"""Benchmark for the result cache: cold and warm `flowlint check` runs as whole processes of the
installed command, on a library folder (the public FlowMCP library, for example) or on generated
definitions when no folder is given.

Target (issue 11, on a 2-core machine): a warm run (nothing changed) over the whole public library at
most 0.25 s wall, and the default worker count never slower than `--jobs 1`.

Every run's exit code and output are checked before any time is reported: each run must exit as the
cold reference run did and print exactly what it printed (the same findings, the same summary), and
the warm runs must not have linted anything (the cache file must not change). A run that does not
give the expected result stops the benchmark with exit code 1.

    python benchmarks/bench_cache.py [LIBRARY_FOLDER] [--runs 5] [--definitions 500]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bench_check import fail, flowlint_command, make_definition


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, int, str]:
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, check=False, env=env)
    elapsed = time.perf_counter() - start
    if b"Traceback" in done.stderr:
        fail(f"{' '.join(argv)} crashed:\n{done.stderr.decode('utf-8', 'replace')[-2000:]}")
    return elapsed, done.returncode, done.stdout.decode("utf-8", "replace")


def series(label: str, argv: list[str], env: dict[str, str], runs: int, reference: tuple[int, str]) -> list[float]:
    """`runs` timed runs, each checked against the reference exit code and output."""
    times = []
    for _ in range(runs):
        elapsed, code, output = timed(argv, env)
        if (code, output) != reference:
            fail(f"{label}: exit {code} and {len(output)} bytes of output differ from the cold reference run")
        times.append(elapsed)
    return times


def report(label: str, times: list[float], note: str = "") -> None:
    print(
        f"{label:<34} median {statistics.median(times) * 1000:6.0f} ms  min {min(times) * 1000:6.0f} ms  "
        f"({len(times)} runs){note}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("library", nargs="?", type=Path, help="a folder of definitions (default: generated)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--definitions", type=int, default=500, help="generated definitions when no folder")
    args = parser.parse_args()
    command = flowlint_command()

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
        cache_dir = Path(scratch) / "cache"
        env = {**os.environ, "FLOWLINT_CACHE_DIR": str(cache_dir)}
        print(f"library: {library}; load average before: {os.getloadavg()}")

        _, code, output = timed([command, "check", "--no-cache", "--jobs", "1", str(library)], env)
        if code not in (0, 1) or not output.strip().splitlines()[-1:]:
            fail(f"the cold reference run exited {code} with output {output[-500:]!r}")
        reference = (code, output)
        summary = output.strip().splitlines()[-1]
        print(f"reference: exit {code}; {summary}")
        if cache_dir.exists():
            fail("--no-cache wrote a cache")

        cold_one = series(
            "cold, --jobs 1", [command, "check", "--no-cache", "--jobs", "1", str(library)], env, args.runs, reference
        )
        cold_default = series(
            "cold, default jobs", [command, "check", "--no-cache", str(library)], env, args.runs, reference
        )
        first = series("first run (fills the cache)", [command, "check", str(library)], env, 1, reference)
        results = sorted(cache_dir.glob("results-*.json"))
        if len(results) != 1:
            fail(f"expected one results file in {cache_dir}, found {len(results)}")
        stamp = results[0].stat().st_mtime_ns
        warm = series("warm", [command, "check", str(library)], env, args.runs, reference)
        if results[0].stat().st_mtime_ns != stamp:
            fail("a warm run rewrote the cache: something was linted again")
        load = os.getloadavg()

    report("cold, --jobs 1 (--no-cache)", cold_one)
    report("cold, default jobs (--no-cache)", cold_default)
    report("first run, fills the cache", first)
    report("warm, nothing changed", warm, "  target <= 250 ms")
    print(f"load average after: {load}")


if __name__ == "__main__":
    main()
