"""Values checked against a parsed z block as FlowMCP's runtime (zod 3) checks them: no coercion, enum values
are strings, `array()` holds strings, `regex()` is enforced. Returns what is wrong, never raises."""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from flowlint.core.jsvalues import js_length, js_number, js_repr
from flowlint.core.nodes import json_type
from flowlint.definition.zod.spec import ZSpec

__all__ = ["regex_unchecked", "validate"]

_NUMBER_TEXT = re.compile(r"^[+-]?+(?:\d++(?:\.\d*+)?+|\.\d++)(?:[eE][+-]?+\d++)?+$")


def validate(value: object, spec: ZSpec, list_values: tuple[str, ...] | None = None) -> str | None:
    """Check one value; returns None when it passes, else what is wrong and how to fix it.

    `list_values` are the resolved values of a shared-list enum; None means unresolved, in which
    case membership is not checked.
    """
    if value is None:
        return "got null; FlowMCP rejects null even for optional parameters: omit the key instead"
    return _VALIDATORS[spec.kind](value, spec, list_values)


def _validate_string(value: object, spec: ZSpec, _list_values: tuple[str, ...] | None) -> str | None:
    if not isinstance(value, str):
        return f"{_expects(spec)}, got {json_type(value)} {js_repr(value)}" + _quote_hint(value)
    return _check_length(value, spec, "characters") or _check_regex(value, spec)


def _validate_number(value: object, spec: ZSpec, _list_values: tuple[str, ...] | None) -> str | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        hint = ""
        if isinstance(value, str) and _NUMBER_TEXT.match(value.strip()):
            hint = f"; write {value.strip()} without quotes"
        return f"{_expects(spec)}, got {json_type(value)} {js_repr(value)}{hint}"
    if isinstance(value, float) and math.isnan(value):  # zod 3's number() rejects NaN, accepts Infinity
        return f"{_expects(spec)}, got {js_repr(value)}"
    if spec.min is not None and value < spec.min:
        return f"{_expects(spec)}, got {js_number(value)}, below min({js_number(spec.min)})"
    if spec.max is not None and value > spec.max:
        return f"{_expects(spec)}, got {js_number(value)}, above max({js_number(spec.max)})"
    return None


def _validate_boolean(value: object, spec: ZSpec, _list_values: tuple[str, ...] | None) -> str | None:
    if isinstance(value, bool):
        return None
    hint = ""
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        hint = f"; write {value.strip().lower()} without quotes"
    return f"{_expects(spec)}, got {json_type(value)} {js_repr(value)}{hint}"


def _validate_enum(value: object, spec: ZSpec, list_values: tuple[str, ...] | None) -> str | None:
    values = spec.enum_values if spec.list_ref is None else list_values
    if not isinstance(value, str):
        text = js_repr(value) if not isinstance(value, (int, float)) else js_number(value)
        if values is not None and text in values and not isinstance(value, bool):
            return f"{_expects(spec)}, got number {text}; enum values are strings: write '{text}'"
        return f"{_expects(spec)}, got {json_type(value)} {js_repr(value)}; enum values are strings"
    if values is not None and value not in values:
        return f"{_expects(spec)}, got {js_repr(value)}{_closest(value, values)}"
    return None


def _validate_array(value: object, spec: ZSpec, _list_values: tuple[str, ...] | None) -> str | None:
    if not isinstance(value, list):
        hint = "; wrap it in an array: [ " + js_repr(value) + " ]" if isinstance(value, str) else ""
        return f"{_expects(spec)}, got {json_type(value)} {js_repr(value)}{hint}"
    for position, item in enumerate(value):
        if not isinstance(item, str):
            return (
                f"{_expects(spec)}: array() holds strings, but item {position} is "
                f"{json_type(item)} {js_repr(item)}" + _quote_hint(item)
            )
    return _check_length(value, spec, "items")


def _validate_object(value: object, spec: ZSpec, _list_values: tuple[str, ...] | None) -> str | None:
    if isinstance(value, dict):  # a plain object, never an array
        return None
    return f"{_expects(spec)}, got {json_type(value)} {js_repr(value)}; object() takes a plain object {{ ... }}"


_VALIDATORS: dict[str, Callable[[object, ZSpec, tuple[str, ...] | None], str | None]] = {
    "string": _validate_string,
    "number": _validate_number,
    "boolean": _validate_boolean,
    "enum": _validate_enum,
    "array": _validate_array,
    "object": _validate_object,
}


def _expects(spec: ZSpec) -> str:
    if spec.kind == "enum":
        if spec.list_ref is not None:
            return f"expects a value of {spec.primitive_text}"
        shown = ",".join(spec.enum_values or ())
        return f"expects one of enum({shown})"
    return f"expects {spec.describe()}"


def _check_length(value: str | list[object], spec: ZSpec, unit: str) -> str | None:
    size = len(value) if isinstance(value, list) else js_length(value)
    if spec.length is not None and size != spec.length:
        return f"{_expects(spec)}, got {size} {unit}; length({spec.length}) needs exactly {spec.length}"
    if spec.kind in ("string", "array"):  # zod's string and array min()/max() count characters or items
        if spec.min is not None and size < spec.min:
            return f"{_expects(spec)}, got {size} {unit}, fewer than min({js_number(spec.min)})"
        if spec.max is not None and size > spec.max:
            return f"{_expects(spec)}, got {size} {unit}, more than max({js_number(spec.max)})"
    return None


def _check_regex(value: str, spec: ZSpec) -> str | None:
    """A mismatch; nothing where the pattern matches or could not be checked (see `regex_unchecked`)."""
    if spec.pattern is not None and spec.pattern.search(value) is False:
        return f"{js_repr(value)} does not match regex({spec.regex})"
    return None


def regex_unchecked(value: object, spec: ZSpec) -> bool:
    """Whether `value` could not be matched against the spec's regex() within the bounded matcher's steps
    (a pattern with a lookaround or a backreference that backtracks on this value): `validate` then
    reports nothing about the pattern, and FL005 says the value is not checked."""
    pattern = spec.pattern
    return (
        isinstance(value, str)
        and spec.kind == "string"
        and pattern is not None
        and not pattern.linear
        and pattern.search(value) is None
    )


def _quote_hint(value: object) -> str:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"; quote it: '{js_number(value)}'"
    if isinstance(value, bool):
        return f"; quote it: '{js_repr(value)}'"
    return ""


_SUGGEST_UP_TO = 200


def _closest(value: str, values: tuple[str, ...]) -> str:
    import difflib

    lowered = {v.lower(): v for v in values}
    if value.lower() in lowered:
        return f"; enum values are case-sensitive: write '{lowered[value.lower()]}'"
    if len(value) > _SUGGEST_UP_TO:  # difflib's ratio is quadratic in the lengths: no guess for a long value
        return ""
    close = difflib.get_close_matches(value, [v for v in values if len(v) <= _SUGGEST_UP_TO], n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""
