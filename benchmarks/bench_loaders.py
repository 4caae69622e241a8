"""Benchmark the three loaders: CPU milliseconds per parse of a realistic definition of each format.

The inputs are sample_schemas' realistic definitions (JavaScript, JSON, Python). Each must parse
without a problem and export `main` before it is timed; otherwise the benchmark stops with exit
code 1. Figures measured when these were test assertions (issue 9 moved them here): parse_json about
0.7 ms on a 150-line definition, parse_python about 12 ms (libcst).

    python benchmarks/bench_loaders.py [--calls 200] [--repeat 5]

With `--library DIR` it times the JavaScript loader over every `.mjs`/`.js` file under DIR instead
(the public library: 521 files), in its two parts: tree-sitter's parse (with flowlint's limits) and
the conversion of the syntax tree to value trees (each file's trees are freed outside the clock).
Every file must load without an internal error. CPU seconds, best of `--repeat` rounds, with the
machine's load average: quote both.
"""

from __future__ import annotations

import argparse
import math
import os
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


def library(folder: Path, repeat: int) -> None:
    """Time `parse_javascript`'s two parts over every JavaScript file under `folder`."""
    from flowlint.core.gcpause import gc_paused
    from flowlint.formats import javascript

    paths = sorted(path for path in folder.rglob("*") if path.suffix in (".mjs", ".js") and path.is_file())
    if not paths:
        fail(f"{folder}: no .mjs or .js file")
    datas = [path.read_bytes() for path in paths]
    for path, data in zip(paths, datas, strict=True):
        module = javascript.parse_javascript(data)
        if module.internal_error:
            fail(f"{path}: {module.internal_error}")
    trees = [javascript._parse_tree(data) for data in datas]  # a list: problems instead of a tree
    parse_best = convert_best = math.inf
    clock = time.process_time
    for _ in range(repeat):
        with gc_paused(javascript.PAUSE_GC):
            started = clock()
            for data in datas:
                javascript._parse_tree(data)
            parse_best = min(parse_best, clock() - started)
            total = 0.0
            for data, tree in zip(datas, trees, strict=True):
                if isinstance(tree, list):
                    continue
                started = clock()
                module = javascript._evaluate(data, tree.root_node)
                total += clock() - started
                del module  # freed outside the clock
            convert_best = min(convert_best, total)
    size = sum(map(len, datas)) / 1e6
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    print(
        f"javascript library: {len(paths)} files, {size:.1f} MB; tree-sitter parse {parse_best:.3f} s, "
        f"tree to values {convert_best:.3f} s of CPU (best of {repeat}; load average {load})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calls", type=int, default=200, help="parses per round (a tenth of it for Python)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--library", type=Path, metavar="DIR", help="time the JavaScript loader's parts over DIR")
    args = parser.parse_args()
    if args.library is not None:
        library(args.library, args.repeat)
        return
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
