"""The z engine: parsing primitives and options, and validating values as FlowMCP's runtime does."""

from __future__ import annotations

import pytest

from flowlint.core.consequence import Consequence
from flowlint.core.jsregex import compile_js_regex
from flowlint.core.jsvalues import js_number
from flowlint.core.nodes import HOLE
from flowlint.core.severity import Severity
from flowlint.definition.zod import ZFact, ZNote, ZSpec, guess_default, parse_z, validate
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.ownership import drop_superseded
from flowlint.lint.registry import all_rules
from flowlint.lint.rule import Rule, ZRow


class Reported:
    """A z fact as the rule that owns it reports it (its code, severity, consequence and message)."""

    def __init__(self, note: ZNote, rule: type[Rule], row: ZRow, finding: Finding, generation: int) -> None:
        self.note, self.code, self.broken = note, rule.code, note.broken
        self.severity = row.severity or rule.severity
        self.consequence = row.consequence_for(generation) or rule.consequence_for(generation)
        self.message, self.replacement = finding.message.partition(": ")[2], note.replacement


def owner(fact: ZFact) -> tuple[type[Rule], ZRow]:
    [(rule, row)] = [(rule, row) for rule in all_rules() for row in rule.z_rows if row.fact is fact]
    return rule, row


def reported(z: ZSpec, generation: int = 3) -> list[Reported]:
    """Every fact of `z` that its rule reports under that generation, one per defect (lint/ownership.py)."""
    made = []
    for note in z.notes:
        rule, row = owner(note.fact)
        if generation in row.generations:
            made.append((note, rule, row, rule().z_finding(row, note, z, generation, "getItems", "v", 0)))
    kept = drop_superseded(finding for *_, finding in made)
    return [Reported(note, rule, row, finding, generation) for note, rule, row, finding in made if finding in kept]


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
    ("primitive", "options", "code", "severity", "fragment", "broken"),
    [
        # The runtime builds string() for both: values are checked as strings, so the spec is usable.
        ("int()", [], Code.VAL044, Severity.ERROR, "use number()", False),
        ("string", [], Code.VAL044, Severity.ERROR, "is not a call", False),
        ("string(5)", [], Code.VAL044, Severity.WARNING, "takes no arguments", False),
        ("enum()", [], Code.VAL046, Severity.ERROR, "enum() has no values", True),
        ("enum(['a','b'])", [], Code.VAL046, Severity.ERROR, "write 'enum(a,b)'", True),
        ("enum(a, b)", [], Code.VAL046, Severity.WARNING, "spaces", False),
        ("enum(a,b,)", [], Code.VAL046, Severity.WARNING, "empty value", False),
        ("enum(a,a)", [], Code.VAL046, Severity.WARNING, "more than once", False),
        ("string()", [1], Code.VAL045, Severity.ERROR, "must be a string", True),
        ("string()", [HOLE], Code.VAL045, Severity.WARNING, "array hole", False),
        ("string()", ["optional(), min(1)"], Code.VAL045, Severity.WARNING, "holds 2 options", False),
        ("string()", ["values(a)"], Code.FL012, Severity.ERROR, "unknown option 'values(a)'", False),
        ("boolean()", ["min(1)"], Code.FL012, Severity.ERROR, "does not apply to boolean()", False),
        ("number()", ["length(2)"], Code.FL012, Severity.ERROR, "does not apply to number()", False),
        # Issue 25: ZodBuilder's parseFloat gives NaN and zod ignores a NaN bound (every value passes).
        ("number()", ["min(x)"], Code.FL012, Severity.WARNING, "zod ignores a NaN bound", False),
        ("string()", ["max()"], Code.FL012, Severity.WARNING, "zod ignores a NaN bound", False),
        ("string()", ["length(abc)"], Code.FL012, Severity.WARNING, "parseInt() gives NaN", False),
        ("number()", ["min(10abc)"], Code.FL012, Severity.WARNING, "as 'min(10)'", False),
        ("string()", ["length(3.5)"], Code.FL012, Severity.WARNING, "as 'length(3)'", False),
        ("string()", ["length(-1)"], Code.FL012, Severity.ERROR, "refuses every call", True),
        ("boolean()", ["min(x)"], Code.FL012, Severity.ERROR, "does not apply to boolean()", False),
        # Issue 25: no `)` after `enum(`: ZodBuilder throws "Invalid enum type".
        ("enum(a,b", [], Code.VAL046, Severity.ERROR, 'throws "Invalid enum type"', True),
        ("number()", ["regex(a)"], Code.FL012, Severity.ERROR, "only string() takes regex()", False),
        ("number()", ["default(abc)"], Code.FL012, Severity.ERROR, "does not fit", False),
        ("string()", ["default('x')"], Code.FL012, Severity.WARNING, "quotes become part", False),
        (
            "enum(1,5)",
            ["default(1)"],
            Code.FL012,
            Severity.ERROR,
            "the runtime reads default(1) as the number 1",
            False,
        ),
        (
            "string()",
            ["regex((a{100}){300})"],
            Code.FL005,
            Severity.WARNING,
            "cannot be checked by flowlint",
            False,
        ),
        (5, [], Code.VAL044, Severity.ERROR, "must be a string", True),
    ],
)
def test_facts_as_their_rules_report_them(
    primitive: object, options: list[object], code: Code, severity: Severity, fragment: str, broken: bool
) -> None:
    z = parse_z(primitive, options)
    matching = [i for i in reported(z) if i.code is code and fragment in i.message]
    assert matching, z.notes
    assert matching[0].severity is severity
    assert z.broken is broken


