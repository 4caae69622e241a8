"""The one reader of JavaScript pattern syntax (core/jspattern.py) under the syntax check, the RE2
translation and the bounded matcher: their verdicts judged against node's own `RegExp` on generated
patterns and the library's, and the defects the three hand-written readers had."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from flowlint.core.jsbacktrack import compile_backtracking
from flowlint.core.jsregex import DUPLICATE_NAME, compile_js_regex, js_regex_syntax_error
from flowlint.definition.loading import load_paths

# A small grammar of patterns: characters, escapes, classes, groups of every kind and quantifiers, so that
# most patterns are valid and many hold what the readers differed on (\c, \k, escapes as range ends).
# No astral character: RE2 reads code points where JavaScript reads UTF-16 units, a known difference
# (`.` or a class meets half of one in JavaScript), not the reader's.
_ESCAPES = [
    *("\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "\\b", "\\B", "\\n", "\\f", "\\t", "\\x41", "\\x4", "\\u00e9"),
    *("\\u0041", "\\0", "\\1", "\\2", "\\12", "\\8", "\\08", "\\377", "\\400", "\\c", "\\cJ", "\\c1", "\\c_"),
    *("\\c*", "\\k", "\\k<n>", "\\k<m>", "\\-", "\\.", "\\/", "\\²", "\\]", "\\[", "\\^", "\\$", "\\u{41}"),
]
_CHARACTERS = ["a", "b", "z", "A", "_", "-", "é", "<", ">", ".", "/", "{", "}", "]", ",", "0", "9", " "]
_CLASS_CHARACTERS = ["a", "b", "z", "-", "-", "^", "[", "(", ".", "é", "\\", "0", "_"]
_QUANTIFIERS = ["*", "+", "?", "{2}", "{1,}", "{0,2}", "{2,1}", "*?", "+?", "{1,3}?", "{", "{٣}"]
_GROUPS = ["(", "(?:", "(?=", "(?!", "(?<=", "(?<!", "(?<n>", "(?<m>"]
_VALUES = ["a", "b", "z", "A", "1", "8", " ", "\n", "\x0c", "\x11", "\x1f", "\x08", "\\", "c", "k", "<", ">"]
_VALUES += ["n", "-", ".", "\x00", "\x01", "{", "é", "B", "_", "²", "/", "0", "9", "\t", ",", "]", "[", "^"]


def _class(chooser: random.Random) -> str:
    body = "".join(chooser.choice(_CLASS_CHARACTERS + _ESCAPES) for _ in range(chooser.randint(0, 5)))
    return "[" + ("^" if chooser.random() < 0.3 else "") + body + "]"


def _sequence(chooser: random.Random, depth: int) -> str:
    items = []
    for _ in range(chooser.randint(1, 4)):
        roll = chooser.random()
        if roll < 0.3:
            atom = chooser.choice(_CHARACTERS)
        elif roll < 0.55:
            atom = chooser.choice(_ESCAPES)
        elif roll < 0.75:
            atom = _class(chooser)
        elif roll < 0.85 and depth < 3:
            atom = chooser.choice(_GROUPS) + _alternation(chooser, depth + 1) + ")"
        else:
            atom = chooser.choice(["^", "$", ".", *_CHARACTERS])
        items.append(atom + (chooser.choice(_QUANTIFIERS) if chooser.random() < 0.3 else ""))
    return "".join(items)


def _alternation(chooser: random.Random, depth: int) -> str:
    return "|".join(_sequence(chooser, depth) for _ in range(1 if chooser.random() < 0.8 else 2))


def _patterns(seed: int, count: int) -> list[str]:
    """Generated patterns (seeded), none with a repeated group name: node 22 and older refuse one anywhere,
    newer V8 accepts it in different alternatives (`test_a_group_name_given_twice` holds that case)."""
    chooser = random.Random(seed)
    found = {_alternation(chooser, 0) for _ in range(count)}
    return sorted(p for p in found if len(_names(p)) == len(set(_names(p))))


def _names(pattern: str) -> list[str]:
    return re.findall(r"\(\?<([A-Za-z_$][\w$]*)>", pattern)


_NODE_VERDICTS = (
    "const [ps, vs] = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
    "console.log(JSON.stringify(ps.map(p => { try { const r = new RegExp(p); return vs.map(v => r.test(v)) }"
    " catch (e) { return e.message.replace(/^Invalid regular expression: \\/.*\\/: /s, '') } })))"
)


def _node_verdicts(patterns: list[str], values: list[str]) -> list[list[bool] | str]:
    """For each pattern, node's `test` of each value, or why `new RegExp` throws."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    out = subprocess.run(
        [node, "-e", _NODE_VERDICTS], input=json.dumps([patterns, values]), capture_output=True, text=True, check=True
    )
    verdicts: list[list[bool] | str] = json.loads(out.stdout)
    return verdicts


