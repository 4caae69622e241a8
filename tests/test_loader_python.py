"""Tests for the libcst based Python loader (`flowlint.formats.python`).

Run this file directly (`python tests/test_loader_python.py`) to print how long one
`parse_python` call takes on a realistic 150-line definition.
"""

from __future__ import annotations

import ast
import math
import os
import random
import re
import sys
import unicodedata
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from flowlint.core.nodes import NonStatic, SArray, SNode, SObject, Span, SScalar, to_python
from flowlint.formats.base import ParsedModule
from flowlint.formats.python import MAX_DEPTH, MAX_SOURCE_BYTES, _prescan, parse_python

# --------------------------------------------------------------------------------------------------
# helpers


def parse(source: str | bytes) -> ParsedModule:
    data = source.encode() if isinstance(source, str) else source
    module = parse_python(data)
    assert isinstance(module, ParsedModule)
    return module


def main_node(source: str | bytes) -> SNode:
    module = parse(source)
    assert module.problems == [], module.problems
    return module.exports["main"]


def value_of(expression: str, prelude: str = "") -> object:
    """The Python value of `main = <expression>`."""
    return to_python(main_node(f"{prelude}main = {expression}\n"))


def nonstatic(expression: str, prelude: str = "") -> NonStatic:
    node = main_node(f"{prelude}main = {expression}\n")
    assert isinstance(node, NonStatic), node
    return node


def problem_of(source: str | bytes) -> tuple[str, bytes]:
    """The single problem of a source that does not parse, with the text its span covers."""
    data = source.encode() if isinstance(source, str) else source
    module = parse(data)
    assert module.exports == {}
    assert len(module.problems) == 1, module.problems
    problem = module.problems[0]
    assert 0 <= problem.span.start <= problem.span.end <= len(data)
    return problem.message, data[problem.span.start : problem.span.end]


def text(data: bytes, span: Span) -> str:
    return data[span.start : span.end].decode()


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


def height(node: SNode) -> int:
    if isinstance(node, SObject):
        return 1 + max((height(e.value) for e in node.entries), default=0)
    if isinstance(node, SArray):
        return 1 + max((height(i) for i in node.items), default=0)
    return 1


# --------------------------------------------------------------------------------------------------
# literals


def test_strings_all_prefixes_and_quotes() -> None:
    assert value_of("'a'") == "a"
    assert value_of('"a"') == "a"
    assert value_of("'''a\nb'''") == "a\nb"
    assert value_of('"""a"b"""') == 'a"b'
    assert value_of("r'\\d+\\n'") == "\\d+\\n"
    assert value_of("R'\\x'") == "\\x"
    assert value_of("u'x' U'y'") == "xy"
    assert value_of("'''''' \"\" ''") == ""


def test_string_escapes_decode_exactly_as_python() -> None:
    source = r"'\n\t\\\'\"\x41\101\u00e9\U0001F600\N{EM DASH}\a\b\f\v\0'"
    assert value_of(source) == ast.literal_eval(source)
    assert value_of(source) == "\n\t\\'\"AAé😀—\a\b\f\v\0"
    assert value_of(r"'\q'") == "\\q"  # an invalid escape keeps its backslash (and only warns)
    assert value_of("'a\\\nb'") == "ab"  # backslash-newline continues the string


def test_line_breaks_in_triple_quoted_strings_are_normalized() -> None:
    assert to_python(main_node(b"main = '''a\r\nb\rc'''\n")) == "a\nb\nc"
    assert to_python(main_node(b"main = r'''a\r\nb'''\r\n")) == "a\nb"


def test_implicit_concatenation() -> None:
    assert value_of("'a' \"b\" '''c''' r'\\d'") == "abc\\d"
    assert value_of("('a'\n    'b'  # comment\n    'c')") == "abc"


def test_fstrings() -> None:
    assert value_of("f'plain'") == "plain"
    assert value_of("f'{{braces}}' F\"x\" rf'\\d{{1}}'") == "{braces}x\\d{1}"
    assert value_of("f'\\N{EM DASH}'") == "—"
    node = nonstatic("f'Hello {name}!'")
    assert node.reason == "an f-string with placeholders"
    assert node.source == "f'Hello {name}!'"
    assert nonstatic("'a' f'{b}'").source == "'a' f'{b}'"
    assert nonstatic('f"{x!r:>{width}}"').reason == "an f-string with placeholders"


def test_bytes_and_templates_are_nonstatic() -> None:
    assert nonstatic("b'x'").reason == "a bytes literal"
    assert nonstatic("rb'x' b'y'").reason == "a bytes literal"
    assert nonstatic("t'x{y}'").reason == "a template string"


