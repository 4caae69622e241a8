"""Tests for the tree-sitter based JavaScript loader (`flowlint.formats.javascript`).

Run this file directly (`python tests/test_loader_javascript.py`) to print how long one
`parse_javascript` call takes on the realistic definition below.
"""

from __future__ import annotations

import json
import math
import random
import string
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from flowlint.core.jsvalues import js_number
from flowlint.core.nodes import HOLE, NonStatic, SArray, SEntry, SHole, SNode, SObject, Span, SScalar, to_python
from flowlint.formats.base import ParsedModule
from flowlint.formats.javascript import MAX_DEPTH, UNKNOWN_KEY, parse_javascript

# --------------------------------------------------------------------------------------------------
# helpers


def parse(source: str | bytes) -> ParsedModule:
    data = source.encode() if isinstance(source, str) else source
    module = parse_javascript(data)
    assert isinstance(module, ParsedModule)
    return module


def main_node(source: str) -> SNode:
    module = parse(source)
    assert module.problems == [], module.problems
    return module.exports["main"]


def value_of(expression: str) -> object:
    """The Python value of `export const main = <expression>`."""
    return to_python(main_node(f"export const main = {expression}\n"))


def text(source: str, span: Span) -> str:
    return source.encode()[span.start : span.end].decode()


def nonstatic(expression: str, prelude: str = "") -> NonStatic:
    node = main_node(f"{prelude}export const main = {expression}\n")
    assert isinstance(node, NonStatic), node
    return node


# --------------------------------------------------------------------------------------------------
# exports


def test_export_const_let_var_and_several_declarators() -> None:
    module = parse("export const a = 1, b = 'x'\nexport let c = [1]\nexport var d = {e: null}\n")
    assert module.problems == []
    assert {name: to_python(node) for name, node in module.exports.items()} == {
        "a": 1,
        "b": "x",
        "c": [1],
        "d": {"e": None},
    }


def test_export_clause_with_alias_before_and_after_declaration() -> None:
    source = "export { main as primary }\nconst main = { a: 1 }\nconst other = 2\nexport { other, main }\n"
    module = parse(source)
    assert module.problems == []
    assert list(module.exports) == ["primary", "other", "main"]
    assert to_python(module.exports["primary"]) == {"a": 1}
    assert module.exports["primary"] is module.exports["main"]
    assert to_python(module.exports["other"]) == 2


def test_export_clause_string_name_and_default() -> None:
    module = parse("const a = 1\nexport { a as 'quoted name' }\nexport default [a, 2]\n")
    assert to_python(module.exports["quoted name"]) == 1
    assert to_python(module.exports["default"]) == [1, 2]


def test_export_functions_classes_and_code_are_nonstatic() -> None:
    source = (
        "export function f() { return 1 }\n"
        "export async function* g() {}\n"
        "export class C {}\n"
        "export const handlers = ( { sharedLists } ) => ( { x: { postRequest: async () => 1 } } )\n"
        "export const fn = function () {}\n"
        "export default function () {}\n"
    )
    module = parse(source)
    assert module.problems == []
    for name in ("f", "g", "C", "handlers", "fn", "default"):
        assert isinstance(module.exports[name], NonStatic), name
    handlers = module.exports["handlers"]
    assert isinstance(handlers, NonStatic)
    assert handlers.source.startswith("( { sharedLists } ) =>")
    assert "arrow function" in handlers.reason
    assert text(source, handlers.span) == handlers.source
    assert "function declaration" in module.exports["f"].reason  # type: ignore[union-attr]


def test_reexports_and_unknown_exports_are_nonstatic() -> None:
    module = parse("import { x } from './x.mjs'\nexport { x }\nexport { y as z } from './y.mjs'\nexport { nope }\n")
    assert set(module.exports) == {"x", "z", "nope"}
    assert "imported" in module.exports["x"].reason  # type: ignore[union-attr]
    assert "re-exported" in module.exports["z"].reason  # type: ignore[union-attr]
    assert "not declared" in module.exports["nope"].reason  # type: ignore[union-attr]


def test_let_without_value_and_destructuring_exports() -> None:
    module = parse("export let w\nexport const { a, b: [c] } = obj\n")
    assert list(module.exports) == ["w", "a", "c"]
    for node in module.exports.values():
        assert isinstance(node, NonStatic)
    assert "destructuring" in module.exports["c"].reason  # type: ignore[union-attr]


def test_export_star_is_ignored() -> None:
    module = parse("export * from './other.mjs'\nexport const main = 1\n")
    assert list(module.exports) == ["main"]


# --------------------------------------------------------------------------------------------------
# strings


@pytest.mark.parametrize(
    ("literal", "expected"),
    [
        (r"'plain'", "plain"),
        (r'"plain"', "plain"),
        (r"''", ""),
        (r"'a\nb\tc\rd\be\ff\vg'", "a\nb\tc\rd\be\ff\vg"),
        (r"'\0'", "\0"),
        (r"""'it\'s "x"'""", 'it\'s "x"'),
        (r'''"say \"hi\" 'x'"''', "say \"hi\" 'x'"),
        (r"'back\\slash'", "back\\slash"),
        (r"'\x41\x7e'", "A~"),
        (r"'\u0041\u00e9'", "Aé"),
        (r"'\u{1F600}\u{41}'", "\U0001f600A"),
        (r"'\uD83D\uDE00'", "\U0001f600"),
        (r"'\q\%\8'", "q%8"),
        ("'line \\\ncontinued'", "line continued"),
        ("'crlf \\\r\ncontinued'", "crlf continued"),
        ("'raw ünïcödé 😀'", "raw ünïcödé 😀"),
        (r"'\101'", "A"),
    ],
)
def test_string_escapes(literal: str, expected: str) -> None:
    assert value_of(literal) == expected


