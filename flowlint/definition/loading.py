"""Loading a definition file: the one path from a file on disk to a typed `Definition`.

Every command loads files here (check, capture, verify, schema, mock, mcp-tools, the language
server): read (regular files only, bounded), refuse binary data, parse with the file's format,
decide what the file is, build the typed view. Nothing raises for a bad file: the result says what
happened (`LoadStatus`) and why, and the lint engine turns each status into its diagnostic.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import StrEnum
from functools import cached_property
from pathlib import Path

from flowlint.core.errors import FileProblem
from flowlint.core.fileio import read_regular
from flowlint.core.nodes import NonStatic, SArray, SNode, SObject, Span, SScalar, shorten
from flowlint.core.record import Record
from flowlint.definition.discovery import Discovery, Unwalkable, discover, display_path
from flowlint.definition.handlers import RAW_HANDLERS
from flowlint.definition.model import Definition, build_definition
from flowlint.formats import SUFFIXES, ParsedModule, SyntaxProblem, parse_file_bytes
from flowlint.formats.base import MAX_EVALUATION_WORK

__all__ = [
    "MAX_EVALUATION_WORK",
    "LoadStatus",
    "LoadedFile",
    "classify",
    "load_bytes",
    "load_file",
    "load_found",
    "load_paths",
    "unwalkable",
]

_TOOL_KEYS = ("tools", "routes", "resources")
_DEFINITION_KEYS = ("namespace", *_TOOL_KEYS)

# What a file is when it is not a tool definition: export name -> description.
_OTHER_KINDS = (
    ("list", "a shared list (export const list)"),
    ("skill", "a skill (export const skill)"),
    ("prompt", "a prompt (export const prompt)"),
    ("schema", "an export named `schema` that is no FlowMCP 1.x definition (no flowMCP, namespace or routes)"),
)


class LoadStatus(StrEnum):
    """What loading a file found."""

    DEFINITION = "definition"  # a tool definition: `definition` is set
    SKIPPED = "skipped"  # readable, but not a tool definition (a list, a skill, package.json...)
    # A JavaScript module shaped as a definition whose `main` FlowMCP cannot find: the definition is
    # exported under another name (`mian`, `definition`, a default export) or not exported (VAL001).
    NO_MAIN = "no-main"
    # A FlowMCP 1.x definition (`export const schema = { flowMCP: '1.2.0', ... }`): `legacy` holds it.
    # FlowMCP 4.x refuses it ('main: Missing export'); spec 3.0.0 no longer supports it (VAL001).
    LEGACY = "legacy"
    UNREADABLE = "unreadable"  # cannot be read: missing, denied, not a regular file, too large
    BINARY = "binary"  # binary data, not source text
    SYNTAX = "syntax"  # does not parse: `problems` says where
    BAD_MAIN = "bad-main"  # `main` exists but is not an object literal
    CRASHED = "crashed"  # the parser itself failed (a defect or limit of flowlint, not of the file)
    OVER_BUDGET = "over-budget"  # evaluating it takes more work than flowlint allows: `span` says where
    LIST = "list"  # a shared-list file (`export const list`, or any module in a `_lists/` folder): `list_node`


class LoadedFile(Record):
    """One file as loaded. `kind` groups the statuses as reports show them."""

    path: Path
    display: str
    data: bytes
    status: LoadStatus
    reason: str = ""
    problems: tuple[SyntaxProblem, ...] = ()
    span: Span = Span(0, 0)  # where `reason` points (BAD_MAIN: at main)
    definition: Definition | None = None
    list_node: SNode | None = None  # LIST: the exported `list` (None when a `_lists/` module exports none)
    legacy: SObject | None = None  # LEGACY: the exported 1.x `schema` (see `legacy_version`)

    @property
    def legacy_version(self) -> str | None:
        """A FlowMCP 1.x definition's declared version (its `flowMCP`, `1.2.0`; `1.x` when it has none);
        None for any other file."""
        if self.legacy is None:
            return None
        declared = self.legacy.get("flowMCP")
        if isinstance(declared, SScalar) and isinstance(declared.value, str) and declared.value:
            return declared.value
        return "1.x"

    @property
    def kind(self) -> str:
        """`definition`, `list`, `skipped` or `error`."""
        if self.status in (LoadStatus.DEFINITION, LoadStatus.SKIPPED, LoadStatus.LIST):
            return self.status.value
        return "error"

    @property
    def namespace(self) -> str:
        """The definition's namespace, or the file's stem when it has none."""
        if self.definition is not None and self.definition.namespace:
            return self.definition.namespace
        return self.path.stem

    @cached_property
    def handler_tools(self) -> frozenset[str]:
        """Tools whose handlers change their data (`postRequest`, `executeRequest`): best effort."""
        if self.definition is None:
            return frozenset()
        return self.definition.handled_tools(RAW_HANDLERS)


def load_file(path: Path, display: str | None = None) -> LoadedFile:
    """Read and load one file; never raises for a bad file."""
    shown = display if display is not None else display_path(path)
    try:
        data = read_regular(path)
    except FileProblem as problem:
        return LoadedFile(path, shown, b"", LoadStatus.UNREADABLE, str(problem))
    return load_bytes(data, path, shown)


def load_bytes(data: bytes, path: Path, display: str | None = None) -> LoadedFile:
    """Load a file's bytes as if read from `path` (its suffix picks the format); never raises."""
    shown = display if display is not None else display_path(path)
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):  # a byte-order mark: UTF-16, not binary junk
        return LoadedFile(path, shown, data, LoadStatus.UNREADABLE, "the file is UTF-16 encoded; save it as UTF-8")
    if b"\x00" in data[:8192]:
        return LoadedFile(path, shown, data, LoadStatus.BINARY, "the file is binary, not a definition")
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        return LoadedFile(
            path,
            shown,
            data,
            LoadStatus.SKIPPED,
            f"not read: flowlint reads {', '.join(SUFFIXES)} definitions, not {suffix or 'files without a suffix'}",
        )
    try:
        module = parse_file_bytes(data, suffix)
    except RecursionError:
        module = ParsedModule(internal_error="RecursionError: the definition is nested too deeply to check")
    except Exception as error:  # a safety net: one odd file must never stop a run
        module = ParsedModule(internal_error=f"{type(error).__name__}: {error}")
    if module.internal_error is not None:
        return LoadedFile(path, shown, data, LoadStatus.CRASHED, module.internal_error)
    if module.problems and suffix == ".json":
        ordinary = ordinary_json(data, path)
        if ordinary is not None:
            return LoadedFile(path, shown, data, LoadStatus.SKIPPED, ordinary)
    if module.problems:
        first = module.problems[0]
        return LoadedFile(
            path, shown, data, LoadStatus.SYNTAX, f"syntax error: {first.message}", tuple(module.problems), first.span
        )
    if module.over_budget is not None:
        over = module.over_budget
        return LoadedFile(path, shown, data, LoadStatus.OVER_BUDGET, over.message, span=over.span)
    return _from_module(module, data, path, shown, suffix)


