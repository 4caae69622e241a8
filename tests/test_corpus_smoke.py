"""Every command over every file of the public FlowMCP library: nothing may end in a traceback or an exit
status above 2.

The library (`shared/corpus/`, see the `corpus` fixture) is split into `SHARDS` groups of provider
folders, so that pytest-xdist spreads the work over its workers. Each shard is loaded once, and every
command's own work runs over every file through the library, in this process: `check` in both profiles
(a crash of a rule is reported by the engine as an FL008 finding: that counts) written in every format,
`check --diff --unsafe-fixes`, `mcp-tools --resources` in both views, the mock's initialize, tools/list,
one tools/call per tool and one resources/read per query over in-memory streams, `schema` and `verify`
on captures made from the output schemas, `migrate --to 4.3.0` (without `--write`) with safe changes only
and with `--unsafe-fixes`, its report in every format and each file's diff. Loading a file is most of what a command costs, so loading
each file once per command (a command line per command) would make this suite several times slower;
the command lines themselves (click, discovery, the result cache, exit codes) run over a sample of
every shard (`CLI_SAMPLE_EVERY`), and the language server's open + hover over a smaller one.

A failure names the file and the command line that shows it:

    flowlint mcp-tools --resources --view runtime flowmcp-community/providers/bundeshaushalt/budget.mjs
        TypeError: ZSpec.__init__() got an unexpected keyword argument 'issues' (flowlint/mcp/schema.py:190 > ...)

Run it in the extracted library (`tar xzf ../shared/corpus/flowmcp-schemas-v3.0.0-ca113b3.tar.gz && cd
schemas/v3.0.0`). Crashes whose fix belongs to another branch are listed in `smoke.KNOWN_CRASHES`: the
shard tests pass over them and `test_known_crash` keeps each one visible as a strict xfail.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from smoke import (
    KNOWN_CRASHES,
    Crash,
    KnownCrash,
    check_problems,
    crashes,
    files_under,
    internal_errors,
    load,
    lsp_problems,
    mcp_tools_problems,
    migrate_problems,
    mock_problems,
    run,
    schema_and_verify_problems,
    synthesize_records,
    unknown,
    write_captures,
)

from flowlint.cli.common import FORMATS

LIBRARY = "flowmcp-community"
SHARDS = 8
CLI_SAMPLE_EVERY = 16
"""The command lines run over every 16th file of each shard (40 files in all)."""
LSP_SAMPLE_EVERY = 32
"""The language server opens and hovers every 32nd file of each shard (24 files in all; each open and
each hover lints the file again and reads the shared lists afresh, as an editor's would)."""

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
def test_every_command_over_every_file(corpus: Path, shard: int) -> None:
    paths = shard_paths(corpus, shard)
    with contextlib.chdir(corpus):  # files are shown (and reproduced) relative to the library's root
        loaded = load(Path(path) for path in paths)
        definitions = [item for item in loaded if item.definition is not None]
        assert definitions, f"shard {shard} holds no definition"
        found = check_problems(loaded)
        found += mcp_tools_problems(loaded)
        records = []
        for item in definitions:
            own = synthesize_records(item)
            records += own
            found += mock_problems(item, own, item.display)
        found += schema_and_verify_problems(definitions, records)
        found += migrate_problems(paths)
    _fail_on(found)


@shards
def test_the_command_lines_over_a_sample(corpus: Path, shard: int, tmp_path: Path) -> None:
    """Every command line (click's, in this process) over every `CLI_SAMPLE_EVERY`th file of the shard,
    named on the command line (`check`'s first run in each profile fills the result cache that its other
    formats are written from, as a second run of `check` would be)."""
    sample = files_under(corpus, shard_paths(corpus, shard))[::CLI_SAMPLE_EVERY]
    with contextlib.chdir(corpus):
        records = [record for item in load(Path(file) for file in sample) for record in synthesize_records(item)]
    captures = str(write_captures(records, tmp_path / "captures"))
    found: list[Crash] = []
    for profile in ([], ["--strict"]):
        for output_format in FORMATS:
            args = ["check", "--jobs", "1", *profile, "--format", output_format, "--show-source"]
            found += crashes(args, sample, [], corpus, inspect=internal_errors if output_format == "json" else None)
    found += crashes(["check", "--jobs", "1", "--diff", "--unsafe-fixes"], sample, [], corpus)
    found += crashes(["mcp-tools", "--resources"], sample, [], corpus, expected=(0, 2))
    found += crashes(["schema", "--captures", captures], sample, [], corpus)
    found += crashes(["verify", "--captures", captures], sample, [], corpus)
    found += crashes(["migrate", "--to", "4.3.0"], sample, [], corpus)
    found += crashes(["migrate", "--to", "4.3.0", "--unsafe-fixes", "--format", "json"], sample, [], corpus)
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
    """Each known crash on its example file, through the command line; it fails (strictly xfails) until
    its owner's fix lands, and then passes, which fails the run: remove its `smoke.KNOWN_CRASHES` entry."""
    outcome = run([known.command, known.example], corpus)
    assert not isinstance(outcome, Crash), str(outcome)
