"""MCP tool names exactly as FlowMCP's runtime builds them (`FlowMCP.buildToolName`, flowmcp-core).

`getSimplePrice` of namespace `coingecko` is served as `get_simple_price_coingecko`: both names in
snake_case (a lower-case letter or digit followed by a capital gets a `_`), joined by `_`, cut to 63
characters (JavaScript counts UTF-16 code units), then `:` removed and `-`, `/` turned into `_`. With
`disambiguate` (the runtime's form when two sources share a name), the sanitised source is appended
and the base is cut so that the whole stays within 63. tests/test_tool_names.py reproduces the
runtime's frozen fixtures byte for byte.
"""

from __future__ import annotations

import re

__all__ = ["MAX_TOOL_NAME", "build_tool_name"]

MAX_TOOL_NAME = 63
# Between a lower-case letter or digit and a capital: the runtime's `/([a-z0-9])([A-Z])/g` -> `$1_$2`. (A
# capital never starts another match, so matching the boundary itself is the same; the plain `_`
# replacement costs a third of the group template.)
_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def _snake(value: str) -> str:
    return _BOUNDARY.sub("_", value).lower()


def _sanitize(value: str) -> str:
    return value.replace(":", "").replace("-", "_").replace("/", "_")


def _js_substring(value: str, end: int) -> str:
    """`value.substring(0, end)` as JavaScript counts: UTF-16 code units (a cut may split a pair)."""
    if value.isascii():
        return value[:end]
    units = value.encode("utf-16-le", "surrogatepass")[: 2 * max(0, end)]
    return units.decode("utf-16-le", "surrogatepass")


def build_tool_name(route_name: str, namespace: str, source: str | None = None, disambiguate: bool = False) -> str:
    """The runtime's MCP name of tool `route_name` in `namespace` (see the module docstring)."""
    base = f"{_snake(route_name)}_{_snake(namespace)}"
    if disambiguate and source:
        suffix = "_" + _sanitize(_snake(source))
        return _js_substring(
            _js_substring(_sanitize(base), max(0, MAX_TOOL_NAME - len(suffix))) + suffix, MAX_TOOL_NAME
        )
    return _sanitize(_js_substring(base, MAX_TOOL_NAME))
