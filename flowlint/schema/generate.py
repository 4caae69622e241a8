"""Output-schema generation: from captured responses to FlowMCP's output-schema subset (reference 8).

genson's `SchemaBuilder` merges every response and every array element (extended with a string
strategy that tracks `format`); the result is then reduced to the subset:

* one `type` per node; `integer` becomes `number`; `null` seen next to a type becomes `nullable: true`;
* a node whose values have several non-null types (say string and object) cannot be described in the
  subset: it is written **without `type`** (it accepts any value) and an info note names the types;
* a node where only `null` was ever seen becomes `{ type: 'string', nullable: true }` with an info note;
* no `required`, `$schema`, `anyOf`; `format` is `date-time` or `uri` when every string seen has it,
  `base64` for `image/png`;
* nesting is capped at `MAX_DEPTH` levels below the root: a container there keeps its `type` but
  loses `properties`/`items` (info note);
* resource queries are arrays; `mimeType` comes from the captured content type.

An existing schema keeps its descriptions, enums, formats and `nullable` where the captures still
satisfy them; every contradiction is reported as a warning note, never dropped silently. Every
generated schema is validated against every response it was built from before it is returned.

Functions return `Generated` or `GenerationFailure` values; they do not raise for expected problems.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from genson import SchemaBuilder  # type: ignore[import-untyped]
from genson.schema.strategies import String  # type: ignore[import-untyped]

__all__ = [
    "MAX_DEPTH",
    "Generated",
    "GenerationFailure",
    "Note",
    "check_subset",
    "generate_output",
    "mime_type_of",
    "to_json_schema",
    "validate_samples",
]

MAX_DEPTH = 4
"""Deepest nesting below the root (root = 0) at which a container keeps `properties`/`items`."""

SUBSET_KEYWORDS = ("type", "description", "nullable", "format", "enum", "properties", "items")
SUBSET_TYPES = ("string", "number", "boolean", "object", "array")
_TYPE_ORDER = {"object": 0, "array": 1, "string": 2, "number": 3, "boolean": 4}

Level = Literal["info", "warning", "error"]


@dataclass(frozen=True, slots=True)
class Note:
    """A one-line remark about a generated schema; `where` is a JSON path such as `$.items[].id`."""

    level: Level
    message: str
    where: str = "$"

    def line(self, prefix: str = "") -> str:
        head = f"{prefix}: " if prefix else ""
        return (
            f"{head}{self.level}: {self.where}: {self.message}" if self.where else f"{head}{self.level}: {self.message}"
        )


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
# formats

_DATE_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$")
_URI = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*://[^\s/?#]+[^\s]*$")


def is_date_time(value: str) -> bool:
    if not _DATE_TIME.match(value):
        return False
    try:
        datetime.fromisoformat(value.replace("z", "Z").replace("t", "T").replace("Z", "+00:00"))
    except ValueError:
        return False
    return True


def is_uri(value: str) -> bool:
    return bool(_URI.match(value))


def is_base64(value: str) -> bool:
    try:
        base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        return False
    return True


FORMAT_CHECKS = {"date-time": is_date_time, "uri": is_uri, "base64": is_base64}
_DETECTED = ("date-time", "uri")


class _FormatString(String):  # type: ignore[misc]
    """genson's string strategy, also tracking which formats every string seen satisfies."""

    def __init__(self, node_class: Any) -> None:
        super().__init__(node_class)
        self._formats: set[str] | None = None

    def add_object(self, obj: Any) -> None:
        super().add_object(obj)
        if self._formats is None:
            self._formats = {name for name in _DETECTED if FORMAT_CHECKS[name](obj)}
        elif self._formats:
            self._formats = {name for name in self._formats if FORMAT_CHECKS[name](obj)}

    def to_schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = super().to_schema()
        if self._formats:
            schema["format"] = next(name for name in _DETECTED if name in self._formats)
        return schema


class _Builder(SchemaBuilder):  # type: ignore[misc]
    EXTRA_STRATEGIES = (_FormatString,)


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


