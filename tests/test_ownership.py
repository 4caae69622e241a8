"""One defect, one finding, as data (issue 25): lint/ownership.py says which code (or z fact) stands for a
node, and the engine drops what another selected code stands for. No rule names another; no fact the z
engine records is taken back."""

from __future__ import annotations

import ast
from pathlib import Path

from flowlint.api import lint_source
from flowlint.definition.zod import ZFact, parse_z
from flowlint.lint.codes import Code
from flowlint.lint.config import Config
from flowlint.lint.ownership import SUPERSEDES

REPO = Path(__file__).resolve().parent.parent


def _definition(z: str, tests: str = "{ _description: 'A', v: 'a' }") -> str:
    return (
        "export const main = { namespace: 'demo', name: 'Demo', description: 'Demo', version: '3.0.0',\n"
        "    root: 'https://api.example.com', tools: { getItems: { method: 'GET', path: '/items', description: 'I',\n"
        f"    parameters: [ {{ position: {{ key: 'v', value: '{{{{USER_PARAM}}}}', location: 'query' }}, z: {z} }} ],\n"
        f"    tests: [ {tests} ] }} }} }}\n"
    )


def test_the_table_names_only_codes_and_facts_and_has_no_circle() -> None:
    names = {str(code) for code in Code} | {str(fact) for fact in ZFact}
    assert set(SUPERSEDES) <= names and set().union(*SUPERSEDES.values()) <= names
    for owner, superseded in SUPERSEDES.items():
        for other in superseded:
            assert other == owner or owner not in SUPERSEDES.get(other, frozenset()), (owner, other)


def test_the_z_engine_records_every_fact_and_the_engine_keeps_one() -> None:
    """enum() with values(a,b): the parser records VAL046's fact and FL012's unknown option (it took the
    second back before); the engine reports VAL046 alone, unless VAL046 is not selected."""
    z = parse_z("enum()", ["values(a,b)"])
    assert {note.fact for note in z.notes} == {ZFact.ENUM_NO_VALUES, ZFact.OPTION_UNKNOWN}
    source = _definition("{ primitive: 'enum()', options: [ 'values(a,b)' ] }")
    codes = [d.code for d in lint_source(source, "d.mjs", Config()).diagnostics if d.code in ("VAL046", "FL012")]
    assert codes == ["VAL046"]
    only = lint_source(source, "d.mjs", Config(select=("FL012",))).diagnostics
    assert [d.code for d in only] == ["FL012"] and "unknown option 'values(a,b)'" in only[0].message


def test_a_block_that_cannot_check_values_stands_for_its_test_values() -> None:
    source = _definition("{ primitive: 'string()', options: [ 'length(-1)' ] }", "{ _description: 'A', v: 'a' }")
    codes = [d.code for d in lint_source(source, "d.mjs", Config()).diagnostics if d.severity == "error"]
    assert codes == ["FL012"]  # not TST004 on the test's value as well
    alone = lint_source(source, "d.mjs", Config(select=("TST004",))).diagnostics
    assert [d.code for d in alone] == ["TST004"]


def test_no_rule_skips_a_finding_because_another_code_reports_it() -> None:
    """The comments that kept one defect, one finding (`continue  # TST005 reports it`) are gone with the
    skips: a rule module names no other code in a `continue` or `return` comment."""
    import re

    offenders = []
    for path in sorted((REPO / "rules").rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code, _, comment = line.partition("#")
            if re.match(r"\s*(continue|return)\b", code) and re.search(r"\b(TST|VAL|RES|SEC|LST|FL)\d{3}\b", comment):
                offenders.append(f"{path.relative_to(REPO)}:{number}: {line.strip()}")
    assert offenders == [], offenders


def test_the_parser_takes_no_fact_back() -> None:
    """The z parser records facts; it never filters the list it recorded (`notes[:] = ...`, `.remove`)."""
    for name in ("parse.py", "facts.py", "spec.py", "validate.py"):
        tree = ast.parse((REPO / "flowlint" / "definition" / "zod" / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "remove":
                raise AssertionError(f"{name}:{node.lineno}: a fact taken back")
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Subscript) for t in node.targets):
                target = node.targets[0]
                assert not (isinstance(target, ast.Subscript) and getattr(target.value, "id", "") == "notes"), name
