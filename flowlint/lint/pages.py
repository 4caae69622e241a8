"""Where each rule's documentation page is published: `docs/rules/<CODE>.md` in the project's repository.

The repository's address is written once, as `Repository` in pyproject.toml's `[project.urls]`, and read
here from the installed distribution's metadata. SARIF's `helpUri` and `flowlint rule CODE` link to it.
"""

from __future__ import annotations

import functools

__all__ = ["DISTRIBUTION", "RULE_PAGES", "repository_url", "rule_page_url"]

DISTRIBUTION = "flowmcp-lint"
RULE_PAGES = "docs/rules"
"""The folder of the generated rule pages, in the repository (one `<CODE>.md` per rule)."""


@functools.cache
def repository_url() -> str | None:
    """`Repository` of the installed distribution's project URLs (pyproject.toml), without a trailing
    slash; None when flowlint runs without its distribution's metadata."""
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


def rule_page_url(code: str) -> str | None:
    """The address of the page of rule `code` (on the main branch), or None without a repository URL."""
    base = repository_url()
    return None if base is None else f"{base}/blob/main/{RULE_PAGES}/{code}.md"