@pytest.mark.parametrize(
    "body",
    [
        "export const main = { key: 'v\\u0041', 'q k': \"x\", k\\u0065y2: `t`, n: ['a', \"b\"] }\n",
        "export const main = { a: 'unterminated\n",
        "export const main = { 'unterminated: 1 }\n",
    ],
)
def test_ascii_and_non_ascii_files_give_the_same_strings_and_spans(body: str) -> None:
    """ASCII files slice keys and strings from their decoded text; other files decode each slice.
    Both give the same values, and spans that are byte offsets."""
    ascii_module = parse(body)
    prefix = "// ünïcödé 😀\n"
    shift = len(prefix.encode())
    other = parse(prefix + body)

    def shifted(node: object) -> object:
        if isinstance(node, Span):
            return Span(node.start + shift, node.end + shift)
        if isinstance(node, tuple):
            return tuple(shifted(item) for item in node)
        if hasattr(node, "_field_names"):
            return type(node)(*(shifted(getattr(node, name)) for name in node._field_names))
        return node

    assert other.exports == {name: shifted(value) for name, value in ascii_module.exports.items()}
    assert other.problems == [shifted(problem) for problem in ascii_module.problems]


def test_lone_surrogates_are_kept() -> None:
    value = value_of(r"'a\uD800b\uDC00'")
    assert value == "a\ud800b\udc00"


def test_string_span_includes_quotes() -> None:
    source = "export const main = { k: 'v\\n' }"
    node = main_node(source)
    assert isinstance(node, SObject)
    entry = node.entries[0]
    assert text(source, entry.key_span) == "k"
    assert text(source, entry.value.span) == "'v\\n'"


@pytest.mark.parametrize(
    ("literal", "expected"),
    [
        ("`plain`", "plain"),
        ("`a\\tb\\u0041`", "a\tbA"),
        ("`multi\nline`", "multi\nline"),
        ("`crlf\r\nline`", "crlf\nline"),
        ("`cr\rline`", "cr\nline"),
        ("`\\${not} a \\`substitution\\``", "${not} a `substitution`"),
        ("``", ""),
    ],
)
def test_template_without_substitutions(literal: str, expected: str) -> None:
    assert value_of(literal) == expected


def test_template_with_substitution_is_nonstatic() -> None:
    node = nonstatic("`a${1}b`")
    assert node.source == "`a${1}b`"
    assert "template" in node.reason


# --------------------------------------------------------------------------------------------------
# numbers and other literals


@pytest.mark.parametrize(
    ("literal", "expected", "kind"),
    [
        ("0", 0, int),
        ("42", 42, int),
        ("-7", -7, int),
        ("+7", 7, int),
        ("- -7", 7, int),
        ("1.5", 1.5, float),
        ("1.0", 1.0, float),
        ("1e3", 1000.0, float),
        ("2.5E-3", 0.0025, float),
        (".5", 0.5, float),
        ("5.", 5.0, float),
        ("0x1F", 31, int),
        ("0XfF", 255, int),
        ("0o17", 15, int),
        ("0b101", 5, int),
        ("1_000_000", 1000000, int),
        ("1_0.5_0", 10.5, float),
        ("12345678901234567890", 12345678901234567890, int),
        ("(3)", 3, int),
        ("((-3))", -3, int),
    ],
)
def test_numbers(literal: str, expected: float, kind: type) -> None:
    value = value_of(literal)
    assert value == expected
    assert type(value) is kind


def test_nan_and_infinity() -> None:
    value = value_of("[NaN, Infinity, -Infinity, +Infinity]")
    assert isinstance(value, list)
    assert math.isnan(value[0])
    assert value[1:] == [math.inf, -math.inf, math.inf]


def test_true_false_null() -> None:
    assert value_of("[true, false, null]") == [True, False, None]


@pytest.mark.parametrize(
    ("expression", "reason"),
    [
        ("10n", "BigInt"),
        ("undefined", "undefined"),
        ("017", "octal"),
        ("-'1'", "non-number"),
        ("!true", "unary `!`"),
        ("typeof x", "unary `typeof`"),
        ("void 0", "unary `void`"),
    ],
)
def test_nonstatic_literals(expression: str, reason: str) -> None:
    node = nonstatic(expression)
    assert reason in node.reason
    assert node.source == expression


# --------------------------------------------------------------------------------------------------
# objects


def test_object_keys_of_every_kind() -> None:
    source = (
        "export const main = { plain: 1, 'single': 2, \"double\": 3, 1: 4, 1.50: 5, 0x10: 6, 1e3: 7,"
        " ['comp' + 'uted']: 8, [`t`]: 9, [2]: 10, 'esc\\u0041': 11, default: 12, 1n: 13, \\u0062: 14 }"
    )
    node = main_node(source)
    assert isinstance(node, SObject)
    assert [entry.key for entry in node.entries] == [
        "plain",
        "single",
        "double",
        "1",
        "1.5",
        "16",
        "1000",
        "computed",
        "t",
        "2",
        "escA",
        "default",
        "1",
        "b",
    ]
    spans = [text(source, entry.key_span) for entry in node.entries]
    assert spans[:8] == ["plain", "'single'", '"double"', "1", "1.50", "0x10", "1e3", "['comp' + 'uted']"]


