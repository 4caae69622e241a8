"""Tests for the strict JSON loader (`flowlint.formats.json`).

Run this file directly (`python tests/test_loader_json.py`) to print how long one `parse_json`
call takes on a realistic 150-line definition.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from flowlint.core.nodes import NonStatic, SArray, SEntry, SNode, SObject, Span, SScalar, to_python
from flowlint.formats.base import ParsedModule
from flowlint.formats.json import MAX_DEPTH, _parse_checked, _parse_fast, parse_json

# --------------------------------------------------------------------------------------------------
# helpers


def parse(source: str | bytes) -> ParsedModule:
    data = source.encode() if isinstance(source, str) else source
    module = parse_json(data)
    assert isinstance(module, ParsedModule)
    return module


def main_of(source: str | bytes) -> SNode:
    module = parse(source)
    assert module.problems == [], module.problems
    return module.exports["main"]


def value_of(source: str | bytes) -> object:
    return to_python(main_of(source))


def error_of(source: str | bytes) -> tuple[str, int, int]:
    module = parse(source)
    assert module.exports == {}
    assert len(module.problems) == 1, module.problems
    problem = module.problems[0]
    return problem.message, problem.span.start, problem.span.end


def sliced(data: bytes, span: Span) -> bytes:
    return data[span.start : span.end]


def height(node: SNode) -> int:
    if isinstance(node, SObject):
        return 1 + max((height(e.value) for e in node.entries), default=0)
    if isinstance(node, SArray):
        return 1 + max((height(i) for i in node.items), default=0)
    return 1


def walk(node: SNode) -> list[SNode]:
    found: list[SNode] = []
    stack = [node]
    while stack:
        current = stack.pop()
        found.append(current)
        if isinstance(current, SObject):
            stack.extend(e.value for e in current.entries)
        elif isinstance(current, SArray):
            stack.extend(current.items)
    return found


def check_spans(data: bytes, root: SNode) -> None:
    """Every value's span is exactly its JSON text, and every key span is exactly its string."""
    for node in walk(root):
        text = sliced(data, node.span)
        if isinstance(node, NonStatic):
            assert text.decode("utf-8") == node.source
            continue
        assert json.loads(text) == to_python(node)
        if isinstance(node, SScalar) and isinstance(node.value, float):
            assert isinstance(json.loads(text), float)
        if isinstance(node, SObject):
            for entry in node.entries:
                assert json.loads(sliced(data, entry.key_span)) == entry.key


REALISTIC = """{
  "main": {
    "namespace": "demo",
    "name": "Demo API",
    "description": "A demo API \\u2014 with \\"escapes\\" and ünïcödé",
    "version": "3.0.0",
    "root": "https://api.example.com",
    "requiredServerParams": ["API_KEY"],
    "headers": { "Authorization": "Bearer {{API_KEY}}" },
    "tags": ["demo", "test"],
    "tools": {
%s
    }
  },
  "list": { "meta": { "name": "chains" }, "entries": [] }
}
"""

_TOOL = """      "getThing%d": {
        "method": "GET",
        "path": "/v1/things/{{id}}/items",
        "description": "Fetch the items of a thing, with a limit",
        "parameters": [
          {
            "position": { "key": "id", "value": "{{USER_PARAM}}", "location": "insert" },
            "z": { "primitive": "string()", "options": ["min(1)", "max(64)"] }
          },
          {
            "position": { "key": "limit", "value": "{{USER_PARAM}}", "location": "query" },
            "z": { "primitive": "number()", "options": ["min(1)", "max(100)", "default(10)", "optional()"] }
          },
          {
            "position": { "key": "chain", "value": "{{USER_PARAM}}", "location": "query" },
            "z": { "primitive": "enum(ETHEREUM_MAINNET,POLYGON_MAINNET)", "options": [] }
          }
        ],
        "tests": [
          { "_description": "Basic lookup", "id": "abc", "limit": 5, "chain": "ETHEREUM_MAINNET" },
          { "_description": "Second lookup", "id": "def", "limit": 10.5, "chain": "POLYGON_MAINNET" }
        ],
        "output": {
          "mimeType": "application/json",
          "schema": { "type": "object", "properties": { "items": { "type": "array" }, "count": { "type": "number" } } }
        }
      }"""


