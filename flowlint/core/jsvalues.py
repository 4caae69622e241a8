"""JavaScript value semantics for plain (JSON-like) values: how FlowMCP's runtime would print them.

One place for `String(number)`, `String(value)`, UTF-16 string lengths, text from outside as node
reads it, and the compact JavaScript-style rendering messages use. Capture builds request URLs with
these, so a URL flowlint sends is byte for byte the one FlowMCP sends.
"""

from __future__ import annotations

import math
import re

from flowlint.core.nodes import HOLE, NonStatic

__all__ = [
    "as_node_reads",
    "js_length",
    "js_number",
    "js_number_value",
    "js_parse_float",
    "js_parse_int",
    "js_repr",
    "js_string",
]

# JavaScript's white space and line terminators, which Number(), parseFloat() and parseInt() skip.
JS_WHITESPACE = (
    " \t\n\v\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
)
# No pattern below nests one unbounded quantifier in another: each runs in time linear in its text.
_DECIMAL = re.compile(r"[+-]?+(?:Infinity|(?:\d++(?:\.\d*+)?+|\.\d++)(?:[eE][+-]?+\d++)?+)")
_RADIX = re.compile(r"0([xX][0-9a-fA-F]+|[oO][0-7]+|[bB][01]+)\Z")
_INT_PREFIX = re.compile(r"[+-]?+(?:0[xX]([0-9a-fA-F]++)|(\d++))")


def js_number_value(text: str) -> float | int | None:
    """`Number(text)` as JavaScript computes it, or None where it is NaN (or the text is blank): decimals,
    exponents, Infinity, and unsigned 0x/0o/0b integers, after trimming white space."""
    stripped = text.strip(JS_WHITESPACE)
    if not stripped:
        return None
    if _RADIX.match(stripped):
        return int(stripped, 0)
    decimal = _DECIMAL.fullmatch(stripped)
    if decimal is None:
        return None
    return _number(stripped)


def js_parse_float(text: str) -> float | int | None:
    """`parseFloat(text)`: the longest decimal prefix after leading white space (`'10abc'` is 10, `'0x10'`
    is 0, `'1e'` is 1), or None where it is NaN (`'abc'`, `''`)."""
    stripped = text.lstrip(JS_WHITESPACE)
    decimal = _DECIMAL.match(stripped)
    return None if decimal is None else _number(decimal.group())


def js_parse_int(text: str) -> int | None:
    """`parseInt(text)` with no radix: leading white space skipped, `0x` read as hexadecimal, then the
    longest run of digits (`'3.5'` is 3, `'1e3'` is 1, `'-2'` is -2), or None where it is NaN."""
    found = _INT_PREFIX.match(text.lstrip(JS_WHITESPACE))
    if found is None:
        return None
    sign = -1 if found.group().startswith("-") else 1
    hexadecimal, decimal = found.group(1), found.group(2)
    return sign * (int(hexadecimal, 16) if hexadecimal is not None else int(decimal))


def _number(text: str) -> float | int:
    number = float(text)
    return int(number) if number.is_integer() and abs(number) < 2**53 else number


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


# A surrogate that escapes no byte: Python's surrogateescape keeps the bytes 0x80-0xFF as U+DC80-U+DCFF.
_LONE_SURROGATE = re.compile("[\ud800-\udc7f\udd00-\udfff]")


def as_node_reads(text: str) -> str:
    """`text` from outside (an environment value, a command-line argument) as node holds it, and as
    FlowMCP would send it: bytes that are not UTF-8, which Python keeps as surrogate escapes, decoded as
    node decodes them (each ill-formed sequence one U+FFFD); a surrogate that escapes no byte (a lone
    one, only in a mapping given to the API) U+FFFD, as node writes a lone surrogate in UTF-8. The
    result always has a UTF-8 form; text that has one is returned unchanged."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _LONE_SURROGATE.sub("\ufffd", text).encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return text


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
