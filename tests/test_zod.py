"""The z engine: parsing primitives and options, and validating values as FlowMCP's runtime does."""

from __future__ import annotations

import pytest

from flowlint.core.jsvalues import js_number
from flowlint.core.nodes import HOLE
from flowlint.core.severity import Severity
from flowlint.definition.zod import ZProblem, compile_js_regex, guess_default, parse_z, validate


def spec(primitive: str, *options: object):  # type: ignore[no-untyped-def]
    return parse_z(primitive, list(options))


@pytest.mark.parametrize(
    ("primitive", "options", "value", "problem"),
    [
        ("string()", [], "abc", None),
        ("string()", [], 5, "expects string(), got number 5; quote it: '5'"),
        ("string()", ["min(3)"], "ab", "got 2 characters, fewer than min(3)"),
        ("string()", ["max(3)"], "abcd", "got 4 characters, more than max(3)"),
        ("string()", ["length(2)"], "abc", "length(2) needs exactly 2"),
        ("string()", ["length(2)"], "😀", None),  # JavaScript counts UTF-16 code units
        ("string()", ["regex(^0x[a-f0-9]+$)"], "0xabc", None),
        ("string()", ["regex(^0x[a-f0-9]+$)"], "0xZZ", "'0xZZ' does not match regex(^0x[a-f0-9]+$)"),
        ("string()", ["regex(^(?<hex>[a-f]+)$)"], "abc", None),  # named groups translated
        ("number()", [], 7, None),
        ("number()", [], 7.5, None),
        ("number()", [], "7", "got string '7'; write 7 without quotes"),
        ("number()", [], True, "got boolean true"),
        ("number()", ["min(1)", "max(250)"], 0, "below min(1)"),
        ("number()", ["min(1)", "max(250)"], 251, "above max(250)"),
        ("boolean()", [], False, None),
        ("boolean()", [], "false", "got string 'false'; write false without quotes"),
        ("boolean()", [], 0, "got number 0"),
        ("enum(usd,eur)", [], "usd", None),
        ("enum(usd,eur)", [], "gbp", "expects one of enum(usd,eur), got 'gbp'"),
        ("enum(usd,eur)", [], "USD", "enum values are case-sensitive: write 'usd'"),
        ("enum(usd,eur)", [], "ued", "did you mean 'usd'?"),
        ("enum(1,5)", [], 1, "got number 1; enum values are strings: write '1'"),
        ("enum(1,5)", [], "1", None),
        ("array()", [], ["a", "b"], None),
        ("array()", [], ["a", 1], "array() holds strings, but item 1 is number 1; quote it: '1'"),
        ("array()", [], "a", "wrap it in an array: [ 'a' ]"),
        ("array()", ["length(2)"], ["a"], "got 1 items; length(2) needs exactly 2"),
        ("object()", [], {"a": 1}, None),
        ("object()", [], ["a"], "object() takes a plain object"),
        ("string()", ["optional()"], None, "FlowMCP rejects null even for optional parameters"),
    ],
)
def test_validate(primitive: str, options: list[object], value: object, problem: str | None) -> None:
    result = validate(value, spec(primitive, *options))
    if problem is None:
        assert result is None
    else:
        assert result is not None and problem in result, result


def test_shared_list_values() -> None:
    z = spec("enum({{evmChains:alias}})")
    assert z.list_ref is not None and (z.list_ref.name, z.list_ref.field) == ("evmChains", "alias")
    assert validate("X", z, None) is None  # unresolved: membership not checked
    assert validate(1, z, None) is not None  # but the type still is
    assert validate("X", z, ("A", "B")) is not None
    assert validate("A", z, ("A", "B")) is None


