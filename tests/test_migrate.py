"""`flowlint migrate` (issue 24): the crafted cases FlowMCP's own transformation gets wrong, each change class,
and the proof against FlowMCP's runtimes.

The fixtures are a small library (`tests/fixtures/migrate/library/`: definitions, skill files, a shared list
and a 1.2 schema); `after/` is what `flowlint migrate providers --unsafe-fixes --write` makes of it (a
golden copy: `--update-goldens` rewrites it). The runtimes' verdicts were recorded with node, without
network, by `tools/differential/record.mjs --requests`: `verdicts-v3.json` (flowmcp-core c9c0f57, the
library as it is), `verdicts-v4.json` (8dab10b, `after/`) and `verdicts-v4-flowmcp.json` (8dab10b, the
library after FlowMCP's own `flowmcp migrate`, run by `tools/differential/flowmcp_migrate.mjs`), so these
tests need neither node nor FlowMCP. Re-record them after changing a fixture (commands in
docs/migrate.md).
"""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from conftest import REPO, Golden, invoke_cli
from flowlint.definition.loading import LoadStatus, load_bytes, load_file
from flowlint.lint.registry import all_rules
from flowlint.migrate.model import ChangeClass, FileMigration, FileStatus
from flowlint.migrate.renumber import renumbered
from flowlint.migrate.run import migrate_paths
from flowlint.migrate.source import parse_target
from flowlint.migrate.steps import Options
from flowlint.migrate.views import definition_view

FIXTURES = REPO / "tests" / "fixtures" / "migrate"
LIBRARY = FIXTURES / "library"
AFTER = FIXTURES / "after"


def _verdicts(name: str) -> dict[str, dict[str, Any]]:
    data = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    return {verdict["file"]: verdict for verdict in data["verdicts"]}


V3, V4, V4_FLOWMCP = _verdicts("verdicts-v3.json"), _verdicts("verdicts-v4.json"), _verdicts("verdicts-v4-flowmcp.json")
DEFINITIONS = sorted(name for name, verdict in V3.items() if "/skills/" not in name)


@pytest.fixture(scope="module")
def migrated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """A copy of the fixture library after `flowlint migrate providers --unsafe-fixes --write`, and its report."""
    copy = tmp_path_factory.mktemp("migrate") / "library"
    shutil.copytree(LIBRARY, copy)
    result = invoke_cli("migrate", "providers", "--unsafe-fixes", "--write", "--format", "json", cwd=copy)
    assert result.returncode == 0, result.stdout + result.stderr
    return copy, json.loads(result.stdout)


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_the_fixture_library_migrates_to_the_golden_copy(migrated: tuple[Path, dict[str, Any]], golden: Golden) -> None:
    copy, _report = migrated
    produced = _files(copy)
    assert set(produced) == set(_files(AFTER)) or golden.update
    for name, data in produced.items():
        golden.check(AFTER / name, data)


def test_every_definition_is_fully_accepted_by_the_4x_runtime_after_the_migration() -> None:
    assert DEFINITIONS and all(V4[name]["fully_accepted"] for name in DEFINITIONS)


# The crafted cases of issue 24 where FlowMCP's own transformation fails, with what it does (recorded).
FLOWMCP_FAILS = {
    "providers/demo/routes-unquoted.mjs": "an unquoted routes: is not renamed",
    "providers/demo/skills-first.mjs": "skills: as the first key of main leaves a syntax error",
    "providers/demo/skills-brace.mjs": "a } inside a string in the skills block leaves a syntax error",
    "providers/demo/sharedlists-first.mjs": "sharedLists before version gets the bump",
    "providers/demo/comment-version.mjs": "the version in a comment is bumped",
}


@pytest.mark.parametrize("name", sorted(FLOWMCP_FAILS))
def test_flowmcp_s_own_transformation_fails_where_flowlint_s_does_not(name: str) -> None:
    assert not V4_FLOWMCP[name]["fully_accepted"], FLOWMCP_FAILS[name]
    assert V4[name]["fully_accepted"]


def _after(name: str) -> str:
    return (AFTER / name).read_text(encoding="utf-8")


def _before(name: str) -> str:
    return (LIBRARY / name).read_text(encoding="utf-8")