def _from_module(module: ParsedModule, data: bytes, path: Path, shown: str, suffix: str) -> LoadedFile:
    """What a parsed module is: a definition (built), a shared list, or a file skipped or refused, and why."""
    status, reason, main = classify(module, suffix)
    if status is LoadStatus.SKIPPED and suffix in (".mjs", ".js"):
        if "list" in module.exports or (path.parent.name == "_lists" and "main" not in module.exports):
            return LoadedFile(path, shown, data, LoadStatus.LIST, "a shared list", list_node=module.exports.get("list"))
        refused = unloadable_definition(data, module)
        if refused is not None:
            status, reason, span = refused
            legacy = legacy_definition(module) if status is LoadStatus.LEGACY else None
            return LoadedFile(path, shown, data, status, reason, span=span, legacy=legacy)
    if main is None:
        span = module.exports["main"].span if status is LoadStatus.BAD_MAIN else Span(0, 0)
        return LoadedFile(path, shown, data, status, reason, span=span)
    handlers = module.exports.get("handlers")
    try:
        definition = build_definition(main, handlers)
    except RecursionError:
        return LoadedFile(path, shown, data, LoadStatus.CRASHED, "the definition is nested too deeply to check")
    return LoadedFile(path, shown, data, LoadStatus.DEFINITION, definition=definition)