def _reduce(node: dict[str, Any], where: str, depth: int, notes: list[Note], root: bool = False) -> dict[str, Any]:
    types = _split_types(node)
    nullable = "null" in types
    real = sorted((name for name in types if name != "null"), key=lambda name: _TYPE_ORDER.get(name, 9))
    out: dict[str, Any] = {}
    if not real:
        if not types:
            notes.append(Note("info", "no value seen (empty arrays only); written without `type`", where))
            return {} if root else {"description": ""}
        notes.append(Note("info", "only null seen; typed as string, nullable", where))
        out = {"type": "string"}
        if not root:
            out["description"] = ""
        out["nullable"] = True
        return out
    if len(real) > 1:
        notes.append(
            Note(
                "info",
                f"values of several types ({', '.join(real)}) cannot be merged into one "
                f"`type`; written without `type` (accepts any value)",
                where,
            )
        )
        out = {} if root else {"description": ""}
        if nullable:
            out["nullable"] = True
        return out
    name = real[0]
    part = types[name]
    out["type"] = name
    if not root:
        out["description"] = ""
    if nullable:
        out["nullable"] = True
    if name == "string" and isinstance(part.get("format"), str):
        out["format"] = part["format"]
    if name == "object":
        properties = part.get("properties") or {}
        if depth >= MAX_DEPTH:
            if properties:
                notes.append(Note("info", f"nested deeper than {MAX_DEPTH} levels; written as a plain object", where))
            return out
        out["properties"] = {
            key: _reduce(child, f"{where}.{key}" if _plain_key(key) else f"{where}[{key!r}]", depth + 1, notes)
            for key, child in properties.items()
        }
    elif name == "array":
        items = part.get("items")
        if isinstance(items, dict) and items:
            if depth >= MAX_DEPTH:
                notes.append(Note("info", f"nested deeper than {MAX_DEPTH} levels; written as a plain array", where))
                return out
            out["items"] = _reduce(items, f"{where}[]", depth + 1, notes)
    return out


def _plain_key(key: str) -> bool:
    return bool(re.match(r"^[A-Za-z_$][A-Za-z0-9_$]*$", key))


# --------------------------------------------------------------------------------------------------
# validation


def to_json_schema(schema: Any) -> Any:
    """The subset schema as standard JSON Schema: `nullable: true` becomes a `null` type (and enum value)."""
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "properties" and isinstance(value, dict):
            out[key] = {name: to_json_schema(child) for name, child in value.items()}
        elif key == "items":
            out[key] = to_json_schema(value)
        elif key != "nullable":
            out[key] = value
    if schema.get("nullable") is True:
        if isinstance(out.get("type"), str):
            out["type"] = [out["type"], "null"]
        if isinstance(out.get("enum"), list) and None not in out["enum"]:
            out["enum"] = [*out["enum"], None]
    return out


def _format_checker() -> Any:
    from jsonschema import FormatChecker  # type: ignore[import-untyped]

    checker = FormatChecker(formats=())
    for name, check in FORMAT_CHECKS.items():
        checker.checks(name)(lambda value, check=check: not isinstance(value, str) or check(value))
    return checker


def validate_samples(schema: dict[str, Any], samples: Iterable[Any]) -> list[str]:
    """Problems (one line each, first per sample) when `schema` does not accept every sample."""
    from jsonschema import Draft7Validator

    validator = Draft7Validator(to_json_schema(schema), format_checker=_format_checker())
    problems: list[str] = []
    for index, sample in enumerate(samples):
        error = next(iter(validator.iter_errors(sample)), None)
        if error is not None:
            path = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
            problems.append(f"response {index}: {path}: {error.message}")
    return problems


_PY_TYPES: dict[str, Any] = {"string": str, "boolean": bool, "object": dict, "array": list}


def compile_validator(schema: dict[str, Any]) -> Any:
    """A fast predicate equivalent to validating against `to_json_schema(schema)` (subset keywords only).

    Used to check every captured response cheaply; `validate_samples` (jsonschema) gives the messages
    and is the reference the tests hold this function to.
    """
    checks: list[Any] = []
    kind = schema.get("type")
    nullable = schema.get("nullable") is True
    if kind == "number":
        checks.append(lambda v: type(v) in (int, float))
    elif kind in _PY_TYPES:
        expected = _PY_TYPES[kind]
        checks.append(lambda v: type(v) is expected)
    elif kind is not None:
        return lambda v: False
    enum = schema.get("enum")
    if isinstance(enum, list):
        checks.append(
            lambda v: any(
                (v == e and type(v) is type(e)) or (type(v) in (int, float) and type(e) in (int, float) and v == e)
                for e in enum
            )
        )
    fmt = FORMAT_CHECKS.get(schema.get("format", ""))
    if fmt is not None:
        checks.append(lambda v: not isinstance(v, str) or fmt(v))
    properties = schema.get("properties")
    if isinstance(properties, dict) and properties:
        compiled = [(key, compile_validator(child)) for key, child in properties.items()]
        checks.append(
            lambda v: not isinstance(v, dict) or all(key not in v or check(v[key]) for key, check in compiled)
        )
    items = schema.get("items")
    if isinstance(items, dict) and items:
        check_item = compile_validator(items)
        checks.append(lambda v: not isinstance(v, list) or all(check_item(item) for item in v))

    def validate(value: Any) -> bool:
        if value is None and nullable:
            return True
        return all(check(value) for check in checks)

    return validate


