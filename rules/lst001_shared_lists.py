"""LST001-LST011: shared-list files (`_lists/*.mjs`, `export const list`), as 03-shared-lists defines them.

A list is `{ meta: { name, version, description, fields: [ { key, type, description, optional? } ],
dependsOn? }, entries: [ {...} ] }`. Lists are flat: field types are string, number and boolean; an
optional field may be missing or null. Checks that need the other lists (unique names, dependsOn)
use the `_lists/` folder the file is in.
"""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SArray, SObject, Span, SScalar, string_value, type_name
from flowlint.core.severity import Severity
from flowlint.definition.sharedlists import SharedList
from flowlint.definition.specversion import SEMVER
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, ListContext, Rule

FIELD_TYPES: dict[str, type | tuple[type, ...]] = {"string": str, "number": (int, float), "boolean": bool}
MAX_DEPENDENCY_DEPTH = 3
_PATH = "_lists/example.mjs"  # a module in a `_lists/` folder is read as a list
_IN_SAMPLES = "sample_schemas/_lists/example.mjs"  # beside the repository's sample list `evmChains`


def _list(meta: str = "", entries: str = "") -> str:
    meta = meta or (
        "name: 'stablecoins', version: '1.0.0', description: 'USD stablecoins',\n"
        "        fields: [ { key: 'symbol', type: 'string', description: 'Ticker' },"
        " { key: 'decimals', type: 'number', description: 'Token decimals' },"
        " { key: 'bridged', type: 'boolean', optional: true, description: 'A bridged token' } ]"
    )
    entries = entries or "{ symbol: 'USDC', decimals: 6 }, { symbol: 'DAI', decimals: 18, bridged: false }"
    return f"export const list = {{\n    meta: {{\n        {meta}\n    }},\n    entries: [ {entries} ]\n}}\n"


_GOOD = Example(_list(), path=_PATH)


def _meta(ctx: ListContext) -> SObject | None:
    meta = ctx.node.get("meta") if isinstance(ctx.node, SObject) else None
    return meta if isinstance(meta, SObject) else None


def _fields(ctx: ListContext) -> list[tuple[str, str | None, bool]]:
    """(key, type, optional) of each well-formed `meta.fields` entry."""
    meta = _meta(ctx)
    fields = meta.get("fields") if meta is not None else None
    found = []
    for item in fields.items if isinstance(fields, SArray) else ():
        if isinstance(item, SObject) and string_value(item.get("key")):
            optional = item.get("optional")
            found.append(
                (
                    str(string_value(item.get("key"))),
                    string_value(item.get("type")),
                    isinstance(optional, SScalar) and optional.value is True,
                )
            )
    return found


def _entries(ctx: ListContext) -> Iterator[tuple[int, SObject]]:
    entries = ctx.node.get("entries") if isinstance(ctx.node, SObject) else None
    for index, item in enumerate(entries.items if isinstance(entries, SArray) else ()):
        if isinstance(item, SObject):
            yield index, item


class ListExport(Rule):
    code = Code.LST001
    target = "list"
    name = "list-export"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "A list file must export `list` (an object)"
    why = "The runtime imports `list` from every module of the list registry (`_lists/`)."
    fix = "Write `export const list = { meta: { ... }, entries: [ ... ] }`."
    VALID = [_GOOD]
    INVALID = [
        Example("export const chains = { meta: {}, entries: [] }\n", (Expect(1, 1, "exports no `list`"),), path=_PATH)
    ]

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        if ctx.node is None:
            yield self.finding(
                "this module in _lists/ exports no `list`: write export const list = { ... }", Span(0, 0)
            )
        elif not isinstance(ctx.node, (SObject, NonStatic)):
            yield self.finding(f"list must be an object {{ meta, entries }}, got {type_name(ctx.node)}", ctx.node.span)


