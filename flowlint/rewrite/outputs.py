"""Rewrite the `output` of tools in definition files from captured responses.

`plan_file` computes the new bytes (and checks them) without touching the disk; `write_result`
writes them atomically, parses the file again and restores it when `main` changed anywhere but in
`output`. Both return `FileResult` values: expected problems are results, not exceptions.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from flowlint.captures.records import CaptureRecord, read_records
from flowlint.core.edits import Edit, apply_edits
from flowlint.core.errors import FileProblem
from flowlint.core.fileio import atomic_write, read_regular
from flowlint.core.nodes import NonStatic, SNode, SObject, first_non_json, shorten, to_python, type_name
from flowlint.core.source import SourceText
from flowlint.definition.loading import LoadStatus, load_bytes
from flowlint.definition.model import Tool
from flowlint.rewrite.comments import Comment, comments_in, place_comments
from flowlint.rewrite.members import encoded, indent_for, inline_members, insert_member
from flowlint.rewrite.syntax import (
    Layout,
    Style,
    Syntax,
    detect_style,
    layout_of,
    line_indent,
    line_start,
    render,
    render_key,
)
from flowlint.schema.generate import Generated, generate_output
from flowlint.schema.notes import Note, Severity

__all__ = [
    "CaptureIndex",
    "FileResult",
    "ToolResult",
    "plan_file",
    "plan_source",
    "syntax_for",
    "write_result",
]

FileStatus = Literal["unchanged", "changed", "written", "skipped", "failed"]
ToolStatus = Literal["updated", "unchanged", "skipped", "failed"]


@dataclass(slots=True)
class ToolResult:
    label: str
    status: ToolStatus
    notes: list[Note] = field(default_factory=list)
    reason: str = ""
    output: dict[str, Any] | None = None


@dataclass(slots=True)
class FileResult:
    """What happened (or would happen) to one file. `before`/`after` are its bytes."""

    path: Path
    status: FileStatus
    before: bytes = b""
    after: bytes = b""
    tools: list[ToolResult] = field(default_factory=list)
    reason: str = ""
    outputs: dict[tuple[str, ...], dict[str, Any]] = field(default_factory=dict)
    """The new `output` of each updated tool, by its key path in `main`."""

    @property
    def changes(self) -> bool:
        return self.before != self.after

    def diff(self, display: str | None = None) -> str:
        name = display or str(self.path)
        old = self.before.decode("utf-8", "replace").splitlines(keepends=True)
        new = self.after.decode("utf-8", "replace").splitlines(keepends=True)
        lines = difflib.unified_diff(old, new, f"a/{name}", f"b/{name}")
        return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)


@dataclass(slots=True)
class CaptureIndex:
    """Capture records grouped by (namespace, toolName); unreadable files are kept as problems."""

    records: dict[tuple[str, str], list[CaptureRecord]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    files: int = 0
    used: set[tuple[str, str]] = field(default_factory=set)

    @classmethod
    def load(cls, folders: Iterable[Path]) -> CaptureIndex:
        index = cls()
        for folder in folders:
            records, problems = read_records(folder)
            for record in records:
                index.add(record)
            index.problems.extend(problems)
        return index

    def add(self, record: CaptureRecord) -> None:
        self.files += 1
        self.records.setdefault((record.namespace, record.toolName), []).append(record)

    def for_tool(self, namespace: str | None, label: str) -> list[CaptureRecord]:
        key = (namespace or "", label)
        self.used.add(key)
        return self.records.get(key, [])

    def unmatched(self) -> list[tuple[str, str]]:
        """(namespace, toolName) of records no definition asked for so far."""
        return sorted(key for key in self.records if key not in self.used)


def syntax_for(suffix: str) -> Syntax:
    if suffix == ".py":
        from flowlint.rewrite.python import SYNTAX as PY

        return PY
    if suffix == ".json":
        from flowlint.rewrite.json import SYNTAX as JSON

        return JSON
    from flowlint.rewrite.javascript import SYNTAX as JS

    return JS


# --------------------------------------------------------------------------------------------------
# comparing trees


def _plain(node: SNode | None) -> Any:
    """Plain data for comparisons; non-static values compare by their source text, not their span."""
    return None if node is None else to_python(node, lambda value: ("<non-static>", value.source))


def _unwritable(data: bytes, tool: Tool) -> ToolResult | None:
    """A tool whose declared output cannot be rewritten: it is not an object literal, or its output holds
    a value flowlint cannot read (code, an array hole, NaN), which neither the comparison nor the
    rendering can keep. None when it can be rewritten."""
    if tool.obj is None:
        return ToolResult(tool.label, "skipped", reason="the tool is not an object literal")
    output = tool.obj.get("output")
    opaque = first_non_json(output) if output is not None else None
    if opaque is None:
        return None
    what = f"`{shorten(opaque.source)}`" if isinstance(opaque, NonStatic) else type_name(opaque)
    line = SourceText(data).position(opaque.span.start).line
    reason = (
        f"its `output` holds {what}, which flowlint cannot read as a value (line {line}); not rewritten: "
        "write the output with literal values only"
    )
    return ToolResult(tool.label, "skipped", reason=reason)


def _tool_path(main: SObject, tool: Tool) -> list[str]:
    if tool.kind == "query":
        resource, _, query = tool.label.rpartition(".")
        return ["resources", resource, "queries", query]
    for section in ("tools", "routes"):
        container = main.get(section)
        if isinstance(container, SObject) and container.get(tool.name) is not None:
            return [section, tool.name]
    return ["tools", tool.name]


def _load_main(data: bytes, path: Path) -> tuple[SObject | None, str]:
    """`main` of a definition file's bytes, or None and why not (through the one definition loader)."""
    loaded = load_bytes(data, path)
    if loaded.definition is None:
        if loaded.status is LoadStatus.SYNTAX and loaded.problems:
            problem = loaded.problems[0]
            return None, f"syntax error at byte {problem.span.start}: {problem.message}"
        return None, loaded.reason or "not a definition"
    return loaded.definition.main, ""


