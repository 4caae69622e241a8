"""Shared fixtures and helpers.

- Tests never touch the internet: any attempt to reach a non-loopback address fails.
- `invoke_cli` runs the CLI in this process (fast, measured by coverage); `run_cli` runs it in a real
  subprocess, for the few tests that need one (signals, interpreter start-up and imports, real pipes).
- Golden files (`tests/fixtures/rewrite/*/after.*`, `tests/snapshots/*.txt`) are compared through the
  `golden` fixture; a missing or different golden file fails, `--update-goldens` rewrites them.
- `serving(server)` runs a local HTTP server in a thread for a block and stops it at once at the end.
- `corpus` is the public FlowMCP library (`shared/corpus/` beside the repository), extracted once per
  session (per xdist worker) into a temporary folder; tests that use it skip when the tarball is absent.
"""

from __future__ import annotations

import contextlib
import difflib
import itertools
import os
import socket
import socketserver
import subprocess
import sys
import tarfile
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest

REPO = Path(__file__).resolve().parent.parent
SAMPLES = REPO / "sample_schemas"

_LOOPBACK_PREFIXES = ("127.", "::1", "localhost", "0:0:0:0:0:0:0:1")
_UPDATED_GOLDENS = pytest.StashKey[list[Path]]()
_Server = TypeVar("_Server", bound=socketserver.BaseServer)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-goldens",
        action="store_true",
        default=False,
        help="Write golden files (tests/fixtures/rewrite/*/after.*, tests/snapshots/*) from the current "
        "output instead of comparing with them; review the result with `git diff` before committing.",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_UPDATED_GOLDENS] = []


def pytest_sessionfinish(session: pytest.Session) -> None:
    """On a pytest-xdist worker: hand the golden files it wrote to the controller, which prints them."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["updated_goldens"] = [str(path) for path in session.config.stash.get(_UPDATED_GOLDENS, [])]


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """On the pytest-xdist controller: collect the golden files a finished worker wrote."""
    written = getattr(node, "workeroutput", {}).get("updated_goldens", [])
    node.config.stash[_UPDATED_GOLDENS].extend(Path(path) for path in written)


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    updated = config.stash.get(_UPDATED_GOLDENS, [])
    if updated:
        terminalreporter.section("golden files written (--update-goldens); review with git diff")
        for path in updated:
            terminalreporter.line(_relative(path))


def _is_local(address: Any) -> bool:
    if isinstance(address, tuple) and address:
        host = str(address[0])
        return host.startswith(_LOOPBACK_PREFIXES) or host in ("", "0.0.0.0")
    return True  # AF_UNIX and friends


@pytest.fixture(scope="session")
def _cache_folders(tmp_path_factory: pytest.TempPathFactory) -> Callable[[], Path]:
    """`next_folder()` makes a new empty folder under one session folder. Not `mktemp` per test: it
    lists every folder made so far to number the next, which made the suite's 2,300 calls quadratic
    (1.9 s; issue 19)."""
    root = tmp_path_factory.mktemp("flowlint_caches")
    numbers = itertools.count()

    def next_folder() -> Path:
        folder = root / str(next(numbers))
        folder.mkdir()
        return folder

    return next_folder


@pytest.fixture(autouse=True)
def _own_cache(monkeypatch: pytest.MonkeyPatch, _cache_folders: Callable[[], Path]) -> None:
    """Every test gets an empty result cache of its own: a finding computed under one test's
    monkeypatching must never be served to another test (tests of the cache itself override this)."""
    monkeypatch.setenv("FLOWLINT_CACHE_DIR", str(_cache_folders() / "cache"))


@pytest.fixture(autouse=True)
def _no_internet(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Refuse connections to anything but loopback, so a test that would reach the internet fails loudly."""
    original = socket.socket.connect

    def guarded(self: socket.socket, address: Any) -> Any:
        if not _is_local(address):
            raise OSError(f"test tried to reach {address}: tests must stay on 127.0.0.1")
        return original(self, address)

    monkeypatch.setattr(socket.socket, "connect", guarded)
    yield


# --- the command line ------------------------------------------------------------------------------


@dataclass(frozen=True)
class CliResult:
    """A CLI run's exit code and output, with the attribute names of subprocess.CompletedProcess."""

    returncode: int
    stdout: str
    stderr: str


def invoke_cli(
    *args: str,
    cwd: Path | None = None,
    input: str | bytes | None = None,
    env: dict[str, str] | None = None,
) -> CliResult:
    """Run `flowlint ARGS` in this process with click's CliRunner; the default for CLI tests.

    Like `run_cli`, it runs in `cwd` (default: the repository), `input` becomes standard input
    (`sys.stdin.buffer` included) and `env` is laid over os.environ for the call; the working
    directory and the environment are restored afterwards. stdout and stderr are kept apart
    (click >= 8.2). `sys.exit(code)` in a command becomes `returncode`; any other exception
    escapes, so a crash fails the test with its traceback instead of passing as exit code 1.
    """
    from click.testing import CliRunner

    from flowlint.cli import main

    runner = CliRunner()
    with contextlib.chdir(cwd or REPO):
        result = runner.invoke(main, list(args), input=input, env=env, catch_exceptions=False, prog_name="flowlint")
    return CliResult(result.exit_code, result.stdout, result.stderr)


def run_cli(
    *args: str,
    cwd: Path | None = None,
    input: str | None = None,
    env: dict[str, str] | None = None,
    timeout: float = 60,
) -> subprocess.CompletedProcess[str]:
    """Run the real CLI in a subprocess (`python -m flowlint ...`).

    Costs an interpreter start-up (and is invisible to coverage): use it only when the test needs a
    real process, and say why in the test.
    """
    full_env = {**os.environ, "PYTHONIOENCODING": "utf-8", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "flowlint", *args],
        cwd=cwd or REPO,
        input=input,
        capture_output=True,
        text=True,
        env=full_env,
        timeout=timeout,
        check=False,
    )


