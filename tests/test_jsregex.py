"""JavaScript regular expressions matched in linear time (issue 28): RE2 with JavaScript's semantics, judged
against node's own `RegExp`, and no pattern, however written, that makes a test value take long."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import invoke_cli
from flowlint.core.jsbacktrack import compile_backtracking
from flowlint.core.jsregex import compile_js_regex, js_regex_syntax_error, to_re2
from flowlint.definition.loading import load_bytes
from flowlint.definition.zod import parse_z, regex_unchecked, validate
from flowlint.mcp.schema import check_arguments

# Issue 28's 602-byte definition: `check` hung on it, the language server stopped answering, `capture`
# hung before sending anything and `mock` froze on that argument.
CATASTROPHIC = (
    "export const main = {\n"
    "    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',\n"
    "    tools: { getItem: { method: 'GET', path: '/item', description: 'Item',\n"
    "        parameters: [ { position: { key: 'id', value: '{{USER_PARAM}}', location: 'query' }, "
    "z: { primitive: 'string()', options: [ 'regex(^(a+)+$)' ] } } ],\n"
    f"        tests: [ {{ _description: 'Long', id: '{'a' * 48}!' }} ] }} }}\n"
    "}\n"
)


def test_catastrophic_patterns_match_in_linear_time() -> None:
    """Issue 28 item 1: `regex(^(a+)+$)` and 48 `a`s and a `!` hung `check`, the language server, `capture`'s
    pre-flight and `mock` (Python's backtracking `re`). RE2 scans the value once: a 200,000-character value
    against the classic exponential patterns is answered (the pytest timeout only catches a hang)."""
    value = "a" * 200_000 + "!"
    for pattern in ("^(a+)+$", "^(a|a)*$", "^(a|aa)+$", "(x+x+)+y", "^(\\w+\\s?)*$", "^([a-z]*)*[0-9]$"):
        spec = parse_z("string()", [f"regex({pattern})"])
        assert spec.pattern is not None, pattern
        assert validate(value, spec) is not None  # does not match, and says so
        assert validate("a" * 48, parse_z("string()", ["regex(^(a+)+$)"])) is None


@pytest.mark.timeout(120)  # a hang guard only
def test_check_and_the_mock_answer_on_a_catastrophic_pattern(tmp_path: Path) -> None:
    (tmp_path / "item.mjs").write_text(CATASTROPHIC, encoding="utf-8")
    result = invoke_cli("check", "--no-cache", str(tmp_path / "item.mjs"))
    assert result.returncode == 1 and "does not match regex(^(a+)+$)" in result.stdout, result.stdout
    loaded = load_bytes(CATASTROPHIC.encode(), tmp_path / "item.mjs", "item.mjs")
    assert loaded.definition is not None
    [tool] = loaded.definition.tools
    problem = check_arguments(tool, {"id": "a" * 100_000 + "!"}, "get_item_demo")
    assert problem is not None and "does not match" in problem[0]


@pytest.mark.timeout(120)  # a hang guard only
def test_patterns_without_a_linear_time_match_get_a_bounded_matcher() -> None:
    """A lookaround or a backreference has no linear-time match: a backtracking matcher bounded in steps
    answers where it can, and gives up (None: not checked, FL005 says so) where backtracking explodes."""
    for pattern, good, bad in [
        ("^(?!0x)[a-z]+$", "abc", "0xab"),
        ("^(a)\\1$", "aa", "ab"),
        ("^(?<x>a)\\k<x>$", "aa", "ab"),
        ("(?<=a)b", "ab", "cb"),
        ("^(?=.*\\d)[a-z0-9]{4}$", "ab1c", "abcd"),
    ]:
        compiled, why = compile_js_regex(pattern)
        assert compiled is not None and not compiled.linear, (pattern, why)
        assert (compiled.search(good), compiled.search(bad)) == (True, False), pattern
    catastrophic = parse_z("string()", ["regex(^(?=a)(a+)+$)"])
    assert catastrophic.pattern is not None
    value = "a" * 48 + "!"
    assert catastrophic.pattern.search(value) is None  # gave up
    assert validate(value, catastrophic) is None and regex_unchecked(value, catastrophic)
    assert validate("a" * 10, catastrophic) is None and not regex_unchecked("a" * 10, catastrophic)


def test_translation_keeps_javascript_semantics() -> None:
    cases = {
        "^a$": [("a", True), ("a\n", False)],  # $ is the very end (Python's re also matched before a final \n)
        "^.$": [("\n", False), ("\r", False), ("\u2028", False), ("x", True)],
        "^\\s$": [("\u00a0", True), ("\ufeff", True), ("x", False)],
        "^\\S$": [("\u00a0", False), ("x", True)],
        "^\\d$": [("\u0661", False), ("1", True)],  # JavaScript's \d is ASCII
        "^[^]$": [("\n", True)],
        "^[]$": [("", False), ("a", False)],
        "^a{2$": [("a{2", True)],  # Annex B: a brace that starts no quantifier is a letter
        "^\\x41\\u0042\\cJ$": [("AB\n", True)],
        "^[\\b]$": [("\b", True)],
        "^\\1$": [("\x01", True)],  # no group: an octal escape
        "^(?<year>\\d{4})$": [("2024", True)],
        "^\\/\\-$": [("/-", True)],
        "^[a-c\\-]+$": [("a-c", True), ("d", False)],
    }
    for pattern, expectations in cases.items():
        compiled, why = compile_js_regex(pattern)
        assert compiled is not None, (pattern, why, to_re2(pattern))
        for text, expected in expectations:
            assert compiled.search(text) is expected, (pattern, text, to_re2(pattern))


def test_a_pattern_s_digits_are_ascii() -> None:
    """JavaScript reads only ASCII digits as a quantifier's bounds or a decimal escape: `\\²` and `\\٣` are
    identity escapes and `{٣}` is letters (str.isdigit() took them for digits: a crash, or a valid pattern
    reported invalid). Verdicts are node's, with and without a lookahead (RE2 and the bounded matcher)."""
    cases = {
        "\\²": [("a²", True), ("2", False)],
        "[\\²]": [("²", True), ("2", False)],
        "\\٣": [("٣", True), ("\x03", False)],
        "{٣}": [("{٣}", True), ("", False)],
        "a{٣}": [("a{٣}", True), ("aaa", False)],
        "a{²}": [("a{²}", True), ("aa", False)],
        "a{٣,١}": [("a{٣,١}", True), ("a", False)],
    }
    for written, expectations in cases.items():
        for pattern in (written, "(?=[\\s\\S])" + written):
            assert js_regex_syntax_error(pattern) is None, pattern
            compiled, why = compile_js_regex(pattern)
            assert compiled is not None, (pattern, why)
            for text, expected in expectations:
                assert compiled.search(text) is expected, (pattern, text)


def test_matching_agrees_with_node() -> None:
    """For every valid pattern flowlint matches, `search` equals node's `new RegExp(p).test(s)`, on random
    patterns and values from the characters that matter (seeded): RE2's translation, and the bounded
    backtracking matcher for lookarounds and backreferences (none of these short values exhausts it)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    chooser = random.Random(25)
    alphabet = ["a", "b", "(", ")", "[", "]", "^", "$", "*", "+", "?", "{2}", "{1,}", "|", "-", ".", "\\s", "\\S"]
    alphabet += ["\\d", "\\w", "\\b", "\\n", "\\x41", "[^a]", "(?:", "{", "}", "\\.", "\\u00a0", "\\0", "\\1"]
    alphabet += ["(?=", "(?!", "(?<=", "(?<!", "[a-]", "\\2", "\\B", "\\S"]
    patterns = sorted(
        {
            p
            for p in ("".join(chooser.choice(alphabet) for _ in range(chooser.randint(1, 7))) for _ in range(4000))
            if js_regex_syntax_error(p) is None and compile_js_regex(p)[0] is not None
        }
    )
    letters = ["a", "b", "A", "1", " ", "\n", "\r", "\u00a0", "\u2028", ".", "-", "\x00", "\x01", "{", "é"]
    values = sorted({"".join(chooser.choice(letters) for _ in range(chooser.randint(0, 5))) for _ in range(60)})
    script = (
        "const [ps, vs] = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "console.log(JSON.stringify(ps.map(p => { const r = new RegExp(p); return vs.map(v => r.test(v)) })))"
    )
    out = subprocess.run(
        [node, "-e", script], input=json.dumps([patterns, values]), capture_output=True, text=True, check=True
    )
    verdicts = json.loads(out.stdout)
    wrong = []
    for pattern, row in zip(patterns, verdicts, strict=True):
        compiled, _ = compile_js_regex(pattern)
        assert compiled is not None
        bounded = compile_backtracking(pattern)  # the fallback, judged on every pattern, not only its own
        for value, expected in zip(values, row, strict=True):
            if compiled.search(value) is not expected:
                wrong.append((pattern, value, expected, "linear" if compiled.linear else "bounded"))
            if bounded.search(value) is not expected:
                wrong.append((pattern, value, expected, "bounded"))
    assert len(patterns) > 500
    assert wrong == [], wrong[:10]


# The z engine's own regular expressions over user text: option strings, primitives, test values.
_USER_TEXT_MODULES = (
    "flowlint.definition.zod.parse",
    "flowlint.definition.zod.validate",
    "flowlint.core.jsregex",
    "flowlint.core.jsvalues",
)


def _nested_unbounded(pattern: str) -> bool:
    """Whether an unbounded repeat holds another unbounded repeat (the shape that backtracks
    exponentially), read from Python's own parse of the pattern."""
    import re._constants as constants  # type: ignore[import-not-found,unused-ignore]
    import re._parser as parser  # type: ignore[import-not-found,unused-ignore]

    repeats = {constants.MAX_REPEAT, constants.MIN_REPEAT, getattr(constants, "POSSESSIVE_REPEAT", None)}

    def walk(items: object, inside: bool) -> bool:
        for op, argument in items:  # type: ignore[attr-defined]
            if op in repeats:
                _low, high, body = argument
                unbounded = high == constants.MAXREPEAT
                if unbounded and inside:
                    return True
                if walk(body, inside or unbounded):
                    return True
            elif op is constants.SUBPATTERN:
                if walk(argument[-1], inside):
                    return True
            elif op is constants.BRANCH:
                if any(walk(branch, inside) for branch in argument[1]):
                    return True
            elif op in (constants.ASSERT, constants.ASSERT_NOT) and walk(argument[1], inside):
                return True
        return False

    return walk(parser.parse(pattern), False)


def test_the_z_engine_s_own_patterns_nest_no_unbounded_repeat() -> None:
    """Issue 28: every regular expression of flowlint's own that reads user text in the z engine is free
    of nested quantifiers (the analyser itself is checked on `(a+)+`)."""
    import importlib
    import re

    assert _nested_unbounded("(a+)+") and _nested_unbounded("(?:x|(y*))*") and not _nested_unbounded("a+b*(c)?")
    found = []
    for name in _USER_TEXT_MODULES:
        for value in vars(importlib.import_module(name)).values():
            if isinstance(value, re.Pattern):
                found.append(value.pattern)
                assert not _nested_unbounded(value.pattern), (name, value.pattern)
    assert len(found) >= 8


@pytest.mark.timeout(120)  # a hang guard only: linear scans take well under a second each here
def test_long_option_strings_are_scanned_in_linear_time() -> None:
    """Issue 28 item 8: an option was scanned in quadratic time (80 KB: 7 s, 2 MB: about an hour), in
    `check` and the language server. 400 KB options of the shapes that were quadratic (a long word with
    no call, digits that end in a letter, nested unclosed calls, a long enum) now parse in a linear scan;
    at the old rate they would take many minutes."""
    size = 400_000
    for primitive, option in [
        ("string()", "a" * size),
        ("number()", "default(" + "1" * size + "x)"),
        ("number()", "min(" + "1" * size + "x)"),
        ("string()", "f(" + "a(" * (size // 2)),
        ("string()", "regex(" + "a" * size + ")"),
        ("string()", "regex(" + "a." * (size // 2) + ")"),
        ("string()", "regex(" + "a." * 30_000 + ")"),
    ]:
        parse_z(primitive, [option])
    parse_z("enum(" + "a," * (size // 2) + ")", [])
    assert validate("1" * size + "x", parse_z("number()", [])) is not None
    assert validate("a" * size, parse_z("enum(ab,cd)", [])) is not None


def test_huge_patterns_are_not_checked_and_print_nothing(capfd: pytest.CaptureFixture[str]) -> None:
    """RE2 writes internal warnings to standard error for patterns of megabytes (thousands of lines); a
    pattern longer than MAX_PATTERN never reaches it: not checked, and nothing printed."""
    from flowlint.core.jsregex import MAX_PATTERN

    compiled, why = compile_js_regex("a." * 1_000_000)
    assert compiled is None and f"{MAX_PATTERN:,} characters" in why
    assert compile_js_regex("a" * MAX_PATTERN)[0] is not None
    assert capfd.readouterr().err == ""


def test_a_pattern_that_backtracks_costs_a_bounded_number_of_steps_however_many_tests_meet_it() -> None:
    """The bounded matcher's budget is per value and per pattern: 200 test values that each exhaust it are
    checked in four values' worth of steps, the rest not checked at once (never time per test)."""
    from flowlint.core.jsbacktrack import STEP_BUDGET
    from flowlint.core.jsregex import PATTERN_STEP_BUDGET

    compiled, _ = compile_js_regex("^(?=[ab])(a+)+$")  # a pattern of this test's own: the budget is per pattern
    assert compiled is not None and not compiled.linear
    assert [compiled.search("a" * (40 + n) + "!") for n in range(200)] == [None] * 200
    assert compiled._left <= 0 and PATTERN_STEP_BUDGET == 4 * STEP_BUDGET
