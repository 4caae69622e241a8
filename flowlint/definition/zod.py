"""The z engine: FlowMCP's `z: { primitive, options }` parsed into a spec, and values checked against it.

Semantics follow the FlowMCP specification where it speaks and the reference runtime (zod 3) where it
is silent: no coercion, enum values are strings, `array()` holds strings, `default()` implies
`optional()`, `regex()` is enforced. Shared by TST004, capture and the MCP mock.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from enum import StrEnum
from typing import Any

from flowlint.core.jsvalues import js_length, js_number, js_number_value, js_parse_float, js_parse_int, js_repr
from flowlint.core.nodes import HOLE, json_type
from flowlint.core.record import DeclaredRecord, FrozenRecord, replace

PRIMITIVES = ("string", "number", "boolean", "enum", "array", "object")
KNOWN_OPTIONS = ("min", "max", "length", "optional", "default", "regex")

_CALL = re.compile(r"^\s*([A-Za-z_]\w*)\s*\((.*)\)\s*$", re.DOTALL)
_SEVERAL_CALLS = re.compile(r"[A-Za-z_]\w*\([^()]*\)")
_LIST_REF = re.compile(r"^\{\{\s*([A-Za-z_][\w-]*)\s*:\s*([A-Za-z_][\w-]*)\s*\}\}$")
_NUMBER_TEXT = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")


class ZFact(StrEnum):
    """What a z block says, where the runtime reads it otherwise, refuses it or flowlint cannot use it.

    The z engine records facts only; each rule turns the facts it owns (`Rule.z_facts`) into findings,
    with their messages, severities, consequences and fixes: VAL044 the primitive, VAL046 enum values,
    VAL045 the items of z.options, FL012 the options themselves, FL005 a pattern flowlint cannot check."""

    # z.primitive
    PRIMITIVE_NOT_TEXT = "primitive-not-text"  # not a string: ZodBuilder throws
    PRIMITIVE_NOT_CALL = "primitive-not-call"  # 'string': built as string()
    PRIMITIVE_UNKNOWN = "primitive-unknown"  # 'int()': built as string()
    PRIMITIVE_ARGUMENTS = "primitive-arguments"  # 'string(5)': the argument is ignored
    PRIMITIVE_READ_AS = "primitive-read-as"  # ' number()': the runtime's prefix match reads another primitive
    # enum(...) values
    ENUM_UNCLOSED = "enum-unclosed"  # enum(a,b: ZodBuilder throws "Invalid enum type"
    ENUM_NO_VALUES = "enum-no-values"
    ENUM_ARRAY = "enum-array"  # enum(['a','b'])
    ENUM_SPACES = "enum-spaces"
    ENUM_EMPTY_VALUE = "enum-empty-value"
    ENUM_REPEATED = "enum-repeated"
    # the items of z.options
    OPTION_HOLE = "option-hole"
    OPTION_NOT_TEXT = "option-not-text"  # not a string: ZodBuilder throws
    OPTION_SEVERAL = "option-several"  # several calls in one string: the runtime applies the first
    # one option
    OPTION_NOT_CALL = "option-not-call"
    OPTION_READ_AS = "option-read-as"  # ' optional()': the runtime's prefix match misses it
    OPTION_UNKNOWN = "option-unknown"
    OPTION_NOT_APPLICABLE = "option-not-applicable"  # min() on boolean(): ZodBuilder throws
    BOUND_IGNORED = "bound-ignored"  # min(x): parseFloat gives NaN, which zod ignores
    BOUND_READ_AS = "bound-read-as"  # min(10abc): parseFloat reads min(10)
    LENGTH_IGNORED = "length-ignored"  # length(x): parseInt gives NaN, which zod ignores
    LENGTH_READ_AS = "length-read-as"  # length(3.5): parseInt reads length(3)
    LENGTH_NEGATIVE = "length-negative"  # length(-1): no value has that length
    OPTIONAL_ARGUMENT = "optional-argument"  # optional(true)
    REGEX_SLASHES = "regex-slashes"  # regex(/a/): the slashes are part of the pattern
    REGEX_INVALID = "regex-invalid"  # new RegExp() throws
    REGEX_UNCHECKED = "regex-unchecked"  # valid JavaScript that flowlint cannot translate
    DEFAULT_QUOTED = "default-quoted"  # default('x'): the quotes are part of the value
    DEFAULT_MISFIT = "default-misfit"  # a default the primitive refuses
    CONSTRAINT_AFTER_WRAPPER = "constraint-after-wrapper"  # min() after optional()/default() (3.x throws)


# The facts after which the block cannot validate values: the parameter is reported once and its test
# values are not checked again (no TST004 cascade).
BREAKING_FACTS = frozenset(
    {
        ZFact.PRIMITIVE_NOT_TEXT,
        ZFact.ENUM_UNCLOSED,
        ZFact.ENUM_NO_VALUES,
        ZFact.ENUM_ARRAY,
        ZFact.OPTION_NOT_TEXT,
        ZFact.LENGTH_NEGATIVE,
    }
)


class ZNote(DeclaredRecord):
    """One fact about a z block, and what it is about: `option_index` names the option (None: the
    primitive); `written` is the primitive or option text as written. The other fields hold what the fact
    needs; each fact's producer in this module says which."""

    fact: ZFact
    option_index: int | None = None
    written: str = ""
    # The text that the runtime reads as the author meant, where one exists (a fix writes it).
    replacement: str | None = None
    name: str = ""  # the option's or primitive's name
    argument: str = ""  # its argument as written
    items: tuple[str, ...] = ()  # the calls in one string, the enum values, the repeated values...
    reason: str = ""  # why: a regex syntax error, the default's mismatch, the wrapper a constraint follows...
    value: object = None  # the default's value, a non-string primitive or option
    quoted: bool = False  # a default's mismatch comes from its quotes
    optional_last: bool = False  # optional() follows default()

    @property
    def broken(self) -> bool:
        return self.fact in BREAKING_FACTS


