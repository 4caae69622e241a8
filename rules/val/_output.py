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
from flowlint.core.nodes import SEntry, SNode, SObject, SScalar
from flowlint.core.outputschema import SUBSET_TYPES
from flowlint.core.record import FrozenRecord
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


class SchemaAt(FrozenRecord, slots=True):
    """One schema of an output block: its `schema` (level 1, where `schema`) or a `properties` child or
    `items` schema nested in it, with the members the rules here read (found in one pass over its
    entries; the last of a repeated key wins, as in JavaScript)."""

    node: SObject
    level: int
    where: str
    kind: SEntry | None  # `type`
    properties: SEntry | None
    items: SEntry | None

    @property
    def type_node(self) -> SNode | None:
        """The value of its `type` (None: no type)."""
        return self.kind.value if self.kind is not None else None

    @property
    def type(self) -> object:
        """The scalar its `type` holds (None: no type, or not a literal)."""
        kind = self.type_node
        return kind.value if isinstance(kind, SScalar) else None


class OutputSchema(FrozenRecord, slots=True):
    """A tool's (or resource query's) static output block, its `schema` value, and every schema in that
    value, depth first in source order (none when the value is no object)."""

    tool: Tool
    output: SObject
    schema: SNode | None
    schemas: tuple[SchemaAt, ...]


def output_schemas(ctx: RuleContext) -> list[OutputSchema]:
    """Every static output block with its schemas, walked once per definition for all the rules here."""

    def walk() -> list[OutputSchema]:
        found = []
        for tool, output in outputs(ctx):
            schema = output.get("schema")
            schemas = _schemas(schema) if isinstance(schema, SObject) else ()
            found.append(OutputSchema(tool, output, schema, schemas))
        return found

    return ctx.shared("VAL06x output schemas", walk)


def _schemas(node: SObject) -> tuple[SchemaAt, ...]:
    """The schema and every nested `properties` child and `items` schema, depth first in source order
    (a loop, not nested generators: output schemas can be large)."""
    found = []
    stack = [(node, 1, "")]
    while stack:
        schema, level, path = stack.pop()
        kind = properties = items = None
        for entry in schema.entries:
            if entry.key == "type":
                kind = entry
            elif entry.key == "properties":
                properties = entry
            elif entry.key == "items":
                items = entry
        found.append(SchemaAt(schema, level, path or "schema", kind, properties, items))
        later = []
        if properties is not None and isinstance(properties.value, SObject):
            for entry in properties.value.entries:
                if isinstance(entry.value, SObject):
                    later.append((entry.value, level + 1, f"{path}.{entry.key}" if path else entry.key))
        if items is not None and isinstance(items.value, SObject):
            later.append((items.value, level, f"{path}[]"))  # an array's items describe the same position
        stack.extend(reversed(later))
    return tuple(found)


def nested(where: str) -> Consequence | None:
    """The runtime's MainValidator checks only the top level of an output schema: a nested problem is the
    specification's alone (None: the rule's own consequence, for the top level)."""
    return None if where == "schema" else Consequence.SPEC


def misplaced(ctx: RuleContext, rule: Rule, key: str, kind: str) -> Iterator[Finding]:
    """A finding for each schema with `key` (`properties` or `items`) whose type is another than `kind`."""
    for output in output_schemas(ctx):
        for schema in output.schemas:
            entry = schema.properties if key == "properties" else schema.items
            if entry is None:
                continue
            actual = schema.type
            if actual != kind and actual in SUBSET_TYPES:
                yield rule.finding(
                    f"output {schema.where}: `{key}` is only valid when type is '{kind}', not '{actual}'",
                    entry.key_span,
                    tool=output.tool.label,
                    consequence=nested(schema.where),
                )
