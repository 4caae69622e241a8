"""Output-schema generation: from captured responses to FlowMCP's output-schema subset (spec 04).

genson's `SchemaBuilder` merges every response and every array element (extended with a string
strategy that tracks `format`); the result is then reduced to the subset (`flowlint.schema.subset`):

* one `type` per node; `integer` becomes `number`; `null` seen next to a type becomes `nullable: true`;
* a node whose values have several non-null types (say string and object) cannot be described in the
  subset: it is written **without `type`** (it accepts any value) and an info note names the types;
* a node where only `null` was ever seen becomes `{ type: 'string', nullable: true }` with an info note;
* no `required`, `$schema`, `anyOf`; `format` is `date-time` or `uri` when every string seen has it,
  `base64` for `image/png`;
* nesting is capped at `MAX_LEVELS` levels (04-output-schema: the schema is level 1, each property one
  deeper, an array's `items` on the array's level): an object on the last level keeps its `type` but
  loses `properties` (info note);
* resource queries are arrays; `mimeType` is the most common captured content type (the first seen
  among equally common ones).

An existing schema is merged in by `flowlint.schema.merge`. Every generated schema is checked against
every response it was built from (with the one subset validator) before it is returned.

Functions return `Generated` or `GenerationFailure` values; they do not raise for expected problems.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from genson import SchemaBuilder, SchemaNode  # type: ignore[import-untyped]
from genson.schema.strategies import String  # type: ignore[import-untyped]

from flowlint.core.severity import Severity
from flowlint.core.strictjson import MAX_DATA_DEPTH, JsonRejected, check_tree
from flowlint.schema.merge import merge_existing
from flowlint.schema.notes import Note
from flowlint.schema.subset import MAX_DEPTH, MAX_LEVELS, SubsetValidator, is_date_time, looks_like_uri

__all__ = ["Generated", "GenerationFailure", "generate_output", "mime_type_of"]

_TYPE_ORDER = {"object": 0, "array": 1, "string": 2, "number": 3, "boolean": 4}
_IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")

# Formats generation detects: a field gets one when every string seen there has it.
_DETECTORS: dict[str, Callable[[str], bool]] = {"date-time": is_date_time, "uri": looks_like_uri}
_DETECTED = tuple(_DETECTORS)


@dataclass(slots=True)
class Generated:
    """A generated `output` value (`{ mimeType, schema }`) and the notes met while building it."""

    mime_type: str
    schema: dict[str, Any]
    notes: list[Note] = field(default_factory=list)
    samples: int = 0

    @property
    def output(self) -> dict[str, Any]:
        return {"mimeType": self.mime_type, "schema": self.schema}


@dataclass(slots=True)
class GenerationFailure:
    """No schema could be produced (no samples, or the result would not accept its own samples)."""

    reason: str
    notes: list[Note] = field(default_factory=list)


# --------------------------------------------------------------------------------------------------
# genson, with formats


class _FormatString(String):  # type: ignore[misc]
    """genson's string strategy, also tracking which formats every string seen satisfies."""

    def __init__(self, node_class: Any) -> None:
        super().__init__(node_class)
        self._formats: set[str] | None = None

    def add_object(self, obj: Any) -> None:
        super().add_object(obj)
        if self._formats is None:
            self._formats = {name for name in _DETECTED if _DETECTORS[name](obj)}
        elif self._formats:
            self._formats = {name for name in self._formats if _DETECTORS[name](obj)}

    def to_schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = super().to_schema()
        if self._formats:
            schema["format"] = next(name for name in _DETECTED if name in self._formats)
        return schema


class _TypeCachedNode(SchemaNode):  # type: ignore[misc]
    """genson's node, remembering which of its strategies took a value of each Python type. genson asks
    every active strategy, then every known one, for every value (a third of generation's time), and its
    strategies choose by type alone (an Enum taken from a merged schema takes every value); active
    strategies are only ever appended, so the first one that took a type stays the one genson would ask
    first. A merged schema clears what was remembered all the same."""

    def __init__(self) -> None:
        super().__init__()
        self._strategy_by_type: dict[type, Any] = {}

    def add_object(self, obj: Any) -> _TypeCachedNode:
        kind = type(obj)
        strategy = self._strategy_by_type.get(kind)
        if strategy is None:
            strategy = self._strategy_by_type[kind] = self._get_strategy_for_object(obj)
        strategy.add_object(obj)
        return self

    def add_schema(self, schema: Any) -> _TypeCachedNode:
        self._strategy_by_type.clear()
        super().add_schema(schema)
        return self


