"""VAL003 and VAL010-VAL025, VAL031: the main block's fields (09-validation-rules, "Main Block").

Each rule follows the specification version the definition is checked against (see
flowlint/definition/specversion.py); where the runtime (flowmcp-core's MainValidator) is stricter
than the specification, the message says so and follows the runtime, so that a definition without
errors is one FlowMCP loads.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import ClassVar

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SArray, SNode, SObject, Span, SScalar, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example, example_v4

# Specification 3.0.0, 01-schema-format ("Required Fields", "Optional Fields", the deprecated `routes`).
MAIN_FIELDS_3 = frozenset(
    "namespace name description version root tools routes resources skills docs tags requiredServerParams "
    "requiredLibraries headers sharedLists".split()
)
# The 4.x runtime's allow-list (flowmcp-core src/v4/task/MainValidator.mjs ALLOWED_MAIN_KEYS at 8dab10b).
MAIN_FIELDS_4 = frozenset(
    "namespace name description version schemaVersion root tools resources docs tags requiredServerParams "
    "requiredLibraries headers sharedLists meta handlers skills termsOfService termsOfServiceCheckedAt "
    "termsOfServiceLanguage dataLicense dataLicenseName".split()
)
# `^[a-z]+$` (3.0.0) and `^[a-z][a-z0-9-]*$` (4.x) as JavaScript reads them: `$` is the very end.
NAMESPACE = {3: (re.compile(r"[a-z]+\Z"), "^[a-z]+$"), 4: (re.compile(r"[a-z][a-z0-9-]*\Z"), "^[a-z][a-z0-9-]*$")}
MAX_TOOLS = 8

HEADER = "export const main = {\n"


def _source(fields: str, body: str = "    tools: {}") -> str:
    """A definition whose main holds `fields` (line 2) and `body` (from line 3)."""
    return HEADER + "    " + fields + "\n" + body + "\n}\n"


def _opening(main: SObject) -> Span:
    return Span(main.span.start, main.span.start + 1)


def _present(node: SNode | None) -> bool:
    """Whether a field is there as the runtime sees it (undefined and null are both missing)."""
    return node is not None and not (isinstance(node, SScalar) and node.value is None)


def _required_string(ctx: RuleContext, key: str, code: Code) -> Iterator[Finding]:
    main = ctx.definition.main
    node = main.get(key)
    if isinstance(node, NonStatic):
        return
    if not _present(node):
        yield Finding(code, f"main.{key} is required (a string)", _opening(main))
    elif not (isinstance(node, SScalar) and isinstance(node.value, str)):
        assert node is not None
        yield Finding(code, f"main.{key} must be a string, got {type_name(node)}", node.span)


class UnknownField(Rule):
    code = Code.VAL003
    name = "main-unknown-field"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    consequence_v4 = Consequence.REFUSED
    summary = "main must not contain unknown fields"
    why = (
        "Specification 3.0.0 lists main's fields in 01-schema-format; the 4.x runtime refuses any key outside "
        "its allow-list (and then skips every other check of the definition). A misspelt field is silently "
        "ignored by the 3.x runtime."
    )
    fix = "Remove the field, or correct its spelling (`requiredServerParams`, `sharedLists`...)."
    VALID = [
        Example(
            _source(
                "namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com', tags: [ 'defi' ],"
            )
        )
    ]
    INVALID = [
        Example(
            _source(
                "namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com', tag: [ 'defi' ],"
            ),
            (Expect(2, 114, "main has an unknown field 'tag'"),),
        ),
        Example(
            _source(
                "namespace: 'demo', name: 'Demo', description: 'Demo API', version: '4.0.0', root: 'https://api.example.com',",
                "    routes: {}",
            ),
            (Expect(3, 5, "main has an unknown field 'routes'"),),
            title="`routes` under 4.x",
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        known = MAIN_FIELDS_3 if ctx.spec.major == 3 else MAIN_FIELDS_4
        for entry in ctx.definition.main.entries:
            if entry.key not in known:
                hint = (
                    " (`routes` is the pre-v3 name of `tools`, refused by the 4.x runtime)"
                    if entry.key == "routes"
                    else ""
                )
                yield self.finding(
                    f"main has an unknown field '{entry.key}' (specification {ctx.spec.label}){hint}", entry.key_span
                )


class NamespaceRequired(Rule):
    code = Code.VAL010
    name = "namespace-required"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "main.namespace is required and must be a string"
    why = "The namespace groups a provider's tools and prefixes their MCP names; the runtime refuses a definition without it."
    fix = "Add `namespace: 'coingecko'`."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            _source("name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',"),
            (Expect(1, 21, "main.namespace is required"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        yield from _required_string(ctx, "namespace", self.code)


class NamespacePattern(Rule):
    code = Code.VAL011
    name = "namespace-pattern"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "main.namespace must match ^[a-z]+$ (3.0.0) or ^[a-z][a-z0-9-]*$ (4.x)"
    why = "The runtime refuses any other namespace; it becomes part of every tool's MCP name."
    fix = "Write the provider name in lowercase letters: `namespace: 'coingecko'`."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            _source(
                "namespace: 'CoinGecko', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',"
            ),
            (Expect(2, 16, "main.namespace 'CoinGecko' must match ^[a-z]+$"),),
        ),
        Example(
            _source(
                "namespace: 'coin-gecko2', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',"
            ),
            (Expect(2, 16, "must match ^[a-z]+$ (specification 3.0.0; 4.x also allows digits and '-')"),),
            title="digits and hyphens need 4.x",
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        node = ctx.definition.main.get("namespace")
        if isinstance(node, SScalar) and isinstance(node.value, str):
            pattern, shown = NAMESPACE[ctx.spec.major]
            if not pattern.match(node.value):
                extra = ""
                if ctx.spec.major == 3 and NAMESPACE[4][0].match(node.value):
                    extra = " (specification 3.0.0; 4.x also allows digits and '-')"
                lower = re.sub(r"[^a-z]", "", node.value.lower()) if ctx.spec.major == 3 else None
                suggestion = f"; write '{lower}'" if lower else ""
                yield self.finding(f"main.namespace '{node.value}' must match {shown}{extra}{suggestion}", node.span)


class NameRequired(Rule):
    code = Code.VAL012
    name = "name-required"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "main.name is required and must be a string"
    why = "The runtime refuses a definition without a name."
    fix = "Add `name: 'CoinGecko Prices'`."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            _source(
                "namespace: 'demo', name: 42, description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',"
            ),
            (Expect(2, 30, "main.name must be a string, got number"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        yield from _required_string(ctx, "name", self.code)


class DescriptionRequired(Rule):
    code = Code.VAL013
    name = "description-required"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "main.description is required and must be a string"
    why = "The runtime refuses a definition without a description; it appears in tool discovery."
    fix = "Add `description: 'Cryptocurrency prices from CoinGecko'`."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            _source("namespace: 'demo', name: 'Demo', version: '3.0.0', root: 'https://api.example.com',"),
            (Expect(1, 21, "main.description is required"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        yield from _required_string(ctx, "description", self.code)


class Version(Rule):
    code = Code.VAL014
    name = "version"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "main.version is required: 3.x.y under specification 3.0.0 (2.x deprecated), 4.x.y under 4.x"
    why = (
        "The version picks the rule set and the runtime: the 3.x runtime loads `2.x` and `3.x` (the specification "
        "deprecates 2.x), the 4.x runtime refuses anything but `4.x` (specification 4.x calls 3.x deprecated, "
        "the runtime refuses it: flowlint follows the runtime). When `spec_version` targets another major, "
        "this is the one error that says so; the file is otherwise checked against what it declares."
    )
    fix = "Write `version: '3.0.0'` (or '4.0.0' once the definition follows specification 4)."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            _source(
                "namespace: 'demo', name: 'Demo', description: 'Demo API', version: '1.2.0', root: 'https://api.example.com',"
            ),
            (Expect(2, 72, "main.version '1.2.0' must match ^3\\.\\d+\\.\\d+$"),),
        ),
        Example(
            _source(
                "namespace: 'demo', name: 'Demo', description: 'Demo API', version: '2.1.0', root: 'https://api.example.com',"
            ),
            (Expect(2, 72, "version 2.x is deprecated"),),
            title="2.x is accepted with a warning",
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        main = ctx.definition.main
        node = main.get("version")
        if isinstance(node, NonStatic):
            return
        if not _present(node):
            yield self.finding("main.version is required: write version: '3.0.0'", _opening(main))
            return
        assert node is not None
        if not (isinstance(node, SScalar) and isinstance(node.value, str)):
            yield self.finding(f"main.version must be a string such as '3.0.0', got {type_name(node)}", node.span)
            return
        spec = ctx.spec
        version = node.value
        if spec.declared == 2:
            if spec.configured == 4:
                yield self.finding(
                    f"main.version '{version}' is a 2.x definition, but the configuration targets specification 4: "
                    "the 4.x runtime refuses it; migrate to 4.0.0 (see the specification's migration guide)",
                    node.span,
                )
            else:
                yield Finding(
                    self.code,
                    f"main.version '{version}': version 2.x is deprecated (specification 3.0.0); write '3.0.0'",
                    node.span,
                    severity=Severity.WARNING,
                    consequence=Consequence.ADVICE,  # the 3.x runtime loads 2.x (its pattern is (2|3).x.y)
                )
        elif spec.declared not in (3, 4):
            shown = r"^3\.\d+\.\d+$" if spec.major == 3 else r"^4\.\d+\.\d+$"
            yield self.finding(
                f"main.version '{version}' must match {shown} (specification {spec.label}); FlowMCP refuses to load it",
                node.span,
            )
        elif spec.configured is not None and spec.configured != spec.declared:
            if spec.configured == 4:
                message = (
                    f"main.version '{version}' declares specification 3, but the configuration targets 4: the 4.x "
                    "runtime refuses 3.x definitions (specification 4.x calls them deprecated; flowlint follows the "
                    "runtime). Migrate the definition and write version: '4.0.0'; it was checked against 3.0.0's rules"
                )
            else:
                message = (
                    f"main.version '{version}' declares specification 4, but the configuration targets 3: the 3.x "
                    "runtime refuses it; it was checked against 4.x's rules"
                )
            yield self.finding(message, node.span)


class Root(Rule):
    code = Code.VAL015
    name = "root"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "main.root is a string starting with https://, without a trailing slash"
    why = (
        "Every tool's URL is root + path. The specification makes root optional for resource-only definitions, "
        "but both runtimes refuse a definition without it (flowlint follows the runtime: write `root: ''`, "
        "which the runtime accepts with a warning)."
    )
    fix = "Write `root: 'https://api.example.com'` (no trailing `/`)."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            _source(
                "namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'http://api.example.com/',"
            ),
            (Expect(2, 87, "main.root must start with https://"),),
        ),
        Example(
            _source(
                "namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com/',"
            ),
            (Expect(2, 87, "main.root must not end with '/'"),),
        ),
        Example(
            _source("namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0',"),
            (Expect(1, 21, "main.root is required"),),
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        main = ctx.definition.main
        node = main.get("root")
        if isinstance(node, NonStatic):
            return
        if not _present(node):
            yield self.finding(
                "main.root is required by the runtime, even without tools (the specification makes it optional "
                "for resource-only definitions; flowlint follows the runtime): write root: 'https://...' or root: ''",
                _opening(main),
            )
            return
        assert node is not None
        if not (isinstance(node, SScalar) and isinstance(node.value, str)):
            yield self.finding(f"main.root must be a string, got {type_name(node)}", node.span)
        elif node.value == "":
            tools = main.get("tools")
            if isinstance(tools, SObject) and tools.entries and not ctx.definition.has_handlers:
                yield Finding(
                    self.code,
                    "main.root is empty: the runtime accepts it with a warning, but every tool's URL is root + path",
                    node.span,
                    severity=Severity.WARNING,
                    consequence=Consequence.ADVICE,
                )
        elif not node.value.startswith("https://"):
            yield self.finding(f"main.root must start with https://, got '{node.value}'", node.span)
        elif node.value.endswith("/"):
            yield self.finding(
                f"main.root must not end with '/' (paths start with one): write '{node.value.rstrip('/')}'",
                node.span,
            )


class Tools(Rule):
    code = Code.VAL016
    name = "tools-object"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "main.tools must be an object (it may be {} when resources are defined)"
    why = (
        "Tools are read by name from this object. A definition needs at least tools, resources (or, under 3.0.0, "
        "skills); specification 4.x forbids main.skills."
    )
    fix = "Write `tools: { toolName: { ... } }`."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            _source(
                "namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',",
                "    tools: 'none'",
            ),
            (Expect(3, 12, "main.tools must be an object keyed by tool name, got string"),),
        ),
        Example(
            _source(
                "namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com'",
                "",
            ),
            (Expect(1, 21, "main needs tools"),),
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        main = ctx.definition.main
        sections = [key for key in ("tools", "routes", "resources", "skills") if _present(main.get(key))]
        if not sections:
            yield self.finding("main needs tools (or resources): write tools: { toolName: { ... } }", _opening(main))
        for key in ("tools", "routes"):
            node = main.get(key)
            if _present(node) and not isinstance(node, (SObject, NonStatic)):
                assert node is not None
                yield self.finding(f"main.{key} must be an object keyed by tool name, got {type_name(node)}", node.span)
        skills = main.entry("skills")
        if skills is not None and ctx.spec.major == 4:
            yield self.finding("main.skills is forbidden in specification 4.x", skills.key_span)


class ToolsAndRoutes(Rule):
    code = Code.VAL017
    name = "tools-and-routes"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "main must not define both tools and routes"
    why = "routes is the pre-v3 name of tools; with both, one of them is ignored."
    fix = "Merge routes into tools."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            example("    tools: {},\n    routes: {}"),
            (Expect(4, 5, "main has both tools and routes"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        main = ctx.definition.main
        routes = main.entry("routes")
        if routes is not None and _present(main.get("tools")) and _present(routes.value):
            yield self.finding(
                "main has both tools and routes; routes is the pre-v3 name of tools: merge them into tools",
                routes.key_span,
            )


class RoutesDeprecated(Rule):
    code = Code.VAL018
    name = "routes-deprecated"
    severity = Severity.WARNING
    consequence = Consequence.ADVICE
    summary = "main.routes is deprecated: use main.tools"
    why = "Specification 3.0.0 accepts routes as an alias with this warning; 4.x refuses it (VAL003)."
    fix = "Rename `routes` to `tools`."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [Example(example("    routes: {}"), (Expect(3, 5, "main.routes is deprecated"),))]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        routes = ctx.definition.main.entry("routes")
        if routes is not None and ctx.spec.major == 3 and not _present(ctx.definition.main.get("tools")):
            yield self.finding("main.routes is deprecated since 3.0.0: rename it to tools", routes.key_span)


def _typed_field(ctx: RuleContext, code: Code, key: str, item: str) -> Iterator[Finding]:
    """`main.<key>`, when present, is an array whose items are `item`s ('string' or 'object')."""
    node = ctx.definition.main.get(key)
    if node is None or isinstance(node, NonStatic):
        return
    if not isinstance(node, SArray):
        yield Finding(code, f"main.{key} must be an array of {item}s, got {type_name(node)}", node.span)
        return
    for index, value in enumerate(node.items):
        ok = (
            isinstance(value, SScalar) and isinstance(value.value, str)
            if item == "string"
            else isinstance(value, (SObject, NonStatic))
        )
        if not ok and not isinstance(value, NonStatic):
            yield Finding(code, f"main.{key}[{index}] must be a {item}, got {type_name(value)}", value.span)


class ArrayField(Rule):
    """A rule for one array field of main (VAL020-VAL022, VAL024, VAL025). Subclasses declare the field
    (`key`), what its items are (`item`: 'string' or 'object'), a good and a bad value and the column the
    bad one's finding starts at; the documentation and examples follow from them."""

    key: ClassVar[str]
    item: ClassVar[str]
    good: ClassVar[str]
    bad: ClassVar[str]
    column: ClassVar[int]
    severity = Severity.ERROR
    # The 3.x runtime refuses a non-array tags, requiredServerParams, requiredLibraries or sharedLists; it
    # never reads docs (4.x warns, VAL027).
    consequence = Consequence.REFUSED

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls.summary = f"main.{cls.key} (if present) must be an array of {cls.item}s"
        cls.fix = f"Write `{cls.key}: {cls.good}`."
        cls.VALID = [Example(example(f"    {cls.key}: {cls.good},\n    tools: {{}}"))]
        cls.INVALID = [
            Example(example(f"    {cls.key}: {cls.bad},\n    tools: {{}}"), (Expect(3, cls.column, f"main.{cls.key}"),))
        ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        yield from _typed_field(ctx, self.code, self.key, self.item)


class Docs(ArrayField):
    code = Code.VAL020
    name = "docs-array"
    consequence = Consequence.SPEC
    key, item, good, bad, column = "docs", "string", "[ 'https://docs.example.com' ]", "'https://docs.example.com'", 11
    why = "The runtime and tools read docs as a list of URLs."


class Tags(ArrayField):
    code = Code.VAL021
    name = "tags-array"
    key, item, good, bad, column = "tags", "string", "[ 'defi' ]", "'defi'", 11
    why = "Tags are matched one by one in tool discovery; the runtime refuses anything but an array."


class ServerParams(ArrayField):
    code = Code.VAL022
    name = "server-params-array"
    key, item, good, bad, column = "requiredServerParams", "string", "[ 'API_KEY' ]", "'API_KEY'", 27
    why = "The runtime reads each name from the environment; it refuses anything but an array."


class SharedLists(ArrayField):
    code = Code.VAL024
    name = "shared-lists-array"
    key, item, good, bad, column = "sharedLists", "object", "[]", "{}", 18
    why = "Each entry is `{ ref, version }`; the runtime refuses anything but an array."


class Libraries(ArrayField):
    code = Code.VAL025
    name = "libraries-array"
    key, item, good, bad, column = "requiredLibraries", "string", "[ 'ethers' ]", "'ethers'", 24
    why = "Handlers receive the listed npm packages; the runtime refuses anything but an array."


class Headers(Rule):
    code = Code.VAL023
    name = "headers-object"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "main.headers (if present) must be a plain object"
    why = "Default headers are sent with every request, name to value."
    fix = "Write `headers: { 'Accept': 'application/json' }`."
    VALID = [Example(example("    headers: { Accept: 'application/json' },\n    tools: {}"))]
    INVALID = [
        Example(
            example("    headers: [ 'Accept: application/json' ],\n    tools: {}"),
            (Expect(3, 14, "main.headers must be an object"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        node = ctx.definition.main.get("headers")
        if node is not None and not isinstance(node, (SObject, NonStatic)):
            yield self.finding(
                f"main.headers must be an object of header names to values, got {type_name(node)}", node.span
            )


class MaxTools(Rule):
    code = Code.VAL031
    name = "max-tools"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = f"A definition has at most {MAX_TOOLS} tools"
    why = "The runtime refuses a definition with more tools; split the provider into several definitions."
    fix = "Move some tools into a second definition with the same namespace."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            example(
                "    tools: {\n"
                + "".join(
                    f"        t{n}: {{ method: 'GET', path: '/t{n}', description: 'T', parameters: [], tests: [ {{ _description: 'T' }}, {{ _description: 'U' }}, {{ _description: 'V' }} ] }},\n"
                    for n in range(9)
                )
                + "    }"
            ),
            (Expect(3, 5, "main.tools has 9 tools; the maximum is 8"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for key in ("tools", "routes"):
            entry = ctx.definition.main.entry(key)
            if entry is not None and isinstance(entry.value, SObject) and len(entry.value.entries) > MAX_TOOLS:
                yield self.finding(
                    f"main.{key} has {len(entry.value.entries)} tools; the maximum is {MAX_TOOLS}: split the "
                    "definition",
                    entry.key_span,
                )


# The runtime's default library allowlist (flowmcp-core LibraryLoader, src/v2 at fa4ffa6); a library
# outside it makes the runtime refuse the definition (its SEC020). 05-security lists a different set.
RUNTIME_LIBRARIES = frozenset(
    "zlib crypto buffer path url util stream querystring ethers ccxt indicatorts yahoo-finance2 trading-signals "
    "talib technicalindicators moment vega-lite vega canvas pinata irys better-sqlite3".split()
)
SPEC_LIBRARIES = frozenset(("ethers", "moment", "indicatorts", "@erc725/erc725.js", "ccxt", "axios"))


class LibraryAllowlist(Rule):
    code = Code.VAL026
    name = "library-allowlist"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "Each requiredLibraries entry must be on the runtime's allowlist"
    why = (
        "Handlers receive only approved packages. The runtime's default allowlist (flowmcp-core's LibraryLoader) "
        "differs from 05-security's list (which also names @erc725/erc725.js and axios, and lacks Node built-ins "
        "and several trading packages); flowlint follows the runtime, which refuses the definition otherwise."
    )
    fix = "Use an allowed package (ethers, moment, ccxt, indicatorts, ...), or have the runtime's allowlist extended."
    VALID = [Example(example("    requiredLibraries: [ 'ethers' ],\n    tools: {}"))]
    INVALID = [
        Example(
            example("    requiredLibraries: [ 'axios' ],\n    tools: {}"),
            (Expect(3, 26, "'axios' is not on the runtime's library allowlist"),),
        )
    ]

    # The generation this code is the runtime's for: 3.x prints no code of 3.0.0 (its SEC020 is a 4.x code), so
    # VAL026 of 3.0.0's registry; the 4.x runtime prints SEC020, its 05-security code (LibraryAllowlistV4).
    generation: ClassVar[int] = 3

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        if ctx.spec.major != self.generation:
            return
        node = ctx.definition.main.get("requiredLibraries")
        for item in node.items if isinstance(node, SArray) else ():
            if isinstance(item, SScalar) and isinstance(item.value, str) and item.value not in RUNTIME_LIBRARIES:
                note = " (05-security lists it, the runtime does not)" if item.value in SPEC_LIBRARIES else ""
                yield self.finding(
                    f"'{item.value}' is not on the runtime's library allowlist{note}: the runtime refuses the definition",
                    item.span,
                )


class LibraryAllowlistV4(LibraryAllowlist):  # type: ignore[misc,unused-ignore]
    code = Code.SEC020
    name = "library-allowlist-v4"
    summary = "Under 4.x, each requiredLibraries entry must be on the runtime's allowlist (the runtime's SEC020)"
    origin = "spec 4.x (05-security), runtime 4.x"
    generation = 4
    VALID = [Example(example_v4("    requiredLibraries: [ 'ethers' ],\n    tools: {}"))]
    INVALID = [
        Example(
            example_v4("    requiredLibraries: [ 'axios' ],\n    tools: {}"),
            (Expect(3, 26, "'axios' is not on the runtime's library allowlist"),),
        )
    ]


class HandlersFunction(Rule):
    code = Code.VAL004
    name = "handlers-function"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "handlers (if exported) must be a function"
    why = (
        "The runtime calls `handlers( { sharedLists, libraries } )` once at load time and takes the tool "
        "handlers from the object it returns; a plain object (the v2 form) cannot receive the injected "
        "libraries and lists."
    )
    fix = "Write `export const handlers = ( { sharedLists, libraries } ) => ( { toolName: { postRequest: ... } } )`."
    VALID = [Example(example("    tools: {}") + "\nexport const handlers = ( { sharedLists, libraries } ) => ( {} )\n")]
    INVALID = [
        Example(
            example("    tools: {}") + "\nexport const handlers = { getPing: {} }\n",
            (Expect(6, 25, "handlers must be a function"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        node = ctx.definition.handlers
        if node is not None and not isinstance(node, NonStatic):
            yield self.finding(
                f"handlers must be a function ( {{ sharedLists, libraries }} ) => ( {{ ... }} ), got {type_name(node)}",
                node.span,
            )
