"""VAL060-VAL065: a tool's (or resource query's) `output` block (09-validation-rules, 04-output-schema).

The runtime checks the root schema only (mimeType, type, properties/items on the root); the
specification's rules apply to every level, and flowlint applies them there too. Depth is counted
as 04-output-schema does: the schema is level 1 and each `properties` child one level deeper; 04 names
no rule for `items`, so an array's `items` schema stays on the array's level (a list of objects is not
nested deeper than one object). A 5th level is rejected (04) and reported as 09's VAL063 warning.

Each rule is in its own module of this folder (and `rules/fl/` for FL codes); this module holds what they share.
"""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import SObject, SScalar
from flowlint.core.outputschema import SUBSET_TYPES
from flowlint.definition.model import Tool
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Rule, RuleContext, example

# 04-output-schema's MIME types and the root types each allows (the runtime's `mimeRules`).
MIME_TYPES = {"application/json": ("object", "array"), "image/png": ("string",), "text/plain": ("string",)}


def output_example(output: str) -> str:
    return example(
        "    tools: {\n"
        "        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [],\n"
        f"            output: {output},\n"
        "            tests: [ { _description: 'Up' }, { _description: 'Still up' }, { _description: 'Up again' } ] }\n"
        "    }"
    )


GOOD = output_example(
    "{ mimeType: 'application/json', schema: { type: 'object', properties: { status: { type: 'string' }, "
    "items: { type: 'array', items: { type: 'object', properties: { id: { type: 'number' } } } } } } }"
)


def outputs(ctx: RuleContext) -> Iterator[tuple[Tool, SObject]]:
    """Every static output block of a tool or resource query."""
    for tool in ctx.definition.tools:
        output = tool.obj.get("output") if tool.obj is not None else None
        if isinstance(output, SObject):
            yield tool, output


def walk(ctx: RuleContext, schema: SObject) -> list[tuple[SObject, int, str]]:
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


def nested(where: str) -> Consequence | None:
    """The runtime's MainValidator checks only the top level of an output schema: a nested problem is the
    specification's alone (None: the rule's own consequence, for the top level)."""
    return None if where == "schema" else Consequence.SPEC


def _type(node: SObject) -> object:
    value = node.get("type")
    return value.value if isinstance(value, SScalar) else None


def misplaced(ctx: RuleContext, rule: Rule, key: str, kind: str) -> Iterator[Finding]:
    for tool, output in outputs(ctx):
        schema = output.get("schema")
        if not isinstance(schema, SObject):
            continue
        for node, _level, where in walk(ctx, schema):
            entry = node.entry(key)
            actual = _type(node)
            if entry is not None and actual != kind and actual in SUBSET_TYPES:
                yield rule.finding(
                    f"output {where}: `{key}` is only valid when type is '{kind}', not '{actual}'",
                    entry.key_span,
                    tool=tool.label,
                    consequence=nested(where),
                )
