"""FL012: every option is known, fits the primitive, has a usable argument and, under 3.x, a usable position."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.core.jsvalues import js_repr
from flowlint.core.nodes import json_type
from flowlint.core.severity import Severity
from flowlint.definition.zod import KNOWN_OPTIONS, ZFact, ZNote, ZSpec, guess_default
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, Rule, ZFix, ZRow, example

# Why an option that does not fit the primitive cannot apply.
NOT_APPLICABLE = {"length": "length() counts string characters or array items", "regex": "only string() takes regex()"}


class Options(Rule):
    code = Code.FL012
    z_rows = (
        ZRow(
            fact=ZFact.OPTION_NOT_APPLICABLE,
            message=lambda note, z: (
                f"'{note.written}' does not apply to {z.kind}(); "
                f"{NOT_APPLICABLE.get(note.name, 'remove it')}: ZodBuilder throws while building the tool, so FlowMCP "
                "serves no tool"
            ),
            consequence=Consequence.NOT_BUILT,
        ),
        ZRow(
            fact=ZFact.REGEX_INVALID,
            message=lambda note, z: (
                f"'{note.written}' is not a valid JavaScript regular expression ({note.reason}); "
                "ZodBuilder's new RegExp() throws while building the tool, so FlowMCP serves no tool"
            ),
            consequence=Consequence.NOT_BUILT,
        ),
        ZRow(
            fact=ZFact.CONSTRAINT_AFTER_WRAPPER,
            message=lambda note, z: (
                f"'{note.written}' comes after '{note.reason}': the 3.x runtime applies options "
                f"in order and throws ({note.name} is not a function once the value is optional), so the tool cannot be "
                "built and every call fails; put constraints first, then optional() and default()"
            ),
            consequence=Consequence.NOT_BUILT,
            generations=(3,),  # the 4.x runtime applies constraints, then optional(), then default()
            fix=ZFix.REORDER,
        ),
        ZRow(
            fact=ZFact.DEFAULT_MISFIT,
            message=lambda note, z: _default_misfit(note, z),
            consequence=Consequence.CALL_REFUSED,
            fix=ZFix.REPLACE_OR_REMOVE,
        ),
        ZRow(
            fact=ZFact.DEFAULT_MISFIT_OPTIONAL_LAST,
            message=lambda note, z: _default_misfit(note, z),
            consequence=Consequence.IGNORED,
            consequence_v4=Consequence.CALL_REFUSED,
            fix=ZFix.REPLACE_OR_REMOVE,
        ),
        ZRow(
            fact=ZFact.LENGTH_NEGATIVE,
            message=lambda note, z: (
                f"'{note.written}': no value has a negative length, so FlowMCP's MCP tool refuses "
                "every call that gives this parameter; write a non-negative integer, e.g. 'length(42)'"
            ),
            consequence=Consequence.CALL_REFUSED,
        ),
        ZRow(
            fact=ZFact.BOUND_IGNORED,
            message=lambda note, z: _nan_bound(note, "parseFloat", f"{note.name}(1)"),
            severity=Severity.WARNING,
        ),
        ZRow(
            fact=ZFact.LENGTH_IGNORED,
            message=lambda note, z: _nan_bound(note, "parseInt", "length(42)"),
            severity=Severity.WARNING,
        ),
        ZRow(
            fact=ZFact.BOUND_READ_AS,
            message=lambda note, z: (
                f"ZodBuilder reads '{note.written}' with parseFloat(), as '{note.replacement}': "
                f"write '{note.replacement}'"
            ),
            severity=Severity.WARNING,
            fix=ZFix.SAFE_REPLACE,  # the runtime's own reading
        ),
        ZRow(
            fact=ZFact.LENGTH_READ_AS,
            message=lambda note, z: (
                f"ZodBuilder reads '{note.written}' with parseInt(), as '{note.replacement}': "
                f"write '{note.replacement}'"
            ),
            severity=Severity.WARNING,
            fix=ZFix.SAFE_REPLACE,
        ),
        ZRow(
            fact=ZFact.DEFAULT_QUOTED,
            message=lambda note, z: _default_quoted(note, z),
            severity=Severity.WARNING,
            fix=ZFix.REPLACE,
        ),
        # The rest the runtime ignores.
        ZRow(
            fact=ZFact.OPTION_NOT_CALL,
            message=lambda note, z: (
                f"option '{note.written}' is not a call such as 'optional()' or 'min(1)'; "
                "FlowMCP's runtime silently ignores it"
            ),
        ),
        ZRow(
            fact=ZFact.OPTION_READ_AS,
            message=lambda note, z: (
                f"FlowMCP's runtime reads options by prefix ('{note.name}(' at the very start), so "
                f"it ignores '{note.written}': write '{note.replacement}'"
            ),
            fix=ZFix.REPLACE,
        ),
        ZRow(fact=ZFact.OPTION_UNKNOWN, message=lambda note, z: _unknown_option(note, z)),
        ZRow(
            fact=ZFact.OPTIONAL_ARGUMENT,
            message=lambda note, z: f"'{note.written}' takes no argument: write 'optional()'",
            severity=Severity.WARNING,
            fix=ZFix.SAFE_REPLACE,
        ),
        ZRow(
            fact=ZFact.REGEX_SLASHES,
            message=lambda note, z: (
                f"'{note.written}': the runtime builds new RegExp(text), so the slashes are part "
                f"of the pattern (a value would have to start with '/'): write '{note.replacement}'"
            ),
            severity=Severity.WARNING,
            fix=ZFix.REPLACE,
        ),
    )
    name = "option-valid"
    severity = Severity.ERROR
    consequence = Consequence.IGNORED
    summary = "Options must be min(), max(), length(), optional(), default() or regex(), fit for the primitive"
    why = (
        "The runtime ignores unknown options such as `values(...)`, throws on `min()` for a boolean, and "
        "fails every call that omits a parameter whose default() does not fit its type. The 3.x runtime "
        "applies options in the order written, so `min()`, `max()`, `length()` or `regex()` after `optional()` "
        "or `default()` throws (`_interface.min is not a function`) when the tool is built, and every call "
        "fails; the 4.x runtime re-orders them."
    )
    fix = "Remove the option, or write it for the primitive: `min(1)` on number() or string(), `length(42)`..."
    VALID = [
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(250)' ] } } ],
            tests: [ { _description: 'Ten', limit: 10 } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'sparkline', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'boolean()', options: [ ‸'min(1)' ] } } ],
            tests: [ { _description: 'With sparkline', sparkline: true } ] }
    }"""),
            (Expect("'min(1)' does not apply to boolean()"),),
        ),
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', ‸'max(250)' ] } } ],
            tests: [ { _description: 'Ten', limit: 10 } ] }
    }"""),
            (Expect("'max(250)' comes after 'optional()': the 3.x runtime applies options in order"),),
            title="a constraint after optional() (3.x)",
            fixed=("[ 'optional()', 'max(250)' ]", "[ 'max(250)', 'optional()' ]"),
        ),
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'level', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(1,2,3)', options: [ ‸'default(2)' ] } } ],
            tests: [ { _description: 'Level one', level: '1' } ] }
    }"""),
            (Expect("the default value 2 does not fit"),),
            title="a default no default() text can make fit: removed (unsafe)",
            fixed=("options: [ 'default(2)' ]", "options: []"),
        ),
    ]