def realistic_definition(tools: int = 4) -> bytes:
    body = ",\n".join(_TOOL % i for i in range(tools))
    return (REALISTIC % body).encode()


# --------------------------------------------------------------------------------------------------
# values


def test_scalars() -> None:
    assert value_of('"abc"') == "abc"
    assert value_of("0") == 0
    assert value_of("-0") == 0
    assert value_of("123") == 123
    assert value_of("-17") == -17
    assert value_of("true") is True
    assert value_of("false") is False
    assert value_of("null") is None
    assert value_of("12345678901234567890123") == 12345678901234567890123


def test_integers_are_int_and_fractions_or_exponents_are_float() -> None:
    for text, expected in [
        ("1", 1),
        ("1.0", 1.0),
        ("1e2", 100.0),
        ("1E+2", 100.0),
        ("-2.5e-3", -0.0025),
        ("0.5", 0.5),
        ("-0.0", -0.0),
    ]:
        value = value_of(text)
        assert value == expected
        assert type(value) is type(expected), text
    assert math.copysign(1, value_of("-0.0")) == -1  # type: ignore[arg-type]
    assert value_of("1e999") == math.inf  # valid JSON; Python's json module agrees


def test_strings_and_escapes() -> None:
    assert value_of(r'"a\"b\\c\/d\b\f\n\r\t"') == 'a"b\\c/d\b\f\n\r\t'
    assert value_of(r'"\u00e9\u20AC"') == "é€"
    assert value_of(r'"\ud83d\ude00"') == "😀"
    assert value_of(r'"\ud800"') == "\ud800"  # a lone surrogate escape, as Python's json module does
    assert value_of('"ünïcödé — 😀"') == "ünïcödé — 😀"
    assert value_of('""') == ""
    assert value_of('"\x7f"') == "\x7f"  # DEL is not a control character in JSON


def test_containers() -> None:
    assert value_of('{"a": [1, 2, {"b": null}], "c": {}}') == {"a": [1, 2, {"b": None}], "c": {}}
    assert value_of("[]") == []
    assert value_of("[ ]") == []
    assert value_of("{ }") == {}
    assert value_of("[[[]], [{}]]") == [[[]], [{}]]
    assert value_of(" \t\r\n [1] \n") == [1]


def test_duplicate_keys_keep_every_entry_and_get_takes_the_last() -> None:
    node = main_of('{"a": 1, "b": 2, "a": 3}')
    assert isinstance(node, SObject)
    assert [e.key for e in node.entries] == ["a", "b", "a"]
    value = node.get("a")
    assert isinstance(value, SScalar) and value.value == 3
    assert to_python(node) == {"a": 3, "b": 2}


def test_exact_nodes_and_spans() -> None:
    data = b'{"k\\u00e9": [1, -2.5, "x"], "t": true}'
    node = main_of(data)
    assert node == SObject(
        (
            SEntry(
                "ké",
                Span(1, 10),
                SArray(
                    (
                        SScalar(1, Span(13, 14)),
                        SScalar(-2.5, Span(16, 20)),
                        SScalar("x", Span(22, 25)),
                    ),
                    Span(12, 26),
                ),
            ),
            SEntry("t", Span(28, 31), SScalar(True, Span(33, 37))),
        ),
        Span(0, 38),
    )
    assert sliced(data, Span(1, 10)) == b'"k\\u00e9"'
    assert sliced(data, Span(12, 26)) == b'[1, -2.5, "x"]'