def test_numbers() -> None:
    assert value_of("0") == 0
    assert value_of("1_000_000") == 1_000_000
    assert value_of("0x1F") == 31
    assert value_of("0XfF") == 255
    assert value_of("0o17") == 15
    assert value_of("0b101") == 5
    assert value_of("00") == 0
    assert value_of("-5") == -5
    assert value_of("+5") == 5
    assert value_of("- -5") == 5
    assert value_of("-0x10") == -16
    for source in ["1.5", "1.", ".5", "1e3", "1E-3", "1_0.0_1", "-2.5e+10", "1e500", "-1e500"]:
        value = value_of(source)
        assert isinstance(value, float)
        assert value == ast.literal_eval(source)
    assert math.copysign(1, value_of("-0.0")) == -1  # type: ignore[arg-type]
    assert value_of("123456789012345678901234567890") == 123456789012345678901234567890
    assert value_of("-True") == -1  # as in Python: bool is an int
    assert isinstance(value_of("1"), int) and not isinstance(value_of("1"), bool)


def test_huge_integer_literal() -> None:
    digits = "7" * 5000  # more than int() converts by default (as in the JSON loader)
    node = nonstatic(digits)
    assert node.reason == "an integer with too many digits"
    assert node.source == digits


def test_constants() -> None:
    assert value_of("[True, False, None]") == [True, False, None]
    assert value_of("True") is True


def test_containers() -> None:
    assert value_of("{'a': [1, (2, 3)], \"b\": {}, 'c': ()}") == {"a": [1, [2, 3]], "b": {}, "c": []}
    assert value_of("(1,)") == [1]
    assert value_of("1, 2") == [1, 2]
    assert value_of("[\n  1,  # one\n  2,\n]") == [1, 2]
    assert value_of("((1))") == 1


def test_dict_spread_and_list_unpacking() -> None:
    assert value_of("{**{'a': 1, 'b': 2}, 'a': 3}") == {"a": 3, "b": 2}
    assert value_of("[*[1, 2], 3, *(4,)]") == [1, 2, 3, 4]
    assert value_of("{**BASE, 'x': 1}", "BASE = {'y': 2}\n") == {"y": 2, "x": 1}
    assert nonstatic("{**other}").reason == "`**other` is not a static dict"
    assert nonstatic("[*other]").reason == "`*other` is not a static list"
    assert value_of("[*'ab', 'c']") == ["a", "b", "c"]  # a string spreads its characters
    assert nonstatic("[*1]").reason == "`*1` is not a static list"


def test_dict_spread_merges_like_javascript() -> None:
    """Spread keys are replaced in place (first position, last value), as Python and JavaScript do;
    two explicit entries with one key stay two entries, so rules can report the duplicate."""
    source = "main = {**{'a': 1}, 'a': 2}\n"
    node = main_node(source)
    assert isinstance(node, SObject) and [e.key for e in node.entries] == ["a"]
    assert source[node.entries[0].key_span.start : node.entries[0].key_span.end] == "'a'"
    assert source.index("'a': 2") == node.entries[0].key_span.start  # the explicit key's spans
    node = main_node("main = {'a': 1, **{'b': 2, 'a': 3}, 'c': 4}\n")
    assert isinstance(node, SObject) and [(e.key, to_python(e.value)) for e in node.entries] == [
        ("a", 3),
        ("b", 2),
        ("c", 4),
    ]
    node = main_node("BASE = {'a': 1, 'a': 2}\nmain = {**BASE, 'x': 0}\n")  # a spread of a duplicate
    assert isinstance(node, SObject) and [(e.key, to_python(e.value)) for e in node.entries] == [("a", 2), ("x", 0)]
    node = main_node("main = {'a': 1, 'a': 2, **{}}\n")
    assert isinstance(node, SObject) and [e.key for e in node.entries] == ["a", "a"]


def test_non_string_keys_make_the_dict_nonstatic() -> None:
    node = nonstatic("{1: 'a', 'b': 2}")
    assert node.reason == "a dict with a non-string key `1`"
    assert node.source == "{1: 'a', 'b': 2}"
    assert nonstatic("{k(): 1}").reason == "a dict with a non-static key `k()`"
    assert nonstatic("{None: 1}").reason == "a dict with a non-string key `None`"


def test_string_and_number_addition() -> None:
    assert value_of("'a' + 'b' + \"c\"") == "abc"
    assert value_of("ROOT + '/v1'", "ROOT = 'https://x'\n") == "https://x/v1"
    assert value_of("1 + 2.5") == 3.5
    assert value_of("-1 + 2") == 1
    assert nonstatic("'a' + 1").reason == "`+` of a string and a number"
    assert nonstatic("1 - 2").reason == "an arithmetic expression"
    assert nonstatic("'a' * 3").reason == "an arithmetic expression"
    assert nonstatic("f'{x}' + 'a'").reason == "an f-string with placeholders"


@pytest.mark.parametrize(
    ("expression", "reason"),
    [
        ("lambda x: x", "a lambda"),
        ("float('nan')", "a call to `float`"),
        ("datetime.now()", "a call to `datetime.now`"),
        ("(lambda: 1)()", "a function call"),
        ("[x for x in y]", "a comprehension"),
        ("{k: v for k, v in y}", "a comprehension"),
        ("{x for x in y}", "a comprehension"),
        ("(x for x in y)", "a generator expression"),
        ("a.b", "attribute access"),
        ("a[0]", "a subscript"),
        ("{1, 2}", "a set (not JSON data)"),
        ("3j", "a complex number"),
        ("1 if x else 2", "a conditional expression"),
        ("x and y", "a boolean operation"),
        ("not x", "a boolean operation"),
        ("~1", "an arithmetic expression"),
        ("1 < 2", "a comparison"),
        ("...", "`...` (Ellipsis)"),
        ("(y := 1)", "an assignment expression"),
    ],
)
def test_code_is_nonstatic(expression: str, reason: str) -> None:
    data = f"main = {{'v': {expression}}}\n".encode()
    node = main_node(data)
    assert isinstance(node, SObject)
    value = node.get("v")
    assert isinstance(value, NonStatic)
    assert value.reason == reason
    assert value.source == expression.strip("()") if expression.startswith("(y") else expression
    assert text(data, value.span) == value.source


