"""Benchmark for `flowlint check`: library throughput, a 500-file run, a one-file run and the editor's
`check -` (standard input) as whole processes of the installed `flowlint` command.

Targets (issue 2, on a 2-core machine): >= 2,000 definitions/s through the library; a 500-file
`flowlint check` well under 1 s wall; `flowlint check ONE_FILE` under 0.3 s wall; `flowlint check -`
(an editor's save action; tests/test_stdin.py only checks that it imports nothing heavy) about 0.15 s.

Every run's exit code and output are checked before any time is reported; a run that does not give
the expected result stops the benchmark with exit code 1.

    python benchmarks/bench_check.py [--definitions 1000] [--runs 10]
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NoReturn

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


def fail(message: str) -> NoReturn:
    """Stop the benchmark: a figure for a run that did not do its job is worse than no figure."""
    print(f"bench_check: {message}", file=sys.stderr)
    raise SystemExit(1)


def flowlint_command() -> str:
    """The installed `flowlint` console script of this environment (not `python -m flowlint`)."""
    beside = Path(sys.executable).parent / "flowlint"
    found = str(beside) if beside.is_file() else shutil.which("flowlint")
    if found is None:
        fail("the `flowlint` command is not installed here: pip install -e .")
    return found


def wall(argv: list[str], runs: int, expected_code: int, stdin: bytes | None = None) -> tuple[list[float], str]:
    """Wall times of `runs` runs of argv; every run must exit with expected_code and print the same output."""
    times = []
    reference: str | None = None
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(argv, input=stdin, capture_output=True, check=False)
        times.append(time.perf_counter() - start)
        output = done.stdout.decode("utf-8", "replace")
        if done.returncode != expected_code:
            fail(
                f"{' '.join(argv)} exited {done.returncode}, expected {expected_code}\n"
                f"stdout: {output[-2000:]}\nstderr: {done.stderr.decode('utf-8', 'replace')[-2000:]}"
            )
        if reference is None:
            reference = output
        elif output != reference:
            fail(f"{' '.join(argv)} printed something else on a later run")
    if reference is None:
        fail("no runs")
    return times, reference


def expect_summary(output: str, files: int) -> None:
    """The text report's last line counts every file as a definition: nothing was skipped or unreadable."""
    last = output.strip().splitlines()[-1] if output.strip() else ""
    word = "file" if files == 1 else "files"
    wanted = f"{files} {word} ({files} definition{'s' if files != 1 else ''}, 0 skipped)."
    if not last.endswith(wanted):
        fail(f"unexpected summary {last!r}; expected it to end with {wanted!r}")


STDIN_DEFINITION = b"""export const main = {
    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',
    tools: {
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [] }
    }
}
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--definitions", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()

    from flowlint.lint.config import Config
    from flowlint.lint.engine import Engine

    command = flowlint_command()
    rng = random.Random(7)
    sources = [make_definition(rng, i).encode() for i in range(args.definitions)]
    lines = sum(s.count(b"\n") for s in sources) / len(sources)
    print(f"{len(sources)} definitions, {lines:.0f} lines on average")

    engine = Engine(Config())
    engine.lint_bytes(sources[0], Path("warmup.mjs"), "warmup.mjs")
    best = float("inf")
    counts: set[int] = set()
    for _ in range(3):
        start = time.perf_counter()
        reports = [engine.lint_bytes(s, Path(f"p{i}.mjs"), f"p{i}.mjs") for i, s in enumerate(sources)]
        best = min(best, time.perf_counter() - start)
        not_definitions = [r.path for r in reports if r.kind != "definition"]
        if not_definitions:
            fail(f"{len(not_definitions)} generated files were not linted as definitions, e.g. {not_definitions[0]}")
        counts.add(sum(len(r.diagnostics) for r in reports))
    if len(counts) != 1:
        fail(f"the same sources gave different finding counts: {sorted(counts)}")
    findings = counts.pop()
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
                summary = result.summary()
                if summary["definitions"] != len(sources) or summary["unreadable"] or summary["skipped"]:
                    fail(f"lint_paths(jobs={jobs}) summary {summary}; expected {len(sources)} definitions")
                if sum(len(f.diagnostics) for f in result.files) != findings:
                    fail(f"lint_paths(jobs={jobs}) found something else than the engine ({findings} findings)")
            label = "one process" if jobs == 1 else "one process per CPU"
            print(
                f"lint_paths over {len(result.files)} files on disk, {label}: "
                f"{len(result.files) / best:,.0f} definitions/s ({best * 1000:.0f} ms, best of 3)"
            )
        for i in range(500, len(sources)):
            (root / f"provider{i}.mjs").unlink()
        many_code = 1 if lint_paths([root], Config()).failed() else 0
        one_code = 1 if lint_paths([root / "provider0.mjs"], Config()).failed() else 0
        many, output = wall([command, "check", "--no-cache", str(root)], max(3, args.runs // 2), many_code)
        expect_summary(output, min(500, len(sources)))
        one, output = wall([command, "check", "--no-cache", str(root / "provider0.mjs")], args.runs, one_code)
        expect_summary(output, 1)
        stdin, output = wall([command, "check", "--stdin-filename", "demo.mjs", "-"], args.runs, 1, STDIN_DEFINITION)
        if not output.startswith("demo.mjs:4:9: TST001 error "):
            fail(f"flowlint check - printed {output!r}; expected a TST001 finding at demo.mjs:4:9")
        nothing, _ = wall([sys.executable, "-c", "pass"], args.runs, 0)
    print(
        f"flowlint check on 500 files: median {statistics.median(many) * 1000:.0f} ms wall "
        f"(min {min(many) * 1000:.0f}; target well under 1,000 ms)"
    )
    print(
        f"flowlint check on one file: median {statistics.median(one) * 1000:.0f} ms wall "
        f"(min {min(one) * 1000:.0f}; target < 300 ms; bare interpreter start "
        f"{statistics.median(nothing) * 1000:.0f} ms)"
    )
    print(
        f"flowlint check - (stdin, an editor's save): median {statistics.median(stdin) * 1000:.0f} ms wall "
        f"(min {min(stdin) * 1000:.0f}; about 150 ms expected)"
    )


if __name__ == "__main__":
    main()
