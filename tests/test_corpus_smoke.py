"""Every command over every file of the public FlowMCP library: nothing may end in a traceback or an exit
status above 2.

The library (`shared/corpus/`, see the `corpus` fixture) is split into `SHARDS` groups of provider
folders, so that pytest-xdist spreads the work over its workers; each test runs one command over one
shard in this process (click's CliRunner, the mock's server over in-memory streams, the language
server's handlers), once over the whole shard and, only when that crashes, once per file, so that a
failure names the file and the command:

    flowlint mcp-tools flowmcp-community/providers/bundeshaushalt/budget.mjs
        TypeError: ZSpec.__init__() got an unexpected keyword argument 'issues' (flowlint/core/record.py:46)

Run it in the extracted library (`tar xzf ../shared/corpus/flowmcp-schemas-v3.0.0-ca113b3.tar.gz && cd
schemas/v3.0.0`). Crashes whose fix belongs to another branch are listed in `smoke.KNOWN_CRASHES`: the
shard tests pass over them and `test_known_crash` keeps each one visible as a strict xfail.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from smoke import (
    KNOWN_CRASHES,
    Crash,
    KnownCrash,
    crashes,
    files_under,
    load,
    lsp_problems,
    mock_problems,
    run,
    synthesize_records,
    unknown,
    write_captures,
)

from flowlint.cli.common import FORMATS

LIBRARY = "flowmcp-community"
SHARDS = 8
LSP_SAMPLE_EVERY = 24
"""The language server opens and hovers every 24th file of each shard (about 24 files in all)."""

REPRODUCE = (
    "reproduce in the extracted library: tar xzf ../shared/corpus/flowmcp-schemas-v3.0.0-ca113b3.tar.gz "
    "&& cd schemas/v3.0.0"
)


def shard_paths(root: Path, shard: int) -> list[str]:
    """The paths (relative to the library's root) of shard `shard`: each provider folder, `_lists/`,
    `agents/` and the top-level files are units, dealt out largest first to the shard with the fewest
    files so far, so that the shards are about the same size."""
    library = root / LIBRARY
    units = [p for p in (library / "providers").iterdir() if p.is_dir()]
    units += [p for p in library.iterdir() if p.name != "providers"]
    sizes = {unit: (sum(1 for f in unit.rglob("*") if f.is_file()) if unit.is_dir() else 1) for unit in units}
    loads = [0] * SHARDS
    members: list[list[str]] = [[] for _ in range(SHARDS)]
    for unit in sorted(units, key=lambda u: (-sizes[u], u.name)):
        target = loads.index(min(loads))
        loads[target] += sizes[unit]
        members[target].append(unit.relative_to(root).as_posix())
    return sorted(members[shard])


def _fail_on(found: list[Crash]) -> None:
    """Fail with every crash that no known entry covers, each as the command that shows it."""
    found = unknown(found)
    if found:
        listed = "\n".join(str(crash) for crash in found)
        pytest.fail(f"{len(found)} crash(es) ({REPRODUCE}):\n{listed}", pytrace=False)


shards = pytest.mark.parametrize("shard", range(SHARDS))
pytestmark = pytest.mark.usefixtures("smoke_mode")  # no coverage, gc frozen: see conftest.smoke_mode


@shards
def test_check_in_both_profiles_and_every_format(corpus: Path, shard: int) -> None:
    paths = shard_paths(corpus, shard)
    found: list[Crash] = []
    for profile in ([], ["--strict"]):
        for output_format in FORMATS:
            extra = ["--show-source"] if output_format == "text" else []
            found += crashes(["check", "--jobs", "1", *profile, "--format", output_format, *extra], paths, [], corpus)
    _fail_on(found)


@shards
def test_check_fix_unsafe_fixes_diff(corpus: Path, shard: int) -> None:
    """`--diff` with `--unsafe-fixes` runs every fix, safe or not, in verified rounds, as `--fix
    --unsafe-fixes` would (`--fix` with `--diff` is a usage error), and writes nothing."""
    _fail_on(crashes(["check", "--jobs", "1", "--diff", "--unsafe-fixes"], shard_paths(corpus, shard), [], corpus))


@shards
def test_mcp_tools(corpus: Path, shard: int) -> None:
    _fail_on(crashes(["mcp-tools", "--resources"], shard_paths(corpus, shard), [], corpus, expected=(0,)))


@shards
def test_mock_schema_and_verify_on_captures_from_the_output_schemas(corpus: Path, shard: int, tmp_path: Path) -> None:
    """Captures are made from each tool's output schema (`smoke.synthesize_records`); the mock answers
    initialize, tools/list, one tools/call per tool and one resources/read per query from them; `schema`
    and `verify` read them."""
    paths = shard_paths(corpus, shard)
    loaded = [item for item in load(corpus / path for path in paths) if item.definition is not None]
    assert loaded, f"shard {shard} holds no definition"
    found: list[Crash] = []
    records = []
    for item in loaded:
        own = synthesize_records(item)
        records += own
        found += mock_problems(item, own, item.path.relative_to(corpus).as_posix())
    captures = write_captures(records, tmp_path / "captures")
    found += crashes(["schema", "--captures", str(captures)], paths, [], corpus)
    found += crashes(["verify", "--captures", str(captures)], paths, [], corpus)
    _fail_on(found)


@shards
def test_language_server_open_and_hover(corpus: Path, shard: int) -> None:
    pytest.importorskip("pygls")
    found: list[Crash] = []
    for shown in files_under(corpus, shard_paths(corpus, shard))[::LSP_SAMPLE_EVERY]:
        found += lsp_problems(corpus / shown, shown)
    _fail_on(found)


def test_rule_for_every_code() -> None:
    from flowlint.lint.codes import Code

    found: list[Crash] = []
    for args in [["rules"], *(["rule", code.value] for code in Code)]:
        outcome = run(args, Path.cwd(), expected=(0,))
        if isinstance(outcome, Crash):
            found.append(outcome)
    _fail_on(found)


@pytest.mark.parametrize(
    "known",
    [
        pytest.param(known, marks=pytest.mark.xfail(strict=True, reason=f"{known.owner}: {known.summary}"))
        for known in KNOWN_CRASHES
    ],
    ids=lambda known: f"{known.owner}-{known.command}",
)
def test_known_crash(corpus: Path, known: KnownCrash) -> None:
    """Each known crash on its example file; it fails (strictly xfails) until its owner's fix lands,
    and then passes, which fails the run: remove its `smoke.KNOWN_CRASHES` entry."""
    outcome = run([known.command, known.example], corpus)
    assert not isinstance(outcome, Crash), str(outcome)
