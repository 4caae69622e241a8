"""Hostile input to the parsers: limits count bytes, never seconds.

The same file must give the same findings on a busy machine and an idle one, a large valid definition
must be checked, and junk that makes tree-sitter's error recovery superlinear must not hang.
"""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest

from conftest import REPO, invoke_cli, run_cli
from flowlint.formats import javascript
from flowlint.formats.javascript import MAX_SOURCE_BYTES, PARSE_BEYOND_ERROR, parse_javascript

TOOL = (
    "        tool{i}: {{ method: 'GET', path: '/t/{i}', description: 'Tool {i}', parameters: [], // unit: none\n"
    "            tests: [ {{ _description: 'one' }}, {{ _description: 'two' }}, {{ _description: 'three' }} ] }},\n"
)


def definition(tools: int) -> bytes:
    head = (
        "export const main = {\n    namespace: 'big', name: 'Big', description: 'Big API', version: '3.0.0',\n"
        "    root: 'https://api.example.com',\n    tools: {\n"
    )
    return (head + "".join(TOOL.format(i=i) for i in range(tools)) + "    }\n}\n").encode()


def junk(alphabet: bytes, size: int, seed: int = 1) -> bytes:
    """`size` pseudo-random bytes of `alphabet`, the same for a seed: random bytes mapped onto the
    alphabet in C (a byte chosen at a time in Python took 0.6 s for 3 MB)."""
    onto_alphabet = bytes(alphabet[value % len(alphabet)] for value in range(256))
    return random.Random(seed).randbytes(size).translate(onto_alphabet)


def test_a_busy_machine_does_not_change_the_result(monkeypatch: pytest.MonkeyPatch) -> None:
    # A clock that runs a minute per reading: a parse limited by wall time gives up at once.
    now = [0.0]

    def slow_clock() -> float:
        now[0] += 60.0
        return now[0]

    monkeypatch.setattr(time, "monotonic", slow_clock)
    monkeypatch.setattr(time, "perf_counter", slow_clock)
    data = definition(2000)
    module = parse_javascript(data)
    assert module.problems == []
    assert module.internal_error is None
    assert len(module.exports["main"].get("tools").entries) == 2000  # type: ignore[union-attr]


def test_a_file_over_the_size_limit_is_fl001_naming_both_sizes(tmp_path: Path) -> None:
    data = definition(1)
    (tmp_path / "huge.mjs").write_bytes(data + b"\n" * (MAX_SOURCE_BYTES + 1 - len(data)))
    result = invoke_cli("check", "--format", "json", "--no-cache", "huge.mjs", cwd=tmp_path)
    [diagnostic] = json.loads(result.stdout)["diagnostics"]
    assert diagnostic["code"] == "FL001"
    assert "too large to analyse (32.0 MB; JavaScript definitions are analysed up to 32 MB)" in diagnostic["message"]
    assert result.returncode == 1


def test_a_file_at_the_size_limit_is_parsed() -> None:
    data = definition(1)
    module = parse_javascript(data + b" " * (MAX_SOURCE_BYTES - len(data)))
    assert module.problems == []
    assert "main" in module.exports


@pytest.mark.parametrize(
    "alphabet",
    [b"{}[]()", bytes(range(128, 256)), b"{[(,:a"],
    ids=["brackets", "high-bytes", "openers"],
)
def test_junk_is_parsed_only_a_window_past_its_first_error(alphabet: bytes) -> None:
    # 3 MB of junk whose error recovery is superlinear: the parse stops a fixed number of bytes
    # past the first error, so the problems are the same whatever the machine's load.
    data = junk(alphabet, 3_000_000)
    module = parse_javascript(data)
    assert module.problems
    assert all(problem.span.end <= PARSE_BEYOND_ERROR for problem in module.problems)
    assert not any("reasonable time" in problem.message for problem in module.problems)
    assert parse_javascript(data).problems == module.problems


def test_an_error_deep_in_a_large_valid_file_is_reported_where_it_is() -> None:
    data = definition(3000)
    at = len(data) - 200
    broken = data[:at] + b" }}}{{{ (((" + junk(b"{[(,:a", 500_000) + data[at:]
    module = parse_javascript(broken)
    assert module.problems
    assert module.problems[0].span.start >= at - 1000  # recovery may start a few tokens earlier
    assert all(problem.span.end <= at + PARSE_BEYOND_ERROR for problem in module.problems)