def test_spans_are_byte_offsets_after_non_ascii_text() -> None:
    data = '{"descr": "ünïcödé — 😀", "n": 42, "k€y": [true]}'.encode()
    node = main_of(data)
    assert isinstance(node, SObject)
    n = node.get("n")
    assert n is not None and sliced(data, n.span) == b"42"
    entry = node.entry("k€y")
    assert entry is not None
    assert sliced(data, entry.key_span) == '"k€y"'.encode()
    assert sliced(data, entry.value.span) == b"[true]"
    check_spans(data, node)


def test_bom_is_accepted_and_spans_count_it() -> None:
    data = b'\xef\xbb\xbf{"a": 1}'
    node = main_of(data)
    assert isinstance(node, SObject)
    assert node.span == Span(3, 11)
    a = node.get("a")
    assert a is not None and sliced(data, a.span) == b"1"


def test_realistic_definition() -> None:
    data = realistic_definition()
    module = parse(data)
    assert module.problems == []
    assert set(module.exports) == {"main", "list"}
    expected = json.loads(data)
    assert to_python(module.exports["main"]) == expected["main"]
    assert to_python(module.exports["list"]) == expected["list"]
    check_spans(data, module.exports["main"])


# --------------------------------------------------------------------------------------------------
# exports


def test_exports_main_and_other_object_members() -> None:
    module = parse('{"main": {"a": 1}, "list": {"b": 2}, "version": "1", "arr": [1]}')
    assert list(module.exports) == ["main", "list"]
    assert to_python(module.exports["main"]) == {"a": 1}
    assert to_python(module.exports["list"]) == {"b": 2}


def test_exports_the_root_when_there_is_no_main_object() -> None:
    assert to_python(parse('{"namespace": "x"}').exports["main"]) == {"namespace": "x"}
    assert to_python(parse('{"main": "x", "o": {}}').exports["main"]) == {"main": "x", "o": {}}
    assert to_python(parse("[1, 2]").exports["main"]) == [1, 2]
    assert to_python(parse('"s"').exports["main"]) == "s"
    assert list(parse('{"main": "x", "o": {}}').exports) == ["main"]


def test_duplicate_main_takes_the_last() -> None:
    module = parse('{"main": {"a": 1}, "main": {"a": 2}}')
    assert to_python(module.exports["main"]) == {"a": 2}


# --------------------------------------------------------------------------------------------------
# errors: one problem, the first, with a precise span