def test_an_unquoted_routes_key_is_renamed() -> None:
    loaded = load_file(AFTER / "providers/demo/routes-unquoted.mjs")
    assert loaded.definition is not None and loaded.definition.get("routes") is None
    assert "    tools: {" in _after("providers/demo/routes-unquoted.mjs")


@pytest.mark.parametrize("name", ["providers/demo/skills-first.mjs", "providers/demo/skills-brace.mjs"])
def test_main_skills_goes_whole_and_the_rest_stays(name: str) -> None:
    before, after = _before(name), _after(name)
    loaded = load_bytes(after.encode(), AFTER / name)
    assert loaded.status is LoadStatus.DEFINITION and loaded.definition is not None
    assert loaded.definition.get("skills") is None
    kept = [
        line for line in before.splitlines() if "skills" not in line and "version" not in line and "summary" not in line
    ]
    assert all(line in after.splitlines() for line in kept if line.strip() not in ("},", "}"))


def test_the_version_of_a_shared_list_reference_is_kept() -> None:
    text = _after("providers/demo/sharedlists-first.mjs")
    assert "sharedLists: [ { ref: 'chains', version: '3.0.0' } ]" in text
    assert "    version: '4.3.0'," in text
    assert _after("_lists/chains.mjs") == _before("_lists/chains.mjs")  # a shared list keeps its own version


def test_comments_are_never_bumped() -> None:
    text = _after("providers/demo/comment-version.mjs")
    assert "// Formerly: version: '3.1.0'" in text and "/* version: '3.2.0' */" in text
    assert "    version: '4.3.0'," in text


def test_an_output_property_named_skills_and_a_handler_s_routes_key_are_kept() -> None:
    assert "skills: { type: 'array'" in _after("providers/demo/output-skills.mjs")
    assert "return { response: { 'routes': response } }" in _after("providers/demo/handler-routes.mjs")
    assert V4["providers/demo/output-skills.mjs"]["fully_accepted"]


def test_every_byte_outside_the_edits_is_kept() -> None:
    """Only lines the report names change: the rest of each file is byte for byte the original."""
    import difflib

    for name in DEFINITIONS:
        before, after = _before(name).splitlines(), _after(name).splitlines()
        changed = [tag for tag, *_ in difflib.SequenceMatcher(None, before, after).get_opcodes() if tag != "equal"]
        assert len(changed) <= 6, name  # the version, schemaVersion and a few named changes


# --------------------------------------------------------------------------- flowlint's views against the runtimes


def _view_checks(root: Path, verdicts: dict[str, dict[str, Any]], generation: int) -> list[str]:
    problems = []
    for name in DEFINITIONS:
        verdict = verdicts[name]
        loaded = load_file(root / name)
        if loaded.definition is None or not verdict.get("definition_accepted"):
            continue
        views = definition_view(loaded.definition, generation)
        for row in verdict["tools"]:
            view = views[row["route"]]
            if view.built != row["built"]:
                problems.append(f"{name} {row['route']}: built {view.built} != {row['built']}")
            if "omission_refused" in row and view.omission_refused != row["omission_refused"]:
                problems.append(f"{name} {row['route']}: omission {view.omission_refused} != {row['omission_refused']}")
        for test in verdict["tests"]:
            mine = views[test["tool"]].tests[test["index"]]
            if mine.accepted != test["ok"]:
                problems.append(f"{name} {test['tool']} {test['index']}: accepted {mine.accepted} != {test['ok']}")
            if "request" in test and not test.get("pre_request") and mine.request != test["request"]:
                problems.append(f"{name} {test['tool']} {test['index']}: {mine.request} != {test['request']}")
    return problems


def test_flowlint_s_3x_view_is_the_3x_runtime_s() -> None:
    assert _view_checks(LIBRARY, V3, 3) == []


def test_flowlint_s_4x_view_of_the_result_is_the_4x_runtime_s() -> None:
    assert _view_checks(AFTER, V4, 4) == []


