"""Keeping what people wrote: merge a generated schema with the schema a tool already declares.

Descriptions, enums, formats, types and `nullable` of the existing schema are kept. Where the captured
data contradicts what is declared (a `number` where `string` is declared, a value outside the enum, a
string that is not of the format), the declaration is kept and the contradiction is an error note: the
schema is never widened to fit the data (the tool's output is then not rewritten, and `flowlint verify`
reports the drift). Keywords outside FlowMCP's subset are removed (each one reported). Properties that
no capture has are kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

from flowlint.core.severity import Severity
from flowlint.schema.notes import Note
from flowlint.schema.subset import FORMAT_CHECKS, SUBSET_KEYWORDS, SUBSET_TYPES, json_equal

__all__ = ["merge_existing", "sanitize", "where"]

_IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


def where(path: Sequence[str]) -> str:
    """A JSON path for notes: `$.items[].id`, `$['odd key']`."""
    return "$" + "".join(
        "[]" if part == "[]" else (f".{part}" if _IDENTIFIER.match(part) else f"[{part!r}]") for part in path
    )


def _values_at(sample: Any, path: Sequence[str]) -> Iterator[Any]:
    """Every value at `path` in one sample (`[]` steps into every array item)."""
    if not path:
        yield sample
        return
    head, rest = path[0], path[1:]
    if head == "[]":
        if isinstance(sample, list):
            for item in sample:
                yield from _values_at(item, rest)
    elif isinstance(sample, dict) and head in sample:
        yield from _values_at(sample[head], rest)


def _all_values(samples: Sequence[Any], path: Sequence[str]) -> Iterator[Any]:
    for sample in samples:
        yield from _values_at(sample, path)


def _removed(key: str, path: Sequence[str]) -> Note:
    return Note(Severity.WARNING, f"removed `{key}` from the existing schema (not in FlowMCP's subset)", where(path))


def sanitize(node: Any, path: tuple[str, ...], notes: list[Note]) -> Any:
    """An existing subtree kept as is, minus keywords outside the subset (each one reported)."""
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key not in SUBSET_KEYWORDS:
            notes.append(_removed(key, path))
        elif key == "properties" and isinstance(value, dict):
            out[key] = {name: sanitize(child, (*path, name), notes) for name, child in value.items()}
        elif key == "items":
            out[key] = sanitize(value, (*path, "[]"), notes)
        else:
            out[key] = value
    return out


def merge_existing(
    new: dict[str, Any], old: Any, path: tuple[str, ...], samples: Sequence[Any], notes: list[Note]
) -> dict[str, Any]:
    """`new` (generated) merged with `old` (declared) at `path`; `samples` are the captured data. The
    keys keep the declared order (what the file wrote stays where it was), new ones after them."""
    merged = _merge(new, old, path, samples, notes)
    if not isinstance(old, dict):
        return merged
    ordered = {key: merged[key] for key in old if key in merged}
    ordered.update(merged)
    return ordered


def _merge(
    new: dict[str, Any], old: Any, path: tuple[str, ...], samples: Sequence[Any], notes: list[Note]
) -> dict[str, Any]:
    if not isinstance(old, dict):
        if old is not None:
            notes.append(Note(Severity.WARNING, "existing schema node is not an object; replaced", where(path)))
        return new
    out = dict(new)
    if isinstance(old.get("description"), str) and old["description"]:
        out["description"] = old["description"]
    notes.extend(_removed(key, path) for key in old if key not in SUBSET_KEYWORDS)
    old_type, new_type = old.get("type"), new.get("type")
    if old_type in SUBSET_TYPES and _only_nulls_captured(new, samples, path):
        kept: dict[str, Any] = dict(sanitize(old, path, []))
        kept["nullable"] = True
        return kept
    if old_type is not None and old_type not in SUBSET_TYPES:
        notes.append(
            Note(
                Severity.WARNING,
                f"declared type {old_type!r} is not in FlowMCP's subset; using the captures",
                where(path),
            )
        )
        return out
    if old_type is not None and old_type != new_type:
        seen = new_type if new_type is not None else "several types"
        notes.append(
            Note(
                Severity.ERROR,
                f"declared type {old_type!r} but the captures have {seen}: the declaration is kept, not widened "
                f"(correct it by hand, or the API; `flowlint verify` reports this drift)",
                where(path),
            )
        )
        kept_node: dict[str, Any] = dict(sanitize(old, path, []))
        return kept_node
    if old.get("nullable") is True and not out.get("nullable"):
        out["nullable"] = True
    elif out.get("nullable") and old.get("nullable") is not True and old_type is not None:
        # null is the one value a declaration takes on without a contradiction: APIs send it for "none"
        notes.append(Note(Severity.INFO, f"null captured where {old_type!r} is declared; marked nullable", where(path)))
    if new_type == "string" and isinstance(old.get("format"), str):
        _merge_format(out, old["format"], path, samples, notes)
    if isinstance(old.get("enum"), list):
        _merge_enum(out, old["enum"], path, samples, notes)
    _merge_children(out, new, old, path, samples, notes)
    return out


def _only_nulls_captured(new: dict[str, Any], samples: Sequence[Any], path: tuple[str, ...]) -> bool:
    """The generated node is the `string, nullable` stand-in for a field whose every value was null."""
    return (
        new.get("type") == "string"
        and bool(new.get("nullable"))
        and all(value is None for value in _all_values(samples, path))
    )


def _merge_format(
    out: dict[str, Any], fmt: str, path: tuple[str, ...], samples: Sequence[Any], notes: list[Note]
) -> None:
    check = FORMAT_CHECKS.get(fmt)
    if check is None:
        notes.append(Note(Severity.WARNING, f"format {fmt!r} is not in FlowMCP's subset; dropped", where(path)))
        return
    bad = next((v for v in _all_values(samples, path) if isinstance(v, str) and not check(v)), None)
    if bad is not None:
        notes.append(
            Note(
                Severity.ERROR,
                f"declared format {fmt!r} but {_short(bad)} was captured: the format is kept (flowlint verify "
                "reports this drift)",
                where(path),
            )
        )
    out["format"] = fmt


_MISSING = object()


def _merge_enum(
    out: dict[str, Any], allowed: list[Any], path: tuple[str, ...], samples: Sequence[Any], notes: list[Note]
) -> None:
    outside: object = next(
        (v for v in _all_values(samples, path) if v is not None and not any(json_equal(v, a) for a in allowed)),
        _MISSING,
    )
    if outside is not _MISSING:
        notes.append(
            Note(
                Severity.ERROR,
                f"declared enum does not contain {_short(outside)}, which was captured: the enum is kept "
                "(flowlint verify reports this drift)",
                where(path),
            )
        )
    out["enum"] = list(allowed)


def _merge_children(
    out: dict[str, Any],
    new: dict[str, Any],
    old: dict[str, Any],
    path: tuple[str, ...],
    samples: Sequence[Any],
    notes: list[Note],
) -> None:
    new_type = new.get("type")
    if new_type == "object" and "properties" in new:
        out["properties"] = _merge_properties(new["properties"], old.get("properties"), path, samples, notes)
    elif new_type == "array" and "items" in new:
        out["items"] = merge_existing(new["items"], old.get("items"), (*path, "[]"), samples, notes)
    elif new_type == "array" and "items" in old:
        out["items"] = sanitize(old["items"], (*path, "[]"), notes)


def _merge_properties(
    new: dict[str, Any], old: Any, path: tuple[str, ...], samples: Sequence[Any], notes: list[Note]
) -> dict[str, Any]:
    """Declared properties first, in their order (merged, or kept when no capture has them), then new ones."""
    old_props: dict[str, Any] = old if isinstance(old, dict) else {}
    merged: dict[str, Any] = {}
    for key, declared in old_props.items():
        if key in new:
            merged[key] = merge_existing(new[key], declared, (*path, key), samples, notes)
        else:
            notes.append(
                Note(
                    Severity.INFO,
                    "kept from the existing schema; not present in any captured response",
                    where((*path, key)),
                )
            )
            merged[key] = sanitize(declared, (*path, key), notes)
    for key, child in new.items():
        if key not in merged:
            merged[key] = child
    return merged


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
