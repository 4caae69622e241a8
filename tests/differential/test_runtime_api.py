"""The z engine's runtime API (flowlint/definition/zod/runtime.py) against FlowMCP's recorded verdicts: for
every fixture a runtime serves, the parameters its MCP tool requires (`input_schema(..., "runtime",
generation)`) and whether each test passes the registered zod (`derive_arguments`) are the runtime's own.
This is the API the migration between generations reads; the verdicts were recorded by record.mjs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from flowlint.core.nodes import to_python
from flowlint.definition.loading import load_file
from flowlint.definition.zod.runtime import derive_arguments, generation_of, served_tools
from flowlint.mcp.schema import input_schema, mcp_tool_name

REPO = Path(__file__).resolve().parents[2]
HERE = REPO / "tests" / "differential"


@pytest.mark.parametrize("runtime", ["v3", "v4"])
def test_required_parameters_and_test_verdicts_are_the_runtime_s(runtime: str) -> None:
    recorded = json.loads((HERE / f"verdicts-{runtime}.json").read_text())
    generation = 4 if runtime == "v4" else 3
    schemas = tests = 0
    wrong: list[object] = []
    for verdict in recorded["verdicts"]:
        path = REPO / verdict["file"]
        definition = load_file(path, verdict["file"]).definition
        if path.suffix != ".mjs" or definition is None or generation_of(definition) != generation:
            continue  # each file is judged by the runtime of the generation it declares
        served = {
            mcp_tool_name(definition.namespace or "", tool.name): tool for tool in served_tools(definition, generation)
        }
        for tool in verdict["tools"]:
            if tool.get("registered") and "input_schema" in tool:
                schemas += 1
                required = input_schema(served[tool["tool_name"]], "runtime", generation).get("required", [])
                if sorted(required) != sorted(tool["input_schema"].get("required", [])):
                    wrong.append((verdict["file"], tool["tool_name"], required, tool["input_schema"].get("required")))
        by_name = {tool.name: tool for tool in definition.tools if tool.kind == "tool"}
        for test in verdict["tests"]:
            case = by_name[test["tool"]].tests[test["index"]]
            assert case.obj is not None
            values = {entry.key: to_python(entry.value) for entry in case.obj.entries if entry.key != "_description"}
            tests += 1
            derived = derive_arguments(by_name[test["tool"]], json.loads(json.dumps(values)), generation)
            if derived.accepted != test["ok"]:
                wrong.append((verdict["file"], test["tool"], test["index"], derived.refused, test["issues"]))
    assert schemas > 20 and tests > 60
    assert wrong == []


def test_derive_arguments_puts_defaults_in_as_each_generation_does(tmp_path: Path) -> None:
    """`default(5)` then `optional()`: 3.x applies options in order (the default never applies), 4.x sorts
    optional() first (it does); unknown keys are dropped as zod's object() drops them."""
    (tmp_path / "d.mjs").write_text(
        "export const main = { namespace: 'demo', name: 'Demo', description: 'Demo', version: '3.0.0',\n"
        "    root: 'https://api.example.com', tools: { getN: { method: 'GET', path: '/n', description: 'N',\n"
        "    parameters: [ { position: { key: 'n', value: '{{USER_PARAM}}', location: 'query' }, "
        "z: { primitive: 'number()', options: [ 'default(5)', 'optional()' ] } } ],\n"
        "    tests: [ { _description: 'N' } ] } } }\n"
    )
    definition = load_file(tmp_path / "d.mjs", "d.mjs").definition
    assert definition is not None
    [tool] = definition.tools
    assert derive_arguments(tool, {"x": 1}, 3).arguments == {}
    assert derive_arguments(tool, {"x": 1}, 4).arguments == {"n": 5}
    refused = derive_arguments(tool, {"n": "5"}, 4)
    assert not refused.accepted and refused.refused[0][0] == "n"