def test_object_and_entry_spans() -> None:
    source = "export const main = {\n  name: 'x',\n  nested: { deep: [1, 2] },\n}\n"
    node = main_node(source)
    assert isinstance(node, SObject)
    assert text(source, node.span).startswith("{") and text(source, node.span).endswith("}")
    nested = node.entry("nested")
    assert nested is not None
    assert text(source, nested.key_span) == "nested"
    assert text(source, nested.value.span) == "{ deep: [1, 2] }"
    deep = nested.value.get("deep")  # type: ignore[union-attr]
    assert isinstance(deep, SArray)
    assert text(source, deep.span) == "[1, 2]"
    assert [text(source, item.span) for item in deep.items] == ["1", "2"]


def test_duplicate_explicit_keys_are_kept() -> None:
    node = main_node("export const main = { a: 1, a: 2 }")
    assert isinstance(node, SObject)
    assert [entry.key for entry in node.entries] == ["a", "a"]
    assert to_python(node) == {"a": 2}
    assert node.get("a") == SScalar(2, node.entries[1].value.span)


def test_shorthand_resolves_const() -> None:
    source = "const tags = ['a', 'b']\nexport const main = { tags }\n"
    node = main_node(source)
    assert isinstance(node, SObject)
    entry = node.entries[0]
    assert entry.key == "tags"
    assert text(source, entry.key_span) == "tags"
    assert to_python(entry.value) == ["a", "b"]
    assert text(source, entry.value.span) == "['a', 'b']"  # the binding's own span


def test_methods_and_accessors_are_nonstatic_entries() -> None:
    node = main_node("export const main = { m() { return 1 }, get g() { return 2 }, set s(v) {}, async a() {} }")
    assert isinstance(node, SObject)
    assert [entry.key for entry in node.entries] == ["m", "g", "s", "a"]
    for entry in node.entries:
        assert isinstance(entry.value, NonStatic)
        assert "method" in entry.value.reason
    assert node.entries[1].value.source == "get g() { return 2 }"  # type: ignore[union-attr]


def test_spread_of_static_object_merges_in_place() -> None:
    source = "const base = { a: 1, b: 2 }\nexport const main = { x: 0, b: 'early', ...base, a: 3, c: 4 }\n"
    node = main_node(source)
    assert isinstance(node, SObject)
    assert [entry.key for entry in node.entries] == ["x", "b", "a", "c"]
    assert to_python(node) == {"x": 0, "b": 2, "a": 3, "c": 4}
    # `a: 3` replaced the spread `a` in place; its key span is the explicit key
    assert text(source, node.entries[2].key_span) == "a"
    assert node.entries[2].key_span.start > source.index("...base")
    # `b` comes from the spread: its spans point into `base`
    assert text(source, node.entries[1].value.span) == "2"


def test_spread_of_inline_object_array_and_string() -> None:
    assert value_of("{ ...{ a: 1 }, ...['x', 'y'], ...'hi', ...null, ...1 }") == {
        "a": 1,
        "0": "h",
        "1": "i",
    }


def test_nonstatic_spread_and_computed_key_use_unknown_key() -> None:
    source = "export const main = { a: 1, ...other(), [name]: 2, b: 3 }"
    node = main_node(source)
    assert isinstance(node, SObject)
    assert [entry.key for entry in node.entries] == ["a", UNKNOWN_KEY, UNKNOWN_KEY, "b"]
    spread, computed = node.entries[1].value, node.entries[2].value
    assert isinstance(spread, NonStatic) and isinstance(computed, NonStatic)
    assert spread.source == "...other()"
    assert "call expression" in spread.reason
    assert computed.source == "[name]: 2"
    assert "`[name]`" in computed.reason


def test_comments_inside_objects_are_ignored() -> None:
    source = "export const main = { /* a */ a /* b */ : /* c */ 1 /* d */, // e\n b: 2, /* f */ }"
    assert to_python(main_node(source)) == {"a": 1, "b": 2}


# --------------------------------------------------------------------------------------------------
# arrays


def test_array_holes_and_trailing_comma() -> None:
    source = "export const main = [, 'x', 1,, 2,]"
    node = main_node(source)
    assert isinstance(node, SArray)
    assert to_python(node) == [HOLE, "x", 1, HOLE, 2]
    holes = [item for item in node.items if isinstance(item, SHole)]
    assert len(holes) == 2
    for hole in holes:
        assert text(source, hole.span) == ","
    assert holes[0].span == Span(source.index("[,") + 1, source.index("[,") + 2)
    assert holes[1].span.start == source.index(",,") + 1


@pytest.mark.parametrize(
    ("literal", "expected"),
    [
        ("[]", []),
        ("[,]", [HOLE]),
        ("[,,]", [HOLE, HOLE]),
        ("[1,]", [1]),
        ("[1,,]", [1, HOLE]),
        ("[1 /* , */, 2]", [1, 2]),
        ("[1, /* c */ 2]", [1, 2]),
        ("[1, /* c */ , 2]", [1, HOLE, 2]),
        ("[1, // ,\n 2]", [1, 2]),
        ("[/* , */]", []),
        ("[[], [,], {}]", [[], [HOLE], {}]),
    ],
)
def test_array_holes_with_comments(literal: str, expected: list[object]) -> None:
    assert value_of(literal) == expected


def test_array_spread() -> None:
    value = value_of("[0, ...[1, 2], ...'ab', ...[,3]]")
    assert isinstance(value, list)
    assert value[:6] == [0, 1, 2, "a", "b", value[5]]
    assert isinstance(value[5], NonStatic) and "undefined" in value[5].reason  # a spread hole
    assert value[6] == 3
    node = main_node("export const main = [...items()]")
    assert isinstance(node, SArray)
    assert isinstance(node.items[0], NonStatic)
    assert node.items[0].source == "...items()"