def test_views_of_tools_built_in_no_order_in_4x_order_only_and_of_tests_that_are_not_data() -> None:
    """A tool neither order of its options builds has no schema and its tests are refused; one 3.x cannot
    build is shown in 4.x order; a test that is not an object, or holds a value that is not JSON data, is
    not static data (as `capture` reads tests: one reading)."""

    def param(options: str, primitive: str = "string()") -> str:
        return (
            "{ position: { key: 'q', value: '{{USER_PARAM}}', location: 'query' }, "
            f"z: {{ primitive: '{primitive}', options: [ {options} ] }} }}"
        )

    def tool(name: str, parameter: str, tests: str) -> str:
        return (
            f"        {name}: {{ method: 'GET', path: '/{name}', description: 'T', parameters: [ {parameter} ], "
            f"tests: [ {tests} ] }},\n"
        )

    source = (
        HEAD
        + "    tools: {\n"
        + tool("never", param("'min(1)'", "boolean()"), "{ _description: 'One', q: true }")
        + tool("reordered", param("'optional()', 'min(1)'"), "{ _description: 'One', q: 'ab' }")
        + tool(
            "notData",
            param(""),
            "{ _description: 'One', q: String(1) }, 'a string', { _description: 'Three', q: 'ab' }",
        )
        + "    }\n}\n"
    )
    loaded = load_bytes(source.encode(), Path("demo.mjs"))
    assert loaded.definition is not None
    for generation in (3, 4):
        views = definition_view(loaded.definition, generation)
        never, reordered, not_data = views["never"], views["reordered"], views["notData"]
        assert not never.built and never.schema is None
        assert [(t.accepted, t.refusal) for t in never.tests] == [(False, "the tool is not built")]
        assert reordered.built is (generation == 4) and reordered.schema is not None
        assert reordered.tests[0].accepted and reordered.tests[0].arguments == {"q": "ab"}
        assert [(t.accepted, t.refusal) for t in not_data.tests[:2]] == [(False, "the test is not static data")] * 2
        assert not_data.tests[2].accepted


def _proof() -> Any:
    spec = importlib.util.spec_from_file_location(
        "migration_proof", REPO / "tools" / "differential" / "migration_proof.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_what_the_report_calls_equivalent_is_equivalent_by_flowmcp_s_records(
    migrated: tuple[Path, dict[str, Any]],
) -> None:
    _copy, report = migrated
    result = _proof().equivalence(report, V3, V4, set())
    assert result["equivalent_files"] >= 4 and result["violations"] == []
    assert result["verified"] == result["equivalent_files"]


def test_statuses_of_the_fixture_library(migrated: tuple[Path, dict[str, Any]]) -> None:
    _copy, report = migrated
    statuses = {f["path"]: f["status"] for f in report["files"]}
    assert statuses["providers/demo/comment-version.mjs"] == "equivalent"
    assert statuses["providers/demo/constraint-order.mjs"] == "equivalent, tools that now work"
    assert statuses["providers/demo/body-types.mjs"] == "changed"
    assert statuses["providers/demo/defaults.mjs"] == "changed"
    assert statuses["providers/demo/skills-first.mjs"] == "changed"  # main.skills removed: unsafe
    assert report["summary"]["files_left_for_a_person"] == 0


# --------------------------------------------------------------------------- each change class


HEAD = """export const main = {
    namespace: 'demo',
    name: 'Demo',
    description: 'A demo',
    version: '3.0.0',
    root: 'https://api.example.com',
"""


def _migrate(tmp_path: Path, text: str, unsafe: bool = False, target: str = "4.3.0", **options: Any) -> FileMigration:
    path = tmp_path / "demo.mjs"
    path.write_text(text, encoding="utf-8")
    parsed = parse_target(target)
    assert parsed is not None
    run = migrate_paths([path], Options(target=parsed, unsafe=unsafe, **options))
    assert len(run.files) == 1
    return run.files[0]


def _tool(parameters: str, tests: str = "[ { _description: 'One' } ]", method: str = "GET", extra: str = "") -> str:
    return (
        HEAD
        + extra
        + f"""    tools: {{
        getThing: {{
            method: '{method}',
            path: '/thing',
            description: 'Thing',
            parameters: [
{parameters}
            ],
            tests: {tests}
        }}
    }}
}}
"""
    )


def _kinds(migration: FileMigration) -> dict[str, tuple[ChangeClass, bool]]:
    return {change.kind: (change.klass, change.applied) for change in migration.changes}


def test_safe_changes_keep_what_the_runtime_does(tmp_path: Path) -> None:
    text = _tool("").replace("    tools: {", "    routes: {")
    migration = _migrate(tmp_path, text)
    kinds = _kinds(migration)
    assert kinds["version"] == (ChangeClass.SAFE, True)
    assert kinds["routes"] == (ChangeClass.SAFE, True)
    assert kinds["schema-version"] == (ChangeClass.SAFE, True)
    after = migration.after.decode()
    assert "    version: '4.3.0',\n    schemaVersion: '1.0.0',\n" in after and "    tools: {" in after
    assert migration.status is FileStatus.EQUIVALENT


