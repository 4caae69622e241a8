"""The published pre-commit hook, run by the real `pre-commit` against temporary git repositories:
`pre-commit try-repo` on a copy of this checkout, then a commit the hook refuses and one it lets through.

The published hook uses `language: python`, for which pre-commit pip-installs flowlint and its
dependencies from PyPI into a fresh environment. Tests stay off the network, so by default the copy's
hook is switched to `language: system` with `python -m flowlint check` from this interpreter; set
FLOWLINT_TEST_PYPI=1 to test the published `language: python` hook as is (about 20 s, needs PyPI).

The two pre-commit runs are marked `slow` (several seconds, about 40 % of the suite on a busy machine:
pre-commit and git processes); `python -m pytest -m "not slow"` skips them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO

pytest.importorskip("pre_commit")
if shutil.which("git") is None:
    pytest.skip("git is not installed", allow_module_level=True)

BROKEN = """\
export const main = {
    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',
    tools: {
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [] }
    }
}
"""
FIXED = BROKEN.replace("parameters: [] }", "parameters: [], tests: [ { _description: 'Up' } ] }")
USE_PYPI = os.environ.get("FLOWLINT_TEST_PYPI") == "1"


def git(*args: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=60, check=False)


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A committed copy of this checkout (what pre-commit clones), plus the environment to run it in."""
    root = tmp_path_factory.mktemp("precommit")
    env = {
        **os.environ,
        "PRE_COMMIT_HOME": str(root / "cache"),
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.com",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.com",
        "GIT_CONFIG_NOSYSTEM": "1",
        "HOME": str(root),
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
        "PYTHONPATH": str(REPO) if not USE_PYPI else "",
    }
    source = root / "flowlint-src"
    patterns = shutil.ignore_patterns(".git", "*.egg-info", "__pycache__", ".*_cache")

    def ignore(folder: str, names: list[str]) -> set[str]:
        top = {"capture", "benchmarks", "build", "dist"} if Path(folder) == REPO else set()
        return set(patterns(folder, names)) | (top & set(names))

    shutil.copytree(REPO, source, ignore=ignore)
    hooks = (source / ".pre-commit-hooks.yaml").read_text("utf-8")
    if not USE_PYPI:
        hooks = hooks.replace(
            "entry: flowlint check\n  language: python", "entry: python -m flowlint check\n  language: system", 1
        )
        assert "language: system" in hooks
    (source / ".pre-commit-hooks.yaml").write_text(hooks, encoding="utf-8")
    assert git("init", "-q", cwd=source, env=env).returncode == 0
    git("add", "-A", cwd=source, env=env)
    assert git("commit", "-qm", "flowlint", cwd=source, env=env).returncode == 0
    return source, env


def new_repo(path: Path, env: dict[str, str]) -> Path:
    path.mkdir()
    assert git("init", "-q", cwd=path, env=env).returncode == 0
    return path