class ListName(Rule):
    code = Code.LST002
    target = "list"
    name = "list-name"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "list.meta.name is required and unique in the registry"
    why = "Definitions reference lists by name; two lists of one name are a version conflict (03-shared-lists)."
    fix = "Give the list a unique camelCase name: `name: 'evmChains'`."
    VALID = [_GOOD]
    INVALID = [
        Example(
            _list(
                meta="version: '1.0.0', description: 'x', fields: [ { key: 'a', type: 'string', description: 'A' } ]",
                entries="{ a: 'x' }",
            ),
            (Expect(2, 11, "meta.name is required"),),
            path=_PATH,
        ),
        Example(
            _list().replace("name: 'stablecoins'", "name: 'evmChains'"),
            (Expect(3, 15, "another list in this registry is named 'evmChains'"),),
            path=_IN_SAMPLES,
            title="a name taken by another list",
        ),
    ]

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        meta = _meta(ctx)
        if meta is None:
            return
        node = meta.get("name")
        name = string_value(node)
        if not name:
            yield self.finding("list.meta.name is required: a camelCase string", node.span if node else meta.span)
            return
        assert node is not None
        _folder, lists = ctx.resolver.lists_beside(ctx.path)
        others = [other for other in lists if other.name == name and other.path.resolve() != ctx.path.resolve()]
        if others:
            yield self.finding(
                f"another list in this registry is named '{name}' ({others[0].path.name}): names must be unique",
                node.span,
            )


class ListVersion(Rule):
    code = Code.LST003
    target = "list"
    name = "list-version"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "list.meta.version is required and must be a semantic version"
    why = "Definitions pin the version they were written against; the runtime compares it exactly."
    fix = "Write `version: '1.0.0'` and bump it when entries or fields change."
    VALID = [_GOOD]
    INVALID = [
        Example(
            _list().replace("version: '1.0.0'", "version: '1.0'"),
            (Expect(3, 39, "meta.version '1.0' is not a semantic version"),),
            path=_PATH,
        )
    ]

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        meta = _meta(ctx)
        if meta is None:
            return
        node = meta.get("version")
        version = string_value(node)
        if version is None:
            yield self.finding("list.meta.version is required, such as '1.0.0'", node.span if node else meta.span)
        elif node is not None and not SEMVER.match(version):
            yield self.finding(f"list.meta.version '{version}' is not a semantic version (such as '1.0.0')", node.span)


class ListFields(Rule):
    code = Code.LST004
    target = "list"
    name = "list-fields"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "list.meta.fields is required and a non-empty array"
    why = "Fields declare each entry's keys and types; definitions reference them in enum({{list:field}})."
    fix = "Write `fields: [ { key: 'symbol', type: 'string', description: 'Ticker' } ]`."
    VALID = [_GOOD]
    INVALID = [
        Example(
            _list(
                meta="name: 'stablecoins', version: '1.0.0', description: 'x', fields: []", entries="{ symbol: 'USDC' }"
            ),
            (Expect(3, 74, "meta.fields must be a non-empty array"),),
            path=_PATH,
        )
    ]

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        meta = _meta(ctx)
        if meta is None:
            if isinstance(ctx.node, SObject):
                yield self.finding("list.meta is required: { name, version, description, fields }", ctx.node.span)
            return
        fields = meta.get("fields")
        if not (isinstance(fields, SArray) and fields.items) and not isinstance(fields, NonStatic):
            yield self.finding("list.meta.fields must be a non-empty array", fields.span if fields else meta.span)


class FieldShape(Rule):
    code = Code.LST005
    target = "list"
    name = "list-field-shape"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "Each field has key, type (string, number or boolean) and description"
    why = "Lists are flat by design: only the three primitive types; the description documents the column."
    fix = "Write `{ key: 'decimals', type: 'number', description: 'Token decimals' }`."
    VALID = [_GOOD]
    INVALID = [
        Example(
            _list(
                meta="name: 'stablecoins', version: '1.0.0', description: 'x', fields: [ { key: 'chains', type: 'array' } ]",
                entries="{ chains: [] }",
            ),
            (Expect(3, 76, "field 'chains'"),),
            path=_PATH,
        )
    ]

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        meta = _meta(ctx)
        fields = meta.get("fields") if meta is not None else None
        for index, item in enumerate(fields.items if isinstance(fields, SArray) else ()):
            if not isinstance(item, SObject):
                yield self.finding(f"meta.fields[{index}] must be an object {{ key, type, description }}", item.span)
                continue
            name = string_value(item.get("key")) or f"#{index}"
            problems = [key for key in ("key", "description") if not string_value(item.get(key))]
            kind = string_value(item.get("type"))
            if kind not in FIELD_TYPES:
                problems.append(f"type ('{kind}' is not string, number or boolean)" if kind else "type")
            if problems:
                yield self.finding(f"field '{name}' needs " + ", ".join(problems), item.span)


