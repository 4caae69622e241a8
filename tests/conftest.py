"""Shared fixtures and helpers.

- Tests never touch the internet: any attempt to reach a non-loopback address fails.
- `invoke_cli` runs the CLI in this process (fast, measured by coverage); `run_cli` runs it in a real
  subprocess, for the few tests that need one (signals, interpreter start-up and imports, real pipes).
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parent.parent
SAMPLES = REPO / "sample_schemas"

_LOOPBACK_PREFIXES = ("127.", "::1", "localhost", "0:0:0:0:0:0:0:1")


def _is_local(address: Any) -> bool:
    if isinstance(address, tuple) and address:
        host = str(address[0])
        return host.startswith(_LOOPBACK_PREFIXES) or host in ("", "0.0.0.0")
    return True  # AF_UNIX and friends


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
