"""The differential harness's fixtures, recorded runtime verdicts and compare.py stay consistent (issues 10, 18).

The verdicts were recorded with tools/differential/record.mjs against FlowMCP runtime checkouts that CI
does not have; these tests check the committed data (and, when FLOWMCP_CORE_V3 / FLOWMCP_CORE_V4 name
checkouts with their dependencies installed, that a fresh recording still matches it), that compare.py
scores it against the installed flowlint, and the agreement figures issues 18 and 25 ask for (>= 0.99 each).
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import types
from pathlib import Path

import pytest

from conftest import invoke_cli

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
        assert (v["stage"] is None) == v["accepted"], v["file"]
        assert v["definition_accepted"] or not v["tests"], v["file"]  # only served definitions run tests


def test_pinned_runtime_behaviours() -> None:
    v3, v4 = by_name("v3"), by_name("v4")
    assert v3["baseline-v3.mjs"]["accepted"] and v3["baseline-v3.json"]["accepted"]
    assert v4["version-4.mjs"]["accepted"] and not v3["version-4.mjs"]["accepted"]
    assert "VAL014" in v4["baseline-v3.mjs"]["codes"] and v4["baseline-v3.mjs"]["stage"] == "main"
    # v3 ZodBuilder applies options in declaration order: .min() on a ZodOptional throws at tool build.
    assert v3["options-order.mjs"]["stage"] == "tool-build"
    assert "is not a function" in v3["options-order.mjs"]["messages"][0]
    # JavaScript's $ does not match before a trailing newline; zod strips unknown keys; '' is an enum value.
    assert [t["ok"] for t in v3["regex-dollar-newline.mjs"]["tests"]] == [True, True, False]
    assert v3["test-unknown-key.mjs"]["tests"][2]["ok"]
    assert v3["enum-trailing-comma.mjs"]["tests"][2]["ok"]
    assert not any(t["ok"] for t in v3["primitive-leading-space.mjs"]["tests"])  # ' number()' -> z.string()
    # enum({{list:field}}) is not expanded for MCP: the only enum value is the literal text (FL019).
    assert all("Expected '{{chains:alias}}'" in t["issues"][0]["message"] for t in v3["list-enum.mjs"]["tests"])
    assert v4["v4-namespace-hyphen-digit.mjs"]["accepted"] and not v3["v4-namespace-hyphen-digit.mjs"]["accepted"]
    assert "VAL076" in v4["v4-unknown-tool-key.mjs"]["codes"]
    assert "VAL077" in v4["v4-unknown-parameter-key.mjs"]["codes"]
    assert v4["v4-two-tests.mjs"]["accepted"]
    assert any(w.startswith("TST001 warning") for w in v4["v4-two-tests.mjs"]["warnings"])
    assert "VAL003" in v4["v4-unknown-main-key.mjs"]["codes"]


def test_pinned_issue_18_classes() -> None:
    """Each class of issue 18, as the runtime of the file's generation judges it."""
    v3, v4 = by_name("v3"), by_name("v4")
    for name in [p.stem for p in CASES.glob("preload-*.mjs") if p.stem != "preload-valid"]:
        assert (v3[f"{name}.mjs"]["stage"], v4[f"v4-{name}.mjs"]["stage"]) == ("main", "main"), name
        assert "preload" in v3[f"{name}.mjs"]["messages"][0]
    assert v3["preload-valid.mjs"]["accepted"] and v4["v4-preload-valid.mjs"]["accepted"]
    assert v3["regex-invalid.mjs"]["stage"] == v4["v4-regex-invalid.mjs"]["stage"] == "tool-build"
    # The hardened 4.x scanner: glued import(, computed globalThis[ / process[; strings are blanked.
    for name, code in (
        ("scan-glued-import", "SEC001"),
        ("scan-globalthis-computed", "SEC011"),
        ("scan-process-computed", "SEC006"),
    ):
        assert v3[f"{name}.mjs"]["accepted"], name  # the 3.x runtime's scanner lets these through
        assert v4[f"v4-{name}.mjs"]["stage"] == "security" and code in v4[f"v4-{name}.mjs"]["codes"], name
    assert v3["scan-import-in-string.mjs"]["codes"] == ["SEC001"] and v4["v4-scan-import-in-string.mjs"]["accepted"]
    # The 3.x scanner matches substrings on every line that does not start as a comment; 4.x blanks strings
    # and comments first and retired SEC015/SEC016 (setTimeout, setInterval).
    for name, code in (
        ("scan-fs-in-url", "SEC008"),
        ("scan-trailing-comment", "SEC001"),
        ("scan-settimeout", "SEC015"),
    ):
        assert v3[f"{name}.mjs"]["codes"] == [code] and v4[f"v4-{name}.mjs"]["accepted"], name
    for name, code in (("scan-require", "SEC002"), ("scan-eval", "SEC003")):
        assert v3[f"{name}.mjs"]["codes"] == v4[f"v4-{name}.mjs"]["codes"] == [code], name
    assert "VAL014" in v4["v4-version-short.mjs"]["codes"] and "VAL016" in v4["v4-skills.mjs"]["codes"]
    for name in ("export-mian", "export-default", "main-unexported"):
        assert v3[f"{name}.mjs"]["stage"] == v4[f"v4-{name}.mjs"]["stage"] == "import", name
    assert v3["tools-array.mjs"]["stage"] == v4["v4-tools-array.mjs"]["stage"] == "main"
    assert "VAL107" in v4["v4-enum-literal-with-list.mjs"]["codes"]
    assert v4["v4-resource-markdown-queries.mjs"]["stage"] == v4["v4-resource-markdown-database.mjs"]["stage"] == "main"
    assert "path" in v4["v4-resource-http-no-path.mjs"]["messages"][0]
    assert v3["resource-blank-description.mjs"]["stage"] == "resources"
    # Accepted by the runtime of the generation (flowlint's false errors before issue 18).
    for name in (
        "option-values",
        "option-int",
        "tool-name-snake",
        "primitive-int",
        "body-on-get",
        "insert-no-placeholder",
        "zero-tests",
        "resource-query-no-tests",
        "resource-query-output-object",
    ):
        assert v3[f"{name}.mjs"]["accepted"] and v4[f"v4-{name}.mjs"]["accepted"], name
    assert v3["enum-default-optional.mjs"]["accepted"] and v4["v4-meta-null.mjs"]["accepted"]
    assert v4["v4-resource-markdown-no-queries.mjs"]["accepted"] and v4["v4-resource-five-queries.mjs"]["accepted"]
    # A named {{CHAIN}} placeholder is in the MCP shape, so a test that does not pass it is refused.
    assert not any(t["ok"] for t in v3["named-placeholder.mjs"]["tests"])


