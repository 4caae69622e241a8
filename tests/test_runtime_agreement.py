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


# The test rules (an error in the default profile though the runtime accepts the file): TST001-TST008 and
# their resource-query forms, which the specification numbers RES011 (no test), RES022 and RES023.
TEST_RULES = {f"TST00{n}" for n in range(1, 9)} | {"RES011", "RES022", "RES023"}


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
    assert errors - TEST_RULES == set(), (runtime, sorted(errors))
    # --strict adds the specification's stricter rules, each saying that the runtime tolerates it, and only
    # the specification's (issue 25): flowlint's own codes keep their default severity
    strict = lint_source(path.read_text(encoding="utf-8"), str(path), Config(strict=True))
    added = [d for d in strict.diagnostics if d.severity == "error" and d.code not in TEST_RULES]
    assert all("[spec only: " in d.message or "[ignored by " in d.message for d in added), [d.message for d in added]
    assert not [d.code for d in added if d.code.startswith(("FL", "VER"))], added
    assert SPEC_STRICTER.get(path.name, set()) - {"TST006"} <= {d.code for d in added}, (runtime, added)


def test_strict_promotes_the_specification_s_rules_and_only_those() -> None:
    """Issue 25: on the library `--strict` added 132 errors that are no error rule of the 3.0.0
    specification (FL013 130, FL010 1, FL012 1). flowlint's own codes keep their default severity under
    --strict, and their messages no longer promise otherwise; the specification's rules become errors."""
    source = (
        "export const main = { namespace: 'demo', name: 'Demo', description: 'Demo', version: '3.0.0',\n"
        "    root: 'https://api.example.com', tools: { get_thing: { method: 'GET', path: '/thing',\n"
        "    description: 'Thing', parameters: [ { position: { key: 'key', value: '{{SERVER_PARAM:KEY}}', "
        "location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } } ],\n"
        "    tests: [ { _description: 'A' }, { _description: 'B' }, { _description: 'C' } ] } } }\n"
    )
    for strict in (False, True):
        found = {d.code: d for d in lint_source(source, "thing.mjs", Config(strict=strict)).diagnostics}
        assert found["FL013"].severity == "warning" and "--strict" not in found["FL013"].message
        assert found["VAL030"].severity == ("error" if strict else "warning")  # camelCase: the spec's rule


def test_a_resource_query_without_tests_is_an_error_by_default() -> None:
    """Issue 25: the mission's TST001 (at least one test, an error) covers resource queries; the
    specification numbers it RES011 for them, which was a warning ("spec only")."""
    source = (
        "export const main = { namespace: 'demo', name: 'Demo', description: 'Demo', version: '3.0.0',\n"
        "    resources: { contracts: { source: 'sqlite', description: 'C', database: 'c.db', queries: {\n"
        "        all: { sql: 'SELECT 1', description: 'All', parameters: [], output: { mimeType: "
        "'application/json', schema: { type: 'array', items: { type: 'object' } } } } } } } }\n"
    )
    [finding] = [d for d in lint_source(source, "c.mjs", Config()).diagnostics if d.code == "RES011"]
    assert finding.severity == "error" and "TST001" in finding.message
