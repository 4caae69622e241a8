"""What a rule is: a class with a code, a default severity, documentation, examples and a check.

Rules report `Finding`s; they never print or write. Each rule documents and tests itself with
`VALID` and `INVALID` examples: whole definitions, the invalid ones with the exact line, column and
message fragment they must produce (tests/test_rules.py runs every example of every rule).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from enum import StrEnum
from functools import cached_property
from pathlib import Path, PurePath
from typing import ClassVar, TypeVar, cast

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import SArray, SNode, Span, SScalar, string_value
from flowlint.core.record import DeclaredRecord, FrozenRecord, Record
from flowlint.core.severity import Severity
from flowlint.definition.model import Definition, Parameter, Tool
from flowlint.definition.sharedlists import Resolution, SharedListResolver
from flowlint.definition.specversion import SpecTarget, spec_target
from flowlint.definition.zod import ZFact, ZNote, ZSpec, split_loose
from flowlint.lint.codes import Code, is_specification_code
from flowlint.lint.config import Config
from flowlint.lint.diagnostics import Finding, node_path
from flowlint.lint.fixes import Edit, Fix, literal_edit, remove_item, string_literal

# Where an expected finding starts, marked in an example's text (U+2038 CARET); `Example` takes the marks
# out and gives each `Expect`, in order, the line and column of its mark.
MARK = "\u2038"


class Expect(FrozenRecord):
    """One diagnostic an invalid example must produce (the rule's own code unless `code` is set): a part
    of its message, at the line and column of its mark in the example's text (`MARK`). An example whose
    text a builder writes without a mark gives them as `line` and `column`."""

    line: int
    column: int
    message: str
    code: Code | None

    def __init__(self, message: str, code: Code | None = None, *, line: int = 0, column: int = 0) -> None:
        self.line = line
        self.column = column
        self.message = message
        self.code = code


# The syntax of an example, by the suffix of its path (the suffix also picks the loader).
SYNTAXES = {".mjs": "JavaScript", ".js": "JavaScript", ".py": "Python", ".json": "JSON"}


class Example(FrozenRecord):
    """A definition used as documentation and as a test case; `path`'s suffix picks the syntax."""

    source: str
    expect: tuple[Expect, ...]
    path: str
    title: str
    # For an invalid example whose finding carries a fix: (text, replacement), the one change that
    # `check --fix --unsafe-fixes` makes to the source (tests/test_rules.py applies it and compares).
    fixed: tuple[str, str] | tuple[()]

    def __init__(
        self,
        source: str,
        expect: tuple[Expect, ...] = (),
        path: str = "example.mjs",
        title: str = "",
        fixed: tuple[str, str] | tuple[()] = (),
    ) -> None:
        self.source, marks = _take_marks(source)
        if marks:
            if len(marks) != len(expect) or any(e.line for e in expect):
                raise ValueError(f"{len(marks)} marks for {len(expect)} expected findings in {source[:60]!r}...")
            expect = tuple(
                Expect(e.message, e.code, line=line, column=column)
                for e, (line, column) in zip(expect, marks, strict=True)
            )
        elif any(not e.line for e in expect):
            raise ValueError(f"an expected finding has no mark and no position in {source[:60]!r}...")
        self.expect = expect
        self.path = path
        self.title = title
        self.fixed = fixed

    @property
    def syntax(self) -> str:
        """`JavaScript`, `Python` or `JSON`."""
        return SYNTAXES[PurePath(self.path).suffix]


def _take_marks(marked: str) -> tuple[str, list[tuple[int, int]]]:
    """The text without its marks, and the (line, column) of each mark in it, 1-based, columns in characters
    (as diagnostics count them). (Every rule module makes its examples when it is imported: this runs
    for each of them on every run, so it works on whole pieces of text, not character by character.)"""
    if MARK not in marked:
        return marked, []
    pieces = marked.split(MARK)
    text = "".join(pieces)
    marks: list[tuple[int, int]] = []
    offset = 0
    for piece in pieces[:-1]:
        offset += len(piece)
        line_start = text.rfind("\n", 0, offset) + 1
        marks.append((text.count("\n", 0, offset) + 1, offset - line_start + 1))
    return text, marks


T = TypeVar("T")


class RuleContext(Record):
    """What a rule may look at: the definition, where it lives, the configuration, the shared lists."""

    definition: Definition
    path: Path
    config: Config
    resolver: SharedListResolver
    source: bytes

    def __init__(
        self, definition: Definition, path: Path, config: Config, resolver: SharedListResolver, source: bytes = b""
    ) -> None:
        self.definition = definition
        self.path = path
        self.config = config
        self.resolver = resolver
        self.source = source
        self._shared: dict[object, object] = {}  # see `shared` (not a field)

    def shared(self, key: object, compute: Callable[[], T]) -> T:
        """`compute()`, worked out once per definition for every rule that asks with the same `key`
        (several rules walking the same output schemas, for example)."""
        if key not in self._shared:
            self._shared[key] = compute()
        return cast(T, self._shared[key])

    @cached_property
    def z_noted(self) -> list[tuple[Tool, Parameter]]:
        """Every parameter whose z block holds facts (definition/zod/facts.py), with its tool, in source
        order: what each z rule reads (most blocks hold none), listed once per definition."""
        return [
            (tool, parameter)
            for tool in self.definition.tools
            for parameter in tool.parameters
            if parameter.z is not None and parameter.z.notes
        ]

    @cached_property
    def spec(self) -> SpecTarget:
        """The specification rule set this definition is checked against (see definition/specversion.py)."""
        version = self.definition.main.get("version")
        return spec_target(version.value if isinstance(version, SScalar) else None, self.config.spec_version)

    def list_values(self, parameter: Parameter) -> Resolution | None:
        """Resolved values of a shared-list enum parameter; None for any other parameter."""
        spec = parameter.z
        if spec is None or spec.list_ref is None:
            return None
        ref = spec.list_ref

        def resolve() -> Resolution:
            declared = self.definition.shared_lists.get(ref.name)
            if declared is None:
                return Resolution(None, f"'{ref.name}' is not declared in sharedLists")
            return self.resolver.resolve(self.path, ref.name, ref.field, declared.filter)

        return self.shared(("shared list", ref.name, ref.field), resolve)


class ListContext(Record):
    """What a shared-list rule (LST) may look at: the exported `list` (None when the module in `_lists/`
    exports none), the file, the configuration, and the resolver that knows the other lists."""

    node: SNode | None
    path: Path
    config: Config
    resolver: SharedListResolver
    source: bytes = b""


class ZFix(StrEnum):
    """How a z finding is fixed: the option (or primitive) string rewritten as the fact's replacement (unsafe,
    or safe where the runtime already reads it so), split into the calls it holds, or the options reordered;
    the replacement where there is one, else the option removed (a default no text can make fit); the values
    of a `values(...)` option written into `enum()`."""

    REPLACE = "replace"
    SAFE_REPLACE = "safe-replace"
    SPLIT = "split"
    REORDER = "reorder"
    REPLACE_OR_REMOVE = "replace-or-remove"
    VALUES = "values"


class ZRow(DeclaredRecord):
    """One z fact as the rule that owns it reports it: one declared row (as ruff's violations carry their
    own message and fix title). `message(note, spec)` words it; `severity` and the consequences are the
    rule's where None (`consequence` under 3.x, `consequence_v4` under 4.x when that differs);
    `generations` where the fact is a defect at all; `fix` how it is fixed."""

    fact: ZFact
    message: Callable[[ZNote, ZSpec], str]
    severity: Severity | None = None
    consequence: Consequence | None = None
    consequence_v4: Consequence | None = None
    generations: tuple[int, ...] = (3, 4)
    fix: ZFix | None = None

    def consequence_for(self, generation: int) -> Consequence | None:
        """The consequence under that generation's runtime (None: the rule's)."""
        return self.consequence_v4 if generation == 4 and self.consequence_v4 is not None else self.consequence


class Rule:
    """Base class of every rule. Subclasses set the class attributes and implement `check` (definition
    rules) or `check_list` (shared-list rules, `target = "list"`)."""

    code: ClassVar[Code]
    name: ClassVar[str]
    # The specification's severity (or, for flowlint's own codes, the severity the consequence calls for).
    severity: ClassVar[Severity]
    # What FlowMCP's runtime does when the finding is true (core/consequence.py); with the severity it
    # gives the reported severity in each profile. `consequence_v4` when the 4.x runtime differs.
    consequence: ClassVar[Consequence]
    consequence_v4: ClassVar[Consequence | None] = None
    # Where the code comes from, when not the registry of every specification version (docs.rule_source).
    origin: ClassVar[str | None] = None
    summary: ClassVar[str]
    why: ClassVar[str] = ""
    fix: ClassVar[str] = ""
    # What the rule checks: tool definitions (`check`), shared-list files (`check_list`) or both (`any`).
    target: ClassVar[str] = "definition"
    # True for codes the engine itself reports (parse errors, skipped files): `check` is not used.
    reported_by_engine: ClassVar[bool] = False
    # The specification generations (definition/specversion.py MAJORS) whose definitions the rule checks:
    # the engine runs it on those only.
    generations: ClassVar[tuple[int, ...]] = (3, 4)
    # For a 4.x rule that reports a 3.x rule's defect under its own code: that 3.x code (SEC020 renumbers
    # 3.0.0's VAL026). `flowlint migrate` carries suppressions and baseline entries across by it.
    renumbers: ClassVar[Code | None] = None
    # The z engine's facts this rule owns (definition/zod/facts.py ZFact), one row each.
    z_rows: ClassVar[tuple[ZRow, ...]] = ()
    VALID: ClassVar[list[Example]] = []
    INVALID: ClassVar[list[Example]] = []

    @classmethod
    def strict_promotes(cls) -> bool:
        """Whether `--strict` reports this rule's tolerated findings at the specification's severity: for the
        specification's own rules only (issue 25: `--strict` is exactly the specification)."""
        return is_specification_code(cls.code)

    @classmethod
    def consequence_for(cls, generation: int) -> Consequence:
        """This rule's consequence for a definition of that specification generation (3 or 4)."""
        if generation == 4 and cls.consequence_v4 is not None:
            return cls.consequence_v4
        return cls.consequence

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        if self.z_rows:
            for tool, parameter in ctx.z_noted:
                yield from self.z_findings(ctx, tool, parameter)

    def z_findings(self, ctx: RuleContext, tool: Tool, parameter: Parameter) -> Iterator[Finding]:
        """A finding for every fact of this rule's rows on `parameter`'s z block, at the option (or primitive)
        it is about. Each claims its own node (and, for a fact after which the block cannot check values,
        the parameter's test values; for enum() without values, its values(...) options): lint/ownership.py
        decides which of two findings on one node is reported."""
        z = parameter.z
        if z is None or not z.notes:  # most blocks: nothing to report, no table to build
            return
        rows = {row.fact: row for row in self.z_rows}
        for note in z.notes:
            row = rows.get(note.fact)
            if row is None or ctx.spec.major not in row.generations:
                continue
            fix = z_fix(ctx.source, parameter, note, row.fix) if ctx.source and row.fix else None
            span = parameter.option_span(note.option_index)
            yield self.z_finding(row, note, z, ctx.spec.major, tool.label, parameter.key, parameter.index, span, fix)

    def z_finding(
        self,
        row: ZRow,
        note: ZNote,
        z: ZSpec,
        generation: int,
        tool: str,
        key: str | None,
        index: int,
        span: Span | None = None,
        fix: Fix | None = None,
    ) -> Finding:
        """The finding of one z fact by its row, on the parameter `key` (None: the `index`th, keyless) of
        `tool`, at `span`. It claims its own node and, where the fact stands for
        more (definition/zod/facts.py: a block that cannot check values, the options an enum() names), those."""
        name = f"'{key}'" if key else f"#{index}"
        path_key = key if key is not None else f"#{index}"
        part: tuple[object, ...] = ("primitive",) if note.option_index is None else ("option", note.option_index)
        claims = [node_path(tool, path_key, part)]
        claims += [node_path(tool, path_key, ("option", option)) for option in note.covers]
        if note.broken:
            claims.append((*node_path(tool, path_key), "test"))
        if key is None:  # a parameter without a key is named by its place: in the node path only
            part = ("parameter", path_key, *part)
        return Finding(
            self.code,
            f"parameter {name}: {row.message(note, z)}",
            span or Span(0, 0),
            tool=tool,
            parameter=key,
            severity=row.severity,
            fix=fix,
            consequence=row.consequence_for(generation),
            part=part,
            claims=tuple(claims),
            subject=note.fact,
        )

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        return iter(())

    def finding(
        self,
        message: str,
        span: Span,
        *,
        tool: str | None = None,
        test_index: int | None = None,
        parameter: str | None = None,
        fix: Fix | None = None,
        severity: Severity | None = None,
        consequence: Consequence | None = None,
        test_indices: tuple[int, ...] = (),
        claims: tuple[tuple[object, ...], ...] = (),
    ) -> Finding:
        """A finding of this rule's code at `span`; `severity` and `consequence` only where this finding's
        differ from the rule's; `claims`: the nodes it stands for (lint/ownership.py)."""
        return Finding(
            self.code,
            message,
            span,
            tool=tool,
            test_index=test_index,
            parameter=parameter,
            severity=severity,
            fix=fix,
            consequence=consequence,
            test_indices=test_indices,
            claims=claims,
        )


# The first two lines of every example definition, so examples stay short and their lines predictable.
EXAMPLE_HEADER = (
    "export const main = {\n"
    "    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',\n"
)


def example(body: str) -> str:
    """An example definition: the header, then `body` (which starts on line 3), then the closing brace."""
    return EXAMPLE_HEADER + body.rstrip("\n") + "\n}\n"


def example_v4(body: str) -> str:
    """`example`, declaring version 4.0.0 (checked against specification 4.x and its runtime)."""
    return example(body).replace("version: '3.0.0'", "version: '4.0.0'", 1)


# The same header in Python (`main = {...}` at module level) and in JSON (`{ "main": {...} }`).
PYTHON_EXAMPLE_HEADER = (
    "main = {\n"
    "    'namespace': 'demo', 'name': 'Demo', 'description': 'Demo API', 'version': '3.0.0', "
    "'root': 'https://api.example.com',\n"
)
JSON_EXAMPLE_HEADER = (
    '{ "main": {\n'
    '    "namespace": "demo", "name": "Demo", "description": "Demo API", "version": "3.0.0", '
    '"root": "https://api.example.com",\n'
)


def python_example(body: str) -> str:
    """`example` in Python (with `path="example.py"`): `body` starts on line 3."""
    return PYTHON_EXAMPLE_HEADER + body.rstrip("\n") + "\n}\n"


def json_example(body: str) -> str:
    """`example` in JSON (with `path="example.json"`): `body` starts on line 3."""
    return JSON_EXAMPLE_HEADER + body.rstrip("\n") + "\n} }\n"


def tool_noun(kind: str) -> str:
    """How messages name a tool (`tool`) or a resource query (`resource query`)."""
    return "tool" if kind == "tool" else "resource query"


def z_fix(source: bytes, parameter: Parameter, note: ZNote, kind: ZFix) -> Fix | None:
    """The fix of a z finding: the option's (or primitive's) string literal rewritten as the fact's
    replacement in its own quote style, split into the calls it holds, or the options reordered."""
    span = parameter.option_span(note.option_index)
    if kind is ZFix.REORDER:
        return _reorder(source, parameter.option_nodes)
    if kind is ZFix.VALUES:
        return _values_into_enum(source, parameter, note)
    if kind is ZFix.REPLACE_OR_REMOVE and note.replacement is None:
        options = parameter.options_node
        if not isinstance(options, SArray) or note.option_index is None:
            return None
        edit = remove_item(source, options, note.option_index)
        return None if edit is None else Fix(f"remove '{note.written}'", (edit,), safe=False)
    if kind is ZFix.SPLIT:
        items = [string_literal(source, span, item) for item in note.items]
        if not note.items or any(item is None for item in items):
            return None
        text = ", ".join(item for item in items if item is not None)
        return Fix(f"write {text}", (Edit(span.start, span.end, text),), safe=False)
    if note.replacement is None:
        return None
    edit = literal_edit(source, span, note.replacement)
    return None if edit is None else Fix(f"write '{note.replacement}'", (edit,), kind is ZFix.SAFE_REPLACE)


def _values_into_enum(source: bytes, parameter: Parameter, note: ZNote) -> Fix | None:
    """`enum()` with a `values(a,b)` option: `enum(a,b)`, and the option removed (unsafe: the tool then
    accepts those values; the runtime built enum() as the one value '')."""
    options = parameter.options_node
    if len(note.covers) != 1 or not isinstance(options, SArray):
        return None
    text = note.argument.strip()
    values = list(dict.fromkeys(split_loose(text[len("values(") : text.rfind(")")])))
    if not values or any(c in value for value in values for c in ",()"):
        return None
    written = f"enum({','.join(values)})"
    primitive = literal_edit(source, parameter.option_span(None), written)
    removed = remove_item(source, options, note.covers[0])
    if primitive is None or removed is None:
        return None
    return Fix(f"write '{written}' and remove '{text}'", (primitive, removed), safe=False)


def _option_rank(node: SNode) -> int:
    text = string_value(node) or ""
    return 2 if text.startswith("default(") else 1 if text.startswith("optional(") else 0


def _reorder(source: bytes, nodes: tuple[SNode, ...]) -> Fix | None:
    """Constraints first, then optional(), then default(), as the 4.x runtime orders them; each option
    keeps its own text and every separator stays where it is. Safe: the order the runtime can build."""
    wanted = sorted(nodes, key=_option_rank)  # stable: constraints keep their order among themselves
    edits = tuple(
        Edit(have.span.start, have.span.end, source[want.span.start : want.span.end].decode("utf-8"))
        for have, want in zip(nodes, wanted, strict=True)
        if have is not want
    )
    return Fix("put constraints before optional() and default()", edits) if edits else None
