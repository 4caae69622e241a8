"""A warm run does as little as it can: it reads no file whose status is unchanged, imports neither click
nor the rules, and a plain `flowlint check PATH...` (run without click) answers exactly as click's.
These tests count what is done (files hashed, modules imported), never how long it takes: the figures
are benchmarks/bench_cache.py's."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from flowlint.cli import plain_check
from flowlint.cli.check import CheckRequest
from flowlint.lint import cache as cache_module
from flowlint.lint.cache import ResultCache
from flowlint.lint.config import load_config
from flowlint.lint.runner import lint_paths
from tests.conftest import REPO, SAMPLES

# --- the status of a file stands for its bytes --------------------------------------------------------


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A copy of sample_schemas (definitions, a shared list, files that are not definitions)."""
    shutil.copytree(SAMPLES, tmp_path / "samples")
    return tmp_path / "samples"


def _run(tree: Path, cache_dir: Path) -> ResultCache:
    cache = ResultCache(cache_dir)
    lint_paths([tree], load_config(tree), cache=cache)
    return cache


def test_a_file_whose_status_is_unchanged_is_not_read(tree: Path, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(cache_module, "TRUST_AFTER_NS", 0)  # the files were just written: trust them now
    first = _run(tree, tmp_path / "cache")
    files = first.misses
    assert files > 10 and first.hashed == files
    second = _run(tree, tmp_path / "cache")
    assert (second.hits, second.misses, second.hashed) == (files, 0, 0)


def test_a_touched_file_with_the_same_bytes_is_hashed_again_and_still_a_hit(
    tree: Path, tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setattr(cache_module, "TRUST_AFTER_NS", 0)
    files = _run(tree, tmp_path / "cache").misses
    touched = tree / "etherscan" / "contracts.mjs"
    info = touched.stat()
    os.utime(touched, ns=(info.st_atime_ns, info.st_mtime_ns - 5_000_000_000))
    again = _run(tree, tmp_path / "cache")
    assert (again.hits, again.misses, again.hashed) == (files, 0, 1)
    assert (_run(tree, tmp_path / "cache").hashed) == 0  # its new status was stored


def test_an_edit_that_keeps_size_and_mtime_is_still_seen(tree: Path, tmp_path: Path, monkeypatch) -> None:
    """The change time (which no program can set back) is part of the status: bytes rewritten in
    place with the old size and modification time are hashed again and linted again."""
    monkeypatch.setattr(cache_module, "TRUST_AFTER_NS", 0)
    files = _run(tree, tmp_path / "cache").misses
    edited = tree / "etherscan" / "contracts.mjs"
    info = edited.stat()
    data = edited.read_bytes()
    edited.write_bytes(data.replace(b"'1'", b"'2'", 1))
    assert edited.read_bytes() != data and edited.stat().st_size == info.st_size
    os.utime(edited, ns=(info.st_atime_ns, info.st_mtime_ns))
    again = _run(tree, tmp_path / "cache")
    assert (again.hits, again.misses, again.hashed) == (files - 1, 1, 1)


def test_a_file_changed_just_before_it_was_read_is_hashed_next_time(tree: Path, tmp_path: Path) -> None:
    """A status taken within TRUST_AFTER_NS of the file's last change is not trusted (a second write in
    the same timestamp tick could leave it unchanged): files written just now are read every run."""
    files = _run(tree, tmp_path / "cache").misses
    again = _run(tree, tmp_path / "cache")
    assert (again.hits, again.hashed) == (files, files)


def test_an_edited_or_added_rule_module_changes_the_build_key(tmp_path: Path, monkeypatch) -> None:
    """The rules package is keyed by its files' sizes and mtimes, family folders included, without
    importing it: an edit to a rule in an editable install starts a new results file."""
    rules = tmp_path / "rules"
    (rules / "api").mkdir(parents=True)
    (rules / "__init__.py").write_text("")
    module = rules / "api" / "val001_example.py"
    module.write_text("X = 1\n")
    spec = importlib.machinery.ModuleSpec("flowlint.rules", None, is_package=True)
    spec.submodule_search_locations = [str(rules)]
    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *rest: spec if name == "flowlint.rules" else real_find_spec(name, *rest),
    )

    def key() -> str:
        cache_module._build_key.cache_clear()
        return cache_module.build_key()

    monkeypatch.setattr(cache_module, "_build_key", cache_module._build_key)  # cleared again when undone
    before = key()
    assert key() == before
    info = module.stat()
    os.utime(module, ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000))
    edited = key()
    assert edited != before
    (rules / "api" / "val002_more.py").write_text("Y = 2\n")
    assert key() not in (before, edited)
    cache_module._build_key.cache_clear()


