"""The z parser: a `z: { primitive, options }` block read as FlowMCP's ZodBuilder reads it, into a `ZSpec`
and the facts (facts.py) the rules report. Never raises on what a definition holds."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from flowlint.core.jsregex import compile_js_regex, js_regex_syntax_error
from flowlint.core.jsvalues import js_number, js_number_value, js_parse_float, js_parse_int
from flowlint.core.nodes import HOLE
from flowlint.core.record import FrozenRecord, replace
from flowlint.definition.zod.facts import ZFact, ZNote
from flowlint.definition.zod.spec import PRIMITIVES, ListRef, ZSpec
from flowlint.definition.zod.validate import validate

__all__ = ["guess_default", "parse_z", "runtime_enum_values", "runtime_primitive", "split_loose"]

_CALL = re.compile(r"^\s*+([A-Za-z_]\w*+)\s*+\((.*)\)\s*$", re.DOTALL)
# A call starts at a word's first letter (the lookbehind) and its possessive quantifiers never give text
# back, so a scan of the option reads each character a bounded number of times (issue 28: an 80 KB option
# took 7 s, a 2 MB one an hour).
_SEVERAL_CALLS = re.compile(r"(?<!\w)[A-Za-z_]\w*+\([^()]*+\)")
_LIST_REF = re.compile(r"^\{\{\s*([A-Za-z_][\w-]*)\s*:\s*([A-Za-z_][\w-]*)\s*\}\}$")


_SPEC_CACHE: dict[tuple[str, tuple[str, ...]], ZSpec] = {}


def parse_z(primitive: object, options: list[object]) -> ZSpec:
    """Parse a z block; every fact the rules report becomes a `ZNote` on the returned spec, never an
    exception.

    Specs are immutable, so the common all-strings case is cached: a library repeats the same few
    z blocks thousands of times."""
    if isinstance(primitive, str) and all(type(option) is str for option in options):
        key = (primitive, tuple(str(option) for option in options))
        cached = _SPEC_CACHE.get(key)
        if cached is None:
            if len(_SPEC_CACHE) > 4096:
                _SPEC_CACHE.clear()
            cached = _SPEC_CACHE[key] = _parse_z(primitive, options)
        return cached
    return _parse_z(primitive, options)


def _parse_z(primitive: object, options: list[object]) -> ZSpec:
    notes: list[ZNote] = []
    if not isinstance(primitive, str):
        notes.append(ZNote(fact=ZFact.PRIMITIVE_NOT_TEXT, value=primitive))
        return ZSpec(kind="string", primitive_text=str(primitive), notes=tuple(notes))
    if runtime_primitive(primitive) == "enum" and ")" not in primitive:
        # ZodBuilder finds no `)` after `enum(` and throws "Invalid enum type": the tool is not built.
        notes.append(ZNote(fact=ZFact.ENUM_UNCLOSED, written=primitive))
        return ZSpec(kind="enum", primitive_text=primitive.strip(), notes=tuple(notes))
    kind, enum_values, list_ref = _parse_primitive(primitive.strip(), notes, options)
    primitive_text = primitive.strip()
    runtime = runtime_primitive(primitive)
    if runtime != kind and not any(note.broken for note in notes):
        # What the runtime's prefix match reads the primitive as (lint/ownership.py lets this fact stand for
        # the primitive's other facts).
        written = f"enum({','.join(enum_values or ())})" if kind == "enum" else f"{kind}()"
        notes.append(
            ZNote(fact=ZFact.PRIMITIVE_READ_AS, written=primitive, replacement=written, name=kind, reason=runtime)
        )
        # Values are checked as the runtime builds the parameter (an enum read as string() takes any string).
        kind, enum_values, list_ref, primitive_text = runtime, None, None, f"{runtime}()"
    elif kind == "string" and not primitive_text.startswith("string()") and runtime == "string":
        primitive_text = "string()"  # an unknown primitive: the runtime builds string() (reported as VAL044)
    spec: dict[str, Any] = {}
    for index, option in enumerate(options):
        if option is HOLE:
            notes.append(ZNote(fact=ZFact.OPTION_HOLE, option_index=index))
            continue
        if not isinstance(option, str):
            notes.append(ZNote(fact=ZFact.OPTION_NOT_TEXT, option_index=index, value=option))
            continue
        calls = _SEVERAL_CALLS.findall(option)
        if len(calls) > 1:
            notes.append(ZNote(fact=ZFact.OPTION_SEVERAL, option_index=index, written=option, items=tuple(calls)))
        _parse_option(calls[0] if len(calls) > 1 else option, index, kind, spec, notes)
    _constraints_after_wrappers(options, notes)
    default_index = spec.pop("_default_index", None)
    optional_index = spec.pop("_optional_index", None)
    # The 3.x runtime applies options in order: optional() after default() wraps the default, so an omitted
    # value passes as undefined and the default is never applied. 4.x sorts optional() first.
    optional_last = (
        isinstance(optional_index, int) and isinstance(default_index, int) and optional_index > default_index
    )
    built = ZSpec(
        kind=kind,
        primitive_text=primitive_text,
        enum_values=enum_values,
        list_ref=list_ref,
        notes=tuple(notes),
        optional_after_default=optional_last,
        **spec,
    )
    if built.has_default and not built.broken and built.list_ref is None:
        problem = validate(built.default, built)
        if problem is not None:
            # The quotes (DEFAULT_QUOTED, if stated) are then why the default does not fit: this fact says
            # both (lint/ownership.py lets it stand for the other).
            quoted = [note for note in notes if note.fact is ZFact.DEFAULT_QUOTED]
            notes.append(
                ZNote(
                    fact=ZFact.DEFAULT_MISFIT_OPTIONAL_LAST if optional_last else ZFact.DEFAULT_MISFIT,
                    option_index=default_index if isinstance(default_index, int) else None,
                    written=str(options[default_index]) if isinstance(default_index, int) else "",
                    replacement=quoted[0].replacement if quoted else None,
                    reason=problem,
                    value=built.default,
                    quoted=bool(quoted),
                    optional_last=optional_last,
                )
            )
            built = replace(built, notes=tuple(notes), default_misfit=True)
    return built


# The options the runtime implements as zod methods of the inner type (ZodOptional/ZodDefault lack them).
_CONSTRAINTS = ("min(", "max(", "length(", "regex(")


def _constraints_after_wrappers(options: list[object], notes: list[ZNote]) -> None:
    """A constraint written after optional() or default(): the 3.x runtime applies options in order and
    throws on it; 4.x re-orders them. (Another fact about the same option stands for it: lint/ownership.py.)"""
    wrapper: str | None = None
    for index, option in enumerate(options):
        text = option if isinstance(option, str) else ""
        if text.startswith(("optional(", "default(")):
            wrapper = wrapper or text
        elif wrapper is not None and text.startswith(_CONSTRAINTS):
            notes.append(
                ZNote(
                    fact=ZFact.CONSTRAINT_AFTER_WRAPPER,
                    option_index=index,
                    written=text,
                    name=text.split("(")[0],
                    reason=wrapper,
                )
            )


# The runtime's primitives, matched with `primitive.startsWith(prefix)` in this order (ZodBuilder).
_RUNTIME_PREFIXES = (
    ("string()", "string"),
    ("number()", "number"),
    ("boolean()", "boolean"),
    ("object()", "object"),
    ("enum(", "enum"),
    ("array()", "array"),
)


def runtime_enum_values(text: str) -> list[str]:
    """The values ZodBuilder gives `z.enum` for an `enum(...)` primitive: the text between the first `(`
    and the last `)`, split on commas and trimmed, never interpolated (`enum()` is [''])."""
    start, end = text.find("("), text.rfind(")")
    return [item.strip() for item in text[start + 1 : end].split(",")] if 0 <= start < end else []


def runtime_primitive(text: str) -> str:
    """The primitive FlowMCP's runtime builds for `text`: the first prefix that matches, else string()."""
    return next((kind for prefix, kind in _RUNTIME_PREFIXES if text.startswith(prefix)), "string")