# --------------------------------------------------------------------------------------------------
# names and bindings


def test_names_resolve_to_earlier_static_bindings() -> None:
    source = "ROOT = 'https://api.example.com'\nTAGS = ['a', 'b']\nmain = {'root': ROOT, 'tags': TAGS}\n"
    module = parse(source)
    assert to_python(module.exports["main"]) == {"root": "https://api.example.com", "tags": ["a", "b"]}
    main = module.exports["main"]
    assert isinstance(main, SObject)
    assert main.get("tags") is module.exports["TAGS"]  # the bound tree itself, spans at its definition


def test_unbound_and_later_names_are_nonstatic() -> None:
    node = nonstatic("LATER")
    assert node.reason == "`LATER` is not defined at module level before this point"
    assert node.source == "LATER"
    module = parse("main = {'x': LATER}\nLATER = 1\n")
    main = module.exports["main"]
    assert isinstance(main, SObject) and isinstance(main.get("x"), NonStatic)
    assert nonstatic("true").reason.endswith("Python spells it `True`")
    assert nonstatic("null").reason.endswith("Python spells it `None`")


def test_names_bound_to_code() -> None:
    prelude = (
        "from config import ROOT as R\nimport os.path\nimport json as j\n"
        "def helper(x):\n    return x\nclass K:\n    pass\nFN = lambda: 1\n"
    )
    module = parse(prelude + "main = [R, os, j, helper, K, FN]\n")
    main = module.exports["main"]
    assert isinstance(main, SArray)
    reasons = [item.reason for item in main.items if isinstance(item, NonStatic)]
    assert reasons == [
        "`R` is imported from `config`",
        "`os` is an imported module",
        "`j` is an imported module",
        "`helper` is a function",
        "`K` is a class",
        "`FN` is a lambda",
    ]
    assert [item.source for item in main.items if isinstance(item, NonStatic)] == ["R", "os", "j", "helper", "K", "FN"]
    assert module.exports["helper"].span.start == prelude.index("def helper")
    assert set(module.exports) == {"R", "os", "j", "helper", "K", "FN", "main"}


def test_relative_imports() -> None:
    module = parse("from ..shared.config import ROOT\nfrom . import sibling\n")
    root = module.exports["ROOT"]
    assert isinstance(root, NonStatic) and root.reason == "imported from `..shared.config`"
    sibling = module.exports["sibling"]
    assert isinstance(sibling, NonStatic) and sibling.reason == "imported from `.`"


def test_later_assignments_replace_earlier_ones() -> None:
    module = parse("main = {'a': 1}\nmain = {'a': 2}\n")
    assert to_python(module.exports["main"]) == {"a": 2}
    module = parse("X = 1\nmain = [X]\nX = 2\n")
    assert to_python(module.exports["main"]) == [1]
    assert to_python(module.exports["X"]) == 2


def test_other_binding_forms() -> None:
    module = parse(
        "a, (b, c) = 1, ('x', None)\n"
        "d = e = [1]\n"
        "f: dict = {'k': 'v'}\n"
        "g: int\n"
        "n = 1\nn += 2\n"
        "s = 'a'\ns += 'b'\n"
        "m = 2\nm *= 3\n"
        "p, *q = [1, 2, 3]\n"
        "gone = 1\ndel gone\n"
        "x = 1; y = 'two'\n"
        "type Alias = int\n"
    )
    exports = module.exports
    assert to_python(exports["a"]) == 1
    assert to_python(exports["b"]) == "x"
    assert to_python(exports["c"]) is None
    assert to_python(exports["d"]) == [1] and exports["d"] is exports["e"]
    assert to_python(exports["f"]) == {"k": "v"}
    assert "g" not in exports
    assert to_python(exports["n"]) == 3
    assert to_python(exports["s"]) == "ab"
    assert isinstance(exports["m"], NonStatic) and exports["m"].reason == "changed by an augmented assignment"
    assert isinstance(exports["p"], NonStatic) and exports["p"].reason == "unpacked into `p`"
    assert isinstance(exports["q"], NonStatic)
    assert "gone" not in exports
    assert to_python(exports["x"]) == 1 and to_python(exports["y"]) == "two"
    assert isinstance(exports["Alias"], NonStatic) and exports["Alias"].reason == "a type alias"


