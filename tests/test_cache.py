"""The result cache: a warm run gives exactly the cold run's output, and nothing can make it stale."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from flowlint.cli.common import FORMATS
from flowlint.lint import cache as cache_module
from flowlint.lint.cache import ResultCache
from flowlint.lint.config import load_config
from flowlint.lint.runner import lint_paths
from tests.conftest import REPO, invoke_cli

DEFINITION = """export const main = {
    namespace: 'demo',
    name: 'Demo',
    description: 'A demo API',
    version: '3.0.0',
    root: 'https://api.example.com',
    sharedLists: [ { ref: 'chains', version: '1.0.0' } ],
    tools: {
        getItem: {
            method: 'GET',
            path: '/items',
            description: 'One item',
            parameters: [
                { position: { key: 'id', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [] } },
                { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum({{chains:alias}})', options: [] } }
            ],
            output: { mimeType: 'application/json', schema: { type: 'object' } },
            tests: [
                { _description: 'first', id: 1, chain: 'ETH' },
                { _description: 'second', id: 2, chain: 'BSC' },
                { _description: 'third', id: 3, chain: 'BSC' }
            ]
        }
    }
}
"""

LIST = """export const list = {
    meta: { name: 'chains', version: '1.0.0', fields: [ { key: 'alias', type: 'string', description: 'x' } ] },
    entries: [ { alias: 'ETH' }, { alias: 'BSC' } ]
}
"""


PYPROJECT = '[tool.flowlint]\nmin_tests = 1\nignore = ["FL019"]\n'


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project with a pyproject.toml, a definition and a shared list; the cache at its default place.
    The project's host is taken to expand list enums (ignore FL019), so that the list's entries decide."""
    monkeypatch.delenv("FLOWLINT_CACHE_DIR")
    (tmp_path / "pyproject.toml").write_text(PYPROJECT)
    (tmp_path / "demo.mjs").write_text(DEFINITION)
    (tmp_path / "_lists").mkdir()
    (tmp_path / "_lists" / "chains.mjs").write_text(LIST)
    return tmp_path


def check(project: Path, *args: str) -> tuple[int, str]:
    result = invoke_cli("check", *args, ".", cwd=project)
    assert "Traceback" not in result.stderr
    return result.returncode, result.stdout


def results_files(project: Path) -> list[Path]:
    return sorted((project / ".flowlint_cache").glob("results-*.json"))


def test_a_warm_run_prints_what_the_cold_run_printed_in_every_format(tmp_path: Path, monkeypatch) -> None:
    samples = tmp_path / "samples"
    shutil.copytree(REPO / "sample_schemas", samples)
    monkeypatch.setenv("FLOWLINT_CACHE_DIR", str(tmp_path / "cache"))
    for output_format in FORMATS:
        cold = invoke_cli("check", "--no-cache", "--format", output_format, ".", cwd=samples)
        first = invoke_cli("check", "--format", output_format, ".", cwd=samples)
        warm = invoke_cli("check", "--format", output_format, ".", cwd=samples)
        assert cold.returncode == first.returncode == warm.returncode == 1
        assert cold.stdout == first.stdout == warm.stdout, output_format
        assert cold.stderr == warm.stderr
    assert len(list((tmp_path / "cache").glob("results-*.json"))) == 1


def test_the_second_run_lints_nothing(project: Path) -> None:
    config = load_config(project)
    first = ResultCache(project / ".flowlint_cache")
    lint_paths([project], config, cache=first)
    assert (first.hits, first.misses) == (0, 2)  # the definition and the list file (skipped)
    second = ResultCache(project / ".flowlint_cache")
    result = lint_paths([project], config, cache=second)
    assert (second.hits, second.misses) == (2, 0)
    assert [report.kind for report in result.files] == ["definition", "list"]
    assert (project / ".flowlint_cache" / ".gitignore").read_text().splitlines()[-1] == "*"


def test_an_edited_definition_is_linted_again(project: Path) -> None:
    assert check(project) == (0, check(project)[1])
    (project / "demo.mjs").write_text(DEFINITION.replace("id: 1", "id: 'one'"))
    code, output = check(project)
    assert code == 1 and "TST004" in output


def test_an_edited_configuration_is_linted_again(project: Path) -> None:
    assert check(project)[0] == 0
    # the definition has 3 tests
    (project / "pyproject.toml").write_text(PYPROJECT.replace("min_tests = 1", "min_tests = 4"))
    code, output = check(project)
    assert code == 1 and "TST001" in output
    assert check(project, "--min-tests", "1")[0] == 0  # a command-line override is part of the key too


def test_an_edited_shared_list_is_linted_again(project: Path) -> None:
    assert check(project)[0] == 0
    (project / "_lists" / "chains.mjs").write_text(LIST.replace("'ETH'", "'ARB'"))  # the first test's value
    code, output = check(project)
    assert code == 1 and "'ETH'" in output
    (project / "_lists" / "chains.mjs").write_text(LIST)
    assert check(project)[0] == 0
    (project / "_lists" / "more.mjs").write_text(LIST.replace("chains", "more"))
    cache = ResultCache(project / ".flowlint_cache")
    lint_paths([project / "demo.mjs"], load_config(project), cache=cache)
    assert cache.misses == 1  # a new list file in the folder changes the key


def test_another_flowlint_build_does_not_read_the_old_results(project: Path, monkeypatch) -> None:
    check(project)
    monkeypatch.setattr(cache_module, "__version__", "99.0.0")
    cache = ResultCache(project / ".flowlint_cache")
    lint_paths([project], load_config(project), cache=cache)
    assert cache.hits == 0
    assert len(results_files(project)) == 2


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"{not json",
        b'{"format": 1, "files": {',  # truncated
        b'{"format": 999, "files": {}}',  # foreign
        b"[" * 100_000 + b"]" * 100_000,  # hostile nesting
        b'{"format": 1, "files": 7}',
        b"\xff\xfe garbage",
    ],
)
def test_a_corrupt_cache_file_is_ignored_and_rebuilt(project: Path, content: bytes) -> None:
    expected = check(project)
    for file in results_files(project):
        file.write_bytes(content)
    assert check(project) == expected
    assert json.loads(results_files(project)[0].read_bytes())["format"] == cache_module._FORMAT


