"""JavaScript value semantics for plain (JSON-like) values: how FlowMCP's runtime would print them.

One place for `String(number)`, `String(value)`, UTF-16 string lengths and the
compact JavaScript-style rendering messages use. Capture builds request URLs with these, so a URL
flowlint sends is byte for byte the one FlowMCP sends.
"""

from __future__ import annotations

import math

from flowlint.core.nodes import HOLE, NonStatic

__all__ = ["js_length", "js_number", "js_repr", "js_string"]


def js_number(value: int | float) -> str:
    """`String(number)` exactly as JavaScript writes it: `1`, `1.5`, `0.000001`, `1e-7`, `1e+21`.

    Integers beyond 2**53 are first rounded to the nearest double, as a JavaScript number literal is.
    Booleans (a Python `int` subclass) are written `true`/`false`.
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if -(2**53) <= value <= 2**53:
            return str(value)
        try:
            value = float(value)
        except OverflowError:
            return "Infinity" if value > 0 else "-Infinity"
    if value != value:
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if value == 0:
        return "0"
    if value.is_integer() and abs(value) <= 2**53:
        return str(int(value))
    sign = "-" if value < 0 else ""
    # repr() gives the shortest round-tripping digits, as JavaScript does; only the layout differs.
    mantissa, _, exponent = repr(abs(value)).partition("e")
    integral, _, fraction = mantissa.partition(".")
    digits = integral + fraction
    n = len(integral) + (int(exponent) if exponent else 0)  # value = 0.<digits> * 10**n
    stripped = digits.lstrip("0")
    n -= len(digits) - len(stripped)
    digits = stripped.rstrip("0")
    k = len(digits)
    if k <= n <= 21:
        body = digits + "0" * (n - k)
    elif 0 < n <= 21:
        body = digits[:n] + "." + digits[n:]
    elif -6 < n <= 0:
        body = "0." + "0" * (-n) + digits
    else:
        e = n - 1
        mantissa = digits[0] + ("." + digits[1:] if k > 1 else "")
        body = f"{mantissa}e{'+' if e >= 0 else '-'}{abs(e)}"
    return sign + body


def js_string(value: object) -> str:
    """`String(value)` for the JSON-like values tests hold (arrays joined with `,`, as JavaScript does)."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if isinstance(value, (int, float)):
        return js_number(value)
    if isinstance(value, list):
        return ",".join("" if item is None else js_string(item) for item in value)
    if isinstance(value, dict):
        return "[object Object]"
    return str(value)


def js_length(text: str) -> int:
    """A string's `length` as JavaScript counts it (UTF-16 code units)."""
    return len(text) + sum(1 for char in text if ord(char) > 0xFFFF)


def js_repr(value: object, limit: int = 60) -> str:
    """A compact JavaScript-style rendering of a plain value for messages, cut to `limit` characters."""
    if isinstance(value, str):
        text = "'" + value.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n") + "'"
    elif value is None or isinstance(value, (bool, int, float)):
        text = js_string(value)
    elif isinstance(value, list):
        text = "[ " + ", ".join(js_repr(item, limit) for item in value) + " ]" if value else "[]"
    elif isinstance(value, dict):
        inner = ", ".join(f"{key}: {js_repr(item, limit)}" for key, item in value.items())
        text = "{ " + inner + " }" if value else "{}"
    elif value is HOLE:
        text = "<hole>"
    elif isinstance(value, NonStatic):
        text = value.source
    else:
        text = str(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