def test_a_small_file_with_errors_is_parsed_whole() -> None:
    # Under the window, nothing changes: every problem and the exports that still parse.
    module = parse_javascript(b"export const a = 1\nexport const main = { a: 1,, b: [ }\n")
    assert module.problems
    assert "a" in module.exports


def test_the_limits_are_bytes_not_seconds() -> None:
    assert not hasattr(javascript, "PARSE_SECONDS")
    assert MAX_SOURCE_BYTES >= 20_000_000  # a valid 20 MB definition is checked


def test_standard_input_is_bounded_like_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from flowlint.core import fileio

    monkeypatch.setattr(fileio, "MAX_READ_BYTES", 10_000)
    result = invoke_cli("check", "--stdin-filename", "big.mjs", "-", cwd=tmp_path, input=definition(100))
    assert result.returncode == 2
    assert "standard input is over the 10,000-byte limit" in result.stderr
    small = invoke_cli("check", "--stdin-filename", "small.mjs", "-", cwd=tmp_path, input=definition(1))
    assert small.returncode == 0, small.stdout


# -- the work budget (FL020): reuse that multiplies ------------------------------------------------


def repeated(levels: int, python: bool = False) -> bytes:
    """`a{n} = [a{n-1}, ... ten times]` over `levels` lines: about 60 bytes a level, 10**levels values."""
    keyword = "" if python else "const "
    lines = [f"{keyword}a0 = 'x'"]
    lines += [f"{keyword}a{n} = [{', '.join([f'a{n - 1}'] * 10)}]" for n in range(1, levels + 1)]
    if python:
        lines.append(f"main = {{'namespace': 'demo', 'tools': {{}}, 'extra': a{levels}}}")
    else:
        lines.append(f"export const main = {{ namespace: 'demo', tools: {{}}, extra: a{levels} }}")
    return ("\n".join(lines) + "\n").encode()


