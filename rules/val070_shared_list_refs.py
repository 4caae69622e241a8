"""VAL070-VAL073: each `main.sharedLists` entry names an existing list and its exact version."""

from __future__ import annotations

import os
from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SArray, SObject, SScalar, string_value, type_name
from flowlint.core.severity import Severity
from flowlint.definition.model import SharedListRef
from flowlint.definition.specversion import SEMVER
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

_USING_TOOL = (
    "    tools: {\n"
    "        getBalance: { method: 'GET', path: '/balance', description: 'Balance',\n"
    "            parameters: [ { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'query' }, "
    "z: { primitive: 'enum({{evmChains:alias}})', options: [] } } ],\n"
    "            output: { mimeType: 'application/json', schema: { type: 'object' } },\n"
    "            tests: [ { _description: 'Ethereum', chain: 'ETHEREUM_MAINNET' }, "
    "{ _description: 'Polygon', chain: 'POLYGON_MAINNET' }, { _description: 'Base', chain: 'BASE_MAINNET' } ] }\n"
    "    }"
)
_GOOD = example("    sharedLists: [ { ref: 'evmChains', version: '3.0.0' } ],\n" + _USING_TOOL)


def _entries(ctx: RuleContext) -> Iterator[tuple[int, SObject]]:
    node = ctx.definition.main.get("sharedLists")
    if isinstance(node, SArray):
        for index, item in enumerate(node.items):
            if isinstance(item, SObject):
                yield index, item


