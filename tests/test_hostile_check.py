"""`check` against hostile file systems: FIFOs, devices, symlink loops, unreadable folders, odd targets.

Nothing here may hang, read without end, crash with a traceback or replace something that is not a
regular file. Every test is in-process (`invoke_cli`) under an alarm, so a regression that blocks on
a FIFO fails the test instead of hanging the suite.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import REPO, invoke_cli

CLEAN = """\
export const main = {
    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',
    tools: {
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [],
            output: { mimeType: 'application/json', schema: { type: 'object' } },
            tests: [ { _description: 'Service is up' }, { _description: 'Still up' }, { _description: 'Up again' } ] }
    }
}
"""

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX FIFOs and symlinks")


@pytest.fixture(autouse=True)
def _alarm() -> Iterator[None]:
    """Fail, rather than hang, when a command blocks (opening a FIFO, reading /dev/zero)."""

    def expire(signum: int, frame: object) -> None:
        raise TimeoutError("the command did not finish within 20 seconds")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(20)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def check_json(*args: str, cwd: Path) -> tuple[int, dict[str, Any], str]:
    result = invoke_cli("check", "--format", "json", *args, cwd=cwd)
    return result.returncode, json.loads(result.stdout), result.stderr


def by_path(report: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    found: dict[str, list[dict[str, Any]]] = {}
    for diagnostic in report["diagnostics"]:
        found.setdefault(diagnostic["path"], []).append(diagnostic)
    return found


def test_a_fifo_in_a_folder_is_fl006_and_does_not_hang(tmp_path: Path) -> None:
    folder = tmp_path / "defs"
    folder.mkdir()
    (folder / "ok.mjs").write_text(CLEAN)
    os.mkfifo(folder / "x.mjs")
    code, report, _ = check_json("defs", cwd=tmp_path)
    found = by_path(report)
    assert code == 1
    assert [d["code"] for d in found["defs/x.mjs"]] == ["FL006"]
    assert "it is a FIFO" in found["defs/x.mjs"][0]["message"]
    assert "defs/ok.mjs" not in found
    assert report["summary"]["files"] == 2


def test_a_file_symlink_loop_is_fl006_and_the_other_files_are_checked(tmp_path: Path) -> None:
    folder = tmp_path / "defs"
    folder.mkdir()
    (folder / "ok.mjs").write_text(CLEAN)
    (folder / "warn.mjs").write_text(CLEAN.replace("'/ping'", "'/ping'  "))
    os.symlink("b.mjs", folder / "a.mjs")
    os.symlink("a.mjs", folder / "b.mjs")
    code, report, stderr = check_json("defs", cwd=tmp_path)
    found = by_path(report)
    assert "Traceback" not in stderr
    assert code == 1
    for name in ("a.mjs", "b.mjs"):
        assert [d["code"] for d in found[f"defs/{name}"]] == ["FL006"]
        assert "symbolic links" in found[f"defs/{name}"][0]["message"]
    assert report["summary"]["files"] == 4
    assert report["summary"]["definitions"] == 2


def test_a_symlink_loop_named_on_the_command_line_is_fl006(tmp_path: Path) -> None:
    os.symlink("b.mjs", tmp_path / "a.mjs")
    os.symlink("a.mjs", tmp_path / "b.mjs")
    code, report, _ = check_json("a.mjs", cwd=tmp_path)
    assert code == 1
    assert [(d["path"], d["code"]) for d in report["diagnostics"]] == [("a.mjs", "FL006")]


def test_a_symlink_to_dev_zero_is_a_device_not_an_endless_read(tmp_path: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    folder = tmp_path / "defs"
    folder.mkdir()
    os.symlink("/dev/zero", folder / "z.mjs")
    code, report, _ = check_json("defs", cwd=tmp_path)
    assert code == 1
    [diagnostic] = report["diagnostics"]
    assert (diagnostic["path"], diagnostic["code"]) == ("defs/z.mjs", "FL006")
    assert "it is a device" in diagnostic["message"]


def test_a_symlinked_folder_loop_is_not_followed(tmp_path: Path) -> None:
    folder = tmp_path / "defs"
    (folder / "sub").mkdir(parents=True)
    (folder / "sub" / "ok.mjs").write_text(CLEAN)
    os.symlink("..", folder / "sub" / "up")
    os.symlink(folder, folder / "self")
    code, report, _ = check_json("defs", cwd=tmp_path)
    assert code == 0
    assert report["summary"]["files"] == 1


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root reads folders whatever their mode")
def test_an_unreadable_folder_is_reported(tmp_path: Path) -> None:
    folder = tmp_path / "defs"
    locked = folder / "locked"
    locked.mkdir(parents=True)
    (folder / "ok.mjs").write_text(CLEAN)
    (locked / "hidden.mjs").write_text(CLEAN)
    locked.chmod(0)
    try:
        code, report, _ = check_json("defs", cwd=tmp_path)
    finally:
        locked.chmod(0o755)
    found = by_path(report)
    assert code == 1
    assert [d["code"] for d in found["defs/locked"]] == ["FL006"]
    assert report["summary"]["unreadable"] == 1


def test_a_folder_the_walk_cannot_read_is_fl006_on_the_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As `test_an_unreadable_folder_is_reported`, for root too: os.walk's scandir is made to refuse."""
    folder = tmp_path / "defs"
    locked = folder / "locked"
    locked.mkdir(parents=True)
    (folder / "ok.mjs").write_text(CLEAN)
    (locked / "hidden.mjs").write_text(CLEAN)
    real_scandir = os.scandir

    def scandir(path: Any = ".") -> Any:
        if os.path.basename(os.fspath(path)) == "locked":
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    code, report, _ = check_json("defs", cwd=tmp_path)
    found = by_path(report)
    assert code == 1
    assert [d["code"] for d in found["defs/locked"]] == ["FL006"]
    assert "Permission denied" in found["defs/locked"][0]["message"]
    assert "folder" in found["defs/locked"][0]["message"]
    assert "defs/ok.mjs" not in found
    assert report["summary"] == {**report["summary"], "files": 2, "definitions": 1, "unreadable": 1}