def _parse_primitive(
    text: str, notes: list[ZNote], options: list[object]
) -> tuple[str, tuple[str, ...] | None, ListRef | None]:
    match = _CALL.match(text)
    if match is None:
        notes.append(ZNote(fact=ZFact.PRIMITIVE_NOT_CALL, written=text))
        return "string", None, None
    name, args = match.group(1), match.group(2)
    if name not in PRIMITIVES:
        notes.append(ZNote(fact=ZFact.PRIMITIVE_UNKNOWN, written=text, name=name, argument=args))
        return "string", None, None
    if name != "enum":
        if args.strip():
            notes.append(ZNote(fact=ZFact.PRIMITIVE_ARGUMENTS, written=text, name=name, argument=args))
        return name, None, None
    stripped = args.strip()
    list_match = _LIST_REF.match(stripped)
    if list_match:
        return "enum", None, ListRef(list_match.group(1), list_match.group(2))
    if not stripped:
        covers = tuple(i for i, o in enumerate(options) if isinstance(o, str) and o.strip().startswith("values("))
        values_option = str(options[covers[0]]) if covers else ""
        notes.append(ZNote(fact=ZFact.ENUM_NO_VALUES, written=text, argument=values_option, covers=covers))
        return "enum", None, None
    if stripped.startswith("[") and stripped.endswith("]"):
        inner = tuple(v for v in (v.strip().strip("'\"") for v in stripped[1:-1].split(",")) if v)
        notes.append(
            ZNote(
                fact=ZFact.ENUM_ARRAY,
                written=text,
                replacement=f"enum({','.join(inner)})",
                items=tuple(v.strip() for v in args.split(",")),  # what the runtime reads
            )
        )
        return "enum", inner, None
    raw_values = args.split(",")
    values = tuple(v.strip() for v in raw_values)
    meant = tuple(v for v in values if v)
    if any(v != v.strip() for v in raw_values if v.strip()):
        replacement = f"enum({','.join(values)})" if "" not in values else None
        notes.append(ZNote(fact=ZFact.ENUM_SPACES, written=text, replacement=replacement, items=meant))
    if "" in values:
        replacement = f"enum({','.join(meant)})"
        notes.append(ZNote(fact=ZFact.ENUM_EMPTY_VALUE, written=text, replacement=replacement, items=meant))
    counts = Counter(values)  # (values.count(v) for each v took time quadratic in the number of values)
    duplicates = tuple(sorted(v for v, count in counts.items() if v and count > 1))
    if duplicates:
        notes.append(ZNote(fact=ZFact.ENUM_REPEATED, written=text, items=duplicates))
    return "enum", tuple(dict.fromkeys(values)), None  # '' too: the runtime's z.enum accepts it


