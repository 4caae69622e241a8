"""Shared fixtures. Tests never touch the internet: any attempt to reach a non-loopback address fails."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
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


def run_cli(
    *args: str,
    cwd: Path | None = None,
    input: str | None = None,
    env: dict[str, str] | None = None,
    timeout: float = 60,
) -> subprocess.CompletedProcess[str]:
    """Run the real CLI in a subprocess (`python -m flowlint ...`)."""
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