def test_a_fifo_named_on_the_command_line_is_checked_like_a_file(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.mjs")
    code, report, stderr = check_json("pipe.mjs", cwd=tmp_path)
    assert code == 1
    assert "no .mjs" not in stderr
    [diagnostic] = report["diagnostics"]
    assert (diagnostic["path"], diagnostic["code"]) == ("pipe.mjs", "FL006")
    assert "it is a FIFO" in diagnostic["message"]
    assert report["summary"]["files"] == 1


def test_a_device_named_on_the_command_line_is_checked_like_a_file(tmp_path: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    code, report, _ = check_json("/dev/zero", cwd=tmp_path)
    assert code == 1
    [diagnostic] = report["diagnostics"]
    assert diagnostic["code"] == "FL006"
    assert "it is a device" in diagnostic["message"]


def _project(tmp_path: Path) -> None:
    (tmp_path / "ok.mjs").write_text(CLEAN)


@pytest.mark.parametrize("option", ["-o", "--write-baseline"])
def test_writing_onto_a_fifo_is_refused(tmp_path: Path, option: str) -> None:
    _project(tmp_path)
    target = tmp_path / "out.fifo"
    os.mkfifo(target)
    os.symlink("out.fifo", tmp_path / "link.json")
    for name in ("out.fifo", "link.json"):
        result = invoke_cli("check", "ok.mjs", option, name, cwd=tmp_path)
        assert result.returncode == 2
        assert "not written: it is a FIFO" in result.stderr
        assert stat.S_ISFIFO(os.stat(target).st_mode)
        assert os.path.islink(tmp_path / "link.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "ok.mjs", "out.fifo"]  # no temporary left


@pytest.mark.parametrize("option", ["-o", "--write-baseline"])
def test_writing_onto_a_folder_is_refused(tmp_path: Path, option: str) -> None:
    _project(tmp_path)
    (tmp_path / "out").mkdir()
    os.symlink("out", tmp_path / "link")
    for name in ("out", "link"):
        result = invoke_cli("check", "ok.mjs", option, name, cwd=tmp_path)
        assert result.returncode == 2
        assert "directory" in result.stderr or "folder" in result.stderr
    assert list((tmp_path / "out").iterdir()) == []
    assert os.path.islink(tmp_path / "link")


@pytest.mark.parametrize("option", ["-o", "--write-baseline"])
def test_writing_onto_a_device_is_refused_and_dev_null_stays_a_device(tmp_path: Path, option: str) -> None:
    """A private copy of /dev/null (mknod, as root) stands in for it: a regression must not replace the
    machine's /dev/null. The real one is only looked at, before and after."""
    _project(tmp_path)
    device = tmp_path / "null"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (OSError, AttributeError) as error:
        pytest.skip(f"cannot create a device node here: {error}")
    os.symlink("null", tmp_path / "null.json")
    for name in ("null", "null.json"):
        result = invoke_cli("check", "ok.mjs", option, name, cwd=tmp_path)
        assert result.returncode == 2
        assert "not written: it is a device" in result.stderr
        assert stat.S_ISCHR(os.stat(device).st_mode)
        assert os.path.islink(tmp_path / "null.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null", "null.json", "ok.mjs"]  # no temporary left
    if Path("/dev/null").exists():
        assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_dangling_symlink_named_on_the_command_line_is_fl006_a_missing_path_a_usage_error(tmp_path: Path) -> None:
    """A link that exists but leads nowhere is a file that cannot be read (FL006, exit 1), like a loop;
    a path that does not exist at all stays a usage error (exit 2)."""
    os.symlink("nowhere.mjs", tmp_path / "dangling.mjs")
    code, report, _ = check_json("dangling.mjs", cwd=tmp_path)
    assert code == 1
    [diagnostic] = report["diagnostics"]
    assert (diagnostic["path"], diagnostic["code"]) == ("dangling.mjs", "FL006")
    missing = invoke_cli("check", "missing.mjs", cwd=tmp_path)
    assert missing.returncode == 2
    assert "missing.mjs: no such file or folder" in missing.stderr


def test_load_paths_lists_folders_it_cannot_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """verify, capture and the MCP commands load through `load_paths`: they see the folder too."""
    from flowlint.definition.loading import LoadStatus, load_paths

    (tmp_path / "locked").mkdir()
    (tmp_path / "ok.mjs").write_text(CLEAN)
    real_scandir = os.scandir

    def scandir(path: Any = ".") -> Any:
        if os.path.basename(os.fspath(path)) == "locked":
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    loaded = {item.path.name: item for item in load_paths([tmp_path])}
    assert sorted(loaded) == ["locked", "ok.mjs"]
    assert loaded["ok.mjs"].status is LoadStatus.DEFINITION
    assert loaded["locked"].status is LoadStatus.UNREADABLE
    assert loaded["locked"].kind == "error"
    assert loaded["locked"].reason == "cannot read the folder: Permission denied"


@pytest.mark.parametrize("suffix", [".mjs", ".py"])
def test_a_definition_that_explodes_is_one_fl020_finding(tmp_path: Path, suffix: str) -> None:
    # 11 levels of `aN = [aN-1, ... ten times]`: 10**11 values from 600 bytes (7 levels took 10 s, 11 never ended).
    from test_hostile_parse import repeated

    (tmp_path / f"boom{suffix}").write_bytes(repeated(11, python=suffix == ".py"))
    (tmp_path / f"ok{suffix.replace('.py', '.mjs')}").write_text(CLEAN)
    code, report, stderr = check_json("--no-cache", ".", cwd=tmp_path)
    assert code == 1 and "Traceback" not in stderr
    [diagnostic] = report["diagnostics"]
    assert (diagnostic["path"], diagnostic["code"], diagnostic["severity"]) == (f"boom{suffix}", "FL020", "error")
    assert "FlowMCP would evaluate it, but flowlint cannot check it" in diagnostic["message"]
    assert report["summary"]["files"] == 2


# -- the result cache never writes through a link ----------------------------------------------------


@pytest.fixture
def cached_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project whose cache sits at its default place (`.flowlint_cache/` beside pyproject.toml)."""
    monkeypatch.delenv("FLOWLINT_CACHE_DIR", raising=False)
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text("[tool.flowlint]\n")
    (project / "ok.mjs").write_text(CLEAN)
    return project


def test_a_cache_gitignore_symlink_is_not_written_through(cached_project: Path, tmp_path: Path) -> None:
    cache = cached_project / ".flowlint_cache"
    cache.mkdir()
    victim = tmp_path / "outside" / "created-by-flowlint"
    victim.parent.mkdir()
    os.symlink(victim, cache / ".gitignore")
    result = invoke_cli("check", ".", cwd=cached_project)
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert not victim.exists()  # the old cache created it through the dangling link
    assert os.path.islink(cache / ".gitignore")
    assert result.stderr.count("is a symbolic link; the cache does not write through it") == 1
    assert list(cache.glob("results-*.json"))  # the results themselves are still cached


def test_a_results_file_symlink_does_not_overwrite_its_target(cached_project: Path, tmp_path: Path) -> None:
    assert invoke_cli("check", ".", cwd=cached_project).returncode == 0
    [results] = (cached_project / ".flowlint_cache").glob("results-*.json")
    victim = tmp_path / "precious.txt"
    victim.write_text("precious\n")
    results.unlink()
    os.symlink(victim, results)
    (cached_project / "other.mjs").write_text(CLEAN.replace("'demo'", "'other'"))  # something new to cache
    result = invoke_cli("check", ".", cwd=cached_project)
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert victim.read_text() == "precious\n"  # the old cache overwrote it with cache JSON
    assert "is a symbolic link; the cache does not write through it" in result.stderr


def test_a_results_file_with_another_hard_link_is_replaced_not_written_in_place(
    cached_project: Path, tmp_path: Path
) -> None:
    assert invoke_cli("check", ".", cwd=cached_project).returncode == 0
    [results] = (cached_project / ".flowlint_cache").glob("results-*.json")
    victim = tmp_path / "linked.txt"
    victim.write_text("precious\n")
    results.unlink()
    os.link(victim, results)
    (cached_project / "other.mjs").write_text(CLEAN.replace("'demo'", "'other'"))
    assert invoke_cli("check", ".", cwd=cached_project).returncode == 0
    assert victim.read_text() == "precious\n"
    assert "files" in json.loads(results.read_text()) and results.stat().st_nlink == 1


def test_a_cache_folder_that_links_elsewhere_is_refused_once(cached_project: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    os.symlink(elsewhere, cached_project / ".flowlint_cache")
    for _ in range(2):
        result = invoke_cli("check", ".", cwd=cached_project)
        assert result.returncode == 0 and "Traceback" not in result.stderr
        assert result.stderr.count("is a symbolic link; the cache is neither read nor written") == 1
    assert list(elsewhere.iterdir()) == []
    clean = invoke_cli("clean", cwd=cached_project)
    assert clean.returncode != 0 and "symbolic link" in clean.stderr + clean.stdout
    assert elsewhere.is_dir()


def test_atomic_write_without_following_links_refuses_a_link(tmp_path: Path) -> None:
    from flowlint.core.errors import FileProblem
    from flowlint.core.fileio import atomic_write

    victim = tmp_path / "victim"
    victim.write_bytes(b"old")
    os.symlink(victim, tmp_path / "link")
    with pytest.raises(FileProblem, match="symbolic link"):
        atomic_write(tmp_path / "link", b"new", follow_links=False)
    assert victim.read_bytes() == b"old"
    assert atomic_write(tmp_path / "link", b"new")  # the default still writes through, as documented
    assert victim.read_bytes() == b"new"


# -- check --fix never overwrites an edit saved while it runs ------------------------------------------

UNFIXED = CLEAN.replace("{ _description: 'Service is up' }", "{ _description: 'Service is up', extra: '1' }")


def test_fix_keeps_an_edit_saved_while_the_fixes_were_worked_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A 3,000-test file took 3.75 s to fix; an edit saved 0.8 s in was lost 5 times in 5. Here the edit
    # lands deterministically between the read and the write.
    from flowlint.lint import fixing

    path = tmp_path / "demo.mjs"
    path.write_text(UNFIXED + "// flowlint: ignore[TST002]\n")  # FL009's safe fix removes the comment
    edited = "// saved by the editor meanwhile\n" + path.read_text()
    fix_bytes = fixing.fix_bytes

    def save_meanwhile(*args: Any, **kwargs: Any) -> fixing.FileFix:
        outcome = fix_bytes(*args, **kwargs)
        path.write_text(edited)
        return outcome

    monkeypatch.setattr(fixing, "fix_bytes", save_meanwhile)
    result = invoke_cli("check", "--fix", "demo.mjs", cwd=tmp_path)
    assert path.read_text() == edited
    assert "demo.mjs: not written: the file changed since flowlint read it" in result.stderr
    assert "Traceback" not in result.stderr


def test_fix_compares_again_just_before_the_rename(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The edit lands after the temporary file is written, right before it would replace the file.
    from flowlint.core import fileio

    path = tmp_path / "demo.mjs"
    path.write_text(UNFIXED + "// flowlint: ignore[TST002]\n")
    edited = "// saved by the editor meanwhile\n" + path.read_text()
    chmod = os.chmod

    def save_meanwhile(target: Any, mode: int, **kwargs: Any) -> None:
        chmod(target, mode, **kwargs)
        if str(target).endswith(".tmp"):
            path.write_text(edited)

    monkeypatch.setattr(fileio.os, "chmod", save_meanwhile)
    result = invoke_cli("check", "--fix", "demo.mjs", cwd=tmp_path)
    assert path.read_text() == edited
    assert "not written: the file changed since flowlint read it" in result.stderr
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    monkeypatch.undo()
    unchanged = tmp_path / "again.mjs"
    unchanged.write_text(UNFIXED + "// flowlint: ignore[TST002]\n")
    invoke_cli("check", "--fix", "again.mjs", cwd=tmp_path)
    assert "ignore[TST002]" not in unchanged.read_text()  # an untouched file is still fixed


@pytest.mark.parametrize(
    ("depth", "expected"), [(100_000, "nested too deeply to read"), (17, "expected version 1 and a findings list")]
)
def test_a_deeply_nested_baseline_is_a_usage_error(tmp_path: Path, depth: int, expected: str) -> None:
    # 100,000 levels: RecursionError and exit 1, which reads like findings.
    (tmp_path / "ok.mjs").write_text(CLEAN)
    (tmp_path / "baseline.json").write_text("[" * depth + "]" * depth)
    result = invoke_cli("check", "--baseline", "baseline.json", "ok.mjs", cwd=tmp_path)
    assert result.returncode == 2
    assert f"baseline.json: not a flowlint baseline ({expected}" in result.stderr
    assert "Traceback" not in result.stderr and "RecursionError" not in result.stderr


def test_a_baseline_of_a_file_whose_name_is_not_utf8_is_written_and_read_back(tmp_path: Path) -> None:
    # --write-baseline ended in a UnicodeEncodeError traceback for a file named b"bad-\xff.mjs".
    (tmp_path / os.fsdecode(b"bad-\xff.mjs")).write_text("export const main = {\n")
    written = invoke_cli("check", "--write-baseline", "base.json", ".", cwd=tmp_path)
    assert written.returncode == 0 and "Traceback" not in written.stderr
    assert "wrote 1 finding to base.json" in written.stderr
    assert json.loads((tmp_path / "base.json").read_bytes())["findings"][0]["code"] == "FL001"
    again = invoke_cli("check", "--baseline", "base.json", ".", cwd=tmp_path)
    assert again.returncode == 0, again.stdout + again.stderr
    assert "1 known finding hidden by base.json" in again.stderr


# -- configuration files that are not regular files ------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "kind", "expected"),
    [
        ("flowlint.toml", "fifo", "it is a FIFO (named pipe)"),
        ("pyproject.toml", "fifo", "it is a FIFO (named pipe)"),
        ("pyproject.toml", "/dev/zero", "it is a device"),
        ("flowlint.toml", "/dev/zero", "it is a device"),
    ],
)
def test_a_configuration_file_that_is_not_a_regular_file_is_a_usage_error(
    tmp_path: Path, name: str, kind: str, expected: str
) -> None:
    # Silently ignored before: the run went on with the defaults, never saying the settings were not read.
    if kind == "fifo":
        os.mkfifo(tmp_path / name)
    elif Path(kind).exists():
        os.symlink(kind, tmp_path / name)
    else:
        pytest.skip(f"no {kind}")
    (tmp_path / "ok.mjs").write_text(CLEAN)
    result = invoke_cli("check", "ok.mjs", cwd=tmp_path)
    assert result.returncode == 2
    assert f"{name}: cannot read the file: {expected}" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("kind", ["fifo", "/dev/zero"])
def test_config_naming_a_fifo_or_a_device_says_what_it_is(tmp_path: Path, kind: str) -> None:
    # `--config FIFO` said "no such file".
    if kind == "fifo":
        os.mkfifo(tmp_path / "settings.toml")
        given, expected = "settings.toml", "it is a FIFO (named pipe)"
    else:
        if not Path(kind).exists():
            pytest.skip(f"no {kind}")
        given, expected = kind, "it is a device"
    (tmp_path / "ok.mjs").write_text(CLEAN)
    result = invoke_cli("check", "--config", given, "ok.mjs", cwd=tmp_path)
    assert result.returncode == 2
    assert f"{given}: cannot read the file: {expected}" in result.stderr
    assert "no such file" not in result.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_report_standard_output_refuses_is_one_message_and_exit_2(fmt: str) -> None:
    """`flowlint check DIR > /dev/full` (a full disk): one line saying so and exit 2, not a traceback.
    A real process: the report's stream is the process's own standard output."""
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "flowlint", "check", "--format", fmt, str(REPO / "sample_schemas")],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert "cannot write the report to standard output: No space left on device" in done.stderr


# -- issue 28 --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "deep"),
    [("pyproject.toml", "[" * 2000 + "]" * 2000), ("flowlint.toml", "{a = " * 2000 + "1" + "}" * 2000)],
    ids=["array-in-pyproject", "inline-table-in-flowlint-toml"],
)
def test_a_configuration_nested_2000_levels_deep_is_exit_2_with_a_message(tmp_path: Path, name: str, deep: str) -> None:
    # tomllib reads each level by recursion: a RecursionError traceback and exit 1 before.
    table = "[tool.flowlint]\nstrict = true\n" if name == "pyproject.toml" else "strict = true\n"
    (tmp_path / name).write_text(f"deep = {deep}\n{table}", encoding="utf-8")
    (tmp_path / "demo.mjs").write_text(CLEAN, encoding="utf-8")
    for args in (["check", "."], ["check", "demo.mjs"], ["check", "--no-cache", "--format", "json", "."]):
        result = invoke_cli(*args, cwd=tmp_path)
        assert result.returncode == 2, (args, result.stdout)
        assert result.stderr.startswith(f"flowlint: {tmp_path / name}: cannot read the TOML: "), result.stderr
        assert "nested too deeply" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "cache_dir", [".flowlint_cache/.", ".flowlint_cache", "./.flowlint_cache/./", "link/cache", "sub/../link/x"]
)
def test_a_cache_dir_under_a_committed_link_is_never_written_through(
    cached_project: Path, tmp_path: Path, cache_dir: str
) -> None:
    # `cache_dir = ".flowlint_cache/."` named the link's target, which is no link: the cache wrote there.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    os.symlink(elsewhere, cached_project / ("link" if cache_dir.startswith(("link", "sub")) else ".flowlint_cache"))
    (cached_project / "sub").mkdir()
    (cached_project / "pyproject.toml").write_text(f'[tool.flowlint]\ncache_dir = "{cache_dir}"\n')
    for _ in range(2):
        result = invoke_cli("check", ".", cwd=cached_project)
        assert result.returncode == 0 and "Traceback" not in result.stderr
        assert result.stderr.count("the cache is neither read nor written") == 1, result.stderr
    assert list(elsewhere.rglob("*")) == []
    clean = invoke_cli("clean", cwd=cached_project)
    assert clean.returncode == 2 and "symbolic link" in clean.stderr
    assert elsewhere.is_dir()


def test_an_absolute_cache_dir_outside_the_project_may_sit_under_the_machines_links(
    cached_project: Path, tmp_path: Path
) -> None:
    # What a user chooses outside the project (/home -> /data/home) is theirs: only the folder itself is checked.
    real = tmp_path / "real"
    real.mkdir()
    os.symlink(real, tmp_path / "home")
    (cached_project / "pyproject.toml").write_text(f'[tool.flowlint]\ncache_dir = "{tmp_path / "home" / "cache"}"\n')
    result = invoke_cli("check", ".", cwd=cached_project)
    assert result.returncode == 0 and result.stderr == ""
    assert list((real / "cache").glob("results-*.json"))


def test_a_second_write_through_a_shared_mmap_is_seen_by_the_next_warm_run(
    cached_project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The first write through a mapping dirties the page and sets the times; later writes to that page,
    # until the kernel writes it back, change neither. The old cache trusted a status 2 s old: served
    # the old verdict. A status younger than the writeback delay is no longer trusted.
    import mmap
    import time
    from types import SimpleNamespace

    from flowlint.lint import cache as cache_module

    target = cached_project / "ok.mjs"
    assert b"method: 'GET'" in target.read_bytes()
    with open(target, "r+b") as stream, mmap.mmap(stream.fileno(), 0) as mapping:
        mapping[0:6] = b"export"  # the same bytes: dirties the page and sets the times
        for seconds, expected in ((3, 0), (4, 1)):  # runs "later" than the write: older than the 2 s of old
            clock = SimpleNamespace(time_ns=lambda seconds=seconds: time.time_ns() + seconds * 1_000_000_000)
            monkeypatch.setattr(cache_module, "time", clock)
            result = invoke_cli("check", "--format", "json", ".", cwd=cached_project)
            assert result.returncode == expected, result.stdout
            if expected == 0:
                at = mapping.find(b"'GET'")
                mapping[at : at + 5] = b"'GXT'"  # the same size, an error; neither time changes
    assert invoke_cli("check", "--no-cache", ".", cwd=cached_project).returncode == 1


def test_a_warm_run_from_another_working_folder_matches_no_cache(tmp_path: Path) -> None:
    # FL004's "no _lists/ folder was found above defs/sub" named the folder as the first run saw it.
    project = tmp_path / "project"
    shutil.copytree(REPO / "sample_schemas", project / "samples")
    (project / "defs" / "sub").mkdir(parents=True)
    (project / "defs" / "sub" / "a.mjs").write_text(
        CLEAN.replace("root: 'https", "sharedLists: [ { ref: 'missing', version: '1.0.0' } ], root: 'https")
        .replace(
            "parameters: [],",
            "parameters: [ { position: { key: 'c', value: '{{USER_PARAM}}', "
            "location: 'query' }, z: { primitive: 'enum({{missing:alias}})', options: [] } } ],",
        )
        .replace("'Service is up' }", "'Service is up', c: 'x' }")
    )
    runs = [(project, "."), (project / "defs", ".."), (project / "defs" / "sub", "../.."), (project / "samples", "..")]
    for cwd, target in runs:  # warm (after the first) from each folder, then without the cache
        warm = invoke_cli("check", "--format", "json", target, cwd=cwd)
        cold = invoke_cli("check", "--format", "json", "--no-cache", target, cwd=cwd)
        assert (warm.returncode, warm.stdout) == (cold.returncode, cold.stdout), cwd
        assert "FL004" in cold.stdout
    messages = {d["message"] for d in json.loads(cold.stdout)["diagnostics"] if d["code"] == "FL004"}
    assert any("no _lists/ folder was found in the file's folder or above it" in m for m in messages)