# --------------------------------------------------------------------------------------------------
# operators and JSON.stringify


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("'a' + 'b'", "ab"),
        ("'a' + 'b' + 'c' + 'd'", "abcd"),
        ("1 + 2", 3),
        ("1.5 + 2", 3.5),
        ("'v' + 1", "v1"),
        ("'v' + 1.5", "v1.5"),
        ("'v' + 1.0", "v1"),
        ("'v' + 1e21", "v1e+21"),
        ("'v' + 1e-7", "v1e-7"),
        ("'v' + 0.000001", "v0.000001"),
        ("'v' + -0.5", "v-0.5"),
        ("'v' + NaN", "vNaN"),
        ("'v' + Infinity", "vInfinity"),
        ("2 + 'x'", "2x"),
        ("1 + 2 + 'x'", "3x"),
        ("'x' + 1 + 2", "x12"),
        ("'x' + (1 + 2)", "x3"),
        ("'a' /* c */ + 'b'", "ab"),
    ],
)
def test_plus(expression: str, expected: object) -> None:
    assert value_of(expression) == expected


def test_plus_span_and_long_chains() -> None:
    source = "export const main = 'a' + 'b'"
    node = main_node(source)
    assert text(source, node.span) == "'a' + 'b'"
    chain = " + ".join(["'x'"] * 5000)
    assert value_of(chain) == "x" * 5000


@pytest.mark.parametrize("expression", ["'a' + true", "1 + null", "'a' + x", "[1] + 'a'", "1 - 1", "2 * 3"])
def test_other_binary_expressions_are_nonstatic(expression: str) -> None:
    assert nonstatic(expression).source == expression


@pytest.mark.parametrize(
    ("argument", "expected"),
    [
        ("{ a: 1, b: [true, null, 'x'] }", '{"a":1,"b":[true,null,"x"]}'),
        ("{ b: 1, 2: 'two', 1: 'one', a: 2 }", '{"1":"one","2":"two","b":1,"a":2}'),
        ("[1.0, 1.5, 1e21, 1e-7, -0, NaN, Infinity]", "[1,1.5,1e+21,1e-7,0,null,null]"),
        ("[1, , 2]", "[1,null,2]"),
        ("'q\"\\\\\\n\\u0001é😀'", '"q\\"\\\\\\n\\u0001é😀"'),
        ("'\\uD800'", '"\\ud800"'),
        ("{ a: 1, a: 2 }", '{"a":2}'),
        ("{}", "{}"),
        ("[]", "[]"),
    ],
)
def test_json_stringify(argument: str, expected: str) -> None:
    source = f"export const main = JSON.stringify({argument})"
    node = main_node(source)
    assert isinstance(node, SScalar)
    assert node.value == expected
    assert text(source, node.span) == f"JSON.stringify({argument})"


def test_json_stringify_matches_python_json_for_plain_data() -> None:
    data = {"name": "x", "list": [1, 2.5, None, True, {"k": "v"}], "s": 'q"\n'}
    literal = json.dumps(data)
    assert value_of(f"JSON.stringify({literal})") == json.dumps(data, separators=(",", ":"))


@pytest.mark.parametrize("expression", ["JSON.stringify({ a: f() })", "JSON.stringify(x, null, 2)", "JSON.stringify()"])
def test_json_stringify_of_nonstatic(expression: str) -> None:
    assert nonstatic(expression).source == expression


def test_json_shadowed_is_not_evaluated() -> None:
    node = nonstatic("JSON.stringify(1)", prelude="const JSON = { stringify: 1 }\n")
    assert "call" in node.reason


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (0, "0"),
        (-0.0, "0"),
        (1.0, "1"),
        (123456789012345680000.0, "123456789012345680000"),
        (1e21, "1e+21"),
        (1.5e300, "1.5e+300"),
        (0.1, "0.1"),
        (1e-6, "0.000001"),
        (1e-7, "1e-7"),
        (1.2345e-7, "1.2345e-7"),
        (-2.5, "-2.5"),
        (2**53 + 2, "9007199254740994"),
        (10**30, "1e+30"),
        (math.inf, "Infinity"),
        (-math.inf, "-Infinity"),
        (math.nan, "NaN"),
    ],
)
def test_js_number_to_string(value: float, expected: str) -> None:
    assert js_number(value) == expected


# --------------------------------------------------------------------------------------------------
# identifiers


def test_identifiers_resolve_to_earlier_consts() -> None:
    source = (
        "const ROOT = 'https://api.example.com'\n"
        "const VERSION = 2\n"
        "const PATH = '/v' + VERSION\n"
        "export const main = { root: ROOT, path: PATH, both: [ROOT, VERSION] }\n"
    )
    node = main_node(source)
    assert to_python(node) == {
        "root": "https://api.example.com",
        "path": "/v2",
        "both": ["https://api.example.com", 2],
    }
    root = node.get("root")  # type: ignore[union-attr]
    assert root is not None and text(source, root.span) == "'https://api.example.com'"


