"""The engine: what a file is, shared lists, suppressions, and robustness against flowlint's own defects."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from flowlint.api import lint_paths, lint_source
from flowlint.lint.config import Config
from flowlint.lint.diagnostics import Finding
from flowlint.lint.engine import Engine
from flowlint.lint.rule import Rule, RuleContext

HEADER = "export const main = {\n    namespace: 'demo', name: 'Demo', description: 'd', version: '3.0.0', root: 'https://x.example',\n"

CHAINS_LIST = """\
export const list = {
    meta: { name: 'evmChains', version: '3.0.0', fields: [ { key: 'alias', type: 'string' } ] },
    entries: [
        { alias: 'ETHEREUM_MAINNET', chainId: 1, etherscanAlias: 'ethereum' },
        { alias: 'POLYGON_MAINNET', chainId: 137, etherscanAlias: 'polygon' },
        { alias: 'RONIN_MAINNET', chainId: 2020 }
    ]
}
"""


def definition(body: str) -> str:
    return HEADER + body + "\n}\n"


def codes(report_diagnostics: list) -> list[str]:  # type: ignore[type-arg]
    return [d.code for d in report_diagnostics]


@pytest.mark.parametrize(
    ("source", "reason"),
    [
        ("export const skill = { name: 'x' }", "a skill"),
        ("export const prompt = { name: 'x' }", "a prompt"),
        ("export const schema = { type: 'object', properties: {} }", "an export named `schema` that is no FlowMCP"),
        ("export const main = { name: 'agent', tools: [ 'coingecko/getSimplePrice' ] }", "an agent manifest"),
        ("const x = 1\nexport default x", "no `export const main"),
    ],
)
def test_non_definitions_are_skipped_with_info(source: str, reason: str) -> None:
    report = lint_source(source, "file.mjs", Config())
    assert report.kind == "skipped"
    [diagnostic] = report.diagnostics
    assert diagnostic.code == "FL002" and diagnostic.severity.value == "info" and reason in diagnostic.message


@pytest.mark.parametrize("source", ['{"name": "pkg", "main": "index.js"}', '{"compilerOptions": {}}', '{"main": 5}'])
def test_json_files_that_are_not_definitions_are_skipped(source: str) -> None:
    report = lint_source(source, "package.json", Config())
    assert report.kind == "skipped"
    assert [d.code for d in report.diagnostics] == ["FL002"]


def test_main_that_is_code_is_an_error() -> None:
    report = lint_source("export const main = buildMain()\n", "file.mjs", Config())
    [diagnostic] = report.diagnostics
    assert diagnostic.code == "VAL002" and "buildMain()" in diagnostic.message


# List resolution as the specification describes it: a host that expands list enums before it registers the
# tools (FlowMCP's runtime does not, which FL019 reports; tests/test_rules.py has its examples).
EXPANDING_HOST = Config(ignore=("FL019",))


def test_shared_list_resolution_with_filter(tmp_path: Path) -> None:
    (tmp_path / "_lists").mkdir()
    (tmp_path / "_lists" / "evm-chains.mjs").write_text(CHAINS_LIST)
    provider = tmp_path / "providers" / "etherscan"
    provider.mkdir(parents=True)
    body = """\
    sharedLists: [ { ref: 'evmChains', version: '3.0.0', filter: { key: 'etherscanAlias', exists: true } } ],
    tools: {
        getBalance: { method: 'GET', path: '/balance', description: 'Balance',
            parameters: [ { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum({{evmChains:etherscanAlias}})', options: [] } } ],
            output: { mimeType: 'application/json', schema: { type: 'object' } },
            tests: [ { _description: 'Ethereum', chain: 'ethereum' }, { _description: 'Ronin', chain: 'ronin' }, { _description: 'Polygon', chain: 'polygon' } ] }
    }"""
    (provider / "balance.mjs").write_text(definition(body))
    result = lint_paths([provider], EXPANDING_HOST)
    [diagnostic] = result.diagnostics
    assert diagnostic.code == "TST004" and diagnostic.test_index == 1
    assert "got 'ronin'" in diagnostic.message


def test_missing_list_is_one_info_and_no_false_tst004(tmp_path: Path) -> None:
    body = """\
    sharedLists: [ { ref: 'evmChains', version: '3.0.0' } ],
    tools: {
        getBalance: { method: 'GET', path: '/balance', description: 'Balance',
            parameters: [
                { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum({{evmChains:alias}})', options: [] } },
                { position: { key: 'other', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum({{evmChains:alias}})', options: [ 'optional()' ] } }
            ],
            output: { mimeType: 'application/json', schema: { type: 'object' } },
            tests: [ { _description: 'A', chain: 'anything', other: 'x' }, { _description: 'B', chain: 'else', other: 'y' }, { _description: 'C', chain: 'more' } ] }
    }"""
    (tmp_path / "balance.mjs").write_text(definition(body))
    result = lint_paths([tmp_path / "balance.mjs"], EXPANDING_HOST)
    assert codes(result.diagnostics) == ["FL004"]
    assert "no _lists/ folder was found" in result.diagnostics[0].message


def test_configured_lists_dir(tmp_path: Path) -> None:
    lists = tmp_path / "shared" / "lists"
    lists.mkdir(parents=True)
    (lists / "chains.mjs").write_text(CHAINS_LIST)
    body = """\
    sharedLists: [ { ref: 'evmChains', version: '3.0.0', filter: { key: 'chainId', in: [ 1, 2020 ] } } ],
    tools: {
        getBalance: { method: 'GET', path: '/balance', description: 'Balance',
            parameters: [ { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum({{evmChains:alias}})', options: [] } } ],
            output: { mimeType: 'application/json', schema: { type: 'object' } },
            tests: [ { _description: 'A', chain: 'ETHEREUM_MAINNET' }, { _description: 'B', chain: 'POLYGON_MAINNET' }, { _description: 'C', chain: 'RONIN_MAINNET' } ] }
    }"""
    (tmp_path / "balance.mjs").write_text(definition(body))
    result = lint_paths([tmp_path / "balance.mjs"], Config(lists_dir=lists, ignore=("FL019",)))
    assert [(d.code, d.test_index) for d in result.diagnostics] == [("TST004", 1)]


def test_suppression_on_line_above_and_all_codes() -> None:
    body = """\
    tools: {
        // flowlint: ignore
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [] }
    }"""
    assert lint_source(definition(body), "x.mjs", Config()).diagnostics == []


def test_python_suppression_comment() -> None:
    source = (
        "main = {\n    'namespace': 'demo', 'name': 'Demo', 'description': 'Demo API', 'version': '3.0.0',\n"
        "    'root': 'https://api.example.com',\n    'tools': {\n        # flowlint: ignore[TST001]\n"
        "        'getPing': {'method': 'GET', 'path': '/ping', 'description': 'd', 'parameters': [],\n"
        "                    'output': {'mimeType': 'application/json', 'schema': {'type': 'object'}}},\n"
        "    },\n}\n"
    )
    assert lint_source(source, "x.py", Config()).diagnostics == []


class _Exploding(Rule):
    code = "TST001"
    name = "exploding"
    summary = why = fix = "test only"

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        raise ValueError("boom")


def test_a_defect_in_a_rule_is_fl008_not_a_crash() -> None:
    engine = Engine(Config())
    engine.rules = [_Exploding()]
    report = engine.lint_bytes(definition("    tools: {}").encode(), Path("x.mjs"), "x.mjs")
    [diagnostic] = report.diagnostics
    assert diagnostic.code == "FL008" and "ValueError: boom" in diagnostic.message


def test_non_static_values_in_main_outside_tests() -> None:
    source = (
        "import { ROOT } from './config.mjs'\nexport const main = {\n    namespace: 'demo', root: ROOT,\n"
        "    description: `built ${ROOT}`, name: 'Demo', version: '3.0.0',\n    tools: {}\n}\n"
    )
    report = lint_source(source, "x.mjs", Config())
    # SEC001: the runtime's security scan refuses any line containing 'import ' (line 1)
    assert [(d.code, d.line) for d in report.diagnostics] == [("SEC001", 1), ("FL003", 3), ("FL003", 4)]


def test_span_columns_count_characters_not_bytes() -> None:
    body = """\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Märkte – Übersicht',
            parameters: [ { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [] } } ],
            output: { mimeType: 'application/json', schema: { type: 'object' } },
            tests: [ { _description: 'Zehn – 10', limit: '10' }, { _description: 'Fünf', limit: 5 }, { _description: 'Zwanzig', limit: 20 } ] }
    }"""
    [diagnostic] = lint_source(definition(body), "x.mjs", Config()).diagnostics
    line = definition(body).splitlines()[diagnostic.line - 1]
    assert line[diagnostic.column - 1 : diagnostic.end_column - 1] == "'10'"


def test_user_param_embedded_in_text_is_the_callers() -> None:
    # The runtime (Fetch #insertValue) treats any value containing {{USER_PARAM}} as the caller's and
    # replaces the first occurrence: tests may set it, and its value is checked against z.
    body = """\
    tools: {
        search: { method: 'GET', path: '/search', description: 'Search books',
            parameters: [ { position: { key: 'q', value: 'intitle:{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(3)' ] } } ],
            tests: [ { _description: 'Python books', q: 'python' }, { _description: 'Too short', q: 'py' } ] }
    }"""
    diagnostics = lint_source(definition(body), "x.mjs", Config()).diagnostics
    assert [(d.code, d.test_index) for d in diagnostics if d.severity == "error"] == [("TST004", 1)]


def test_linting_leaves_no_reference_cycles() -> None:
    """Value trees, definitions and reports hold no reference cycles, so the cyclic garbage collector can
    stay paused while files are linted (flowlint.core.gcpause) and memory still stays flat: everything
    a file allocated is freed by reference counting once its report is made."""
    import gc

    files = sorted(
        p for p in (Path(__file__).parent.parent / "sample_schemas").rglob("*") if p.suffix in (".mjs", ".js")
    )
    assert files
    engine = Engine(Config())
    engine.lint_file(files[0], "warm-up")  # first use imports and caches what lives for the process
    gc.collect()
    flags = gc.get_debug()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for file in files:
            report = engine.lint_file(file, str(file))
            report.definition = None  # as lint runs keep it: the report without the tree
            del report
        gc.collect()
        leaked = [type(item).__name__ for item in gc.garbage]
    finally:
        gc.garbage.clear()
        gc.set_debug(flags)
        gc.enable()
    assert leaked == []