def test_the_build_key_covers_every_rule_module(monkeypatch) -> None:
    spec = importlib.util.find_spec("flowlint.rules")
    assert spec is not None and spec.submodule_search_locations
    listed = [line for folder in spec.submodule_search_locations for line in cache_module._module_stats(folder)]
    on_disk = [path for folder in spec.submodule_search_locations for path in Path(folder).rglob("*.py")]
    assert len(listed) == len(on_disk) > 50


# --- a warm run imports only what it needs ------------------------------------------------------------

HEAVY = (
    "click",
    "flowlint.rules",
    "flowlint.lint.engine",
    "flowlint.lint.rule",
    "flowlint.definition.zod",
    "tree_sitter",
    "tree_sitter_javascript",
    "libcst",
    "pydantic",
    "httpx",
    "jsonschema",
    "hashlib",
)


def test_a_warm_run_imports_neither_click_nor_the_rules(tree: Path, tmp_path: Path) -> None:
    """Subprocess: what a run imports can only be seen in a fresh interpreter. The first run lints
    (and imports the rules); the second, the `flowlint` command on an unchanged tree, must not.
    (A file that does not parse is cached too, since issue 27: its verdict depends on its bytes only.)"""
    code = (
        "import atexit, sys\n"
        "atexit.register(print)  # a handler to run at exit: the run ends with SystemExit, not os._exit\n"
        f"sys.argv = ['flowlint', 'check', {str(tree)!r}]\n"
        "from flowlint.cli import run\n"
        "try:\n"
        "    run()\n"
        "except SystemExit as stop:\n"
        "    print('EXIT', stop.code, file=sys.stderr)\n"
        f"names = {HEAVY!r}\n"
        "print('LOADED', sorted(m for m in sys.modules if any(m == n or m.startswith(n + '.') for n in names)), file=sys.stderr)\n"
    )
    env = {**os.environ, "FLOWLINT_CACHE_DIR": str(tmp_path / "cache")}
    runs = [
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120, check=False)
        for _ in range(2)
    ]
    assert "EXIT 1\n" in runs[0].stderr and "flowlint.rules" in runs[0].stderr, runs[0].stderr
    assert runs[1].stdout == runs[0].stdout
    assert "EXIT 1\n" in runs[1].stderr, runs[1].stderr
    assert "LOADED []" in runs[1].stderr, runs[1].stderr


# --- `flowlint check PATH...` without click -------------------------------------------------------------


def _fields(paths: list[str], **values: str) -> dict[str, object]:
    return {"paths": tuple(Path(path) for path in paths), **values}


@pytest.mark.parametrize(
    ("args", "plain"),
    [
        (["check"], _fields([])),
        (["check", "a.mjs", "some folder"], _fields(["a.mjs", "some folder"])),
        (["check", "--format", "github", "."], _fields(["."], output_format="github")),
        (["check", ".", "--output-format=sarif", "b"], _fields([".", "b"], output_format="sarif")),
        (["check", "--format=json"], _fields([], output_format="json")),
        (["check", "-"], _fields(["-"])),
        (["check", "--stdin-filename", "x/demo.mjs", "-"], _fields(["-"], stdin_filename="x/demo.mjs")),
        (
            ["check", "-", "--stdin-filename=demo.py", "--format", "json"],
            _fields(["-"], stdin_filename="demo.py", output_format="json"),
        ),
        (["check", "--format", "github", "--format", "json", "."], None),  # click takes the last one
        (["check", "--stdin-filename", "a", "--stdin-filename", "b", "-"], None),
        (["check", "--format", "nope", "."], None),  # click says what the choices are
        (["check", "--format"], None),
        (["check", "--format="], None),
        (["check", "--stdin-filename", "-"], None),
        (["check", "--no-cache", "a.mjs"], None),
        (["check", "a.mjs", "-q"], None),
        (["check", "-o", "report.txt", "a.mjs"], None),
        (["check", ""], None),
        (["check", "--", "a.mjs"], None),
        (["--version"], None),
        (["rules"], None),
        ([], None),
    ],
)
def test_only_paths_a_format_and_a_stdin_name_run_without_click(
    args: list[str], plain: dict[str, object] | None
) -> None:
    assert plain_check(args) == plain