class _Option(FrozenRecord):
    """One option call being parsed: `name(arg)` as written (`text`), at `options[index]`."""

    __slots__ = ("arg", "index", "kind", "name", "raw_arg", "text")

    name: str
    arg: str
    text: str
    index: int
    kind: str
    raw_arg: str  # the argument exactly as written, unstripped (default() uses it as the runtime does)

    def __init__(self, name: str, arg: str, text: str, index: int, kind: str, raw_arg: str = "") -> None:
        self.name = name
        self.arg = arg
        self.text = text
        self.index = index
        self.kind = kind
        self.raw_arg = raw_arg

    def note(self, fact: ZFact, replacement: str | None = None, reason: str = "", items: tuple[str, ...] = ()) -> ZNote:
        return ZNote(
            fact=fact,
            option_index=self.index,
            written=self.text,
            replacement=replacement,
            name=self.name,
            argument=self.arg,
            items=items,
            reason=reason,
        )


def _parse_option(text: str, index: int, kind: str, spec: dict[str, Any], notes: list[ZNote]) -> None:
    match = _CALL.match(text)
    if match is None:
        notes.append(ZNote(fact=ZFact.OPTION_NOT_CALL, option_index=index, written=text))
        return
    option = _Option(match.group(1), match.group(2).strip(), text, index, kind, match.group(2))
    if option.name in _OPTION_PARSERS and not text.startswith(option.name + "("):
        notes.append(option.note(ZFact.OPTION_READ_AS, replacement=f"{option.name}({option.arg})"))
        return
    parse = _OPTION_PARSERS.get(option.name)
    if parse is None:
        notes.append(option.note(ZFact.OPTION_UNKNOWN, items=tuple(split_loose(option.arg))))
        return
    parse(option, spec, notes)


def _runtime_argument(option: _Option) -> str:
    """The text ZodBuilder reads as an option's argument: `option.slice( name.length + 1, -1 )`."""
    return option.text[len(option.name) + 1 : -1]


