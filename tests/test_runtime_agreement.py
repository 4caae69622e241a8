"""flowlint against FlowMCP's runtime, on the differential fixtures (issue 10).

The runtime's verdicts were recorded with node from flowmcp-core (tools/differential/record.mjs; the
commits are inside tests/differential/verdicts-v3.json and verdicts-v4.json), so replaying them needs
neither node nor the runtime. A fixture is judged by the runtime its `main.version` targets: 3.x by
the 3.x runtime, 4.x by the 4.x runtime. The promise: when the runtime refuses a definition (or one of
its tests), flowlint reports at least one error. Where flowlint reports an error the runtime does not,
the specification demands more than the runtime checks; each such case is listed with its code.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from flowlint.api import lint_source
from flowlint.lint.config import Config

CASES = Path(__file__).resolve().parent / "differential" / "cases"

# Runtime accepts, flowlint errs: the specification's rule is stricter than the runtime's check.
SPEC_STRICTER = {
    "enum-space.mjs": {"VAL044"},  # 'enum (a,b)' is no valid primitive; the runtime reads it as string()
    "path-no-slash.mjs": {"VAL033"},  # the specification asks for a leading '/'; the runtime checks a string
    "test-unknown-key.mjs": {"TST006"},  # tests are not validated by the runtime at all
    "test-unknown-key.py": {"TST006"},
    "tool-name-invalid.mjs": {"VAL030"},  # camelCase tool names: not checked by the runtime
    "unknown-main-key.mjs": {"VAL003"},  # 3.0.0 lists main's fields; the 3.x runtime ignores others
    "unknown-primitive.mjs": {"VAL044"},  # 'int()' is no primitive; the runtime silently uses string()
}


def _verdicts(runtime: str) -> dict[str, dict[str, object]]:
    data = json.loads((CASES.parent / f"verdicts-{runtime}.json").read_text(encoding="utf-8"))
    return {Path(v["file"]).name: v for v in data["verdicts"]}


VERDICTS = {"v3": _verdicts("v3"), "v4": _verdicts("v4")}


def _case(path: Path) -> tuple[str, dict[str, object]]:
    recorded = path.with_suffix(".mjs").name if path.suffix == ".py" else path.name  # .py twins: no runtime
    text = path.with_suffix(".mjs").read_text(encoding="utf-8") if path.suffix == ".py" else path.read_text()
    runtime = "v4" if "version: '4." in text or '"version": "4.' in text else "v3"
    return runtime, VERDICTS[runtime][recorded]


@pytest.mark.parametrize("path", [p for p in sorted(CASES.iterdir()) if p.is_file()], ids=lambda p: p.name)
def test_flowlint_errs_where_the_runtime_refuses(path: Path) -> None:
    """Default profile: an error exactly where the runtime refuses, or a test rule (TST) breaks; --strict
    adds the specification's stricter rules (issue 18)."""
    runtime, verdict = _case(path)
    report = lint_source(path.read_text(encoding="utf-8"), str(path), Config())
    errors = {d.code for d in report.diagnostics if d.severity == "error"}
    if not verdict["accepted"]:
        assert errors, f"the {runtime} runtime refuses {path.name}: {verdict['messages'] or verdict['tests']}"
        return
    assert {code for code in errors if not code.startswith("TST")} == set(), (runtime, sorted(errors))
    # --strict adds the specification's stricter rules, each saying that the runtime tolerates it
    strict = lint_source(path.read_text(encoding="utf-8"), str(path), Config(strict=True))
    added = [d for d in strict.diagnostics if d.severity == "error" and not d.code.startswith("TST")]
    assert all("[spec only: " in d.message or "[ignored by " in d.message for d in added), [d.message for d in added]
    assert SPEC_STRICTER.get(path.name, set()) - {"TST006"} <= {d.code for d in added}, (runtime, added)
