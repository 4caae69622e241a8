"""Benchmark for `flowlint check`: library throughput, a 500-file run, a one-file run, the editor's
`check -` (standard input) and one definition with many tests on one line, as whole processes of the
installed `flowlint` command.

Targets (issue 2, on a 2-core machine): >= 2,000 definitions/s through the library; a 500-file
`flowlint check` well under 1 s wall; `flowlint check -` (an editor's save action; tests/test_stdin.py
only checks that it imports nothing heavy) about 0.15 s. Issue 11: `flowlint check --no-cache FILE` on
one median-size definition (about 8 KB) at most 0.10 s wall (issue 26: 50 ms, the whole process, cold
but compiled); a definition with 80,000 tests on one
line no slower than 9 times one with 10,000 (linear).

Start-up depends on whether Python finds compiled bytecode for flowlint's modules, so the one-file and
stdin runs are timed twice: "compiled" (a fresh PYTHONPYCACHEPREFIX, filled by a first run that is not
timed: what any installation has after its first run) and "as is" (this environment unchanged: with
PYTHONDONTWRITEBYTECODE set and no __pycache__ beside the sources, every run compiles flowlint anew).
`--baseline-flowlint OTHER` times another build's command the same way, alternating run by run (the
same load for both), and fails unless it prints the same findings.

Every run's exit code and output are checked before any time is reported; a run that does not give
the expected result stops the benchmark with exit code 1.

    python benchmarks/bench_check.py [--definitions 1000] [--runs 10] [--one-file PATH]
                                     [--baseline-flowlint PATH] [--tests 10000,80000]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
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


class Run:
    """One finished process: wall and CPU seconds (user + system, its children included), exit code, output."""

    def __init__(self, wall: float, cpu: float, code: int, stdout: str, stderr: str) -> None:
        self.wall, self.cpu, self.code, self.stdout, self.stderr = wall, cpu, code, stdout, stderr


def run(argv: list[str], env: dict[str, str] | None = None, stdin: bytes | None = None) -> Run:
    """Run argv to the end; a Python traceback on stderr stops the benchmark."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, input=stdin, capture_output=True, check=False, env=env)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    stderr = done.stderr.decode("utf-8", "replace")
    if "Traceback (most recent call last)" in stderr:
        fail(f"{' '.join(argv)} crashed:\n{stderr[-2000:]}")
    return Run(elapsed, cpu, done.returncode, done.stdout.decode("utf-8", "replace"), stderr)


def checked(argv: list[str], expected_code: int, env: dict[str, str] | None = None, stdin: bytes | None = None) -> Run:
    """One run that must exit with expected_code."""
    result = run(argv, env, stdin)
    if result.code != expected_code:
        fail(
            f"{' '.join(argv)} exited {result.code}, expected {expected_code}\n"
            f"stdout: {result.stdout[-2000:]}\nstderr: {result.stderr[-2000:]}"
        )
    return result


def alternating(
    commands: dict[str, list[str]],
    runs: int,
    expected_code: int,
    env: dict[str, str] | None = None,
    stdin: bytes | None = None,
) -> dict[str, list[Run]]:
    """`runs` runs of every command, taking turns run by run (so that each sees the same load); every
    run must exit with expected_code and print exactly what the first command's first run printed."""
    series: dict[str, list[Run]] = {name: [] for name in commands}
    reference: str | None = None
    for _ in range(runs):
        for name, argv in commands.items():
            result = checked(argv, expected_code, env, stdin)
            if reference is None:
                reference = result.stdout
            elif result.stdout != reference:
                fail(f"{name}: {' '.join(argv)} printed something else than the first run")
            series[name].append(result)
    return series


def wall(argv: list[str], runs: int, expected_code: int, stdin: bytes | None = None) -> tuple[list[float], str]:
    """Wall times of `runs` runs of argv; every run must exit with expected_code and print the same output."""
    results = alternating({"run": argv}, runs, expected_code, stdin=stdin)["run"]
    return [r.wall for r in results], results[0].stdout


def median_ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:.0f} ms"


def load() -> str:
    """The load averages (1, 5, 15 minutes), to print beside timings."""
    return "load " + " ".join(f"{value:.2f}" for value in os.getloadavg())


def bytecode_env(prefix: Path | None) -> dict[str, str]:
    """The environment for a timed run: with `prefix`, bytecode is written to and read from that folder
    (compiled once, by a first untimed run); without, this environment as it is."""
    env = dict(os.environ)
    if prefix is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(prefix)
    return env