@pytest.mark.parametrize(
    ("source", "message", "start", "end"),
    [
        ('{"a": 1 "b": 2}', 'expected `,` or `}` after an object member, found `"`', 8, 9),
        ("[1 2]", "expected `,` or `]` after an array element, found `2`", 3, 4),
        ('{"a": 1,}', "trailing comma is not allowed in JSON", 7, 8),
        ("[1, 2,]", "trailing comma is not allowed in JSON", 5, 6),
        ("[1, 2, ]", "trailing comma is not allowed in JSON", 5, 6),
        ('{"a" 1}', "expected `:` after an object key, found `1`", 5, 6),
        ('"abc', "unterminated string", 0, 1),
        ('["a", "b', "unterminated string", 6, 7),
        ('"a\\', "unterminated string", 0, 1),
        ('"a\\qb"', "invalid escape `\\q`", 2, 4),
        ('"\\x41"', "invalid escape `\\x`", 1, 3),
        ('"\\u12"', "invalid unicode escape `\\u12`: expected 4 hex digits after `\\u`", 1, 5),
        ('"a\nb"', "line break inside a string: close the string, or write it as `\\n`", 2, 3),
        ('"a\tb"', "control character U+0009 must be escaped inside a string", 2, 3),
        ("NaN", "NaN is not valid JSON", 0, 3),
        ('{"x": NaN}', "NaN is not valid JSON", 6, 9),
        ("[Infinity]", "Infinity is not valid JSON", 1, 9),
        ("-Infinity", "-Infinity is not valid JSON", 0, 9),
        ("[1] 2", "unexpected data after the top-level value", 4, 5),
        ('{"a": 1}}', "unexpected data after the top-level value", 8, 9),
        ("01", "leading zeros are not allowed in JSON numbers", 0, 2),
        ("-01", "leading zeros are not allowed in JSON numbers", 0, 3),
        ("1.", "expected a digit after the decimal point", 1, 2),
        ("1.e5", "expected a digit after the decimal point", 1, 2),
        ("1e", "expected a digit in the exponent", 0, 2),
        ("1e+", "expected a digit in the exponent", 0, 3),
        (".5", "a number must start with a digit: write `0.`", 0, 2),
        ("+1", "a leading `+` is not allowed in JSON numbers", 0, 1),
        ("[-]", "expected a digit after `-`", 1, 2),
        ("0x1F", "hexadecimal numbers are not valid JSON", 0, 4),
        ("1_000", "underscores are not allowed in JSON numbers", 0, 5),
        ("{a: 1}", 'object keys must be double-quoted strings: write `"a"`', 1, 2),
        ("{'a': 1}", "object keys must be double-quoted strings (single quotes are not JSON)", 1, 2),
        ("['a']", "strings must use double quotes in JSON", 1, 2),
        ("// c\n1", "comments are not allowed in JSON", 0, 2),
        ('{"a": 1 /* c */}', "comments are not allowed in JSON", 8, 10),
        ("[True]", "`True` is not valid JSON: write `true`", 1, 5),
        ("[None]", "`None` is not valid JSON: write `null`", 1, 5),
        ("[undefined]", "`undefined` is not valid JSON: write `null`", 1, 10),
        ("nul", "unexpected `nul`: expected a value (a string must be double-quoted)", 0, 3),
        ("[1,,2]", "expected a value, found `,`", 3, 4),
        ("[1, }", "expected a value, found `}`", 4, 5),
        ('{"a": 1, ]', "expected an object key (a double-quoted string), found `]`", 9, 10),
        ('{"a": }', "expected a value, found `}`", 6, 7),
        ("", "expected a JSON value, but the input is empty", 0, 0),
        ("  \n ", "expected a JSON value, but the input is empty", 4, 4),
        ("{", "unexpected end of input, expected an object key or `}`", 1, 1),
        ("[", "unexpected end of input, expected a value", 1, 1),
        ('{"a":', "unexpected end of input, expected a value", 5, 5),
        ('{"a"', "unexpected end of input, expected `:` after an object key", 4, 4),
        ('{"a": 1', "unexpected end of input, expected `,` or `}` after an object member", 7, 7),
        ("[1", "unexpected end of input, expected `,` or `]` after an array element", 2, 2),
        ("@", "expected a value, found `@`", 0, 1),
        ("[é]", "expected a value, found `é`", 1, 3),
    ],
)
def test_errors(source: str, message: str, start: int, end: int) -> None:
    assert error_of(source) == (message, start, end)


def test_invalid_utf8_inside_and_outside_strings() -> None:
    assert error_of(b'["ok", "a\xffb"]') == ("invalid UTF-8 byte 0xFF in a string", 9, 10)
    assert error_of(b'{"\xc3": 1}') == ("invalid UTF-8 byte 0xC3 in a string", 2, 3)
    assert error_of(b'"\xed\xa0\x80"') == ("invalid UTF-8 byte 0xED in a string", 1, 2)  # an encoded surrogate
    assert error_of(b"\xff") == ("expected a value, found byte 0xFF (not valid UTF-8)", 0, 1)
    assert error_of(b"\xff\xfe[\x001\x00]\x00") == ("the file is UTF-16 encoded; JSON must be UTF-8", 0, 2)


def test_errors_stop_at_the_first() -> None:
    message, start, _ = error_of('{"a": 1,, "b": NaN}')
    assert start == 8
    assert "NaN" not in message


# --------------------------------------------------------------------------------------------------
# robustness: depth, size, junk


