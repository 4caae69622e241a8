"""File I/O every command shares: one bounded reader of regular files and one atomic writer.

`read_regular` never blocks on a FIFO and never reads a device or an endless file: it opens
without blocking, refuses anything but a regular file and stops at a size limit.

`atomic_write` writes a temporary file beside the target and renames it over the target, so a
reader never sees half a file. An existing file keeps its permission bits (and, where allowed, its
owner); a new file gets the mode `open()` would give it (0666 less the umask), never mkstemp's 0600.
A symlinked target is written through: the link stays, the file it points to changes -- unless the
caller says `follow_links=False` (the result cache, which must never write outside its folder): then
a symlink is refused and a file with other hard links is replaced, not written in place. Targets that
are not regular files (devices, FIFOs, folders) are refused, and the old content is compared only
when it has the new size, so nothing is ever read without a bound. A read-only file (no write bit,
or no write access) is refused, even for root. A file with other hard links is overwritten in
place, keeping its inode, so that every name sees the new content (not atomic: the trade-off is
documented at `_write_in_place`).

From the temporary file's creation to its rename (or removal), SIGINT, SIGTERM and SIGHUP are held
and delivered right after: a signal that lands in between would otherwise leave the temporary file behind
(mkstemp has created it, but nobody yet knows its name) or stop the write between the file and the
rename. Only SIGKILL can still leave a `.tmp` file.
"""

from __future__ import annotations

import _thread
import contextlib
import errno
import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from flowlint.core.errors import FileProblem

__all__ = ["MAX_READ_BYTES", "FileChanged", "atomic_write", "read_regular"]

MAX_READ_BYTES = 64 * 1024 * 1024
"""The default size limit of `read_regular`."""

_UMASK: list[int] = []
_UMASK_LOCK = _thread.allocate_lock()  # threading's Lock, without importing threading (start-up)


def _umask() -> int:
    """The process umask, read once. `/proc` avoids `os.umask`'s set-and-restore, which would race with
    other threads creating files."""
    with _UMASK_LOCK:
        if not _UMASK:
            value = None
            try:
                with open("/proc/self/status", encoding="ascii", errors="replace") as status:
                    for line in status:
                        if line.startswith("Umask:"):
                            value = int(line.split()[1], 8)
                            break
            except (OSError, ValueError, IndexError):
                value = None
            if value is None:
                value = os.umask(0o022)
                os.umask(value)
            _UMASK.append(value)
        return _UMASK[0]


