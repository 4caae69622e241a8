"""What a rule is: a class with a code, a default severity, documentation, examples and a check.

Rules report `Finding`s; they never print or write. Each rule documents and tests itself with
`VALID` and `INVALID` examples: whole definitions, the invalid ones with the exact line, column and
message fragment they must produce (tests/test_rules.py runs every example of every rule).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cached_property
from pathlib import Path, PurePath
from typing import ClassVar, TypeVar, cast

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import SNode, Span, SScalar
from flowlint.core.record import DeclaredRecord, FrozenRecord, Record
from flowlint.core.severity import Severity
from flowlint.definition.model import Definition, Parameter, Tool
from flowlint.definition.sharedlists import Resolution, SharedListResolver
from flowlint.definition.specversion import SpecTarget, spec_target
from flowlint.definition.zod import ZFact, ZNote, ZSpec
from flowlint.lint.codes import Code, is_specification_code
from flowlint.lint.config import Config
from flowlint.lint.diagnostics import Finding
from flowlint.lint.fixes import Edit, Fix, literal_edit, string_literal


class Expect(FrozenRecord):
    """One diagnostic an invalid example must produce (the rule's own code unless `code` is set)."""

    line: int
    column: int
    message: str
    code: Code | None

    def __init__(self, line: int, column: int, message: str, code: Code | None = None) -> None:
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
        self.source = source
        self.expect = expect
        self.path = path
        self.title = title
        self.fixed = fixed

    @property
    def syntax(self) -> str:
        """`JavaScript`, `Python` or `JSON`."""
        return SYNTAXES[PurePath(self.path).suffix]


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
    source: bytes

    def __init__(
        self, node: SNode | None, path: Path, config: Config, resolver: SharedListResolver, source: bytes = b""
    ) -> None:
        self.node = node
        self.path = path
        self.config = config
        self.resolver = resolver
        self.source = source


class ZReport(DeclaredRecord):
    """How a rule reports one z-engine fact: its message, and where they differ from the rule's, its
    severity and consequence (under 3.x, and under 4.x when that differs); the text a fix writes instead
    (`safe` when it keeps what the runtime does), or the items one string splits into."""

    message: str
    severity: Severity | None = None
    consequence: Consequence | None = None
    consequence_v4: Consequence | None = None
    replacement: str | None = None
    safe: bool = False
    split: tuple[str, ...] = ()

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
    # The z engine's facts this rule reports (definition/zod.py ZFact); `report_z` words each one.
    z_facts: ClassVar[frozenset[ZFact]] = frozenset()
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
        if self.z_facts:
            for tool in ctx.definition.tools:
                for parameter in tool.parameters:
                    yield from self.z_findings(ctx, tool, parameter)

    def report_z(self, note: ZNote, z: ZSpec, generation: int) -> ZReport | None:
        """How this rule reports one of its z facts for a definition of that generation (None: not at all)."""
        raise NotImplementedError(f"{self.code} lists z_facts but does not report them")

    def z_fix(self, source: bytes, parameter: Parameter, note: ZNote, report: ZReport) -> Fix | None:
        """The fix of a z finding: the option's (or primitive's) string literal rewritten as the report's
        replacement, in its own quote style, or split into the report's items."""
        span = parameter.option_span(note.option_index)
        if report.replacement is not None:
            edit = literal_edit(source, span, report.replacement)
            return None if edit is None else Fix(f"write '{report.replacement}'", (edit,), report.safe)
        if report.split:
            items = [string_literal(source, span, item) for item in report.split]
            if all(item is not None for item in items):
                text = ", ".join(item for item in items if item is not None)
                return Fix(f"write {text}", (Edit(span.start, span.end, text),), safe=False)
        return None

    def z_findings(self, ctx: RuleContext, tool: Tool, parameter: Parameter) -> Iterator[Finding]:
        """A finding for every fact of this rule's on `parameter`'s z block, at the option (or primitive)
        it is about."""
        z = parameter.z
        if z is None:
            return
        name = f"'{parameter.key}'" if parameter.key else f"#{parameter.index}"
        for note in z.notes:
            if note.fact not in self.z_facts:
                continue
            report = self.report_z(note, z, ctx.spec.major)
            if report is None:
                continue
            consequence = report.consequence_for(ctx.spec.major)
            yield Finding(
                self.code,
                f"parameter {name}: {report.message}",
                parameter.option_span(note.option_index),
                tool=tool.label,
                parameter=parameter.key,
                severity=report.severity,
                fix=self.z_fix(ctx.source, parameter, note, report) if ctx.source else None,
                consequence=consequence,
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
    ) -> Finding:
        """A finding of this rule's code at `span`; `severity` and `consequence` only where this finding's
        differ from the rule's."""
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