def test_bounds_are_read_as_zodbuilder_reads_them() -> None:
    """min()/max() with parseFloat, length() with parseInt (issue 25)."""
    assert (spec("number()", "min(10abc)").min, spec("number()", "max(1e3)").max) == (10, 1000)
    assert spec("number()", "min(abc)").min is None and validate(-5, spec("number()", "min(abc)")) is None
    assert spec("string()", "length(3.5)").length == 3 and spec("string()", "length(0x10)").length == 16


def test_options_semantics() -> None:
    z = spec("number()", "min(1)", "max(250)", "optional()")
    assert (z.min, z.max, z.optional, z.required) == (1, 250, True, False)
    assert spec("number()", "default(10)").required is False  # default() implies optional
    # Several options in one string: the runtime matches the first prefix only (a VAL045 warning says so).
    several = spec("string()", "optional(), default(abc)")
    assert (several.optional, several.has_default, several.default) == (True, False, None)
    assert (spec("number()", "min(1).max(5)").min, spec("number()", "min(1).max(5)").max) == (1, None)
    # zod's array min()/max() count items, as the runtime applies them; repeated bounds all apply.
    assert spec("array()", "min(1)").min == 1 and not spec("array()", "min(1)").notes
    assert validate(["a"], spec("array()", "min(2)")) is not None
    assert (spec("number()", "min(1)", "min(5)").min, spec("number()", "max(9)", "max(3)").max) == (5, 3)
    assert spec("string()").notes == ()


def test_the_runtime_reads_primitives_and_options_by_prefix() -> None:
    for written in (" number()", "number(5)", "array(string())", "enum (a,b)"):
        built = spec(written)
        [issue] = reported(built)
        assert "reads" in issue.message and "as string()" in issue.message, written
        # Values are then checked as the runtime builds the parameter: any string, and only strings.
        assert not issue.broken and built.kind == "string" and built.primitive_text == "string()", written
        assert validate("x", built) is None and validate(5, built) is not None
    assert spec("enum(a,b,)").enum_values == ("a", "b", "")  # z.enum accepts the empty value
    assert validate("", spec("enum(a,b,)")) is None
    ignored = spec("number()", " optional()")
    assert ignored.required and "ignores ' optional()'" in reported(ignored)[0].message


def test_default_is_typed_as_javascript_number_does() -> None:
    assert guess_default("0x10") == 16 and guess_default("Infinity") == float("inf")
    assert guess_default(" 5 ") == 5 and guess_default(" ab ") == " ab "  # not trimmed, as the runtime slices
    assert not [i for i in reported(spec("number()", "default(0x10)")) if i.severity == "error"]
    assert not [i for i in reported(spec("number()", "default(Infinity)")) if i.severity == "error"]


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


@pytest.mark.parametrize(
    ("primitive", "options", "fragment", "v3", "v4"),
    [
        # What ZodBuilder (flowmcp-core c9c0f57 for 3.x, 8dab10b for 4.x) does with each problem.
        ("int()", [], "unknown primitive", Consequence.IGNORED, Consequence.IGNORED),
        (" number()", [], "reads ' number()' as string()", Consequence.IGNORED, Consequence.IGNORED),
        ("enum()", [], "has no values", Consequence.CALL_REFUSED, Consequence.CALL_REFUSED),
        ("enum(['a','b'])", [], "JavaScript array", Consequence.CALL_REFUSED, Consequence.CALL_REFUSED),
        ("enum(a, b)", [], "spaces", Consequence.SPEC, Consequence.SPEC),
        ("string()", [1], "must be a string", Consequence.NOT_BUILT, Consequence.NOT_BUILT),
        ("string()", ["values(a)"], "unknown option", Consequence.IGNORED, Consequence.IGNORED),
        ("boolean()", ["min(1)"], "does not apply", Consequence.NOT_BUILT, Consequence.NOT_BUILT),
        ("string()", ["regex([a-)"], "not a valid JavaScript regular expression", Consequence.NOT_BUILT, None),
        ("string()", ["regex((a{100}){300})"], "cannot be checked by flowlint", Consequence.ADVICE, None),
        ("number()", ["default(abc)"], "does not fit", Consequence.CALL_REFUSED, Consequence.CALL_REFUSED),
        # 3.x applies options in order: optional() after default() lets an omitted value through.
        ("enum(1,2,3)", ["default(2)", "optional()"], "never applies", Consequence.IGNORED, Consequence.CALL_REFUSED),
        ("enum(1,2,3)", ["optional()", "default(2)"], "is refused", Consequence.CALL_REFUSED, Consequence.CALL_REFUSED),
    ],
)
def test_issue_consequences(
    primitive: str, options: list[object], fragment: str, v3: Consequence, v4: Consequence | None
) -> None:
    z = parse_z(primitive, options)
    for generation, expected in ((3, v3), (4, v4 or v3)):
        matching = [i for i in reported(z, generation) if fragment in i.message]
        assert len(matching) == 1, z.notes
        assert matching[0].consequence is expected