def _disagreements(patterns: list[str], values: list[str]) -> list[tuple[str, object, object]]:
    """Where flowlint's syntax check (reason included), its matcher or the bounded matcher differs from node."""
    wrong: list[tuple[str, object, object]] = []
    for pattern, verdict in zip(patterns, _node_verdicts(patterns, values), strict=True):
        problem = js_regex_syntax_error(pattern)
        if isinstance(verdict, str) or problem is not None:
            if problem is None or not isinstance(verdict, str) or problem.lower() != verdict.lower():
                wrong.append((pattern, problem, verdict))
            continue
        compiled, why = compile_js_regex(pattern)
        if compiled is None:
            wrong.append((pattern, why, "a matcher"))
            continue
        bounded = compile_backtracking(pattern)  # the fallback, judged on every pattern, not only its own
        for value, expected in zip(values, verdict, strict=True):
            if compiled.search(value) not in (expected, None) or bounded.search(value) is not expected:
                wrong.append((pattern, value, expected))
    return wrong


def _values(seed: int) -> list[str]:
    chooser = random.Random(seed)
    return sorted({"".join(chooser.choice(_VALUES) for _ in range(chooser.randint(0, 4))) for _ in range(60)})


def test_verdicts_agree_with_node_on_generated_patterns() -> None:
    """Whether `new RegExp(p)` throws and why (in V8's words), and `test(v)` for valid ones, by the RE2
    translation and by the bounded matcher, equal node's on about 2,700 generated patterns (seeded)."""
    patterns = _patterns(32, 3000)
    assert len(patterns) > 2500 and sum(js_regex_syntax_error(p) is None for p in patterns) > 1800
    wrong = _disagreements(patterns, _values(32))
    assert wrong == [], wrong[:10]


def _library_patterns(corpus: Path) -> list[str]:
    found = {
        parameter.z.regex
        for loaded in load_paths([corpus])
        if loaded.definition is not None
        for tool in loaded.definition.tools
        for parameter in tool.parameters
        if parameter.z is not None and parameter.z.regex is not None
    }
    return sorted(found)


def test_verdicts_agree_with_node_on_the_library_s_patterns(corpus: Path) -> None:
    patterns = _library_patterns(corpus)
    assert len(patterns) > 10
    values = [*_values(33), "0x" + "a" * 40, "2024-01-31", "ABC", "abc-123", "user@example.com"]
    assert _disagreements(patterns, values) == []


def _assert_both_matchers(cases: dict[str, list[tuple[str, bool]]]) -> None:
    """Each pattern's matcher (RE2 or bounded) and the bounded one answer each text as expected."""
    for pattern, expectations in cases.items():
        compiled, why = compile_js_regex(pattern)
        assert compiled is not None, (pattern, why)
        for text, expected in expectations:
            assert compiled.search(text) is expected, (pattern, text)
            assert compile_backtracking(pattern).search(text) is expected, (pattern, text)


def test_the_readers_old_defects() -> None:
    """What the three hand-written readers got wrong, each as node reads it: a named reference with no `>`
    ended `check` in a ValueError traceback; \\c before a non-letter matched `c` (JavaScript: a backslash
    and `c`); `[\\B]` matched a backspace (`B`); `[\\c1]` matched `\\`, `c` or `1` (the control character
    0x11); escapes as the ends of a reversed range, an unknown or malformed named reference and `\\k` in a
    class of a pattern with named groups were called valid; `[\\D--\\c_]` was called invalid."""
    assert js_regex_syntax_error("(?<a>x)\\k<abc") == "invalid capture group name"
    assert js_regex_syntax_error("(?<a>x)\\kb") == "invalid named reference"
    assert js_regex_syntax_error("(?<a>x)\\k<b>") == "invalid named capture referenced"
    assert js_regex_syntax_error("\\k<b>(?<a>x") == "unterminated group"  # said before an unknown name
    assert js_regex_syntax_error("(?<a>x)[\\k]") == "invalid escape"
    assert js_regex_syntax_error("[\\x41-\\x40]") == "range out of order in character class"
    assert js_regex_syntax_error("[b-\\f]") == "range out of order in character class"
    assert js_regex_syntax_error("(?<=a)*") == "invalid quantifier"
    assert js_regex_syntax_error("[\\D--\\c_]") is None
    assert js_regex_syntax_error("\\k<a>(?<a>x)") is None  # a reference may come before its group
    cases = {
        "^\\c1$": [("\\c1", True), ("c1", False)],
        "^[\\B]$": [("B", True), ("\b", False)],
        "^[\\c1]$": [("\x11", True), ("1", False), ("c", False), ("\\", False)],
        "^[\\c_]$": [("\x1f", True), ("_", False)],
        "^[\\w-.]+$": [("a-.", True), ("!", False)],
        "^(?<a>x)\\k<a>$": [("xx", True), ("x", False)],
    }
    _assert_both_matchers(cases)