def test_deep_nesting_becomes_nonstatic() -> None:
    depth = MAX_DEPTH + 5
    data = ("[" * depth + "1" + "]" * depth).encode()
    node = main_of(data)
    assert height(node) == MAX_DEPTH + 1
    deepest = [n for n in walk(node) if isinstance(n, NonStatic)]
    assert len(deepest) == 1
    assert deepest[0].reason == "nested too deeply"
    assert deepest[0].source == "[" * 5 + "1" + "]" * 5
    assert sliced(data, deepest[0].span) == deepest[0].source.encode()


def test_nesting_at_the_limit_is_kept() -> None:
    data = ('{"a": ' * MAX_DEPTH + "1" + "}" * MAX_DEPTH).encode()
    node = main_of(data)
    assert height(node) == MAX_DEPTH + 1
    assert not any(isinstance(n, NonStatic) for n in walk(node))


def test_nesting_100000_deep() -> None:
    data = b"[" * 100_000 + b"]" * 100_000
    node = main_of(data)
    assert height(node) == MAX_DEPTH + 1  # the parse stopped at the depth limit: bounded work
    unclosed = parse(b'{"a": ' * 100_000)
    assert unclosed.problems[0].message == "unexpected end of input, expected a value"


def test_huge_integer_is_nonstatic() -> None:
    digits = "9" * 5000
    node = main_of(f"[{digits}]")
    assert isinstance(node, SArray)
    item = node.items[0]
    assert isinstance(item, NonStatic) and item.source == digits


@pytest.mark.parametrize("inner", ["{}", "[]", "{ }", "[\n]", "1", '"x"', '{"a": 1}'])
def test_empty_and_full_containers_at_the_depth_limit(inner: str) -> None:
    """The fast path bails out at the limit (empty containers too); the reference parser decides."""
    for depth in (MAX_DEPTH - 2, MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1):
        data = ("[" * depth + inner + "]" * depth).encode()
        reference = _parse_checked(data, 0)
        fast = _parse_fast(data, 0)
        assert fast is None or fast == reference
        assert height(main_of(data)) == min(height(reference), MAX_DEPTH + 1)
        if height(reference) <= MAX_DEPTH + 1 and not any(isinstance(n, NonStatic) for n in walk(reference)):
            assert fast == reference, depth


@pytest.mark.parametrize("digits", [1, 598, 599, 600, 700, 4300, 4301])
@pytest.mark.parametrize("tail", ["", ".5", "e5", "E-5"])
def test_long_numbers_fast_and_reference_agree(digits: int, tail: str) -> None:
    """The fast path reads integer parts of up to 599 digits (int() accepts them whatever
    sys.set_int_max_str_digits says); longer ones are left to the reference parser."""
    text = "-" + "7" * digits + tail
    data = f'{{"n": {text}}}'.encode()
    reference = _parse_checked(data, 0)
    fast = _parse_fast(data, 0)
    assert fast == (reference if digits <= 599 else None)
    assert parse(data).exports["main"] == reference


def test_invalid_utf8_anywhere_leaves_the_fast_path() -> None:
    assert _parse_fast('{"a": "é"}'.encode(), 0) is not None
    for data in (b'{"a": "\xff"}', b'{"\xc3": 1}', b'{"a": "\xed\xa0\x80"}', b'{"a": 1}\xff', b"\xff"):
        assert _parse_fast(data, 0) is None
        assert parse(data).problems, data


def test_numbers_and_literals_must_end_cleanly() -> None:
    for text in ("1x", "1.5e3y", "truex", "nulls", "01", "1_000", "-", "1.", "0x10", "2$"):
        data = f"[{text}]".encode()
        assert _parse_fast(data, 0) is None, text
        assert parse(data).problems, text


@pytest.mark.timeout(60)  # bounds a hang only: a speed figure is benchmarks/bench_loaders.py's to give
def test_big_file() -> None:
    data = json.dumps([json.loads(realistic_definition())] * 60).encode()  # about 0.5 MB
    module = parse(data)
    assert module.problems == []
    assert to_python(module.exports["main"]) == json.loads(data)