def check_subset(schema: Any, where: str = "$", depth: int = 0) -> list[str]:
    """Ways `schema` leaves FlowMCP's output-schema subset (empty when it is inside it)."""
    problems: list[str] = []
    if not isinstance(schema, dict):
        return [f"{where}: not an object"]
    for key in schema:
        if key not in SUBSET_KEYWORDS:
            problems.append(f"{where}: keyword `{key}` is not in the subset")
    kind = schema.get("type")
    if kind is not None and kind not in SUBSET_TYPES:
        problems.append(f"{where}: type {kind!r} is not in the subset")
    if "format" in schema and schema["format"] not in FORMAT_CHECKS:
        problems.append(f"{where}: format {schema['format']!r} is not in the subset")
    if depth > MAX_DEPTH:
        problems.append(f"{where}: nested deeper than {MAX_DEPTH} levels")
    for name, child in (schema.get("properties") or {}).items():
        problems.extend(check_subset(child, f"{where}.{name}", depth + 1))
    if "items" in schema:
        problems.extend(check_subset(schema["items"], f"{where}[]", depth + 1))
    return problems


# --------------------------------------------------------------------------------------------------
# keeping what people wrote


def _values_at(sample: Any, path: Sequence[str]) -> Iterator[Any]:
    if not path:
        yield sample
        return
    head, rest = path[0], path[1:]
    if head == "[]":
        if isinstance(sample, list):
            for item in sample:
                yield from _values_at(item, rest)
    elif isinstance(sample, dict) and head in sample:
        yield from _values_at(sample[head], rest)


def _where(path: Sequence[str]) -> str:
    return "$" + "".join("[]" if part == "[]" else (f".{part}" if _plain_key(part) else f"[{part!r}]") for part in path)


def _sanitize(node: Any, path: tuple[str, ...], notes: list[Note]) -> Any:
    """An existing subtree kept as is, minus keywords outside the subset (each one reported)."""
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key not in SUBSET_KEYWORDS:
            notes.append(
                Note(
                    "warning",
                    f"removed `{key}` from the existing schema (not in FlowMCP's subset)",
                    _where(path),
                )
            )
        elif key == "properties" and isinstance(value, dict):
            out[key] = {name: _sanitize(child, (*path, name), notes) for name, child in value.items()}
        elif key == "items":
            out[key] = _sanitize(value, (*path, "[]"), notes)
        else:
            out[key] = value
    return out


def _merge_existing(
    new: dict[str, Any], old: Any, path: tuple[str, ...], samples: Sequence[Any], notes: list[Note]
) -> dict[str, Any]:
    where = _where(path)
    if not isinstance(old, dict):
        if old is not None:
            notes.append(Note("warning", "existing schema node is not an object; replaced", where))
        return new
    out = dict(new)
    if isinstance(old.get("description"), str) and old["description"]:
        out["description"] = old["description"]
        if not path:  # keep the key order: type first
            out = {"type": out.pop("type"), **out} if "type" in out else out
    for key in old:
        if key not in SUBSET_KEYWORDS:
            notes.append(Note("warning", f"removed `{key}` from the existing schema (not in FlowMCP's subset)", where))
    old_type, new_type = old.get("type"), new.get("type")
    if (
        old_type in SUBSET_TYPES
        and new_type == "string"
        and new.get("nullable")
        and all(v is None for s in samples for v in _values_at(s, path))
    ):
        kept: dict[str, Any] = dict(_sanitize(old, path, []))
        kept["nullable"] = True
        return kept
    if old_type is not None and old_type != new_type:
        seen = new_type if new_type is not None else "several types"
        notes.append(
            Note(
                "warning",
                f"declared type {old_type!r} but the captures have {seen}; using the captures",
                where,
            )
        )
        return out
    if old.get("nullable") is True and not out.get("nullable"):
        out["nullable"] = True
    if new_type == "string" and isinstance(old.get("format"), str):
        fmt = old["format"]
        check = FORMAT_CHECKS.get(fmt)
        bad = (
            None
            if check is None
            else next((v for s in samples for v in _values_at(s, path) if isinstance(v, str) and not check(v)), None)
        )
        if check is None:
            notes.append(Note("warning", f"format {fmt!r} is not in FlowMCP's subset; dropped", where))
        elif bad is not None:
            notes.append(Note("warning", f"declared format {fmt!r} but {_short(bad)} was captured; dropped", where))
            out.pop("format", None)
        else:
            out["format"] = fmt
    if isinstance(old.get("enum"), list):
        allowed = old["enum"]
        outside: object = next(
            (v for s in samples for v in _values_at(s, path) if v is not None and not _in_enum(v, allowed)),
            _MISSING,
        )
        if outside is _MISSING:
            out["enum"] = list(allowed)
        else:
            notes.append(
                Note(
                    "warning",
                    f"declared enum does not contain {_short(outside)}, which was captured; enum dropped",
                    where,
                )
            )
    if new_type == "object" and "properties" in new:
        old_props: dict[str, Any] = old["properties"] if isinstance(old.get("properties"), dict) else {}
        merged: dict[str, Any] = {}
        for key in old_props:
            if key in new["properties"]:
                merged[key] = _merge_existing(new["properties"][key], old_props[key], (*path, key), samples, notes)
            else:
                notes.append(
                    Note(
                        "info",
                        "kept from the existing schema; not present in any captured response",
                        _where((*path, key)),
                    )
                )
                merged[key] = _sanitize(old_props[key], (*path, key), notes)
        for key, child in new["properties"].items():
            if key not in merged:
                merged[key] = child
        out["properties"] = merged
    elif new_type == "array" and "items" in new:
        out["items"] = _merge_existing(new["items"], old.get("items"), (*path, "[]"), samples, notes)
    elif new_type == "array" and "items" in old:
        out["items"] = _sanitize(old["items"], (*path, "[]"), notes)
    return out


