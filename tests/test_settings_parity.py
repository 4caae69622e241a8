"""One settings resolver for every entry point: the CLI, `lint_paths`, `lint_source`, standard input,
the language server and `verify` lint one tree (nested configurations, per-file-ignores, a subfolder
with its own `fail_on`) alike, with the same findings and the same verdict (issue 19). One table of
settings drives the configuration reader, the cache key, the command line (click and the plain path)
and docs/configuration.md (issue 26): the tests at the end hold each row to all of them."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from test_cli import BROKEN, write
from test_lsp import lsp_session

import flowlint
from conftest import invoke_cli, run_cli
from flowlint.lint.config import Config, ConfigResolver, Overrides
from flowlint.lint.diagnostics import fails

Finding = tuple[str, int, int, str, str]  # path, line, column, code, severity

FILES = ("top.mjs", "legacy/demo.mjs", "strict/demo.mjs")


def _tree(root: Path) -> None:
    """The top configuration re-grades short test lists as warnings and ignores TST004 under legacy/;
    strict/ has its own configuration (not merged with the top one, as ruff does) that fails on
    warnings and ignores TST004 for demo.mjs. Every finding is a warning, so only strict/'s fail_on
    fails the run."""
    write(
        root,
        "pyproject.toml",
        '[tool.flowlint]\nrecommended_tests = 4\n[tool.flowlint.per-file-ignores]\n"legacy/*.mjs" = ["TST004"]\n',
    )
    write(root, "top.mjs", BROKEN.replace("limit: '10'", "limit: 10"))
    write(root, "legacy/demo.mjs", BROKEN)
    write(
        root,
        "strict/flowlint.toml",
        'fail_on = "warning"\nrecommended_tests = 4\n[per-file-ignores]\n"demo.mjs" = ["TST004"]\n',
    )
    write(root, "strict/demo.mjs", BROKEN)


EXPECTED: set[Finding] = {(path, 7, 20, "TST001", "warning") for path in FILES}


def _from_json(stdout: str) -> set[Finding]:
    return {(d["path"], d["line"], d["column"], d["code"], d["severity"]) for d in json.loads(stdout)["diagnostics"]}


def _from_reports(reports: list[flowlint.api.FileReport]) -> set[Finding]:
    return {(d.path, d.line, d.column, d.code, d.severity.value) for r in reports for d in r.diagnostics}


def test_every_entry_point_gives_the_same_findings_and_verdict(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _tree(tmp_path)
    monkeypatch.chdir(tmp_path)

    # The CLI in a real process, as a user runs it (and its cache, warm, the same again).
    cli = run_cli("check", ".", "--format", "json", cwd=tmp_path)
    assert (_from_json(cli.stdout), cli.returncode) == (EXPECTED, 1), cli.stderr
    warm = run_cli("check", ".", "--format", "json", cwd=tmp_path)
    assert (_from_json(warm.stdout), warm.returncode) == (EXPECTED, 1), warm.stderr

    # The API over the folder: the subfolder's fail_on counts, as for the CLI's exit code.
    result = flowlint.lint_paths(["."])
    assert (_from_reports(result.files), result.failed()) == (EXPECTED, True)
    assert {r.path: r.config.fail_on.value for r in result.files if r.config} == {
        "top.mjs": "error",
        "legacy/demo.mjs": "error",
        "strict/demo.mjs": "warning",
    }

    # lint_source file by file: each report carries its settings (per-file-ignores included).
    reports = [flowlint.lint_source((tmp_path / name).read_bytes(), name) for name in FILES]
    assert _from_reports(reports) == EXPECTED
    assert any(fails(r.diagnostics, r.config.fail_on) for r in reports if r.config)

    # Standard input, named with --stdin-filename: the same per file, exit 1 only for strict/.
    stdin: set[Finding] = set()
    codes = {}
    for name in FILES:
        run = invoke_cli(
            "check",
            "-",
            "--stdin-filename",
            name,
            "--format",
            "json",
            cwd=tmp_path,
            input=(tmp_path / name).read_bytes(),
        )
        stdin |= _from_json(run.stdout)
        codes[name] = run.returncode
    assert stdin == EXPECTED
    assert codes == {"top.mjs": 0, "legacy/demo.mjs": 0, "strict/demo.mjs": 1}

    # The language server, in a real subprocess session: what the editor shows.
    lsp: set[Finding] = set()
    with lsp_session() as client:
        client.request("initialize", {"processId": os.getpid(), "rootUri": tmp_path.as_uri(), "capabilities": {}})
        client.notify("initialized", {})
        for name in FILES:
            uri = (tmp_path / name).as_uri()
            text = (tmp_path / name).read_text(encoding="utf-8")
            client.notify(
                "textDocument/didOpen",
                {"textDocument": {"uri": uri, "languageId": "javascript", "version": 1, "text": text}},
            )
            for d in client.diagnostics(uri):
                severity = {1: "error", 2: "warning", 3: "info"}[d["severity"]]
                start = d["range"]["start"]
                lsp.add((name, start["line"] + 1, start["character"] + 1, d["code"], severity))
        client.shutdown()
    assert lsp == EXPECTED


def test_cli_overrides_go_through_the_resolver(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--ignore and --fail-on on the command line are the same Overrides the API takes."""
    _tree(tmp_path)
    monkeypatch.chdir(tmp_path)
    overrides = Overrides.from_command_line(ignore=("TST001",), fail_on="info")
    result = flowlint.lint_paths(["."], resolver=ConfigResolver(overrides=overrides))
    cli = invoke_cli("check", ".", "--ignore", "TST001", "--fail-on", "info", "--format", "json", cwd=tmp_path)
    assert _from_json(cli.stdout) == _from_reports(result.files) == set()
    assert cli.returncode == 0 and not result.failed()