@pytest.mark.parametrize(
    ("prelude", "expression", "reason"),
    [
        ("import { helper } from './h.mjs'\n", "helper", "`helper` is imported"),
        ("import helper from './h.mjs'\n", "helper", "`helper` is imported"),
        ("import * as helper from './h.mjs'\n", "helper", "`helper` is imported"),
        ("import { x as helper } from './h.mjs'\n", "helper", "`helper` is imported"),
        ("let value = 1\n", "value", "`value` is declared with `let`"),
        ("var value = 1\n", "value", "`value` is declared with `var`"),
        ("", "missing", "unknown identifier `missing`"),
        ("function helper() {}\n", "helper", "`helper` is a function"),
        ("class Helper {}\n", "Helper", "`Helper` is a class"),
        ("const fn = () => 1\n", "fn", "`fn` is bound to a non-static value"),
        ("const { a } = b\n", "a", "destructuring"),
    ],
)
def test_unresolvable_identifiers(prelude: str, expression: str, reason: str) -> None:
    node = nonstatic(expression, prelude)
    assert reason in node.reason
    assert node.source == expression


def test_identifier_declared_later_is_nonstatic() -> None:
    module = parse("export const main = { a: later }\nconst later = 1\n")
    node = module.exports["main"]
    assert isinstance(node, SObject)
    value = node.get("a")
    assert isinstance(value, NonStatic)
    assert "`later` is used before its declaration" in value.reason
    own = parse("export const main = { a: main }\n").exports["main"]
    assert isinstance(own.get("a"), NonStatic)  # type: ignore[union-attr]


def test_imports_after_main_are_still_imports() -> None:
    module = parse("export const main = { h: helper }\nimport { helper } from './h.mjs'\n")
    value = module.exports["main"].get("h")  # type: ignore[union-attr]
    assert isinstance(value, NonStatic)
    assert "imported" in value.reason


# --------------------------------------------------------------------------------------------------
# everything else is NonStatic with its exact source


@pytest.mark.parametrize(
    ("expression", "reason"),
    [
        ("foo(1, 2)", "call expression"),
        ("new Date()", "`new` expression"),
        ("Date.now", "member expression"),
        ("a?.b", "member expression"),
        ("a[0]", "subscript expression"),
        ("/ab+c/gi", "regular expression"),
        ("function () {}", "function"),
        ("async () => { await x }", "arrow function"),
        ("class {}", "class"),
        ("await load()", "`await`"),
        ("a ? 1 : 2", "conditional"),
        ("(1, 2)", "comma expression"),
        ("tag`x`", "call expression"),
        ("this", "`this`"),
    ],
)
def test_nonstatic_expressions(expression: str, reason: str) -> None:
    source = f"export const main = {{ key: {expression} }}\n"
    node = main_node(source)
    value = node.get("key")  # type: ignore[union-attr]
    assert isinstance(value, NonStatic), value
    assert reason in value.reason
    # parentheses are transparent: `(1, 2)` is the comma expression inside them
    assert value.source == ("1, 2" if expression == "(1, 2)" else expression)
    assert text(source, value.span) == value.source


# --------------------------------------------------------------------------------------------------
# syntax errors, depth, robustness


def test_missing_brace_is_reported_with_partial_exports() -> None:
    source = "export const first = { a: 1 }\nexport const main = { a: [1, 2 }\n"
    module = parse(source)
    assert module.problems, "expected a syntax problem"
    assert to_python(module.exports["first"]) == {"a": 1}
    assert any("`]`" in problem.message for problem in module.problems)
    for problem in module.problems:
        assert 0 <= problem.span.start <= problem.span.end <= len(source)


def test_unexpected_token_message() -> None:
    source = "export const main = { a: 1 ) }\n"
    module = parse(source)
    assert [problem.message for problem in module.problems] == ["unexpected `)`"]
    problem = module.problems[0]
    assert text(source, problem.span) == ")"
    assert to_python(module.exports["main"]) == {"a": 1}


def test_unclosed_bracket_at_end_of_file() -> None:
    source = "export const main = { a: [1, 2"
    module = parse(source)
    assert module.problems[0].message == "unexpected end of file: `[` is never closed"
    assert module.problems[0].span == Span(source.index("["), source.index("[") + 1)


def test_missing_token_message() -> None:
    module = parse("export const main = { a: }\n")
    assert [problem.message for problem in module.problems] == ["missing identifier"]
    assert isinstance(module.exports["main"].get("a"), NonStatic)  # type: ignore[union-attr]


def test_empty_object_members_are_reported() -> None:
    source = "export const main = { a: 1,, b: 2, c: { , d: 3 }, e: [1,,2] }\n"
    module = parse(source)
    assert [problem.message for problem in module.problems] == ["unexpected `,`", "unexpected `,`"]
    assert [problem.span.start for problem in module.problems] == [
        source.index(",,") + 1,
        source.index("{ ,") + 2,
    ]
    assert to_python(module.exports["main"]) == {"a": 1, "b": 2, "c": {"d": 3}, "e": [1, HOLE, 2]}


def _random_object(rng: random.Random, depth: int = 0) -> str:
    """An object literal of members, commas (some doubled, leading or trailing) and comments."""
    parts = ["{"]
    for _ in range(rng.randint(0, 5)):
        choice = rng.random()
        if choice < 0.35:
            parts.append(rng.choice(["a: 1", "'b': 'x,'", "c: [1,,2]", "...d", "e() {}", "f"]))
        elif choice < 0.45 and depth < 2:
            parts.append("g: " + _random_object(rng, depth + 1))
        elif choice < 0.8:
            parts.append(",")
        else:
            parts.append(rng.choice(["/* , */", "// ,\n", "/**/"]))
        parts.append(rng.choice(["", " ", "\n"]))
    parts.append("}")
    return "".join(parts)