def _option_bound(option: _Option, spec: dict[str, Any], notes: list[ZNote]) -> None:
    """min(n), max(n): a number's value, a string's length or an array's item count (zod's meaning, which
    the runtime applies); repeated, every one applies, so the tightest wins. ZodBuilder reads the bound with
    `parseFloat`: `min(10abc)` is min(10), and a bound that is NaN (`min(abc)`, `max()`) zod ignores."""
    if option.kind in ("boolean", "enum", "object"):
        notes.append(option.note(ZFact.OPTION_NOT_APPLICABLE))  # ZodBuilder calls a method the type lacks
        return
    text = _runtime_argument(option)
    number = js_parse_float(text)
    if number is None:
        notes.append(option.note(ZFact.BOUND_IGNORED))
        spec["ignored_bounds"] = (*spec.get("ignored_bounds", ()), option.name)
        return
    if js_number_value(option.arg) != number:
        notes.append(option.note(ZFact.BOUND_READ_AS, replacement=f"{option.name}({js_number(number)})"))
    previous = spec.get(option.name)
    tighter = max if option.name == "min" else min
    spec[option.name] = number if previous is None else tighter(previous, number)


def _option_length(option: _Option, spec: dict[str, Any], notes: list[ZNote]) -> None:
    """length(n): ZodBuilder reads n with `parseInt` (`length(3.5)` is length(3)); NaN zod ignores, and a
    negative length no value has."""
    if option.kind not in ("string", "array"):
        notes.append(option.note(ZFact.OPTION_NOT_APPLICABLE))
        return
    number = js_parse_int(_runtime_argument(option))
    if number is None:
        notes.append(option.note(ZFact.LENGTH_IGNORED))
        spec["ignored_bounds"] = (*spec.get("ignored_bounds", ()), "length")
        return
    if number < 0:
        notes.append(option.note(ZFact.LENGTH_NEGATIVE))
    elif js_number_value(option.arg) != number:
        notes.append(option.note(ZFact.LENGTH_READ_AS, replacement=f"length({number})"))
    spec["length"] = number


def _option_optional(option: _Option, spec: dict[str, Any], notes: list[ZNote]) -> None:
    if option.arg:
        notes.append(option.note(ZFact.OPTIONAL_ARGUMENT, replacement="optional()"))
    spec["optional"] = True
    spec["_optional_index"] = option.index


def _option_regex(option: _Option, spec: dict[str, Any], notes: list[ZNote]) -> None:
    if option.kind != "string":
        notes.append(option.note(ZFact.OPTION_NOT_APPLICABLE))
        return
    spec["regex"] = pattern = _runtime_argument(option)  # `new RegExp( option.slice( 6, -1 ) )`, spaces kept
    if len(option.arg) >= 2 and option.arg.startswith("/") and option.arg.rstrip("dgimsuyv").endswith("/"):
        inner = option.arg[1 : option.arg.rstrip("dgimsuyv").rindex("/")]
        notes.append(option.note(ZFact.REGEX_SLASHES, replacement=f"regex({inner})"))
    invalid = js_regex_syntax_error(pattern)
    compiled, error = compile_js_regex(pattern) if invalid is None else (None, invalid)
    if invalid is not None:
        notes.append(option.note(ZFact.REGEX_INVALID, reason=invalid))
    elif compiled is None:
        notes.append(option.note(ZFact.REGEX_UNCHECKED, reason=error))
    spec["pattern"] = compiled


def _option_default(option: _Option, spec: dict[str, Any], notes: list[ZNote]) -> None:
    """default(v): the runtime guesses the type from the text."""
    arg = option.arg
    spec["has_default"] = True
    spec["_default_index"] = option.index
    if len(arg) >= 2 and arg[0] == arg[-1] and arg[0] in "'\"":
        inner = arg[1:-1]
        # Without the quotes the runtime reads the value as intended, unless it then reads a number or a
        # boolean that the primitive refuses (no default() text gives that string).
        fits = isinstance(guess_default(inner), str) or option.kind in ("number", "boolean")
        notes.append(option.note(ZFact.DEFAULT_QUOTED, replacement=f"default({inner})" if fits else None))
    spec["default"] = guess_default(option.raw_arg)


_OPTION_PARSERS: dict[str, Callable[[_Option, dict[str, Any], list[ZNote]], None]] = {
    "min": _option_bound,
    "max": _option_bound,
    "length": _option_length,
    "optional": _option_optional,
    "regex": _option_regex,
    "default": _option_default,
}


def guess_default(text: str) -> object:
    """The value FlowMCP's runtime derives from `default(text)`: a number where `Number(text)` is one
    (`0x10` is 16, `Infinity`), true/false for exactly `true`/`false`, else the text as written."""
    number = js_number_value(text)
    if number is not None:
        return number
    if text == "true":
        return True
    if text == "false":
        return False
    return text


def split_loose(text: str) -> list[str]:
    return [part.strip().strip("'\"") for part in text.strip("[]").split(",") if part.strip().strip("'\"")]
