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

from flowlint.core.consequence import Consequence
from flowlint.core.jsvalues import js_length, js_number, js_repr
from flowlint.core.nodes import HOLE, NonStatic, json_type
from flowlint.core.record import FrozenRecord
from flowlint.core.severity import Severity

PRIMITIVES = ("string", "number", "boolean", "enum", "array", "object")
KNOWN_OPTIONS = ("min", "max", "length", "optional", "default", "regex")

_CALL = re.compile(r"^\s*([A-Za-z_]\w*)\s*\((.*)\)\s*$", re.DOTALL)
_SEVERAL_CALLS = re.compile(r"[A-Za-z_]\w*\([^()]*\)")
_LIST_REF = re.compile(r"^\{\{\s*([A-Za-z_][\w-]*)\s*:\s*([A-Za-z_][\w-]*)\s*\}\}$")
_NUMBER_TEXT = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")

_PRIMITIVE_HINTS = {
    "int": "number()",
    "integer": "number()",
    "float": "number()",
    "double": "number()",
    "bigint": "number()",
    "bool": "boolean()",
    "str": "string()",
    "text": "string()",
    "list": "array()",
    "dict": "object()",
    "json": "object()",
    "date": "string()",
}


class ZProblem(StrEnum):
    """What kind of problem a z block has; the lint rules give each kind its code."""

    PRIMITIVE_TYPE = "primitive-type"  # z.primitive is missing or not a string
    PRIMITIVE = "primitive"  # not a call, unknown, or with arguments it does not take
    OPTION_ENTRY = "option-entry"  # an options item that is not one option string
    ENUM_VALUES = "enum-values"  # enum(...) values that are missing, malformed, repeated
    OPTION = "option"  # an unknown option, or one that does not fit the primitive
    REGEX_UNSUPPORTED = "regex-unsupported"  # a regex() Python cannot compile, so it is not checked


