"""Where each rule's documentation page is: `docs/rules/<CODE>.md`, generated from the rule classes and
shipped inside the package (`flowlint.rule_pages`, mapped to docs/rules/ in pyproject.toml).

Nothing says yet where flowlint will be published, so no link is built from a guessed web address: a
rule's page is the file installed with flowlint (a `file:` URI in the JSON report, its path in
`flowlint rule CODE`), and `flowlint rule CODE` prints the same text. A distribution whose metadata
names a `Repository` (`[project.urls]` in pyproject.toml, once the project is published) links to the
page there instead; SARIF's `helpUri` is given only for such a web address (its `help` carries the
whole page either way).
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path

__all__ = ["DISTRIBUTION", "RULE_PAGES", "repository_url", "rule_page_file", "rule_page_url", "rule_web_url"]

DISTRIBUTION = "flowmcp-lint"
RULE_PAGES = "docs/rules"
"""The folder of the generated rule pages, in the repository (one `<CODE>.md` per rule)."""


@functools.cache
def repository_url() -> str | None:
    """`Repository` of the installed distribution's project URLs (pyproject.toml), without a trailing
    slash; None when the distribution names none (as now: the project is not published yet) or
    flowlint runs without its distribution's metadata."""
    from importlib import metadata

    try:
        urls = metadata.metadata(DISTRIBUTION).get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return None
    for item in urls:
        label, _, url = str(item).partition(",")
        if label.strip().lower() == "repository" and url.strip():
            return url.strip().rstrip("/")
    return None


@functools.cache
def _pages_folder() -> Path | None:
    """The folder of the rule pages installed with flowlint (`flowlint.rule_pages`), or, in a checkout
    whose editable install predates that package, the checkout's docs/rules/."""
    spec = importlib.util.find_spec("flowlint.rule_pages")
    if spec is not None and spec.submodule_search_locations:
        for location in spec.submodule_search_locations:
            if Path(location).is_dir():
                return Path(location)
    checkout = Path(__file__).resolve().parent.parent.parent / RULE_PAGES
    return checkout if checkout.is_dir() else None


@functools.lru_cache(maxsize=512)
def rule_page_file(code: str) -> Path | None:
    """The installed page of rule `code`, or None when it is not installed."""
    folder = _pages_folder()
    page = folder / f"{code}.md" if folder is not None else None
    return page if page is not None and page.is_file() else None


def rule_web_url(code: str) -> str | None:
    """The page of rule `code` on the web (the main branch of `Repository`), or None without one."""
    base = repository_url()
    return None if base is None else f"{base}/blob/main/{RULE_PAGES}/{code}.md"


@functools.lru_cache(maxsize=512)
def rule_page_url(code: str) -> str | None:
    """Where the page of rule `code` is: on the web when the distribution names its repository, else the
    `file:` URI of the page installed with flowlint; None when neither is known."""
    web = rule_web_url(code)
    if web is not None:
        return web
    page = rule_page_file(code)
    return page.as_uri() if page is not None else None