def _describe(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_regular(path: Path, limit: int = MAX_READ_BYTES) -> bytes:
    """The bytes of the regular file `path`; raises `FileProblem` for anything else or anything larger
    than `limit` bytes. Never blocks on a FIFO and never reads past `limit` + 1 bytes."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise FileProblem(f"cannot read the file: {error.strerror or error}") from error
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem(f"cannot read the file: it is {_describe(info.st_mode)}")
        if info.st_size > limit:
            raise FileProblem(f"the file is {info.st_size:,} bytes, over the {limit:,}-byte limit")
        chunks: list[bytes] = []
        size = 0
        step = max(info.st_size + 1, 1 << 16)  # the whole file in one read, where it is the size it says
        while True:
            chunk = os.read(descriptor, min(step, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise FileProblem(f"the file grew past the {limit:,}-byte limit while it was read")
        return b"".join(chunks)
    except OSError as error:
        raise FileProblem(f"cannot read the file: {error.strerror or error}") from error
    finally:
        os.close(descriptor)


def atomic_write(
    path: Path,
    data: bytes,
    *,
    make_parents: bool = False,
    follow_links: bool = True,
    unchanged_from: bytes | None = None,
) -> bool:
    """Replace `path` with `data` atomically. Returns False when the file already held these bytes
    (nothing is written). Raises `FileProblem` for a target that is not a regular file, a missing
    folder (unless `make_parents`) or any OS error; no temporary file is left behind. With
    `follow_links=False` the file is written only at `path` itself: a symlink there is refused, and
    other hard links to the file keep their old content. With `unchanged_from`, the file is written
    only if it still holds those bytes, compared again just before the rename (an edit saved while
    the caller worked on the old bytes is never overwritten; `FileChanged` says so)."""
    target = Path(os.path.realpath(path) if follow_links else os.path.abspath(path))
    info = _existing_target(target, follow_links, path)
    if info is not None:
        if info.st_size == len(data) and _same_content(target, data):
            return False
        _check_unchanged(target, info, unchanged_from, path)
        if not info.st_mode & 0o222 or not os.access(target, os.W_OK):  # 0444 counts even for root
            raise FileProblem("not written: the file is read-only", path)
        if info.st_nlink > 1 and follow_links:  # renaming a new file into place would cut the other names off
            _write_in_place(target, data, path)
            return True
    folder = target.parent
    _ensure_folder(folder, make_parents, path)
    mode = stat.S_IMODE(info.st_mode) if info is not None else 0o666 & ~_umask()
    with _signals_held():
        try:
            handle, temporary = _new_temporary(folder, target.name)
        except OSError as error:
            raise FileProblem(f"cannot write: {error.strerror or error}", path) from error
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
            os.chmod(temporary, mode)
            if info is not None and (info.st_uid, info.st_gid) != _owner(temporary):
                try:
                    os.chown(temporary, info.st_uid, info.st_gid)
                except OSError:
                    pass  # not allowed to give the file away: it keeps the writer as owner
            if info is not None:
                _check_unchanged(target, None, unchanged_from, path)  # as late as can be
            os.replace(temporary, target)
        except BaseException as error:
            try:
                os.unlink(temporary)
            except OSError:
                pass
            if isinstance(error, OSError):
                raise FileProblem(f"cannot write: {error.strerror or error}", path) from error
            raise
    return True


_TEMPORARY_FLAGS = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


def _new_temporary(folder: Path, name: str) -> tuple[int, str]:
    """A new file `.NAME.RANDOM.tmp` in `folder`, created for this writer alone (mode 0600, never an
    existing name or a link), and its descriptor: what `tempfile.mkstemp` makes, without importing
    tempfile (with shutil and random: a fifth of a one-file `flowlint check`'s imports)."""
    for _ in range(100):
        temporary = os.path.join(folder, f".{name}.{os.urandom(6).hex()}.tmp")
        try:
            return os.open(temporary, _TEMPORARY_FLAGS, 0o600), temporary
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free name for a temporary file", os.fspath(folder))


def _existing_target(target: Path, follow_links: bool, shown: Path) -> os.stat_result | None:
    """The status of the file to replace (None when there is none); raises `FileProblem` for anything
    but a regular file (a symbolic link too, when links are not followed)."""
    try:
        info = os.stat(target) if follow_links else os.lstat(target)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise FileProblem(f"cannot write: {error.strerror or error}", shown) from error
    if stat.S_ISLNK(info.st_mode):
        raise FileProblem("not written: it is a symbolic link", shown)
    if not stat.S_ISREG(info.st_mode):
        raise FileProblem(f"not written: it is {_describe(info.st_mode)}, not a regular file", shown)
    return info


_HELD_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")
"""Held by `_signals_held`, where the platform has them (signal and threading are imported there:
a warm `flowlint check` writes nothing and needs neither)."""


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Hold SIGINT, SIGTERM and SIGHUP for the block and deliver them afterwards, in order, through the
    handlers that were in place (so a default SIGTERM still ends the process, only after the rename).
    Python runs signal handlers in the main thread only, so elsewhere nothing needs holding."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[int] = []

    def hold(signum: int, _frame: object) -> None:
        held.append(signum)

    previous: dict[int, Any] = {}
    for sig in [getattr(signal, name) for name in _HELD_SIGNALS if hasattr(signal, name)]:
        handler = signal.getsignal(sig)
        if handler is signal.SIG_IGN or handler is None:
            continue  # ignored (or set outside Python): nothing to hold
        previous[sig] = handler
        signal.signal(sig, hold)
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        for signum in held:
            signal.raise_signal(signum)


def _ensure_folder(folder: Path, make_parents: bool, shown: Path) -> None:
    if folder.is_dir():
        return
    if not make_parents:
        raise FileProblem(f"cannot write: the folder {folder} does not exist", shown)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise FileProblem(f"cannot create the folder {folder}: {error.strerror or error}", shown) from error


def _write_in_place(target: Path, data: bytes, shown: Path) -> None:
    """Overwrite a file that has other hard links, keeping its inode (so every name sees the new
    content, with its owner and mode). Not atomic: a crash in the middle of these few writes leaves it
    partly written, the price of keeping the links; the data is complete before the file is opened."""
    try:
        with open(target, "r+b") as stream:
            stream.write(data)
            stream.truncate()
            stream.flush()
            os.fsync(stream.fileno())
    except OSError as error:
        raise FileProblem(f"cannot write: {error.strerror or error}", shown) from error


class FileChanged(FileProblem):
    """`atomic_write(unchanged_from=...)`: the file no longer holds the bytes the caller read."""


def _check_unchanged(target: Path, info: os.stat_result | None, expected: bytes | None, shown: Path) -> None:
    """Raise `FileChanged` unless `target` holds `expected` (nothing to check when it is None)."""
    if expected is None:
        return
    if info is not None and info.st_size != len(expected):
        same = False
    else:
        same = _same_content(target, expected)
    if not same:
        raise FileChanged("not written: the file changed since flowlint read it", shown)


def _owner(path: str) -> tuple[int, int]:
    info = os.stat(path)
    return info.st_uid, info.st_gid


def _same_content(path: Path, data: bytes) -> bool:
    try:
        return read_regular(path, limit=len(data)) == data
    except FileProblem:
        return False


# C0 and C1 controls, DEL, the Unicode line and paragraph separators, and the bidirectional embedding,
# override and isolate controls (a "Trojan Source" string reads differently than it is).
_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_CONTROL_NAMES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def printable(text: str) -> str:
    """`text` as reports and records show it, valid UTF-8 on one line: the one escape for every string
    from a file (a path, a namespace, a tool name, a parameter key, a message quoting them) that reaches
    a report. Bytes of a file name that is not UTF-8 (read with surrogateescape) become `\\xff`
    escapes, control characters `\\n`, `\\u001b`, `\\u2028`, `\\u202e` (a string holding a line break
    must not start a line of its own: GitHub Actions reads `::error file=...::` lines on stdout as
    commands; nor may an escape sequence such as OSC 52 reach the terminal, nor a bidirectional control
    reorder what is shown). Other text is unchanged."""
    if text.isascii() and text.isprintable():  # the common case, known without a scan
        return text
    try:
        text = text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # a lone surrogate that is no escaped byte
        text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    if _CONTROLS.search(text) is None:
        return text
    return _CONTROLS.sub(lambda m: _CONTROL_NAMES.get(m[0]) or f"\\u{ord(m[0]):04x}", text)