class ZIssue(FrozenRecord):
    """A problem in a z block. `option_index` is None when it is about the primitive itself.

    `broken` means the block cannot be used to validate values: the parameter is reported once
    and its test values are not checked again (no TST004 cascade).
    """

    __slots__ = (
        "broken",
        "consequence",
        "consequence_v4",
        "fix_safe",
        "kind",
        "message",
        "option_index",
        "replacement",
        "severity",
        "split",
    )

    kind: ZProblem
    severity: Severity
    message: str
    option_index: int | None
    broken: bool
    # The string to write instead of the option (or the primitive) as it is, for `check --fix`; `fix_safe`
    # when it keeps what the runtime does (see flowlint/lint/fixes.py).
    replacement: str | None
    fix_safe: bool
    split: tuple[str, ...]  # several options in one string: the items to write instead (unsafe)
    # What FlowMCP's runtime does with it (core/consequence.py): under 3.x, and under 4.x when that differs.
    consequence: Consequence
    consequence_v4: Consequence | None

    def __init__(
        self,
        kind: ZProblem,
        severity: Severity,
        message: str,
        option_index: int | None = None,
        broken: bool = False,
        replacement: str | None = None,
        fix_safe: bool = False,
        split: tuple[str, ...] = (),
        consequence: Consequence = Consequence.SPEC,
        consequence_v4: Consequence | None = None,
    ) -> None:
        self.kind = kind
        self.severity = severity
        self.message = message
        self.option_index = option_index
        self.broken = broken
        self.replacement = replacement
        self.fix_safe = fix_safe
        self.split = split
        self.consequence = consequence
        self.consequence_v4 = consequence_v4

    def consequence_for(self, generation: int) -> Consequence:
        """The consequence under the runtime of that generation (3 or 4)."""
        return self.consequence_v4 if generation == 4 and self.consequence_v4 is not None else self.consequence


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
        "issues",
        "kind",
        "length",
        "list_ref",
        "max",
        "min",
        "optional",
        "pattern",
        "primitive_text",
        "regex",
    )
    _not_compared = frozenset({"issues"})

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
    issues: tuple[ZIssue, ...]

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
        issues: tuple[ZIssue, ...] = (),
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
        self.issues = issues

    @property
    def required(self) -> bool:
        return not (self.optional or self.has_default)

    @property
    def broken(self) -> bool:
        return any(issue.broken for issue in self.issues)

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
    """Parse a z block; every problem becomes a `ZIssue` on the returned spec, never an exception.

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
    issues: list[ZIssue] = []
    if not isinstance(primitive, str):
        issues.append(
            ZIssue(
                ZProblem.PRIMITIVE_TYPE,
                Severity.ERROR,
                "z.primitive must be a string such as 'string()' or 'number()'; ZodBuilder calls "
                "primitive.startsWith() on it and throws, so FlowMCP builds no tool",
                broken=True,
                consequence=Consequence.NOT_BUILT,
            )
        )
        return ZSpec(kind="string", primitive_text=str(primitive), issues=tuple(issues))
    kind, enum_values, list_ref = _parse_primitive(primitive.strip(), issues, options)
    primitive_text = primitive.strip()
    runtime = runtime_primitive(primitive)
    if runtime != kind and not any(issue.kind is ZProblem.PRIMITIVE and issue.broken for issue in issues):
        issues[:] = [issue for issue in issues if issue.kind is not ZProblem.PRIMITIVE]
        written = f"enum({','.join(enum_values or ())})" if kind == "enum" else f"{kind}()"
        issues.append(
            ZIssue(
                ZProblem.PRIMITIVE,
                Severity.ERROR,
                "FlowMCP's runtime matches primitives by prefix ("
                + ("'enum(' at the very start" if kind == "enum" else f"'{kind}()' exactly, at the very start")
                + f"), so it reads '{primitive}' as {runtime}() and test values are checked as {runtime}(): "
                f"write '{written}'",
                replacement=written,
                consequence=Consequence.IGNORED,
            )
        )
        # Values are checked as the runtime builds the parameter (an enum read as string() takes any string).
        kind, enum_values, list_ref, primitive_text = runtime, None, None, f"{runtime}()"
    elif kind == "string" and not primitive_text.startswith("string()") and runtime == "string":
        primitive_text = "string()"  # an unknown primitive: the runtime builds string() (reported as VAL044)
    spec: dict[str, Any] = {}
    for index, option in enumerate(options):
        if option is HOLE:
            issues.append(
                ZIssue(
                    ZProblem.OPTION_ENTRY,
                    Severity.WARNING,
                    f"z.options[{index}] is an array hole; FlowMCP skips it, but it is "
                    "not valid data: remove the extra comma",
                    index,
                    consequence=Consequence.IGNORED,
                )
            )
            continue
        if not isinstance(option, str):
            shown = option.source if isinstance(option, NonStatic) else js_repr(option)
            issues.append(
                ZIssue(
                    ZProblem.OPTION_ENTRY,
                    Severity.ERROR,
                    f"z.options[{index}] must be a string such as 'optional()', got {shown}; ZodBuilder calls "
                    "option.startsWith() on it and throws, so FlowMCP builds no tool",
                    index,
                    broken=True,
                    consequence=Consequence.NOT_BUILT,
                )
            )
            continue
        calls = [option]
        if len(_SEVERAL_CALLS.findall(option)) > 1:
            calls = _SEVERAL_CALLS.findall(option)
            issues.append(
                ZIssue(
                    ZProblem.OPTION_ENTRY,
                    Severity.WARNING,
                    f"z.options[{index}] '{option}' holds {len(calls)} options in one string; FlowMCP's runtime "
                    f"applies only '{calls[0]}': write each as its own item: " + ", ".join(f"'{c}'" for c in calls),
                    index,
                    split=tuple(calls),
                    consequence=Consequence.IGNORED,
                )
            )
        _parse_option(calls[0] if len(calls) > 1 else option, index, kind, spec, issues)
    if kind == "enum" and enum_values is None and list_ref is None:
        # enum() without values: VAL046 says it once, naming a values(...) option; FL012 does not repeat it.
        issues[:] = [
            issue
            for issue in issues
            if not (
                issue.kind is ZProblem.OPTION
                and issue.option_index is not None
                and isinstance(options[issue.option_index], str)
                and str(options[issue.option_index]).strip().startswith("values(")
            )
        ]
    default_index = spec.pop("_default_index", None)
    optional_index = spec.pop("_optional_index", None)
    built = ZSpec(
        kind=kind,
        primitive_text=primitive_text,
        enum_values=enum_values,
        list_ref=list_ref,
        issues=tuple(issues),
        **spec,
    )
    if built.has_default and not built.broken and built.list_ref is None:
        problem = validate(built.default, built)
        if problem is not None:
            quoted = [i for i in issues if i.kind is ZProblem.OPTION and "the quotes become part" in i.message]
            hint = ""
            replacement = None
            if quoted:  # one finding that explains both: the quotes are why the default does not fit
                issues.remove(quoted[0])
                hint = " (the quotes are part of the value)"
                replacement = quoted[0].replacement
                if replacement is None:
                    problem += ", and no default() text gives that string: remove default()"
            elif isinstance(built.default, (bool, int, float)) and built.kind in ("enum", "string"):
                # default() cannot produce a string that looks like a number or a boolean: the runtime types it.
                problem = (
                    f"expects {'one of ' if built.kind == 'enum' else ''}{built.primitive_text}, but the runtime "
                    f"reads default({js_repr(built.default)}) as the {json_type(built.default)} "
                    f"{js_repr(built.default)}, which no default() text can make a string: remove default() and "
                    "let the API apply its own"
                )
            # The 3.x runtime applies options in order: optional() after default() wraps the default, so an
            # omitted value passes as undefined and the default is never applied. 4.x sorts optional() first.
            optional_last = (
                isinstance(optional_index, int) and isinstance(default_index, int) and optional_index > default_index
            )
            consequence = (
                "the 4.x runtime refuses every call that omits this parameter; the 3.x runtime, which applies "
                "optional() after default() here, lets it through and never applies the default"
                if optional_last
                else "every call that omits this parameter is refused"
            )
            issues.append(
                ZIssue(
                    ZProblem.OPTION,
                    Severity.ERROR,
                    f"the default value {js_repr(built.default)}{hint} does not fit: {problem}; {consequence}",
                    default_index if isinstance(default_index, int) else None,
                    replacement=replacement,
                    consequence=Consequence.IGNORED if optional_last else Consequence.CALL_REFUSED,
                    consequence_v4=Consequence.CALL_REFUSED,
                )
            )
            built = built.replace(issues=tuple(issues), default_refused=not optional_last)
    return built


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
    text: str, issues: list[ZIssue], options: list[object]
) -> tuple[str, tuple[str, ...] | None, ListRef | None]:
    match = _CALL.match(text)
    if match is None:
        issues.append(
            ZIssue(
                ZProblem.PRIMITIVE,
                Severity.ERROR,
                f"z.primitive '{text}' is not a call such as 'string()'; FlowMCP's runtime silently treats it as "
                "string(): use one of " + _primitive_list(),
                consequence=Consequence.IGNORED,
            )
        )
        return "string", None, None
    name, args = match.group(1), match.group(2)
    if name not in PRIMITIVES:
        hint = _PRIMITIVE_HINTS.get(name.lower())
        suggestion = f"use {hint}" if hint else "use one of " + _primitive_list()
        issues.append(
            ZIssue(
                ZProblem.PRIMITIVE,
                Severity.ERROR,
                f"unknown primitive '{text}'; FlowMCP's runtime silently treats it as string(): " + suggestion,
                consequence=Consequence.IGNORED,
            )
        )
        return "string", None, None
    if name != "enum":
        if args.strip():
            issues.append(
                ZIssue(
                    ZProblem.PRIMITIVE,
                    Severity.WARNING,
                    f"'{text}' takes no arguments; FlowMCP ignores '{args}': write '{name}()'",
                    consequence=Consequence.IGNORED,
                )
            )
        return name, None, None
    stripped = args.strip()
    list_match = _LIST_REF.match(stripped)
    if list_match:
        return "enum", None, ListRef(list_match.group(1), list_match.group(2))
    if not stripped:
        has_values_option = any(isinstance(o, str) and o.strip().startswith("values(") for o in options)
        extra = " (the values(...) option is not FlowMCP syntax)" if has_values_option else ""
        issues.append(
            ZIssue(
                ZProblem.ENUM_VALUES,
                Severity.ERROR,
                f"enum() has no values{extra}; FlowMCP's MCP tool accepts only the empty string, so every call "
                "with a real value is refused. List the values in the primitive: 'enum(usd,eur,gbp)'",
                broken=True,
                consequence=Consequence.CALL_REFUSED,
            )
        )
        return "enum", None, None
    if stripped.startswith("[") and stripped.endswith("]"):
        inner = [v.strip().strip("'\"") for v in stripped[1:-1].split(",")]
        runtime = ", ".join(f'"{v.strip()}"' for v in args.split(","))
        issues.append(
            ZIssue(
                ZProblem.ENUM_VALUES,
                Severity.ERROR,
                f"enum values are written as a JavaScript array; FlowMCP splits on commas and "
                f"reads {runtime}, so its MCP tool refuses every intended value: "
                f"write 'enum({','.join(v for v in inner if v)})'",
                broken=True,
                replacement=f"enum({','.join(v for v in inner if v)})",
                consequence=Consequence.CALL_REFUSED,
            )
        )
        return "enum", tuple(v for v in inner if v), None
    raw_values = args.split(",")
    values = tuple(v.strip() for v in raw_values)
    if any(v != v.strip() for v in raw_values if v.strip()):
        issues.append(
            ZIssue(
                ZProblem.ENUM_VALUES,
                Severity.WARNING,
                f"'{text}' has spaces around enum values; the specification forbids them: "
                f"write 'enum({','.join(v for v in values if v)})'",
                replacement=f"enum({','.join(values)})" if "" not in values else None,
                fix_safe=True,  # the runtime trims the values
                consequence=Consequence.SPEC,
            )
        )
    if "" in values:
        issues.append(
            ZIssue(
                ZProblem.ENUM_VALUES,
                Severity.WARNING,
                f"'{text}' has an empty value (an extra comma); FlowMCP accepts '' as a value: "
                f"write 'enum({','.join(v for v in values if v)})'",
                replacement=f"enum({','.join(v for v in values if v)})",
                consequence=Consequence.SPEC,
            )
        )
    duplicates = sorted({v for v in values if v and values.count(v) > 1})
    if duplicates:
        issues.append(
            ZIssue(
                ZProblem.ENUM_VALUES,
                Severity.WARNING,
                f"'{text}' lists {', '.join(repr(d) for d in duplicates)} more than once",
                consequence=Consequence.SPEC,
            )
        )
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

    def issue(
        self,
        message: str,
        severity: Severity = Severity.ERROR,
        replacement: str | None = None,
        safe: bool = False,
        consequence: Consequence = Consequence.IGNORED,
    ) -> ZIssue:
        return ZIssue(
            ZProblem.OPTION,
            severity,
            message,
            self.index,
            replacement=replacement,
            fix_safe=safe,
            consequence=consequence,
        )

    def does_not_apply(self, why: str) -> ZIssue:
        """The option cannot be applied to the primitive: ZodBuilder throws while building the tool."""
        return self.issue(
            f"'{self.text}' does not apply to {self.kind}(); {why}: ZodBuilder throws while building the tool, "
            "so FlowMCP serves no tool",
            consequence=Consequence.NOT_BUILT,
        )


def _parse_option(text: str, index: int, kind: str, spec: dict[str, Any], issues: list[ZIssue]) -> None:
    match = _CALL.match(text)
    if match is None:
        issues.append(
            ZIssue(
                ZProblem.OPTION,
                Severity.ERROR,
                f"option '{text}' is not a call such as 'optional()' or 'min(1)'; FlowMCP's runtime silently "
                "ignores it",
                index,
                consequence=Consequence.IGNORED,
            )
        )
        return
    option = _Option(match.group(1), match.group(2).strip(), text, index, kind, match.group(2))
    if option.name in _OPTION_PARSERS and not text.startswith(option.name + "("):
        issues.append(
            option.issue(
                f"FlowMCP's runtime reads options by prefix ('{option.name}(' at the very start), so it ignores "
                f"'{text}': write '{option.name}({option.arg})'",
                replacement=f"{option.name}({option.arg})",
            )
        )
        return
    parse = _OPTION_PARSERS.get(option.name)
    if parse is None:
        if option.name == "values" and kind == "enum":
            hint = f"put the values in the primitive: 'enum({','.join(_split_loose(option.arg))})'"
        else:
            hint = "known options are " + ", ".join(f"{o}()" for o in KNOWN_OPTIONS)
        issues.append(option.issue(f"unknown option '{text}'; FlowMCP's runtime silently ignores it: {hint}"))
        return
    parse(option, spec, issues)


def _option_bound(option: _Option, spec: dict[str, Any], issues: list[ZIssue]) -> None:
    """min(n), max(n): a number's value, a string's length or an array's item count (zod's meaning, which
    the runtime applies); repeated, every one applies, so the tightest wins."""
    number = _number_arg(option.arg)
    if number is None:
        issues.append(
            option.issue(
                f"'{option.text}' needs a number, e.g. '{option.name}(1)'; the runtime's bound is NaN, which every "
                "value fails",
                consequence=Consequence.CALL_REFUSED,
            )
        )
    elif option.kind in ("boolean", "enum", "object"):
        issues.append(option.does_not_apply("remove it"))
    else:
        previous = spec.get(option.name)
        tighter = max if option.name == "min" else min
        spec[option.name] = number if previous is None else tighter(previous, number)


def _option_length(option: _Option, spec: dict[str, Any], issues: list[ZIssue]) -> None:
    number = _number_arg(option.arg)
    if number is None or number < 0 or number != int(number):
        issues.append(
            option.issue(
                f"'{option.text}' needs a non-negative integer, e.g. 'length(42)'",
                consequence=Consequence.CALL_REFUSED,
            )
        )
    elif option.kind not in ("string", "array"):
        issues.append(option.does_not_apply("length() counts string characters or array items"))
    else:
        spec["length"] = int(number)


def _option_optional(option: _Option, spec: dict[str, Any], issues: list[ZIssue]) -> None:
    if option.arg:
        issues.append(
            option.issue(
                f"'{option.text}' takes no argument: write 'optional()'", Severity.WARNING, "optional()", safe=True
            )
        )
    spec["optional"] = True
    spec["_optional_index"] = option.index


def _option_regex(option: _Option, spec: dict[str, Any], issues: list[ZIssue]) -> None:
    if option.kind != "string":
        issues.append(option.does_not_apply("only string() takes regex()"))
        return
    spec["regex"] = option.arg
    if len(option.arg) >= 2 and option.arg.startswith("/") and option.arg.rstrip("dgimsuyv").endswith("/"):
        inner = option.arg[1 : option.arg.rstrip("dgimsuyv").rindex("/")]
        issues.append(
            option.issue(
                f"'{option.text}': the runtime builds new RegExp(text), so the slashes are part of the pattern "
                f"(a value would have to start with '/'): write 'regex({inner})'",
                Severity.WARNING,
                f"regex({inner})",
            )
        )
    invalid = js_regex_syntax_error(option.arg)
    compiled, error = compile_js_regex(option.arg) if invalid is None else (None, invalid)
    if invalid is not None:
        issues.append(
            option.issue(
                f"'{option.text}' is not a valid JavaScript regular expression ({invalid}); ZodBuilder's "
                "new RegExp() throws while building the tool, so FlowMCP serves no tool",
                consequence=Consequence.NOT_BUILT,
            )
        )
    elif compiled is None:
        issues.append(
            ZIssue(
                ZProblem.REGEX_UNSUPPORTED,
                Severity.WARNING,
                f"regex '{option.arg}' cannot be checked by flowlint ({error}); test values are not matched against it",
                option.index,
                consequence=Consequence.ADVICE,
            )
        )
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


def _option_default(option: _Option, spec: dict[str, Any], issues: list[ZIssue]) -> None:
    """default(v): the runtime guesses the type from the text."""
    arg = option.arg
    spec["has_default"] = True
    spec["_default_index"] = option.index
    if len(arg) >= 2 and arg[0] == arg[-1] and arg[0] in "'\"":
        inner = arg[1:-1]
        if isinstance(guess_default(inner), str) or option.kind in ("number", "boolean"):
            # Without the quotes the runtime reads the value as intended (a number() or boolean() default
            # whose quoted text does not fit is merged into the mismatch finding in _parse_z).
            issues.append(
                option.issue(
                    f"'{option.text}': the quotes become part of the default value ({arg}); write 'default({inner})'",
                    Severity.WARNING,
                    replacement=f"default({inner})",
                )
            )
        else:
            issues.append(
                option.issue(
                    f"'{option.text}': the quotes become part of the default value ({arg}), and without them the "
                    f"runtime reads default({inner}) as the {json_type(guess_default(inner))} {inner}, which "
                    f"{option.kind}() refuses: no default() text gives the string {inner}; remove default() and "
                    "let the API apply its own",
                    Severity.WARNING,
                )
            )
    spec["default"] = guess_default(option.raw_arg)


_OPTION_PARSERS: dict[str, Callable[[_Option, dict[str, Any], list[ZIssue]], None]] = {
    "min": _option_bound,
    "max": _option_bound,
    "length": _option_length,
    "optional": _option_optional,
    "regex": _option_regex,
    "default": _option_default,
}


# JavaScript's Number(text) after trimming: decimals, exponents, Infinity, and unsigned 0x/0o/0b integers.
_JS_DECIMAL = re.compile(r"[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|Infinity)\Z")
_JS_RADIX = re.compile(r"0([xX][0-9a-fA-F]+|[oO][0-7]+|[bB][01]+)\Z")
_JS_TRIM = (
    " \t\n\v\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
)


def js_number_value(text: str) -> float | int | None:
    """`Number(text)` as JavaScript computes it, or None where it is NaN (or the text is blank)."""
    stripped = text.strip(_JS_TRIM)
    if not stripped:
        return None
    radix = _JS_RADIX.match(stripped)
    if radix:
        return int(stripped, 0)
    if not _JS_DECIMAL.match(stripped):
        return None
    number = float(stripped)
    return int(number) if number.is_integer() and abs(number) < 2**53 else number


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


def _number_arg(text: str) -> float | None:
    if not _NUMBER_TEXT.match(text.strip()):
        return None
    return float(text)


def _split_loose(text: str) -> list[str]:
    return [part.strip().strip("'\"") for part in text.strip("[]").split(",") if part.strip().strip("'\"")]


def _primitive_list() -> str:
    return ", ".join(f"{p}()" for p in PRIMITIVES)


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