def test_bindings_inside_compound_statements_are_nonstatic() -> None:
    module = parse(
        "if DEBUG:\n    main = {'a': 1}\nelse:\n    main = {'a': 2}\n"
        "for i in range(3):\n    total = i\n"
        "try:\n    import yaml\nexcept ImportError:\n    yaml = None\n"
        "with open('f') as (fh, other):\n    pass\n"
        "if x: one_line = 1\n"
        "while False:\n    def inner():\n        pass\n"
    )
    exports = module.exports
    assert module.problems == []
    main = exports["main"]
    assert isinstance(main, NonStatic)
    assert main.reason == "bound inside an `if` statement"
    assert main.source == "main = {'a': 2}"
    assert isinstance(exports["i"], NonStatic) and exports["i"].reason == "a `for` loop variable"
    assert isinstance(exports["total"], NonStatic) and exports["total"].reason == "bound inside a `for` statement"
    assert isinstance(exports["yaml"], NonStatic) and exports["yaml"].reason == "bound inside a `try` statement"
    assert isinstance(exports["fh"], NonStatic) and isinstance(exports["other"], NonStatic)
    assert isinstance(exports["one_line"], NonStatic)
    assert isinstance(exports["inner"], NonStatic)


def test_attribute_and_subscript_assignments_bind_nothing() -> None:
    module = parse("main = {'a': 1}\nmain['b'] = 2\nobj.attr = 3\n")
    assert set(module.exports) == {"main"}
    assert to_python(module.exports["main"]) == {"a": 1}  # mutations are not followed


def test_names_cannot_build_trees_deeper_than_max_depth() -> None:
    source = "X0 = []\n" + "".join(f"X{i} = [X{i - 1}]\n" for i in range(1, 300))
    module = parse(source)
    assert module.problems == []
    assert max(height(v) for v in module.exports.values()) <= MAX_DEPTH + 1
    deepest = [n for n in walk(module.exports["X299"]) if isinstance(n, NonStatic)]
    assert len(deepest) == 1 and deepest[0].reason == "nested too deeply"


# --------------------------------------------------------------------------------------------------
# spans


def test_exact_spans() -> None:
    data = "# é\nmain = {'ü': [1, -2.5, ('a' 'b')], \"n\": None, 'f': f(x)}\n".encode()
    node = main_node(data)
    assert isinstance(node, SObject)
    assert text(data, node.span) == "{'ü': [1, -2.5, ('a' 'b')], \"n\": None, 'f': f(x)}"
    assert node.span.start == len("# é\nmain = ".encode())
    first = node.entries[0]
    assert text(data, first.key_span) == "'ü'"
    array = first.value
    assert isinstance(array, SArray)
    assert [text(data, item.span) for item in array.items] == ["1", "-2.5", "'a' 'b'"]
    assert array.items[1] == SScalar(-2.5, Span(data.index(b"-2.5"), data.index(b"-2.5") + 4))
    n = node.entry("n")
    assert n is not None and text(data, n.key_span) == '"n"' and text(data, n.value.span) == "None"
    f = node.get("f")
    assert isinstance(f, NonStatic) and f.source == "f(x)" and text(data, f.span) == "f(x)"


def test_tuple_spans_include_their_parentheses() -> None:
    data = b"main = ((1, 2), 3, 4)\nother = 5, 6\n"
    module = parse(data)
    main = module.exports["main"]
    assert isinstance(main, SArray)
    assert text(data, main.span) == "((1, 2), 3, 4)"
    assert text(data, main.items[0].span) == "(1, 2)"
    assert text(data, module.exports["other"].span) == "5, 6"


def test_spans_with_bom_crlf_and_non_utf8_encoding() -> None:
    data = b"\xef\xbb\xbf# \xc3\xa9\r\nmain = {'k': 'v\xc3\xa9'}\r\n"
    node = main_node(data)
    assert isinstance(node, SObject)
    entry = node.entries[0]
    assert data[entry.key_span.start : entry.key_span.end] == b"'k'"
    assert data[entry.value.span.start : entry.value.span.end] == b"'v\xc3\xa9'"
    assert to_python(node) == {"k": "vé"}
    latin = b"# -*- coding: latin-1 -*-\nx = '\xe9\xe9'\nmain = {'k': 'v'}\n"
    module = parse(latin)
    assert to_python(module.exports["x"]) == "éé"
    main = module.exports["main"]
    assert isinstance(main, SObject)
    assert latin[main.span.start : main.span.end] == b"{'k': 'v'}"


def test_lone_carriage_returns() -> None:
    data = b"x = 1\ry = 'two'\rmain = [x, y]\r"
    assert to_python(main_node(data)) == [1, "two"]


# --------------------------------------------------------------------------------------------------
# syntax errors


