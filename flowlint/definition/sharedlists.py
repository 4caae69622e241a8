"""Shared lists: find a `_lists/` folder, load its `export const list` files, resolve enum values.

`enum({{evmChains:alias}})` takes its values from the `alias` field of the `evmChains` list, after
the filter the definition declares in `sharedLists`. When a list cannot be found the caller gets the
reason and does not check membership (no false TST004).
"""

from __future__ import annotations

import os
from pathlib import Path

from flowlint.core.errors import FileProblem
from flowlint.core.fileio import read_regular
from flowlint.core.record import FrozenRecord
from flowlint.definition.discovery import RealPaths

LIST_SUFFIXES = (".mjs", ".js", ".json", ".py")


class SharedList(FrozenRecord):
    __slots__ = ("depends_on", "entries", "name", "path", "version")

    name: str
    path: Path
    entries: tuple[dict[str, object], ...]
    version: str | None  # meta.version
    depends_on: tuple[str, ...]  # meta.dependsOn[].ref

    def __init__(
        self,
        name: str,
        path: Path,
        entries: tuple[dict[str, object], ...],
        version: str | None = None,
        depends_on: tuple[str, ...] = (),
    ) -> None:
        self.name = name
        self.path = path
        self.entries = entries
        self.version = version
        self.depends_on = depends_on


class Resolution(FrozenRecord):
    """Resolved enum values, or None with the reason they could not be resolved."""

    __slots__ = ("reason", "values")

    values: tuple[str, ...] | None
    reason: str

    def __init__(self, values: tuple[str, ...] | None, reason: str = "") -> None:
        self.values = values
        self.reason = reason


class SharedListResolver:
    """Finds and caches list folders and list files; one instance serves a whole run."""

    def __init__(self, lists_dir: Path | None = None, real_paths: RealPaths | None = None) -> None:
        self._configured = lists_dir
        self._dir_for: dict[str, Path | None] = {}  # real folder -> its _lists/
        self._lists_in: dict[Path, dict[str, SharedList]] = {}
        self._all_in: dict[Path, list[SharedList]] = {}
        self._real_paths = real_paths or RealPaths()  # a walk's: it knows which folders hold _lists/

    def lists_dir(self, definition_path: Path) -> Path | None:
        if self._configured is not None:
            return self._configured
        start = self._real_paths.folder(os.path.dirname(definition_path) or ".")
        if start in self._dir_for:
            return self._dir_for[start]
        found: Path | None = None
        visited = []
        folder = start
        while True:
            if folder in self._dir_for:
                found = self._dir_for[folder]
                break
            visited.append(folder)
            candidate = os.path.join(folder, "_lists")
            if self._real_paths.has(folder, "_lists") is not False and os.path.isdir(candidate):
                found = Path(candidate)
                break
            parent = os.path.dirname(folder)
            if parent == folder:
                break
            folder = parent
        for folder in visited:
            self._dir_for[folder] = found
        return found

    def _load_dir(self, folder: Path) -> dict[str, SharedList]:
        cached = self._lists_in.get(folder)
        if cached is not None:
            return cached
        from flowlint.core.nodes import SObject, to_python  # the value tree: only when lists are read
        from flowlint.formats import parse_file_bytes

        lists: dict[str, SharedList] = {}
        every: list[SharedList] = []
        try:
            files = sorted(p for p in folder.rglob("*") if p.suffix in LIST_SUFFIXES and p.is_file())
        except OSError:
            files = []
        for file in files:
            try:
                module = parse_file_bytes(read_regular(file), file.suffix)
            except FileProblem:
                continue
            node = module.exports.get("list")
            if not isinstance(node, SObject):
                continue
            data = to_python(node)
            assert isinstance(data, dict)
            meta = data.get("meta")
            name = meta.get("name") if isinstance(meta, dict) else None
            entries = data.get("entries")
            if not isinstance(entries, list):
                continue
            version = meta.get("version") if isinstance(meta, dict) else None
            depends = meta.get("dependsOn") if isinstance(meta, dict) else None
            shared = SharedList(
                str(name) if isinstance(name, str) else file.stem,
                file,
                tuple(e for e in entries if isinstance(e, dict)),
                version if isinstance(version, str) else None,
                tuple(
                    str(d["ref"])
                    for d in (depends if isinstance(depends, list) else [])
                    if isinstance(d, dict) and "ref" in d
                ),
            )
            every.append(shared)
            lists.setdefault(shared.name, shared)
            lists.setdefault(file.stem, shared)
        self._lists_in[folder] = lists
        self._all_in[folder] = every
        return lists

    def lists_beside(self, list_path: Path) -> tuple[Path | None, list[SharedList]]:
        """The `_lists/` folder a list file belongs to and every list read from it (duplicates included)."""
        folder = self.lists_dir(list_path)
        if folder is None:
            return None, []
        self._load_dir(folder)
        return folder, self._all_in[folder]

    def lookup(self, definition_path: Path, name: str) -> tuple[SharedList | None, Path | None]:
        """The list named `name` for a definition at `definition_path`, and the `_lists/` folder searched
        (None when there is none: then nothing can be said about the list)."""
        folder = self.lists_dir(definition_path)
        if folder is None:
            return None, None
        return self._load_dir(folder).get(name), folder

    def resolve(
        self, definition_path: Path, name: str, field: str, filter_spec: dict[str, object] | None
    ) -> Resolution:
        from flowlint.core.jsvalues import js_string

        folder = self.lists_dir(definition_path)
        # Paths in a message are relative to the definition's folder, never to the working folder: a
        # cached finding must read the same wherever flowlint runs (issue 28).
        if folder is None:
            return Resolution(
                None, "no _lists/ folder was found in the file's folder or above it (set lists_dir in [tool.flowlint])"
            )
        shared = self._load_dir(folder).get(name)
        if shared is None:
            where = os.path.relpath(os.path.realpath(folder), os.path.realpath(definition_path.parent))
            return Resolution(None, f"no list named '{name}' in {Path(where).as_posix()}")
        values: list[str] = []
        for entry in shared.entries:
            if filter_spec and not _passes(entry, filter_spec):
                continue
            value = entry.get(field)
            if value is None:
                continue
            values.append(js_string(value))
        if not values:
            return Resolution(None, f"list '{name}' in {shared.path} has no '{field}' values after the filter")
        return Resolution(tuple(dict.fromkeys(values)))


def _passes(entry: dict[str, object], filter_spec: dict[str, object]) -> bool:
    key = filter_spec.get("key")
    if not isinstance(key, str):
        return True
    value = entry.get(key)
    if "exists" in filter_spec:
        return (value is not None) == bool(filter_spec["exists"])
    if "value" in filter_spec:
        return value == filter_spec["value"]
    if "in" in filter_spec and isinstance(filter_spec["in"], list):
        return value in filter_spec["in"]
    return True
