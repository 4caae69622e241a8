"""The README's walkthrough runs as written: the demo API, check, capture, schema --write, check, verify.

Subprocess: the demo API is the README's own `serve.py`, on a free port of 127.0.0.1 instead of 8765;
every flowlint line of the README's block is run in a copy of examples/demo-prices/.
"""

from __future__ import annotations

import re
import shlex
import socket
import subprocess
import sys
from pathlib import Path

from conftest import REPO, invoke_cli


def _walkthrough_lines() -> list[str]:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- walkthrough:[^>]*-->\n```sh\n(.*?)```\n<!-- end of walkthrough -->", readme, re.S)
    assert block is not None, "the README's walkthrough block is missing"
    return [line.split("  #", 1)[0].strip() for line in block.group(1).splitlines()]


def _walkthrough() -> list[str]:
    return [line for line in _walkthrough_lines() if line.startswith("flowlint ")]


def _copy_line(folder: Path) -> list[str]:
    """The README's `cp` line, into `folder` instead of /tmp/demo-prices (the `&& cd` part left out)."""
    [line] = [line for line in _walkthrough_lines() if line.startswith("cp ")]
    command = line.split("&&")[0].replace("/tmp/demo-prices", str(folder))
    return shlex.split(command)


def _schema_example() -> str:
    """docs/schema.md's `flowlint schema` example, up to its `...`."""
    page = (REPO / "docs" / "schema.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- schema example:[^>]*-->\n```text\n\$ [^\n]*\n(.*?)\n\.\.\.\n```", page, re.S)
    assert block is not None, "docs/schema.md's schema example is missing"
    return block.group(1) + "\n"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_readme_walkthrough_runs_twice(tmp_path: Path) -> None:
    # Run twice, the old `cp -r examples/demo-prices /tmp/demo-prices` copied into /tmp/demo-prices/demo-prices
    # and the second run checked the first run's (already fixed) definition.
    folder = tmp_path / "demo-prices"
    for _ in range(2):
        subprocess.run(_copy_line(folder), cwd=REPO, check=True)
        assert sorted(p.name for p in folder.iterdir() if p.suffix) == ["prices.mjs", "serve.py"]
        _run_walkthrough(folder)


def _run_walkthrough(folder: Path) -> None:
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


def test_serve_on_a_busy_port_says_so_without_a_traceback(tmp_path: Path) -> None:
    """Subprocess: serve.py is the README's own script, run as the README runs it."""
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "serve.py", str(port)],
            cwd=REPO / "examples" / "demo-prices",
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert f"serve.py: cannot listen on 127.0.0.1:{port}:" in result.stderr
    assert "Is the demo API already running" in result.stderr
    bad = subprocess.run(
        [sys.executable, "serve.py", "eighty"], cwd=REPO / "examples" / "demo-prices", capture_output=True, text=True
    )
    assert bad.returncode == 2 and "usage: python serve.py [PORT]" in bad.stderr and "Traceback" not in bad.stderr


def test_the_wheel_declares_its_mit_license_file() -> None:
    # The wheel carried no LICENSE, and setuptools warned that `project.license` as a table is deprecated.
    # (Built by hand: `pip wheel . -w /tmp/w` holds flowmcp_lint-*.dist-info/licenses/LICENSE and
    # `License-Expression: MIT`; building needs setuptools>=77 from the index, so the test reads the
    # declaration instead.)
    import tomllib

    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["project"]["license"] == "MIT"  # the SPDX string form (PEP 639)
    assert config["project"]["license-files"] == ["LICENSE"]
    assert any(req.replace(" ", "").startswith("setuptools>=77") for req in config["build-system"]["requires"])
    license_text = (REPO / "LICENSE").read_text(encoding="utf-8")
    assert license_text.startswith("MIT License\n") and "Permission is hereby granted, free of charge" in license_text
