"""Benchmark for `flowlint check`: library throughput, a 500-file run and a one-file run as whole processes.

Targets (issue 2, on a 2-core machine): >= 2,000 definitions/s through the library; a 500-file
`flowlint check` well under 1 s wall; `flowlint check ONE_FILE` under 0.3 s wall.

    python benchmarks/bench_check.py [--definitions 1000] [--runs 10]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COINS = ["bitcoin", "ethereum", "solana", "cardano", "polkadot", "chainlink", "uniswap", "aave"]
CURRENCIES = ["usd", "eur", "gbp", "jpy", "chf"]


def make_definition(rng: random.Random, index: int) -> str:
    """A realistic provider: 2-6 tools, 1-5 parameters each, 1-4 tests, some output schemas, handlers."""
    tools = []
    for t in range(rng.randint(2, 6)):
        params = [
            "                { position: { key: 'ids', value: '{{USER_PARAM}}', location: 'query' }, "
            "z: { primitive: 'array()', options: [] } }",
            "                { position: { key: 'vs_currency', value: '{{USER_PARAM}}', location: 'query' }, "
            f"z: {{ primitive: 'enum({','.join(CURRENCIES)})', options: [] }} }}",
            "                { position: { key: 'per_page', value: '{{USER_PARAM}}', location: 'query' }, "
            "z: { primitive: 'number()', options: [ 'min(1)', 'max(250)', 'optional()' ] } }",
            "                { position: { key: 'address', value: '{{USER_PARAM}}', location: 'query' }, "
            "z: { primitive: 'string()', options: [ 'regex(^0x[a-fA-F0-9]{40}$)', 'optional()' ] } }",
            "                { position: { key: 'include_24h', value: '{{USER_PARAM}}', location: 'query' }, "
            "z: { primitive: 'boolean()', options: [ 'optional()' ] } }",
        ][: rng.randint(1, 5)]
        tests = []
        for k in range(rng.randint(1, 4)):
            values = [f"_description: 'Case {k} of tool {t}'", f"ids: [ '{rng.choice(COINS)}' ]"]
            if len(params) > 1:
                values.append(f"vs_currency: '{rng.choice(CURRENCIES)}'")
            if len(params) > 2 and rng.random() < 0.5:
                values.append(f"per_page: {rng.randint(1, 300)}")
            if len(params) > 3 and rng.random() < 0.5:
                values.append("address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'")
            tests.append("                { " + ", ".join(values) + " }")
        output = ""
        if rng.random() < 0.5:
            output = (
                ",\n            output: { mimeType: 'application/json', schema: { type: 'object', properties: {\n"
                "                price: { type: 'number', description: 'Price' },\n"
                "                name: { type: 'string', description: 'Name' } } } }"
            )
        tools.append(
            f"        getTool{t}: {{\n"
            f"            method: 'GET',\n            path: '/v1/tool{t}',\n"
            f"            description: 'Tool {t} of provider {index}',\n"
            "            parameters: [\n" + ",\n".join(params) + "\n            ],\n"
            "            tests: [\n" + ",\n".join(tests) + "\n            ]" + output + "\n        }"
        )
    return (
        "// Generated for the benchmark\n"
        "export const main = {\n"
        f"    namespace: 'provider{index}',\n    name: 'Provider {index}',\n"
        "    description: 'A realistic generated provider',\n    version: '3.0.0',\n"
        "    docs: [ 'https://example.com/docs' ],\n    tags: [ 'prices' ],\n"
        "    root: 'https://api.example.com',\n    requiredServerParams: [],\n    headers: {},\n"
        "    tools: {\n" + ",\n".join(tools) + "\n    }\n}\n\n"
        "export const handlers = ( { sharedLists, libraries } ) => ( {\n"
        "    getTool0: { postRequest: async ( { response } ) => ( { response } ) }\n} )\n"
    )


def wall(argv: list[str], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, capture_output=True, check=False)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--definitions", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()

    from flowlint.lint.config import Config
    from flowlint.lint.engine import Engine

    rng = random.Random(7)
    sources = [make_definition(rng, i).encode() for i in range(args.definitions)]
    lines = sum(s.count(b"\n") for s in sources) / len(sources)
    print(f"{len(sources)} definitions, {lines:.0f} lines on average")

    engine = Engine(Config())
    engine.lint_bytes(sources[0], Path("warmup.mjs"), "warmup.mjs")
    best = float("inf")
    findings = 0
    for _ in range(3):
        start = time.perf_counter()
        findings = sum(
            len(engine.lint_bytes(s, Path(f"p{i}.mjs"), f"p{i}.mjs").diagnostics) for i, s in enumerate(sources)
        )
        best = min(best, time.perf_counter() - start)
    print(
        f"library: {len(sources) / best:,.0f} definitions/s ({best * 1000:.0f} ms for {len(sources)}, "
        f"{findings} findings; best of 3; target >= 2,000/s)"
    )

    from flowlint.api import lint_paths

    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        for i, source in enumerate(sources):
            (root / f"provider{i}.mjs").write_bytes(source)
        for jobs in (1, None):
            best = float("inf")
            for _ in range(3):
                start = time.perf_counter()
                result = lint_paths([root], Config(), jobs=jobs)
                best = min(best, time.perf_counter() - start)
            label = "one process" if jobs == 1 else "one process per CPU"
            print(
                f"lint_paths over {len(result.files)} files on disk, {label}: "
                f"{len(result.files) / best:,.0f} definitions/s ({best * 1000:.0f} ms, best of 3)"
            )
        for i in range(500, len(sources)):
            (root / f"provider{i}.mjs").unlink()
        cli = [sys.executable, "-m", "flowlint", "check"]
        many = wall([*cli, str(root)], max(3, args.runs // 2))
        one = wall([*cli, str(root / "provider0.mjs")], args.runs)
        nothing = wall([sys.executable, "-c", "pass"], args.runs)
    print(
        f"flowlint check on 500 files: median {statistics.median(many) * 1000:.0f} ms wall "
        f"(min {min(many) * 1000:.0f}; target well under 1,000 ms)"
    )
    print(
        f"flowlint check on one file: median {statistics.median(one) * 1000:.0f} ms wall "
        f"(min {min(one) * 1000:.0f}; target < 300 ms; bare interpreter start "
        f"{statistics.median(nothing) * 1000:.0f} ms)"
    )


if __name__ == "__main__":
    main()
