"""A JavaScript pattern's syntax (`new RegExp(text)`, no flags: Annex B), read in one place: its escapes,
character classes, groups and quantifiers, for the syntax check and the RE2 translation (core/jsregex.py)
and the bounded matcher (core/jsbacktrack.py), which each walk what is read here."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from flowlint.core.record import FrozenRecord, Record

__all__ = [
    "DASH",
    "DIGIT_RANGES",
    "LINE_TERMINATORS",
    "PLAIN",
    "SPACE_RANGES",
    "UNKNOWN_NAME",
    "WORD_RANGES",
    "ClassRange",
    "Escape",
    "Group",
    "Groups",
    "class_items",
    "group_name",
    "in_units",
    "pieces",
    "read_class",
    "read_escape",
    "read_group",
    "read_groups",
    "read_quantifier",
    "units",
]

# A pattern's digits are ASCII (DecimalDigit): `\²` and `\٣` are identity escapes and `{٣}` is no
# quantifier, where str.isdigit() and `\d` would take them for digits.
_DECIMAL_DIGITS = frozenset("0123456789")
_QUANTIFIER = re.compile(r"\{([0-9]++)(,([0-9]*+))?+\}")
PLAIN = re.compile(r"[A-Za-z0-9_ ,:;'\"@#%&=<>!~`]++")  # characters that are no syntax anywhere in a pattern
_GROUP = re.compile(r"\((?!\?)|\(\?(?::|=|!|<=|<!|<([^>]*)(>?))")
_NAME_ESCAPE = re.compile(r"\\u(?:([0-9A-Fa-f]{4})|\{([0-9A-Fa-f]+)\})")
_NAME_PART_EXTRA = frozenset("$\u200c\u200d")  # besides ID_Continue: `$`, ZWNJ and ZWJ
_HEX = frozenset("0123456789abcdefABCDEF")
_CONTROL_ESCAPES = {"t": 0x09, "n": 0x0A, "v": 0x0B, "f": 0x0C, "r": 0x0D}

# The class escapes' code points (\d, \w, \s; \D, \W, \S are what lies outside them) and the line
# terminators that `.` does not match, as inclusive ranges.
DIGIT_RANGES = ((0x30, 0x39),)
WORD_RANGES = ((0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A))
SPACE_RANGES = (
    (0x09, 0x0D),
    (0x20, 0x20),
    (0xA0, 0xA0),
    (0x1680, 0x1680),
    (0x2000, 0x200A),
    (0x2028, 0x2029),
    (0x202F, 0x202F),
    (0x205F, 0x205F),
    (0x3000, 0x3000),
    (0xFEFF, 0xFEFF),
)
LINE_TERMINATORS = ((0x0A, 0x0A), (0x0D, 0x0D), (0x2028, 0x2029))


class Escape(FrozenRecord, slots=True):
    """The escape that ends before `end`. `kind` is `class` (`text` is d, D, w, W, s or S), `assertion` (b or
    B, outside a class), `char` (a character escape: \\n, \\cJ, \\x41, \\u0041, an octal escape or \\0, and
    \\b in a class: `text` is the character), `identity` (`text` stands for itself: \\., \\², Annex B's \\8
    and the backslash of a \\c that controls no letter), `backref` (`number`, the group's) or `error`
    (`text` is why JavaScript refuses it)."""

    kind: str
    text: str
    end: int
    number: int = 0


class Groups(Record, slots=True):
    """A pattern's capturing groups: how many, and the number of each name."""

    count: int
    names: dict[str, int]


class Group(FrozenRecord, slots=True):
    """The group that opens at a `(` and whose body starts at `end`: `kind` is `capture` (named when `name`
    is set), `plain` (`(?:`), `ahead`, `not ahead`, `behind` or `not behind` (the lookarounds), or `error`
    for a name JavaScript refuses (`problem` says why)."""

    kind: str
    end: int
    name: str | None = None
    problem: str = ""

    @property
    def capturing(self) -> bool:
        return self.kind == "capture"


_GROUP_KINDS = {"(?:": "plain", "(?=": "ahead", "(?!": "not ahead", "(?<=": "behind", "(?<!": "not behind"}


def read_group(source: str, index: int) -> Group | None:
    """The group that opens at `index` (a `(`); None where JavaScript knows no such group (`(?x`). A named
    group whose name JavaScript refuses is of kind `error`."""
    found = _GROUP.match(source, index)
    if found is None:
        return None
    text = found.group()
    if text == "(":
        return Group("capture", found.end())
    if found.group(1) is not None:
        name, problem = group_name(found.group(1)) if found.group(2) else (None, "invalid capture group name")
        return Group("capture", found.end(), name) if name is not None else Group("error", found.end(), problem=problem)
    return Group(_GROUP_KINDS[text], found.end())


def group_name(written: str) -> tuple[str | None, str]:
    """(the name, "") of a group name as written between `<` and `>`, its `\\u` escapes read, or (None,
    why JavaScript refuses it): a name is an identifier (ID_Start, `$` or `_`, then ID_Continue, `$`, ZWNJ
    or ZWJ; Python's `isidentifier` reads the XID forms of these Unicode properties)."""
    if "\\" in written:
        if any(int(a or b, 16) > 0x10FFFF for a, b in _NAME_ESCAPE.findall(written)):
            return None, "invalid Unicode escape"
        written = _NAME_ESCAPE.sub(lambda found: chr(int(found.group(1) or found.group(2), 16)), written)
    if not written or not (written[0] in "$_" or written[0].isidentifier()):
        return None, "invalid capture group name"
    if not all(char in _NAME_PART_EXTRA or f"a{char}".isidentifier() for char in written[1:]):
        return None, "invalid capture group name"
    return written, ""


def pieces(source: str) -> Iterator[tuple[int, str, bool]]:
    """(index, piece, whether it lies in a class) for each piece of a pattern: a run of characters that are no
    syntax (PLAIN), an escape (a backslash and the character after it) or one character; a class's `[` lies
    in it, its closing `]` does not."""
    in_class = False
    index = 0
    while index < len(source):
        if (run := PLAIN.match(source, index)) is not None:
            yield index, run.group(), in_class
            index = run.end()
            continue
        if source.startswith("\\", index) and index + 1 < len(source):
            yield index, source[index : index + 2], in_class
            index += 2
            continue
        char = source[index]
        in_class = char != "]" if in_class else char == "["
        yield index, char, in_class
        index += 1


@lru_cache(maxsize=64)
def read_groups(source: str) -> Groups:
    """The capturing groups of a pattern, outside classes and escapes (the first number of a repeated name):
    read once for the syntax check, the translation and the bounded matcher of a pattern. (Its `names` is
    shared: read it, never change it.)"""
    count = 0
    names: dict[str, int] = {}
    for index, piece, in_class in pieces(source):
        if piece == "(" and not in_class and (group := read_group(source, index)) is not None and group.capturing:
            count += 1
            if group.name is not None:
                names.setdefault(group.name, count)
    return Groups(count, names)


def read_quantifier(source: str, index: int) -> tuple[int, int, int] | None:
    """(low, high or -1, the index after it) of the `*`, `+`, `?`, `{n}`, `{n,}` or `{n,m}` at `index` (a
    lazy `?` after it is not read); None where none starts (Annex B reads such a `{` as a letter)."""
    char = source[index]
    if char == "*":
        return 0, -1, index + 1
    if char == "+":
        return 1, -1, index + 1
    if char == "?":
        return 0, 1, index + 1
    bounds = _QUANTIFIER.match(source, index) if char == "{" else None
    if bounds is None:
        return None
    low, comma, high = bounds.group(1), bounds.group(2), bounds.group(3)
    return int(low), (int(high) if high else -1) if comma else int(low), bounds.end()


def read_escape(source: str, index: int, in_class: bool, groups: Groups) -> Escape:
    """The escape at `index` (a backslash) as JavaScript reads it, no flags (Annex B): `groups` decides
    whether \\N is a backreference or an octal escape, and whether \\k is a named reference or a letter."""
    letter = source[index + 1 : index + 2]
    after = index + 2
    if not letter:
        return Escape("error", "\\ at end of pattern", index + 1)
    if letter in "dDwWsS":
        return Escape("class", letter, after)
    if letter in "bB" and not in_class:
        return Escape("assertion", letter, after)
    if letter == "b":  # in a class: a backspace (and \B the letter B)
        return Escape("char", "\b", after)
    if letter in _CONTROL_ESCAPES:
        return Escape("char", chr(_CONTROL_ESCAPES[letter]), after)
    if letter == "c":
        control = source[after : after + 1]
        if control.isascii() and (control.isalpha() or (in_class and (control.isdigit() or control == "_"))):
            return Escape("char", chr(ord(control) % 32), after + 1)
        return Escape("identity", "\\", index + 1)  # Annex B: a backslash, then `c` as a letter
    if letter == "x" and len(source[after : after + 2]) == 2 and set(source[after : after + 2]) <= _HEX:
        return Escape("char", chr(int(source[after : after + 2], 16)), after + 2)
    if letter == "u" and len(source[after : after + 4]) == 4 and set(source[after : after + 4]) <= _HEX:
        return Escape("char", chr(int(source[after : after + 4], 16)), after + 4)
    if letter in _DECIMAL_DIGITS:
        return _decimal_escape(source, index, in_class, groups)
    if letter == "k" and groups.names:
        return _named_reference(source, index, in_class, groups)
    return Escape("identity", letter, after)


def _decimal_escape(source: str, index: int, in_class: bool, groups: Groups) -> Escape:
    """`\\0` is NUL; `\\N` a backreference when the pattern has N groups, else (Annex B) an octal escape, or
    the letter 8 or 9."""
    end = index + 1
    while end < len(source) and source[end] in _DECIMAL_DIGITS:
        end += 1
    digits = source[index + 1 : end]
    if not in_class and digits[0] != "0" and int(digits) <= groups.count:
        return Escape("backref", digits, end, int(digits))
    if digits[0] in "89":
        return Escape("identity", digits[0], index + 2)
    octal = ""
    for char in digits[:3]:
        if char in "01234567" and int(octal + char, 8) <= 0o377:
            octal += char
        else:
            break
    return Escape("char", chr(int(octal, 8)), index + 1 + len(octal))


# A reference to a name no group has: JavaScript says so once the whole pattern is read (a reference may
# come before its group), after any other problem.
UNKNOWN_NAME = "invalid named capture referenced"


def _named_reference(source: str, index: int, in_class: bool, groups: Groups) -> Escape:
    """`\\k<name>` in a pattern with named groups (where a \\k is never a letter)."""
    after = index + 2
    if in_class:
        return Escape("error", "invalid escape", after)
    if not source.startswith("<", after):
        return Escape("error", "invalid named reference", after)
    close = source.find(">", after)
    name, problem = group_name(source[after + 1 : close]) if close >= 0 else (None, "invalid capture group name")
    if name is None:
        return Escape("error", problem, after)
    if name not in groups.names:
        return Escape("error", UNKNOWN_NAME, close + 1)
    return Escape("backref", name, close + 1, groups.names[name])


# A dash in a class that no backslash escapes: a range's, or (Annex B) a letter.
DASH = Escape("dash", "-", 0)


def read_class(source: str, index: int, groups: Groups) -> tuple[bool, list[Escape | str], int, str | None]:
    """The class that starts at `index` (a `[`): (negated, its members in order, the index after it, why
    JavaScript refuses it or None). A member is an escape, a character, or DASH (`class_items` pairs them).
    `[]` matches nothing and `[^]` anything."""
    negated = source.startswith("[^", index)
    position = index + (2 if negated else 1)
    members: list[Escape | str] = []
    while position < len(source):
        char = source[position]
        if char == "]":
            return negated, members, position + 1, None
        if char == "\\":
            escape = read_escape(source, position, True, groups)
            if escape.kind == "error":
                return negated, members, escape.end, escape.text
            members.append(escape)
            position = escape.end
            continue
        members.append(DASH if char == "-" else char)
        position += 1
    return negated, members, position, "unterminated character class"


class ClassRange(FrozenRecord, slots=True):
    """`low-high` in a class: each end a member that stands for one character."""

    low: Escape | str
    high: Escape | str

    @property
    def codes(self) -> tuple[int, int]:
        """The codes of its first and last characters."""
        low, high = _character(self.low), _character(self.high)
        assert low is not None and high is not None  # (class_items makes no range of a class escape)
        return ord(low), ord(high)


def class_items(members: list[Escape | str]) -> list[Escape | str | ClassRange]:
    """A class's members with their ranges read: `A-B` is a range when A and B are characters (a dash may be
    either), else (Annex B: a class escape such as \\d at either end) A, `-` and B; any other dash is the
    character `-`. Characters are as given: pass `in_units(members)` to read ranges as JavaScript does."""
    items: list[Escape | str | ClassRange] = []
    position = 0
    while position < len(members):
        low = members[position]
        if position + 2 < len(members) and members[position + 1] is DASH:  # `A-B`: a range, or all three
            high = members[position + 2]
            if _character(low) is not None and _character(high) is not None:
                items.append(ClassRange(low, high))
            else:
                items.extend("-" if member is DASH else member for member in (low, DASH, high))
            position += 3
            continue
        items.append("-" if low is DASH else low)
        position += 1
    return items


def _character(member: Escape | str) -> str | None:
    """The one character a class member stands for (DASH: `-`); None for a class escape."""
    if isinstance(member, str):
        return member
    return None if member.kind == "class" else member.text


def in_units(members: list[Escape | str]) -> list[Escape | str]:
    """A class's members with each astral character as its two UTF-16 code units (JavaScript reads a class
    with no flags so: `[😀-😁]` holds a range from the first one's low half to the second one's high half)."""
    split: list[Escape | str] = []
    for member in members:
        one = _character(member)
        if one is not None and ord(one) >= 0x10000:
            split.extend(chr(unit) for unit in units(one))
        else:
            split.append(member)
    return split


def units(text: str) -> list[int]:
    """Text as JavaScript's string holds it: UTF-16 code units (two for an astral character, a lone
    surrogate as itself)."""
    data = text.encode("utf-16-le", "surrogatepass")
    return [data[i] | (data[i + 1] << 8) for i in range(0, len(data), 2)]
