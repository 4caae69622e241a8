"""Finding definition files: files named explicitly, and folders walked for known suffixes.

Every command that takes paths (check, capture, verify, schema, mock, mcp-tools) finds its files here.
"""

from __future__ import annotations

import fnmatch
import functools
import os
import re
from collections.abc import Callable, Iterable
from pathlib import Path

from flowlint.core.errors import UsageError
from flowlint.core.record import FrozenRecord, Record, field
from flowlint.formats import SUFFIXES

__all__ = [
    "DEFAULT_EXCLUDE",
    "Discovery",
    "RealPaths",
    "Unwalkable",
    "collect_files",
    "discover",
    "display_path",
    "exclude_matcher",
]

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


class Unwalkable(FrozenRecord):
    """A folder the walk could not read (denied, gone while walking): its files are unknown."""

    path: Path
    reason: str


class Discovery(Record):
    """What `discover` found: definition files, and folders it could not read (never skipped silently)."""

    files: list[Path] = field(default_factory=list)
    problems: list[Unwalkable] = field(default_factory=list)


def collect_files(paths: Iterable[Path], exclude: Iterable[str] = ()) -> list[Path]:
    """The files of `discover`, without the folders it could not read."""
    return discover(paths, exclude).files


def discover(paths: Iterable[Path], exclude: Iterable[str] = (), real_paths: RealPaths | None = None) -> Discovery:
    """Definition files under `paths`: anything but a folder given explicitly always (a FIFO, a device
    or a symlink loop too: loading reports why it cannot be read), folders walked for known suffixes
    (hidden folders and `DEFAULT_EXCLUDE` + `exclude` patterns skipped; symlinked folders are not
    followed). Each file is listed once; folders that cannot be read are `problems`. A caller that
    discovers path by path passes one `real_paths` for all. Raises `UsageError` for a path that does
    not exist."""
    excluded = exclude_matcher((*DEFAULT_EXCLUDE, *exclude))
    real_paths = real_paths or RealPaths()
    found = Discovery()
    seen: set[str] = set()
    for path in paths:
        if not os.path.lexists(path):
            raise UsageError(f"{path}: no such file or folder")
        if path.is_dir():
            candidates: Iterable[tuple[Path, str]] = _walk(path, excluded, found.problems, real_paths)
        elif os.path.islink(path):  # unlike Path.resolve(), realpath never raises on a symlink loop
            candidates = [(path, os.path.realpath(path))]
        else:
            candidates = [(path, os.path.join(real_paths.folder(os.path.dirname(path) or "."), path.name))]
        for file, key in candidates:
            if key not in seen:
                seen.add(key)
                found.files.append(file)
    return found


def _walk(
    folder: Path, excluded: Callable[[str, str], bool], problems: list[Unwalkable], real_paths: RealPaths
) -> list[tuple[Path, str]]:
    """Files under `folder`, depth first in name order, with their real paths (for de-duplication).
    Symlinked folders are not followed, so a file's real path is its folder's real path plus its
    name, unless the file itself is a symlink. `scandir` tells symlinks and folders apart without
    a system call per entry. What each folder holds is told to `real_paths` (see `RealPaths.saw`)."""
    files: list[tuple[Path, str]] = []
    top = Path(folder).as_posix()

    def visit(path: str, posix_prefix: str, real: str) -> None:
        try:
            with os.scandir(path) as listing:
                entries = sorted(listing, key=lambda entry: entry.name)
        except OSError as error:
            problems.append(Unwalkable(Path(path), f"cannot read the folder: {error.strerror or error}"))
            return
        folders = []
        plain: list[str] = []
        links: list[str] = []
        for entry in entries:
            name = entry.name
            try:
                is_folder = entry.is_dir(follow_symlinks=False)
                (links if entry.is_symlink() else plain).append(name)
            except OSError:
                is_folder = False
                links.append(name)  # unknown: whoever needs it looks it up
            if is_folder:
                if not name.startswith(".") and not excluded(name, posix_prefix + name):
                    folders.append(entry)
            elif os.path.splitext(name)[1].lower() in SUFFIXES and not excluded(name, posix_prefix + name):
                real_file = os.path.realpath(entry.path) if entry.is_symlink() else os.path.join(real, name)
                files.append((Path(entry.path), real_file))
        real_paths.saw(path, real, frozenset(plain), frozenset(links))
        for entry in folders:
            visit(entry.path, posix_prefix + entry.name + "/", os.path.join(real, entry.name))

    visit(str(folder), "" if top == "." else top + "/", os.path.realpath(folder))
    return files