@pytest.mark.parametrize(
    "args",
    [
        ["sample_schemas", "README.md"],
        ["--format", "github", "."],
        ["--output-format=sarif"],
        ["--stdin-filename", "demo.mjs", "-"],
        ["-", "--stdin-filename=x.py", "--format=json"],
    ],
)
def test_a_plain_request_is_the_one_click_makes(args: list[str]) -> None:
    """The plain path's `CheckRequest` has every value click's options give for the same arguments."""
    from flowlint.cli.check_command import check

    plain = plain_check(["check", *args])
    assert plain is not None
    context = check.make_context("check", list(args))
    assert CheckRequest.from_options(context.params) == CheckRequest(**plain)


@pytest.mark.parametrize(
    ("args", "stdin"),
    [
        (["check", "sample_schemas"], None),
        (["check", "--format", "github", "sample_schemas/messy"], None),
        (["check", "sample_schemas/coingecko", "--output-format=json"], None),
        (["check", "sample_schemas/etherscan", "README.md", "no-such-file.mjs"], None),
        (["check", "pyproject.toml"], None),
        (["check", "no-such-folder"], None),
        (
            ["check", "--stdin-filename", "sample_schemas/etherscan/demo.mjs", "-"],
            "sample_schemas/etherscan/contracts.mjs",
        ),
        (["check", "-", "sample_schemas"], "sample_schemas/etherscan/contracts.mjs"),
        (["check", "--format", "json", "-"], "sample_schemas/broken/syntax-error.mjs"),
    ],
)
def test_a_plain_check_answers_as_the_click_command_does(args: list[str], stdin: str | None) -> None:
    """Subprocess: the `flowlint` command (plain path) and click's group, same arguments, same answer."""
    plain = [sys.executable, "-c", "import sys; from flowlint.cli import run; sys.argv[0] = 'flowlint'; run()", *args]
    with_click = [
        sys.executable,
        "-c",
        "import sys; from flowlint.cli.app import main; main(prog_name='flowlint')",
        *args,
    ]
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    data = None if stdin is None else (REPO / stdin).read_text(encoding="utf-8")
    results = [
        subprocess.run(argv, cwd=REPO, input=data, capture_output=True, text=True, env=env, timeout=120, check=False)
        for argv in (plain, with_click)
    ]
    assert (results[0].returncode, results[0].stdout, results[0].stderr) == (
        results[1].returncode,
        results[1].stdout,
        results[1].stderr,
    )
    assert "Traceback" not in results[0].stderr


# --- naming files in reports without a relpath per file --------------------------------------------------

NAMED = [
    "/tmp/schemas/v3.0.0/a.mjs",
    "/a.mjs",
    "/",
    "//work/a",
    "///x",
    "/tmp/x/../y/b.mjs",
    "/tmp//x/c.mjs",
    "/tmp/./x/d.mjs",
    "/tmp/",
    "/tmp/..",
    "a.mjs",
    "../x/y.mjs",
    "../../wt",
]


@pytest.mark.parametrize("start", ["repo", "repo_child", "root", "tmp"])
def test_display_path_is_relpath(start: str, tmp_path: Path, monkeypatch) -> None:
    """`display_path` works a folder's relative path out once per folder; it must name every file
    exactly as `os.path.relpath` does, whatever the working folder (above, below, beside the file)."""
    from flowlint.definition.discovery import display_path

    cwd = {"repo": REPO, "repo_child": REPO / "flowlint" / "cli", "root": Path("/"), "tmp": tmp_path}[start]
    monkeypatch.chdir(cwd)
    here = os.getcwd()
    named = [*NAMED, here, os.path.dirname(here), here + "/x.mjs", here + "/sub/x.mjs", here + "2/x.mjs"]
    named += [os.path.dirname(here) + "/other/x.mjs", here + "/sub/"]
    for path in named:
        expected = os.path.normpath(path)  # a relative path within the working folder: as written, normalised
        if os.path.isabs(path) or expected == ".." or expected.startswith(".." + os.sep):
            expected = os.path.relpath(path)
        assert display_path(path) == expected, path
        if not path.endswith("/"):  # (a Path drops the trailing slash)
            assert display_path(Path(path)) == expected, path