def test_schema_version_is_only_written_from_4_1(tmp_path: Path) -> None:
    migration = _migrate(tmp_path, _tool(""), target="4.0.0")
    assert "schema-version" not in _kinds(migration) and b"version: '4.0.0'" in migration.after


def test_a_schema_hash_in_the_source_goes(tmp_path: Path) -> None:
    migration = _migrate(tmp_path, _tool("", extra="    schemaHash: 'abc',\n"))
    assert b"schemaHash" not in migration.after and _kinds(migration)["schema-hash"][0] is ChangeClass.SAFE


def test_unsafe_changes_wait_for_unsafe_fixes(tmp_path: Path) -> None:
    parameters = "                { position: { key: 'format', value: 'json', location: 'query' }, z: { primitive: 'string()', options: [] } }"
    safe = _migrate(tmp_path, _tool(parameters))
    assert _kinds(safe)["fix:FL015"] == (ChangeClass.UNSAFE, False)  # FL015's own fix, listed
    assert safe.status is FileStatus.FAILING_BEFORE and safe.blocking  # FL015: the runtime refuses the test
    unsafe = _migrate(tmp_path, _tool(parameters), unsafe=True)
    assert _kinds(unsafe)["fix:FL015"] == (ChangeClass.UNSAFE, True)
    assert b"options: ['optional()'] }" in unsafe.after
    assert unsafe.status is FileStatus.CHANGED and not unsafe.blocking
    assert any(d.what == "inputSchema" for d in unsafe.differences)


def test_a_fix_names_its_finding_s_tool_applied_or_listed(tmp_path: Path) -> None:
    """An applied fix names the tool (or resource query) its finding is about, as a listed one does, so the
    causes of a tool's differences are the fixes of that tool (not a guess by where the edit lies)."""
    parameters = "                { position: { key: 'format', value: 'json', location: 'query' }, z: { primitive: 'string()', options: [] } }"
    listed, applied = (_migrate(tmp_path, _tool(parameters), unsafe=unsafe) for unsafe in (False, True))
    assert [(c.tool, c.applied) for c in listed.changes if c.kind == "fix:FL015"] == [("getThing", False)]
    assert [(c.tool, c.applied) for c in applied.changes if c.kind == "fix:FL015"] == [("getThing", True)]
    query = (
        "byId: { sql: 'SELECT * FROM c WHERE id = ?', description: 'Q', "
        "parameters: [ { position: { key: 'id', value: '{{USER_PARAM}}' }, z: { primitive: 'number()', options: [] } } ], "
        "output: { mimeType: 'application/json', schema: { type: 'array', items: { type: 'object' } } }, "
        "tests: [ { _description: 'One', id: '1' } ] }"
    )
    text = HEAD + (
        "    tools: {},\n"
        f"    resources: {{ contracts: {{ source: 'sqlite', description: 'C', database: 'c.db', queries: {{ {query} }} }} }}\n"
        "}\n"
    )
    migration = _migrate(tmp_path, text)
    assert [(c.tool, c.applied) for c in migration.changes if c.kind == "fix:RES022"] == [("contracts.byId", True)]


def test_a_fix_of_a_parameter_declared_outside_the_tool_is_the_cause_of_the_tool_s_difference(
    tmp_path: Path,
) -> None:
    """A parameter written as a constant before main: its fix's edit lies outside the tool's object, and the
    difference it makes is still the tool's, caused by that fix (the span search blamed the generation)."""
    parameter = (
        "{ position: { key: 'format', value: 'json', location: 'query' }, z: { primitive: 'string()', options: [] } }"
    )
    text = f"const format = {parameter}\n\n" + _tool("                format")
    migration = _migrate(tmp_path, text, unsafe=True)
    assert [(c.tool, c.applied) for c in migration.changes if c.kind == "fix:FL015"] == [("getThing", True)]
    assert [(d.where, d.what, d.cause) for d in migration.differences] == [
        ("tool getThing", "inputSchema", "FL015: add 'optional()'")
    ]