def test_a_forged_entry_is_ignored(project: Path) -> None:
    expected = check(project)
    file = results_files(project)[0]
    data = json.loads(file.read_bytes())
    for entry in data["files"].values():
        entry[2] = [["TST001", "error", "forged", "1", 1, 1, 1, 0, 0, None, None, None]]  # a line that is no number
    file.write_text(json.dumps(data))
    assert check(project) == expected
    for entry in data["files"].values():
        entry[2] = [["TST001", "fatal", "forged", 1, 1, 1, 1, 0, 0, None, None, None]]  # no such severity
    file.write_text(json.dumps(data))
    assert check(project) == expected


def test_no_cache_neither_reads_nor_writes(project: Path) -> None:
    check(project, "--no-cache")
    assert not (project / ".flowlint_cache").exists()


def test_cache_dir_in_the_configuration_and_clean(project: Path) -> None:
    (project / "pyproject.toml").write_text(PYPROJECT + 'cache_dir = "build/lint-cache"\n')
    check(project)
    assert list((project / "build" / "lint-cache").glob("results-*.json"))
    result = invoke_cli("clean", cwd=project)
    assert result.returncode == 0 and "removed" in result.stderr
    assert not (project / "build" / "lint-cache").exists()
    again = invoke_cli("clean", cwd=project)
    assert again.returncode == 0 and "no cache" in again.stderr


def test_clean_refuses_a_folder_that_is_not_a_flowlint_cache(project: Path) -> None:
    (project / "pyproject.toml").write_text(PYPROJECT + 'cache_dir = "src"\n')
    (project / "src").mkdir()
    (project / "src" / "precious.py").write_text("x = 1\n")
    result = invoke_cli("clean", cwd=project)
    assert result.returncode == 2 and "not a flowlint cache" in result.stderr
    assert (project / "src" / "precious.py").exists()


def test_an_unwritable_cache_folder_is_not_an_error(project: Path) -> None:
    (project / ".flowlint_cache").write_text("a file where the folder should be")
    assert check(project)[0] == 0
    assert check(project)[0] == 0


def test_the_cache_stays_bounded(project: Path, monkeypatch) -> None:
    monkeypatch.setattr(cache_module, "MAX_CACHE_BYTES", 300)
    check(project)
    other = project / "other"
    other.mkdir()
    (other / "demo.mjs").write_text(DEFINITION)
    invoke_cli("check", "other/demo.mjs", cwd=project)
    data = json.loads(results_files(project)[0].read_bytes())
    assert list(data["files"]) == [str(other / "demo.mjs")]  # over the bound: only the last run's entries


def test_unreadable_files_are_not_cached(project: Path) -> None:
    os.mkfifo(project / "pipe.mjs")
    code, output = check(project)
    assert code == 1
    assert "FL006" in output
    data = json.loads(results_files(project)[0].read_bytes())
    assert not any(name.endswith("pipe.mjs") for name in data["files"])


def test_two_runs_at_once_both_answer_right_and_leave_a_valid_cache(project: Path) -> None:
    for index in range(40):
        (project / f"copy{index}.mjs").write_text(DEFINITION.replace("Demo", f"Demo {index}"))
    command = [sys.executable, "-m", "flowlint", "check", "--jobs", "1", "."]
    env = {**os.environ}
    env.pop("FLOWLINT_CACHE_DIR", None)
    runs = [subprocess.Popen(command, cwd=project, env=env, stdout=subprocess.PIPE, text=True) for _ in range(3)]
    outputs = [run.communicate(timeout=120)[0] for run in runs]
    assert [run.returncode for run in runs] == [0, 0, 0]
    assert outputs[0] == outputs[1] == outputs[2]
    assert json.loads(results_files(project)[0].read_bytes())["format"] == cache_module._FORMAT
    assert subprocess.run(command, cwd=project, env=env, capture_output=True, text=True).stdout == outputs[0]


def test_the_language_server_answers_an_unchanged_document_from_memory(project: Path) -> None:
    lsp = pytest.importorskip("flowlint.lsp")
    uri = (project / "demo.mjs").as_uri()
    text = DEFINITION.replace("id: 1", "id: 'one'")
    first = lsp.lint_document(uri, text, text.splitlines())
    assert [d.code for d in first] == ["TST004"]
    hits = lsp._REPORTS.hits
    assert lsp.lint_document(uri, text, text.splitlines()) == first
    assert lsp._REPORTS.hits == hits + 1
    (project / "_lists" / "chains.mjs").write_text(LIST.replace("'ETH'", "'ARB'"))  # lists are re-read per request
    assert {d.code for d in lsp.lint_document(uri, text, text.splitlines())} == {"TST004"}
    assert lsp._REPORTS.hits == hits + 1
