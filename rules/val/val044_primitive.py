"""VAL044: z.primitive is present, a string, and a primitive FlowMCP knows."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.definition.zod import PRIMITIVES, ZFact, ZNote, ZSpec
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, Rule, ZReport, example

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
    z_facts = frozenset(
        {
            ZFact.PRIMITIVE_NOT_TEXT,
            ZFact.PRIMITIVE_NOT_CALL,
            ZFact.PRIMITIVE_UNKNOWN,
            ZFact.PRIMITIVE_ARGUMENTS,
            ZFact.PRIMITIVE_READ_AS,
        }
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
            parameters: [ { position: { key: 'height', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: ' number()', options: [] } } ],
            tests: [ { _description: 'Genesis', height: 0 } ] }
    }"""),
            (
                Expect(
                    5, 118, "reads ' number()' as string() and test values are checked as string(): write 'number()'"
                ),
            ),
            title="a leading space: the runtime reads it as string()",
            fixed=("primitive: ' number()'", "primitive: 'number()'"),
        ),
        Example(
            example("""\
    tools: {
        getCoin: { method: 'GET', path: '/coins', description: 'Coins',
            parameters: [ { position: { key: 'id', value: '{{USER_PARAM}}', location: 'query' }, z: { options: [] } } ],
            tests: [ { _description: 'Bitcoin', id: 'bitcoin' } ] }
    }"""),
            (Expect(5, 101, "parameter 'id': z.primitive must be a string"),),
        ),
        Example(
            example("""\
    tools: {
        getBlock: { method: 'GET', path: '/block', description: 'Block',
            parameters: [ { position: { key: 'height', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'int()', options: [] } } ],
            tests: [ { _description: 'Genesis', height: 0 } ] }
    }"""),
            (
                Expect(
                    5, 118, "unknown primitive 'int()'; FlowMCP's runtime silently treats it as string(): use number()"
                ),
            ),
        ),
    ]

    def report_z(self, note: ZNote, z: ZSpec, generation: int) -> ZReport | None:
        text = note.written
        if note.fact is ZFact.PRIMITIVE_NOT_TEXT:
            return ZReport(
                message="z.primitive must be a string such as 'string()' or 'number()'; ZodBuilder calls "
                "primitive.startsWith() on it and throws, so FlowMCP builds no tool",
                consequence=Consequence.NOT_BUILT,
            )
        if note.fact is ZFact.PRIMITIVE_READ_AS:
            written, runtime = note.name, note.reason
            return ZReport(
                message="FlowMCP's runtime matches primitives by prefix ("
                + ("'enum(' at the very start" if written == "enum" else f"'{written}()' exactly, at the very start")
                + f"), so it reads '{text}' as {runtime}() and test values are checked as {runtime}(): "
                f"write '{note.replacement}'",
                replacement=note.replacement,
            )
        if note.fact is ZFact.PRIMITIVE_NOT_CALL:
            return ZReport(
                message=f"z.primitive '{text}' is not a call such as 'string()'; FlowMCP's runtime silently treats it as "
                "string(): use one of " + ALL
            )
        if note.fact is ZFact.PRIMITIVE_UNKNOWN:
            hint = HINTS.get(note.name.lower())
            suggestion = f"use {hint}" if hint else "use one of " + ALL
            return ZReport(
                message=f"unknown primitive '{text}'; FlowMCP's runtime silently treats it as string(): " + suggestion
            )
        # PRIMITIVE_ARGUMENTS
        return ZReport(
            message=f"'{text}' takes no arguments; FlowMCP ignores '{note.argument}': write '{note.name}()'",
            severity=Severity.WARNING,
        )