def test_empty_members_are_found_as_if_every_object_were_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a file without syntax errors, only objects with as many commas as members are checked for
    empty members: the problems are those of checking every object."""
    from flowlint.formats import javascript

    rng = random.Random(26)
    sources = [f"const d = {{}}, f = 1, e = 2;\nexport const main = {_random_object(rng)}\n" for _ in range(600)]
    found = [parse(source).problems for source in sources]
    evaluator_init = javascript._Evaluator.__init__

    def check_every_object(self: javascript._Evaluator, data: bytes, valid: bool) -> None:
        evaluator_init(self, data, valid)
        self.valid, self.check_commas = False, True

    monkeypatch.setattr(javascript._Evaluator, "__init__", check_every_object)
    assert found == [parse(source).problems for source in sources]
    assert sum(1 for problems in found if problems) > 100  # (empty members were found, and syntax errors)


def test_at_most_ten_problems() -> None:
    module = parse("export const main = [" + ", ".join(["1 2"] * 40) + "]\n")
    assert 1 <= len(module.problems) <= 10


def test_long_error_text_is_truncated() -> None:
    module = parse("export const main = { a: 1 } )" + "x" * 200 + " ( ]\n")
    for problem in module.problems:
        assert len(problem.message) < 60


@pytest.mark.parametrize("shape", ["[", "{a:", "(", "- ", "{...["])
def test_deep_nesting_is_cut_off(shape: str) -> None:
    closing = {"[": "]", "{a:": "}", "(": ")", "- ": "", "{...[": "]}"}[shape]
    source = "export const main = " + shape * 100_000 + "1" + closing * 100_000
    module = parse(source)
    node = module.exports["main"]
    found = []
    while isinstance(node, (SArray, SObject)):
        child = node.items[0] if isinstance(node, SArray) else node.entries[0].value
        node = child
        found.append(node)
    assert isinstance(node, NonStatic)
    assert node.reason == "nested too deeply"
    assert len(found) <= MAX_DEPTH + 1


def test_resolved_bindings_do_not_nest_beyond_the_limit() -> None:
    lines = ["const a0 = 1"] + [f"const a{i} = [[[[[[[[[[a{i - 1}]]]]]]]]]]" for i in range(1, 40)]
    module = parse("\n".join(lines) + "\nexport const main = a39\n")

    def height(node: SNode) -> int:
        if isinstance(node, SArray):
            return 1 + max(map(height, node.items))
        return 1

    assert height(module.exports["main"]) <= MAX_DEPTH + 1


def test_invalid_utf8_and_bom() -> None:
    module = parse(b"\xef\xbb\xbfexport const main = { 'a\xff': '\xc3\x28', b: 1 }")
    assert to_python(module.exports["main"]) == {"a\ufffd": "\ufffd(", "b": 1}
    assert module.exports["main"].span.start == len(b"\xef\xbb\xbfexport const main = ")


@pytest.mark.parametrize("data", [b"", b"\x00\x01\x02", b"})(", b"export", b"export const", b"\xff" * 100])
def test_junk_never_raises(data: bytes) -> None:
    module = parse(data)
    assert len(module.problems) <= 10


# --------------------------------------------------------------------------------------------------
# a realistic definition

REALISTIC = """\
// CoinGecko price tools for FlowMCP -- comments everywhere must be ignored
/* eslint-disable */

const SHARED_TAGS = [ 'crypto', 'prices' ] // shared between definitions
const BASE = 'https://api.coingecko.com/api/v3'