class ListRef(FrozenRecord):
    """`enum({{list:field}})`: enum values taken from a field of a shared list."""

    __slots__ = ("field", "name")

    name: str
    field: str

    def __init__(self, name: str, field: str) -> None:
        self.name = name
        self.field = field


class ZSpec(FrozenRecord):
    """A parsed z block."""

    __slots__ = (
        "default",
        "default_refused",
        "enum_values",
        "has_default",
        "kind",
        "length",
        "list_ref",
        "max",
        "min",
        "notes",
        "optional",
        "pattern",
        "primitive_text",
        "regex",
    )
    _not_compared = frozenset({"notes"})

    kind: str
    primitive_text: str
    enum_values: tuple[str, ...] | None
    list_ref: ListRef | None
    min: float | None
    max: float | None
    length: int | None
    optional: bool
    has_default: bool
    default: object
    # The default does not fit, so the runtime refuses a call that omits the parameter (under 3.x unless
    # optional() follows default(); under 4.x always): it stays a required input of the MCP tool.
    default_refused: bool
    regex: str | None
    pattern: re.Pattern[str] | None
    notes: tuple[ZNote, ...]  # what the rules report (ZFact)

    def __init__(
        self,
        kind: str,
        primitive_text: str,
        enum_values: tuple[str, ...] | None = None,
        list_ref: ListRef | None = None,
        min: float | None = None,
        max: float | None = None,
        length: int | None = None,
        optional: bool = False,
        has_default: bool = False,
        default: object = None,
        default_refused: bool = False,
        regex: str | None = None,
        pattern: re.Pattern[str] | None = None,
        notes: tuple[ZNote, ...] = (),
    ) -> None:
        self.kind = kind
        self.primitive_text = primitive_text
        self.enum_values = enum_values
        self.list_ref = list_ref
        self.min = min
        self.max = max
        self.length = length
        self.optional = optional
        self.has_default = has_default
        self.default = default
        self.default_refused = default_refused
        self.regex = regex
        self.pattern = pattern
        self.notes = notes

    @property
    def required(self) -> bool:
        return not (self.optional or self.has_default)

    @property
    def broken(self) -> bool:
        return any(note.broken for note in self.notes)

    def describe(self) -> str:
        """The primitive and its constraints as written, e.g. `number() with min(1), max(250)`."""
        parts = []
        if self.min is not None:
            parts.append(f"min({js_number(self.min)})")
        if self.max is not None:
            parts.append(f"max({js_number(self.max)})")
        if self.length is not None:
            parts.append(f"length({self.length})")
        if self.regex is not None:
            parts.append(f"regex({self.regex})")
        return self.primitive_text + (" with " + ", ".join(parts) if parts else "")