@pytest.mark.parametrize(
    ("source", "message", "covered"),
    [
        ("main = {'a': 1,\n  'b' 2}\n", "invalid Python syntax: unexpected `2`", "2"),
        ("main = {'a': 1\n", "`{` was never closed", "{"),
        ("x = [\n1, 2\n", "`[` was never closed", "["),
        ("main = (\n", "`(` was never closed", "("),
        ("x = 1)\n", "unmatched `)`", ")"),
        ("x = ((1]\n", "closing `]` does not match the opening `(`", "]"),
        ("x = 'abc\n", "unterminated string literal", "'"),
        ("x = 'é' + 'abc\ny = 1\n", "unterminated string literal", "'"),
        ("x = '''abc\n", "unterminated triple-quoted string literal", "'''"),
        ("x = f'abc\n", "unterminated f-string literal", "f"),
        ("x = f'{{}x}'\n", "f-string: single `}` is not allowed", "}"),
        ("x = $\n", "invalid character `$`", "$"),
        ("x = é €\n", "invalid character `€`", "€"),
        (
            "x = 0777\n",
            "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers",
            "0777",
        ),
        ("if 1:\n  x = 1\n y = 2\n", "unindent does not match any outer indentation level", "y"),
        ("main = 1 +\n", "invalid Python syntax: unexpected end of file", ""),
        ("def f(:)\n    pass\n", "invalid Python syntax: unexpected `:` (expected `)`, `*`, `**`, `NAME`)", ":"),
        ("x = [1, 2 3]\n", "invalid Python syntax: unexpected `3`", "3"),
        ("import\n", "invalid Python syntax: unexpected end of file (expected NAME)", ""),
        ("x = ééé é\n", "invalid Python syntax: unexpected `é`", "é"),
    ],
)
def test_syntax_errors(source: str, message: str, covered: str) -> None:
    assert problem_of(source) == (message, covered.encode())


def test_syntax_error_positions_are_byte_offsets() -> None:
    data = "# ünïcödé\nmain = {'a': 'é',\n    'b' 'c' 1}\n".encode()
    message, covered = problem_of(data)
    assert message.startswith("invalid Python syntax: unexpected `1`")
    assert covered == b"1"


def test_decoding_problems() -> None:
    assert problem_of(b"x = 'ok'\ny = '\xff'\n") == (
        "invalid UTF-8 in the source: byte 0xFF cannot be decoded",
        b"\xff",
    )
    assert problem_of(b"x = 1\x00\n") == ("source code cannot contain null bytes", b"\x00")
    message, _ = problem_of(b"# -*- coding: no-such-codec -*-\nx = 1\n")
    assert "no-such-codec" in message
    message, _ = problem_of(b"# coding: utf-16\nx = 1\n")
    assert message == "encoding problem: utf-16 is not ASCII-compatible"
    module = parse(b"# coding: cp1252\nx = '\x80'\n")
    assert to_python(module.exports["x"]) == "\u20ac"


def test_mixing_bytes_and_str_is_reported() -> None:
    message, _ = problem_of("x = b'a' 'b'\n")
    assert message == "invalid Python: cannot concatenate string and bytes"


def test_invalid_named_escape_is_reported() -> None:
    module = parse("main = '\\N{NO SUCH NAME}'\n")
    assert [p.message for p in module.problems] == ["invalid string literal"]
    assert isinstance(module.exports["main"], NonStatic)


# --------------------------------------------------------------------------------------------------
# robustness: depth, size, junk

_DEEP: dict[str, Callable[[int], str]] = {
    "brackets": lambda n: "main = " + "[" * n + "]" * n,
    "dicts": lambda n: "main = " + "{'a': " * n + "1" + "}" * n,
    "unary": lambda n: "main = " + "-" * n + "1",
    "not": lambda n: "main = " + "not " * n + "1",
    "binop": lambda n: "main = " + "+".join(["1"] * n),
    "power": lambda n: "main = " + "**".join(["2"] * n),
    "attributes": lambda n: "main = a" + ".b" * n,
    "calls": lambda n: "main = f" + "()" * n,
    "subscripts": lambda n: "main = x" + "[0]" * n,
    "lambdas": lambda n: "main = " + "lambda a, b: " * n + "1",
    "conditionals": lambda n: "main = " + "1 if 1 else " * n + "1",
    "concatenation": lambda n: "main = " + "'a' " * n,
    "comprehension": lambda n: "main = [x " + "for a, b in y " * n + "]",
    "elif": lambda n: "if 1: pass\n" + "elif 1: pass\n" * n,
    "blocks": lambda n: "".join(" " * i + "if 1:\n" for i in range(n)) + " " * n + "pass\n",
    "fstrings": lambda n: "main = " + "f'{" * n + "1" + "}'" * n,
    "fstring_field": lambda n: "main = f'{" + "-" * n + "1}'",
    "unclosed": lambda n: "main = " + "[" * n,
}


