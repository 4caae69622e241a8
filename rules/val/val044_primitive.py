"""VAL044: z.primitive is present, a string, and a primitive FlowMCP knows."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.definition.zod import PRIMITIVES, ZFact, ZNote
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, Rule, ZFix, ZRow, example

# What an unknown primitive most likely means.
HINTS = {
    "int": "number()",
    "integer": "number()",
    "float": "number()",
    "double": "number()",
    "bigint": "number()",
    "bool": "boolean()",
    "str": "string()",
    "text": "string()",
    "list": "array()",
    "dict": "object()",
    "json": "object()",
    "date": "string()",
}


ALL = ", ".join(f"{p}()" for p in PRIMITIVES)


class Primitive(Rule):
    code = Code.VAL044
    z_rows = (
        ZRow(
            fact=ZFact.PRIMITIVE_NOT_TEXT,
            message=lambda note, z: (
                "z.primitive must be a string such as 'string()' or 'number()'; ZodBuilder calls "
                "primitive.startsWith() on it and throws, so FlowMCP builds no tool"
            ),
            consequence=Consequence.NOT_BUILT,
        ),
        ZRow(fact=ZFact.PRIMITIVE_READ_AS, message=lambda note, z: _read_as(note), fix=ZFix.REPLACE),
        ZRow(
            fact=ZFact.PRIMITIVE_NOT_CALL,
            message=lambda note, z: (
                f"z.primitive '{note.written}' is not a call such as 'string()'; FlowMCP's runtime "
                "silently treats it as string(): use one of " + ALL
            ),
        ),
        ZRow(fact=ZFact.PRIMITIVE_UNKNOWN, message=lambda note, z: _unknown(note)),
        ZRow(
            fact=ZFact.PRIMITIVE_ARGUMENTS,
            message=lambda note, z: (
                f"'{note.written}' takes no arguments; FlowMCP ignores '{note.argument}': write '{note.name}()'"
            ),
            severity=Severity.WARNING,
        ),
    )
    name = "primitive"
    severity = Severity.ERROR
    consequence = Consequence.IGNORED
    summary = "z.primitive is required: string(), number(), boolean(), enum(...), array() or object()"
    why = (
        "The specification rejects any other primitive; the runtime silently treats it as string(), so "
        "`int()` accepts 'abc' and rejects 7."
    )
    fix = "Use the FlowMCP primitive that matches: `number()` for integers and floats, `boolean()`..."
    VALID = [
        Example(
            example("""\
    tools: {
        getBlock: { method: 'GET', path: '/block', description: 'Block',
            parameters: [ { position: { key: 'height', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [] } } ],
            tests: [ { _description: 'Genesis', height: 0 } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getBlock: { method: 'GET', path: '/block', description: 'Block',
            parameters: [ { position: { key: 'height', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: ‸' number()', options: [] } } ],
            tests: [ { _description: 'Genesis', height: 0 } ] }
    }"""),
            (Expect("reads ' number()' as string() and test values are checked as string(): write 'number()'"),),
            title="a leading space: the runtime reads it as string()",
            fixed=("primitive: ' number()'", "primitive: 'number()'"),
        ),
        Example(
            example("""\
    tools: {
        getCoin: { method: 'GET', path: '/coins', description: 'Coins',
            parameters: [ { position: { key: 'id', value: '{{USER_PARAM}}', location: 'query' }, z: ‸{ options: [] } } ],
            tests: [ { _description: 'Bitcoin', id: 'bitcoin' } ] }
    }"""),
            (Expect("parameter 'id': z.primitive must be a string"),),
        ),
        Example(
            example("""\
    tools: {
        getBlock: { method: 'GET', path: '/block', description: 'Block',
            parameters: [ { position: { key: 'height', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: ‸'int()', options: [] } } ],
            tests: [ { _description: 'Genesis', height: 0 } ] }
    }"""),
            (Expect("unknown primitive 'int()'; FlowMCP's runtime silently treats it as string(): use number()"),),
        ),
    ]


def _read_as(note: ZNote) -> str:
    written, runtime = note.name, note.reason
    return (
        "FlowMCP's runtime matches primitives by prefix ("
        + ("'enum(' at the very start" if written == "enum" else f"'{written}()' exactly, at the very start")
        + f"), so it reads '{note.written}' as {runtime}() and test values are checked as {runtime}(): "
        f"write '{note.replacement}'"
    )


def _unknown(note: ZNote) -> str:
    hint = HINTS.get(note.name.lower())
    suggestion = f"use {hint}" if hint else "use one of " + ALL
    return f"unknown primitive '{note.written}'; FlowMCP's runtime silently treats it as string(): " + suggestion