_MISSING = object()


def _in_enum(value: Any, allowed: list[Any]) -> bool:
    """JSON equality: `true` is not `1`, `1` is `1.0`."""
    numeric = (int, float)
    return any(
        value == item and (type(value) is type(item) or (type(value) in numeric and type(item) in numeric))
        for item in allowed
    )


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


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
    notes: list[Note] = []
    if not samples:
        return GenerationFailure("no usable captured responses")
    known = [mime_type_of(ct) for ct in content_types if ct]
    mime = max(set(known), key=known.count) if known else mime_type_of(None, samples[0])
    if len(set(known)) > 1:
        notes.append(
            Note(
                "warning",
                f"captures have several content types ({', '.join(sorted(set(known)))}); using {mime}",
                "",
            )
        )
    if raw_data:
        notes.append(
            Note(
                "info",
                "the tool has handlers: this schema describes the API's raw data, not the handler's output",
                "",
            )
        )
    data = list(samples)
    if kind == "query" and not all(isinstance(sample, list) for sample in data):
        notes.append(
            Note(
                "info",
                "a resource query returns rows: responses that are not arrays were read as one-row arrays",
                "",
            )
        )
        data = [sample if isinstance(sample, list) else [sample] for sample in data]
    if mime == "application/json" or not all(isinstance(sample, str) for sample in data):
        builder = _Builder(schema_uri=None)
        for sample in data:
            builder.add_object(sample)
        schema = _reduce(builder.to_schema(), "$", 0, notes, root=True)
        if mime not in ("application/json",) and schema.get("type") != "string":
            notes.append(Note("warning", f"content type {mime} but the data is not a string", ""))
    else:
        schema = {"type": "string"}
        if mime == "image/png":
            schema["format"] = "base64"
    if kind == "query" and schema.get("type") != "array":
        schema = {"type": "array", "items": schema}
    existing_schema = existing.get("schema") if isinstance(existing, dict) else None
    if existing is not None and not isinstance(existing, dict):
        notes.append(Note("warning", "the existing output is not an object; replaced", ""))
    if isinstance(existing, dict):
        for key in existing:
            if key not in ("mimeType", "schema"):
                notes.append(Note("warning", f"removed `output.{key}` (an output has only mimeType and schema)", ""))
        old_mime = existing.get("mimeType")
        if isinstance(old_mime, str) and old_mime != mime:
            notes.append(
                Note(
                    "warning",
                    f"declared mimeType {old_mime!r} but the captures have {mime!r}; using the captures",
                    "",
                )
            )
    if existing_schema is not None:
        schema = _merge_existing(schema, existing_schema, (), data, notes)
    accepts = compile_validator(schema)
    rejected = [sample for sample in data if not accepts(sample)]
    problems = validate_samples(schema, rejected) if rejected else []
    if rejected:
        problems = problems or ["a captured response is rejected"]
        return GenerationFailure(f"the generated schema rejects a captured response ({problems[0]})", notes)
    return Generated(mime, schema, notes, len(data))