def many_tests_definition(count: int) -> str:
    """One tool with `count` tests, all on one line (a minified or generated definition)."""
    tests = ", ".join(
        f"{{ _description: 'Case {index}', ids: [ 'bitcoin' ], vs_currency: 'usd' }}" for index in range(count)
    )
    return (
        "export const main = {\n"
        "    namespace: 'many', name: 'Many', description: 'Many tests', version: '3.0.0',\n"
        "    root: 'https://api.example.com', requiredServerParams: [], headers: {},\n"
        "    tools: {\n"
        "        getPrice: {\n"
        "            method: 'GET', path: '/price', description: 'Price',\n"
        "            parameters: [\n"
        "                { position: { key: 'ids', value: '{{USER_PARAM}}', location: 'query' }, "
        "z: { primitive: 'array()', options: [] } },\n"
        "                { position: { key: 'vs_currency', value: '{{USER_PARAM}}', location: 'query' }, "
        "z: { primitive: 'enum(usd,eur)', options: [] } }\n"
        "            ],\n"
        f"            tests: [ {tests} ]\n"
        "        }\n"
        "    }\n"
        "}\n"
    )


def expected(paths: list[Path]) -> tuple[int, str]:
    """The exit code and summary line `flowlint check` must print for `paths`, worked out in this process
    through the library API (default configuration): the number of findings by severity and of files."""
    from flowlint.api import lint_paths
    from flowlint.lint.reporters import summary_line
    from flowlint.lint.result import FileReport, LintResult

    result = lint_paths(paths)
    # `check` shows the FL002 note of a skipped file only on request (--show-skipped)
    files = [
        FileReport(r.path, r.kind, [d for d in r.diagnostics if d.code != "FL002"]) if r.kind == "skipped" else r
        for r in result.files
    ]
    return (1 if result.failed() else 0), summary_line(LintResult(files, result.config))


def summary_of(output: str) -> str:
    """The text report's summary line: its last line, or the one before a line saying what is fixable."""
    lines = output.strip().splitlines()
    while lines and lines[-1].startswith(("[*] ", "No fixes with")):
        lines.pop()
    return lines[-1] if lines else ""


def expect_line(output: str, line: str) -> None:
    """The report's summary line must be `line` (the same findings as the library API counts)."""
    last = summary_of(output)
    if last != line:
        fail(f"unexpected summary {last!r}; expected {line!r}")