@pytest.mark.parametrize("shape", sorted(_DEEP))
def test_nesting_100000_deep_is_reported_not_crashed(shape: str) -> None:
    depth = 1000 if shape == "blocks" else 100_000
    source = _DEEP[shape](depth) + "\n"
    if len(source) > MAX_SOURCE_BYTES:  # keep it under the size limit, to reach the depth check
        source = _DEEP[shape](depth // 2) + "\n"
    module = parse(source)
    assert module.exports == {}
    assert len(module.problems) == 1
    assert "nested too deeply" in module.problems[0].message or "indentation" in module.problems[0].message


@pytest.mark.parametrize("shape", sorted(_DEEP))
def test_nesting_within_the_limit_parses(shape: str) -> None:
    """Just below the pre-scan's bound, libcst and the evaluator must cope, even with a deep stack."""
    make = _DEEP[shape]
    n = 1
    while _prescan(make(n * 2) + "\n").too_deep_at is None and n < 4096:
        n *= 2
    low, high = n, n * 2
    while low + 1 < high:
        middle = (low + high) // 2
        if _prescan(make(middle) + "\n").too_deep_at is None:
            low = middle
        else:
            high = middle
    source = make(low) + "\n"

    def nested(levels: int) -> ParsedModule:  # simulate a caller 150 frames deep
        return nested(levels - 1) if levels else parse(source)

    module = nested(150)
    if shape == "unclosed":
        assert module.problems and module.problems[0].message == "`[` was never closed"
    else:
        assert module.problems == [], (shape, low, module.problems)


def test_realistic_nesting_is_far_from_the_bound() -> None:
    source = realistic_definition()
    assert _prescan(source, 100).too_deep_at is None


def test_size_limit() -> None:
    data = b"main = [" + b"1, " * (MAX_SOURCE_BYTES // 3) + b"]\n"
    assert len(data) > MAX_SOURCE_BYTES
    message, _ = problem_of(data)
    assert message.startswith("the file is too large to analyse")


@pytest.mark.timeout(60)  # bounds a hang only: a speed figure is benchmarks/bench_loaders.py's to give
def test_moderately_large_file() -> None:
    data = ("main = [" + ", ".join(f"{{'k{i}': [{i}, 'v']}}" for i in range(1500)) + "]\n").encode()
    node = main_node(data)
    assert isinstance(node, SArray) and len(node.items) == 1500


def test_junk_never_raises() -> None:
    rng = random.Random(7)
    samples = [
        bytes(range(256)),
        os.urandom(20_000),
        bytes(rng.randrange(32, 127) for _ in range(5000)),
        b"\xef\xbb\xbf",
        b"",
        b"\n\n",
        b"\\",
        b"f'{",
        b"f'{x:{",
        b"(" * 10 + b"'",
        b"'''" * 3,
        b"lambda: lambda: (",
        b"@\n",
        b"\t\x0c x = 1\n",
        b"if 1:\n\tx\n        y\n",
    ]
    for data in samples:
        module = parse(data)
        for problem in module.problems:
            assert 0 <= problem.span.start <= problem.span.end <= len(data)


# --------------------------------------------------------------------------------------------------
# property tests: a random literal printer


scalars = (
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12)
)
values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=20,
)