def test_a_default_3x_never_applied_is_kept_and_its_requests_change(tmp_path: Path) -> None:
    parameters = "                { position: { key: 'page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'default(0)', 'optional()' ] } }"
    migration = _migrate(tmp_path, _tool(parameters), unsafe=True)
    assert b"'default(0)', 'optional()'" in migration.after
    [difference] = [d for d in migration.differences if d.what == "request"]
    assert difference.before["url"] == "https://api.example.com/thing"
    assert difference.after["url"] == "https://api.example.com/thing?page=0"
    assert "4.x applies the default of 'page'" in difference.cause
    dropped = _migrate(tmp_path, _tool(parameters), unsafe=True, drop_unapplied_defaults=True)
    assert b"options: [ 'optional()' ]" in dropped.after
    assert not [d for d in dropped.differences if d.what == "request"]


def test_a_default_that_does_not_fit_its_type_is_dropped(tmp_path: Path) -> None:
    parameters = "                { position: { key: 'level', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(1,2,3)', options: [ 'default(2)', 'optional()' ] } }"
    migration = _migrate(tmp_path, _tool(parameters), unsafe=True)
    assert _kinds(migration)["fix:FL012"] == (ChangeClass.UNSAFE, True)
    assert b"options: [ 'optional()' ]" in migration.after


def test_a_named_placeholder_the_tests_set_becomes_a_user_parameter(tmp_path: Path) -> None:
    parameters = "                { position: { key: 'lat', value: '{{LATITUDE}}', location: 'query' }, z: { primitive: 'number()', options: [] } }"
    migration = _migrate(tmp_path, _tool(parameters, "[ { _description: 'Berlin', LATITUDE: 52.5 } ]"), unsafe=True)
    after = migration.after.decode()
    assert "value: '{{USER_PARAM}}'" in after and "lat: 52.5" in after
    assert migration.status is FileStatus.CHANGED


def test_a_placeholder_with_several_names_is_for_a_person(tmp_path: Path) -> None:
    parameters = "                { position: { key: 'q', value: '{{A}} {{B}}', location: 'query' }, z: { primitive: 'string()', options: [] } }"
    migration = _migrate(tmp_path, _tool(parameters, "[ { _description: 'x', A: 'a' } ]"), unsafe=True)
    assert any(item.code == "TST006" and item.blocking for item in migration.manual)
    assert b"'{{A}} {{B}}'" in migration.after  # a template of several inputs: never rewritten


def test_enum_values_are_written_into_the_primitive(tmp_path: Path) -> None:
    parameters = "                { position: { key: 'a', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum()', options: [ 'values(x,y)' ] } }"
    migration = _migrate(tmp_path, _tool(parameters, "[ { _description: 'x', a: 'x' } ]"), unsafe=True)
    assert b"z: { primitive: 'enum(x,y)', options: [] }" in migration.after


def test_roots_the_runtime_refuses(tmp_path: Path) -> None:
    slash = _migrate(tmp_path, _tool("").replace("https://api.example.com'", "https://api.example.com/'"), unsafe=True)
    assert b"root: 'https://api.example.com'," in slash.after
    plain = _migrate(tmp_path, _tool("").replace("https://api.example.com'", "http://api.example.com'"), unsafe=True)
    assert any(item.code == "VAL015" and item.blocking for item in plain.manual)
    assert plain.status is FileStatus.FAILING_BEFORE


def test_output_mime_types_the_4x_runtime_refuses(tmp_path: Path) -> None:
    text = _tool("").replace(
        "            tests: [ { _description: 'One' } ]",
        "            tests: [ { _description: 'One' } ],\n            output: { mimeType: 'application/ld+json', schema: { type: 'object', properties: {} } }",
    )
    migration = _migrate(tmp_path, text, unsafe=True)
    assert b"mimeType: 'application/json'" in migration.after


def test_manual_items_the_target_asks_for(tmp_path: Path) -> None:
    migration = _migrate(tmp_path, _tool(""), target="4.2.0")
    kinds = {item.kind for item in migration.manual if not item.blocking}
    assert {"meta", "terms-of-service"} <= kinds  # meta is required by 4.0.0-4.2.0: a decision, never invented
    assert not migration.blocking and b"meta" not in migration.after
    newest = _migrate(tmp_path, _tool(""))
    assert "meta" not in {item.kind for item in newest.manual}  # optional from 4.3.0


