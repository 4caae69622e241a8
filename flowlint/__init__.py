"""flowlint: lint FlowMCP definitions, capture their tests' responses, verify and generate output schemas.

The library API is `lint_paths` and `lint_source` (see `flowlint.api`); both return result objects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flowlint.core.version import __version__

if TYPE_CHECKING:
    from flowlint.api import LintResult, lint_paths, lint_source

__all__ = ["LintResult", "__version__", "lint_paths", "lint_source"]


def __getattr__(name: str) -> Any:
    # Lazy, so `import flowlint` stays cheap for the CLI.
    if name in ("lint_paths", "lint_source", "LintResult"):
        from flowlint import api

        return getattr(api, name)
    raise AttributeError(name)