# --------------------------------------------------------------------------- parsing


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
        # One fact explains the primitive: what the runtime's prefix match reads it as.
        notes[:] = [note for note in notes if note.option_index is not None]
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
    if kind == "enum" and enum_values is None and list_ref is None:
        # enum() without values: one defect, stated once with the values(...) option it names.
        notes[:] = [
            note
            for note in notes
            if not (
                note.option_index is not None
                and note.fact is not ZFact.OPTION_SEVERAL
                and isinstance(options[note.option_index], str)
                and str(options[note.option_index]).strip().startswith("values(")
            )
        ]
    _constraints_after_wrappers(options, notes)
    default_index = spec.pop("_default_index", None)
    optional_index = spec.pop("_optional_index", None)
    built = ZSpec(
        kind=kind,
        primitive_text=primitive_text,
        enum_values=enum_values,
        list_ref=list_ref,
        notes=tuple(notes),
        **spec,
    )
    if built.has_default and not built.broken and built.list_ref is None:
        problem = validate(built.default, built)
        if problem is not None:
            quoted = [note for note in notes if note.fact is ZFact.DEFAULT_QUOTED]
            if quoted:  # one fact that explains both: the quotes are why the default does not fit
                notes.remove(quoted[0])
            # The 3.x runtime applies options in order: optional() after default() wraps the default, so an
            # omitted value passes as undefined and the default is never applied. 4.x sorts optional() first.
            optional_last = (
                isinstance(optional_index, int) and isinstance(default_index, int) and optional_index > default_index
            )
            notes.append(
                ZNote(
                    fact=ZFact.DEFAULT_MISFIT,
                    option_index=default_index if isinstance(default_index, int) else None,
                    written=str(options[default_index]) if isinstance(default_index, int) else "",
                    replacement=quoted[0].replacement if quoted else None,
                    reason=problem,
                    value=built.default,
                    quoted=bool(quoted),
                    optional_last=optional_last,
                )
            )
            built = replace(built, notes=tuple(notes), default_refused=not optional_last)
    return built


# The options the runtime implements as zod methods of the inner type (ZodOptional/ZodDefault lack them).
_CONSTRAINTS = ("min(", "max(", "length(", "regex(")


def _constraints_after_wrappers(options: list[object], notes: list[ZNote]) -> None:
    """A constraint written after optional() or default(): the 3.x runtime applies options in order and
    throws on it; 4.x re-orders them. Not stated for an option another fact is already about."""
    wrapper: str | None = None
    noted = {note.option_index for note in notes}
    for index, option in enumerate(options):
        text = option if isinstance(option, str) else ""
        if text.startswith(("optional(", "default(")):
            wrapper = wrapper or text
        elif wrapper is not None and text.startswith(_CONSTRAINTS) and index not in noted:
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
        values_option = next((o for o in options if isinstance(o, str) and o.strip().startswith("values(")), None)
        notes.append(ZNote(fact=ZFact.ENUM_NO_VALUES, written=text, argument=values_option or ""))
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
    duplicates = tuple(sorted({v for v in values if v and values.count(v) > 1}))
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
    spec["regex"] = option.arg
    if len(option.arg) >= 2 and option.arg.startswith("/") and option.arg.rstrip("dgimsuyv").endswith("/"):
        inner = option.arg[1 : option.arg.rstrip("dgimsuyv").rindex("/")]
        notes.append(option.note(ZFact.REGEX_SLASHES, replacement=f"regex({inner})"))
    invalid = js_regex_syntax_error(option.arg)
    compiled, error = compile_js_regex(option.arg) if invalid is None else (None, invalid)
    if invalid is not None:
        notes.append(option.note(ZFact.REGEX_INVALID, reason=invalid))
    elif compiled is None:
        notes.append(option.note(ZFact.REGEX_UNCHECKED, reason=error))
    spec["pattern"] = compiled