def test_tools_and_routes_both_is_for_a_person(tmp_path: Path) -> None:
    text = _tool("").replace("    tools: {", "    routes: {},\n    tools: {")
    migration = _migrate(tmp_path, text, unsafe=True)
    assert any(item.kind == "routes" and item.blocking for item in migration.manual)


def test_a_suppression_follows_the_code_renumbering(tmp_path: Path) -> None:
    text = _tool("", extra="    requiredLibraries: [ 'left-pad' ], // flowlint: ignore[VAL026]\n")
    migration = _migrate(tmp_path, text)
    assert b"// flowlint: ignore[SEC020]" in migration.after
    assert _kinds(migration)["suppression"] == (ChangeClass.SAFE, True)


def test_the_renumbering_is_what_the_4x_rules_declare() -> None:
    """Each pair is declared by its 4.x rule (`renumbers`), between a rule that checks 3.x definitions only
    and one that checks 4.x only; no 3.x code is renumbered twice."""
    rules = {rule.code: rule for rule in all_rules()}
    declared = [(rule.renumbers, rule.code) for rule in rules.values() if rule.renumbers is not None]
    assert renumbered() == dict(declared) == {"VAL026": "SEC020", "RES006": "RES028"}
    assert len(declared) == len(renumbered())
    for old, new in declared:
        assert rules[old].generations == (3,) and rules[new].generations == (4,)


