"""The result cache: a warm run looks at each file's status (and hashes what changed) and reuses what an
earlier run found.

One JSON file per flowlint build (`results-<build>.json`) in the cache folder (`FLOWLINT_CACHE_DIR`,
else `cache_dir` in `[tool.flowlint]`, else `.flowlint_cache/` beside the configuration file, else
in the current folder). An entry is keyed by
the file's absolute path and stores a digest of everything its findings depend on:

- the file's bytes;
- the effective configuration for the file (`Config.fingerprint`);
- the shared lists it can resolve (the path and bytes of every list file in its `_lists/` folder).

A file whose status (modification and change times, size, inode) is what it was when its bytes
were last hashed is not read again (as git and ruff do): its stored content digest stands for its
bytes. A status recorded less than `TRUST_AFTER_NS` after the file last changed is not trusted (a
second write within the file system's timestamp granularity, or through a shared `mmap` before the
kernel wrote the page back, could leave it unchanged), so such a file is hashed again on the next
run. The build key covers flowlint's version and the size and
modification time of every module of the package and of its rules (read from the folders, never
imported), so an upgrade or an edited rule starts a new file. An entry that does not match is
recomputed; a cache file that is corrupt, truncated, foreign or too large is ignored and
rebuilt. Writes are atomic, so two runs at once lose at most each other's new entries, never a file.
The cache never writes through a symbolic link (a cloned repository can carry one): a cache folder
that is a link, or lies under one inside the project (`cache_dir = "link/cache"`, or `".flowlint_cache/."`,
which names the link's target), is neither read nor written, and a `.gitignore` or results file that
is a link is left alone; each is said once on standard error.

Not cached: files that could not be read (their problem may be transient), internal errors (FL008:
a defect may be fixed), and runs on stdin or through the Python API unless a cache is passed.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import stat
import sys
import time
from collections.abc import Collection, Iterable
from pathlib import Path

from flowlint.core.errors import FileProblem
from flowlint.core.fileio import atomic_write, read_regular
from flowlint.core.gcpause import gc_paused
from flowlint.core.hashing import blake2b
from flowlint.core.record import FrozenRecord
from flowlint.core.severity import Severity
from flowlint.core.version import __version__
from flowlint.definition.discovery import RealPaths, display_path
from flowlint.definition.sharedlists import LIST_SUFFIXES, SharedListResolver
from flowlint.lint.codes import Code
from flowlint.lint.config import Config
from flowlint.lint.diagnostics import Diagnostic
from flowlint.lint.fixes import Edit, Fix
from flowlint.lint.result import FileReport

__all__ = [
    "CACHE_DIR_NAME",
    "MAX_CACHE_BYTES",
    "Lookup",
    "ResultCache",
    "build_key",
    "cache_root",
    "default_cache_dir",
    "remove_cache",
]

CACHE_DIR_NAME = ".flowlint_cache"
MAX_CACHE_BYTES = 32 * 1024 * 1024
"""A results file larger than this is not read; when a run would write more, only its own entries are kept."""


def _trust_after_ns() -> int:
    """How long after its last change a file's status may still miss a write: the file system's
    timestamp granularity (2 s covers FAT's), and, for a write through a shared `mmap`, the time the
    kernel may keep a written page in memory. Such a write changes mtime and ctime only when it makes
    a clean page dirty: the next writes to that page, until it is written back, change neither (git
    and ruff miss them too). Linux writes a page back within `dirty_expire_centisecs` plus
    `dirty_writeback_centisecs` (35 s by default); elsewhere, or when those cannot be read, 60 s."""
    window = 60.0
    try:
        with open("/proc/sys/vm/dirty_expire_centisecs", "rb") as expire:
            with open("/proc/sys/vm/dirty_writeback_centisecs", "rb") as writeback:
                window = (int(expire.read()) + int(writeback.read())) / 100 + 5
    except (OSError, ValueError):
        pass
    return int(max(2.0, window) * 1e9)


TRUST_AFTER_NS = _trust_after_ns()
"""A file's status is trusted for its bytes only when it last changed at least this long before it was
read (40 s on a Linux with its default settings); a file changed more recently is hashed again."""

_FORMAT = 5
_NAMED = "\0named"
"""After the path of the entry of a skipped file linted as named on the command line (no path has a NUL)."""
_CACHEABLE_KINDS = ("definition", "list", "skipped", "error")
_NEVER_CACHED = frozenset({Code.FL006, Code.FL008})
"""An unreadable file (its reason may be transient) and an internal error are linted again every run;
any other verdict depends only on the bytes (a file FlowMCP cannot load as a definition included)."""
_SEVERITIES = {severity.value: severity for severity in Severity}


def default_cache_dir(config: Config) -> Path:
    """`FLOWLINT_CACHE_DIR` from the environment, else `cache_dir` from the configuration, else
    `.flowlint_cache/` beside the configuration file, else in the current folder."""
    from_environment = os.environ.get("FLOWLINT_CACHE_DIR")
    if from_environment:
        return Path(from_environment)
    if config.cache_dir is not None:
        return config.cache_dir
    root = config.source.parent if config.source is not None else Path.cwd()
    return root / CACHE_DIR_NAME


def cache_root(config: Config) -> Path:
    """The project folder of `config` (its file's folder, else the current one): no folder between it
    and the cache folder may be a symbolic link (see `linked_component`)."""
    return Path(os.path.abspath(config.source.parent if config.source is not None else Path.cwd()))


def linked_component(folder: Path, root: Path | None) -> Path | None:
    """The first symbolic link on the way from `root` (exclusive) to `folder` (inclusive), or None. The
    path is taken as written, with `.` and `..` removed lexically (`link/.` is `link`, which the OS
    would follow); a folder outside `root` (an absolute `cache_dir` or `FLOWLINT_CACHE_DIR`, chosen
    by the user) is checked itself only, since the links above it are the machine's own layout."""
    path = os.path.abspath(folder)
    start = os.path.abspath(root) if root is not None else os.path.dirname(path)
    if os.path.commonpath([path, start]) != start or path == start:
        start = os.path.dirname(path)
    relative = os.path.relpath(path, start)
    current = start
    for part in relative.split(os.sep):
        current = os.path.join(current, part)
        if os.path.islink(current):
            return Path(current)
    return None


def _linked(folder: Path, root: Path | None) -> str | None:
    """How the cache folder meets a link inside the project (`linked_component`), as the messages that
    keep the cache off say it: "is a symbolic link", "lies under the symbolic link LINK"; or None."""
    link = linked_component(folder, root)
    if link is None:
        return None
    return "is a symbolic link" if link == folder else f"lies under the symbolic link {link}"


def build_key() -> str:
    """flowlint's version and the size and mtime of each of its modules and rules: any edit or upgrade
    changes it. Worked out once per process, from the folders' listings (no module is imported)."""
    return _build_key(__version__)


@functools.cache
def _build_key(version: str) -> str:
    folders = [os.path.dirname(os.path.dirname(os.path.abspath(__file__)))]  # the flowlint package
    rules = importlib.util.find_spec("flowlint.rules")  # `rules/`, installed as flowlint.rules
    if rules is not None and rules.submodule_search_locations:
        folders.extend(os.path.abspath(folder) for folder in rules.submodule_search_locations)
    digest = blake2b(f"{_FORMAT}:{version}".encode(), digest_size=12)
    for folder in dict.fromkeys(folders):
        digest.update("".join(_module_stats(folder)).encode("utf-8", "surrogateescape"))
    return digest.hexdigest()


def _module_stats(folder: str) -> list[str]:
    """`path:size:mtime` of every `.py` file under `folder`, in name order, folders after files."""
    lines: list[str] = []
    try:
        with os.scandir(folder) as listing:
            entries = sorted(listing, key=lambda entry: entry.name)
    except OSError:
        return lines
    subfolders = []
    for entry in entries:
        try:
            if entry.is_dir():
                subfolders.append(entry.path)
            elif entry.name.endswith(".py"):
                info = entry.stat()
                lines.append(f"{entry.path}:{info.st_size}:{info.st_mtime_ns}\n")
        except OSError:
            continue
    for subfolder in subfolders:
        lines.extend(_module_stats(subfolder))
    return lines


class Lookup(FrozenRecord, slots=True):
    """One file's cache lookup: `report` when cached, else the `data` that was hashed into `key`
    (lint exactly these bytes, so a file edited meanwhile can never be stored under the old key).
    `status`: the file's status taken before its bytes were read, when it may be trusted next time."""

    path: Path
    data: bytes | None
    key: str | None
    report: FileReport | None
    status: tuple[int, int, int, int] | None = None
    named: bool = False  # named on the command line: linted with a named file's verdict


class ResultCache:
    """Cached reports of one cache folder, loaded lazily, written back by `save`."""

    def __init__(self, folder: Path | None, build: str | None = None, root: Path | None = None) -> None:
        self.folder = None if folder is None else Path(os.path.abspath(folder))
        """None: in memory only (the language server), never read from or written to disk."""
        self.root = root
        """The project folder: no folder between it and `folder` may be a link (see `linked_component`)."""
        self.build = build_key() if build is None else build
        self.hits = 0
        self.misses = 0
        self.hashed = 0
        """Files read and hashed by `lookup` (the others' status said they had not changed)."""
        self._entries: dict[str, list[object]] | None = None
        self._used: dict[str, list[object]] = {}
        self._changed = False
        self._lists: dict[Path | None, str] = {}
        self._lists_by_folder: dict[tuple[str, str], str] = {}
        self._contexts: dict[tuple[str, str], str] = {}  # (fingerprint, lists state) -> their digest
        self._said: set[str] = set()

    @property
    def results_file(self) -> Path:
        assert self.folder is not None
        return self.folder / f"results-{self.build}.json"

    def _load(self) -> dict[str, list[object]]:
        if self._entries is None and (self.folder is None or self._linked_folder(self.folder)):
            self._entries = {}
        if self._entries is None:
            self._entries = {}

            try:
                data = read_regular(self.results_file, limit=MAX_CACHE_BYTES)
                loaded = json.loads(data)
            except (FileProblem, ValueError, RecursionError, UnicodeDecodeError):
                loaded = None  # no cache yet, or one we cannot trust: start afresh
            if isinstance(loaded, dict) and loaded.get("format") == _FORMAT and isinstance(loaded.get("files"), dict):
                self._entries = {k: v for k, v in loaded["files"].items() if isinstance(v, list) and len(v) == 4}
        return self._entries

    def lookup(
        self, files: list[Path], config: Config, real_paths: RealPaths | None = None, named: Collection[Path] = ()
    ) -> list[Lookup]:
        """Look up every file: a cached report, or the bytes and key to lint and `put`. A file whose
        status is the one stored with its entry is not read (see the module's docstring).
        `real_paths`: what the walk that found `files` saw (the `_lists/` folders, without a `stat`);
        `named`: the files named on the command line, whose verdict is a named file's (a skipped one has
        an entry of its own beside the walk's: naming a file can turn a walk's skip into VAL001)."""
        # The cyclic collector would walk the decoded entries again and again while they are made; they
        # hold no cycles (plain lists and strings, reports of diagnostics), reference counting frees them.
        with gc_paused():
            return self._lookup(files, config, real_paths, named)

    def _lookup(
        self, files: list[Path], config: Config, real_paths: RealPaths | None, named: Collection[Path]
    ) -> list[Lookup]:
        resolver = SharedListResolver(config.lists_dir, real_paths)
        fingerprint = config.fingerprint
        entries = self._load()
        trusted_before = time.time_ns() - TRUST_AFTER_NS
        found = []
        for file in files:
            name = os.path.abspath(file)
            is_named = file in named
            context = self._context(fingerprint, name, file, resolver)
            status = _status(name, trusted_before)
            entry = self._used.get(name) or entries.get(name)
            if is_named and (entry is None or entry[1] == "skipped"):
                # A walk's skip need not be a named file's verdict (see `mark_named` in lint/runner.py):
                # a skipped file named on the command line has an entry of its own, beside the walk's.
                own = name + _NAMED
                named_entry = self._used.get(own) or entries.get(own)
                if entry is not None or named_entry is not None:
                    name, entry = own, named_entry
            if status is not None and entry is not None and entry[3] == list(status):
                digest = str(entry[0]).partition("/")[0]
                key = f"{digest}/{context}"
                report = self._get(name, key, display_path(file), entry)
                if report is not None:
                    found.append(Lookup(file, None, key, report, status, is_named))
                    continue
                self.misses -= 1  # counted once, below
            try:
                data = read_regular(file)
            except FileProblem:
                found.append(Lookup(file, None, None, None, named=is_named))  # the loader reports it; never cached
                continue
            self.hashed += 1
            key = f"{_digest(data)}/{context}"
            report = self._get(name, key, display_path(file), entry)
            if report is not None and status is not None and entry is not None and entry[3] != list(status):
                self._used[name] = [*entry[:3], list(status)]  # the same bytes: trust the new status next time
                self._changed = True
            found.append(Lookup(file, data, key, report, status, is_named))
        return found

    def key(self, data: bytes, path: Path, config: Config, resolver: SharedListResolver) -> str:
        """The digest of everything the findings for `data` at `path` under `config` depend on."""
        name = os.path.abspath(path)
        return f"{_digest(data)}/{self._context(config.fingerprint, name, path, resolver)}"

    def _context(self, fingerprint: str, name: str, path: Path, resolver: SharedListResolver) -> str:
        """A digest of what a file's findings depend on besides its bytes: its settings and the shared
        lists it can resolve; worked out once per folder and configuration."""
        folder = os.path.dirname(name)
        context = self._lists_by_folder.get((folder, fingerprint))
        if context is None:
            lists = self._lists_state(resolver.lists_dir(path))
            context = self._contexts.get((fingerprint, lists))
            if context is None:
                context = self._contexts[(fingerprint, lists)] = _digest(f"{fingerprint}\0{lists}".encode())
            self._lists_by_folder[(folder, fingerprint)] = context
        return context

    def get(self, path: Path, key: str, display: str) -> FileReport | None:
        """The cached report for `path` when its key matches, with `display` as its path; else None."""
        name = os.path.abspath(path)
        return self._get(name, key, display, self._used.get(name) or self._load().get(name))

    def _get(self, name: str, key: str, display: str, entry: list[object] | None) -> FileReport | None:
        if entry is not None and entry[0] == key:
            report = _decode(entry, display)
            if report is not None:
                self.hits += 1
                self._used[name] = entry
                return report
        self.misses += 1
        return None

    def put(
        self,
        path: Path,
        key: str,
        report: FileReport,
        status: tuple[int, int, int, int] | None = None,
        named: bool = False,
    ) -> None:
        """Remember `report` for `path` unless it is of a kind that is never cached; `status`: the
        file's status before the bytes hashed into `key` were read (None: always hash it again);
        `named`: the file was linted as named on the command line (a skipped one is stored as such)."""
        if report.kind not in _CACHEABLE_KINDS or any(d.code in _NEVER_CACHED for d in report.diagnostics):
            return
        stored = None if status is None else list(status)
        entry: list[object] = [key, report.kind, [_encode(d) for d in report.diagnostics], stored]
        self._used[os.path.abspath(path) + (_NAMED if named and report.kind == "skipped" else "")] = entry
        self._changed = True

    def save(self) -> None:
        """Write the entries of this run (and earlier ones, while the file stays small) atomically.
        A cache folder that cannot be written is not an error: the next run is just cold again."""
        if not self._changed or self.folder is None or self._linked_folder(self.folder):
            return
        files = {**self._load(), **self._used}
        text = _dump(files)
        if len(text) > MAX_CACHE_BYTES:
            text = _dump(self._used)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            if self._linked_folder(self.folder):  # made a link since the check above
                return
            ignore = self.folder / ".gitignore"
            if not os.path.exists(ignore) or os.path.islink(ignore):  # a link is said, never written through
                content = b"# created by flowlint: the cache is not part of the project\n*\n"
                self._write_inside(ignore, content)
            self._write_inside(self.results_file, text.encode("utf-8"))
        except (OSError, FileProblem):
            return

    def _say_once(self, message: str) -> None:
        """A problem of the cache, on standard error, once per cache (the run goes on without it)."""
        if message not in self._said:
            self._said.add(message)
            sys.stderr.write(f"flowlint: {message}\n")

    def _linked_folder(self, folder: Path) -> bool:
        """Whether the cache folder is, or lies under, a symbolic link inside the project (said once):
        the cache then stays off."""
        where = _linked(folder, self.root)
        if where is None:
            return False
        self._say_once(f"the cache folder {folder} {where}; the cache is neither read nor written")
        return True

    def _write_inside(self, path: Path, data: bytes) -> None:
        """Write a cache file at `path` itself, never through a link (said once when it is one)."""
        if os.path.islink(path):
            self._say_once(f"{path} is a symbolic link; the cache does not write through it")
            return
        atomic_write(path, data, follow_links=False)

    def forget_lists(self) -> None:
        """Hash the shared lists afresh from now on (a long-running server calls this per request)."""
        self._lists.clear()
        self._lists_by_folder.clear()

    def _lists_state(self, folder: Path | None) -> str:
        """A digest of every list file in `folder` (paths and bytes); computed once per folder per run."""
        state = self._lists.get(folder)
        if state is None:
            digest = blake2b(str(folder).encode(), digest_size=16)
            if folder is not None:
                for file in _list_files(folder):
                    digest.update(b"\0" + str(file).encode() + b"\0")
                    try:
                        digest.update(read_regular(file))
                    except FileProblem as problem:
                        digest.update(problem.reason.encode())
            state = self._lists[folder] = digest.hexdigest()
        return state


def _digest(data: bytes) -> str:
    return blake2b(data, digest_size=16).hexdigest()


def _status(name: str, trusted_before: int) -> tuple[int, int, int, int] | None:
    """A regular file's (mtime, ctime, size, inode), or None when it cannot be trusted for the file's
    bytes (changed since `trusted_before`, or not a regular file, or no status at all)."""
    try:
        info = os.stat(name)
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(info.st_mode) or max(info.st_mtime_ns, info.st_ctime_ns) >= trusted_before:
        return None
    return info.st_mtime_ns, info.st_ctime_ns, info.st_size, info.st_ino


def _list_files(folder: Path) -> Iterable[Path]:
    try:
        return sorted(p for p in folder.rglob("*") if p.suffix in LIST_SUFFIXES and p.is_file())
    except OSError:
        return []


def _dump(files: dict[str, list[object]]) -> str:
    return json.dumps({"format": _FORMAT, "flowlint": __version__, "files": files}, separators=(",", ":"))


def _encode(d: Diagnostic) -> list[object]:
    return [
        str(d.code),  # a Code member is a str subclass; the entry holds plain text, as JSON would
        d.severity.value,
        str(d.message),
        d.line,
        d.column,
        d.end_line,
        d.end_column,
        d.start_byte,
        d.end_byte,
        d.tool,
        d.test_index,
        d.parameter,
        # A fix is kept whole (title, safety, edits): a warm report marks what is fixable and the JSON
        # report shows its edits (fixing itself always lints afresh).
        None if d.fix is None else d.fix.title,
        d.fix is not None and d.fix.safe,
        [] if d.fix is None else [[e.start, e.end, e.text] for e in d.fix.edits],
        d.consequence,
        list(d.test_indices) if len(d.test_indices) > 1 else None,  # every test a finding stands for
    ]


def _decode(entry: list[object], display: str) -> FileReport | None:
    """A report from a cache entry, or None when the entry is not what `put` writes (every field of
    every stored diagnostic is checked: a foreign or forged entry must not reach a reporter)."""
    _, kind, items, _status = entry
    if kind not in _CACHEABLE_KINDS or type(items) is not list:
        return None
    types, severities = _ENTRY_TYPES, _SEVERITIES
    diagnostics = []
    for item in items:
        if type(item) is not list or tuple(map(type, item)) not in types or item[1] not in severities:
            return None
        code, severity, message, line, column, end_line, end_column, start, end, tool, test, param = item[:12]
        fix, safe, stored_edits, consequence, tests = item[12:]
        edits = _edits(stored_edits)
        if edits is None or (tests is not None and not all(type(index) is int for index in tests)):
            return None
        diagnostics.append(
            Diagnostic(
                code,
                severities[severity],
                message,
                display,
                line,
                column,
                end_line,
                end_column,
                start,
                end,
                tool,
                test,
                param,
                None if fix is None else Fix(fix, edits, safe),
                consequence,
                tuple(tests or ()),
            )
        )
    return FileReport(display, str(kind), diagnostics)


def _edits(stored: object) -> tuple[Edit, ...] | None:
    """A stored fix's edits, or None when they are not what `_encode` writes."""
    edits = []
    for edit in stored if type(stored) is list else ():
        if type(edit) is not list or tuple(map(type, edit)) != (int, int, str) or not 0 <= edit[0] <= edit[1]:
            return None
        edits.append(Edit(edit[0], edit[1], edit[2]))
    return tuple(edits)


_Stored = tuple[
    str,
    str,
    str,
    int,
    int,
    int,
    int,
    int,
    int,
    str | None,
    int | None,
    str | None,
    str | None,
    bool,
    list[object],
    str,
    list[int] | None,
]
_ENTRY_TYPES = {
    (str, str, str, int, int, int, int, int, int, tool, test, param, fix, bool, list, str, tests)
    for tool in (str, type(None))
    for test in (int, type(None))
    for param in (str, type(None))
    for fix in (str, type(None))
    for tests in (list, type(None))
}
"""The type of each field of a stored diagnostic (see `_encode`): anything else is a foreign entry."""


def remove_cache(folder: Path, root: Path | None = None) -> bool:
    """Delete a cache folder that flowlint made; False when there is none. Raises FileProblem for a
    folder holding anything but our `.gitignore`, results files and their temporary files, so that a
    mistyped `cache_dir` can never delete a project folder, and for one that is or lies under a
    symbolic link below `root` (see `linked_component`)."""
    folder = Path(os.path.abspath(folder))
    where = _linked(folder, root)
    if where is not None:
        raise FileProblem(f"the cache folder {where}; not removing it", folder)
    if not folder.is_dir():
        return False
    foreign = [entry.name for entry in folder.iterdir() if not _ours(entry.name)]
    if foreign or not (folder / ".gitignore").is_file():
        shown = ", ".join(sorted(foreign)[:3]) or "no .gitignore"
        raise FileProblem(f"not a flowlint cache ({shown}); not removing it", folder)
    import shutil

    shutil.rmtree(folder)
    return True


def _ours(name: str) -> bool:
    if name == ".gitignore" or (name.startswith("results-") and name.endswith(".json")):
        return True
    return name.startswith((".results-", ".gitignore.")) and name.endswith(".tmp")
