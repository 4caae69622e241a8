"""A bounded backtracking matcher for the JavaScript patterns RE2 cannot express (lookarounds,
backreferences): `new RegExp(source).test(text)` with no flags (Annex B), on UTF-16 code units as
JavaScript reads a string, that gives up after a fixed number of steps instead of running on.

Backtracking is exponential on some patterns (`^(?=a)(a+)+$`), so every step is counted: past the budget
the answer is "not checked" (`OutOfSteps`), never a hang. Patterns RE2 can express never come here
(flowlint.core.jsregex matches them in linear time).
"""

from __future__ import annotations

from collections.abc import Callable

from flowlint.core.jspattern import (
    DIGIT_RANGES,
    LINE_TERMINATORS,
    SPACE_RANGES,
    WORD_RANGES,
    Escape,
    class_items,
    in_units,
    read_class,
    read_escape,
    read_group,
    read_groups,
    read_quantifier,
    units,
)

__all__ = ["STEP_BUDGET", "BacktrackingRegex", "OutOfSteps", "Unsupported", "compile_backtracking"]

# Steps (instructions run) one search may take before it is "not checked": about a second of Python.
STEP_BUDGET = 500_000
_MAX_PROGRAM = 20_000  # instructions, once counted repetitions are expanded
_WORD = frozenset(map(ord, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"))
_CLASS_ESCAPES = {"d": DIGIT_RANGES, "w": WORD_RANGES, "s": SPACE_RANGES}


class Unsupported(Exception):
    """A pattern this matcher does not take (its program would be too large)."""


class OutOfSteps(Exception):
    """The search took more steps than its budget: the value is not checked."""


class _Set:
    """A set of UTF-16 code units: ranges and negated ranges (a class escape such as \\D), maybe negated."""

    __slots__ = ("excluded", "negated", "ranges")

    def __init__(self) -> None:
        self.ranges: list[tuple[int, int]] = []
        self.excluded: list[tuple[tuple[int, int], ...]] = []  # \D, \W, \S: everything outside these
        self.negated = False

    def __contains__(self, unit: int) -> bool:
        inside = any(low <= unit <= high for low, high in self.ranges) or any(
            not any(low <= unit <= high for low, high in ranges) for ranges in self.excluded
        )
        return inside != self.negated


# The abstract syntax: ("set", _Set), ("seq", [node]), ("alt", [node]), ("group", index or -1, node),
# ("repeat", low, high or -1, greedy, node, first group, last group), ("assert", "^$bB"),
# ("look", behind, negative, node), ("backref", index).
Node = tuple[object, ...]


class _Parser:
    def __init__(self, source: str) -> None:
        self.source = source
        self.index = 0
        self.groups = 0
        self.declared = read_groups(source)

    def parse(self) -> Node:
        node = self._alternation()
        if self.index != len(self.source):
            raise Unsupported("unmatched ')'")
        return node

    def _peek(self, text: str) -> bool:
        return self.source.startswith(text, self.index)

    def _alternation(self) -> Node:
        branches = [self._sequence()]
        while self._peek("|"):
            self.index += 1
            branches.append(self._sequence())
        return branches[0] if len(branches) == 1 else ("alt", branches)

    def _sequence(self) -> Node:
        items: list[Node] = []
        while self.index < len(self.source) and self.source[self.index] not in "|)":
            first_group = self.groups
            atom = self._atom()
            items.append(self._quantified(atom, first_group))
        return ("seq", items)

    def _quantified(self, atom: Node, first_group: int) -> Node:
        source = self.source
        if self.index >= len(source):
            return atom
        bounds = read_quantifier(source, self.index)
        if bounds is None:
            return atom
        low, high, self.index = bounds
        greedy = True
        if self._peek("?"):
            greedy = False
            self.index += 1
        return ("repeat", low, high, greedy, atom, first_group, self.groups)

    def _atom(self) -> Node:
        source = self.source
        char = source[self.index]
        if char == "(":
            return self._group()
        if char == "[":
            return ("set", self._class())
        if char == "\\":
            return self._escape()
        self.index += 1
        if char == ".":
            line = _Set()
            line.ranges = list(LINE_TERMINATORS)
            line.negated = True
            return ("set", line)
        if char in "^$":
            return ("assert", char)
        return _literal(ord(char))

    def _group(self) -> Node:
        group = read_group(self.source, self.index)
        if group is None or group.kind == "error":
            raise Unsupported("invalid group" if group is None else group.problem)
        self.index = group.end
        number = -1
        if group.capturing:
            self.groups += 1
            number = self.groups
        inner = self._alternation()
        self._close()
        if group.kind in ("capture", "plain"):
            return ("group", number, inner)
        return ("look", group.kind.endswith("behind"), group.kind.startswith("not"), inner)

    def _close(self) -> None:
        if not self._peek(")"):
            raise Unsupported("unterminated group")
        self.index += 1

    def _escape(self) -> Node:
        escape = read_escape(self.source, self.index, False, self.declared)
        self.index = escape.end
        if escape.kind == "assertion":
            return ("assert", escape.text)
        if escape.kind == "backref":
            return ("backref", escape.number)
        if escape.kind == "class":
            return ("set", _class_escape(escape))
        if escape.kind == "error":
            raise Unsupported(escape.text)
        code_units = units(escape.text)
        return ("seq", [_literal(unit) for unit in code_units]) if len(code_units) != 1 else _literal(code_units[0])

    def _class(self) -> _Set:
        """A class `[...]` on code units: its characters, ranges and class escapes; a leading `^` negates."""
        negated, members, self.index, problem = read_class(self.source, self.index, self.declared)
        if problem is not None:
            raise Unsupported(problem)
        result = _Set()
        result.negated = negated
        for item in class_items(in_units(members)):
            if isinstance(item, str):
                result.ranges.append((ord(item), ord(item)))
            elif isinstance(item, Escape) and item.kind == "class":
                escape = _class_escape(item)
                result.ranges.extend(escape.ranges)
                result.excluded.extend(escape.excluded)
            elif isinstance(item, Escape):
                result.ranges.append((ord(item.text), ord(item.text)))
            else:
                result.ranges.append(item.codes)
        return result


def _literal(unit: int) -> Node:
    one = _Set()
    one.ranges = [(unit, unit)]
    return ("set", one)


def _class_escape(escape: Escape) -> _Set:
    """The set of a class escape: \\d, \\w, \\s, or what lies outside one (\\D, \\W, \\S)."""
    found = _Set()
    if escape.text.islower():
        found.ranges = list(_CLASS_ESCAPES[escape.text])
    else:
        found.excluded = [_CLASS_ESCAPES[escape.text.lower()]]
    return found


# --------------------------------------------------------------------------- the program

# Instructions: ("set", _Set), ("split", preferred, other), ("jmp", target), ("save", slot),
# ("assert", kind), ("look", program, behind, negative), ("backref", number), ("mark", register),
# ("progress", register), ("clear", first group, last group), ("match",).
Instruction = tuple[object, ...]


class _Compiler:
    def __init__(self) -> None:
        self.program: list[Instruction] = []
        self.registers = 0

    def emit(self, *instruction: object) -> int:
        if len(self.program) > _MAX_PROGRAM:
            raise Unsupported(f"the pattern's program is longer than {_MAX_PROGRAM:,} instructions")
        self.program.append(instruction)
        return len(self.program) - 1

    def node(self, node: Node) -> None:
        kind = node[0]
        if kind == "set":
            self.emit("set", node[1])
        elif kind == "seq":
            for item in node[1]:  # type: ignore[attr-defined]
                self.node(item)
        elif kind == "alt":
            self._alternation(node[1])  # type: ignore[arg-type]
        elif kind == "group":
            number = node[1]
            assert isinstance(number, int)
            if number >= 0:
                self.emit("save", 2 * number)
            self.node(node[2])  # type: ignore[arg-type]
            if number >= 0:
                self.emit("save", 2 * number + 1)
        elif kind == "repeat":
            self._repeat(*node[1:])  # type: ignore[arg-type]
        elif kind == "assert":
            self.emit("assert", node[1])
        elif kind == "look":
            inner = _Compiler()
            inner.registers = self.registers
            inner.node(node[3])  # type: ignore[arg-type]
            inner.emit("match")
            self.registers = inner.registers
            self.emit("look", inner.program, node[1], node[2])
        else:  # backref
            self.emit("backref", node[1])

    def _alternation(self, branches: list[Node]) -> None:
        jumps = []
        for branch in branches[:-1]:
            split = self.emit("split", 0, 0)
            self.node(branch)
            jumps.append(self.emit("jmp", 0))
            self.program[split] = ("split", split + 1, len(self.program))
        self.node(branches[-1])
        for jump in jumps:
            self.program[jump] = ("jmp", len(self.program))

    def _repeat(self, low: int, high: int, greedy: bool, body: Node, first: int, last: int) -> None:
        for _ in range(low):
            if first < last:
                self.emit("clear", first + 1, last)
            self.node(body)
        if high == low:
            return
        register = self.registers
        self.registers += 1
        optional = -1 if high < 0 else high - low
        exits = []
        count = 0
        while optional < 0 or count < optional:
            split = self.emit("split", 0, 0)
            self.emit("mark", register)
            if first < last:
                self.emit("clear", first + 1, last)
            self.node(body)
            self.emit("progress", register)  # an iteration that matched nothing ends the loop
            if optional < 0:
                self.emit("jmp", split)
                exits.append(split)
                break
            exits.append(split)
            count += 1
        end = len(self.program)
        for split in exits:
            self.program[split] = ("split", split + 1, end) if greedy else ("split", end, split + 1)


class BacktrackingRegex:
    """A compiled pattern: `search(units)` says whether it matches somewhere, or raises OutOfSteps."""

    __slots__ = ("_anchored", "_groups", "_program", "_registers")

    def __init__(self, program: list[Instruction], groups: int, registers: int) -> None:
        self._program = program
        self._groups = groups
        self._registers = registers
        self._anchored = bool(program) and program[0] == ("assert", "^")

    def search(self, text: str, budget: int = STEP_BUDGET, counter: list[int] | None = None) -> bool:
        """Whether the pattern matches somewhere in `text`; raises OutOfSteps past `budget` steps (or past
        what `counter`, a one-item list the caller reads back, holds)."""
        code_units = units(text)
        counter = counter if counter is not None else [budget]
        captures = (-1,) * (2 * self._groups + 2)
        registers = (-1,) * self._registers
        for start in range(1 if self._anchored else len(code_units) + 1):
            if _run(self._program, code_units, start, captures, registers, counter) is not None:
                return True
        return False


def _is_word(units: list[int], position: int) -> bool:
    return 0 <= position < len(units) and units[position] in _WORD


_ASSERTIONS: dict[str, Callable[[list[int], int], bool]] = {
    "^": lambda units, at: at == 0,
    "$": lambda units, at: at == len(units),
    "b": lambda units, at: _is_word(units, at - 1) != _is_word(units, at),
    "B": lambda units, at: _is_word(units, at - 1) == _is_word(units, at),
}


def _run(
    program: list[Instruction],
    units: list[int],
    start: int,
    captures: tuple[int, ...],
    registers: tuple[int, ...],
    counter: list[int],
    end_at: int = -1,
) -> tuple[int, tuple[int, ...], tuple[int, ...]] | None:
    """Backtracking from `start`: (end, captures, registers) of the first match in JavaScript's order of
    preference, or None. `end_at` >= 0: a match must end there (a lookbehind's body). Every instruction
    costs one step of `counter`."""
    stack: list[tuple[int, int, tuple[int, ...], tuple[int, ...]]] = [(0, start, captures, registers)]
    length = len(units)
    while stack:
        pc, at, caps, regs = stack.pop()
        while True:
            counter[0] -= 1
            if counter[0] < 0:
                raise OutOfSteps
            op = program[pc]
            kind = op[0]
            if kind == "set":
                if at < length and units[at] in op[1]:  # type: ignore[operator]
                    pc, at = pc + 1, at + 1
                    continue
                break
            if kind == "split":
                stack.append((op[2], at, caps, regs))  # type: ignore[arg-type]
                pc = op[1]  # type: ignore[assignment]
                continue
            if kind == "jmp":
                pc = op[1]  # type: ignore[assignment]
                continue
            if kind == "match":
                if end_at >= 0 and at != end_at:
                    break
                return at, caps, regs
            state = _step(op, units, at, caps, regs, counter)
            if state is None:
                break
            at, caps, regs = state
            pc += 1
    return None


def _step(
    op: Instruction, units: list[int], at: int, caps: tuple[int, ...], regs: tuple[int, ...], counter: list[int]
) -> tuple[int, tuple[int, ...], tuple[int, ...]] | None:
    """One instruction that neither reads a character nor jumps: the state after it, or None (it fails)."""
    kind, argument = op[0], op[1]
    if kind == "save":
        assert isinstance(argument, int)
        return at, (*caps[:argument], at, *caps[argument + 1 :]), regs
    if kind == "assert":
        return (at, caps, regs) if _ASSERTIONS[str(argument)](units, at) else None
    if kind == "mark":
        assert isinstance(argument, int)
        return at, caps, (*regs[:argument], at, *regs[argument + 1 :])
    if kind == "progress":
        assert isinstance(argument, int)
        return None if regs[argument] == at else (at, caps, regs)
    if kind == "clear":
        last = op[2]
        assert isinstance(argument, int) and isinstance(last, int)
        cleared = (-1,) * (2 * (last - argument + 1))
        return at, (*caps[: 2 * argument], *cleared, *caps[2 * last + 2 :]), regs
    if kind == "backref":
        assert isinstance(argument, int)
        begin, end = caps[2 * argument], caps[2 * argument + 1]
        if begin < 0 or end < 0:
            return at, caps, regs  # an unset group matches the empty string
        size = end - begin
        return (at + size, caps, regs) if units[at : at + size] == units[begin:end] else None
    found = _look(op, units, at, caps, regs, counter)  # look
    return None if found is None else (at, found[0], found[1])


def _look(
    op: Instruction,
    units: list[int],
    at: int,
    caps: tuple[int, ...],
    regs: tuple[int, ...],
    counter: list[int],
) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """A lookaround at `at`: the captures after it when it holds, else None. A lookbehind tries the
    starts nearest `at` first."""
    program, behind, negative = op[1], op[2], op[3]
    assert isinstance(program, list)
    found = None
    if behind:
        for start in range(at, -1, -1):
            found = _run(program, units, start, caps, regs, counter, end_at=at)
            if found is not None:
                break
    else:
        found = _run(program, units, at, caps, regs, counter)
    if negative:
        return (caps, regs) if found is None else None
    return None if found is None else (found[1], found[2])


def compile_backtracking(source: str) -> BacktrackingRegex:
    """The bounded matcher of a valid JavaScript pattern (check it with js_regex_syntax_error first)."""
    parser = _Parser(source)
    tree = parser.parse()
    compiler = _Compiler()
    compiler.node(tree)
    compiler.emit("match")
    return BacktrackingRegex(compiler.program, parser.groups, compiler.registers)
