"""LST001-LST011: shared-list files (`_lists/*.mjs`, `export const list`), as 03-shared-lists defines them.

A list is `{ meta: { name, version, description, fields: [ { key, type, description, optional? } ],
dependsOn? }, entries: [ {...} ] }`. Lists are flat: field types are string, number and boolean; an
optional field may be missing or null. Checks that need the other lists (unique names, dependsOn)
use the `_lists/` folder the file is in.

Each rule is in its own module of this folder (and `rules/fl/` for FL codes); this module holds what they share.
"""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.nodes import SArray, SObject, SScalar, string_value
from flowlint.definition.sharedlists import SharedList
from flowlint.lint.rule import MARK, Example, ListContext

FIELD_TYPES: dict[str, type | tuple[type, ...]] = {"string": str, "number": (int, float), "boolean": bool}


PATH = "_lists/example.mjs"  # a module in a `_lists/` folder is read as a list


IN_SAMPLES = "sample_schemas/_lists/example.mjs"  # beside the repository's sample list `evmChains`


def list_example(meta: str = "", entries: str = "", mark: str = "") -> str:
    """A shared list; `mark` ("meta" or "entries"): an expected finding starts at that block's bracket."""
    meta = meta or (
        "name: 'stablecoins', version: '1.0.0', description: 'USD stablecoins',\n"
        "        fields: [ { key: 'symbol', type: 'string', description: 'Ticker' },"
        " { key: 'decimals', type: 'number', description: 'Token decimals' },"
        " { key: 'bridged', type: 'boolean', optional: true, description: 'A bridged token' } ]"
    )
    entries = entries or "{ symbol: 'USDC', decimals: 6 }, { symbol: 'DAI', decimals: 18, bridged: false }"
    at_meta, at_entries = (MARK if mark == "meta" else ""), (MARK if mark == "entries" else "")
    return f"export const list = {{\n    meta: {at_meta}{{\n        {meta}\n    }},\n    entries: {at_entries}[ {entries} ]\n}}\n"


GOOD = Example(list_example(), path=PATH)


def list_meta(ctx: ListContext) -> SObject | None:
    meta = ctx.node.get("meta") if isinstance(ctx.node, SObject) else None
    return meta if isinstance(meta, SObject) else None


def meta_fields(ctx: ListContext) -> list[tuple[str, str | None, bool]]:
    """(key, type, optional) of each well-formed `meta.fields` entry."""
    meta = list_meta(ctx)
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


def list_entries(ctx: ListContext) -> Iterator[tuple[int, SObject]]:
    entries = ctx.node.get("entries") if isinstance(ctx.node, SObject) else None
    for index, item in enumerate(entries.items if isinstance(entries, SArray) else ()):
        if isinstance(item, SObject):
            yield index, item


def list_depends(ctx: ListContext) -> list[tuple[SObject, str | None, str | None]]:
    meta = list_meta(ctx)
    depends = meta.get("dependsOn") if meta is not None else None
    return [
        (item, string_value(item.get("ref")), string_value(item.get("version")))
        for item in (depends.items if isinstance(depends, SArray) else ())
        if isinstance(item, SObject)
    ]


def chain(start: str, lists: dict[str, SharedList]) -> tuple[list[str] | None, int]:
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


def dependency_chain(ctx: ListContext) -> tuple[SObject, str, list[str] | None, int] | None:
    """For LST010 and LST011: the list's meta block and name, a dependency cycle through it (or None) and
    its longest dependency chain, with its own `dependsOn` as written among the lists beside it. None
    when the list has no meta block or no name."""
    meta = list_meta(ctx)
    name = string_value(meta.get("name")) if meta is not None else None
    if meta is None or not name:
        return None
    _folder, lists = ctx.resolver.lists_beside(ctx.path)
    known = {shared.name: shared for shared in lists}
    known[name] = SharedList(name, ctx.path, (), None, tuple(ref for _item, ref, _version in list_depends(ctx) if ref))
    cycle, depth = chain(name, known)
    return meta, name, cycle, depth
