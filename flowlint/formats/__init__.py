"""Loaders: turn definition files into static value trees, never executing them.

One entry point picks the loader by file suffix; each loader module is imported only when a file of
its kind is met (libcst alone costs about 140 ms to import).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flowlint.formats.base import ParsedModule, SyntaxProblem

SUFFIXES = (".mjs", ".js", ".py", ".json")

__all__ = ["SUFFIXES", "ParsedModule", "SyntaxProblem", "parse_file_bytes"]


def __getattr__(name: str) -> Any:
    """`ParsedModule` and `SyntaxProblem` load the value tree on first use: walking folders (which
    needs only SUFFIXES) and a warm, cached run never import it."""
    if name in ("ParsedModule", "SyntaxProblem"):
        from flowlint.formats import base

        return getattr(base, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def parse_file_bytes(data: bytes, suffix: str) -> ParsedModule:
    """Parse a file's bytes with the loader for `suffix` (`.mjs`, `.js`, `.py` or `.json`)."""
    if suffix == ".py":
        from flowlint.formats.python import parse_python

        return parse_python(data)
    if suffix == ".json":
        from flowlint.formats.json import parse_json

        return parse_json(data)
    from flowlint.formats.javascript import parse_javascript

    return parse_javascript(data)