@pytest.mark.parametrize("suffix", [".mjs", ".py"])
def test_a_tiny_file_that_stands_for_10_to_the_11_values_costs_bounded_work(
    suffix: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 11 levels: on the old code, 10**11 values (the 7-level file took 10 s to check, this one never ended).
    from flowlint.formats import parse_file_bytes
    from flowlint.formats.base import MAX_EVALUATION_WORK, WorkBudget

    measured = 0
    measure = WorkBudget.measure

    def counting(self: WorkBudget, node: object) -> tuple[int, int]:
        nonlocal measured
        measured += 1
        return measure(self, node)  # type: ignore[arg-type]

    monkeypatch.setattr(WorkBudget, "measure", counting)
    data = repeated(11, python=suffix == ".py")
    assert len(data) < 800
    module = parse_file_bytes(data, suffix)
    assert module.over_budget is not None and not module.exports
    assert f"more than {MAX_EVALUATION_WORK:,} values" in module.over_budget.message
    assert "FlowMCP would evaluate it, but flowlint cannot check it" in module.over_budget.message
    assert data[module.over_budget.span.start : module.over_budget.span.end] == b"a5"  # where it ran out
    assert measured < 200  # a call per reference, and each constant's members measured once


@pytest.mark.parametrize(
    ("source", "suffix"),
    [
        # a string that doubles on each line: 2**40 characters from 40 short lines
        ("s = 'x'\n" + "s += s\n" * 40 + "main = {'namespace': s}\n", ".py"),
        (
            "const s0 = 'x';\n"
            + "".join(f"const s{n} = s{n - 1} + s{n - 1} + s{n - 1} + s{n - 1};\n" for n in range(1, 21))
            + "export const main = { namespace: s20 };\n",
            ".mjs",
        ),
        (
            "const s = '" + "x" * 2000 + "';\nexport const main = { namespace: 'n', c: [" + "...s, " * 600 + "] };\n",
            ".mjs",
        ),
        (
            "const a = ["
            + "1, " * 1000
            + "];\nexport const main = { namespace: JSON.stringify(["
            + "a, " * 1100
            + "]) };\n",
            ".mjs",
        ),
    ],
    ids=["python-doubling-string", "js-quadrupling-string", "js-spread-string", "js-json-stringify"],
)
def test_computed_strings_and_spreads_count_against_the_budget(source: str, suffix: str) -> None:
    from flowlint.formats import parse_file_bytes

    module = parse_file_bytes(source.encode(), suffix)
    assert module.over_budget is not None, module.exports.keys()


def test_real_reuse_stays_far_under_the_budget() -> None:
    # Shared constants referenced a few times (the library's largest file spends 42 values).
    from flowlint.formats import parse_file_bytes

    module = parse_file_bytes(repeated(4), ".mjs")
    assert module.over_budget is None and "main" in module.exports


# -- regular expressions over user text (issue 28, item 2) ------------------------------------------


def _backtracking_nests(items: Any, in_loop: bool = False) -> int:
    """How many repeats of `items` (a parsed pattern) sit inside another repeat and may backtrack: the
    shape of catastrophic backtracking (`(a+)*`). A possessive repeat or an atomic group never gives
    back what it matched, so nothing inside one counts."""
    from re import _constants as sre  # type: ignore[attr-defined]

    found = 0
    for op, arg in items:
        if op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
            _low, high, body = arg
            found += int(in_loop and high > 1) + _backtracking_nests(body, in_loop or high > 1)
        elif op == sre.SUBPATTERN:
            found += _backtracking_nests(arg[3], in_loop)
        elif op == sre.BRANCH:
            found += sum(_backtracking_nests(branch, in_loop) for branch in arg[1])
        elif op in (sre.ASSERT, sre.ASSERT_NOT):
            found += _backtracking_nests(arg[1], in_loop)
    return found


def _flowlint_patterns() -> dict[str, re.Pattern[str] | re.Pattern[bytes]]:
    """Every compiled pattern of flowlint's modules (module globals, and those in a global dict, list or
    tuple), and every literal pattern passed to a function of `re`, by where it is."""
    import ast
    import importlib
    import pkgutil

    import flowlint
    import flowlint.rules

    found: dict[str, Any] = {}
    for package in (flowlint, flowlint.rules):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if info.name.endswith("__main__"):
                continue
            module = importlib.import_module(info.name)
            for name, value in vars(module).items():
                values = (
                    value.values()
                    if isinstance(value, dict)
                    else value
                    if isinstance(value, (list, tuple))
                    else [value]
                )
                for index, item in enumerate(values):
                    if isinstance(item, re.Pattern):
                        found[f"{info.name}.{name}[{index}]"] = item
    for path in sorted([*(REPO / "flowlint").rglob("*.py"), *(REPO / "rules").rglob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "re"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, (str, bytes))
            ):
                flags = re.VERBOSE if "re.VERBOSE" in ast.unparse(node) else 0
                found[f"{path.relative_to(REPO)}:{node.lineno}"] = re.compile(node.args[0].value, flags)
    return found


def test_no_regular_expression_of_flowlint_nests_quantifiers_that_backtrack() -> None:
    # The JSONC trailing-comma pattern `,(?=(?:\s|//[^\n]*|...)*[}\]])` took 80 s on 44 slashes.
    from re import _parser as sre_parse  # type: ignore[attr-defined]

    patterns = _flowlint_patterns()
    assert len(patterns) > 50  # the collector finds them
    nested = {
        where: pattern.pattern
        for where, pattern in patterns.items()
        if _backtracking_nests(sre_parse.parse(pattern.pattern, pattern.flags))
    }
    assert nested == {}


@pytest.mark.parametrize("name", ["settings.json", "tsconfig.json"])
def test_a_jsonc_separator_line_after_a_comma_is_read_at_once(tmp_path: Path, name: str) -> None:
    # A real process: the old pattern spent its time inside one C call that no alarm interrupts (60
    # slashes never finished). The timeout only bounds that hang.
    separator = "/" * 60
    (tmp_path / name).write_text(f'{{\n  "a": 1,\n  {separator}\n  "b": [1, 2,\n  {separator}x\n  ]\n}}\n')
    result = run_cli("check", "--no-cache", str(tmp_path), timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("text", "meaning"),
    [
        (b'{"a": 1, /* one */ /* two */ }', {"a": 1}),
        (b'{"a": [1, // c\n]}', {"a": [1]}),
        (b'{"s": "not // a comment", }', {"s": "not // a comment"}),
        (b'{"s": "a \\" /* quote", /* c */\n}', {"s": 'a " /* quote'}),
        (b'{"a": [1, /*/ c */ 2]}', {"a": [1, 2]}),
    ],
)
def test_jsonc_relaxing_keeps_its_meaning(text: bytes, meaning: object) -> None:
    from flowlint.formats.json import relax_jsonc

    relaxed = relax_jsonc(text)
    assert relaxed is not None and len(relaxed) == len(text)
    assert json.loads(relaxed) == meaning


@pytest.mark.parametrize(
    "text", [b'{"open": "unterminated\n, }', b"{/* unterminated , }", b'{"a": 1, ' + b"/* " * 50_000]
)
def test_jsonc_relaxing_of_broken_text_ends(text: bytes) -> None:
    from flowlint.formats.json import relax_jsonc

    relaxed = relax_jsonc(text)
    assert relaxed is None or len(relaxed) == len(text)


def test_sql_literals_and_comments_are_scanned_once() -> None:
    from flowlint.definition.sql import strip_leading_comments, without_literals

    assert without_literals("SELECT 'a;b', \"c;d\" -- e;f\nFROM t /* g;h */ WHERE x = 'it''s'") == (
        "SELECT '', '' ''\nFROM t '' WHERE x = ''"
    )
    assert without_literals("SELECT 'open; DROP") == "SELECT ''"  # to the end, as SQLite reads it
    assert strip_leading_comments("  -- a\n/* b */ /* c */\n SELECT 1") == "SELECT 1"
    hostile = "/* " * 200_000 + "x"  # one unterminated comment, once scanned 200,000 times
    assert without_literals(hostile) == "''"


# -- memory proportional to the input (issue 28, item 9) ---------------------------------------------


def _peak_bytes(data: bytes, suffix: str) -> tuple[Any, int]:
    """The parse of `data` and the most memory it held at once (tree-sitter and libcst allocate through
    Python's allocator, so tracemalloc sees their trees)."""
    import tracemalloc

    from flowlint.formats import parse_file_bytes

    parse_file_bytes(b"export const x = 1\n" if suffix == ".mjs" else b"x = 1\n", suffix)  # load the parser first
    tracemalloc.start()
    try:
        module = parse_file_bytes(data, suffix)
        return module, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize(
    "body",
    [b"namespace: a" + b"+a" * 3_000_000, b"n: [" + b"1," * 3_000_000 + b"]"],
    ids=["a+a+a", "[1,1,1]"],
)
def test_a_dense_javascript_file_is_refused_before_its_tree_outgrows_a_real_ones(body: bytes) -> None:
    # An 8 MB `a+a+...` peaked at 2.7 GB: tree-sitter's tree (about 130 bytes a node, 1.5 nodes a byte)
    # and a Python node for every operand.
    from flowlint.formats.javascript import PARSE_OPERATIONS_FREE, PARSE_OPERATIONS_PER_BYTE

    data = b"export const main = { " + body + b" }\n"
    module, peak = _peak_bytes(data, ".mjs")
    [problem] = module.problems
    assert problem.message.startswith("the file is too dense to analyse: its first ")
    assert f"flowlint analyses {PARSE_OPERATIONS_PER_BYTE} per byte, and {PARSE_OPERATIONS_FREE:,} more" in (
        problem.message
    )
    assert not module.exports
    assert peak < 100 * len(data), (peak, len(data))  # before: 190 bytes of tree for each byte


def test_a_valid_definition_of_many_megabytes_is_not_too_dense() -> None:
    module = parse_javascript(definition(20_000))
    assert module.problems == [] and "main" in module.exports


def test_a_dense_python_file_is_refused_before_libcst_reads_it() -> None:
    # A 0.9 MB `[1,1,1...]` peaked at 2.4 GB in libcst (about 4 KB a token) and took 87 s.
    from flowlint.formats.python import TOKENS_FREE, TOKENS_PER_CHARACTER

    data = b"main = {'namespace': 'x', 'a': [" + b"1," * 150_000 + b"]}\n"
    module, peak = _peak_bytes(data, ".py")
    [problem] = module.problems
    assert problem.message.startswith("the file is too dense to analyse: its first ")
    assert f"flowlint analyses {TOKENS_PER_CHARACTER:g} per character, and {TOKENS_FREE:,} more" in problem.message
    assert peak < 20 * len(data), (peak, len(data))


def test_a_python_definition_of_real_density_is_read() -> None:
    tool = (
        "    'tool{i}': {{'method': 'GET', 'path': '/t/{i}', 'description': 'Tool {i} of the big definition.', "
        "'parameters': [], 'tests': [{{'_description': 'one'}}, {{'_description': 'two'}}, {{'_description': 'three'}}]}},\n"
    )
    data = (
        "main = {'namespace': 'big', 'tools': {\n" + "".join(tool.format(i=i) for i in range(800)) + "}}\n"
    ).encode()
    assert len(data) > 150_000
    from flowlint.formats import parse_file_bytes

    module = parse_file_bytes(data, ".py")
    assert module.problems == [] and "main" in module.exports
