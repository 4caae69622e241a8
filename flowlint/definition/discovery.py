"""Finding definition files: files named explicitly, and folders walked for known suffixes.

Every command that takes paths (check, capture, verify, schema, mock, mcp-tools) finds its files here.
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from flowlint.core.errors import UsageError
from flowlint.formats import SUFFIXES

__all__ = ["DEFAULT_EXCLUDE", "Discovery", "Unwalkable", "collect_files", "discover", "display_path"]

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


@dataclass(frozen=True)
class Unwalkable:
    """A folder the walk could not read (denied, gone while walking): its files are unknown."""

    path: Path
    reason: str


@dataclass
class Discovery:
    """What `discover` found: definition files, and folders it could not read (never skipped silently)."""

    files: list[Path] = field(default_factory=list)
    problems: list[Unwalkable] = field(default_factory=list)


def collect_files(paths: Iterable[Path], exclude: Iterable[str] = ()) -> list[Path]:
    """The files of `discover`, without the folders it could not read."""
    return discover(paths, exclude).files


def discover(paths: Iterable[Path], exclude: Iterable[str] = ()) -> Discovery:
    """Definition files under `paths`: anything but a folder given explicitly always (a FIFO, a device
    or a symlink loop too: loading reports why it cannot be read), folders walked for known suffixes
    (hidden folders and `DEFAULT_EXCLUDE` + `exclude` patterns skipped; symlinked folders are not
    followed). Each file is listed once; folders that cannot be read are `problems`.
    Raises `UsageError` for a path that does not exist."""
    excluded = (*DEFAULT_EXCLUDE, *exclude)
    found = Discovery()
    seen: set[str] = set()
    for path in paths:
        if not os.path.lexists(path):
            raise UsageError(f"{path}: no such file or folder")
        candidates: Iterable[Path] = _walk(path, excluded, found.problems) if path.is_dir() else [path]
        for file in candidates:
            key = os.path.realpath(file)  # unlike Path.resolve(), never raises on a symlink loop
            if key not in seen:
                seen.add(key)
                found.files.append(file)
    return found


def _walk(folder: Path, excluded: tuple[str, ...], problems: list[Unwalkable]) -> list[Path]:
    def unreadable(error: OSError) -> None:
        where = Path(error.filename) if error.filename is not None else folder
        problems.append(Unwalkable(where, f"cannot read the folder: {error.strerror or error}"))

    files: list[Path] = []
    for root, dirs, names in os.walk(folder, onerror=unreadable, followlinks=False):
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