class _Builder(SchemaBuilder):  # type: ignore[misc]
    EXTRA_STRATEGIES = (_FormatString,)


# genson's metaclass makes NODE_CLASS a plain SchemaNode with the builder's strategies; nodes create
# their children with their own class, so this one reaches every level.
_Builder.NODE_CLASS = type("_BuilderSchemaNode", (_TypeCachedNode,), {"STRATEGIES": _Builder.STRATEGIES})


# --------------------------------------------------------------------------------------------------
# reduction to the subset


def _split_types(node: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """genson node -> {type: the subschema for that type}; `integer` is folded into `number`."""
    parts: list[dict[str, Any]] = list(node["anyOf"]) if "anyOf" in node else [node]
    found: dict[str, dict[str, Any]] = {}
    for part in parts:
        types = part.get("type")
        for name in types if isinstance(types, list) else [types]:
            if name is None:
                continue
            key = "number" if name == "integer" else name
            found.setdefault(key, part)
    return found


def _reduce(node: dict[str, Any], where: str, depth: int, notes: list[Note]) -> dict[str, Any]:
    types = _split_types(node)
    nullable = "null" in types
    real = sorted((name for name in types if name != "null"), key=lambda name: _TYPE_ORDER.get(name, 9))
    out: dict[str, Any] = {}
    if not real:
        if not types:
            notes.append(Note(Severity.INFO, "no value seen (empty arrays only); written without `type`", where))
            return {}
        notes.append(Note(Severity.INFO, "only null seen; typed as string, nullable", where))
        return {"type": "string", "nullable": True}
    if len(real) > 1:
        notes.append(
            Note(
                Severity.INFO,
                f"values of several types ({', '.join(real)}) cannot be merged into one "
                f"`type`; written without `type` (accepts any value)",
                where,
            )
        )
        return {"nullable": True} if nullable else {}
    name = real[0]
    part = types[name]
    out["type"] = name
    if nullable:
        out["nullable"] = True
    if name == "string" and isinstance(part.get("format"), str):
        out["format"] = part["format"]
    if name == "object":
        properties = part.get("properties") or {}
        if depth >= MAX_DEPTH:
            if properties:
                notes.append(
                    Note(
                        Severity.INFO,
                        f"nested deeper than {MAX_LEVELS} levels (the schema is level 1); written as a plain object",
                        where,
                    )
                )
            return out
        out["properties"] = {
            key: _reduce(child, f"{where}.{key}" if _IDENTIFIER.match(key) else f"{where}[{key!r}]", depth + 1, notes)
            for key, child in properties.items()
        }
    elif name == "array":
        items = part.get("items")
        if isinstance(items, dict) and items:
            out["items"] = _reduce(items, f"{where}[]", depth, notes)  # items stay on the array's level
    return out


# --------------------------------------------------------------------------------------------------
# entry points


def mime_type_of(content_type: str | None, data: Any = None) -> str:
    """`application/json` from `application/json; charset=utf-8`; guessed from `data` when unknown."""
    if content_type:
        base = content_type.split(";", 1)[0].strip().lower()
        if base:
            return "application/json" if base.endswith("+json") else base
    return "text/plain" if isinstance(data, str) else "application/json"


def generate_output(
    samples: Sequence[Any],
    *,
    content_types: Sequence[str | None] = (),
    kind: str = "tool",
    existing: Any = None,
    raw_data: bool = False,
) -> Generated | GenerationFailure:
    """Build one `output` (`mimeType` + subset schema) from every sample of one tool.

    `content_types` are the captured content types (the most common wins); `kind` is `tool` or
    `query` (queries return arrays); `existing` is the tool's current `output` value, if any;
    `raw_data` says the samples are an API's raw data, not the output of the tool's handlers.
    """
    if not samples:
        return GenerationFailure("no usable captured responses")
    for index, sample in enumerate(samples):  # genson recurses: bound the depth first
        try:
            check_tree(sample, MAX_DATA_DEPTH)
        except JsonRejected as rejected:
            return GenerationFailure(f"response {index} {rejected.describe(MAX_DATA_DEPTH)}")
    notes: list[Note] = []
    mime = _choose_mime_type(content_types, samples[0], notes)
    if raw_data:
        notes.append(
            Note(
                Severity.INFO,
                "the tool has handlers: this schema describes the API's raw data, not the handler's output",
                "",
            )
        )
    data = _as_rows(samples, notes) if kind == "query" else list(samples)
    schema = _schema_of(data, mime, notes)
    if kind == "query" and schema.get("type") != "array":
        schema = {"type": "array", "items": schema}
    existing_schema = _check_existing_output(existing, mime, notes)
    if existing_schema is not None:
        schema = merge_existing(schema, existing_schema, (), data, notes)
        # What people wrote (an enum, a format, a type) can reject what the API sent; a schema
        # generated from the samples alone accepts them by construction (tests/test_schema_generation
        # checks that on random data), so only a merged schema is checked against every sample.
        contradictions = [note for note in notes if note.level is Severity.ERROR]
        if contradictions:
            count = f"{len(contradictions)} place{'s' if len(contradictions) != 1 else ''}"
            return GenerationFailure(
                f"the captures contradict the declared output schema in {count}; not rewritten", notes
            )
        problem = _first_rejected(schema, data)
        if problem is not None:
            return GenerationFailure(f"the generated schema rejects a captured response ({problem})", notes)
    return Generated(mime, schema, notes, len(data))


def _choose_mime_type(content_types: Sequence[str | None], first: Any, notes: list[Note]) -> str:
    """The most common captured content type (the first seen among equally common ones)."""
    counts = Counter(mime_type_of(ct) for ct in content_types if ct)
    if not counts:
        return mime_type_of(None, first)
    mime = counts.most_common(1)[0][0]
    if len(counts) > 1:
        notes.append(
            Note(
                Severity.WARNING,
                f"captures have several content types ({', '.join(sorted(counts))}); using {mime}",
                "",
            )
        )
    return mime


def _as_rows(samples: Sequence[Any], notes: list[Note]) -> list[Any]:
    """A resource query returns rows: a response that is not an array is read as a one-row array."""
    if all(isinstance(sample, list) for sample in samples):
        return list(samples)
    notes.append(
        Note(
            Severity.INFO,
            "a resource query returns rows: responses that are not arrays were read as one-row arrays",
            "",
        )
    )
    return [sample if isinstance(sample, list) else [sample] for sample in samples]


def _schema_of(data: list[Any], mime: str, notes: list[Note]) -> dict[str, Any]:
    """The subset schema of JSON data; a plain string for text content types (base64 for PNG)."""
    if mime != "application/json" and all(isinstance(sample, str) for sample in data):
        return {"type": "string", "format": "base64"} if mime == "image/png" else {"type": "string"}
    builder = _Builder(schema_uri=None)
    for sample in data:
        builder.add_object(sample)
    schema = _reduce(builder.to_schema(), "$", 0, notes)
    if mime != "application/json" and schema.get("type") != "string":
        notes.append(Note(Severity.WARNING, f"content type {mime} but the data is not a string", ""))
    return schema


def _check_existing_output(existing: Any, mime: str, notes: list[Note]) -> Any:
    """The existing `output.schema` to merge with (None when there is none), noting what will change."""
    if existing is None:
        return None
    if not isinstance(existing, dict):
        notes.append(Note(Severity.WARNING, "the existing output is not an object; replaced", ""))
        return None
    for key in existing:
        if key not in ("mimeType", "schema"):
            notes.append(Note(Severity.WARNING, f"removed `output.{key}` (an output has only mimeType and schema)", ""))
    old_mime = existing.get("mimeType")
    if isinstance(old_mime, str) and old_mime != mime:
        notes.append(
            Note(
                Severity.WARNING,
                f"declared mimeType {old_mime!r} but the captures have {mime!r}; using the captures",
                "",
            )
        )
    return existing.get("schema")


def _first_rejected(schema: dict[str, Any], data: list[Any]) -> str | None:
    """`response N: path: problem` for the first sample the schema rejects, or None."""
    validator = SubsetValidator(schema)
    for index, sample in enumerate(data):
        if not validator.accepts(sample):
            mismatch = validator.mismatches(sample, "$")[0]
            return f"response {index}: {mismatch}"
    return None