# Every class issue 18 lists has a 3.x case and a 4.x twin (v4-<name>.mjs).
ISSUE_18_CLASSES = {
    "preload": ["preload-enabled-missing", "preload-enabled-not-boolean", "preload-ttl-missing", "preload-ttl-float",
                "preload-ttl-zero", "preload-ttl-string", "preload-description-number", "preload-not-object"],
    "invalid regex": ["regex-invalid"],
    "hardened scanner": ["scan-glued-import", "scan-globalthis-computed", "scan-process-computed",
                         "scan-import-statement", "scan-import-in-string", "scan-fs-in-url", "scan-trailing-comment",
                         "scan-settimeout", "scan-require", "scan-eval"],
    "no main export": ["export-mian", "export-default", "main-unexported"],
    "tools as an array": ["tools-array"],
    "VAL107": ["enum-literal-with-list"],
    "resources": ["resource-markdown-queries", "resource-markdown-database", "resource-http-no-path",
                  "resource-blank-description"],
    "false errors": ["option-values", "option-int", "tool-name-snake", "primitive-int", "resource-five-queries",
                     "resource-query-no-tests", "resource-query-output-object", "resource-markdown-no-queries",
                     "body-on-get", "insert-no-placeholder", "meta-null", "enum-default-optional",
                     "named-placeholder", "zero-tests"],
}  # fmt: skip


