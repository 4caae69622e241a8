"""Benchmark the three loaders: CPU milliseconds per parse of a realistic definition of each format.

The inputs are sample_schemas' realistic definitions (JavaScript, JSON, Python). Each must parse
without a problem and export `main` before it is timed; otherwise the benchmark stops with exit
code 1. Figures measured when these were test assertions (issue 9 moved them here): parse_json about
0.7 ms on a 150-line definition, parse_python about 12 ms (libcst).

    python benchmarks/bench_loaders.py [--calls 200] [--repeat 5]
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path
from typing import NoReturn

from flowlint.formats import parse_file_bytes

SAMPLES = Path(__file__).resolve().parent.parent / "sample_schemas"
INPUTS = [
    SAMPLES / "etherscan" / "contracts.mjs",
    SAMPLES / "openmeteo" / "forecast.json",
    SAMPLES / "defillama" / "protocols.py",
]


def fail(message: str) -> NoReturn:
    print(f"bench_loaders: {message}", file=sys.stderr)
    raise SystemExit(1)


def per_call(data: bytes, suffix: str, calls: int, repeat: int) -> float:
    """Best CPU time of one parse, in milliseconds, over `repeat` rounds of `calls` parses."""
    best = math.inf
    for _ in range(repeat):
        started = time.process_time()
        for _ in range(calls):
            parse_file_bytes(data, suffix)
        best = min(best, (time.process_time() - started) / calls)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calls", type=int, default=200, help="parses per round (a tenth of it for Python)")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    for path in INPUTS:
        data = path.read_bytes()
        module = parse_file_bytes(data, path.suffix)  # also imports the loader outside the measurement
        if module.internal_error or module.problems or "main" not in module.exports:
            fail(f"{path}: {module.internal_error or module.problems or 'no main export'}")
        calls = max(1, args.calls // 10) if path.suffix == ".py" else args.calls
        milliseconds = per_call(data, path.suffix, calls, args.repeat)
        lines = data.count(b"\n")
        print(
            f"{path.suffix:5} {milliseconds:7.3f} ms per parse ({path.relative_to(SAMPLES)}, {lines} lines, "
            f"{len(data)} bytes; best of {args.repeat} x {calls})"
        )


if __name__ == "__main__":
    main()
