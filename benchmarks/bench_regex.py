"""Benchmark the worst cases of issue 28 items 1 and 8: regex() test values and long option strings.

* `flowlint check` (the installed command, a real process) on a definition whose `regex(^(a+)+$)` meets a
  test value of N `a`s and a `!`: exponential in N with a backtracking engine (48 hung the old build), a
  scan of the value with RE2. Exit code 1 and the TST004 message are checked before the time is reported.
* the same with `regex(^(?=a)(a+)+$)`: a lookahead, so the bounded backtracking matcher; it gives up after
  its step budget and FL005 says the value is not checked (exit 0, the warning checked).
* `parse_z` of one option of N bytes in the shapes that were quadratic (a word with no call, a number
  that ends in a letter, a long regex() pattern), in CPU seconds per megabyte.

    python benchmarks/bench_regex.py [--value-bytes 1000000] [--option-bytes 2000000]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NoReturn


def fail(message: str) -> NoReturn:
    print(f"bench_regex: {message}", file=sys.stderr)
    raise SystemExit(1)


def definition(value: str, pattern: str = "^(a+)+$") -> str:
    return (
        "export const main = {\n"
        "    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', "
        "root: 'https://api.example.com',\n"
        "    tools: { getItem: { method: 'GET', path: '/item', description: 'Item',\n"
        "        parameters: [ { position: { key: 'id', value: '{{USER_PARAM}}', location: 'query' }, "
        f"z: {{ primitive: 'string()', options: [ 'regex({pattern})' ] }} }} ],\n"
        f"        tests: [ {{ _description: 'Long', id: '{value}' }} ] }} }}\n"
        "}\n"
    )


def time_check(value_bytes: int, pattern: str = "^(a+)+$", expected: tuple[int, str] = (1, "does not match")) -> float:
    flowlint = shutil.which("flowlint") or fail("the flowlint command is not installed")
    with tempfile.TemporaryDirectory(prefix="bench-regex-") as folder:
        path = Path(folder) / "item.mjs"
        path.write_text(definition("a" * value_bytes + "!", pattern), encoding="utf-8")
        started = time.perf_counter()
        result = subprocess.run([flowlint, "check", "--no-cache", str(path)], capture_output=True, text=True)
        elapsed = time.perf_counter() - started
    if result.returncode != expected[0] or expected[1] not in result.stdout:
        fail(f"check: exit {result.returncode}, {result.stdout[-300:]} {result.stderr[-300:]}")
    return elapsed


def time_options(option_bytes: int) -> list[tuple[str, float]]:
    from flowlint.definition.zod import parse_z

    shapes = {
        "word, no call": ("string()", "a" * option_bytes),
        "default(digits…x)": ("number()", "default(" + "1" * option_bytes + "x)"),
        "regex(a…a)": ("string()", "regex(" + "a" * option_bytes + ")"),
        "regex(a.a.…)": ("string()", "regex(" + "a." * (option_bytes // 2) + ")"),
    }
    timed = []
    for name, (primitive, option) in shapes.items():
        started = time.process_time()
        spec = parse_z(primitive, [option])
        elapsed = time.process_time() - started
        if spec is None:
            fail(name)
        timed.append((name, elapsed / (option_bytes / 1_000_000)))
    return timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--value-bytes", type=int, default=1_000_000)
    parser.add_argument("--option-bytes", type=int, default=2_000_000)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}")
    for size in (48, args.value_bytes):
        print(f"check, regex(^(a+)+$) against {size:,} a's and a '!': {time_check(size):.2f} s wall (exit 1, TST004)")
    # A lookahead has no RE2 form: the bounded backtracking matcher gives up (FL005: not checked).
    bounded = time_check(48, "^(?=a)(a+)+$", (0, "is not checked against regex"))
    print(f"check, regex(^(?=a)(a+)+$) against 48 a's and a '!': {bounded:.2f} s wall (FL005: not checked)")
    for name, seconds in time_options(args.option_bytes):
        print(f"parse_z, one {args.option_bytes:,}-byte option, {name}: {seconds:.2f} CPU s per MB")


if __name__ == "__main__":
    main()