@pytest.mark.parametrize("name", [n for names in ISSUE_18_CLASSES.values() for n in names])
def test_every_issue_18_class_has_a_case_and_a_4x_twin(name: str) -> None:
    for case in (f"{name}.mjs", f"v4-{name}.mjs"):
        assert "[issue 18]" in (CASES / case).read_text().partition("\n")[0], case
        assert case in by_name("v3") and case in by_name("v4"), case
    assert (HERE / "_lists" / "chains.mjs").is_file()  # the shared list VAL107's case refers to


# Issue 25's classes: (case, runtime) -> the stage where that runtime refuses it (None: accepted).
ISSUE_25_STAGES = {
    ("enum-unclosed", "v3"): "tool-build", ("v4-enum-unclosed", "v4"): "tool-build",
    ("bound-nan", "v3"): None, ("v4-bound-nan", "v4"): None,
    ("max-empty", "v3"): None, ("length-nan", "v3"): None,
    ("bound-read-as", "v3"): "tests", ("length-fraction", "v3"): "tests", ("length-negative", "v3"): "tests",
    ("default-misfit-optional-last", "v3"): None, ("v4-default-misfit-optional-last", "v4"): "tests",
    ("placeholder-keyed-by-name", "v3"): "tests", ("v4-placeholder-keyed-by-name", "v4"): "tests",
    ("regex-lookahead", "v3"): "tests", ("regex-unicode-space", "v3"): "tests",
    ("tools-and-routes", "v3"): None,
    ("v4-markdown-no-origin", "v4"): "main", ("v4-markdown-origin-invalid", "v4"): "main",
    ("v4-markdown-name-not-md", "v4"): "main", ("v4-markdown-no-name", "v4"): "main",
    ("v4-markdown-mode", "v4"): "resources", ("v4-sqlite-lifecycle", "v4"): "resources",
    ("v4-sqlite-lifecycle-valid", "v4"): None,
}  # fmt: skip


@pytest.mark.parametrize(("case", "runtime"), sorted(ISSUE_25_STAGES))
def test_pinned_issue_25_classes(case: str, runtime: str) -> None:
    """Each class of issue 25 as the runtime of the file's generation judges it, and flowlint's default
    profile: an error exactly where the runtime refuses (a test rule aside)."""
    verdict = by_name(runtime)[f"{case}.mjs"]
    assert "[issue 25]" in (CASES / f"{case}.mjs").read_text().partition("\n")[0]
    assert verdict["stage"] == ISSUE_25_STAGES[(case, runtime)], verdict
    report = json.loads(
        invoke_cli("check", "--no-cache", "--format", "json", "--exit-zero", str(CASES / f"{case}.mjs")).stdout
    )
    errors = {d["code"] for d in report["diagnostics"] if d["severity"] == "error"} - {"TST001"}
    assert bool(errors) is (verdict["stage"] is not None), (case, errors)