def _expected(old_main: SObject, paths: dict[tuple[str, ...], dict[str, Any]]) -> Any:
    expected = _plain(old_main)
    for path, output in paths.items():
        target = expected
        for part in path:
            target = target[part]
        target["output"] = output
    return expected


def _verify(data: bytes, path: Path, old_main: SObject, changed: dict[tuple[str, ...], dict[str, Any]]) -> str:
    """Empty when `data` holds `old_main` with exactly the `changed` outputs; else what differs."""
    new_main, reason = _load_main(data, path)
    if new_main is None:
        return f"the rewritten file no longer parses as a definition ({reason})"
    if _plain(new_main) != _expected(old_main, changed):
        return "the rewritten `main` differs from the original in more than `output`"
    return ""


# --------------------------------------------------------------------------------------------------
# edits for one tool


def _output_edits(
    data: bytes, obj: SObject, output: dict[str, Any], syntax: Syntax, style: Style, shape: _Shape
) -> list[Edit] | str:
    """The edits that write `output` into the tool `obj`: its `output` value replaced (laid out as the
    file wrote it: a one-line schema stays one line where it fits), or a new `output` member after its
    tests (laid out as the file's other outputs)."""
    entry = obj.entry("output")
    inline = inline_members(obj)
    if entry is not None:
        if entry not in inline or isinstance(entry.value, NonStatic):
            return "`output` is not written inline in the tool (a reference or computed value); not rewritten"
        base = line_indent(data, entry.key_span.start)
        column = entry.value.span.start - line_start(data, entry.value.span.start)
        layout = layout_of(data, entry.value)
        text = render(output, syntax, style, base, layout, shape.width, column)
        return [Edit(entry.value.span.start, entry.value.span.end, encoded(text, style))]
    tests = obj.entry("tests")
    anchor = tests if tests is not None and tests in inline else (inline[-1] if inline else None)
    key = render_key("output", syntax, style)
    indent = indent_for(data, obj, anchor, style)
    member = key + ": " + render(output, syntax, style, indent, shape.layout, shape.width, len(indent) + len(key) + 2)
    return insert_member(data, obj, member, anchor, syntax, style)


MIN_WIDTH = 120
"""A one-line container is kept on one line up to this width, or, in a file with longer lines, up to a
quarter more than its longest line (a one-line schema that gains a property stays one line)."""