def test_a_given_config_applies_its_per_file_ignores(tmp_path: Path) -> None:
    """`lint_paths(config=...)` and `lint_source(config=...)` apply the config's per-file-ignores too."""
    write(tmp_path, "legacy/demo.mjs", BROKEN)
    config = Config(per_file_ignores=(("legacy/*.mjs", ("TST004",)),), source=tmp_path / "flowlint.toml")
    codes = {d.code for d in flowlint.lint_paths([tmp_path], config).diagnostics}
    assert "TST004" not in codes
    source = flowlint.lint_source(BROKEN, tmp_path / "legacy" / "demo.mjs", config)
    assert "TST004" not in {d.code for d in source.diagnostics}
    assert source.config is not None and source.config.ignore == ("TST004",)
    assert source.config.for_file(tmp_path / "legacy" / "demo.mjs") == source.config  # idempotent


def test_discovery_and_settings_are_worked_out_once_per_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pre-commit passes every file by name: the exclude patterns are compiled once, not once per path,
    and each folder's configuration is resolved once (counted, not timed)."""
    from flowlint.definition import discovery
    from flowlint.lint import config as config_module

    for index in range(30):
        write(tmp_path, f"{'a' if index % 2 else 'b'}/def{index}.mjs", BROKEN)
    write(tmp_path, "a/flowlint.toml", 'exclude = ["skipped"]\n')
    files = sorted(tmp_path.rglob("*.mjs"))
    reads = []
    real_read = config_module.read_config_file
    monkeypatch.setattr(config_module, "read_config_file", lambda source: reads.append(source) or real_read(source))
    discovery.exclude_matcher.cache_clear()
    resolver = ConfigResolver()
    found = resolver.discover(files)
    assert found.files == files
    assert discovery.exclude_matcher.cache_info().misses <= 2  # the default set, and a/'s set
    assert {resolver.for_file(file).exclude for file in files} == {(), ("skipped",)}
    assert reads == [tmp_path / "a" / "flowlint.toml"]
    assert len(resolver._by_folder_config) == 2


def test_a_walked_folder_is_not_asked_again_for_its_configuration_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The walk lists every folder once; the resolver reads what it saw instead of testing each of
    CONFIG_FILES in each folder (counted: only the folders above the walk are asked)."""
    from flowlint.lint import config as config_module

    for index in range(20):
        write(tmp_path, f"provider{index}/def.mjs", BROKEN)
    write(tmp_path, "provider3/flowlint.toml", "min_tests = 4\n")
    asked: list[str] = []
    real_has = config_module._has_config_file
    monkeypatch.setattr(config_module, "_has_config_file", lambda folder: asked.append(folder) or real_has(folder))
    resolver = ConfigResolver()
    files = resolver.discover([tmp_path]).files
    configs = {file.parent.name: resolver.for_file(file) for file in files}
    assert configs["provider3"].min_tests == 4 and configs["provider4"].min_tests == 1
    # the top folder is asked before the walk (its exclude patterns decide the walk), then its parents
    walked = {str(file.parent.resolve()) for file in files}
    assert len(walked) == 20 and not walked & set(asked)
    assert len(asked) <= len(tmp_path.resolve().parents) + 1


def test_shared_list_folders_are_found_from_what_the_walk_saw(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The result cache's key looks up each folder's `_lists/`: with the walk's listing, only folders
    above the walk are asked (counted: `os.path.isdir` calls for a `_lists` candidate)."""
    import os

    from flowlint.definition.sharedlists import SharedListResolver

    for index in range(20):
        write(tmp_path, f"provider{index}/def.mjs", BROKEN)
    write(tmp_path, "provider3/_lists/chains.mjs", "export const list = { meta: {}, entries: [] }\n")
    resolver = ConfigResolver()
    files = resolver.discover([tmp_path]).files
    asked: list[str] = []
    real_isdir = os.path.isdir
    monkeypatch.setattr(os.path, "isdir", lambda path: asked.append(str(path)) or real_isdir(path))
    lists = SharedListResolver(None, resolver.real_paths)
    found = {file.parent.name: lists.lists_dir(file) for file in files if file.parent.name.startswith("provider")}
    assert found["provider3"] == (tmp_path / "provider3" / "_lists").resolve() and found["provider4"] is None
    candidates = [path for path in asked if path.endswith("_lists")]
    assert len(candidates) <= len(tmp_path.resolve().parents) + 2, candidates  # the one found, and above the walk