_UNEXPORTED_MAIN = re.compile(rb"^[ \t]*(?:const|let|var)[ \t]+main[ \t]*=[ \t]*\{", re.MULTILINE)
_NAMESPACE_KEY = re.compile(rb"""(?:^|[\s,{])['"]?namespace['"]?\s*:""")
_TOOLS_KEY = re.compile(rb"""(?:^|[\s,{])['"]?(?:tools|routes|resources)['"]?\s*:""")

_KNOWN = ("main", *(name for name, _ in _OTHER_KINDS))
_MISSING = "FlowMCP cannot load this file as a definition ('main: Missing export'): "


def definition_shaped(node: SNode | None) -> bool:
    """Whether a value looks like a FlowMCP definition: an object with a `namespace` and a `tools`,
    `routes` or `resources` member. Helper modules, shared lists, skills, prompts and capture records
    (no tools) are not."""
    return (
        isinstance(node, SObject)
        and node.get("namespace") is not None
        and any(node.get(key) is not None for key in _TOOL_KEYS)
    )


def legacy_definition(module: ParsedModule) -> SObject | None:
    """A FlowMCP 1.x definition's exported `schema` (with `flowMCP: '1.2.0'` or `routes`, or shaped as a
    definition) in a module without `main`, or None."""
    schema = module.exports.get("schema")
    if "main" in module.exports or not isinstance(schema, SObject):
        return None
    if schema.get("flowMCP") is not None or schema.get("routes") is not None or definition_shaped(schema):
        return schema
    return None


def legacy_serves_tools(legacy: SObject) -> bool:
    """Whether FlowMCP's 3.x runtime serves tools of this 1.x definition: its LegacyAdapter converts a 1.x
    file but reads only `routes` (flowmcp-core c9c0f57, src/v2/task/LegacyAdapter.mjs)."""
    routes = legacy.get("routes")
    return isinstance(routes, SObject) and bool(routes.keys())


def legacy_reason(legacy: SObject) -> str:
    """What each runtime does with a FlowMCP 1.x definition (`export const schema`)."""
    version = legacy.get("flowMCP")
    declared = f", flowMCP '{version.value}'" if isinstance(version, SScalar) else ""
    head = f"a FlowMCP 1.x definition (`export const schema`{declared}): "
    tail = (
        "; FlowMCP 4.x refuses the file ('main: Missing export'), and specification 3.0.0 no longer supports "
        "the format: rewrite it as `export const main = {...}` (specification 08-migration.md)"
    )
    if legacy_serves_tools(legacy):
        return head + "FlowMCP's 3.x runtime converts it with a deprecation warning and serves its `routes`" + tail
    tools = legacy.get("tools")
    count = len(tools.keys()) if isinstance(tools, SObject) else 0
    if not count:
        return head + "FlowMCP's 3.x runtime converts it but finds no `routes`: it serves no tool" + tail
    return (
        head + "FlowMCP's 3.x runtime converts it with a deprecation warning but reads only `routes`, so it "
        f"serves none of its {count} tool{'s' if count != 1 else ''} under `tools` (every call refused)" + tail
    )