export const main = {
    namespace: 'coingecko',
    name: 'CoinGecko Prices',
    description: 'Fetch current prices, market data and history for crypto assets via CoinGecko.',
    version: '2.0.0',
    docs: [ 'https://docs.coingecko.com/reference/introduction' ],
    tags: [ ...SHARED_TAGS, 'market-data' ],
    root: BASE,
    requiredServerParams: [ 'COINGECKO_API_KEY' ],
    headers: {
        'x-cg-demo-api-key': '{{COINGECKO_API_KEY}}', // sent on every request
        "Accept": "application/json"
    },
    tools: {
        getSimplePrice: {
            method: 'GET',
            path: '/simple/price',
            description: "Get the current price of one or more coins in one or more currencies.",
            parameters: [
                {
                    position: { key: 'ids', value: '{{USER_PARAM}}', location: 'query' },
                    z: { primitive: 'string()', options: [ 'min(1)', 'max(500)' ] }
                },
                {
                    position: { key: 'vs_currencies', value: '{{USER_PARAM}}', location: 'query' },
                    z: { primitive: 'string()', options: [ 'default(usd)' ] }
                },
                /* optional */
                {
                    position: { key: 'include_market_cap', value: '{{USER_PARAM}}', location: 'query' },
                    z: { primitive: 'boolean()', options: [ 'optional()', 'default(false)' ] }
                }
            ],
            tests: [
                { _description: 'Bitcoin in USD', ids: 'bitcoin', vs_currencies: 'usd' },
                { _description: 'Two coins', ids: 'bitcoin,ethereum', vs_currencies: 'usd,eur' }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'object',
                    properties: {
                        bitcoin: {
                            type: 'object',
                            properties: {
                                usd: { type: 'number', description: 'Price in USD' },
                                usd_market_cap: { type: 'number' }
                            }
                        }
                    }
                }
            }
        },
        getCoinMarkets: {
            method: 'GET',
            path: '/coins/markets',
            description: 'List coins with price, market cap and volume, sorted and paginated.',
            parameters: [
                {
                    position: { key: 'vs_currency', value: '{{USER_PARAM}}', location: 'query' },
                    z: { primitive: 'enum(usd,eur,gbp,jpy)', options: [] }
                },
                {
                    position: { key: 'order', value: 'market_cap_desc', location: 'query' },
                    z: { primitive: 'string()', options: [] }
                },
                {
                    position: { key: 'per_page', value: '{{USER_PARAM}}', location: 'query' },
                    z: { primitive: 'number()', options: [ 'min(1)', 'max(250)', 'default(100)' ] }
                },
                {
                    position: { key: 'page', value: '{{USER_PARAM}}', location: 'query' },
                    z: { primitive: 'number()', options: [ 'min(1)', 'default(1)' ] }
                }
            ],
            tests: [
                { _description: 'Top 10 by market cap in USD', vs_currency: 'usd', per_page: 10, page: 1 },
                { _description: 'Second page in EUR', vs_currency: 'eur', per_page: 50, page: 2 }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'array',
                    items: {
                        type: 'object',
                        properties: {
                            id: { type: 'string' },
                            symbol: { type: 'string' },
                            current_price: { type: 'number', nullable: true },
                            market_cap_rank: { type: 'integer', minimum: 1 },
                            price_change_percentage_24h: { type: 'number', example: -1.25e-1 }
                        },
                        required: [ 'id', 'symbol' ]
                    }
                }
            }
        },
        getCoinHistory: {
            method: 'GET',
            path: '/coins/{{id}}/history',
            description: `Historical snapshot of a coin on a given date (dd-mm-yyyy).`,
            parameters: [
                {
                    position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' },
                    z: { primitive: 'string()', options: [ 'min(1)' ] }
                },
                {
                    position: { key: 'date', value: '{{USER_PARAM}}', location: 'query' },
                    z: { primitive: 'string()', options: [ 'regex(^\\\\d{2}-\\\\d{2}-\\\\d{4}$)' ] }
                }
            ],
            tests: [
                { _description: 'Bitcoin on 30-12-2022', id: 'bitcoin', date: '30-12-2022' }
            ]
        },
        getTrending: {
            method: 'GET',
            path: '/search/trending',
            description: 'Top trending coins, NFTs and categories in the last 24 hours.',
            parameters: [],
            tests: [ { _description: 'Trending now' } ],
        },
    }
}


export const handlers = ( { sharedLists, libraries } ) => ( {
    getSimplePrice: {
        postRequest: async ( { response, struct, payload } ) => {
            const entries = Object.entries( response )
                .map( ( [ id, prices ] ) => ( { id, ...prices } ) )
            return { response: entries }
        }
    },
    getCoinMarkets: {
        postRequest: async ( { response } ) => {
            const rows = response.filter( ( row ) => row.market_cap_rank !== null )
            return { response: rows }
        }
    }
} )