def test_junk_never_raises() -> None:
    for data in [
        bytes(range(256)),
        b"\x00" * 100,
        b"{" * 50 + b"\xff",
        b'"' * 1001,
        b"[" + b"1," * 1000,
        "😀".encode() * 10,
        b"\xef\xbb\xbf",
        b"\xef\xbb\xbf\xef\xbb\xbf{}",
        b"-",
        b"tru",
        b"[fals]",
        b'{"a":1,"b":[1,2,{"c":"\\uZZZZ"}]}',
    ]:
        module = parse(data)
        assert module.problems and not module.exports
        span = module.problems[0].span
        assert 0 <= span.start <= span.end <= len(data)


# --------------------------------------------------------------------------------------------------
# property tests

json_scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text()
json_values = st.recursive(
    json_scalars,
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(), children, max_size=5),
    max_leaves=25,
)


def expected_main(value: Any) -> Any:
    if isinstance(value, dict) and isinstance(value.get("main"), dict):
        return value["main"]
    return value


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    value=json_values,
    indent=st.sampled_from([None, 0, 1, 2, 4, "\t"]),
    ensure_ascii=st.booleans(),
    compact=st.booleans(),
)
def test_roundtrip(value: Any, indent: Any, ensure_ascii: bool, compact: bool) -> None:
    separators = (",", ":") if compact else None
    data = json.dumps(value, indent=indent, ensure_ascii=ensure_ascii, separators=separators).encode()
    module = parse(data)
    assert module.problems == []
    main = module.exports["main"]
    assert to_python(main) == expected_main(value)
    root = _parse_checked(data, 0)
    check_spans(data, root)
    assert _parse_fast(data, 0) == root  # the fast path agrees with the reference parser


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=json_values, cut=st.integers(min_value=0), mutation=st.binary(max_size=3))
def test_truncated_and_mutated_input_never_raises(value: Any, cut: int, mutation: bytes) -> None:
    data = json.dumps(value, indent=1).encode()
    cut %= len(data) + 1
    for variant in (data[:cut], data[:cut] + mutation + data[cut:], data[:cut] + data[cut + 1 :]):
        module = parse(variant)
        assert bool(module.problems) != bool(module.exports)
        for problem in module.problems:
            assert 0 <= problem.span.start <= problem.span.end <= len(variant)
        # The fast path either bails out or agrees with the reference parser.
        try:
            reference: SNode | None = _parse_checked(variant, 0)
        except Exception:
            reference = None
        fast = _parse_fast(variant, 0)
        assert fast is None or fast == reference
        if module.exports:
            try:
                assert to_python(module.exports["main"]) == expected_main(json.loads(variant))
            except (ValueError, RecursionError):  # json.loads rejects huge ints; we keep them NonStatic
                pass


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=200))
def test_random_bytes_never_raise(data: bytes) -> None:
    module = parse(data)
    assert bool(module.problems) != bool(module.exports)
    for problem in module.problems:
        assert 0 <= problem.span.start <= problem.span.end <= len(data)
    try:
        # as UTF-8 text: given bytes, json.loads also guesses UTF-16 and UTF-32 (b"\x000" is 0)
        expected = json.loads(data.decode("utf-8-sig"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        return
    # Whatever Python's json module accepts (minus its NaN/Infinity extensions), we accept identically.
    if module.problems:
        assert any(word in data for word in (b"NaN", b"Infinity")) or b"\xef\xbb\xbf" in data[3:]
    else:
        assert to_python(module.exports["main"]) == expected_main(expected) or expected != expected


def test_agrees_with_json_module_on_rejections() -> None:
    for text in ['{"a": 1,}', "[1,]", "01", "1.", ".5", "+1", '"\\x"', "[1 2]", "{1: 2}", "'a'", "tru", "[", "]"]:
        with pytest.raises(ValueError):
            json.loads(text)
        assert parse(text).problems, text
