"""The library API: lint paths or a source text and get result objects back. The CLI is a thin layer on it.

import flowlint
result = flowlint.lint_paths(["schemas/"])  # LintResult: files, diagnostics, summary(), failed()
"""

from __future__ import annotations

from flowlint.lint.config import Config, ConfigResolver, Overrides, load_config
from flowlint.lint.diagnostics import Diagnostic
from flowlint.lint.result import FileReport, LintResult
from flowlint.lint.runner import lint_paths, lint_source

__all__ = [
    "Config",
    "ConfigResolver",
    "Diagnostic",
    "FileReport",
    "LintResult",
    "Overrides",
    "lint_paths",
    "lint_source",
    "load_config",
]