def pre_commit(*args: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_published_hooks_are_declared() -> None:
    text = (REPO / ".pre-commit-hooks.yaml").read_text("utf-8")
    assert "id: flowlint\n" in text and "entry: flowlint check\n  language: python" in text
    assert "id: flowlint-schema" in text and "flowlint schema --check" in text


@pytest.mark.slow
def test_try_repo(hook_repo: tuple[Path, dict[str, str]], tmp_path: Path) -> None:
    source, env = hook_repo
    target = new_repo(tmp_path / "library", env)
    (target / "demo.mjs").write_text(BROKEN, encoding="utf-8")
    (target / "notes.txt").write_text("not a definition\n", encoding="utf-8")
    git("add", "-A", cwd=target, env=env)
    failing = pre_commit("try-repo", str(source), "flowlint", "--all-files", cwd=target, env=env)
    assert failing.returncode == 1, failing.stdout + failing.stderr
    assert "demo.mjs:4:9: TST001 error" in failing.stdout
    assert "notes.txt" not in failing.stdout  # files: restricts the hook to definition files
    (target / "demo.mjs").write_text(FIXED, encoding="utf-8")
    git("add", "-A", cwd=target, env=env)
    passing = pre_commit("try-repo", str(source), "flowlint", "--all-files", cwd=target, env=env)
    assert passing.returncode == 0, passing.stdout + passing.stderr
    assert "Passed" in passing.stdout


@pytest.mark.slow
def test_a_failing_commit_then_a_passing_one(hook_repo: tuple[Path, dict[str, str]], tmp_path: Path) -> None:
    source, env = hook_repo
    rev = git("rev-parse", "HEAD", cwd=source, env=env).stdout.strip()
    target = new_repo(tmp_path / "library", env)
    (target / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {source.as_posix()}\n    rev: {rev}\n    hooks:\n      - id: flowlint\n", encoding="utf-8"
    )
    installed = pre_commit("install", cwd=target, env=env)
    assert installed.returncode == 0, installed.stderr
    (target / "demo.mjs").write_text(BROKEN, encoding="utf-8")
    git("add", "-A", cwd=target, env=env)
    refused = git("commit", "-m", "add demo", cwd=target, env=env)
    assert refused.returncode != 0, refused.stdout
    assert "TST001" in refused.stdout + refused.stderr
    assert git("rev-parse", "--verify", "HEAD", cwd=target, env=env).returncode != 0  # nothing committed

    (target / "demo.mjs").write_text(FIXED, encoding="utf-8")
    git("add", "-A", cwd=target, env=env)
    accepted = git("commit", "-m", "add demo", cwd=target, env=env)
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    assert git("rev-parse", "--verify", "HEAD", cwd=target, env=env).returncode == 0


def _readme_local_example() -> str:
    readme = (REPO / "docs" / "integrations.md").read_text("utf-8")
    marker = readme.index("<!-- pre-commit-local-example:")
    block = readme[readme.index("```yaml\n", marker) + len("```yaml\n") :]
    return block[: block.index("```\n")]


def test_readme_local_example_has_no_placeholder() -> None:
    example = _readme_local_example()
    assert "repo: local" in example and "entry: flowlint check" in example
    assert "OWNER" not in example and "<" not in example


@pytest.mark.slow
def test_readme_local_example_works(hook_repo: tuple[Path, dict[str, str]], tmp_path: Path) -> None:
    # docs/integrations.md's block, unchanged, in a fresh repository: `language: system` runs the `flowlint` on
    # PATH, which is this checkout's (the test environment's bin folder comes first on PATH).
    _, env = hook_repo
    target = new_repo(tmp_path / "library", env)
    (target / ".pre-commit-config.yaml").write_text(_readme_local_example(), encoding="utf-8")
    (target / "demo.mjs").write_text(BROKEN, encoding="utf-8")
    (target / "tsconfig.json").write_text('{\n  // JSONC\n  "compilerOptions": {},\n}\n', encoding="utf-8")
    git("add", "-A", cwd=target, env=env)
    failing = pre_commit("run", "--all-files", cwd=target, env=env)
    assert failing.returncode == 1, failing.stdout + failing.stderr
    assert "demo.mjs:4:9: TST001 error" in failing.stdout
    assert "tsconfig.json" not in failing.stdout  # an ordinary JSONC file says nothing
    (target / "demo.mjs").write_text(FIXED, encoding="utf-8")
    git("add", "-A", cwd=target, env=env)
    passing = pre_commit("run", "--all-files", cwd=target, env=env)
    assert passing.returncode == 0, passing.stdout + passing.stderr
    assert "Passed" in passing.stdout


def _captures_example() -> str:
    page = (REPO / "docs" / "integrations.md").read_text("utf-8")
    marker = page.index("<!-- pre-commit-captures-example:")
    block = page[page.index("```yaml\n", marker) + len("```yaml\n") :]
    return block[: block.index("```\n")]


@pytest.mark.slow
def test_a_definition_and_its_committed_captures_pass_both_hooks(
    hook_repo: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    """Issue 27, item 1: capture records carry a `namespace`, so when pre-commit named them they were
    linted as definitions (VAL003 ... `Found 15 errors, 51 warnings`), and the documented check hook and
    schema hook could not live together. The README's demo definition, its output schemas written from
    its captures, committed with the captures through docs/integrations.md's two hooks: the commit goes
    through; a schema that no longer matches the captures is refused."""
    from http.server import ThreadingHTTPServer

    from test_capture_records_are_quiet import _demo_handler

    from conftest import invoke_cli, serving

    _, env = hook_repo
    target = new_repo(tmp_path / "library", env)
    shutil.copy(REPO / "examples" / "demo-prices" / "prices.mjs", target / "prices.mjs")
    with serving(ThreadingHTTPServer(("127.0.0.1", 0), _demo_handler())) as server:
        base = f"demoprices=http://127.0.0.1:{server.server_address[1]}"
        captured = invoke_cli("capture", "prices.mjs", "--base-url", base, "--delay", "0", cwd=target)
    assert captured.returncode == 0, captured.stderr
    written = invoke_cli("schema", "--write", "prices.mjs", "--captures", "capture", cwd=target)
    assert written.returncode == 0, written.stderr
    (target / ".pre-commit-config.yaml").write_text(_captures_example(), encoding="utf-8")
    assert pre_commit("install", cwd=target, env=env).returncode == 0
    git("add", "-A", cwd=target, env=env)
    staged = git("diff", "--cached", "--name-only", cwd=target, env=env).stdout.split()
    assert sum(name.startswith("capture/") and name.endswith(".json") for name in staged) == 7  # 6 records, metrics
    accepted = git("commit", "-m", "prices with captures", cwd=target, env=env)
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    assert accepted.stdout.count("Passed") + accepted.stderr.count("Passed") == 2, accepted.stdout

    # A declared type the captures contradict: the schema hook refuses the commit and says why.
    text = (
        (target / "prices.mjs")
        .read_text(encoding="utf-8")
        .replace("price: { type: 'number' }", "price: { type: 'string' }")
    )
    (target / "prices.mjs").write_text(text, encoding="utf-8")
    git("add", "-A", cwd=target, env=env)
    refused = git("commit", "-m", "a wrong schema", cwd=target, env=env)
    assert refused.returncode != 0
    assert "declared type 'string' but the captures have number" in refused.stdout + refused.stderr
