"""The README's walkthrough runs as written: the demo API, check, capture, schema --write, check, verify.

Subprocess: the demo API is the README's own `serve.py`, on a free port of 127.0.0.1 instead of 8765;
every flowlint line of the README's block is run in a copy of examples/demo-prices/.
"""

from __future__ import annotations

import re
import shlex
import shutil
import socket
import subprocess
import sys
from pathlib import Path

from conftest import REPO, invoke_cli


def _walkthrough() -> list[str]:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- walkthrough:[^>]*-->\n```sh\n(.*?)```\n<!-- end of walkthrough -->", readme, re.S)
    assert block is not None, "the README's walkthrough block is missing"
    return [line.split("  #", 1)[0].strip() for line in block.group(1).splitlines() if line.startswith("flowlint ")]


def _schema_example() -> str:
    """The README's `flowlint schema` example, up to its `...`."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- schema example:[^>]*-->\n```text\n\$ [^\n]*\n(.*?)\n\.\.\.\n```", readme, re.S)
    assert block is not None, "the README's schema example is missing"
    return block.group(1) + "\n"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_readme_walkthrough_runs(tmp_path: Path) -> None:
    folder = tmp_path / "demo-prices"
    shutil.copytree(REPO / "examples" / "demo-prices", folder)
    port = _free_port()
    server = subprocess.Popen([sys.executable, "serve.py", str(port)], cwd=folder, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None and "demo prices API" in server.stdout.readline()
        commands = _walkthrough()
        assert [c.split()[1] for c in commands] == ["check", "capture", "schema", "check", "verify"]
        outputs = []
        for index, command in enumerate(commands):
            if index == 2:  # before writing: the README's `flowlint schema` example shows this diff
                diff = invoke_cli("schema", "prices.mjs", "--captures", "capture", cwd=folder)
                assert diff.returncode == 0 and diff.stdout.startswith(_schema_example()), diff.stdout
            argv = shlex.split(command.replace("127.0.0.1:8765", f"127.0.0.1:{port}"))
            result = invoke_cli(*argv[1:], cwd=folder)
            assert result.returncode == 0, (command, result.stdout, result.stderr)
            outputs.append(result.stdout + result.stderr)
        assert outputs[0].count("VAL036 warning") == 2
        assert "6 tests captured" in outputs[1] and "6 ok, 0 failed" in outputs[1]
        assert "prices.mjs: written" in outputs[2]
        assert outputs[3].startswith("All checks passed")
        assert outputs[4].startswith("All checks passed")
        assert "output: {" in (folder / "prices.mjs").read_text(encoding="utf-8")
    finally:
        server.terminate()
        server.wait(timeout=10)
        if server.stdout is not None:
            server.stdout.close()