class Printer:
    """Renders a value as Python source, choosing styles at random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.prelude: list[str] = []

    def ws(self, in_brackets: bool) -> str:
        choice = self.rng.random()
        if not in_brackets or choice < 0.6:
            return self.rng.choice(["", " ", "  "])
        if choice < 0.8:
            return "\n" + " " * self.rng.randrange(8)
        return "  # a comment with 'quotes', {braces} and \\ é\n    "

    def value(self, value: Any, in_brackets: bool = False, depth: int = 0) -> str:
        rng = self.rng
        if depth > 0 and rng.random() < 0.1:  # bind it to a name first, and refer to the name
            name = f"V{len(self.prelude)}"
            self.prelude.append(f"{name} = {self.value(value)}\n")
            return name
        if value is None or isinstance(value, bool):
            return repr(value)
        if isinstance(value, int):
            return self.integer(value)
        if isinstance(value, float):
            return self.float(value)
        if isinstance(value, str):
            return self.string(value, in_brackets)
        if isinstance(value, list):
            return self.sequence(value, depth)
        assert isinstance(value, dict)
        return self.mapping(value, depth)

    def integer(self, value: int) -> str:
        rng = self.rng
        sign = "-" if value < 0 else rng.choice(["", "", "+"])
        magnitude = abs(value)
        style = rng.randrange(5)
        if style == 0:
            body = hex(magnitude) if rng.random() < 0.5 else hex(magnitude).upper().replace("0X", "0x")
        elif style == 1:
            body = oct(magnitude)
        elif style == 2:
            body = bin(magnitude)
        elif style == 3 and magnitude >= 1000:
            body = f"{magnitude:_}"
        else:
            body = str(magnitude)
        return f"{sign}{body}" if sign != "-" or rng.random() < 0.7 else f"-({body})"

    def float(self, value: float) -> str:
        rng = self.rng
        body = repr(abs(value))
        if "e" in body and rng.random() < 0.5:
            body = body.replace("e", "E")
        if body.startswith("0.") and rng.random() < 0.5:
            body = body[1:]
        elif body.endswith(".0") and rng.random() < 0.5:
            body = body[:-1]
        if rng.random() < 0.3 and len(body) > 2 and body[0].isdigit() and body[1].isdigit():
            body = body[0] + "_" + body[1:]
        negative = math.copysign(1, value) < 0
        return ("-" if negative else "") + body

    def string(self, value: str, in_brackets: bool, plus: bool = True) -> str:
        rng = self.rng
        if len(value) > 1 and rng.random() < 0.3:  # implicit concatenation, or `+`
            cut = rng.randrange(1, len(value))
            joiner = rng.choice([" ", "", "\n  " if in_brackets else " "] + ([" + "] if plus else []))
            inner_plus = joiner == " + "  # implicit concatenation only joins string literals
            left = self.string(value[:cut], in_brackets, inner_plus)
            right = self.string(value[cut:], in_brackets, inner_plus)
            if joiner == " + ":
                return f"({left} + {right})"
            if joiner == "" and left[-1] == right[0]:  # '' and '' would read as one token
                joiner = " "
            return left + joiner + right
        quote = rng.choice(["'", '"', "'''", '"""'])
        prefix = rng.choice(["", "", "u", "U", "r", "R", "f", "F", "rf", "Rf"])
        raw = "r" in prefix.lower()
        fstring = "f" in prefix.lower()
        if raw and not all(c.isprintable() and c not in "\\'\"{}" for c in value):
            prefix = prefix.lower().replace("r", "")
            raw = False
        if raw:
            return f"{prefix}{quote}{value}{quote}"
        body = "".join(self.char(c, quote, fstring) for c in value)
        return f"{prefix}{quote}{body}{quote}"

    def char(self, c: str, quote: str, fstring: bool) -> str:
        rng = self.rng
        code = ord(c)
        if c == "\\":
            return "\\\\"
        if c in "'\"":
            return "\\" + c if c == quote[0] else c
        if fstring and c in "{}":
            return c * 2
        if c == "\n" and len(quote) == 3 and rng.random() < 0.5:
            return "\n"
        escape = rng.random() < 0.3
        if c in "\r\n\x00" or (escape and code < 0x80) or (not c.isprintable() and code < 0xA0):
            style = rng.randrange(3) if code < 0x100 else 1
            if style == 0:
                return f"\\x{code:02x}"
            if style == 1:
                return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
            return f"\\{code:03o}" if code < 0o400 else f"\\u{code:04x}"
        if escape:
            name = unicodedata.name(c, "")
            if name and rng.random() < 0.5:
                return "\\N{" + name + "}"
            return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
        return c

    def sequence(self, items: list[Any], depth: int) -> str:
        rng = self.rng
        tuple_ = rng.random() < 0.3
        parts = [self.value(item, True, depth + 1) for item in items]
        if parts and rng.random() < 0.2:  # spread a static part
            split = rng.randrange(len(parts) + 1)
            head = ", ".join(parts[:split])
            parts = ([f"*[{head}]"] if split else []) + parts[split:]
        text = ",".join(self.ws(True) + part for part in parts)
        trailing = "," if (parts and (rng.random() < 0.4 or (tuple_ and len(parts) == 1))) else ""
        opening, closing = ("(", ")") if tuple_ else ("[", "]")
        return opening + text + trailing + self.ws(True) + closing

    def mapping(self, mapping: dict[str, Any], depth: int) -> str:
        rng = self.rng
        parts = [
            f"{self.string(key, True)}{self.ws(True)}:{self.ws(True)}{self.value(value, True, depth + 1)}"
            for key, value in mapping.items()
        ]
        if parts and rng.random() < 0.2:  # spread a static part
            split = rng.randrange(len(parts) + 1)
            parts = ["**{" + ", ".join(parts[:split]) + "}", *parts[split:]]
        text = ",".join(self.ws(True) + part for part in parts)
        trailing = "," if parts and rng.random() < 0.4 else ""
        return "{" + text + trailing + self.ws(True) + "}"

    def module(self, value: Any) -> str:
        rendered = self.value(value, False, 0)
        if self.rng.random() < 0.3:
            rendered = f"({self.ws(True)}{self.value(value, True, 0)}{self.ws(True)})"
        annotation = self.rng.choice(["", "", ": dict", ": 'Any'"])
        header = "# generated\nfrom typing import Any\n"
        return header + "".join(self.prelude) + f"main{annotation} = {rendered}\n"


def render(value: Any, seed: int) -> str:
    return Printer(random.Random(seed)).module(value)


def literal(piece: str) -> object:
    """The value of a literal's source text, or a marker when `ast.literal_eval` cannot evaluate it
    (f-strings and `+` are beyond it; the value roundtrip checks those)."""
    for candidate in (piece, f"({piece})"):  # parenthesized: implicit concatenation over lines
        try:
            return ast.literal_eval(candidate)
        except (ValueError, SyntaxError):
            pass
    return NotImplemented


