"""Parsing JSON that came from outside (API bodies, JSON-RPC lines) with bounds, and only as strict JSON.

`loads_bounded` never exhausts the stack, never converts an integer longer than a limit, and refuses
what cannot be written back as strict JSON in UTF-8: a lone surrogate escape (`"\\ud800"`), and,
unless the caller keeps them as text, NaN, Infinity and numbers too large for a double. Each problem
is a `JsonRejected` with a `kind`, so every caller words it for its own readers.
"""

from __future__ import annotations

import json
import math
from typing import Any, Literal

__all__ = ["MAX_DATA_DEPTH", "JsonRejected", "check_tree", "loads_bounded"]

RejectionKind = Literal["deep", "number", "non-finite", "surrogate"]


MAX_DATA_DEPTH = 200
"""Deepest nesting of arrays and objects in an API's data that capture stores and its readers (schema
generation, verify, mock) take: deeper data is refused before any code recurses into it."""


class JsonRejected(ValueError):
    """Valid-looking JSON that is refused: `kind` says why, `detail` gives the offending text or count."""

    def __init__(self, kind: RejectionKind, detail: str = "") -> None:
        super().__init__(f"{kind}: {detail}" if detail else kind)
        self.kind: RejectionKind = kind
        self.detail = detail

    def describe(self, max_depth: int) -> str:
        """Why the document was refused, after "it": `nested deeper than 200 levels` (`max_depth`: the
        bound it was read with; past the stack it is deeper than that too)."""
        if self.kind == "deep":
            return f"nested deeper than {max_depth} levels"
        if self.kind == "surrogate":
            return "holds a lone surrogate escape (\\ud800), which is not text"
        if self.kind == "number":
            return f"holds a number too large ({self.detail})"
        return f"holds {self.detail or 'a number'}, which JSON cannot hold"


def loads_bounded(
    text: str,
    *,
    max_depth: int | None = None,
    max_int_digits: int | None = None,
    keep_non_finite: bool = False,
) -> tuple[Any, list[str]]:
    """`(value, non_finite)`: `text` parsed as JSON. Raises `json.JSONDecodeError` for text that is not
    JSON and `JsonRejected` for: nesting deeper than `max_depth` (or than the stack allows), an integer of
    more than `max_int_digits` digits (or more than Python converts), a lone surrogate, and NaN, Infinity
    or an overflowing number unless `keep_non_finite`, in which case they are kept as their JSON text
    (strings) and listed in `non_finite`."""
    non_finite: list[str] = []

    def parse_int(digits: str) -> int:
        if max_int_digits is not None and len(digits.lstrip("-")) > max_int_digits:
            raise JsonRejected("number", f"{len(digits)} digits, over {max_int_digits}")
        try:
            return int(digits)
        except ValueError as error:  # the process's int digit limit
            raise JsonRejected("number", str(error)) from None

    def parse_float(number: str) -> float | str:
        value = float(number)
        if math.isfinite(value):
            return value
        return keep(number)

    def keep(name: str) -> str:
        if not keep_non_finite:
            raise JsonRejected("non-finite", name)
        non_finite.append(name)
        return name

    try:
        value = json.loads(text, parse_int=parse_int, parse_float=parse_float, parse_constant=keep)
    except RecursionError:
        raise JsonRejected("deep") from None
    check_tree(value, max_depth)
    return value, non_finite


def check_tree(data: Any, max_depth: int | None) -> None:
    """Refuse nesting deeper than `max_depth` and strings (or keys) that are lone surrogates, not text.
    Iterative, so no depth can exhaust the stack."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            _check_text(value)
        elif isinstance(value, (dict, list)):
            if max_depth is not None and depth >= max_depth:
                raise JsonRejected("deep", str(max_depth))
            if isinstance(value, dict):
                for key, item in value.items():
                    _check_text(key)
                    stack.append((item, depth + 1))
            else:
                stack.extend((item, depth + 1) for item in value)


def _check_text(text: str) -> None:
    if text.isascii():
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise JsonRejected("surrogate") from None
