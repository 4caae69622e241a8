"""The migration steps from specification 3.x to 4.x, each a function of a loaded file that returns a result.

Every change is an edit of the syntax tree's bytes (never a text search), classed by what the runtime does
before (3.x, flowmcp-core c9c0f57) and after (4.x, 8dab10b): safe, unsafe (applied with `--unsafe-fixes`)
or manual (a person decides; never written). The steps run in the order of `STEPS`, each on the bytes the
steps before it left (see migrate/run.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from flowlint.core.nodes import SArray, SObject, SScalar, string_value, to_python
from flowlint.definition.model import USER_PARAM, Parameter, Tool
from flowlint.definition.specversion import declared_major
from flowlint.definition.zod import runtime_enum_values, split_loose
from flowlint.definition.zod.runtime import registered_parameters, registered_spec
from flowlint.lint.codes import Code
from flowlint.migrate.model import Change, ChangeClass, ManualItem, StepResult
from flowlint.migrate.source import Source, Target
from flowlint.rewrite.members import append_item, inline_members, insert_member, remove_item, remove_member

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


# --------------------------------------------------------------------------- enum() with values(...)


def step_enum_values(src: Source, opts: Options) -> StepResult:
    """`enum()` with a `values(a,b)` option (VAL046): both runtimes build `z.enum([''])` and ignore
    `values(...)`, so every real value is refused; the values are written into the primitive,
    `enum(a,b)`, and the option goes (unsafe: the tool then accepts them)."""
    changes: list[Change] = []
    for tool in _tools(src):
        for key, parameter in registered_parameters(tool):
            z_node = parameter.z_node
            primitive = z_node.get("primitive") if z_node is not None else None
            options = z_node.get("options") if z_node is not None else None
            if not isinstance(primitive, SScalar) or runtime_enum_values(str(primitive.value)) != [""]:
                continue
            if not isinstance(options, SArray) or not str(primitive.value).strip().startswith("enum("):
                continue
            for index, node in enumerate(options.items):
                text = to_python(node)
                if not isinstance(text, str) or not text.strip().startswith("values("):
                    continue
                values = split_loose(text.strip()[len("values(") : text.strip().rfind(")")])
                if not values or any(c in value for value in values for c in ",()"):
                    break
                written = f"enum({','.join(dict.fromkeys(values))})"
                edits = (src.replace_string(primitive, written), remove_item(src.data, options, index, src.syntax))
                title = f"tool {tool.name}: '{key}' enum() + {text} -> {written}"
                effect = "the tool accepts these values (both runtimes built enum() as the one value '')"
                changes.append(
                    Change(
                        "enum-values", UNSAFE, title, _line(src, primitive.span.start), edits, effect, tool=tool.name
                    )
                )
                break
    return StepResult.of("enum-values", changes, reason="no enum() with values(...)")


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
    """`default()` options whose meaning changes or that refuse omission: 3.x applied options in order, so
    `optional()` after `default()` meant the default was never applied; 4.x applies it. A default whose value
    does not fit its own type makes 4.x refuse every call that omits the parameter: it is dropped (unsafe).
    A fitting one 3.x never applied is kept (4.x now sends it; the report shows each request it changes),
    or dropped with `drop_unapplied_defaults` (3.x's requests kept)."""
    changes: list[Change] = []
    for tool in _tools(src):
        for key, parameter in registered_parameters(tool):
            index = _default_index(parameter)
            spec = registered_spec(parameter)
            if index is None or spec is None or not isinstance(parameter.z_node, SObject):
                continue
            options = parameter.z_node.get("options")
            if not isinstance(options, SArray) or index >= len(options.items):
                continue
            written = to_python(options.items[index])
            fits = not spec.default_misfit
            never_applied = spec.has_default and not spec.default_applied(3)
            line = _line(src, options.items[index].span.start)
            edit = remove_item(src.data, options, index, src.syntax)
            if not fits:
                why = "3.x never applied it" if never_applied else "both runtimes refuse an omitted value"
                title = (
                    f"tool {tool.name}: {written} dropped from '{key}': its value does not fit "
                    f"{spec.primitive_text} ({why})"
                )
                effect = (
                    "4.x would make the parameter required (a default that misfits its type is refused when the "
                    "parameter is omitted); without the default an omitted value is simply not sent"
                )
                changes.append(Change("default-misfit", UNSAFE, title, line, (edit,), effect, tool=tool.name))
            elif never_applied and opts.drop_unapplied_defaults:
                title = (
                    f"tool {tool.name}: {written} dropped from '{key}' (3.x never applied it: optional() follows it)"
                )
                effect = "the inputSchema no longer announces the default; requests stay as 3.x sent them"
                changes.append(Change("default-unapplied", UNSAFE, title, line, (edit,), effect, tool=tool.name))
    return StepResult.of("defaults", changes, reason="no default() whose meaning changes")


# --------------------------------------------------------------------------- named placeholders


def _single_placeholder(value: str) -> str | None:
    """The name of the one `{{NAME}}` in `value` (None for none, several, or a SERVER_PARAM)."""
    import re

    names: list[str] = re.findall(r"\{\{([^{}]+)\}\}", value)
    if len(names) != 1 or names[0].strip().startswith("SERVER_PARAM:") or names[0].strip() == "USER_PARAM":
        return None
    return names[0]


def step_placeholders(src: Source, opts: Options) -> StepResult:
    """A parameter with a named placeholder (`'{{LATITUDE}}'`) that the tests set, by its key or by the
    placeholder's name, becomes a `{{USER_PARAM}}` (unsafe): both runtimes read `{{LATITUDE}}` from the
    server param LATITUDE (sent as '' when not set) and drop the test's value; the tests keyed by the
    placeholder's name are keyed by the parameter's key."""
    definition = src.definition
    assert definition is not None
    declared = set(definition.required_server_params)
    changes: list[Change] = []
    manual: list[ManualItem] = []
    for tool in _tools(src):
        for parameter in tool.parameters:
            if parameter.role != "placeholder" or parameter.key is None or not tool.keyed_by_tests(parameter):
                continue
            value = parameter.value or ""
            name = _single_placeholder(value)
            position = parameter.node.get("position") if isinstance(parameter.node, SObject) else None
            value_node = position.get("value") if isinstance(position, SObject) else None
            line = _line(src, parameter.span.start)
            if name is None or name.strip() in declared or not isinstance(value_node, SScalar):
                what = (
                    f"tool {tool.name}: parameter '{parameter.key}' ({value!r}) is set by tests but the runtime reads "
                    "it from a server param: make it '{{USER_PARAM}}' or take its key out of the tests"
                )
                manual.append(ManualItem("placeholder", line, what, True, Code.TST006, tool.name))
                continue
            new_value = value.replace("{{" + name + "}}", USER_PARAM, 1)
            edits = [src.replace_string(value_node, new_value)]
            renamed = 0
            for test in tool.tests:
                if test.obj is None:
                    continue
                entry = test.obj.entry(name.strip())
                if entry is not None and name.strip() != parameter.key and test.obj.get(parameter.key) is None:
                    edits.append(src.rename_key(entry, parameter.key))
                    renamed += 1
            title = f"tool {tool.name}: parameter '{parameter.key}' {value!r} -> {new_value!r}" + (
                f", {renamed} test key(s) {name.strip()!r} -> {parameter.key!r}" if renamed else ""
            )
            effect = (
                f"the runtime sends the caller's value instead of the server param {name.strip()} "
                "('' when not set), and the tool's input is the caller's"
            )
            changes.append(Change("placeholder", UNSAFE, title, line, tuple(edits), effect, tool=tool.name))
    return StepResult.of("placeholders", changes, manual, reason="no named placeholder set by tests")


# --------------------------------------------------------------------------- fixed and server parameters


def step_fixed_optional(src: Source, opts: Options) -> StepResult:
    """A fixed, server or named-placeholder parameter whose z block makes it a required input (FL015): the
    registered tool demands a value its tests cannot give and the runtime never sends (it sends the fixed
    value or the server param). `optional()` is added (unsafe: the inputSchema no longer requires it)."""
    definition = src.definition
    assert definition is not None
    changes: list[Change] = []
    manual: list[ManualItem] = []
    declared = set(definition.required_server_params)
    for tool in _tools(src):
        for key, parameter in registered_parameters(tool):
            if parameter.role == "user" or parameter.z is None or not parameter.z.required:
                continue
            if parameter.role == "placeholder" and tool.keyed_by_tests(parameter):
                continue  # the placeholder step makes it a user parameter
            tests = [test for test in tool.tests if test.obj is not None]
            if tests and all(test.obj is not None and test.obj.get(key) is not None for test in tests):
                continue  # every test sets it: the zod is satisfied (TST006 says the value is not sent)
            z_node = parameter.z_node
            assert z_node is not None
            options = z_node.get("options")
            line = _line(src, z_node.span.start)
            option = src.string("optional()")
            if isinstance(options, SArray):
                edits = tuple(append_item(src.data, options, option, src.syntax, src.style))
            elif options is None:
                anchor = z_node.entry("primitive")
                anchor = anchor if anchor in inline_members(z_node) else None
                member = f"{src.key('options')}: [{' ' if src.style.pad else ''}{option}{' ' if src.style.pad else ''}]"
                edits = tuple(insert_member(src.data, z_node, member, anchor, src.syntax, src.style))
            else:
                continue
            if parameter.role == "fixed":
                what = f"its fixed value {parameter.value!r}"
            elif parameter.role == "server":
                what = f"the server param {parameter.server_param}"
            else:
                what = f"{parameter.value!r}, read from the server param {parameter.server_param}"
                if parameter.server_param not in declared:
                    manual.append(
                        ManualItem(
                            "placeholder-undeclared",
                            line,
                            f"tool {tool.name}: parameter '{key}' ({parameter.value!r}) is read from the server param "
                            f"{parameter.server_param}, which requiredServerParams does not declare (sent as ''): "
                            "declare it, or make the parameter '{{USER_PARAM}}'",
                            False,
                            Code.FL013,
                            tool.name,
                        )
                    )
            title = (
                f"tool {tool.name}: 'optional()' added to '{key}' (the runtime sends {what}, never a caller's value)"
            )
            effect = "the inputSchema no longer requires it; calls without it (every test) are served"
            changes.append(Change("fixed-optional", UNSAFE, title, line, edits, effect, tool=tool.name))
    return StepResult.of("fixed-optional", changes, manual, reason="no fixed parameter required by its z block")


# --------------------------------------------------------------------------- root and output declarations


_TEXT_TYPES = (
    "application/xml",
    "text/xml",
    "application/rss+xml",
    "application/atom+xml",
    "text/markdown",
    "text/html",
    "text/csv",
    "text/tab-separated-values",
)


def step_root(src: Source, opts: Options) -> StepResult:
    """`main.root` that both runtimes refuse (MainValidator): a trailing `/` is dropped (unsafe: every URL
    loses the `//` before its path); a placeholder root such as `local://x` of a definition that makes no
    HTTP request (resources only, or every tool an executeRequest handler) becomes `''`, the runtime's own
    marker for that; `http://` and anything else is for a person (does the API serve https?)."""
    main = src.main
    definition = src.definition
    assert main is not None and definition is not None
    entry = main.entry("root")
    root = string_value(entry.value) if entry is not None else None
    if entry is None or root is None or root == "" or (root.startswith("https://") and not root.endswith("/")):
        return StepResult.skipped("root", "root accepted by the runtime")
    line = _line(src, entry.value.span.start)
    if root.startswith("https://") and root.endswith("/"):
        edit = src.replace_string(entry.value, root.rstrip("/"))
        title = f"main.root {root!r} -> {root.rstrip('/')!r} (the runtime refuses a trailing slash)"
        effect = "every request URL loses the double slash between root and path"
        return StepResult.of("root", [Change("root", UNSAFE, title, line, (edit,), effect)])
    tools = [tool for tool in definition.tools if tool.kind == "tool"]
    no_http = all(tool.name in _execute_request_tools(src) for tool in tools)
    if "://" in root and not root.startswith(("http://", "https:")) and no_http:
        edit = src.replace_string(entry.value, "")
        title = f"main.root {root!r} -> '' (no tool sends an HTTP request: resources or executeRequest handlers)"
        return StepResult.of("root", [Change("root", UNSAFE, title, line, (edit,), "none: the root is never used")])
    what = f"main.root {root!r}: both runtimes require https:// (without a trailing /): write the API's https URL"
    return StepResult.of("root", [], [ManualItem("root", line, what, True, Code.VAL015)])


def _execute_request_tools(src: Source) -> frozenset[str]:
    from flowlint.definition.loading import handled_tools

    definition = src.definition
    assert definition is not None
    return handled_tools(definition.handlers, definition, ("executeRequest",))


def step_output(src: Source, opts: Options) -> StepResult:
    """An output `mimeType` the 4.x runtime refuses (only application/json, image/png and text/plain):
    a JSON flavour (`application/ld+json`) becomes `application/json`, a text format (XML, Markdown, CSV)
    whose schema is a string becomes `text/plain`, and an `image/png` schema without `format: 'base64'` gets
    it (unsafe: the declaration changes, not the data). Anything else is for a person."""
    changes: list[Change] = []
    manual: list[ManualItem] = []
    for tool in _tools(src):
        obj = tool.obj
        output = obj.get("output") if obj is not None else None
        if not isinstance(output, SObject):
            continue
        mime_node = output.get("mimeType")
        mime = string_value(mime_node)
        schema = output.get("schema")
        schema_type = string_value(schema.get("type")) if isinstance(schema, SObject) else None
        if mime is None or mime_node is None:
            continue
        line = _line(src, mime_node.span.start)
        new = None
        if mime in ("application/json", "text/plain"):
            new = None
        elif mime == "image/png":
            if isinstance(schema, SObject) and schema.get("format") is None and schema_type == "string":
                anchor = schema.entry("type") if schema.entry("type") in inline_members(schema) else None
                member = f"{src.key('format')}: {src.string('base64')}"
                edits = tuple(insert_member(src.data, schema, member, anchor, src.syntax, src.style))
                title = f"tool {tool.name}: output.schema.format 'base64' added (image/png)"
                effect = "the output declaration only"
                changes.append(Change("output", UNSAFE, title, line, edits, effect, tool=tool.name))
            continue
        elif mime.endswith("+json") and schema_type in ("object", "array"):
            new = "application/json"
        elif (mime in _TEXT_TYPES or mime.startswith("text/")) and schema_type == "string":
            new = "text/plain"
        else:
            what = (
                f"tool {tool.name}: output.mimeType {mime!r} is refused by the 4.x runtime (application/json, "
                "image/png or text/plain): choose one and the schema that describes the data"
            )
            manual.append(ManualItem("output", line, what, True, Code.VAL060, tool.name))
            continue
        if new is not None:
            title = f"tool {tool.name}: output.mimeType {mime!r} -> {new!r}"
            changes.append(
                Change(
                    "output",
                    UNSAFE,
                    title,
                    line,
                    (src.replace_string(mime_node, new),),
                    "the output declaration only",
                    tool=tool.name,
                )
            )
    return StepResult.of("output", changes, manual, reason="output declarations accepted by 4.x")


STEPS: tuple[tuple[tuple[str, Step], ...], ...] = (
    # Each group's steps read the same tree and their edits are applied together; a group reads what the
    # groups before it left (the defaults step judges a default against the enum values written first).
    (("version", step_version), ("routes", step_routes), ("enum-values", step_enum_values)),
    (
        ("defaults", step_defaults),
        ("placeholders", step_placeholders),
        ("fixed-optional", step_fixed_optional),
        ("root", step_root),
        ("output", step_output),
        ("skills", step_skills),
        ("schema-version", step_schema_version),
    ),
)