@pytest.mark.parametrize("handler", [False, True])
def test_exit_now_flushes_and_ends_with_the_code(handler: bool) -> None:
    """Subprocess: without teardown (os._exit) when nothing asked to run at exit, else as usual (the
    handler runs); either way buffered output is written and the exit code is the one given."""
    code = (
        "import atexit, sys\n"
        "from flowlint.cli import exit_now\n"
        + ("atexit.register(lambda: print('handler ran'))\n" if handler else "")
        + "print('out', end='')\n"
        "sys.stderr.write('err')\n"
        "exit_now(3)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert (result.returncode, result.stdout, result.stderr) == (3, "outhandler ran\n" if handler else "out", "err")


def test_an_interrupted_plain_check_ends_as_click_ends_it() -> None:
    """Subprocess: Ctrl-C during `flowlint check PATH` says `Aborted!` and exits 1 on both paths."""
    interrupt = (
        "import sys\n"
        "import flowlint.cli.check as check\n"
        "def interrupted(request):\n"
        "    raise KeyboardInterrupt\n"
        "check.run_check = interrupted\n"
        "sys.argv = ['flowlint', 'check', 'sample_schemas']\n"
    )
    plain = interrupt + "from flowlint.cli import run\nrun()\n"
    with_click = interrupt + "from flowlint.cli.app import main\nmain(prog_name='flowlint')\n"
    results = [
        subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60, check=False)
        for code in (plain, with_click)
    ]
    assert [(r.returncode, r.stdout, r.stderr) for r in results] == [(1, "", "\nAborted!\n")] * 2


# --- a run with the cache gives the verdicts of a run without it ------------------------------------------

UNEXPORTED_MAIN = """const main = {
    namespace: 'demo',
    name: 'Demo',
    description: 'A demo API',
    version: '3.0.0',
    root: 'https://api.example.com',
    tools: {}
}
"""


def test_a_module_without_a_main_export_has_one_verdict_with_or_without_the_cache(tmp_path: Path) -> None:
    """A module shaped as a definition whose `main` is not exported is VAL001 (an error), walked or named
    (issue 27, item 5), with the cache and without: the cache once gave a walk the named verdict."""
    from tests.conftest import invoke_cli

    (tmp_path / "folder").mkdir()
    (tmp_path / "folder" / "def.mjs").write_text(UNEXPORTED_MAIN)
    walked = [
        invoke_cli("check", "--show-skipped", *extra, "folder", cwd=tmp_path) for extra in ([], ["--no-cache"], [])
    ]
    assert [(r.returncode, r.stdout.split()[1]) for r in walked] == [(1, "VAL001")] * 3, walked[0].stdout
    named = [invoke_cli("check", *extra, "folder/def.mjs", cwd=tmp_path) for extra in ([], ["--no-cache"], [])]
    assert [(r.returncode, r.stdout.split()[1]) for r in named] == [(1, "VAL001")] * 3, named[0].stdout


def test_a_named_file_s_verdict_is_cached_beside_the_walk_s(tmp_path: Path, monkeypatch) -> None:
    """pre-commit names files; a folder run walks them. Both verdicts of a skipped file are kept, so
    neither kind of run lints it again after the other (a warm named run needs no lint engine)."""
    from flowlint.lint.engine import Engine

    linted: list[str] = []
    lint_loaded = Engine.lint_loaded
    monkeypatch.setattr(
        Engine,
        "lint_loaded",
        lambda self, loaded, named=False: linted.append(loaded.display) or lint_loaded(self, loaded, named),
    )
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "def.mjs").write_text("export const format = ( x ) => x\n")  # a helper module: skipped
    (folder / "ok.mjs").write_text(UNEXPORTED_MAIN.replace("const main", "export const main"))
    seen = []
    for target in [folder, folder / "def.mjs", folder, folder / "def.mjs", folder]:
        linted.clear()
        result = lint_paths([target], load_config(folder), cache=ResultCache(tmp_path / "cache"))
        codes = sorted({d.code for report in result.files if report.kind == "skipped" for d in report.diagnostics})
        seen.append((len(linted), codes))
    assert seen == [(2, ["FL002"]), (1, ["FL002"]), (0, ["FL002"]), (0, ["FL002"]), (0, ["FL002"])]
