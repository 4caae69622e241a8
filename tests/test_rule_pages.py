"""Each rule links to its own generated page, `docs/rules/<CODE>.md`, shipped with the package
(`flowlint.rule_pages`): no link depends on a guessed web address (issue 27, item 7). pyproject.toml
names no repository while nothing says where flowlint will be published; SARIF's `helpUri` is given
only for a web address, its `help` carries the whole page."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from flowlint.lint.pages import RULE_PAGES, repository_url, rule_page_file, rule_page_url
from flowlint.lint.registry import all_rules
from tests.conftest import REPO, invoke_cli


def test_no_guessed_repository_address() -> None:
    """Read from the installed metadata too: a stale editable install (`pip install -e .` not rerun after
    pyproject.toml changed) fails here rather than linking to a guess."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "urls" not in project
    assert repository_url() is None


def test_the_rule_pages_ship_with_the_package() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert config["package-dir"]["flowlint.rule_pages"] == RULE_PAGES
    assert "flowlint.rule_pages" in config["packages"] and config["package-data"]["flowlint.rule_pages"] == ["*.md"]
    for rule in all_rules():
        page = rule_page_file(rule.code)
        assert page is not None and page.read_bytes() == (REPO / RULE_PAGES / f"{rule.code}.md").read_bytes()
        assert rule_page_url(rule.code) == page.as_uri()


def test_sarif_has_the_whole_page_and_no_guessed_help_uri(tmp_path: Path) -> None:
    (tmp_path / "demo.json").write_text("[1]\n", encoding="utf-8")
    document = json.loads(invoke_cli("check", ".", "--format", "sarif", cwd=tmp_path).stdout)
    descriptors = document["runs"][0]["tool"]["driver"]["rules"]
    assert len(descriptors) == len(all_rules())
    for descriptor in descriptors:
        assert "helpUri" not in descriptor
        assert descriptor["help"]["markdown"].startswith(f"# {descriptor['id']}: ")


def test_flowlint_rule_names_the_page() -> None:
    for code in ("TST004", "FL001", "VER001"):
        output = invoke_cli("rule", code.lower()).stdout
        assert output.rstrip().splitlines()[-1] == f"Documentation: {rule_page_file(code)}"
