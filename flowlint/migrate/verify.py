"""Verified, not hoped: what an MCP client and the API see from a file under 3.x (the original) and under 4.x
(the migrated text), every difference tied to its cause, and one status per file."""

from __future__ import annotations

import json
from typing import Any

from flowlint.core.jsvalues import js_string
from flowlint.migrate.model import Change, ChangeClass, Difference, FileMigration, FileStatus
from flowlint.migrate.views import ToolView

__all__ = ["compare", "status_of"]


def _typed_body_only(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """The requests differ only in the body, and only because 4.x keeps the values' JSON types."""
    if {k: v for k, v in before.items() if k != "body"} != {k: v for k, v in after.items() if k != "body"}:
        return False
    try:
        old = json.loads(before["body"] or "null")
        new = json.loads(after["body"] or "null")
    except ValueError:
        return False
    if not isinstance(old, dict) or not isinstance(new, dict) or old.keys() != new.keys():
        return False
    return all(isinstance(old[k], str) and js_string(new[k]) == old[k] for k in old)


def _changes_of(changes: list[Change], tool: str) -> str:
    titles = [c.title for c in changes if c.applied and c.tool == tool]
    return "; ".join(titles)


def _request_cause(tool: ToolView, index: int, before: ToolView, changes: list[Change]) -> str:
    old, new = before.tests[index], tool.tests[index]
    assert old.request is not None and new.request is not None
    if _typed_body_only(old.request, new.request):
        return "4.x sends body values with their JSON types (3.x sent every value as text)"
    return _argument_cause(tool, index, before, changes)


def _argument_cause(tool: ToolView, index: int, before: ToolView, changes: list[Change]) -> str:
    old, new = before.tests[index], tool.tests[index]
    added = sorted(set(new.arguments or {}) - set(old.arguments or {}))
    causes = []
    if added:
        causes.append(
            f"4.x applies the default of {', '.join(repr(k) for k in added)} "
            "(3.x never did: optional() follows default())"
        )
    own = _changes_of(changes, tool.name)
    if own:
        causes.append(own)
    return "; ".join(causes) or "the migration's changes of this file"


def _compare_tests(
    name: str, old: ToolView, new: ToolView, changes: list[Change]
) -> tuple[list[Difference], list[str]]:
    differences: list[Difference] = []
    gained: list[str] = []
    for index, test in enumerate(new.tests[: len(old.tests)]):
        was = old.tests[index]
        where = f"tool {name} test {index}"
        if not was.accepted and test.accepted:
            gained.append(f"{where} is accepted ({was.refusal} under 3.x)")
        elif was.accepted and not test.accepted:
            differences.append(Difference(where, "test accepted", True, False, test.refusal))
        elif was.request is not None and test.request is not None and was.request != test.request:
            cause = _request_cause(new, index, old, changes)
            differences.append(Difference(where, "request", was.request, test.request, cause))
        elif was.accepted and test.accepted and was.arguments != test.arguments:
            # a handler makes the request from the arguments: what it is given differs
            cause = _argument_cause(new, index, old, changes)
            differences.append(Difference(where, "arguments", was.arguments, test.arguments, cause))
    return differences, gained


def _compare_tool(name: str, old: ToolView, new: ToolView, changes: list[Change]) -> tuple[list[Difference], list[str]]:
    differences: list[Difference] = []
    gained: list[str] = []
    if old.mcp_name != new.mcp_name:
        differences.append(Difference(f"tool {name}", "MCP name", old.mcp_name, new.mcp_name, "its name changed"))
    if not old.built and new.built:
        gained.append(f"tool {name} is built ({old.build_problem} threw under 3.x)")
    elif old.built and not new.built:
        differences.append(Difference(f"tool {name}", "tool built", True, False, new.build_problem))
    if old.schema != new.schema:
        cause = _changes_of(changes, name) or "4.x makes a parameter whose default misfits its type required"
        differences.append(Difference(f"tool {name}", "inputSchema", old.schema, new.schema, cause))
    more, more_gained = _compare_tests(name, old, new, changes)
    return differences + more, gained + more_gained


def _unshown(changes: list[Change], differences: list[Difference]) -> list[Difference]:
    """An applied unsafe change the views do not show (skills, an output declaration, a placeholder that
    now takes the caller's value...) is a difference of its own: the runtime does something else."""
    shown = [d.cause for d in differences]
    found = []
    for change in changes:
        if change.applied and change.klass is ChangeClass.UNSAFE and not any(change.title in cause for cause in shown):
            where = f"tool {change.tool}" if change.tool else "file"
            cause = change.title + (f": {change.effect}" if change.effect else "")
            found.append(Difference(where, change.kind, None, None, cause))
    return found


def compare(
    old_views: dict[str, ToolView], new_views: dict[str, ToolView], changes: list[Change]
) -> tuple[list[Difference], list[str]]:
    """(differences, gained) between 3.x serving the original (`old_views`: its `definition_view` of
    generation 3) and 4.x serving the result (`new_views`: of generation 4). A tool 3.x cannot build is
    compared as 3.x would have served it with its options in 4.x order; it is also `gained`."""
    differences: list[Difference] = []
    gained: list[str] = []
    for name, old in old_views.items():
        new = new_views.get(name)
        if new is None:
            differences.append(Difference(f"tool {name}", "tool", old.mcp_name, None, "the tool is gone"))
            continue
        more, more_gained = _compare_tool(name, old, new, changes)
        differences.extend(more)
        gained.extend(more_gained)
    differences.extend(_unshown(changes, differences))
    for name in new_views.keys() - old_views.keys():
        differences.append(Difference(f"tool {name}", "tool", None, new_views[name].mcp_name, "a new tool"))
    return differences, gained


def status_of(migration: FileMigration, failing_before: bool) -> FileStatus:
    """The one status of a migrated definition (see FileStatus)."""
    if migration.blocking:
        return FileStatus.FAILING_BEFORE if failing_before else FileStatus.NEEDS_PERSON
    if migration.differences:
        return FileStatus.CHANGED
    if migration.gained or failing_before:
        return FileStatus.EQUIVALENT_MORE
    return FileStatus.EQUIVALENT
