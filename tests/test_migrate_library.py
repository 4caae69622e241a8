"""`flowlint migrate` on real files of the public FlowMCP library (the `corpus` fixture: skipped, with the
reason, where the shared copy is absent): a sample covering every change class, migrated in a copy."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import invoke_cli

# A sample of the library's files, one or two per change class, and the status each one gets with
# `--unsafe-fixes` (what the 4.x runtime then does with it was measured by tools/differential).
SAMPLE = {
    "providers/aave/aave.mjs": "equivalent",
    "providers/abgeordnetenwatch/abgeordnetenwatch.mjs": "equivalent, tools that now work",
    "providers/altmetric/altmetric.mjs": "changed",  # fixed parameters made optional()
    "providers/arbeitsagentur/jobsuche.mjs": "equivalent, tools that now work",  # a test value's type fixed
    "providers/arbeitsagentur/entgeltatlas.mjs": "changed",  # enum() + values(...) written as enum(...)
    "providers/bicscan/bicscan.mjs": "changed",  # a default that misfits its type dropped
    "providers/crossref/crossref.mjs": "changed",  # named placeholders become user parameters
    "providers/alchemy/contract-read.mjs": "changed",  # a shared list's values written into enum()
    "providers/blocknative/gasprice.mjs": "already failing under 3.x",
    "providers/kba/kba.mjs": "changed",  # main.skills removed
    "providers/kba/skills/download-statistics.mjs": "changed",  # its skill file: version and type
    "providers/eu-parliament/euParliament.mjs": "changed",  # output mimeType
    "providers/gtfsde/transit.mjs": "already failing under 3.x",  # a local:// root
    "providers/bscscan/getContractBinance.mjs": "changed",  # a root with a trailing slash
    "providers/neynar/neynar.mjs": "changed",  # a 1.2 schema, mechanical
    "providers/balancer/balancer.mjs": "needs a person",  # a 1.2 schema with handlers
    "providers/talent-protocol/advancedSearch.mjs": "changed",  # 4.x applies defaults 3.x never did
    "providers/indicators/token-search.mjs": "already failing under 3.x",  # the 4.x security scan
}


@pytest.fixture
def sample(corpus: Path, tmp_path: Path) -> Path:
    root = tmp_path / "library"
    shutil.copytree(corpus / "flowmcp-community" / "_lists", root / "_lists")
    for name in SAMPLE:
        target = root / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(corpus / "flowmcp-community" / name, target)
    return root


def _snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_a_sample_of_the_library_migrates_and_a_second_run_changes_nothing(sample: Path) -> None:
    before = _snapshot(sample)
    first = invoke_cli("migrate", "providers", "--unsafe-fixes", "--write", "--format", "json", cwd=sample)
    assert first.returncode == 1, first.stderr  # a person is needed for a few of them
    report = json.loads(first.stdout)
    statuses = {f["path"]: f["status"] for f in report["files"]}
    assert statuses == {f"providers/{name.split('/', 1)[1]}": status for name, status in SAMPLE.items()}
    written = _snapshot(sample)
    assert written["_lists/evm-chains.mjs"] == before["_lists/evm-chains.mjs"]  # lists keep their version
    for file in report["files"]:
        assert file["status"] != "failed"
        if file["status"] in ("needs a person", "already failing under 3.x"):
            assert any(item["blocking"] for item in file["manual"]), file["path"]  # named, with what to do
    changed = {name for name in written if written[name] != before[name]}
    assert changed == {f["path"] for f in report["files"] if f["changed"]}
    again = invoke_cli("migrate", "providers", "--unsafe-fixes", "--write", "--format", "json", cwd=sample)
    assert _snapshot(sample) == written
    assert json.loads(again.stdout)["summary"]["changed_files"] == 0
