"""FlowMCP 1.2 definitions (`export const schema = { flowMCP: '1.2.0', ... }`) brought to `export const main`
where the specification's migration guide (08-migration, Sections 1 and 2) makes it mechanical, then
migrated as any 3.x definition; otherwise one manual item says what a person must convert.

Mechanical: the export renamed `main`, `flowMCP` -> `version`, each route's `requestMethod` -> `method` and
`route` -> `path` (what the 3.x runtime's LegacyAdapter reads them as), empty `modifiers: []` and an empty
`handlers: {}` removed. Not mechanical: modifiers or handlers with code (1.2 handlers take another
signature), imports (shared lists instead, Section 1 step 3), a schema not written as `export const schema`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from flowlint.core.edits import Edit, OverlappingEdits, apply_edits
from flowlint.core.nodes import SArray, SObject, string_value
from flowlint.migrate.model import (
    Change,
    ChangeClass,
    Difference,
    FileMigration,
    FileStatus,
    ManualItem,
    StepResult,
)
from flowlint.migrate.source import Source
from flowlint.rewrite.members import inline_members, remove_member

__all__ = ["legacy_changes"]

_EXPORT = re.compile(rb"export\s+const\s+(schema)\s*=\s*\Z")
_IMPORT = re.compile(rb"^\s*import\b", re.MULTILINE)


def _edits(src: Source, schema: SObject) -> tuple[list[Edit], list[str]]:
    """The edits of the mechanical conversion, or the reasons it is not mechanical."""
    data = src.data
    problems: list[str] = []
    edits: list[Edit] = []
    line_start = data.rfind(b"\n", 0, schema.span.start) + 1
    export = _EXPORT.search(data[line_start : schema.span.start])
    if export is None:
        problems.append("the schema is not written as `export const schema = {...}`")
    else:
        at = line_start + export.start(1)
        edits.append(Edit(at, at + len(b"schema"), b"main"))
    if _IMPORT.search(data):
        problems.append(
            "the file imports modules: turn them into sharedLists references (08-migration, Section 1 step 3)"
        )
    inline = inline_members(schema)
    flow = schema.entry("flowMCP")
    if flow is None or flow not in inline:
        problems.append("no flowMCP version written in the schema")
    else:
        edits.append(src.rename_key(flow, "version"))
        edits.append(src.replace_string(flow.value, "3.0.0"))
    routes = schema.entry("tools") or schema.entry("routes")
    if routes is None or not isinstance(routes.value, SObject):
        problems.append("no routes object written in the schema")
    else:
        for route in inline_members(routes.value):
            if not isinstance(route.value, SObject):
                problems.append(f"route {route.key} is not an object literal")
                continue
            members = inline_members(route.value)
            for old, new in (("requestMethod", "method"), ("route", "path")):
                entry = route.value.entry(old)
                if entry is not None and entry in members and route.value.get(new) is None:
                    edits.append(src.rename_key(entry, new))
            modifiers = route.value.entry("modifiers")
            if modifiers is not None:
                if isinstance(modifiers.value, SArray) and not modifiers.value.items and modifiers in members:
                    edit = remove_member(data, route.value, modifiers, src.syntax)
                    if edit is not None:
                        edits.append(edit)
                else:
                    problems.append(f"route {route.key} has modifiers: its handlers need the 2.x factory form by hand")
    handlers = schema.entry("handlers")
    if handlers is not None:
        if isinstance(handlers.value, SObject) and not handlers.value.entries and handlers in inline:
            edit = remove_member(data, schema, handlers, src.syntax)
            if edit is not None:
                edits.append(edit)
        else:
            problems.append(
                "schema.handlers holds code: write it as "
                "`export const handlers = ( { sharedLists, libraries } ) => ( {...} )`"
            )
    return edits, problems


def legacy_changes(src: Source, opts: object, then: Callable[[Source], FileMigration]) -> FileMigration:
    """The 1.2 file converted and migrated by `then` (the definition migration), or a manual item."""
    schema = src.loaded.legacy
    version = string_value(schema.get("flowMCP")) if isinstance(schema, SObject) else None
    migration = FileMigration(src.display, src.data, src.data, kind="legacy")
    if not isinstance(schema, SObject):
        migration.manual = [
            ManualItem(
                "legacy",
                1,
                "a FlowMCP 1.2 schema that is not an object literal: convert it by hand (08-migration, Section 1)",
                True,
            )
        ]
        migration.status = FileStatus.NEEDS_PERSON
        return migration
    edits, problems = _edits(src, schema)
    line = src.line(schema.span.start)
    if problems:
        what = (
            f"a FlowMCP {version or '1.x'} schema (export const schema): convert it to main and handlers "
            "(08-migration, Section 1): " + "; ".join(problems)
        )
        migration.manual = [ManualItem("legacy", line, what, True)]
        migration.steps = [StepResult.of("legacy", [], list(migration.manual))]
        migration.status = FileStatus.NEEDS_PERSON
        return migration
    try:
        converted = apply_edits(src.data, edits)
    except (OverlappingEdits, ValueError) as error:
        migration.status, migration.reason = FileStatus.FAILED, f"the 1.2 conversion's edits overlap ({error})"
        return migration
    title = (
        f"FlowMCP {version} schema -> export const main (flowMCP -> version, requestMethod -> method, route -> path)"
    )
    change = Change(
        "legacy",
        ChangeClass.UNSAFE,
        title,
        line,
        tuple(edits),
        "4.x loads only `main`; 3.x adapted the 1.2 schema at load time",
        True,
    )
    unsafe = getattr(opts, "unsafe", False)
    if not unsafe:
        what = (
            f"a FlowMCP {version} schema: its conversion to main is mechanical but changes the file's shape "
            "(--unsafe-fixes)"
        )
        migration.manual = [ManualItem("legacy", line, what, True)]
        migration.steps = [StepResult.of("legacy", [change.as_applied(False)])]
        migration.status = FileStatus.NEEDS_PERSON
        return migration
    result = then(Source(src.path, src.display, converted))
    result.before = src.data
    result.kind = "legacy"
    result.steps.insert(0, StepResult.of("legacy", [change]))
    result.differences.insert(0, Difference("file", "legacy", None, None, f"{title}: {change.effect}"))
    if result.status in (FileStatus.EQUIVALENT, FileStatus.EQUIVALENT_MORE):
        result.status = FileStatus.CHANGED
    if result.status is FileStatus.FAILED:
        result.after = src.data
    return result