def expect_summary(output: str, files: int) -> None:
    """The text report's summary line counts every file as a definition: nothing was skipped or unreadable."""
    last = summary_of(output)
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
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--definitions", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--one-file", type=Path, help="the definition for the one-file run (default: generated, ~8 KB)")
    parser.add_argument("--baseline-flowlint", help="another build's flowlint command, timed alternately")
    parser.add_argument("--tests", default="10000,80000", help="test counts of the one-line definitions")
    args = parser.parse_args()
    commands = {"flowlint": flowlint_command()}
    if args.baseline_flowlint:
        commands["baseline"] = args.baseline_flowlint
    print(f"{load()} at the start")
    sources = throughput(args.definitions)
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        one_file = args.one_file.resolve() if args.one_file else write_one_file(root, sources)
        many_files(root, sources, commands["flowlint"], args.runs)
        start_up(root, one_file, commands, args.runs)
        many_tests(root, [int(count) for count in args.tests.split(",")], commands, max(5, args.runs // 2))
    print(f"{load()} at the end")


def throughput(count: int) -> list[bytes]:
    """Definitions per second through the library (one engine, in this process); returns the sources."""
    from flowlint.lint.config import Config
    from flowlint.lint.engine import Engine

    rng = random.Random(7)
    sources = [make_definition(rng, i).encode() for i in range(count)]
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
    print(
        f"library: {len(sources) / best:,.0f} definitions/s ({best * 1000:.0f} ms for {len(sources)}, "
        f"{counts.pop()} findings; best of 3; target >= 2,000/s)"
    )
    return sources


def write_one_file(root: Path, sources: list[bytes]) -> Path:
    """The generated definition closest to 8 KB (the public library's median file is 7.7 KB)."""
    source = min(sources, key=lambda s: abs(len(s) - 8000))
    path = root / "one" / "median.mjs"
    path.parent.mkdir()
    path.write_bytes(source)
    return path


def many_files(root: Path, sources: list[bytes], command: str, runs: int) -> None:
    """lint_paths over files on disk (1 and all CPUs), then `flowlint check` on 500 of them."""
    from flowlint.api import lint_paths
    from flowlint.lint.config import Config

    folder = root / "many"
    folder.mkdir()
    for i, source in enumerate(sources):
        (folder / f"provider{i}.mjs").write_bytes(source)
    findings = sum(len(r.diagnostics) for r in lint_paths([folder], Config(), jobs=1).files)
    for jobs in (1, None):
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            result = lint_paths([folder], Config(), jobs=jobs)
            best = min(best, time.perf_counter() - start)
            summary = result.summary()
            if summary["definitions"] != len(sources) or summary["unreadable"] or summary["skipped"]:
                fail(f"lint_paths(jobs={jobs}) summary {summary}; expected {len(sources)} definitions")
            if sum(len(f.diagnostics) for f in result.files) != findings:
                fail(f"lint_paths(jobs={jobs}) found something else than with one process ({findings} findings)")
        label = "one process" if jobs == 1 else "one process per CPU"
        print(
            f"lint_paths over {len(result.files)} files on disk, {label}: "
            f"{len(result.files) / best:,.0f} definitions/s ({best * 1000:.0f} ms, best of 3)"
        )
    for i in range(500, len(sources)):
        (folder / f"provider{i}.mjs").unlink()
    code, summary = expected([folder])
    many, output = wall([command, "check", "--no-cache", str(folder)], max(3, runs // 2), code)
    expect_summary(output, min(500, len(sources)))
    expect_line(output, summary)
    print(
        f"flowlint check on {min(500, len(sources))} files: median {median_ms(many)} wall "
        f"(min {min(many) * 1000:.0f} ms; target well under 1,000 ms; {load()})"
    )


def start_up(root: Path, one_file: Path, commands: dict[str, str], runs: int) -> None:
    """`flowlint check --no-cache ONE_FILE` and `flowlint check -`, compiled and as is, each command in turn."""

    one_code, one_summary = expected([one_file])
    size = one_file.stat().st_size
    for condition, prefix in (("compiled", root / "pycache"), ("as is", None)):
        env = bytecode_env(prefix)
        one_argv = {name: [command, "check", "--no-cache", str(one_file)] for name, command in commands.items()}
        stdin_argv = {
            name: [command, "check", "--stdin-filename", "demo.mjs", "-"] for name, command in commands.items()
        }
        if prefix is not None:  # the untimed first run that writes the bytecode
            alternating(one_argv, 1, one_code, env)
            alternating(stdin_argv, 1, 1, env, STDIN_DEFINITION)
        one = alternating(one_argv, runs, one_code, env)
        expect_summary(one["flowlint"][0].stdout, 1)
        expect_line(one["flowlint"][0].stdout, one_summary)
        stdin = alternating(stdin_argv, runs, 1, env, STDIN_DEFINITION)
        if not stdin["flowlint"][0].stdout.startswith("demo.mjs:4:9: TST001 error "):
            fail(f"flowlint check - printed {stdin['flowlint'][0].stdout!r}; expected TST001 at demo.mjs:4:9")
        nothing = alternating({"python": [sys.executable, "-c", "pass"]}, runs, 0, env)["python"]
        for name in commands:
            print(
                f"{name} check --no-cache ONE_FILE ({size:,} bytes), {condition}: median "
                f"{median_ms([r.wall for r in one[name]])} wall (min {min(r.wall for r in one[name]) * 1000:.0f} ms; "
                f"target <= 50 ms, issue 26); check - (stdin): {median_ms([r.wall for r in stdin[name]])}; "
                f"bare interpreter {median_ms([r.wall for r in nothing])}; {runs} runs each; {load()}"
            )


def many_tests(root: Path, counts: list[int], commands: dict[str, str], runs: int) -> None:
    """One definition with N tests on one line, for each N: the time must grow linearly with N."""
    medians: dict[str, dict[int, float]] = {name: {} for name in commands}
    for count in counts:
        path = root / f"tests{count}.mjs"
        path.write_text(many_tests_definition(count))
        argv = {name: [command, "check", "--no-cache", str(path)] for name, command in commands.items()}
        code, summary = expected([path])
        series = alternating(argv, runs, code, bytecode_env(root / "pycache"))
        expect_summary(series["flowlint"][0].stdout, 1)
        expect_line(series["flowlint"][0].stdout, summary)
        for name, results in series.items():
            medians[name][count] = statistics.median(r.wall for r in results)
            print(
                f"{name} check --no-cache, one definition with {count:,} tests on one line: median "
                f"{medians[name][count] * 1000:,.0f} ms wall ({runs} runs; {load()})"
            )
    low, high = min(counts), max(counts)
    for name, by_count in medians.items():
        ratio = by_count[high] / by_count[low]
        allowed = high / low * 9 / 8  # 80,000 tests against 10,000: at most 9 times
        verdict = "met" if ratio <= allowed else "NOT met"
        print(f"{name}: {high:,} tests take {ratio:.1f}x the time of {low:,} (target <= {allowed:.0f}x: {verdict})")


if __name__ == "__main__":
    main()