def check_python_spans(data: bytes, root: SNode) -> None:
    """Every node's span is exactly the literal it was evaluated from."""
    for node in walk(root):
        if isinstance(node, NonStatic):
            assert text(data, node.span) == node.source
            continue
        piece = text(data, node.span)
        if isinstance(node, SScalar):
            value = literal(piece)
            assert value in (node.value, NotImplemented), piece
            if value is NotImplemented:  # only f-strings and `+` are beyond literal_eval
                assert "+" in piece or re.search(r"(?i)(?:f|rf|fr)['\"]", piece), piece
        elif isinstance(node, SObject):
            assert piece.startswith("{") and piece.endswith("}")
            for entry in node.entries:
                assert literal(text(data, entry.key_span)) in (entry.key, NotImplemented)
        else:
            assert (piece[0] in "[(" and piece[-1] in "])") or "," in piece


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=values, seed=st.integers(0, 2**32))
def test_roundtrip(value: Any, seed: int) -> None:
    source = render(value, seed)
    data = source.encode("utf-8", "surrogatepass")
    scan = _prescan(source)
    assert scan.lexical_error is None and scan.unclosed is None and scan.too_deep_at is None, source
    module = parse(data)
    assert module.problems == [], (source, module.problems)
    assert to_python(module.exports["main"]) == value, source
    check_python_spans(data, module.exports["main"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=values, seed=st.integers(0, 2**32), cut=st.integers(min_value=0), junk=st.binary(max_size=3))
def test_truncated_and_mutated_source_never_raises(value: Any, seed: int, cut: int, junk: bytes) -> None:
    data = render(value, seed).encode("utf-8", "surrogatepass")
    cut %= len(data) + 1
    for variant in (data[:cut], data[:cut] + junk + data[cut:]):
        module = parse(variant)
        for problem in module.problems:
            assert 0 <= problem.span.start <= problem.span.end <= len(variant)
            assert problem.message


@settings(max_examples=200, deadline=None)
@given(
    data=st.binary(max_size=300)
    | st.text(alphabet="([{}])'\"f{}:\\\n #=,-+.lambdaxy0123é", max_size=80).map(lambda s: s.encode())
)
def test_random_input_never_raises(data: bytes) -> None:
    module = parse(data)
    for problem in module.problems:
        assert 0 <= problem.span.start <= problem.span.end <= len(data)
        assert "internal error" not in problem.message


# --------------------------------------------------------------------------------------------------
# a realistic definition, and timing

_TOOL = """        'getThing%d': {
            'method': 'GET',
            'path': '/v1/things/{{id}}/items',
            'description': 'Fetch the items of a thing — with a limit',
            'parameters': [
                {
                    'position': {'key': 'id', 'value': '{{USER_PARAM}}', 'location': 'insert'},
                    'z': {'primitive': 'string()', 'options': ['min(1)', 'max(64)']},
                },
                {
                    'position': {'key': 'limit', 'value': '{{USER_PARAM}}', 'location': 'query'},
                    'z': {'primitive': 'number()', 'options': ['min(1)', 'max(100)', 'default(10)']},
                },
            ],
            'tests': [
                {'_description': 'Basic lookup', 'id': 'abc', 'limit': 5},
                {'_description': 'Second lookup', 'id': 'def', 'limit': 10.5},
            ],
            'output': {
                'mimeType': 'application/json',
                'schema': {'type': 'object', 'properties': {'items': {'type': 'array'}}},
            },
        },
"""


def realistic_definition(tools: int = 6) -> str:
    return (
        '"""A demo API as a FlowMCP definition written in Python."""\n\n'
        "from datetime import datetime\n\n"
        "ROOT = 'https://api.example.com'\n\n"
        "main = {\n"
        "    'namespace': 'demo',\n"
        "    'name': 'Demo API',\n"
        "    'description': ('A demo API with a long description '\n"
        "                    'split over two lines (ünïcödé)'),\n"
        "    'version': '3.0.0',\n"
        "    'root': ROOT + '/v1',\n"
        "    'requiredServerParams': ['API_KEY'],\n"
        "    'headers': {'Authorization': 'Bearer {{API_KEY}}'},\n"
        "    'tools': {\n" + "".join(_TOOL % i for i in range(tools)) + "    },\n"
        "}\n\n"
        "handlers = {\n"
        "    'getThing0': {'postRequest': lambda response, struct: {**struct, 'data': response['data']}},\n"
        "}\n"
    )


def test_realistic_definition() -> None:
    source = realistic_definition()
    module = parse(source)
    assert module.problems == []
    main = module.exports["main"]
    assert isinstance(main, SObject)
    value = to_python(main)
    assert isinstance(value, dict)
    assert value["root"] == "https://api.example.com/v1"
    assert value["description"] == "A demo API with a long description split over two lines (ünïcödé)"
    assert len(value["tools"]) == 6
    handlers = module.exports["handlers"]
    assert isinstance(handlers, SObject)
    assert isinstance(module.exports["datetime"], NonStatic)
    check_python_spans(source.encode(), main)


def test_sample_schema() -> None:
    path = os.path.join(os.path.dirname(__file__), "..", "sample_schemas", "defillama", "protocols.py")
    if not os.path.exists(path):
        pytest.skip("sample schema not present")
    with open(path, "rb") as handle:
        data = handle.read()
    module = parse(data)
    assert module.problems == []
    namespace = {}  # the sample is plain data: compare with what Python itself computes
    tree = ast.parse(data)
    for statement in tree.body:
        if isinstance(statement, ast.Assign) and isinstance(statement.targets[0], ast.Name):
            namespace[statement.targets[0].id] = ast.literal_eval(statement.value)
    assert to_python(module.exports["main"]) == namespace["main"]


def test_libcst_is_imported_lazily() -> None:
    import subprocess

    code = (
        "import sys, flowlint.formats.python as p; assert 'libcst' not in sys.modules; "
        "p.parse_python(b'x = 1'); assert 'libcst' in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