# --- the settings table (issue 26) ---------------------------------------------------------------------


def _docs_table() -> dict[str, object]:
    """The `[tool.flowlint]` example of docs/configuration.md, read as TOML."""
    import re
    import tomllib

    from conftest import REPO

    page = (REPO / "docs" / "configuration.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- example: config file pyproject.toml -->\n```toml\n(.*?)```", page, re.S)
    assert block is not None
    return tomllib.loads(block.group(1))["tool"]["flowlint"]


def _sample(flag: object) -> list[str]:
    """A command-line value for a flag, from its type, choices or metavar."""
    from flowlint.lint.config import Flag

    assert isinstance(flag, Flag)
    name = flag.names[0]
    if flag.kind in ("flag", "switch", "count"):
        return [name]
    if flag.choices:
        return [name, flag.choices[-1]]
    if flag.type == "integer":
        return [name, str((flag.minimum or 0) + 2)]
    text = {"GLOB:CODES": "legacy/*.mjs:TST001", "CODES": "TST,val04", "MAJOR": "4"}.get(flag.metavar, "out.txt")
    return [name, text]


def test_every_field_of_config_but_its_source_is_a_row_of_the_settings_table() -> None:
    from flowlint.lint.config import SETTINGS

    assert list(SETTINGS) == [name for name in Config._field_names if name != "source"]
    assert all(setting.parse is not None and setting.help and setting.value for setting in SETTINGS.values())


def test_the_configuration_reader_and_the_docs_example_cover_every_setting(tmp_path: Path) -> None:
    """docs/configuration.md's example sets every key of the table, and the reader takes each."""
    from flowlint.lint.config import SETTINGS, config_from_table

    table = {key.replace("-", "_"): value for key, value in _docs_table().items()}
    assert set(table) == set(SETTINGS)
    config = config_from_table(table, tmp_path / "pyproject.toml")
    assert all(getattr(config, name) != getattr(Config(), name) for name in SETTINGS)


def test_the_cache_key_holds_exactly_the_settings_that_shape_findings(tmp_path: Path) -> None:
    from flowlint.core.record import replace
    from flowlint.lint.config import SETTINGS, config_from_table

    table = {key.replace("-", "_"): value for key, value in _docs_table().items()}
    written = config_from_table(table, tmp_path / "pyproject.toml")
    base = Config()
    for name, setting in SETTINGS.items():
        changed = replace(base, **{name: getattr(written, name)})  # type: ignore[misc]
        assert (changed.fingerprint != base.fingerprint) == setting.fingerprint, name


def test_every_flag_of_the_table_is_read_alike_by_click_the_plain_path_and_the_overrides(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each row with a flag: click's command has it, the plain path reads it into the same request, and a
    configuration setting given so overrides the file's value (or adds to it, where its row extends)."""
    from flowlint.cli import plain_check
    from flowlint.cli.check_command import check
    from flowlint.cli.options import check_options, request_from_options

    monkeypatch.chdir(tmp_path)
    click_flags = {name for param in check.params for name in (*param.opts, *param.secondary_opts)}
    for option in check_options():
        assert set(option.flag.names) <= click_flags, option.name
        args = [*_sample(option.flag), "."]
        plain = plain_check(["check", *args])
        if option.flag.kind == "optional":  # `--show-settings [FILE]`: whether it takes `.` is click's to say
            assert plain is None
            continue
        assert plain is not None, args
        assert plain == request_from_options(check.make_context("check", list(args)).params), args
        if option.configured:
            overrides = Overrides.from_command_line(**dict(plain.settings))
            before = Config(ignore=("X",), extend_select=("FL",), per_file_ignores=(("a.mjs", ("TST001",)),))
            after = overrides.apply(before)
            assert getattr(after, option.name) != getattr(before, option.name), option.name
            if option.setting.extends:
                assert getattr(after, option.name)[: len(getattr(before, option.name))] == getattr(before, option.name)


def test_docs_list_the_table_as_it_is() -> None:
    """docs/configuration.md's tables are `python -m flowlint.cli.options`'s output for the table now."""
    from conftest import REPO
    from flowlint.cli.options import documented

    page = (REPO / "docs" / "configuration.md").read_text(encoding="utf-8")
    assert documented(page) == page, "run `python -m flowlint.cli.options`"
