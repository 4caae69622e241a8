"""VAL060-VAL065: a tool's (or resource query's) `output` block (09-validation-rules, 04-output-schema).

The runtime checks the root schema only (mimeType, type, properties/items on the root); the
specification's rules apply to every level, and flowlint applies them there too. Depth is counted
as 04-output-schema does: the schema is level 1 and each `properties` child one level deeper; 04 names
no rule for `items`, so an array's `items` schema stays on the array's level (a list of objects is not
nested deeper than one object). A 5th level is rejected (04) and reported as 09's VAL063 warning.
"""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SObject, SScalar, type_name
from flowlint.core.outputschema import MAX_LEVELS, SUBSET_TYPES
from flowlint.core.severity import Severity
from flowlint.definition.model import Tool
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

# 04-output-schema's MIME types and the root types each allows (the runtime's `mimeRules`).
MIME_TYPES = {"application/json": ("object", "array"), "image/png": ("string",), "text/plain": ("string",)}


def _tool(output: str) -> str:
    return example(
        "    tools: {\n"
        "        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [],\n"
        f"            output: {output},\n"
        "            tests: [ { _description: 'Up' }, { _description: 'Still up' }, { _description: 'Up again' } ] }\n"
        "    }"
    )


_GOOD = _tool(
    "{ mimeType: 'application/json', schema: { type: 'object', properties: { status: { type: 'string' }, "
    "items: { type: 'array', items: { type: 'object', properties: { id: { type: 'number' } } } } } } }"
)


def _outputs(ctx: RuleContext) -> Iterator[tuple[Tool, SObject]]:
    """Every static output block of a tool or resource query."""
    for tool in ctx.definition.tools:
        output = tool.obj.get("output") if tool.obj is not None else None
        if isinstance(output, SObject):
            yield tool, output


def _walk(ctx: RuleContext, schema: SObject) -> list[tuple[SObject, int, str]]:
    """`_schemas(schema)`, walked once per definition for all the rules here (the schema stays alive
    as long as the context, so its id is its identity)."""
    return ctx.shared(("VAL06x schemas", id(schema)), lambda: _schemas(schema))


def _schemas(node: SObject) -> list[tuple[SObject, int, str]]:
    """(schema, level, where) for the schema and every nested `properties` child and `items` schema,
    depth first in source order (a loop, not nested generators: output schemas can be large)."""
    found = []
    stack = [(node, 1, "")]
    while stack:
        schema, level, path = stack.pop()
        found.append((schema, level, path or "schema"))
        later = []
        properties = schema.get("properties")
        if isinstance(properties, SObject):
            for entry in properties.entries:
                if isinstance(entry.value, SObject):
                    later.append((entry.value, level + 1, f"{path}.{entry.key}" if path else entry.key))
        items = schema.get("items")
        if isinstance(items, SObject):
            later.append((items, level, f"{path}[]"))  # an array's items describe the same position
        stack.extend(reversed(later))
    return found


def _nested(where: str) -> Consequence | None:
    """The runtime's MainValidator checks only the top level of an output schema: a nested problem is the
    specification's alone (None: the rule's own consequence, for the top level)."""
    return None if where == "schema" else Consequence.SPEC


def _type(node: SObject) -> object:
    value = node.get("type")
    return value.value if isinstance(value, SScalar) else None