def test_a_baseline_follows_the_code_renumbering(tmp_path: Path) -> None:
    (tmp_path / "demo.mjs").write_text(_tool(""), encoding="utf-8")
    baseline = {
        "version": 1,
        "flowlint": "0",
        "findings": [
            {"path": "demo.mjs", "code": "VAL026", "tool": None, "test_index": None, "parameter": None, "message": "x"},
            {
                "path": "demo.mjs",
                "code": "TST001",
                "tool": "getThing",
                "test_index": None,
                "parameter": None,
                "message": "y",
            },
        ],
    }
    (tmp_path / "baseline.json").write_text(json.dumps(baseline), encoding="utf-8")
    result = invoke_cli(
        "migrate", "demo.mjs", "--write", "--baseline", "baseline.json", "--format", "json", cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    codes = [entry["code"] for entry in json.loads((tmp_path / "baseline.json").read_text())["findings"]]
    assert codes == ["SEC020", "TST001"] and "1 entries renumbered" in result.stderr


def test_a_mechanical_1_2_schema_becomes_main(tmp_path: Path) -> None:
    legacy = (LIBRARY / "providers/legacy/legacy-schema.mjs").read_text()
    safe = _migrate(tmp_path, legacy)
    assert safe.kind == "legacy" and safe.blocking and not safe.changed  # unsafe: the file's shape changes
    migration = _migrate(tmp_path, legacy, unsafe=True)
    after = migration.after.decode()
    assert after.startswith("export const main = {") and "    version: '4.3.0'," in after
    assert (
        "method: 'GET'" in after and "path: '/chains'" in after and "modifiers" not in after and "handlers" not in after
    )


def test_a_1_2_schema_with_handlers_is_for_a_person(tmp_path: Path) -> None:
    legacy = (
        (LIBRARY / "providers/legacy/legacy-schema.mjs")
        .read_text()
        .replace("modifiers: []", "modifiers: [ { phase: 'post', handlerName: 'x' } ]")
    )
    migration = _migrate(tmp_path, legacy, unsafe=True)
    assert not migration.changed and migration.blocking and "modifiers" in migration.blocking[0].what


def test_a_python_definition_keeps_its_syntax(tmp_path: Path) -> None:
    path = tmp_path / "demo.py"
    path.write_text(
        'main = {\n    "namespace": "demo",\n    "name": "Demo",\n    "description": "A demo",\n    "version": "3.0.0",\n'
        '    "root": "https://api.example.com",\n    "tools": {},\n}\n',
        encoding="utf-8",
    )
    target = parse_target("4.3.0")
    assert target is not None
    run = migrate_paths([path], Options(target=target))
    assert '    "version": "4.3.0",\n    "schemaVersion": "1.0.0",\n' in run.files[0].after.decode()


# --------------------------------------------------------------------------- the command


def test_nothing_is_written_without_write_and_the_diff_is_shown(tmp_path: Path) -> None:
    (tmp_path / "demo.mjs").write_text(_tool(""), encoding="utf-8")
    result = invoke_cli("migrate", "demo.mjs", cwd=tmp_path)
    assert result.returncode == 0
    assert "-    version: '3.0.0',\n+    version: '4.3.0',\n+    schemaVersion: '1.0.0',\n" in result.stdout
    assert "nothing written" in result.stdout and b"3.0.0" in (tmp_path / "demo.mjs").read_bytes()


def test_write_then_a_second_run_changes_no_byte(tmp_path: Path) -> None:
    (tmp_path / "demo.mjs").write_text(_tool(""), encoding="utf-8")
    assert invoke_cli("migrate", "demo.mjs", "--write", cwd=tmp_path).returncode == 0
    written = (tmp_path / "demo.mjs").read_bytes()
    assert b"version: '4.3.0'" in written
    again = invoke_cli("migrate", "demo.mjs", "--write", "--format", "json", cwd=tmp_path)
    assert again.returncode == 0 and (tmp_path / "demo.mjs").read_bytes() == written
    assert json.loads(again.stdout)["files"][0]["reason"] == "declares 4.3.0 already"


def test_exit_codes(tmp_path: Path) -> None:
    (tmp_path / "demo.mjs").write_text(
        _tool("").replace("https://api.example.com'", "http://api.example.com'"), encoding="utf-8"
    )
    assert invoke_cli("migrate", "demo.mjs", cwd=tmp_path).returncode == 1  # http:// is for a person
    assert invoke_cli("migrate", "demo.mjs", "--to", "5.0.0", cwd=tmp_path).returncode == 2
    assert invoke_cli("migrate", "missing.mjs", cwd=tmp_path).returncode == 2
    assert invoke_cli("migrate", "demo.mjs", "--drop-unapplied-defaults", cwd=tmp_path).returncode == 2


def test_json_and_markdown_reports(tmp_path: Path) -> None:
    (tmp_path / "demo.mjs").write_text(_tool(""), encoding="utf-8")
    data = json.loads(invoke_cli("migrate", "demo.mjs", "--format", "json", cwd=tmp_path).stdout)
    assert data["target"] == "4.3.0" and data["files"][0]["status"] == "equivalent"
    assert {c["kind"] for c in data["files"][0]["changes"]} == {"version", "schema-version"}
    markdown = invoke_cli("migrate", "demo.mjs", "--format", "markdown", cwd=tmp_path).stdout
    assert markdown.startswith("# flowlint migrate to 4.3.0") and "| equivalent | 1 |" in markdown


def test_check_target_version_fix_migrates_first(tmp_path: Path) -> None:
    (tmp_path / "demo.mjs").write_text(_tool(""), encoding="utf-8")
    diff = invoke_cli("check", "demo.mjs", "--target-version", "4.3.0", "--diff", cwd=tmp_path)
    assert diff.returncode == 1 and "+    version: '4.3.0'," in diff.stdout
    assert b"'3.0.0'" in (tmp_path / "demo.mjs").read_bytes()
    fixed = invoke_cli("check", "demo.mjs", "--target-version", "4.3.0", "--fix", cwd=tmp_path)
    assert fixed.returncode == 0 and "migrated 1 file to 4.3.0" in fixed.stderr
    assert "after the migration, fixed 0 findings in 0 files" in fixed.stderr
    assert b"version: '4.3.0'" in (tmp_path / "demo.mjs").read_bytes()
    assert invoke_cli("check", "demo.mjs", "--target-version", "4.3.0", cwd=tmp_path).returncode == 2
    assert invoke_cli("check", "demo.mjs", "--target-version", "9", "--fix", cwd=tmp_path).returncode == 2


def test_a_defect_in_a_step_fails_the_file_not_the_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from flowlint.migrate import run as run_module

    def broken(*_args: object) -> None:
        raise ZeroDivisionError("a defect")

    monkeypatch.setattr(run_module, "compare", broken)
    (tmp_path / "demo.mjs").write_text(_tool(""), encoding="utf-8")
    result = invoke_cli("migrate", "demo.mjs", "--write", "--format", "json", cwd=tmp_path)
    assert result.returncode == 1
    [file] = json.loads(result.stdout)["files"]
    assert file["status"] == "failed" and "ZeroDivisionError: a defect" in file["reason"] and not file["written"]
    assert b"'3.0.0'" in (tmp_path / "demo.mjs").read_bytes()