class SharedListRefField(Rule):
    code = Code.VAL070
    name = "shared-list-ref"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "sharedLists[].ref is required and must be a string"
    why = "The ref names the list file to load; the runtime refuses an entry without one."
    fix = "Write `{ ref: 'evmChains', version: '3.0.0' }`."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            example("    sharedLists: [ { version: '3.0.0' } ],\n    tools: {}"),
            (Expect(3, 20, "sharedLists[0].ref is required"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for index, entry in _entries(ctx):
            ref = entry.get("ref")
            if isinstance(ref, NonStatic):
                continue
            if ref is None or (isinstance(ref, SScalar) and ref.value in (None, "")):
                yield self.finding(f"sharedLists[{index}].ref is required: the list's name", entry.span)
            elif not (isinstance(ref, SScalar) and isinstance(ref.value, str)):
                yield self.finding(f"sharedLists[{index}].ref must be a string, got {type_name(ref)}", ref.span)


class SharedListVersion(Rule):
    code = Code.VAL071
    name = "shared-list-version"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "sharedLists[].version is required and must be a semantic version"
    why = "The runtime refuses an entry without a version and loads a list only when its version is exactly this one."
    fix = "Write the list's own `meta.version`, such as `version: '3.0.0'`."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            example("    sharedLists: [ { ref: 'evmChains', version: 'latest' } ],\n    tools: {}"),
            (Expect(3, 49, "sharedLists[0].version 'latest' is not a semantic version"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for index, entry in _entries(ctx):
            version = entry.get("version")
            if isinstance(version, NonStatic):
                continue
            if version is None or (isinstance(version, SScalar) and version.value in (None, "")):
                yield self.finding(f"sharedLists[{index}].version is required, such as '3.0.0'", entry.span)
            elif not (isinstance(version, SScalar) and isinstance(version.value, str)):
                yield self.finding(
                    f"sharedLists[{index}].version must be a string such as '3.0.0', got {type_name(version)}",
                    version.span,
                )
            elif not SEMVER.match(version.value):
                yield self.finding(
                    f"sharedLists[{index}].version '{version.value}' is not a semantic version (such as '3.0.0')",
                    version.span,
                )


# Examples resolve against the repository's own sample list (sample_schemas/_lists/evm-chains.mjs, 3.0.0).
_IN_SAMPLES = "sample_schemas/etherscan/example.mjs"


def _declared(ctx: RuleContext) -> Iterator[tuple[str, SharedListRef]]:
    yield from ctx.definition.shared_lists.items()


class ListExists(Rule):
    code = Code.VAL072
    name = "shared-list-exists"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "A referenced shared list must exist in the list registry (the _lists/ folder)"
    why = (
        "The runtime loads each declared list before the definition and refuses the definition when one is "
        "missing. When flowlint finds no _lists/ folder at all it cannot tell, and says so once (FL004)."
    )
    fix = "Correct the ref to a list's meta.name, or add the list to _lists/."
    VALID = [Example(_GOOD, path=_IN_SAMPLES)]
    INVALID = [
        Example(
            example("    sharedLists: [ { ref: 'evmChain', version: '3.0.0' } ],\n    tools: {}"),
            (Expect(3, 20, "no shared list 'evmChain' in "),),
            path=_IN_SAMPLES,
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for name, ref in _declared(ctx):
            found, folder = ctx.resolver.lookup(ctx.path, name)
            if folder is not None and found is None:
                where = os.path.relpath(folder, ctx.path.parent.resolve())  # stable wherever flowlint runs
                yield self.finding(f"no shared list '{name}' in {where}: the runtime refuses the definition", ref.span)


class ListVersion(Rule):
    code = Code.VAL073
    name = "shared-list-version-match"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "A referenced list's version must match the list's meta.version"
    why = (
        '09 says "match or be compatible", 03-shared-lists calls a mismatch a hard error, and the runtime '
        "compares the two strings exactly and refuses the definition when they differ: flowlint follows the "
        "runtime and 03."
    )
    fix = "Write the list's meta.version in sharedLists[].version."
    VALID = ListExists.VALID
    INVALID = [
        Example(
            example("    sharedLists: [ { ref: 'evmChains', version: '3.1.0' } ],\n    tools: {}"),
            (Expect(3, 49, "the list 'evmChains' is version 3.0.0"),),
            path=_IN_SAMPLES,
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for name, ref in _declared(ctx):
            if ref.version is None or not SEMVER.match(ref.version):
                continue  # (VAL071)
            found, _folder = ctx.resolver.lookup(ctx.path, name)
            if found is not None and found.version is not None and found.version != ref.version:
                yield self.finding(
                    f"the list '{name}' is version {found.version} ({found.path.name}), not {ref.version}: the "
                    f"runtime compares them exactly and refuses the definition; write version: '{found.version}'",
                    ref.version_span or ref.span,
                )


class FilterKey(Rule):
    code = Code.VAL074
    name = "shared-list-filter"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "sharedLists[].filter (if present) must have a key naming a list field"
    why = "The filter keeps the entries whose `key` field exists, equals `value` or is `in` a list; without a key it filters nothing."
    fix = "Write `filter: { key: 'etherscanAlias', exists: true }`."
    VALID = [
        Example(
            example(
                "    sharedLists: [ { ref: 'evmChains', version: '3.0.0', filter: { key: 'alias', exists: true } } ],\n"
                + _USING_TOOL
            )
        )
    ]
    INVALID = [
        Example(
            example(
                "    sharedLists: [ { ref: 'evmChains', version: '3.0.0', filter: { exists: true } } ],\n    tools: {}"
            ),
            (Expect(3, 66, "sharedLists[0].filter needs a key"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for index, entry in _entries(ctx):
            node = entry.get("filter")
            if node is None or isinstance(node, NonStatic):
                continue
            if not isinstance(node, SObject):
                yield self.finding(f"sharedLists[{index}].filter must be an object {{ key, ... }}", node.span)
            elif not isinstance(string_value(node.get("key")), str):
                yield self.finding(f"sharedLists[{index}].filter needs a key: the list field to filter on", node.span)


class UnusedList(Rule):
    code = Code.VAL075
    name = "shared-list-unused"
    severity = Severity.WARNING
    consequence = Consequence.ADVICE
    summary = "A declared shared list should be used by a parameter or a handler"
    why = "The runtime loads every declared list; one that nothing uses costs load time and misleads readers."
    fix = "Use it in `enum({{list:field}})` (or in the handlers' `sharedLists`), or remove the declaration."
    VALID = [Example(_GOOD, path=_IN_SAMPLES)]
    INVALID = [
        Example(
            example("    sharedLists: [ { ref: 'evmChains', version: '3.0.0' } ],\n    tools: {}"),
            (Expect(3, 20, "sharedLists declares 'evmChains', but no parameter or handler uses it"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        used = {
            parameter.z.list_ref.name
            for tool in ctx.definition.tools
            for parameter in tool.parameters
            if parameter.z is not None and parameter.z.list_ref is not None
        }
        # Handlers read lists as `sharedLists.name` / `sharedLists['name']`: a mention after main counts as a use.
        handlers = ""
        if ctx.definition.has_handlers:
            handlers = ctx.source[ctx.definition.main.span.end :].decode("utf-8", "replace")
        for name, ref in _declared(ctx):
            if name not in used and name not in handlers:
                yield self.finding(f"sharedLists declares '{name}', but no parameter or handler uses it", ref.span)