class MimeType(Rule):
    code = Code.VAL060
    name = "output-mime-type"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "output.mimeType must be application/json, image/png or text/plain"
    why = "The runtime refuses any other MIME type (and a missing one); it decides how the response is read."
    fix = "Write `mimeType: 'application/json'` for JSON APIs; text/plain for CSV and other text."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            _tool("{ mimeType: 'text/csv', schema: { type: 'string' } }"),
            (Expect(5, 33, "output.mimeType 'text/csv' is not supported"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool, output in _outputs(ctx):
            node = output.get("mimeType")
            if isinstance(node, NonStatic):
                continue
            if node is None:
                yield self.finding("output.mimeType is required: 'application/json'", output.span, tool=tool.label)
            elif not (isinstance(node, SScalar) and node.value in MIME_TYPES):
                shown = f"'{node.value}'" if isinstance(node, SScalar) else type_name(node)
                hint = "; CSV and other text is 'text/plain'" if shown.startswith("'text/") else ""
                yield self.finding(
                    f"output.mimeType {shown} is not supported: use " + ", ".join(MIME_TYPES) + hint,
                    node.span,
                    tool=tool.label,
                )


class SchemaValid(Rule):
    code = Code.VAL061
    name = "output-schema-valid"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "output.schema must be an object with a type: string, number, boolean, object or array"
    why = "The runtime refuses an output without a schema object or with a root type outside the subset."
    fix = "Write `schema: { type: 'object', properties: { ... } }`."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            _tool("{ mimeType: 'application/json', schema: { type: 'integer' } }"),
            (Expect(5, 69, "type 'integer' is not one of string, number, boolean, object, array"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool, output in _outputs(ctx):
            schema = output.get("schema")
            if isinstance(schema, NonStatic):
                continue
            if not isinstance(schema, SObject):
                got = f", got {type_name(schema)}" if schema is not None else ""
                yield self.finding(
                    f"output.schema is required and must be an object{got}",
                    schema.span if schema is not None else output.span,
                    tool=tool.label,
                )
                continue
            for node, _level, where in _walk(ctx, schema):
                kind = node.get("type")
                if kind is None:
                    if where == "schema":
                        yield self.finding("output.schema has no type", node.span, tool=tool.label)
                elif not (isinstance(kind, SScalar) and kind.value in SUBSET_TYPES):
                    shown = f"'{kind.value}'" if isinstance(kind, SScalar) else type_name(kind)
                    yield self.finding(
                        f"output {where}: type {shown} is not one of " + ", ".join(SUBSET_TYPES),
                        kind.span,
                        tool=tool.label,
                        consequence=_nested(where),
                    )


class SchemaTypeMatchesMime(Rule):
    code = Code.VAL062
    name = "output-type-mime"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "output.schema.type must fit the MIME type: JSON object/array, text and png a string"
    why = "The runtime refuses a root type its MIME type cannot carry; image/png needs `format: 'base64'`."
    fix = "Use type 'object' or 'array' with application/json, 'string' with text/plain or image/png."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            _tool("{ mimeType: 'application/json', schema: { type: 'string' } }"),
            (Expect(5, 69, "application/json carries an object or an array"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool, output in _outputs(ctx):
            mime = output.get("mimeType")
            schema = output.get("schema")
            if not (isinstance(mime, SScalar) and mime.value in MIME_TYPES and isinstance(schema, SObject)):
                continue
            kind = schema.get("type")
            allowed = MIME_TYPES[str(mime.value)]
            if isinstance(kind, SScalar) and kind.value in SUBSET_TYPES and kind.value not in allowed:
                yield self.finding(
                    f"output.schema.type '{kind.value}' does not fit {mime.value}: {mime.value} carries "
                    + (" or ".join(f"a{'n' if a[0] in 'aeiou' else ''} {a}" for a in allowed)),
                    kind.span,
                    tool=tool.label,
                )
            elif mime.value == "image/png" and isinstance(kind, SScalar) and kind.value == "string":
                fmt = schema.get("format")
                if not (isinstance(fmt, SScalar) and fmt.value == "base64"):
                    yield self.finding(
                        "output.schema for image/png needs format: 'base64'", (fmt or kind).span, tool=tool.label
                    )


class Depth(Rule):
    code = Code.VAL063
    name = "output-depth"
    severity = Severity.WARNING
    consequence = Consequence.ADVICE
    summary = f"Output schemas nest at most {MAX_LEVELS} levels (the schema is level 1; items stay on their array's)"
    why = (
        "Deep schemas are hard for AI clients to use. 04-output-schema rejects a 5th level; 09's registry "
        "lists VAL063 as a warning, which flowlint follows (raise it with `severity`); the runtime does not "
        "check depth. `flowlint schema` never generates a 5th level."
    )
    fix = "Declare the deepest object as `{ type: 'object' }` without properties."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            _tool(
                "{ mimeType: 'application/json', schema: { type: 'object', properties: { a: { type: 'object', "
                "properties: { b: { type: 'array', items: { type: 'object', properties: { c: { type: 'object', properties: { d: { type: 'string' } } } } } } } } } } }"
            ),
            (Expect(5, 225, "output a.b[].c.d is level 5"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool, output in _outputs(ctx):
            schema = output.get("schema")
            if not isinstance(schema, SObject):
                continue
            for node, level, where in _walk(ctx, schema):
                if level == MAX_LEVELS + 1:  # reported once, at the first level too deep
                    yield self.finding(
                        f"output {where} is level {level}; schemas nest at most {MAX_LEVELS} levels (the schema "
                        "is level 1): declare its parent as a plain object or array",
                        node.span,
                        tool=tool.label,
                    )


def _misplaced(ctx: RuleContext, rule: Rule, key: str, kind: str) -> Iterator[Finding]:
    for tool, output in _outputs(ctx):
        schema = output.get("schema")
        if not isinstance(schema, SObject):
            continue
        for node, _level, where in _walk(ctx, schema):
            entry = node.entry(key)
            actual = _type(node)
            if entry is not None and actual != kind and actual in SUBSET_TYPES:
                yield rule.finding(
                    f"output {where}: `{key}` is only valid when type is '{kind}', not '{actual}'",
                    entry.key_span,
                    tool=tool.label,
                    consequence=_nested(where),
                )


class PropertiesOnObject(Rule):
    code = Code.VAL064
    name = "properties-on-object"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "properties is only valid when type is object"
    why = "The runtime refuses `properties` on a root schema of another type; deeper, they describe nothing."
    fix = "Change the type to 'object', or move the properties into `items` of an array."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            _tool(
                "{ mimeType: 'application/json', schema: { type: 'array', properties: { id: { type: 'number' } } } }"
            ),
            (Expect(5, 78, "`properties` is only valid when type is 'object', not 'array'"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        yield from _misplaced(ctx, self, "properties", "object")


class ItemsOnArray(Rule):
    code = Code.VAL065
    name = "items-on-array"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "items is only valid when type is array"
    why = "The runtime refuses `items` on a root schema of another type; deeper, they describe nothing."
    fix = "Change the type to 'array', or remove items."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            _tool("{ mimeType: 'application/json', schema: { type: 'object', items: { type: 'number' } } }"),
            (Expect(5, 79, "`items` is only valid when type is 'array', not 'object'"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        yield from _misplaced(ctx, self, "items", "array")
