"""FL012: every option is known, fits the primitive, has a usable argument and, under 3.x, a usable position."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.core.jsvalues import js_repr
from flowlint.core.nodes import SNode, json_type, string_value
from flowlint.core.severity import Severity
from flowlint.definition.model import Parameter
from flowlint.definition.zod import KNOWN_OPTIONS, ZFact, ZNote, ZSpec, guess_default
from flowlint.lint.codes import Code
from flowlint.lint.fixes import Edit, Fix
from flowlint.lint.rule import Example, Expect, Rule, ZReport, example


class Options(Rule):
    code = Code.FL012
    z_facts = frozenset(
        {
            ZFact.OPTION_NOT_CALL,
            ZFact.OPTION_READ_AS,
            ZFact.OPTION_UNKNOWN,
            ZFact.OPTION_NOT_APPLICABLE,
            ZFact.BOUND_IGNORED,
            ZFact.BOUND_READ_AS,
            ZFact.LENGTH_IGNORED,
            ZFact.LENGTH_READ_AS,
            ZFact.LENGTH_NEGATIVE,
            ZFact.OPTIONAL_ARGUMENT,
            ZFact.REGEX_SLASHES,
            ZFact.REGEX_INVALID,
            ZFact.DEFAULT_QUOTED,
            ZFact.DEFAULT_MISFIT,
            ZFact.CONSTRAINT_AFTER_WRAPPER,
        }
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
            parameters: [ { position: { key: 'sparkline', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'boolean()', options: [ 'min(1)' ] } } ],
            tests: [ { _description: 'With sparkline', sparkline: true } ] }
    }"""),
            (Expect(5, 145, "'min(1)' does not apply to boolean()"),),
        ),
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'max(250)' ] } } ],
            tests: [ { _description: 'Ten', limit: 10 } ] }
    }"""),
            (Expect(5, 154, "'max(250)' comes after 'optional()': the 3.x runtime applies options in order"),),
            title="a constraint after optional() (3.x)",
            fixed=("[ 'optional()', 'max(250)' ]", "[ 'max(250)', 'optional()' ]"),
        ),
    ]

    def report_z(self, note: ZNote, z: ZSpec, generation: int) -> ZReport | None:
        text, fact = note.written, note.fact
        if fact is ZFact.CONSTRAINT_AFTER_WRAPPER:
            if generation != 3:
                return None  # the 4.x runtime applies constraints, then optional(), then default()
            return ZReport(
                message=f"'{text}' comes after '{note.reason}': the 3.x runtime applies options in order and throws "
                f"({note.name} is not a function once the value is optional), so the tool cannot be built and "
                "every call fails; put constraints first, then optional() and default()",
                consequence=Consequence.NOT_BUILT,
            )
        if fact is ZFact.DEFAULT_MISFIT:
            return _default_misfit(note, z)
        if fact is ZFact.OPTION_NOT_APPLICABLE:
            why = NOT_APPLICABLE.get(note.name, "remove it")
            return ZReport(
                message=f"'{text}' does not apply to {z.kind}(); {why}: ZodBuilder throws while building the tool, "
                "so FlowMCP serves no tool",
                consequence=Consequence.NOT_BUILT,
            )
        if fact is ZFact.REGEX_INVALID:
            return ZReport(
                message=f"'{text}' is not a valid JavaScript regular expression ({note.reason}); ZodBuilder's "
                "new RegExp() throws while building the tool, so FlowMCP serves no tool",
                consequence=Consequence.NOT_BUILT,
            )
        if fact in (ZFact.BOUND_IGNORED, ZFact.LENGTH_IGNORED):
            reader, example = (
                ("parseInt", "length(42)") if fact is ZFact.LENGTH_IGNORED else ("parseFloat", f"{note.name}(1)")
            )
            return ZReport(
                message=f"'{text}' has no number: ZodBuilder's {reader}() gives NaN, and zod ignores a NaN bound, so "
                f"every value passes and the option has no effect; write a number, e.g. '{example}', or remove it",
                severity=Severity.WARNING,
            )
        if fact in (ZFact.BOUND_READ_AS, ZFact.LENGTH_READ_AS):
            reader = "parseInt" if fact is ZFact.LENGTH_READ_AS else "parseFloat"
            return ZReport(
                message=f"ZodBuilder reads '{text}' with {reader}(), as '{note.replacement}': write '{note.replacement}'",
                severity=Severity.WARNING,
                replacement=note.replacement,
                safe=True,  # the runtime's own reading
            )
        if fact is ZFact.LENGTH_NEGATIVE:
            return ZReport(
                message=f"'{text}': no value has a negative length, so FlowMCP's MCP tool refuses every call that gives "
                "this parameter; write a non-negative integer, e.g. 'length(42)'",
                consequence=Consequence.CALL_REFUSED,
            )
        if fact is ZFact.DEFAULT_QUOTED:
            return _default_quoted(note, z)
        # The rest the runtime ignores.
        if fact is ZFact.OPTION_NOT_CALL:
            return ZReport(
                message=f"option '{text}' is not a call such as 'optional()' or 'min(1)'; FlowMCP's runtime silently ignores it"
            )
        if fact is ZFact.OPTION_READ_AS:
            return ZReport(
                message=f"FlowMCP's runtime reads options by prefix ('{note.name}(' at the very start), so it ignores "
                f"'{text}': write '{note.replacement}'",
                replacement=note.replacement,
            )
        if fact is ZFact.OPTION_UNKNOWN:
            if note.name == "values" and z.kind == "enum":
                hint = f"put the values in the primitive: 'enum({','.join(note.items)})'"
            else:
                hint = "known options are " + ", ".join(f"{o}()" for o in KNOWN_OPTIONS)
            return ZReport(message=f"unknown option '{text}'; FlowMCP's runtime silently ignores it: {hint}")
        if fact is ZFact.OPTIONAL_ARGUMENT:
            return ZReport(
                message=f"'{text}' takes no argument: write 'optional()'",
                severity=Severity.WARNING,
                replacement="optional()",
                safe=True,
            )
        # REGEX_SLASHES
        return ZReport(
            message=f"'{text}': the runtime builds new RegExp(text), so the slashes are part of the pattern (a value "
            f"would have to start with '/'): write '{note.replacement}'",
            severity=Severity.WARNING,
            replacement=note.replacement,
        )

    def z_fix(self, source: bytes, parameter: Parameter, note: ZNote, report: ZReport) -> Fix | None:
        if note.fact is ZFact.CONSTRAINT_AFTER_WRAPPER:
            return _reorder(source, parameter.option_nodes)
        return super().z_fix(source, parameter, note, report)


# Why an option that does not fit the primitive cannot apply.
NOT_APPLICABLE = {"length": "length() counts string characters or array items", "regex": "only string() takes regex()"}


def _default_quoted(note: ZNote, z: ZSpec) -> ZReport:
    """default('x'): the quotes are part of the value. Without them the runtime reads it as meant, unless
    it then reads a number or boolean the primitive refuses (a mismatch is one DEFAULT_MISFIT instead)."""
    quoted, inner = note.argument, note.argument[1:-1]
    if note.replacement is not None:
        return ZReport(
            message=f"'{note.written}': the quotes become part of the default value ({quoted}); write '{note.replacement}'",
            severity=Severity.WARNING,
            replacement=note.replacement,
        )
    return ZReport(
        message=f"'{note.written}': the quotes become part of the default value ({quoted}), and without them the runtime "
        f"reads default({inner}) as the {json_type(guess_default(inner))} {inner}, which {z.kind}() refuses: no "
        f"default() text gives the string {inner}; remove default() and let the API apply its own",
        severity=Severity.WARNING,
    )


def _default_misfit(note: ZNote, z: ZSpec) -> ZReport:
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
    return ZReport(
        message=f"the default value {js_repr(default)}{hint} does not fit: {problem}; {consequence}",
        consequence=Consequence.IGNORED if note.optional_last else Consequence.CALL_REFUSED,
        consequence_v4=Consequence.CALL_REFUSED,
        replacement=note.replacement,
    )


def _rank(node: SNode) -> int:
    text = string_value(node) or ""
    return 2 if text.startswith("default(") else 1 if text.startswith("optional(") else 0


def _reorder(source: bytes, nodes: tuple[SNode, ...]) -> Fix | None:
    """Constraints first, then optional(), then default(), as the 4.x runtime orders them; each option
    keeps its own text and every separator stays where it is. Safe: the order the runtime can build."""
    if not source:
        return None
    wanted = sorted(nodes, key=_rank)  # stable: constraints keep their order among themselves
    edits = tuple(
        Edit(have.span.start, have.span.end, source[want.span.start : want.span.end].decode("utf-8"))
        for have, want in zip(nodes, wanted, strict=True)
        if have is not want
    )
    return Fix("put constraints before optional() and default()", edits) if edits else None
