"""FlowMCP's output-schema subset (spec 04) and the one validator of data against it.

The subset: `type` (string, number, boolean, object, array), `properties`, `items`, `description`,
`nullable`, `enum`, `format` (date-time, uri, base64); no `required` (a missing property is fine),
extra properties allowed, at most `MAX_LEVELS` levels (04-output-schema: the schema is level 1, each
`properties` child one level deeper, an `items` schema on its array's level; a 5th level is rejected).

`SubsetValidator` is the only place that decides whether data fits such a schema. Generation uses it
to check a schema against the responses it came from, `verify` to report mismatches with their JSON
paths. It agrees with standard JSON Schema (`to_json_schema` + jsonschema, which the tests hold it
to): numbers compare as JSON numbers (`1` is `1.0`, `true` is not `1`), `integer` accepts `2.0`, and
formats are checked by `FORMAT_CHECKS`. A `type` outside the subset is not a data problem: the
schema check (`check_subset`) reports it, the validator accepts any value there.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from flowlint.core.nodes import json_type
from flowlint.core.outputschema import MAX_DEPTH, MAX_LEVELS, SUBSET_KEYWORDS, SUBSET_TYPES

__all__ = [
    "FORMAT_CHECKS",
    "MAX_DEPTH",
    "MAX_LEVELS",
    "SUBSET_KEYWORDS",
    "SUBSET_TYPES",
    "Mismatch",
    "SubsetValidator",
    "check_subset",
    "child_path",
    "is_date_time",
    "is_uri",
    "json_equal",
    "looks_like_uri",
    "to_json_schema",
]


# --------------------------------------------------------------------------------------------------
# formats

_DATE_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$")
_URI = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:[^\s]*$")
_URL_LIKE = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*://[^\s/?#]+[^\s]*$")


def is_date_time(value: str) -> bool:
    """An RFC 3339 date-time (`2024-05-01T12:00:00Z`, with an offset or fraction)."""
    if not _DATE_TIME.match(value):
        return False
    try:
        datetime.fromisoformat(value.replace("z", "Z").replace("t", "T").replace("Z", "+00:00"))
    except ValueError:
        return False
    return True


def is_uri(value: str) -> bool:
    """An absolute URI (RFC 3986: a scheme, a colon, no white space): `https://x.io/a`, `mailto:a@b.c`."""
    return bool(_URI.match(value))


def looks_like_uri(value: str) -> bool:
    """A URL with an authority (`scheme://host...`): what generation takes as evidence of `format: uri`
    (stricter than `is_uri`, so that `12:30` or `note:x` never make a field a URI)."""
    return bool(_URL_LIKE.match(value))


def is_base64(value: str) -> bool:
    try:
        base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        return False
    return True


FORMAT_CHECKS: dict[str, Callable[[str], bool]] = {"date-time": is_date_time, "uri": is_uri, "base64": is_base64}

_FORMAT_NAMES = {"date-time": "a date-time string", "uri": "a URI", "base64": "a base64 string"}

# --------------------------------------------------------------------------------------------------
# the subset itself


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
        problems.append(f"{where}: level {depth + 1}; schemas nest at most {MAX_LEVELS} levels")
    for name, child in (schema.get("properties") or {}).items():
        problems.extend(check_subset(child, f"{where}.{name}", depth + 1))
    if "items" in schema:
        problems.extend(check_subset(schema["items"], f"{where}[]", depth))  # items: the array's own level
    return problems


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


# --------------------------------------------------------------------------------------------------
# validation


def json_equal(a: Any, b: Any) -> bool:
    """Equality of two JSON values: numbers by value (`1` equals `1.0`), booleans only to booleans."""
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if type(a) in (int, float) and type(b) in (int, float):
        return bool(a == b)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    return type(a) is type(b) and bool(a == b)


def _is_number(value: Any) -> bool:
    return type(value) in (int, float)


def _is_integer(value: Any) -> bool:
    return type(value) is int or (type(value) is float and value.is_integer())


_TYPE_TESTS: dict[str, Callable[[Any], bool]] = {
    "number": _is_number,
    "integer": _is_integer,
    "string": lambda value: type(value) is str,
    "boolean": lambda value: type(value) is bool,
    "object": lambda value: type(value) is dict,
    "array": lambda value: type(value) is list,
    "null": lambda value: value is None,
}

_IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


def child_path(path: str, key: str) -> str:
    """`data.price`, or `data["odd key"]` for a key that is not an identifier."""
    return f"{path}.{key}" if _IDENTIFIER.match(key) else f"{path}[{key!r}]".replace("'", '"')


@dataclass(frozen=True)
class Mismatch:
    """One place where data does not fit its schema: a JSON path (`data[3].price`) and what is wrong."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


