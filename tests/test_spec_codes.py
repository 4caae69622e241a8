"""Every code flowlint prints for a specification rule is the specification's own code, with its severity.

`tests/data/spec-codes.json` is the registry of `09-validation-rules.md` per specification version, read
from FlowMCP/flowmcp-spec by `python tools/spec_codes.py CHECKOUT` (the file names the commit). A rule
without an `origin` claims the registry of 3.0.0 and 4.0.0-4.2.0 (`flowlint.lint.docs.rule_source`);
a rule whose code is elsewhere (05-security, 13-resources, the runtime) says so in its `origin`.
"""

from __future__ import annotations

import json
from pathlib import Path

from flowlint.lint.docs import SPEC_VERSIONS, rule_source
from flowlint.lint.registry import all_rules

REGISTRY = json.loads((Path(__file__).parent / "data" / "spec-codes.json").read_text(encoding="utf-8"))
VERSIONS = ("3.0.0", "4.0.0", "4.1.0", "4.2.0")
SPEC_FAMILIES = ("VAL", "RES", "TST", "SEC", "LST")


def test_the_default_claim_is_every_registry() -> None:
    assert SPEC_VERSIONS == "3.0.0, 4.0.0-4.2.0"  # what the test below checks a default claim against


def test_a_rule_that_claims_the_registries_is_in_each_of_them() -> None:
    missing = {
        rule.code: [version for version in VERSIONS if rule.code not in REGISTRY[version]]
        for rule in all_rules()
        if rule.code.rstrip("0123456789") in SPEC_FAMILIES and rule.origin is None
    }
    assert {code: versions for code, versions in missing.items() if versions} == {}, (
        "these rules claim a registry that does not define their code: give them an origin"
    )


def test_a_spec_code_has_the_specifications_severity() -> None:
    wrong = {}
    for rule in all_rules():
        severities = {REGISTRY[v][rule.code][0] for v in VERSIONS if rule.code in REGISTRY[v]}
        if severities and rule.severity.value not in severities:
            wrong[rule.code] = (rule.severity.value, sorted(severities))
    assert wrong == {}


def test_flowlints_own_codes_are_in_no_registry() -> None:
    for rule in all_rules():
        if rule.code.startswith(("FL", "VER")):
            assert all(rule.code not in REGISTRY[v] for v in VERSIONS), rule.code
            assert not rule_source(rule).startswith("spec"), rule.code


def test_the_security_scans_transcribed_registry_is_the_registry() -> None:
    """`flowlint.definition.security` transcribes the SEC rows of the registries (what its codes mean per
    generation); they must say what the registry says, bar its links."""
    from flowlint.definition.security import codes

    def plain(text: str) -> str:
        return text.split(" (see [")[0].replace(" — ", ": ")

    three, four = codes(3), codes(4)
    for code in ("SEC001", "SEC002", "SEC003", "SEC004", "SEC005"):
        assert three[code] == plain(REGISTRY["3.0.0"][code][1]), code
    for code in ("SEC017", "SEC018", "SEC019"):  # SEC020's words are 05-security's, the scan's own table
        assert four[code] == plain(REGISTRY["4.2.0"][code][1]), code
