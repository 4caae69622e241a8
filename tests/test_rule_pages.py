"""Each rule links to its own generated page, `docs/rules/<CODE>.md` in the project's repository, whose
address is written once (pyproject.toml's `[project.urls]`): in SARIF's `helpUri` and in `flowlint rule`."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from flowlint.lint.pages import RULE_PAGES, repository_url, rule_page_url
from flowlint.lint.registry import all_rules
from tests.conftest import REPO, invoke_cli


def test_the_repository_url_is_the_one_pyproject_declares() -> None:
    """Read from the installed metadata: a stale editable install (`pip install -e .` not rerun after
    the URL changed) fails here rather than linking elsewhere."""
    declared = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    assert repository_url() == declared["Repository"].rstrip("/")
    assert repository_url().startswith("https://")


def test_every_rule_s_sarif_help_uri_is_its_own_page_and_the_page_exists(tmp_path: Path) -> None:
    (tmp_path / "demo.json").write_text("[1]\n", encoding="utf-8")
    document = json.loads(invoke_cli("check", ".", "--format", "sarif", cwd=tmp_path).stdout)
    descriptors = document["runs"][0]["tool"]["driver"]["rules"]
    assert len(descriptors) == len(all_rules())
    for descriptor in descriptors:
        code = descriptor["id"]
        assert descriptor["helpUri"] == f"{repository_url()}/blob/main/{RULE_PAGES}/{code}.md"
        assert (REPO / RULE_PAGES / f"{code}.md").is_file(), code


def test_flowlint_rule_links_to_the_page() -> None:
    for code in ("TST004", "FL001", "VER001"):
        output = invoke_cli("rule", code.lower()).stdout
        assert output.rstrip().splitlines()[-1] == f"Documentation: {rule_page_url(code)}"