def load_compare():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("differential_compare", TOOLS / "compare.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def diag(code: str, severity: str = "error", **where: object) -> dict:
    return dict({"code": code, "severity": severity, "tool": None, "test_index": None, "parameter": None}, **where)


def test_compare_counts_the_four_figures_by_the_issues_rules() -> None:
    compare = load_compare()
    ok_test = {"tool": "t", "index": 0, "ok": True, "issues": []}
    bad_test = {"tool": "t", "index": 0, "ok": False, "issues": [{"path": "chain", "code": "invalid_type"}]}
    tools = [{"route": "t", "built": True, "tool_name": "t_ns"}]
    rows = {
        # runtime accepts; flowlint's only errors are test rules: counted apart, not a disagreement
        "a": {"accepted": True, "stage": None, "codes": [], "tests": [ok_test], "tools": tools},
        # runtime refuses with a code flowlint prints: agreement on the file and the code
        "b": {"accepted": False, "stage": "security", "codes": ["SEC006"], "messages": ["SEC006 b: x"], "tools": []},
        # runtime refuses with a code; flowlint errs with another code: file agrees, code does not
        "c": {"accepted": False, "stage": "main", "codes": ["VAL107"], "messages": ["VAL107 m"], "tools": []},
        # the MCP stage refuses a test; flowlint has one error on the parameter (one defect, one finding)
        "d": {"accepted": False, "stage": "tests", "codes": [], "tests": [bad_test], "tools": tools},
        # runtime accepts; flowlint errs (a false error)
        "e": {"accepted": True, "stage": None, "codes": [], "tests": [ok_test], "tools": tools},
        # two refused tests, one grouped flowlint finding ("tests 0-1 ...") on the parameter at test 0
        "g": {
            "accepted": False,
            "stage": "tests",
            "codes": [],
            "tests": [bad_test, dict(bad_test, index=1)],
            "tools": [],
        },
    }
    diags = {
        "a": [diag("TST001"), diag("TST008", "info")],
        "b": [diag("SEC006")],
        "c": [diag("FL017")],
        "d": [diag("FL013", tool="t", parameter="chain")],
        "e": [diag("VAL030", tool="t"), diag("TST004", tool="t", test_index=0)],
        "g": [diag("TST006", tool="t", test_index=0, parameter="chain")],
    }
    mcp = {p: [{"name": "t_ns", "inputSchema": {}}] for p in ("a", "d", "e")}
    mcp["e"] = [{"name": "other_ns", "inputSchema": {}}]
    cmp = compare.Comparison(rows, diags, mcp, examples=1)
    cmp.definitions()
    cmp.codes()
    cmp.tests()
    cmp.tool_names()
    assert cmp.figures["definitions"] == {"agree": 4, "judged": 5, "test_rules": 1, "ratio": 0.8}
    assert cmp.classes["error_accepted"] == {"TST004": ["e"], "VAL030": ["e"]}
    assert cmp.figures["codes"] == {"agree": 1, "judged": 2, "ratio": 0.5}
    assert list(cmp.classes["code_missing"]) == ["VAL107 (flowlint: FL017)"]
    # a: accepted, no value error; d: refused, caught by the parameter's error; e: accepted, but TST004;
    # g: both refused tests caught by the one grouped finding
    assert cmp.figures["test_values"] == {"agree": 4, "judged": 5, "ratio": 0.8}
    assert cmp.figures["tool_names"] == {"agree": 2, "judged": 4, "ratio": 0.5}
    assert compare.generation({"declared_version": "4.1.0"}) == "v4"
    assert compare.generation({"declared_version": "3.0.0"}) == compare.generation({}) == "v3"


@pytest.fixture(scope="module")
def fixture_figures(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict]:
    """compare.py's figures in the default profile, with the flowlint it runs (one `check` and one
    `mcp-tools` per served case, about sixty) run in this process: a process each cost eight seconds
    (issue 19). compare.py as a process, running flowlint as processes, is
    test_compare_strict_profile_runs_or_says_why_not."""
    compare = load_compare()
    flowlint = compare.flowlint_command(None)
    one_at_a_time = threading.Lock()  # compare.py runs mcp-tools on two threads; the CLI runner is global

    def run(argv: list[str], cwd: str, **_: object) -> subprocess.CompletedProcess[str]:
        assert argv[: len(flowlint)] == flowlint, argv
        with one_at_a_time:
            result = invoke_cli(*argv[len(flowlint) :], cwd=Path(cwd))
        return subprocess.CompletedProcess(argv, result.returncode, result.stdout, result.stderr)

    out = tmp_path_factory.mktemp("compare") / "figures.json"
    printed = io.StringIO()
    with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stdout(printed):
        patch.setenv("FLOWLINT_CACHE_DIR", str(out.parent / "cache"))
        patch.setattr(compare, "subprocess", types.SimpleNamespace(run=run))
        assert compare.main([str(VERDICTS["v3"]), str(VERDICTS["v4"]), "--root", str(REPO), "--json", str(out)]) == 0
    return printed.getvalue(), json.loads(out.read_text())


def test_compare_runs_against_the_installed_flowlint(fixture_figures: tuple[str, dict]) -> None:
    out, figures = fixture_figures
    for label in ("definitions", "codes", "test values", "tool names", "disagreements by class"):
        assert label in out, label
    for name in by_name("v3"):
        assert re.search(rf"^{re.escape(name)}\s", out, re.M), name
    # a .py twin is scored with its .mjs verdict, by the runtime of the declared generation
    assert re.search(r"^baseline-v3\.py\s+v3\s+accept\s", out, re.M)
    assert re.search(r"^v4-preload-valid\.mjs\s+v4\s+accept\s", out, re.M)
    assert figures["profile"] == "default"
    assert figures["files"] == len([p for p in CASES.iterdir()])
    for key in ("definitions", "codes", "test_values", "tool_names"):
        assert figures["figures"][key]["judged"] > 0, key


@pytest.mark.parametrize("figure", ["definitions", "codes", "test_values", "tool_names"])
def test_agreement_is_at_least_099_in_the_default_profile(fixture_figures: tuple[str, dict], figure: str) -> None:
    _out, figures = fixture_figures
    value = figures["figures"][figure]
    assert value["ratio"] >= 0.99, (value, figures["classes"])


def test_compare_strict_profile_runs_or_says_why_not() -> None:
    completed = subprocess.run(
        [
            sys.executable,
            str(TOOLS / "compare.py"),
            str(VERDICTS["v3"]),
            str(VERDICTS["v4"]),
            "--strict",
            "--no-mcp-tools",
            "--no-table",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    out = completed.stdout
    assert "strict profile skipped" in out or ("strict profile" in out and "definitions" in out)


@pytest.mark.parametrize("runtime", ["v3", "v4"])
def test_fresh_recording_matches(runtime: str, tmp_path: Path) -> None:
    checkout = os.environ.get(f"FLOWMCP_CORE_{runtime.upper()}")
    node = shutil.which("node")
    if not checkout or node is None:
        pytest.skip(f"set FLOWMCP_CORE_{runtime.upper()} to a flowmcp-core checkout (and have node) to re-record")
    out = tmp_path / "verdicts.json"
    commit = verdicts(runtime)["runtime_commit"]
    env = dict(os.environ)
    if runtime == "v4":
        # flowmcp-core 4.x has no MCP SDK dependency: the recording borrows the 3.x checkout's, as recorded.
        env["FLOWMCP_RUNTIME"] = "v4"
        sdk = os.environ.get("FLOWMCP_MCP_SDK_DIR") or os.environ.get("FLOWMCP_CORE_V3")
        if not sdk:
            pytest.skip("set FLOWMCP_MCP_SDK_DIR (or FLOWMCP_CORE_V3) to a folder with @modelcontextprotocol/sdk")
        env["FLOWMCP_MCP_SDK_DIR"] = sdk
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


def test_a_legacy_file_served_without_its_tools_is_scored_as_refused(tmp_path: Path) -> None:
    """The 3.x runtime converts a FlowMCP 1.x file (LegacyAdapter) but reads only `routes`: a 1.x file whose
    tools are under `tools` is `accepted` with no tool at all. compare.py scores that as a refusal (every
    call to its tools fails), and leaves a 1.x file that does get its routes served as accepted."""
    compare = load_compare()
    warnings = [
        "LegacyAdapter: Schema uses v1.x format, automatic conversion applied",
        "PIPE-WARN: Schema has no tools, resources, or skills — nothing to execute",
    ]
    verdict = {"accepted": True, "stage": None, "warnings": warnings, "tools": [], "codes": [], "messages": []}
    tools_file = tmp_path / "tools.mjs"
    tools_file.write_text("const schema = { flowMCP: '1.2.0',\n    tools: { getA: {} } }\nexport { schema }\n")
    routes_file = tmp_path / "routes.mjs"
    routes_file.write_text("export const schema = { flowMCP: '1.2.0',\n    routes: { getA: {} } }\n")
    scored = compare.legacy_without_tools(dict(verdict), str(tools_file))
    assert (scored["accepted"], scored["stage"], scored["codes"]) == (False, "legacy-tools", ["VAL001"])
    served = dict(verdict, tools=[{"name": "get_a"}], warnings=warnings[:1])
    assert compare.legacy_without_tools(served, str(routes_file)) == served
    assert compare.legacy_without_tools(dict(verdict), str(routes_file))["accepted"] is True