def test_values_option_of_an_empty_enum_is_reported_once() -> None:
    """enum() with a values(...) option is one defect: VAL046 names the option; FL012 does not repeat it."""
    z = parse_z("enum()", ["values(a,b)", "optional()"])
    assert [i.code for i in reported(z)] == [Code.VAL046]
    assert "values(...)" in reported(z)[0].message


def test_quoted_default_advice_never_leads_to_an_error() -> None:
    """Following a quoted default's advice literally gives a clean z block (issue 18: advice that lands)."""
    for primitive, text in [
        ("string()", 'default("43114")'),
        ("number()", 'default("5")'),
        ("string()", "default('x')"),
    ]:
        z = parse_z(primitive, [text, "optional()"])
        for issue in reported(z):
            if issue.replacement is not None:
                again = parse_z(primitive, [issue.replacement, "optional()"])
                assert again.notes == (), (primitive, text, issue.replacement, again.notes)


def test_javascript_regex_syntax_agrees_with_node() -> None:
    """`js_regex_syntax_error` says a pattern is invalid exactly when node's `new RegExp(pattern)` throws
    (ZodBuilder's call: an invalid regex() stops the tool from being built). Random patterns from the
    characters that matter, seeded, judged by node itself."""
    import json
    import random
    import shutil
    import subprocess

    from flowlint.core.jsregex import js_regex_syntax_error

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    chooser = random.Random(18)
    alphabet = "ab()[]^$*+?{}|\\-,12:=!<>.dwpuB"
    patterns = sorted({"".join(chooser.choice(alphabet) for _ in range(chooser.randint(1, 9))) for _ in range(6000)})
    script = (
        "const ps = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "console.log(JSON.stringify(ps.map(p => { try { new RegExp(p); return true } catch (e) { return false } })))"
    )
    out = subprocess.run([node, "-e", script], input=json.dumps(patterns), capture_output=True, text=True, check=True)
    compiles = json.loads(out.stdout)
    wrong = [p for p, ok in zip(patterns, compiles, strict=True) if ok != (js_regex_syntax_error(p) is None)]
    assert wrong == [], wrong[:20]
    assert 500 < compiles.count(False) < len(patterns) - 500  # both kinds are well represented


def test_every_z_fact_is_reported_by_exactly_one_rule() -> None:
    """The z engine states facts; the rules word them (issue 19: a rule can be read in one file)."""
    owners = {fact: [rule.code for rule in all_rules() for row in rule.z_rows if row.fact is fact] for fact in ZFact}
    assert {fact: codes for fact, codes in owners.items() if len(codes) != 1} == {}


def test_a_constraint_after_optional_is_a_3x_fact_only() -> None:
    """The 3.x runtime applies options in order (max() after optional() throws); 4.x re-orders them."""
    z = parse_z("number()", ["optional()", "max(250)"])
    assert [note.fact for note in z.notes] == [ZFact.CONSTRAINT_AFTER_WRAPPER]
    [v3] = reported(z, 3)
    assert (
        v3.code is Code.FL012 and v3.consequence is Consequence.NOT_BUILT and "comes after 'optional()'" in v3.message
    )
    assert reported(z, 4) == []
    # An option that cannot apply anyway is one finding, not two (the z engine states both facts; the
    # ownership table says which stands for the option).
    z = parse_z("boolean()", ["optional()", "min(1)"])
    assert [n.fact for n in z.notes] == [ZFact.OPTION_NOT_APPLICABLE, ZFact.CONSTRAINT_AFTER_WRAPPER]
    assert [r.note.fact for r in reported(z)] == [ZFact.OPTION_NOT_APPLICABLE]