class ListEntries(Rule):
    code = Code.LST006
    target = "list"
    name = "list-entries"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "list.entries is required and a non-empty array"
    why = "An empty list resolves every enum({{list:field}}) to no values."
    fix = "Add the entries."
    VALID = [_GOOD]
    INVALID = [Example(_list(entries=" "), (Expect(6, 14, "list.entries must be a non-empty array"),), path=_PATH)]

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        if not isinstance(ctx.node, SObject):
            return
        entries = ctx.node.get("entries")
        if not (isinstance(entries, SArray) and entries.items) and not isinstance(entries, NonStatic):
            yield self.finding("list.entries must be a non-empty array", entries.span if entries else ctx.node.span)


class EntryComplete(Rule):
    code = Code.LST007
    target = "list"
    name = "list-entry-fields"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "Each entry has every field that is not optional"
    why = "Definitions filter and read entries by field; a missing required field breaks them (03-shared-lists)."
    fix = "Add the field to the entry, or mark it `optional: true` in meta.fields."
    VALID = [_GOOD]
    INVALID = [
        Example(
            _list(entries="{ symbol: 'USDC', decimals: 6 }, { symbol: 'DAI' }"),
            (Expect(6, 49, "entry 1 has no 'decimals'"),),
            path=_PATH,
        )
    ]

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        required = [key for key, kind, optional in _fields(ctx) if not optional and kind in FIELD_TYPES]
        for index, entry in _entries(ctx):
            missing = [key for key in required if entry.get(key) is None]
            if missing:
                yield self.finding(
                    f"entry {index} has no " + ", ".join(f"'{key}'" for key in missing) + " (required fields)",
                    entry.span,
                )


class EntryTypes(Rule):
    code = Code.LST008
    target = "list"
    name = "list-entry-types"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "Entry values match their field's declared type"
    why = "A chainId declared as number must be a number in every entry: '1' is rejected (03-shared-lists)."
    fix = "Write the value in the declared type (1, not '1'), or change the field's type."
    VALID = [_GOOD]
    INVALID = [
        Example(
            _list(entries="{ symbol: 'USDC', decimals: '6' }"),
            (Expect(6, 44, "entry 0: 'decimals' is declared number, got string"),),
            path=_PATH,
        )
    ]

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        declared = {key: (kind, optional) for key, kind, optional in _fields(ctx) if kind in FIELD_TYPES}
        for index, entry in _entries(ctx):
            for item in entry.entries:
                if item.key not in declared or isinstance(item.value, NonStatic):
                    continue
                kind, optional = declared[item.key]
                assert kind is not None
                value = item.value.value if isinstance(item.value, SScalar) else item.value
                if value is None and optional:
                    continue
                expected = FIELD_TYPES[kind]
                if not isinstance(value, expected) or (kind == "number" and isinstance(value, bool)):
                    yield self.finding(
                        f"entry {index}: '{item.key}' is declared {kind}, got {type_name(item.value)}", item.value.span
                    )


def _depends(ctx: ListContext) -> list[tuple[SObject, str | None, str | None]]:
    meta = _meta(ctx)
    depends = meta.get("dependsOn") if meta is not None else None
    return [
        (item, string_value(item.get("ref")), string_value(item.get("version")))
        for item in (depends.items if isinstance(depends, SArray) else ())
        if isinstance(item, SObject)
    ]