_QUANTIFIER = re.compile(r"\{(\d+)(,(\d*))?\}")
_GROUP_PREFIX = re.compile(r"\((?!\?)|\(\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>)")


def js_regex_syntax_error(pattern: str) -> str | None:
    """Why `new RegExp(pattern)` (no flags, so Annex B syntax) throws, or None when it compiles.

    Checks what makes JavaScript refuse a pattern: an unclosed class or group, an unmatched `)`, an
    unknown `(?` group, a quantifier with nothing to repeat, a reversed class range or `{n,m}` bounds.
    JavaScript reads `[]` and `[^]` as classes and an unknown escape as its letter, unlike Python."""
    depth = 0
    repeatable = False  # whether the last item can take a quantifier
    index = 0
    while index < len(pattern):
        char = pattern[index]
        problem: str | None = None
        if char == "\\":
            if index + 1 == len(pattern):
                return "\\ at end of pattern"
            repeatable = pattern[index + 1] not in "bB"  # \b and \B are assertions: nothing to repeat
            index += 2
        elif char == "[":
            index, problem = _js_class_end(pattern, index)
            repeatable = True
        elif char == "(":
            group = _GROUP_PREFIX.match(pattern, index)
            problem = "invalid group" if group is None else None
            depth, repeatable, index = depth + 1, False, group.end() if group else index
        elif char == ")":
            problem = "unmatched ')'" if depth == 0 else None
            depth, repeatable, index = depth - 1, True, index + 1
        elif char in "*+?{" and (quantified := _js_quantifier(pattern, index)) is not None:
            problem = None if repeatable else "nothing to repeat"
            index, repeatable = quantified
            problem = problem or (None if index >= 0 else "numbers out of order in {} quantifier")
        else:
            repeatable = char not in "|^$"
            index += 1
        if problem is not None:
            return problem
    return "unterminated group" if depth else None


def _js_quantifier(pattern: str, index: int) -> tuple[int, bool] | None:
    """(the index after the quantifier at `index`, False), with -1 as the index when its `{n,m}` bounds are
    reversed; None where `{` starts no quantifier (Annex B reads it as a letter)."""
    if pattern[index] == "{":
        bounds = _QUANTIFIER.match(pattern, index)
        if bounds is None:
            return None
        low, high = bounds.group(1), bounds.group(3)
        if high and int(high) < int(low):
            return -1, False
        end = bounds.end()
    else:
        end = index + 1
    return end + (1 if pattern.startswith("?", end) else 0), False  # `?` after it: a lazy quantifier


def _js_class_end(pattern: str, start: int) -> tuple[int, str | None]:
    """The index after the class that starts at `start`, and the problem that makes it invalid."""
    index = start + 2 if pattern.startswith("[^", start) else start + 1  # a negation is no class member
    previous: str | None = None  # the last single character, for ranges
    while index < len(pattern):
        char = pattern[index]
        if char == "]":
            return index + 1, None
        if char == "\\":
            escaped = pattern[index + 1 : index + 2]
            if not escaped:
                return index + 1, "\\ at end of pattern"
            previous = escaped if escaped and not escaped.isalnum() else None
            index += 2
            continue
        if char == "-" and previous is not None and index + 1 < len(pattern) and pattern[index + 1] != "]":
            upper = pattern[index + 1]
            step = 2
            if upper == "\\":  # an escaped upper bound: an identity escape stands for its letter
                escaped = pattern[index + 2 : index + 3]
                upper = escaped if escaped and escaped not in "dDsSwWbcxu0123456789" else ""
                step = 3
            if upper and ord(upper) < ord(previous):
                return index, "range out of order in character class"
            index += step
            previous = None
            continue
        previous = char
        index += 1
    return index, "unterminated character class"


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