import { formatDate } from './helpers/date.mjs' // imports may come last
"""


def test_realistic_definition() -> None:
    module = parse(REALISTIC)
    assert module.problems == []
    assert list(module.exports) == ["main", "handlers"]
    assert isinstance(module.exports["handlers"], NonStatic)
    main = module.exports["main"]
    assert isinstance(main, SObject)
    data = to_python(main)
    assert isinstance(data, dict)
    assert data["tags"] == ["crypto", "prices", "market-data"]
    assert data["root"] == "https://api.coingecko.com/api/v3"
    assert data["headers"] == {"x-cg-demo-api-key": "{{COINGECKO_API_KEY}}", "Accept": "application/json"}
    tools = data["tools"]
    assert list(tools) == ["getSimplePrice", "getCoinMarkets", "getCoinHistory", "getTrending"]
    assert len(tools["getSimplePrice"]["parameters"]) == 3
    assert tools["getCoinMarkets"]["tests"][0]["per_page"] == 10
    schema = tools["getCoinMarkets"]["output"]["schema"]
    assert schema["items"]["properties"]["price_change_percentage_24h"]["example"] == -0.125
    date_options = tools["getCoinHistory"]["parameters"][1]["z"]["options"]
    assert date_options == ["regex(^\\d{2}-\\d{2}-\\d{4}$)"]
    assert tools["getCoinHistory"]["description"].startswith("Historical snapshot")
    # a span deep inside: the `path` value of getTrending
    trending = main.get("tools").get("getTrending")  # type: ignore[union-attr]
    path = trending.entry("path")  # type: ignore[union-attr]
    assert path is not None
    assert text(REALISTIC, path.key_span) == "path"
    assert text(REALISTIC, path.value.span) == "'/search/trending'"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_truncated_and_mutated_definitions_never_raise(data: st.DataObject) -> None:
    source = REALISTIC.encode()
    cut = data.draw(st.integers(0, len(source)))
    broken = bytearray(source[:cut])
    for _ in range(data.draw(st.integers(0, 3))):
        if broken:
            position = data.draw(st.integers(0, len(broken) - 1))
            broken[position] = data.draw(st.sampled_from(b"{}[](),:;'\"`\\/*\n x0\xff"))
    module = parse(bytes(broken))
    assert len(module.problems) <= 10
    for problem in module.problems:
        assert 0 <= problem.span.start <= problem.span.end <= len(broken)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=600))
def test_random_bytes_never_raise(data: bytes) -> None:
    module = parse(data)
    assert len(module.problems) <= 10


# --------------------------------------------------------------------------------------------------
# property test: JSON-like data rendered as JavaScript in many styles parses back to itself

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
)
json_values = st.recursive(
    json_scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=20,
)

_IDENTIFIER_CHARS = set(string.ascii_letters + string.digits + "_$")


class _Renderer:
    """Renders plain data as a JavaScript expression, with random (but valid) style choices."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def gap(self) -> str:
        choice = self.rng.random()
        if choice < 0.5:
            return self.rng.choice(["", " ", "  ", "\n", "\t", "\r\n    "])
        if choice < 0.75:
            return self.rng.choice([" /* c */ ", "/**/", " /* , */ ", " /* ] } */"])
        return self.rng.choice([" // c\n", "// , ]\n", " //\n"])

    def string(self, value: str, template_ok: bool = True) -> str:
        quote = self.rng.choice(["'", '"', "`"] if template_ok else ["'", '"'])
        out = []
        for char in value:
            code = ord(char)
            escape = self.rng.random() < 0.1
            if char == "\\" or char == quote or (quote == "`" and char == "$"):
                out.append("\\" + char)
            elif char == "\n" and quote == "`" and not escape:
                out.append("\n")
            elif code < 0x20 or code in (0x2028, 0x2029) or escape:
                style = self.rng.randrange(4)
                if code > 0xFFFF:
                    if style < 2:
                        out.append(f"\\u{{{code:x}}}")
                    else:
                        high, low = 0xD800 + ((code - 0x10000) >> 10), 0xDC00 + ((code - 0x10000) & 0x3FF)
                        out.append(f"\\u{high:04X}\\u{low:04x}")
                elif char in "\n\t\r\b\f\v" and style == 0:
                    out.append({"\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b", "\f": "\\f", "\v": "\\v"}[char])
                elif code < 0x100 and style == 1:
                    out.append(f"\\x{code:02x}")
                elif style == 2:
                    out.append(f"\\u{{{code:X}}}")
                else:
                    out.append(f"\\u{code:04x}")
            else:
                out.append(char)
        return quote + "".join(out) + quote

    def number(self, value: float) -> str:
        if isinstance(value, int):
            magnitude = abs(value)
            style = self.rng.randrange(5)
            if style == 0:
                body = hex(magnitude)
            elif style == 1:
                body = "0o" + format(magnitude, "o")
            elif style == 2:
                body = bin(magnitude)
            elif style == 3 and magnitude >= 1000:
                body = f"{magnitude:_}"
            else:
                body = str(magnitude)
            return ("-" if value < 0 else self.rng.choice(["", "", "+"])) + body
        body = self.rng.choice([repr(abs(value)), f"{abs(value):.17e}"])
        return ("-" if math.copysign(1, value) < 0 else "") + body

    def key(self, key: str) -> str:
        choice = self.rng.random()
        if key and key[0] not in string.digits and set(key) <= _IDENTIFIER_CHARS and choice < 0.6:
            return key
        if key.isascii() and key.isdigit() and (key == "0" or key[0] != "0") and choice < 0.5:
            return key
        if choice < 0.15:
            return "[" + self.string(key) + "]"
        return self.string(key, template_ok=False)

    def value(self, value: object) -> str:
        g = self.gap
        if value is None:
            return "null"
        if value is True:
            return "true"
        if value is False:
            return "false"
        if isinstance(value, (int, float)):
            return self.number(value)
        if isinstance(value, str):
            return self.string(value)
        if isinstance(value, list):
            if not value:
                return "[" + g() + "]"
            items = [g() + self.value(item) + g() for item in value]
            trailing = "," + g() if self.rng.random() < 0.4 else ""
            return "[" + ",".join(items) + trailing + "]"
        assert isinstance(value, dict)
        if not value:
            return "{" + g() + "}"
        members = [g() + self.key(key) + g() + ":" + g() + self.value(item) + g() for key, item in value.items()]
        trailing = "," + g() if self.rng.random() < 0.4 else ""
        return "{" + ",".join(members) + trailing + "}"


@settings(max_examples=200, deadline=None)
@given(json_values, st.randoms(use_true_random=False))
def test_rendered_json_like_values_round_trip(value: object, rng: random.Random) -> None:
    renderer = _Renderer(rng)
    source = f"{renderer.gap()}export const main ={renderer.gap()}{renderer.value(value)}{renderer.gap()};\n"
    module = parse(source)
    assert module.problems == [], (source, module.problems)
    assert to_python(module.exports["main"]) == value, source


def test_renderer_smoke() -> None:
    renderer = _Renderer(random.Random(7))
    value = {"a b": ["x'y\"z`$\\", 1, -2.5, None, True], "1": {"é": "\U0001f600\n"}}
    source = "export const main = " + renderer.value(value)
    assert to_python(parse(source).exports["main"]) == value


def test_entries_are_real_node_instances() -> None:
    node = main_node("export const main = { a: 'x', b: [1] }")
    assert isinstance(node, SObject)
    entry = node.entries[0]
    assert type(entry) is SEntry and type(entry.key_span) is Span and type(entry.value) is SScalar
    assert entry == SEntry("a", Span(22, 23), SScalar("x", Span(25, 28)))
    assert hash(entry.key_span) == hash(Span(22, 23))


# --------------------------------------------------------------------------------------------------


def _benchmark() -> None:
    data = REALISTIC.encode()
    for _ in range(50):
        parse_javascript(data)
    best = math.inf
    for _ in range(7):
        started = time.process_time()
        for _ in range(200):
            parse_javascript(data)
        best = min(best, (time.process_time() - started) / 200)
    print(f"parse_javascript: {best * 1e6:.0f} µs per call ({len(REALISTIC.splitlines())} lines)")


if __name__ == "__main__":
    _benchmark()