class DependsResolve(Rule):
    code = Code.LST009
    target = "list"
    name = "list-depends-on"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "meta.dependsOn references resolve to existing lists with matching versions"
    why = "The runtime validates dependencies before it makes the list available."
    fix = "Correct the ref and version, or add the list the dependency names."
    VALID = [_GOOD]
    INVALID = [
        Example(
            _list().replace(
                "description: 'USD stablecoins',",
                "description: 'USD stablecoins', dependsOn: [ { ref: 'isoCountryCodes', version: '1.0.0' } ],",
            ),
            (Expect(3, 93, "dependsOn names 'isoCountryCodes'"),),
            path=_IN_SAMPLES,
        )
    ]

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        folder, lists = ctx.resolver.lists_beside(ctx.path)
        if folder is None:
            return
        by_name = {shared.name: shared for shared in lists}
        for item, ref, version in _depends(ctx):
            target = by_name.get(ref or "")
            if target is None:
                yield self.finding(f"dependsOn names '{ref}', which is no list in this registry", item.span)
            elif version is not None and target.version != version:
                yield self.finding(
                    f"dependsOn asks for '{ref}' {version}, but the list is version {target.version}", item.span
                )


def _chain(start: str, lists: dict[str, SharedList]) -> tuple[list[str] | None, int]:
    """(a dependency cycle through `start`, or None; the longest dependency chain below `start`)."""
    best = 0
    stack: list[tuple[str, list[str]]] = [(start, [start])]
    while stack:
        name, path = stack.pop()
        best = max(best, len(path) - 1)
        for ref in lists[name].depends_on if name in lists else ():
            if ref == start:
                return [*path, ref], best
            if ref not in path and len(path) < 16:
                stack.append((ref, [*path, ref]))
    return None, best


class DependsCycle(Rule):
    code = Code.LST010
    target = "list"
    name = "list-depends-cycle"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "List dependencies must not be circular"
    why = "A cycle can never be resolved."
    fix = "Remove one of the dependencies in the cycle."
    VALID = [_GOOD]
    INVALID = [
        Example(
            _list()
            .replace("name: 'stablecoins'", "name: 'loop'")
            .replace(
                "description: 'USD stablecoins',",
                "description: 'Loop', dependsOn: [ { ref: 'loop', version: '1.0.0' } ],",
            ),
            (Expect(2, 11, "list 'loop' depends on itself: loop -> loop"),),
            path=_PATH,
        )
    ]

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        meta = _meta(ctx)
        name = string_value(meta.get("name")) if meta is not None else None
        if meta is None or not name:
            return
        _folder, lists = ctx.resolver.lists_beside(ctx.path)
        known = {shared.name: shared for shared in lists}
        own = [ref for _item, ref, _version in _depends(ctx) if ref]
        known[name] = SharedList(name, ctx.path, (), None, tuple(own))
        cycle, _depth = _chain(name, known)
        if cycle is not None:
            yield self.finding(f"list '{name}' depends on itself: " + " -> ".join(cycle), meta.span)


class DependsDepth(Rule):
    code = Code.LST011
    target = "list"
    name = "list-depends-depth"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = f"List dependencies are at most {MAX_DEPENDENCY_DEPTH} levels deep"
    why = "03-shared-lists caps dependency chains so that lists stay simple to resolve."
    fix = "Flatten the chain: depend on the list that holds the data directly."
    VALID = [_GOOD]
    INVALID = [
        Example(
            _list()
            .replace("name: 'stablecoins'", "name: 'a'")
            .replace(
                "description: 'USD stablecoins',", "description: 'A', dependsOn: [ { ref: 'b', version: '1.0.0' } ],"
            ),
            (Expect(2, 11, "4 levels deep"),),
            path="tests/fixtures/list_chain/_lists/a.mjs",
            title="beside the lists b -> c -> d -> e of tests/fixtures/list_chain/_lists/",
        )
    ]

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        meta = _meta(ctx)
        name = string_value(meta.get("name")) if meta is not None else None
        if meta is None or not name:
            return
        _folder, lists = ctx.resolver.lists_beside(ctx.path)
        known = {shared.name: shared for shared in lists}
        known[name] = SharedList(name, ctx.path, (), None, tuple(ref for _i, ref, _v in _depends(ctx) if ref))
        cycle, depth = _chain(name, known)
        if cycle is None and depth > MAX_DEPENDENCY_DEPTH:
            yield self.finding(
                f"list '{name}' depends on lists {depth} levels deep; at most {MAX_DEPENDENCY_DEPTH} are allowed",
                meta.span,
            )