class _Shape:
    """How a file lays out outputs: the width its lines may take, and the layout of the first `output`
    it declares (for outputs it does not have yet: the output and its schema as that one)."""

    def __init__(self, data: bytes, definition_tools: list[Tool]) -> None:
        longest = max((len(line) for line in data.decode("utf-8", "replace").splitlines()), default=0)
        self.width = max(MIN_WIDTH, longest + longest // 4)
        self.layout: Layout = {}
        for tool in definition_tools:
            node = tool.obj.get("output") if tool.obj is not None else None
            if isinstance(node, SObject):
                found = layout_of(data, node)
                self.layout = {path: inline for path, inline in found.items() if len(path) <= 1}
                break


# --------------------------------------------------------------------------------------------------
# planning and writing


def _records_result(tool: Tool, records: Sequence[CaptureRecord]) -> ToolResult | None:
    if not records:
        return ToolResult(tool.label, "skipped", reason="no captures")
    usable = [r for r in records if r.outcome == "ok"]
    if not usable:
        return ToolResult(tool.label, "skipped", reason=f"no usable captures ({len(records)} failed or skipped)")
    return None


def plan_source(data: bytes, path: Path, captures: CaptureIndex) -> FileResult:
    """The new bytes of a definition whose tools get outputs generated from `captures`."""
    loaded = load_bytes(data, path)
    if loaded.definition is None:
        return FileResult(path, "skipped", data, data, reason=_load_main(data, path)[1])
    definition = loaded.definition
    main = definition.main
    syntax = syntax_for(path.suffix.lower())
    style = detect_style(data, main, syntax)
    shape = _Shape(data, definition.tools)
    edits: list[Edit] = []
    changed: dict[tuple[str, ...], dict[str, Any]] = {}
    results: list[ToolResult] = []
    carried: list[tuple[tuple[str, ...], list[Comment], ToolResult]] = []
    for tool in definition.tools:
        records = captures.for_tool(definition.namespace, tool.label)
        skipped = _records_result(tool, records) or _unwritable(data, tool)
        if skipped is not None:
            results.append(skipped)
            continue
        assert tool.obj is not None  # `_unwritable` skips a tool that is no object
        usable = [r for r in records if r.outcome == "ok"]
        existing_node = tool.obj.get("output")
        existing = _plain(existing_node) if existing_node is not None else None
        generated = generate_output(
            [r.response.data for r in usable],
            content_types=[r.contentType for r in usable],
            kind=tool.kind,
            existing=existing,
            raw_data=any(r.rawData for r in usable),
        )
        if not isinstance(generated, Generated):
            results.append(ToolResult(tool.label, "failed", generated.notes, generated.reason))
            continue
        if len(usable) < len(records):
            generated.notes.append(
                Note(Severity.INFO, f"{len(records) - len(usable)} failed or skipped capture(s) ignored", "")
            )
        if existing == generated.output:
            results.append(ToolResult(tool.label, "unchanged", generated.notes, output=generated.output))
            continue
        tool_edits = _output_edits(data, tool.obj, generated.output, syntax, style, shape)
        if isinstance(tool_edits, str):
            results.append(ToolResult(tool.label, "skipped", generated.notes, tool_edits))
            continue
        edits.extend(tool_edits)
        tool_path = tuple(_tool_path(main, tool))
        changed[tool_path] = generated.output
        result = ToolResult(tool.label, "updated", generated.notes, output=generated.output)
        results.append(result)
        if existing_node is not None:
            comments, lost = comments_in(data, existing_node, syntax)
            result.notes.extend(Note(Severity.WARNING, message, "") for message in lost)
            if comments:
                carried.append((tool_path, comments, result))
    if not edits:
        return FileResult(path, "unchanged", data, data, results)
    try:
        new = apply_edits(data, edits)
        commented = _carry_comments(new, path, carried, style) if carried else new
    except ValueError as error:
        return FileResult(path, "failed", data, data, results, f"conflicting edits ({error})")
    if commented != new and _verify(commented, path, main, changed):
        # A defect in placing comments must never cost the rewrite: write it without them, and say so.
        for _, comments, result in carried:
            result.notes.append(Note(Severity.WARNING, f"{len(comments)} comment(s) not kept: they did not verify", ""))
    else:
        new = commented
    problem = _verify(new, path, main, changed)
    if problem:
        return FileResult(path, "failed", data, data, results, problem)
    return FileResult(path, "changed", data, new, results, outputs=changed)


def _carry_comments(
    data: bytes, path: Path, carried: list[tuple[tuple[str, ...], list[Comment], ToolResult]], style: Style
) -> bytes:
    """`data` (the rewritten file) with the comments of the replaced `output` values put back where
    their keys still are; each comment that cannot be is a warning note of its tool."""
    main, _ = _load_main(data, path)
    edits: list[Edit] = []
    for tool_path, comments, result in carried:
        output = _member(main, (*tool_path, "output")) if main is not None else None
        if output is None:
            placed: list[Edit] = []
            lost = [f"{len(comments)} comment(s) not kept: the new output could not be located"]
        else:
            placed, lost = place_comments(data, output, comments, style)
        edits.extend(placed)
        result.notes.extend(Note(Severity.WARNING, message, "") for message in lost)
    return apply_edits(data, edits)


def _member(node: SNode | None, keys: Sequence[str]) -> SNode | None:
    for key in keys:
        node = node.get(key) if isinstance(node, SObject) else None
    return node


def plan_file(path: Path, captures: CaptureIndex) -> FileResult:
    try:
        data = read_regular(path)
    except FileProblem as problem:
        return FileResult(path, "failed", reason=str(problem))
    return plan_source(data, path, captures)


def write_result(result: FileResult) -> FileResult:
    """Write a `changed` result atomically, once its new bytes are verified (they parse to the old `main`
    with exactly the new outputs), and only while the file still holds the bytes it was planned from:
    an edit saved meanwhile is kept and this file is not written (`atomic_write(unchanged_from=...)`,
    as `check --fix` writes). Nothing is read back or restored after the rename: a file read back
    differently then holds someone's newer edit, which a restore would lose."""
    if result.status != "changed" or not result.changes:
        return result
    path = result.path

    def failed(reason: str) -> FileResult:
        return FileResult(path, "failed", result.before, result.before, result.tools, reason)

    main, _ = _load_main(result.before, path)
    changed = result.outputs
    problem = _verify(result.after, path, main, changed) if main is not None else ""
    if problem:
        return failed(f"{problem}; not written")
    try:
        atomic_write(path, result.after, unchanged_from=result.before)
    except FileProblem as error:
        return failed(error.reason)
    return FileResult(path, "written", result.before, result.after, result.tools, outputs=changed)