_REGEX_CACHE: dict[str, tuple[re.Pattern[str] | None, str]] = {}

# JavaScript's \s: Unicode white space and line terminators (Python's, with re.ASCII, is ASCII only).
_JS_SPACE = "\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff"


def _js_semantics(source: str) -> str:
    """Rewrite the parts of a JavaScript pattern that Python reads differently (no flags, as the runtime's
    `new RegExp(text)`): `$` matches only at the very end (Python's also before a final newline), and `\\s`,
    `\\S` are Unicode white space."""
    out: list[str] = []
    in_class = False
    index = 0
    while index < len(source):
        char = source[index]
        if char == "\\" and index + 1 < len(source):
            escaped = source[index + 1]
            if escaped == "s":
                out.append(_JS_SPACE if in_class else f"[{_JS_SPACE}]")
            elif escaped == "S" and not in_class:
                out.append(f"[^{_JS_SPACE}]")
            else:
                out.append(source[index : index + 2])
            index += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "$":
            out.append("\\Z")  # the very end of the text
            index += 1
            continue
        out.append(char)
        index += 1
    return "".join(out)


def compile_js_regex(source: str) -> tuple[re.Pattern[str] | None, str]:
    """Compile a JavaScript `RegExp` source (no flags) for Python; returns (pattern, error)."""
    cached = _REGEX_CACHE.get(source)
    if cached is not None:
        return cached
    translated = re.sub(r"\(\?<([A-Za-z_]\w*)>", r"(?P<\1>", _js_semantics(source))
    translated = re.sub(r"\\k<([A-Za-z_]\w*)>", r"(?P=\1)", translated)
    try:
        result: tuple[re.Pattern[str] | None, str] = (re.compile(translated, re.ASCII), "")
    except re.error as error:
        result = (None, f"Python's re says: {error.msg}")
    except (RecursionError, OverflowError, ValueError) as error:
        result = (None, str(error))
    _REGEX_CACHE[source] = result
    return result


# --------------------------------------------------------------------------- validation


def validate(value: object, spec: ZSpec, list_values: tuple[str, ...] | None = None) -> str | None:
    """Check one value; returns None when it passes, else what is wrong and how to fix it.

    `list_values` are the resolved values of a shared-list enum; None means unresolved, in which
    case membership is not checked.
    """
    if value is None:
        return "got null; FlowMCP rejects null even for optional parameters: omit the key instead"
    return _VALIDATORS[spec.kind](value, spec, list_values)


def _validate_string(value: object, spec: ZSpec, _list_values: tuple[str, ...] | None) -> str | None:
    if not isinstance(value, str):
        return f"{_expects(spec)}, got {json_type(value)} {js_repr(value)}" + _quote_hint(value)
    return _check_length(value, spec, "characters") or _check_regex(value, spec)


def _validate_number(value: object, spec: ZSpec, _list_values: tuple[str, ...] | None) -> str | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        hint = ""
        if isinstance(value, str) and _NUMBER_TEXT.match(value.strip()):
            hint = f"; write {value.strip()} without quotes"
        return f"{_expects(spec)}, got {json_type(value)} {js_repr(value)}{hint}"
    if isinstance(value, float) and math.isnan(value):  # zod 3's number() rejects NaN, accepts Infinity
        return f"{_expects(spec)}, got {js_repr(value)}"
    if spec.min is not None and value < spec.min:
        return f"{_expects(spec)}, got {js_number(value)}, below min({js_number(spec.min)})"
    if spec.max is not None and value > spec.max:
        return f"{_expects(spec)}, got {js_number(value)}, above max({js_number(spec.max)})"
    return None