def test_astral_characters_are_read_as_utf16_units() -> None:
    """JavaScript reads a pattern with no flags on UTF-16 code units: `[😀-😁]` is a range from the first
    one's low half to the second one's high half (reversed: node refuses it), a \\u escape of a high half and
    one of a low half match the character, a lone half is matched by the bounded matcher (RE2 has no form
    for it), and a class of two \\u halves holds each half alone (the bounded matcher's reading; RE2 reads a
    class on code points)."""
    assert js_regex_syntax_error("[😀-😁]") == "range out of order in character class"
    cases = {
        "^\\uD83D\\uDE00$": [("😀", True), ("\ud83d", False)],
        "^\\uD800$": [("\ud800", True), ("a", False)],
        "[a-😀]": [("b", True), ("😀", True), ("A", False)],
        "^\\😀$": [("😀", True)],
    }
    _assert_both_matchers(cases)
    lone = compile_js_regex("^\\uD800$")[0]
    assert lone is not None and not lone.linear
    halves = compile_backtracking("^[\\uD83D\\uDE00]$")
    assert [halves.search(text) for text in ("😀", "\ude00", "\ud83d")] == [False, True, True]


def test_a_group_name_given_twice() -> None:
    """A name given twice is refused: by every node within one alternative, by node 22 (the oldest FlowMCP
    runs on) and older in different alternatives too. (The syntax check called both valid, so a tool
    that FlowMCP cannot build had no error.)"""
    twice = ["(?<a>x)(?<a>y)", "(?<a>x)|(?<a>y)", "(?<a>x)(?:z|(?<a>y))", "(?<a>x)|(?:(?<a>y))\\k<a>"]
    for pattern in twice:
        assert js_regex_syntax_error(pattern) == DUPLICATE_NAME, pattern
    assert js_regex_syntax_error("(?<a>x)(?<b>y)|(?<c>z)") is None
    assert js_regex_syntax_error("(?<a>x)[(?<a>y)]\\(?<a>z\\)") is None  # in a class, after an escape: no group
    assert js_regex_syntax_error("(?<a>x)(?<a>y") == DUPLICATE_NAME  # reported where V8 reads it, first
    node = shutil.which("node")
    if node is None:
        return
    major = int(
        subprocess.run([node, "-p", "process.versions.node"], capture_output=True, text=True).stdout.split(".")[0]
    )
    verdicts = _node_verdicts(twice, [])
    refused = twice if major <= 22 else twice[:1]
    assert [verdict for pattern, verdict in zip(twice, verdicts, strict=True) if pattern in refused] == [
        "Duplicate capture group name"
    ] * len(refused)


def test_group_names_are_javascript_identifiers() -> None:
    """A group name is any identifier, Unicode and `\\u` escapes included, as node reads it (names were read
    as ASCII only: `(?<é>x)` was an "invalid group", an FL012 error for a tool FlowMCP builds)."""
    valid = ["(?<é>x)\\k<é>", "(?<日本>x)", "(?<a·b>x)", "(?<a\u200db>x)", "(?<$a>x)\\k<$a>", "(?<\\u0061>x)\\k<a>"]
    valid += ["(?<\\u{62}c>x)\\k<bc>"]
    refused = {
        "(?<1>x)": "invalid capture group name",
        "(?<a-b>x)": "invalid capture group name",
        "(?<>x)": "invalid capture group name",
        "(?<abc": "invalid capture group name",
        "(?<\\u{110000}>x)": "invalid Unicode escape",
        "(?<a>x)(?<\\u0061>y)": DUPLICATE_NAME,
    }
    for pattern in valid:
        assert js_regex_syntax_error(pattern) is None, pattern
    for pattern, why in refused.items():
        assert js_regex_syntax_error(pattern) == why, pattern
    if shutil.which("node") is None:
        return
    values = ["x", "xx", "é", ""]
    assert _disagreements(valid + list(refused)[:-1], values) == []
