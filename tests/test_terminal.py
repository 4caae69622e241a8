"""The text report on a terminal: colour (--color, NO_COLOR, FORCE_COLOR), a source frame under each
finding (--show-source, on by default on a terminal), -q/-qq, --exit-zero, and --statistics."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

from test_cli import BROKEN

from conftest import REPO, Golden, invoke_cli

SAMPLES = ("sample_schemas/openmeteo/forecast.json", "sample_schemas/defillama/protocols.py")
ESC = "\x1b["


def test_golden_coloured_report_with_source_frames(golden: Golden) -> None:
    result = invoke_cli("check", *SAMPLES, "--color", "always", "--show-source", "--fail-on", "info")
    assert result.returncode == 1
    golden.check(REPO / "tests" / "snapshots" / "terminal_color_source.txt", result.stdout)


def test_golden_plain_report_with_source_frames(golden: Golden, tmp_path: Path) -> None:
    (tmp_path / "demo.mjs").write_text(
        BROKEN.replace("            tests", "\t\t\ttests").replace("'Ten'", "'Zehn €'"), encoding="utf-8"
    )
    result = invoke_cli("check", "demo.mjs", "--show-source", "--color", "never", cwd=tmp_path)
    assert ESC not in result.stdout
    golden.check(REPO / "tests" / "snapshots" / "terminal_source.txt", result.stdout)


def test_no_source_and_no_colour_off_a_terminal(tmp_path: Path) -> None:
    (tmp_path / "demo.mjs").write_text(BROKEN, encoding="utf-8")
    result = invoke_cli("check", "demo.mjs", cwd=tmp_path)
    assert ESC not in result.stdout and " | " not in result.stdout
    assert len(result.stdout.splitlines()) == 3  # the finding, the summary, what --fix would fix


def test_colour_environment(tmp_path: Path) -> None:
    (tmp_path / "demo.mjs").write_text(BROKEN, encoding="utf-8")

    def coloured(*args: str, **env: str) -> bool:
        cleared = {"NO_COLOR": "", "FORCE_COLOR": "", **env}
        return ESC in invoke_cli("check", "demo.mjs", *args, cwd=tmp_path, env=cleared).stdout

    assert not coloured()  # not a terminal
    assert coloured(FORCE_COLOR="1")
    assert not coloured(FORCE_COLOR="0")
    assert not coloured(NO_COLOR="1", FORCE_COLOR="1")  # NO_COLOR wins
    assert coloured("--color", "always", NO_COLOR="1")  # the flag wins over the environment
    assert not coloured("--color", "never", FORCE_COLOR="1")
    # a report written to a file is never coloured
    invoke_cli("check", "demo.mjs", "--color", "always", "-o", "report.txt", cwd=tmp_path)
    assert ESC not in (tmp_path / "report.txt").read_text(encoding="utf-8")


def _on_a_terminal(args: list[str], cwd: Path, env: dict[str, str]) -> str:
    """Run the CLI with its stdout on a pseudo-terminal, and return what it wrote there."""
    leader, follower = pty.openpty()
    full_env = {**os.environ, "NO_COLOR": "", "FORCE_COLOR": "", "PYTHONIOENCODING": "utf-8", **env}
    process = subprocess.Popen(
        [sys.executable, "-m", "flowlint", *args], cwd=cwd, stdout=follower, stderr=subprocess.PIPE, env=full_env
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # EIO: the process closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait(timeout=60)
    os.close(leader)
    return b"".join(chunks).decode("utf-8").replace("\r\n", "\n")


def test_a_terminal_gets_colour_and_source_by_default(tmp_path: Path) -> None:
    # A real process: only a real pseudo-terminal makes stdout.isatty() true.
    (tmp_path / "demo.mjs").write_text(BROKEN, encoding="utf-8")
    shown = _on_a_terminal(["check", "demo.mjs"], tmp_path, {})
    assert ESC in shown and "7 |" in shown and "^^^^" in shown
    plain = _on_a_terminal(["check", "demo.mjs", "--no-show-source"], tmp_path, {"NO_COLOR": "1"})
    assert ESC not in plain and "7 |" not in plain


def test_quiet_and_exit_zero(tmp_path: Path) -> None:
    (tmp_path / "demo.mjs").write_text(BROKEN, encoding="utf-8")
    quiet = invoke_cli("check", "demo.mjs", "-q", cwd=tmp_path)
    assert quiet.returncode == 1
    assert quiet.stdout.splitlines() == [line for line in quiet.stdout.splitlines() if "TST004" in line]
    assert len(quiet.stdout.splitlines()) == 1
    silent = invoke_cli("check", "demo.mjs", "-qq", "--format", "json", "--statistics", cwd=tmp_path)
    assert silent.returncode == 1 and silent.stdout == "" and silent.stderr == ""
    zero = invoke_cli("check", "demo.mjs", "--exit-zero", cwd=tmp_path)
    assert zero.returncode == 0 and "TST004 error" in zero.stdout
    assert invoke_cli("check", "missing.mjs", "--exit-zero", cwd=tmp_path).returncode == 2
    clean = invoke_cli("check", "demo.mjs", "-q", "--ignore", "TST004", cwd=tmp_path)
    assert clean.returncode == 0 and clean.stdout == ""


def test_statistics_name_every_severity_of_a_code(tmp_path: Path) -> None:
    for folder in ("strict", "lenient"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "demo.mjs").write_text(BROKEN, encoding="utf-8")
    (tmp_path / "lenient" / "flowlint.toml").write_text('severity = { TST004 = "warning" }\n', encoding="utf-8")
    (tmp_path / "strict" / "flowlint.toml").write_text("min_tests = 4\n", encoding="utf-8")
    result = invoke_cli("check", ".", "--statistics", cwd=tmp_path)
    # Only the table (as ruff), with a header, its columns aligned: count, code, how many at each
    # severity (issue 27, item 7: the table was not split by severity), [*] when fixable, name.
    assert result.stdout.splitlines() == [
        "count  code    error  warning  info  fix name",
        "    2  TST004      1        1        [*] valid-values",
        "    1  TST001      1                     min-tests",
    ], result.stdout
    one = invoke_cli("check", "lenient", "--statistics", cwd=tmp_path)
    assert one.stdout.splitlines() == [
        "count  code    error  warning  info  fix name",
        "    1  TST004               1        [*] valid-values",
    ]


def test_source_frames_for_standard_input(tmp_path: Path) -> None:
    result = invoke_cli("check", "-", "--stdin-filename", "demo.mjs", "--show-source", cwd=tmp_path, input=BROKEN)
    # The 137-column line is cut around the caret (issue 27, item 3: frames printed whole lines).
    frame = next(line for line in result.stdout.splitlines() if line.startswith("7 | "))
    assert frame.startswith("7 | …") and frame.endswith("…") and len(frame) <= 4 + 100
    caret = next(line for line in result.stdout.splitlines() if "^" in line)
    assert caret.index("^^^^") == frame.index("'10'") and result.stdout.count("^^^^") == 1
    assert "  = help: write 10 without quotes\n  = rule: flowlint rule TST004\n" in result.stdout