@pytest.mark.parametrize(
    ("primitive", "options", "kind", "severity", "fragment", "broken"),
    [
        ("int()", [], ZProblem.PRIMITIVE, Severity.ERROR, "use number()", True),
        ("string", [], ZProblem.PRIMITIVE, Severity.ERROR, "is not a call", True),
        ("string(5)", [], ZProblem.PRIMITIVE, Severity.WARNING, "takes no arguments", False),
        ("enum()", [], ZProblem.ENUM_VALUES, Severity.ERROR, "enum() has no values", True),
        ("enum(['a','b'])", [], ZProblem.ENUM_VALUES, Severity.ERROR, "write 'enum(a,b)'", True),
        ("enum(a, b)", [], ZProblem.ENUM_VALUES, Severity.WARNING, "spaces", False),
        ("enum(a,b,)", [], ZProblem.ENUM_VALUES, Severity.WARNING, "empty value", False),
        ("enum(a,a)", [], ZProblem.ENUM_VALUES, Severity.WARNING, "more than once", False),
        ("string()", [1], ZProblem.OPTION_ENTRY, Severity.ERROR, "must be a string", True),
        ("string()", [HOLE], ZProblem.OPTION_ENTRY, Severity.WARNING, "array hole", False),
        ("string()", ["optional(), min(1)"], ZProblem.OPTION_ENTRY, Severity.WARNING, "holds 2 options", False),
        ("string()", ["values(a)"], ZProblem.OPTION, Severity.ERROR, "unknown option 'values(a)'", False),
        ("boolean()", ["min(1)"], ZProblem.OPTION, Severity.ERROR, "does not apply to boolean()", False),
        ("number()", ["length(2)"], ZProblem.OPTION, Severity.ERROR, "does not apply to number()", False),
        ("number()", ["min(x)"], ZProblem.OPTION, Severity.ERROR, "needs a number", False),
        ("number()", ["regex(a)"], ZProblem.OPTION, Severity.ERROR, "only string() takes regex()", False),
        ("number()", ["default(abc)"], ZProblem.OPTION, Severity.ERROR, "does not fit", False),
        ("string()", ["default('x')"], ZProblem.OPTION, Severity.WARNING, "quotes become part", False),
        (
            "enum(1,5)",
            ["default(1)"],
            ZProblem.OPTION,
            Severity.ERROR,
            "the runtime reads default(1) as the number 1",
            False,
        ),
        (
            "string()",
            ["regex([^]*)"],
            ZProblem.REGEX_UNSUPPORTED,
            Severity.WARNING,
            "cannot be checked by flowlint",
            False,
        ),
        (5, [], ZProblem.PRIMITIVE_TYPE, Severity.ERROR, "must be a string", True),
    ],
)
def test_issues(
    primitive: object, options: list[object], kind: ZProblem, severity: Severity, fragment: str, broken: bool
) -> None:
    z = parse_z(primitive, options)
    matching = [i for i in z.issues if i.kind is kind and fragment in i.message]
    assert matching, z.issues
    assert matching[0].severity is severity
    assert z.broken is broken


def test_options_semantics() -> None:
    z = spec("number()", "min(1)", "max(250)", "optional()")
    assert (z.min, z.max, z.optional, z.required) == (1, 250, True, False)
    assert spec("number()", "default(10)").required is False  # default() implies optional
    # Several options in one string: the runtime matches the first prefix only (a VAL045 warning says so).
    several = spec("string()", "optional(), default(abc)")
    assert (several.optional, several.has_default, several.default) == (True, False, None)
    assert (spec("number()", "min(1).max(5)").min, spec("number()", "min(1).max(5)").max) == (1, None)
    # zod's array min()/max() count items, as the runtime applies them; repeated bounds all apply.
    assert spec("array()", "min(1)").min == 1 and not spec("array()", "min(1)").issues
    assert validate(["a"], spec("array()", "min(2)")) is not None
    assert (spec("number()", "min(1)", "min(5)").min, spec("number()", "max(9)", "max(3)").max) == (5, 3)
    assert spec("string()").issues == ()


def test_the_runtime_reads_primitives_and_options_by_prefix() -> None:
    for written in (" number()", "number(5)", "array(string())", "enum (a,b)"):
        [issue] = spec(written).issues
        assert issue.broken and "reads" in issue.message and "as string()" in issue.message, written
    assert spec("enum(a,b,)").enum_values == ("a", "b", "")  # z.enum accepts the empty value
    assert validate("", spec("enum(a,b,)")) is None
    ignored = spec("number()", " optional()")
    assert ignored.required and "ignores ' optional()'" in ignored.issues[0].message


def test_default_is_typed_as_javascript_number_does() -> None:
    assert guess_default("0x10") == 16 and guess_default("Infinity") == float("inf")
    assert guess_default(" 5 ") == 5 and guess_default(" ab ") == " ab "  # not trimmed, as the runtime slices
    assert not [i for i in spec("number()", "default(0x10)").issues if i.severity == "error"]
    assert not [i for i in spec("number()", "default(Infinity)").issues if i.severity == "error"]


def test_regex_is_read_as_javascript_reads_it() -> None:
    pattern, _ = compile_js_regex("^abc$")
    assert pattern is not None and pattern.search("abc") and not pattern.search("abc\n")
    spaces, _ = compile_js_regex("^\\s+$")
    assert spaces is not None and spaces.search("\u00a0\u2003")


def test_guess_default_and_js_number() -> None:
    assert guess_default("10") == 10 and guess_default("1.5") == 1.5
    assert guess_default("true") is True and guess_default("") == ""
    assert guess_default('"43114"') == '"43114"'
    assert [js_number(v) for v in (1, 1.0, 1.5, 1e21, -0.5, float("inf"))] == [
        "1",
        "1",
        "1.5",
        "1e+21",
        "-0.5",
        "Infinity",
    ]


def test_regex_cache_and_failure() -> None:
    pattern, error = compile_js_regex("^a+$")
    assert pattern is not None and error == ""
    assert compile_js_regex("^a+$")[0] is pattern
    assert compile_js_regex("(")[0] is None
