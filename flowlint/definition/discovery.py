"""Finding definition files: files named explicitly, and folders walked for known suffixes.

Every command that takes paths (check, capture, verify, schema, mock, mcp-tools) finds its files here.
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterable
from pathlib import Path

from flowlint.core.errors import UsageError
from flowlint.formats import SUFFIXES

__all__ = ["DEFAULT_EXCLUDE", "collect_files", "display_path"]

DEFAULT_EXCLUDE = (
    ".git",
    ".hg",
    ".svn",
    "node_modules",
    "__pycache__",
    ".venv",
    "venv",
    ".tox",
    ".mypy_cache",
    ".pytest_cache",
    ".ruff_cache",
    "capture",
    "dist",
    "build",
)
"""Folder and file names (or glob patterns) never walked into; `exclude` settings add to them."""


def collect_files(paths: Iterable[Path], exclude: Iterable[str] = ()) -> list[Path]:
    """Definition files under `paths`: anything but a folder given explicitly always (a FIFO, a device
    or a symlink loop too: loading reports why it cannot be read), folders walked for known suffixes
    (hidden folders and `DEFAULT_EXCLUDE` + `exclude` patterns skipped; symlinked folders are not
    followed). Each file is listed once. Raises `UsageError` for a path that does not exist."""
    excluded = (*DEFAULT_EXCLUDE, *exclude)
    found: list[Path] = []
    seen: set[str] = set()
    for path in paths:
        if not os.path.lexists(path):
            raise UsageError(f"{path}: no such file or folder")
        candidates: Iterable[Path] = _walk(path, excluded) if path.is_dir() else [path]
        for file in candidates:
            key = os.path.realpath(file)  # unlike Path.resolve(), never raises on a symlink loop
            if key not in seen:
                seen.add(key)
                found.append(file)
    return found


def _walk(folder: Path, excluded: tuple[str, ...]) -> list[Path]:
    files: list[Path] = []
    for root, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not _is_excluded(d, Path(root, d), excluded) and not d.startswith("."))
        for name in sorted(names):
            file = Path(root, name)
            if file.suffix.lower() in SUFFIXES and not _is_excluded(name, file, excluded):
                files.append(file)
    return files


def _is_excluded(name: str, path: Path, patterns: tuple[str, ...]) -> bool:
    text = path.as_posix()
    return any(fnmatch.fnmatch(name, p) or fnmatch.fnmatch(text, p) for p in patterns)


def display_path(path: Path) -> str:
    """How reports name a file: relative to the working directory where possible."""
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)
