"""The differential harness's fixtures and recorded runtime verdicts stay consistent (issue 10).

The verdicts were recorded with tools/differential/record.mjs against FlowMCP runtime checkouts that CI
does not have; these tests check the committed data (and, when FLOWMCP_CORE_V3 / FLOWMCP_CORE_V4 name
checkouts with their dependencies installed, that a fresh recording still matches it), and that
compare.py runs against the installed flowlint.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
HERE = REPO / "tests" / "differential"
CASES = HERE / "cases"
TOOLS = REPO / "tools" / "differential"
VERDICTS = {"v3": HERE / "verdicts-v3.json", "v4": HERE / "verdicts-v4.json"}


def verdicts(runtime: str) -> dict:
    return json.loads(VERDICTS[runtime].read_text())


def by_name(runtime: str) -> dict[str, dict]:
    return {Path(v["file"]).name: v for v in verdicts(runtime)["verdicts"]}


def test_every_case_names_its_behaviour() -> None:
    for path in sorted(CASES.iterdir()):
        text = path.read_text()
        if path.suffix == ".mjs":
            assert text.startswith("// Behaviour: "), path.name
        elif path.suffix == ".py":
            assert text.startswith("# Behaviour: "), path.name
            assert path.with_suffix(".mjs").exists(), f"{path.name} is a twin without its .mjs"
        elif path.suffix == ".json":
            assert "main" in json.loads(text), path.name
            assert path.with_suffix(".mjs").exists(), f"{path.name} has no .mjs of the same case"
        else:
            pytest.fail(f"unexpected file {path.name}")


@pytest.mark.parametrize("runtime", ["v3", "v4"])
def test_verdicts_cover_the_cases_and_name_the_runtime(runtime: str) -> None:
    report = verdicts(runtime)
    assert report["runtime"] == runtime
    assert re.fullmatch(r"[0-9a-f]{40}", report["runtime_commit"])
    assert report["node_version"].startswith("v")
    recorded = {Path(v["file"]).name for v in report["verdicts"]}
    on_disk = {p.name for p in CASES.iterdir() if p.suffix in {".mjs", ".json"}}
    assert recorded == on_disk
    for v in report["verdicts"]:
        assert v["accepted"] == (v["definition_accepted"] and all(t["ok"] for t in v["tests"]))


def test_pinned_runtime_behaviours() -> None:
    v3, v4 = by_name("v3"), by_name("v4")
    assert v3["baseline-v3.mjs"]["accepted"] and v3["baseline-v3.json"]["accepted"]
    assert v4["version-4.mjs"]["accepted"] and not v3["version-4.mjs"]["accepted"]
    assert any(m.startswith("VAL014 ") for m in v4["baseline-v3.mjs"]["messages"])
    # v3 ZodBuilder applies options in declaration order: .min() on a ZodOptional throws; v4 re-orders.
    assert all("is not a function" in t["refusal"] for t in v3["options-order.mjs"]["tests"])
    assert all(t["ok"] for t in v4["options-order.mjs"]["tests"])
    # JavaScript's $ does not match before a trailing newline.
    for rt in (v3, v4):
        assert [t["ok"] for t in rt["regex-dollar-newline.mjs"]["tests"]] == [True, True, False]
        assert rt["test-unknown-key.mjs"]["tests"][2]["ok"]  # zod strips unknown keys
        assert rt["enum-trailing-comma.mjs"]["tests"][2]["ok"]  # '' is an enum value
        assert not any(t["ok"] for t in rt["primitive-leading-space.mjs"]["tests"])  # ' number()' -> z.string()
        # enum({{list:field}}) is not expanded: the only enum value is the literal text (FL019).
        assert not any(t["ok"] for t in rt["list-enum.mjs"]["tests"])
        assert all("Expected '{{chains:alias}}'" in t["issues"][0]["message"] for t in rt["list-enum.mjs"]["tests"])
    assert v3["unknown-main-key.mjs"]["accepted"]
    assert v4["v4-namespace-hyphen-digit.mjs"]["accepted"] and not v3["v4-namespace-hyphen-digit.mjs"]["accepted"]
    assert any(m.startswith("VAL076 ") for m in v4["v4-unknown-tool-key.mjs"]["messages"])
    assert any(m.startswith("VAL077 ") for m in v4["v4-unknown-parameter-key.mjs"]["messages"])
    assert v4["v4-two-tests.mjs"]["accepted"]
    assert any(w.startswith("TST001 warning") for w in v4["v4-two-tests.mjs"]["warnings"])
    assert any(m.startswith("VAL003 main.prompts") for m in v4["unknown-main-key.mjs"]["messages"])


def test_compare_runs_against_the_installed_flowlint() -> None:
    completed = subprocess.run(
        [sys.executable, str(TOOLS / "compare.py"), str(VERDICTS["v3"])],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    out = completed.stdout
    assert "overall agreement" in out and "disagreement classes" in out
    for name in by_name("v3"):
        assert re.search(rf"^{re.escape(name)}\s", out, re.M), name
    assert re.search(r"^baseline-v3\.py\s+accept\s", out, re.M)  # a twin is scored with its .mjs verdict


@pytest.mark.parametrize("runtime", ["v3", "v4"])
def test_fresh_recording_matches(runtime: str, tmp_path: Path) -> None:
    checkout = os.environ.get(f"FLOWMCP_CORE_{runtime.upper()}")
    node = shutil.which("node")
    if not checkout or node is None:
        pytest.skip(f"set FLOWMCP_CORE_{runtime.upper()} to a flowmcp-core checkout (and have node) to re-record")
    out = tmp_path / "verdicts.json"
    commit = verdicts(runtime)["runtime_commit"]
    env = dict(os.environ, FLOWMCP_RUNTIME="v4") if runtime == "v4" else None
    subprocess.run(
        [node, str(TOOLS / "record.mjs"), checkout, commit, str(out), str(CASES)],
        cwd=REPO,
        check=True,
        capture_output=True,
        env=env,
        timeout=120,
    )
    fresh = json.loads(out.read_text())
    assert fresh["verdicts"] == verdicts(runtime)["verdicts"]
