"""`schema --write` (and every other writer, through core/fileio.atomic_write) on hostile file systems:
read-only files, hard links, symlinks, foreign line endings, missing folders."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from conftest import invoke_cli
from flowlint.core.errors import FileProblem
from flowlint.core.fileio import atomic_write


def test_a_read_only_file_is_refused_even_for_root(tmp_path: Path) -> None:
    target = tmp_path / "definition.mjs"
    target.write_bytes(b"old")
    target.chmod(0o444)
    with pytest.raises(FileProblem, match="read-only"):
        atomic_write(target, b"new")
    assert target.read_bytes() == b"old"
    assert stat.S_IMODE(target.stat().st_mode) == 0o444


def test_hard_links_are_kept(tmp_path: Path) -> None:
    target = tmp_path / "definition.mjs"
    target.write_bytes(b"old content")
    other = tmp_path / "other-name.mjs"
    os.link(target, other)
    inode = target.stat().st_ino
    assert atomic_write(target, b"new")
    assert other.read_bytes() == b"new" and target.read_bytes() == b"new"
    assert target.stat().st_ino == inode and target.stat().st_nlink == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["definition.mjs", "other-name.mjs"]  # no temporary


def test_symlinks_are_written_through(tmp_path: Path) -> None:
    real = tmp_path / "real.mjs"
    real.write_bytes(b"old")
    link = tmp_path / "link.mjs"
    link.symlink_to(real)
    assert atomic_write(link, b"new")
    assert link.is_symlink() and real.read_bytes() == b"new"


def test_mode_is_kept(tmp_path: Path) -> None:
    target = tmp_path / "definition.mjs"
    target.write_bytes(b"old")
    target.chmod(0o640)
    atomic_write(target, b"new")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


@pytest.mark.parametrize("option", ["-o", "--write-baseline"])
def test_a_missing_folder_for_a_report_is_an_error_not_created(tmp_path: Path, option: str) -> None:
    (tmp_path / "ok.mjs").write_text("export const x = 1\n")
    result = invoke_cli("check", option, "missing/folder/out.txt", "ok.mjs", cwd=tmp_path)
    assert result.returncode == 2
    assert "does not exist" in result.stderr
    assert not (tmp_path / "missing").exists()


@pytest.mark.parametrize(("newline", "name"), [(b"\r\n", "crlf"), (b"\r", "cr"), (b"\n", "lf")])
def test_schema_write_keeps_the_files_line_breaks(tmp_path: Path, newline: bytes, name: str) -> None:
    """The style the writer renders a new output in takes the file's own line break: LF, CRLF or a
    classic-Mac lone CR (which used to get LF lines)."""
    from flowlint.core.nodes import SObject
    from flowlint.formats import parse_file_bytes
    from flowlint.rewrite.javascript import SYNTAX
    from flowlint.rewrite.syntax import detect_style

    source = (
        b"export const main = {\n"
        b"    namespace: 'demo',\n"
        b"    tools: {\n"
        b"        getThing: { method: 'GET', path: '/thing' }\n"
        b"    }\n"
        b"}\n"
    ).replace(b"\n", newline)
    module = parse_file_bytes(source, ".mjs")
    main = module.exports["main"]
    assert not module.problems and isinstance(main, SObject), name
    style = detect_style(source, main, SYNTAX)
    assert style.newline == newline.decode()
    assert style.indent == "    "


def test_sigterm_during_writes_leaves_no_temporary_file_and_a_whole_file(tmp_path: Path) -> None:
    """Subprocess: a real SIGTERM (a CI cancel) lands while a writer under `interruptible` (as
    `schema --write` runs) writes again and again; no temporary file may be left, and the target holds
    one whole version."""
    import signal
    import subprocess
    import sys
    import time

    target = tmp_path / "definition.mjs"
    target.write_bytes(b"a" * 4_000_000)
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from flowlint.cli.common import interruptible\n"
        "from flowlint.core.fileio import atomic_write\n"
        "target = Path(sys.argv[1])\n"
        "print('ready', flush=True)\n"
        "with interruptible():\n"
        "    try:\n"
        "        for i in range(100000):\n"
        "            atomic_write(target, (b'ab'[i % 2:i % 2 + 1]) * 4_000_000)\n"
        "    except KeyboardInterrupt:\n"
        "        sys.exit(3)\n"
    )
    process = subprocess.Popen([sys.executable, "-c", script, str(target)], stdout=subprocess.PIPE)
    assert process.stdout is not None and process.stdout.readline() == b"ready\n"
    time.sleep(0.5)
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=30) == 3
    assert [p.name for p in tmp_path.iterdir()] == ["definition.mjs"]
    content = target.read_bytes()
    assert len(content) == 4_000_000 and content in (b"a" * 4_000_000, b"b" * 4_000_000)


def test_interrupts_at_any_moment_of_a_write_leave_no_temporary_file(tmp_path: Path) -> None:
    """Subprocess: a thousand SIGINTs land at arbitrary moments of small atomic writes (whose time
    is mostly mkstemp and rename, where the old writer had a window: the temporary file existed but the
    cleanup did not yet know it). The child's handler raises only while a write is in progress, so every
    interrupt tests the writer; none may leave a temporary file, and the target stays whole.
    The child counts interrupts, not seconds (issue 19): it stops after a thousand, however busy the
    machine, then ignores SIGINT so that one sent while it exits cannot kill it."""
    import signal
    import subprocess
    import sys
    import time

    target = tmp_path / "definition.mjs"
    script = (
        "import signal, sys\n"
        "from pathlib import Path\n"
        "from flowlint.core.fileio import atomic_write\n"
        "target = Path(sys.argv[1])\n"
        "inside = [False]\n"
        "def handler(signum, frame):\n"
        "    if inside[0]:\n"
        "        inside[0] = False\n"
        "        raise KeyboardInterrupt\n"
        "signal.signal(signal.SIGINT, handler)\n"
        "print('ready', flush=True)\n"
        "interrupted = writes = 0\n"
        "while interrupted < 1000:\n"
        "    try:\n"
        "        inside[0] = True\n"
        "        atomic_write(target, b'ab'[writes % 2:writes % 2 + 1] * 1000)\n"
        "        inside[0] = False\n"
        "        writes += 1\n"
        "    except KeyboardInterrupt:\n"
        "        interrupted += 1\n"
        "signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
        "print(interrupted, writes, flush=True)\n"
    )
    process = subprocess.Popen([sys.executable, "-c", script, str(target)], stdout=subprocess.PIPE)
    assert process.stdout is not None and process.stdout.readline() == b"ready\n"
    deadline = time.monotonic() + 60  # bounds a hang only
    while process.poll() is None and time.monotonic() < deadline:
        process.send_signal(signal.SIGINT)
        time.sleep(0.001)
    output, _ = process.communicate(timeout=30)
    assert process.returncode == 0, output
    interrupted, writes = (int(word) for word in output.split())
    assert interrupted == 1000 and writes > 0
    assert [p.name for p in tmp_path.iterdir()] == ["definition.mjs"]
    assert target.read_bytes() in (b"a" * 1000, b"b" * 1000)


# --- issue 20: deep responses, odd capture folders --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"a": ' * 400 + "1" + "}" * 400, "nested deeper than 202 levels"),
        ('{"a": ' * 201 + "1" + "}" * 201, "response 0 nested deeper than 200 levels"),
        ("[" * 5000 + "]" * 5000, "nested deeper than 202 levels"),
    ],
)
def test_schema_from_a_deep_response_is_an_error_not_a_traceback(tmp_path: Path, text: str, message: str) -> None:
    (tmp_path / "deep.json").write_text(text)
    result = invoke_cli("schema", "--from-response", "deep.json", cwd=tmp_path)
    assert result.returncode in (1, 2) and "Traceback" not in result.stderr
    assert message in result.stderr, result.stderr


def _record(data: object, tool: str = "getThing") -> dict[str, object]:
    return {
        "namespace": "demo",
        "toolName": tool,
        "testIndex": 0,
        "timestamp": "2026-01-01T00:00:00Z",
        "response": {"status": True, "messages": [], "data": data},
    }


DEMO = """export const main = {
    namespace: 'demo', name: 'Demo', description: 'Demo.', version: '3.0.0', root: 'https://example.invalid',
    tools: {
        getThing: { method: 'GET', path: '/thing', description: 'Get a thing.', parameters: [], tests: [ {} ] },
        getOther: { method: 'GET', path: '/other', description: 'Get another.', parameters: [], tests: [ {} ] }
    }
}
"""


@pytest.mark.parametrize("depth", [400, 900])
def test_schema_on_a_readable_deep_record_is_a_clear_problem(tmp_path: Path, depth: int) -> None:
    import json

    captures = tmp_path / "captures" / "demo"
    captures.mkdir(parents=True)
    deep = json.loads("[" * depth + "]" * depth)
    (captures / "getThing-0.json").write_text(json.dumps(_record(deep)))
    (captures / "getOther-0.json").write_text(json.dumps(_record({"fine": 1}, "getOther")))
    (tmp_path / "demo.mjs").write_text(DEMO)
    result = invoke_cli("schema", "demo.mjs", "--captures", "captures", cwd=tmp_path)
    assert "Traceback" not in result.stderr
    assert "getThing-0.json: not a capture record (nested deeper than 202 levels)" in result.stderr, result.stderr
    assert "fine" in result.stdout  # the other tool's schema is still generated
    record = invoke_cli("schema", "--from-response", str(captures / "getThing-0.json"), cwd=tmp_path)
    assert record.returncode in (1, 2) and "nested deeper than 202 levels" in record.stderr, record.stderr


def test_schema_captures_that_is_a_device_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "demo.mjs").write_text(DEMO)
    result = invoke_cli("schema", "demo.mjs", "--captures", "/dev/zero", cwd=tmp_path)
    assert result.returncode == 2
    assert "/dev/zero: not a captures folder or a record file" in result.stderr, result.stderr


@pytest.mark.parametrize("mode", [[], ["--check"], ["--write"]])
def test_schema_on_an_empty_captures_folder_says_so_and_fails(tmp_path: Path, mode: list[str]) -> None:
    (tmp_path / "demo.mjs").write_text(DEMO)
    (tmp_path / "captures").mkdir()
    result = invoke_cli("schema", "demo.mjs", "--captures", "captures", *mode, cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr == "flowlint: nothing generated: no capture records in captures\n", result.stderr


def test_a_stray_json_file_in_a_captures_folder_is_one_line(tmp_path: Path) -> None:
    import json

    captures = tmp_path / "captures" / "demo"
    captures.mkdir(parents=True)
    (captures / "getThing-0.json").write_text(json.dumps(_record({"fine": 1})))
    (captures / "package.json").write_text('{"name": "stray", "version": "1.0.0"}')
    (tmp_path / "demo.mjs").write_text(DEMO)
    result = invoke_cli("schema", "demo.mjs", "--captures", "captures", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    [warning] = [line for line in result.stderr.splitlines() if "package.json" in line]
    assert warning.endswith(
        "package.json: not a capture record (missing namespace, toolName, testIndex, timestamp, response)"
    ), result.stderr
    assert len(result.stderr.splitlines()) == 1, result.stderr


def test_schema_when_no_file_is_a_record_says_so_and_fails(tmp_path: Path) -> None:
    (tmp_path / "demo.mjs").write_text(DEMO)
    (tmp_path / "captures").mkdir()
    (tmp_path / "captures" / "package.json").write_text("{}")
    result = invoke_cli("schema", "demo.mjs", "--captures", "captures", "--check", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.endswith("flowlint: nothing generated: no file in captures is a capture record\n")


# -- issue 28 --------------------------------------------------------------------------------------

COMMENTED = {
    ".mjs": (
        "export const main = {\n"
        "    namespace: 'demo', name: 'Demo', description: 'Demo.', version: '3.0.0', root: 'https://example.invalid',\n"
        "    tools: {\n"
        "        getThing: {\n"
        "            method: 'GET', path: '/thing', description: 'Get a thing.', parameters: [],\n"
        "            tests: [ { _description: 'one' } ] // the one test\n"
        "        }\n"
        "    }\n"
        "}\n"
    ),
    ".py": (
        "main = {\n"
        "    'namespace': 'demo', 'name': 'Demo', 'description': 'Demo.', 'version': '3.0.0',\n"
        "    'root': 'https://example.invalid',\n"
        "    'tools': {\n"
        "        'getThing': {\n"
        "            'method': 'GET', 'path': '/thing', 'description': 'Get a thing.', 'parameters': [],\n"
        "            'tests': [ { '_description': 'one' } ] # the one test\n"
        "        }\n"
        "    }\n"
        "}\n"
    ),
}


@pytest.mark.parametrize("newline", [b"\r", b"\r\n", b"\n"], ids=["cr", "crlf", "lf"])
@pytest.mark.parametrize("suffix", [".mjs", ".py"])
def test_schema_write_adds_an_output_after_a_line_comment_in_any_line_breaks(
    tmp_path: Path, newline: bytes, suffix: str
) -> None:
    # Lone CR: the comment was taken to run to the end of the file, the output went inside it, and
    # the file "no longer parses" (nothing was written).
    import json

    from flowlint.formats import parse_file_bytes

    target = tmp_path / f"demo{suffix}"
    target.write_bytes(COMMENTED[suffix].encode().replace(b"\n", newline))
    (tmp_path / "capture").mkdir()
    (tmp_path / "capture" / "getThing-0.json").write_text(json.dumps(_record({"id": 1, "name": "x"})))
    result = invoke_cli("schema", "--write", target.name, "--captures", "capture", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    written = target.read_bytes()
    assert b"output" in written and b"the one test" in written
    if newline != b"\r\n":  # one kind of line break, the file's own
        assert (b"\r" if newline == b"\n" else b"\n") not in written
    module = parse_file_bytes(written, suffix)
    assert not module.problems
    check = invoke_cli("check", "--select", "VAL036", target.name, cwd=tmp_path)
    assert check.returncode == 0 and "All checks passed" in check.stdout


def _demo_with_a_capture(folder: Path) -> Path:
    """DEMO in `folder`, and a `capture` folder with one record for its getThing."""
    import json

    target = folder / "demo.mjs"
    target.write_text(DEMO)
    (folder / "capture").mkdir()
    (folder / "capture" / "getThing-0.json").write_text(json.dumps(_record({"id": 1})))
    return target


def test_schema_write_never_undoes_an_edit_saved_right_after_its_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # It read the file back after the rename and, finding an autosave's edit there, wrote its old bytes
    # back: the edit was lost (9 runs in 10 with an autosave watcher). Now nothing is read back.
    from flowlint.rewrite import outputs

    target = _demo_with_a_capture(tmp_path)
    saved = DEMO.replace("Get another.", "Get another, as the user just typed.")
    write = outputs.atomic_write

    def write_then_autosave(path: Path, data: bytes, **options: object) -> bool:
        written = write(path, data, **options)  # type: ignore[arg-type]
        path.write_text(saved)  # the editor saves right after the rename
        monkeypatch.setattr(outputs, "atomic_write", write)
        return written

    monkeypatch.setattr(outputs, "atomic_write", write_then_autosave)
    result = invoke_cli("schema", "--write", "demo.mjs", "--captures", "capture", cwd=tmp_path)
    assert "Traceback" not in result.stderr
    assert target.read_text() == saved


def test_schema_write_leaves_a_file_edited_while_it_planned(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # An edit saved between reading the file and the rename is kept, and said; as `check --fix` does.
    from flowlint.core import fileio

    target = _demo_with_a_capture(tmp_path)
    saved = DEMO.replace("Get another.", "Get another (edited).")
    check = fileio._check_unchanged

    def edited_just_before_the_rename(target_path: Path, info: object, expected: bytes | None, shown: Path) -> None:
        if info is None:  # the last comparison, just before the rename
            target_path.write_text(saved)
        check(target_path, info, expected, shown)  # type: ignore[arg-type]

    monkeypatch.setattr(fileio, "_check_unchanged", edited_just_before_the_rename)
    result = invoke_cli("schema", "--write", "demo.mjs", "--captures", "capture", cwd=tmp_path)
    assert result.returncode == 1
    assert "not written: the file changed since flowlint read it" in result.stderr
    assert target.read_text() == saved
    assert not list(tmp_path.glob(".demo.mjs.*.tmp"))