def unloadable_definition(data: bytes, module: ParsedModule) -> tuple[LoadStatus, str, Span] | None:
    """(status, reason, span) for a JavaScript module that is a definition by its shape but that FlowMCP
    cannot load, since its `main` is missing: a FlowMCP 1.x definition (LEGACY); a definition-shaped
    object exported under another name (`mian`, `definition`, a default export) or not exported at all
    (NO_MAIN). None for any other module without `main` (a helper script: a quiet skip, in a folder walk
    and named alike). Decided by shape, never by how the file was found."""
    legacy = legacy_definition(module)
    if legacy is not None:
        return LoadStatus.LEGACY, legacy_reason(legacy), legacy.span
    for name, value in module.exports.items():
        if name in _KNOWN or not isinstance(value, SObject):
            continue
        if name == "default" and definition_shaped(value):
            why = "it has a default export, but FlowMCP imports the named export `main`: "
            why += "write `export const main = {...}`"
        elif _misspelt_main(name) and any(value.get(key) is not None for key in (*_DEFINITION_KEYS, "root")):
            why = f"it exports `{name}`; did you mean `main`?"
        elif definition_shaped(value):
            why = f"it exports the definition as `{name}`; FlowMCP imports the named export `main`: rename it to `main`"
        else:
            continue
        return LoadStatus.NO_MAIN, _MISSING + why, value.span
    unexported = _UNEXPORTED_MAIN.search(data)
    if unexported is not None and _NAMESPACE_KEY.search(data) and _TOOLS_KEY.search(data):
        why = "`main` is declared but not exported: write `export const main = {...}`"
        return LoadStatus.NO_MAIN, _MISSING + why, Span(unexported.start(), unexported.end())
    return None


def _misspelt_main(name: str) -> bool:
    """`name` is `main` in another case (`Main`) or with one letter changed, added or dropped or two
    neighbours swapped (`mian`, `mains`): not merely similar (`domain` and `mainnet` are other words)."""
    if name == "main":
        return False
    if name.lower() == "main":
        return True
    if len(name) == 4:
        diffs = [i for i in range(4) if name[i] != "main"[i]]
        if len(diffs) == 2:
            i, j = diffs
            return j == i + 1 and name[i] == "main"[j] and name[j] == "main"[i]
        return len(diffs) == 1
    if len(name) in (3, 5):
        short, long = sorted((name, "main"), key=len)
        return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))
    return False


# Capture records (`flowlint capture`'s files) and their metrics: JSON objects that carry a `namespace`
# (and metrics a list of tool names) but are never definitions, wherever they are committed.
_CAPTURE_RECORD_KEYS = ("toolName", "testIndex", "response")
_CAPTURE_METRICS_KEYS = ("namespace", "counts", "timings")


def capture_file(main: SObject) -> str | None:
    """Why a JSON object is a capture record or a capture run's metrics, by its shape; None otherwise."""
    if all(main.get(key) is not None for key in _CAPTURE_RECORD_KEYS) and not any(
        main.get(key) is not None for key in _TOOL_KEYS
    ):
        return "a capture record (flowlint capture), not a definition"
    if all(main.get(key) is not None for key in _CAPTURE_METRICS_KEYS) and not isinstance(main.get("tools"), SObject):
        return "a capture run's metrics (flowlint capture), not a definition"
    return None


_PY_CODE = ("def ", "async def ", "class ")


def classify(module: ParsedModule, suffix: str) -> tuple[LoadStatus, str, SObject | None]:
    """(status, reason, main): what a parsed file is, and its `main` object when it is a definition."""
    main = module.exports.get("main")
    if isinstance(main, SObject):
        capture = capture_file(main)
        if capture is not None:
            return LoadStatus.SKIPPED, capture, None
        tools = main.get("tools")
        if isinstance(tools, SArray) and all(isinstance(item, SScalar) for item in tools.items):
            # An agent manifest lists tool ids; an array of tool objects is a definition the runtime
            # refuses (VAL016: tools must be an object).
            return LoadStatus.SKIPPED, "an agent manifest (main.tools is a list of tool ids)", None
        if suffix == ".json" and not any(main.get(key) is not None for key in _DEFINITION_KEYS):
            # Any JSON object is `main` to the loader; package.json and friends are not definitions.
            return (
                LoadStatus.SKIPPED,
                "not a tool definition: a JSON object without namespace, tools or resources",
                None,
            )
        return LoadStatus.DEFINITION, "", main
    if suffix == ".json" and main is not None and not _holds_definitions(main):
        what = "an array" if isinstance(main, SArray) else "a single value"
        return LoadStatus.SKIPPED, f"not a tool definition: a JSON file holding {what}", None
    if main is not None:
        if suffix == ".py" and isinstance(main, NonStatic) and main.source.lstrip().startswith(_PY_CODE):
            # `def main():` is a script's entry point, not a definition (FlowMCP never loads Python).
            return LoadStatus.SKIPPED, "not a tool definition: a Python script (`main` is a function)", None
        if isinstance(main, NonStatic):
            return (
                LoadStatus.BAD_MAIN,
                (
                    f"main must be an object literal; flowlint reads definitions without running "
                    f"them and cannot evaluate `{shorten(main.source, 40)}` ({main.reason})"
                ),
                None,
            )
        return LoadStatus.BAD_MAIN, "main must be an object literal", None
    for name, description in _OTHER_KINDS:
        if name in module.exports:
            return LoadStatus.SKIPPED, f"not a tool definition: {description}", None
    where = {".py": "no module-level `main = {...}`", ".json": "no `main` object"}.get(
        suffix, "no `export const main = {...}`"
    )
    return LoadStatus.SKIPPED, f"not a tool definition: {where}", None