def _nan_bound(note: ZNote, reader: str, example: str) -> str:
    return (
        f"'{note.written}' has no number: ZodBuilder's {reader}() gives NaN, and zod ignores a NaN bound, so every "
        f"value passes and the option has no effect; write a number, e.g. '{example}', or remove it"
    )


def _unknown_option(note: ZNote, z: ZSpec) -> str:
    if note.name == "values" and z.kind == "enum":
        hint = f"put the values in the primitive: 'enum({','.join(note.items)})'"
    else:
        hint = "known options are " + ", ".join(f"{o}()" for o in KNOWN_OPTIONS)
    return f"unknown option '{note.written}'; FlowMCP's runtime silently ignores it: {hint}"


def _default_quoted(note: ZNote, z: ZSpec) -> str:
    """default('x'): the quotes are part of the value. Without them the runtime reads it as meant, unless
    it then reads a number or boolean the primitive refuses (then DEFAULT_MISFIT stands for both)."""
    quoted, inner = note.argument, note.argument[1:-1]
    if note.replacement is not None:
        return f"'{note.written}': the quotes become part of the default value ({quoted}); write '{note.replacement}'"
    return (
        f"'{note.written}': the quotes become part of the default value ({quoted}), and without them the runtime "
        f"reads default({inner}) as the {json_type(guess_default(inner))} {inner}, which {z.kind}() refuses: no "
        f"default() text gives the string {inner}; remove default() and let the API apply its own"
    )


def _default_misfit(note: ZNote, z: ZSpec) -> str:
    """A default the primitive refuses: every call that omits the parameter is refused, except under 3.x
    when optional() follows default() (the omitted value passes as undefined; the default never applies)."""
    problem, default = note.reason, note.value
    hint = " (the quotes are part of the value)" if note.quoted else ""
    if note.quoted and note.replacement is None:
        problem += ", and no default() text gives that string: remove default()"
    elif not note.quoted and isinstance(default, (bool, int, float)) and z.kind in ("enum", "string"):
        # default() cannot produce a string that looks like a number or a boolean: the runtime types it.
        problem = (
            f"expects {'one of ' if z.kind == 'enum' else ''}{z.primitive_text}, but the runtime reads "
            f"default({js_repr(default)}) as the {json_type(default)} {js_repr(default)}, which no default() text "
            "can make a string: remove default() and let the API apply its own"
        )
    consequence = (
        "the 4.x runtime refuses every call that omits this parameter; the 3.x runtime, which applies "
        "optional() after default() here, lets it through and never applies the default"
        if note.optional_last
        else "every call that omits this parameter is refused"
    )
    return f"the default value {js_repr(default)}{hint} does not fit: {problem}; {consequence}"