def _validate_boolean(value: object, spec: ZSpec, _list_values: tuple[str, ...] | None) -> str | None:
    if isinstance(value, bool):
        return None
    hint = ""
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        hint = f"; write {value.strip().lower()} without quotes"
    return f"{_expects(spec)}, got {json_type(value)} {js_repr(value)}{hint}"


def _validate_enum(value: object, spec: ZSpec, list_values: tuple[str, ...] | None) -> str | None:
    values = spec.enum_values if spec.list_ref is None else list_values
    if not isinstance(value, str):
        text = js_repr(value) if not isinstance(value, (int, float)) else js_number(value)
        if values is not None and text in values and not isinstance(value, bool):
            return f"{_expects(spec)}, got number {text}; enum values are strings: write '{text}'"
        return f"{_expects(spec)}, got {json_type(value)} {js_repr(value)}; enum values are strings"
    if values is not None and value not in values:
        return f"{_expects(spec)}, got {js_repr(value)}{_closest(value, values)}"
    return None


def _validate_array(value: object, spec: ZSpec, _list_values: tuple[str, ...] | None) -> str | None:
    if not isinstance(value, list):
        hint = "; wrap it in an array: [ " + js_repr(value) + " ]" if isinstance(value, str) else ""
        return f"{_expects(spec)}, got {json_type(value)} {js_repr(value)}{hint}"
    for position, item in enumerate(value):
        if not isinstance(item, str):
            return (
                f"{_expects(spec)}: array() holds strings, but item {position} is "
                f"{json_type(item)} {js_repr(item)}" + _quote_hint(item)
            )
    return _check_length(value, spec, "items")


def _validate_object(value: object, spec: ZSpec, _list_values: tuple[str, ...] | None) -> str | None:
    if isinstance(value, dict):  # a plain object, never an array
        return None
    return f"{_expects(spec)}, got {json_type(value)} {js_repr(value)}; object() takes a plain object {{ ... }}"


_VALIDATORS: dict[str, Callable[[object, ZSpec, tuple[str, ...] | None], str | None]] = {
    "string": _validate_string,
    "number": _validate_number,
    "boolean": _validate_boolean,
    "enum": _validate_enum,
    "array": _validate_array,
    "object": _validate_object,
}


def _expects(spec: ZSpec) -> str:
    if spec.kind == "enum":
        if spec.list_ref is not None:
            return f"expects a value of {spec.primitive_text}"
        shown = ",".join(spec.enum_values or ())
        return f"expects one of enum({shown})"
    return f"expects {spec.describe()}"


def _check_length(value: str | list[object], spec: ZSpec, unit: str) -> str | None:
    size = len(value) if isinstance(value, list) else js_length(value)
    if spec.length is not None and size != spec.length:
        return f"{_expects(spec)}, got {size} {unit}; length({spec.length}) needs exactly {spec.length}"
    if spec.kind in ("string", "array"):  # zod's string and array min()/max() count characters or items
        if spec.min is not None and size < spec.min:
            return f"{_expects(spec)}, got {size} {unit}, fewer than min({js_number(spec.min)})"
        if spec.max is not None and size > spec.max:
            return f"{_expects(spec)}, got {size} {unit}, more than max({js_number(spec.max)})"
    return None


def _check_regex(value: str, spec: ZSpec) -> str | None:
    if spec.pattern is not None and spec.pattern.search(value) is None:
        return f"{js_repr(value)} does not match regex({spec.regex})"
    return None


def _quote_hint(value: object) -> str:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"; quote it: '{js_number(value)}'"
    if isinstance(value, bool):
        return f"; quote it: '{js_repr(value)}'"
    return ""


def _closest(value: str, values: tuple[str, ...]) -> str:
    import difflib

    lowered = {v.lower(): v for v in values}
    if value.lower() in lowered:
        return f"; enum values are case-sensitive: write '{lowered[value.lower()]}'"
    close = difflib.get_close_matches(value, list(values), n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""