class RealPaths:
    """`os.path.realpath` for folders, memoized: one `lstat` per folder instead of one per path
    component of every call (a library walk asks for hundreds of sibling folders). A walk also tells
    it what each folder holds (`saw`), so that settings are looked up once per folder without a
    `stat` per candidate file name (`has`)."""

    def __init__(self) -> None:
        self._known: dict[str, str] = {}
        self._listed: dict[str, tuple[frozenset[str], frozenset[str]]] = {}

    def saw(self, path: str, real: str, entries: frozenset[str], links: frozenset[str]) -> None:
        """The walk listed the folder `path` (real path `real`): `entries` are the names of what it
        holds but symbolic links (and entries that could not be told apart), `links` the rest."""
        if ".." not in path.split(os.sep):  # (see `folder`: lexical normalisation)
            self._known.setdefault(os.path.abspath(path), real)
        self._listed[real] = (entries, links)

    def has(self, real: str, name: str) -> bool | None:
        """Whether the folder `real` holds an entry `name` that is no symbolic link, as the walk saw it;
        None when the walk did not list the folder or `name` is a link (ask the file system)."""
        listed = self._listed.get(real)
        if listed is None or name in listed[1]:
            return None
        return name in listed[0]

    def folder(self, path: str | os.PathLike[str]) -> str:
        if ".." in os.fspath(path).split(os.sep):  # lexical normalisation would be wrong after a symlink
            return os.path.realpath(path)
        absolute = os.path.abspath(path)
        known = self._known.get(absolute)
        if known is None:
            parent = os.path.dirname(absolute)
            if parent == absolute or os.path.islink(absolute):
                known = os.path.realpath(absolute)
            else:
                known = os.path.join(self.folder(parent), os.path.basename(absolute))
            self._known[absolute] = known
        return known


@functools.lru_cache(maxsize=64)
def exclude_matcher(patterns: tuple[str, ...]) -> Callable[[str, str], bool]:
    """One compiled test for glob `patterns`: `excluded(name, posix_path)` is true when any pattern
    matches the entry's name or its whole path (as fnmatch does, case-sensitively on POSIX). Compiled
    once per set of patterns: pre-commit passes hundreds of paths that share one."""
    if not patterns:
        return lambda name, path: False
    if os.path.normcase("A") != "A":  # Windows: fnmatch compares case-insensitively
        patterns = tuple(os.path.normcase(p) for p in patterns)
        regex = re.compile("|".join(f"(?:{fnmatch.translate(p)})" for p in patterns))
        return lambda name, path: (
            regex.match(os.path.normcase(name)) is not None or (regex.match(os.path.normcase(path)) is not None)
        )
    # A pattern without wildcards matches exactly itself: a set lookup (DEFAULT_EXCLUDE is all names).
    names = frozenset(p for p in patterns if not _WILDCARDS.search(p))
    globs = [p for p in patterns if p not in names]
    if not globs:
        return lambda name, path: name in names or path in names
    match = re.compile("|".join(f"(?:{fnmatch.translate(p)})" for p in globs)).match
    return lambda name, path: name in names or path in names or match(name) is not None or match(path) is not None


_WILDCARDS = re.compile(r"[*?\[]")


def display_path(path: Path) -> str:
    """How reports name a file: relative to the working directory where possible."""
    text = os.fspath(path)
    if not os.path.isabs(text):  # the common case, without relpath's two abspath calls
        normal = os.path.normpath(text)
        if normal != ".." and not normal.startswith(".." + os.sep):
            return normal
    try:
        cwd = os.getcwd()
        if not os.path.isabs(text) or os.path.normpath(text) != text or text.startswith(os.sep * 2):
            return os.path.relpath(text)
        return _relative(text, cwd)
    except (ValueError, OSError):
        return text


@functools.lru_cache(maxsize=4096)
def _relative(path: str, cwd: str) -> str:
    """`os.path.relpath(path, cwd)` for a normal absolute `path`, from its folder's (worked out once per
    folder: a library run names hundreds of files in hundreds of folders). For a path that is neither
    `cwd` nor above it, relpath(folder/name) is relpath(folder)/name."""
    folder, name = os.path.split(path)
    if not name or folder == path or cwd == path or cwd.startswith(path.rstrip(os.sep) + os.sep):
        return os.path.relpath(path, cwd)
    shown = _relative(folder, cwd)
    return name if shown == os.curdir else os.path.join(shown, name)
