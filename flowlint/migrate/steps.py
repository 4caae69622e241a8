"""The migration steps from specification 3.x to 4.x, each a function of a loaded file that returns a result.

Every change is an edit of the syntax tree's bytes (never a text search), classed by what the runtime does
before (3.x, flowmcp-core c9c0f57) and after (4.x, 8dab10b): safe, unsafe (applied with `--unsafe-fixes`)
or manual (a person decides; never written). The steps run in the order of `STEPS`, each on the bytes the
steps before it left (see migrate/run.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from flowlint.core.nodes import SArray, SObject, string_value, to_python
from flowlint.definition.model import Parameter, Tool
from flowlint.definition.specversion import declared_major
from flowlint.definition.zod.runtime import registered_parameters, registered_spec
from flowlint.lint.codes import Code
from flowlint.lint.fixes import remove_item
from flowlint.migrate.model import Change, ChangeClass, ManualItem, StepResult
from flowlint.migrate.source import Source, Target
from flowlint.rewrite.members import inline_members, insert_member, remove_member

__all__ = ["STEPS", "Options"]

SAFE, UNSAFE, MANUAL = ChangeClass.SAFE, ChangeClass.UNSAFE, ChangeClass.MANUAL


@dataclass(frozen=True)
class Options:
    target: Target
    unsafe: bool = False
    # A default() that 3.x never applied (optional() after it): 4.x applies it. False keeps it (the written
    # intent, which 4.x now follows: requests change); True drops it (3.x's requests stay).
    drop_unapplied_defaults: bool = False


Step = Callable[[Source, Options], StepResult]


def _line(src: Source, offset: int) -> int:
    return src.line(offset)


# --------------------------------------------------------------------------- main.version


def step_version(src: Source, opts: Options) -> StepResult:
    """`main.version` to the target (safe: both runtimes read only its major)."""
    main = src.main
    assert main is not None
    entry = main.entry("version")
    target = opts.target.version
    if entry is None:
        item = ManualItem(
            "version", _line(src, main.span.start), f"main has no version: write version: '{target}'", True
        )
        return StepResult.of("version", [], [item])
    value = string_value(entry.value)
    major = declared_major(value)
    if major == 4:
        return StepResult.skipped("version", f"declares {value} already")
    if value is None or major not in (2, 3) or entry not in inline_members(main):
        what = f"main.version is {to_python(entry.value)!r}, not a 2.x or 3.x version written in main"
        return StepResult.of("version", [], [ManualItem("version", _line(src, entry.value.span.start), what, True)])
    change = Change(
        "version",
        SAFE,
        f"main.version '{value}' -> '{target}'",
        _line(src, entry.value.span.start),
        (src.replace_string(entry.value, target),),
    )
    return StepResult.of("version", [change])


# --------------------------------------------------------------------------- routes -> tools


def step_routes(src: Source, opts: Options) -> StepResult:
    """`routes` renamed `tools` (safe: the 3.x runtime reads `routes` as `tools`; 4.x reads only `tools`)."""
    main = src.main
    assert main is not None
    entry = main.entry("routes")
    if entry is None:
        return StepResult.skipped("routes", "no routes")
    line = _line(src, entry.key_span.start)
    if main.get("tools") is not None:
        what = "main has both tools and routes (VAL017): move the routes into tools and remove routes"
        return StepResult.of("routes", [], [ManualItem("routes", line, what, True, Code.VAL017)])
    if entry not in inline_members(main):
        return StepResult.of("routes", [], [ManualItem("routes", line, "rename routes to tools", True)])
    return StepResult.of("routes", [Change("routes", SAFE, "routes -> tools", line, (src.rename_key(entry, "tools"),))])


# --------------------------------------------------------------------------- schemaVersion, schemaHash


def step_schema_version(src: Source, opts: Options) -> StepResult:
    """`schemaVersion: '1.0.0'` after `version` (4.1 on: the specification's value for a migrated schema);
    a `schemaHash` in the source goes (derived only: the 4.x runtime refuses the file with one, VAL003)."""
    main = src.main
    assert main is not None
    changes: list[Change] = []
    inline = inline_members(main)
    hashed = main.entry("schemaHash")
    if hashed is not None and hashed in inline:
        edit = remove_member(src.data, main, hashed, src.syntax)
        if edit is not None:
            title = "schemaHash removed (derived by the grading toolchain; never written in a source)"
            changes.append(Change("schema-hash", SAFE, title, _line(src, hashed.key_span.start), (edit,)))
    if opts.target.schema_version and main.get("schemaVersion") is None:
        version = main.entry("version")
        anchor = version if version is not None and version in inline else (inline[-1] if inline else None)
        if anchor is not None and hashed is not None and anchor is hashed:
            anchor = None
        member = f"{src.key('schemaVersion')}: {src.string('1.0.0')}"
        edits = tuple(insert_member(src.data, main, member, anchor, src.syntax, src.style))
        line = _line(src, anchor.value.span.end if anchor is not None else main.span.start)
        where = f"after {anchor.key}" if anchor is not None else "first in main"
        changes.append(Change("schema-version", SAFE, f"schemaVersion: '1.0.0' added ({where})", line, edits))
    return StepResult.of("schema-version", changes, reason="schemaVersion present (or not asked by the target)")


# --------------------------------------------------------------------------- main.skills


def step_skills(src: Source, opts: Options) -> StepResult:
    """`main.skills` removed (unsafe: 4.x forbids it, VAL016; its skill files stay where they are and are
    migrated as files of their own, see `skill_changes`)."""
    main = src.main
    assert main is not None
    entry = main.entry("skills")
    if entry is None:
        return StepResult.skipped("skills", "no main.skills")
    line = _line(src, entry.key_span.start)
    edit = remove_member(src.data, main, entry, src.syntax) if entry in inline_members(main) else None
    if edit is None:
        return StepResult.of(
            "skills", [], [ManualItem("skills", line, "remove main.skills (4.x forbids it)", True, Code.VAL016)]
        )
    files = skill_files(src)
    title = "main.skills removed" + (f" (its skill files stay: {', '.join(files)})" if files else "")
    effect = "4.x no longer loads these skills with the definition: a host finds them by their folder or a selection"
    return StepResult.of("skills", [Change("skills", UNSAFE, title, line, (edit,), effect)])


def skill_files(src: Source) -> list[str]:
    """The files `main.skills` names (relative to the definition's folder)."""
    main = src.main
    entry = main.get("skills") if main is not None else None
    found = []
    if isinstance(entry, SObject):
        for skill in entry.entries:
            ref = to_python(skill.value)
            if isinstance(ref, dict) and isinstance(ref.get("file"), str):
                found.append(ref["file"])
    return found


def skill_changes(src: Source, skill: SObject, kind: str) -> StepResult:
    """A skill file (`export const skill`) to 4.x: `version: 'flowmcp/4.0.0'` and `type` (by its folder:
    `providers/<ns>/skills/` is a namespace skill, `agents/<name>/skills/` an agent skill) are mechanical
    (unsafe: the file changes); `whenToUse` is a person's sentence (manual)."""
    changes: list[Change] = []
    manual: list[ManualItem] = []
    inline = inline_members(skill)
    version = skill.entry("version")
    if version is None or version not in inline:
        anchor = skill.entry("name") if skill.entry("name") in inline else None
        member = f"{src.key('version')}: {src.string('flowmcp/4.0.0')}"
        edits = tuple(insert_member(src.data, skill, member, anchor, src.syntax, src.style))
        changes.append(
            Change("skill-version", UNSAFE, "version: 'flowmcp/4.0.0' added", _line(src, skill.span.start), edits)
        )
    elif string_value(version.value) != "flowmcp/4.0.0":
        was = to_python(version.value)
        edit = src.replace_string(version.value, "flowmcp/4.0.0")
        line = _line(src, version.value.span.start)
        changes.append(Change("skill-version", UNSAFE, f"version {was!r} -> 'flowmcp/4.0.0'", line, (edit,)))
    if skill.get("type") is None:
        line = _line(src, skill.span.start)
        if kind in ("namespace", "agent"):
            anchor = (
                version
                if version is not None and version in inline
                else (skill.entry("name") if skill.entry("name") in inline else None)
            )
            member = f"{src.key('type')}: {src.string(kind)}"
            edits = tuple(insert_member(src.data, skill, member, anchor, src.syntax, src.style))
            changes.append(Change("skill-type", UNSAFE, f"type: '{kind}' added (by its folder)", line, edits))
        else:
            what = "the skill has no type: write type: 'namespace', 'selection' or 'agent' (14-skills.md)"
            manual.append(ManualItem("skill-type", line, what, False))
    if skill.get("whenToUse") is None:
        what = "add whenToUse: one sentence on when an agent should use this skill (new in 4.x, 14-skills.md)"
        manual.append(ManualItem("skill-when-to-use", _line(src, skill.span.start), what, False))
    return StepResult.of("skill", changes, manual)


# --------------------------------------------------------------------------- defaults


def _default_index(parameter: Parameter) -> int | None:
    """The index of the last `default(...)` option (the one the runtime applies)."""
    found = None
    for index, node in enumerate(parameter.option_nodes):
        value = to_python(node)
        if isinstance(value, str) and value.startswith("default("):
            found = index
    return found


def _tools(src: Source) -> Iterator[Tool]:
    definition = src.definition
    assert definition is not None
    for tool in definition.tools:
        if tool.kind == "tool":
            yield tool


def step_defaults(src: Source, opts: Options) -> StepResult:
    """A `default()` 3.x never applied (`optional()` written after it): 4.x applies it, so an omitted value
    is now sent. Kept (the written intent, which 4.x follows: the report shows each request it changes), or
    dropped with `drop_unapplied_defaults` (unsafe: 3.x's requests kept). A default that does not fit its
    type is FL012's (its fix removes it)."""
    changes: list[Change] = []
    if not opts.drop_unapplied_defaults:
        return StepResult.skipped(
            "defaults", "defaults 3.x never applied are kept (--drop-unapplied-defaults drops them)"
        )
    for tool in _tools(src):
        for key, parameter in registered_parameters(tool):
            index = _default_index(parameter)
            spec = registered_spec(parameter)
            if index is None or spec is None or spec.default_misfit:
                continue
            options = parameter.options_node
            if not isinstance(options, SArray) or not spec.has_default or spec.default_applied(3):
                continue
            edit = remove_item(src.data, options, index)
            if edit is None:
                continue
            written = to_python(options.items[index])
            title = f"tool {tool.name}: {written} dropped from '{key}' (3.x never applied it: optional() follows it)"
            effect = "the inputSchema no longer announces the default; requests stay as 3.x sent them"
            line = _line(src, options.items[index].span.start)
            changes.append(Change("default-unapplied", UNSAFE, title, line, (edit,), effect, tool=tool.name))
    return StepResult.of("defaults", changes, reason="no default() that 3.x never applied")


# --------------------------------------------------------------------------- output declarations


def step_output(src: Source, opts: Options) -> StepResult:
    """An `image/png` output whose string schema has no `format`: 4.x refuses it without `format: 'base64'`
    (unsafe: the declaration changes, not the data). Other refused output types are VAL060's (its fix)."""
    changes: list[Change] = []
    for tool in _tools(src):
        obj = tool.obj
        output = obj.get("output") if obj is not None else None
        schema = output.get("schema") if isinstance(output, SObject) else None
        if not isinstance(output, SObject) or not isinstance(schema, SObject):
            continue
        mime = output.get("mimeType")
        if string_value(mime) != "image/png" or schema.get("format") is not None:
            continue
        if string_value(schema.get("type")) != "string":
            continue
        anchor = schema.entry("type") if schema.entry("type") in inline_members(schema) else None
        member = f"{src.key('format')}: {src.string('base64')}"
        edits = tuple(insert_member(src.data, schema, member, anchor, src.syntax, src.style))
        title = f"tool {tool.name}: output.schema.format 'base64' added (image/png)"
        line = _line(src, schema.span.start)
        changes.append(Change("output", UNSAFE, title, line, edits, "the output declaration only", tool=tool.name))
    return StepResult.of("output", changes, reason="no image/png output without its format")


STEPS: tuple[tuple[tuple[str, Step], ...], ...] = (
    # Each group's steps read the same tree and their edits are applied together; a group reads what the
    # groups before it left.
    (("version", step_version), ("routes", step_routes)),
    (
        ("defaults", step_defaults),
        ("output", step_output),
        ("skills", step_skills),
        ("schema-version", step_schema_version),
    ),
)