# --- the public FlowMCP library --------------------------------------------------------------------

CORPUS_TARBALL = "flowmcp-schemas-v3.0.0-ca113b3.tar.gz"
"""The public library (FlowMCP/flowmcp-schemas `schemas/v3.0.0` at ca113b3), in `shared/corpus/`."""
CORPUS_ROOT = "schemas/v3.0.0"
"""The folder of the tarball whose contents are the library: `flowmcp-community/` (494 definitions)."""


def corpus_tarball() -> Path | None:
    """`shared/corpus/CORPUS_TARBALL` beside the repository (CI: a clean clone at `.../main` with `shared/`
    as its sibling) or beside a folder above it (a git worktree under `.../wt/`); None when absent."""
    for folder in REPO.parents:
        candidate = folder / "shared" / "corpus" / CORPUS_TARBALL
        if candidate.is_file():
            return candidate
    return None


@pytest.fixture(scope="session")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The library extracted into a session folder (about 0.2 s); the folder holding `flowmcp-community/`.
    Tests must not change it: a command that writes works on a copy."""
    tarball = corpus_tarball()
    if tarball is None:
        pytest.skip(f"the public FlowMCP library is absent: no shared/corpus/{CORPUS_TARBALL} beside {REPO}")
    target = tmp_path_factory.mktemp("corpus")
    with tarfile.open(tarball) as archive:
        archive.extractall(target, filter="data")
    return target / CORPUS_ROOT


@pytest.fixture
def smoke_mode(cov: Any) -> Iterator[None]:
    """For tests that run whole commands over many files and assert only that nothing crashes (the smoke
    tests): coverage is paused, so a line they alone reach does not count as tested (and tracing would
    double or triple their time), and the objects alive before the test are frozen out of the cyclic
    garbage collector's walks (as `check` does in its workers: `gc.freeze`), which the many files' trees
    would otherwise make walk this long-lived process again and again.

    Coverage is paused by taking its tracer off this thread and putting it back afterwards: in a
    pytest-xdist worker two coverage collectors are stacked, and `Coverage.stop()` (what pytest-cov's
    `no_cover` marker calls, which also fails every test it marks under `--no-cov` in pytest-cov 7.1)
    only hands tracing to the one below."""
    import gc

    tracer = sys.gettrace() if cov is not None else None
    if tracer is not None:
        sys.settrace(None)
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
        if tracer is not None:
            sys.settrace(tracer)


# --- local servers ---------------------------------------------------------------------------------


@contextlib.contextmanager
def serving(server: _Server) -> Iterator[_Server]:
    """Serve `server` (bound to 127.0.0.1) from a daemon thread until the block ends, then close it.

    `shutdown()` waits for the serving loop to look at its stop flag, which `serve_forever` does every
    `poll_interval`: the default half second made each test that started a server half a second longer
    (issue 19); a hundredth of a second costs nothing while the test runs.
    """
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


# --- golden files ----------------------------------------------------------------------------------


def _relative(path: Path) -> str:
    try:
        return path.resolve().relative_to(REPO).as_posix()
    except ValueError:
        return str(path)


class Golden:
    """Compares output with a reviewed golden file; with --update-goldens, writes the file instead."""

    def __init__(self, update: bool, test_file: str, updated: list[Path]) -> None:
        self.update = update
        self.test_file = test_file
        self._updated = updated

    def _command(self) -> str:
        return f"`python -m pytest {self.test_file} --update-goldens`"

    def read(self, path: Path) -> bytes:
        """A golden file's bytes; a missing file fails the test (it is never created silently)."""
        if not path.is_file():
            pytest.fail(
                f"golden file {_relative(path)} is missing; to write it from the current output, run "
                f"{self._command()} and review the new file before committing it",
                pytrace=False,
            )
        return path.read_bytes()

    def check(self, path: Path, actual: bytes | str) -> None:
        data = actual.encode("utf-8") if isinstance(actual, str) else actual
        if self.update:
            if not path.is_file() or path.read_bytes() != data:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
                self._updated.append(path)
            return
        expected = self.read(path)
        if expected == data:
            return
        diff = difflib.unified_diff(
            expected.decode("utf-8", "replace").splitlines(keepends=True),
            data.decode("utf-8", "replace").splitlines(keepends=True),
            fromfile=f"{_relative(path)} (golden)",
            tofile="actual",
        )
        lines = list(diff)
        shown = "".join(lines[:80]) + (f"... {len(lines) - 80} more diff lines\n" if len(lines) > 80 else "")
        pytest.fail(
            f"output differs from golden file {_relative(path)}; if the change is intended, run "
            f"{self._command()} and review it with `git diff`\n{shown}",
            pytrace=False,
        )


@pytest.fixture
def golden(request: pytest.FixtureRequest) -> Golden:
    return Golden(
        bool(request.config.getoption("--update-goldens")),
        _relative(Path(request.node.path)),
        request.config.stash[_UPDATED_GOLDENS],
    )


def peak_memory_kib(pid: int) -> int:
    """The peak resident memory of a running process since it started its program (Linux: VmHWM;
    `ru_maxrss` would count the forking test process too)."""
    status = Path(f"/proc/{pid}/status")
    if not status.is_file():
        pytest.skip("needs /proc/PID/status")
    [line] = [line for line in status.read_text().splitlines() if line.startswith("VmHWM:")]
    return int(line.split()[1])
