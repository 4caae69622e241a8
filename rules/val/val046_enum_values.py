"""VAL046: enum(...) lists its values as FlowMCP reads them."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.definition.zod import ZFact
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, Rule, ZFix, ZRow, example


class EnumValues(Rule):
    code = Code.VAL046
    z_rows = (
        ZRow(
            fact=ZFact.ENUM_UNCLOSED,
            message=lambda note, z: (
                f"'{note.written}' has no closing ')': ZodBuilder throws \"Invalid enum type\" "
                "while building the tool, so FlowMCP serves no tool: close the parenthesis"
            ),
            consequence=Consequence.NOT_BUILT,
        ),
        ZRow(
            fact=ZFact.ENUM_NO_VALUES,
            message=lambda note, z: (
                "enum() has no values"
                + (" (the values(...) option is not FlowMCP syntax)" if note.argument else "")
                + "; FlowMCP's MCP tool accepts only the empty string, so every call with a real value is refused. "
                "List the values in the primitive: 'enum(usd,eur,gbp)'"
            ),
            fix=ZFix.VALUES,
        ),
        ZRow(
            fact=ZFact.ENUM_ARRAY,
            message=lambda note, z: (
                "enum values are written as a JavaScript array; FlowMCP splits on commas and reads "
                + ", ".join(f'"{value}"' for value in note.items)
                + f", so its MCP tool refuses every intended value: write '{note.replacement}'"
            ),
            fix=ZFix.REPLACE,
        ),
        # The rest the specification forbids and the runtime accepts.
        ZRow(
            fact=ZFact.ENUM_SPACES,
            message=lambda note, z: (
                f"'{note.written}' has spaces around enum values; the specification forbids them: "
                f"write 'enum({','.join(note.items)})'"
            ),
            severity=Severity.WARNING,
            consequence=Consequence.SPEC,
            fix=ZFix.SAFE_REPLACE,  # the runtime trims the values
        ),
        ZRow(
            fact=ZFact.ENUM_EMPTY_VALUE,
            message=lambda note, z: (
                f"'{note.written}' has an empty value (an extra comma); FlowMCP accepts '' as a "
                f"value: write 'enum({','.join(note.items)})'"
            ),
            severity=Severity.WARNING,
            consequence=Consequence.SPEC,
            fix=ZFix.REPLACE,
        ),
        ZRow(
            fact=ZFact.ENUM_REPEATED,
            message=lambda note, z: (
                f"'{note.written}' lists " + ", ".join(repr(value) for value in note.items) + " more than once"
            ),
            severity=Severity.WARNING,
            consequence=Consequence.SPEC,
        ),
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
            parameters: [ { position: { key: 'order', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: ‸"enum(['asc','desc'])", options: [] } } ],
            tests: [ { _description: 'Ascending', order: 'asc' }, { _description: 'Descending', order: 'desc' } ] }
    }"""),
            (Expect("enum values are written as a JavaScript array"),),
            fixed=('''"enum(['asc','desc'])"''', '"enum(asc,desc)"'),
        ),
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'order', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: ‸'enum()', options: [ 'values(asc,desc)' ] } } ],
            tests: [ { _description: 'Ascending', order: 'asc' }, { _description: 'Descending', order: 'desc' } ] }
    }"""),
            (Expect("enum() has no values (the values(...) option is not FlowMCP syntax)"),),
            title="values(...) written into enum() (unsafe)",
            fixed=("primitive: 'enum()', options: [ 'values(asc,desc)' ]", "primitive: 'enum(asc,desc)', options: []"),
        ),
    ]