class SubsetValidator:
    """A subset schema compiled once; `accepts` answers fast, `mismatches` says where and why.

    Non-dict schema nodes (and keywords outside the subset) constrain nothing.
    """

    __slots__ = ("_enum", "_format", "_items", "_nullable", "_properties", "_type", "_type_name")

    def __init__(self, schema: Any) -> None:
        node = schema if isinstance(schema, dict) else {}
        kind = node.get("type")
        self._type_name: str | None = kind if isinstance(kind, str) else None
        self._type = _TYPE_TESTS.get(kind) if isinstance(kind, str) else None
        self._nullable = node.get("nullable") is True or kind == "null"
        enum = node.get("enum")
        self._enum: list[Any] | None = enum if isinstance(enum, list) else None  # `[]` admits nothing
        fmt = node.get("format")
        self._format: tuple[str, Callable[[str], bool]] | None = (
            (fmt, FORMAT_CHECKS[fmt]) if isinstance(fmt, str) and fmt in FORMAT_CHECKS else None
        )
        properties = node.get("properties")
        self._properties: dict[str, SubsetValidator] | None = (
            {str(key): SubsetValidator(child) for key, child in properties.items()}
            if isinstance(properties, dict) and properties
            else None
        )
        items = node.get("items")
        self._items = SubsetValidator(items) if isinstance(items, dict) and items else None

    def accepts(self, value: Any) -> bool:
        """Whether `value` fits the schema."""
        return self._walk(value, "", None)

    def mismatches(self, value: Any, path: str = "data") -> list[Mismatch]:
        """Every place where `value` does not fit the schema, depth first (empty when it fits)."""
        found: list[Mismatch] = []
        self._walk(value, path, found)
        return found

    def _walk(self, value: Any, path: str, found: list[Mismatch] | None) -> bool:
        """True when `value` fits. With `found` None it stops at the first problem and builds no path."""
        if value is None:
            if self._type is None or self._nullable:
                return True
            return self._fail(found, path, f"expected {self._type_name}, got null")
        if self._type is not None and not self._type(value):
            return self._fail(found, path, f"expected {self._type_name}, got {json_type(value)}")
        ok = self._value_fits(value, path, found)
        if not ok and found is None:
            return False
        return self._children_fit(value, path, found) and ok

    def _value_fits(self, value: Any, path: str, found: list[Mismatch] | None) -> bool:
        """`enum` and `format`, both reported when both fail."""
        ok = True
        if self._enum is not None and not any(json_equal(value, option) for option in self._enum):
            ok = self._fail(found, path, f"{value!r} is not one of the enum values")
        if self._format is not None and isinstance(value, str) and not self._format[1](value):
            if found is None:
                return False
            ok = self._fail(found, path, f"expected {_FORMAT_NAMES[self._format[0]]}, got {value[:40]!r}")
        return ok

    def _children_fit(self, value: Any, path: str, found: list[Mismatch] | None) -> bool:
        """`properties` of an object (those present), `items` of an array."""
        ok = True
        if self._properties is not None and type(value) is dict:
            for key, child in self._properties.items():
                if key in value and not child._walk(
                    value[key], child_path(path, key) if found is not None else "", found
                ):
                    if found is None:
                        return False
                    ok = False
        if self._items is not None and type(value) is list:
            for index, item in enumerate(value):
                if not self._items._walk(item, f"{path}[{index}]" if found is not None else "", found):
                    if found is None:
                        return False
                    ok = False
        return ok

    @staticmethod
    def _fail(found: list[Mismatch] | None, path: str, message: str) -> bool:
        if found is not None:
            found.append(Mismatch(path, message))
        return False