# Project files that are JSON (or JSONC) by convention and never FlowMCP definitions.
_PROJECT_JSON = (
    "package.json",
    "package-lock.json",
    "composer.json",
    "composer.lock",
    "tsconfig*.json",
    "jsconfig*.json",
    ".eslintrc.json",
    ".prettierrc.json",
    ".babelrc.json",
    "deno.json",
    "turbo.json",
    "lerna.json",
    "nx.json",
    "vercel.json",
    "renovate.json",
    "biome.json",
    "settings.json",
    "launch.json",
    "tasks.json",
    "extensions.json",
    "devcontainer.json",
    ".devcontainer.json",
)


def ordinary_json(data: bytes, path: Path) -> str | None:
    """Why a `.json` file that is not strict JSON is still no definition (so it is skipped, not a syntax
    error): JSON with comments or trailing commas (JSONC) that is no definition, or a project file named
    as one (`tsconfig.json`, `package.json`...). None when it may be a definition with a syntax error."""
    import fnmatch

    from flowlint.formats.json import parse_json, relax_jsonc

    relaxed = relax_jsonc(data)
    if relaxed is not None:
        module = parse_json(relaxed)
        if not module.problems and module.internal_error is None:
            status, reason, _ = classify(module, ".json")
            if status is LoadStatus.SKIPPED:
                return f"{reason} (JSON with comments or trailing commas)"
            return None  # a definition: FlowMCP reads strict JSON, so its comments are errors
    if any(fnmatch.fnmatch(path.name.lower(), pattern) for pattern in _PROJECT_JSON):
        return f"not a tool definition: {path.name} is a project file"
    return None


def _holds_definitions(main: SNode) -> bool:
    """Whether a JSON root that is not an object still looks like definitions (an array of them)."""
    if isinstance(main, SObject):
        return True
    if isinstance(main, SArray):
        return any(
            isinstance(item, SObject) and any(item.get(key) is not None for key in _DEFINITION_KEYS)
            for item in main.items
        )
    return False


def load_paths(paths: Iterable[Path], exclude: Iterable[str] = ()) -> list[LoadedFile]:
    """Every file under `paths` (see `discover`), loaded; then each folder the walk could not read, as
    an `UNREADABLE` entry (see `unwalkable`). Raises `UsageError` for a missing path."""
    return load_found(discover(paths, exclude))


def load_found(found: Discovery) -> list[LoadedFile]:
    """The files a walk found, loaded; then each folder it could not read (see `unwalkable`)."""
    return [load_file(file) for file in found.files] + [unwalkable(problem) for problem in found.problems]


def unwalkable(problem: Unwalkable) -> LoadedFile:
    """A folder the walk could not read, as a load result: `UNREADABLE` (kind `error`, FL006 when linted)."""
    return LoadedFile(problem.path, display_path(problem.path), b"", LoadStatus.UNREADABLE, problem.reason)
