"""VAL046: enum(...) lists its values as FlowMCP reads them."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.definition.zod import ZFact, ZNote, ZSpec
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, Rule, ZReport, example


class EnumValues(Rule):
    code = Code.VAL046
    z_facts = frozenset(
        {
            ZFact.ENUM_UNCLOSED,
            ZFact.ENUM_NO_VALUES,
            ZFact.ENUM_ARRAY,
            ZFact.ENUM_SPACES,
            ZFact.ENUM_EMPTY_VALUE,
            ZFact.ENUM_REPEATED,
        }
    )
    name = "enum-values"
    severity = Severity.ERROR
    consequence = Consequence.CALL_REFUSED
    summary = "enum() must list at least one value: enum(A,B,C), no spaces, no JavaScript array syntax"
    why = (
        "FlowMCP splits the text between the parentheses on commas: `enum()` accepts only '', "
        "`enum(['asc','desc'])` accepts \"['asc'\" and \"'desc']\", and a trailing comma adds ''."
    )
    fix = "Write the values plainly: `enum(asc,desc)`."
    VALID = [
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'order', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(asc,desc)', options: [] } } ],
            tests: [ { _description: 'Ascending', order: 'asc' }, { _description: 'Descending', order: 'desc' } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'order', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: "enum(['asc','desc'])", options: [] } } ],
            tests: [ { _description: 'Ascending', order: 'asc' }, { _description: 'Descending', order: 'desc' } ] }
    }"""),
            (Expect(5, 117, "enum values are written as a JavaScript array"),),
            fixed=('''"enum(['asc','desc'])"''', '"enum(asc,desc)"'),
        )
    ]

    def report_z(self, note: ZNote, z: ZSpec, generation: int) -> ZReport | None:
        text, meant = note.written, f"enum({','.join(note.items)})"
        if note.fact is ZFact.ENUM_UNCLOSED:
            return ZReport(
                message=f"'{text}' has no closing ')': ZodBuilder throws \"Invalid enum type\" while building the tool, "
                "so FlowMCP serves no tool: close the parenthesis",
                consequence=Consequence.NOT_BUILT,
            )
        if note.fact is ZFact.ENUM_NO_VALUES:
            extra = " (the values(...) option is not FlowMCP syntax)" if note.argument else ""
            return ZReport(
                message=f"enum() has no values{extra}; FlowMCP's MCP tool accepts only the empty string, so every call "
                "with a real value is refused. List the values in the primitive: 'enum(usd,eur,gbp)'"
            )
        if note.fact is ZFact.ENUM_ARRAY:
            read = ", ".join(f'"{value}"' for value in note.items)
            return ZReport(
                message=f"enum values are written as a JavaScript array; FlowMCP splits on commas and reads {read}, so its "
                f"MCP tool refuses every intended value: write '{note.replacement}'",
                replacement=note.replacement,
            )
        # The rest the specification forbids and the runtime accepts.
        if note.fact is ZFact.ENUM_SPACES:
            return ZReport(
                message=f"'{text}' has spaces around enum values; the specification forbids them: write '{meant}'",
                severity=Severity.WARNING,
                consequence=Consequence.SPEC,
                replacement=note.replacement,
                safe=True,  # the runtime trims the values
            )
        if note.fact is ZFact.ENUM_EMPTY_VALUE:
            return ZReport(
                message=f"'{text}' has an empty value (an extra comma); FlowMCP accepts '' as a value: write '{meant}'",
                severity=Severity.WARNING,
                consequence=Consequence.SPEC,
                replacement=note.replacement,
            )
        repeated = ", ".join(repr(value) for value in note.items)
        return ZReport(
            message=f"'{text}' lists {repeated} more than once", severity=Severity.WARNING, consequence=Consequence.SPEC
        )
