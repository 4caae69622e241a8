"""The specification versions flowlint knows, 4.3.0 included (issue 24): what a file's declared minor version
changes, and 4.3.0's registry (its rows are spread over its chapters)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from flowlint.api import lint_source
from flowlint.definition.specversion import KNOWN_VERSIONS, spec_target
from flowlint.migrate.source import KNOWN_TARGETS, parse_target

REGISTRY = json.loads((Path(__file__).parent / "data" / "spec-codes.json").read_text(encoding="utf-8"))


def test_known_versions_have_a_registry() -> None:
    assert set(KNOWN_VERSIONS) <= set(REGISTRY)
    assert KNOWN_TARGETS == ("4.0.0", "4.1.0", "4.2.0", "4.3.0")


def test_4_3_0_made_meta_optional() -> None:
    assert "optional" in REGISTRY["4.3.0"]["VAL100"][1] and "MUST have" in REGISTRY["4.2.0"]["VAL100"][1]
    assert spec_target("4.3.0", None).meta_optional and not spec_target("4.2.0", None).meta_optional
    assert spec_target("4.3.0", None).minor == 3 and spec_target("x", 4).minor is None


@pytest.mark.parametrize(("version", "warned"), [("4.0.0", True), ("4.2.0", True), ("4.3.0", False), ("4.4.0", False)])
def test_a_missing_meta_block_by_the_declared_version(version: str, warned: bool) -> None:
    source = (
        f"export const main = {{ namespace: 'demo', name: 'Demo', description: 'D', version: '{version}', "
        "root: 'https://api.example.com',\n"
        "    tools: { getPing: { method: 'GET', path: '/ping', description: 'Ping', parameters: [], "
        "tests: [ { _description: 'Up' } ] } } }\n"
    )
    codes = {d.code for d in lint_source(source, path=Path("demo.mjs")).diagnostics}
    assert ("VAL100" in codes) is warned


@pytest.mark.parametrize(
    ("text", "target"), [("4.3.0", "4.3.0"), ("4.3", "4.3.0"), ("4.1", "4.1.0"), ("5", None), ("4.9.0", None)]
)
def test_migration_targets(text: str, target: str | None) -> None:
    parsed = parse_target(text)
    assert (parsed.version if parsed else None) == target
