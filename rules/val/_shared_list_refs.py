"""VAL070-VAL073: each `main.sharedLists` entry names an existing list and its exact version.

Each rule is in its own module of this folder (and `rules/fl/` for FL codes); this module holds what they share.
"""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.nodes import SArray, SObject
from flowlint.definition.model import SharedListRef
from flowlint.lint.rule import Example, RuleContext, example

USING_TOOL = (
    "    tools: {\n"
    "        getBalance: { method: 'GET', path: '/balance', description: 'Balance',\n"
    "            parameters: [ { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'query' }, "
    "z: { primitive: 'enum({{evmChains:alias}})', options: [] } } ],\n"
    "            output: { mimeType: 'application/json', schema: { type: 'object' } },\n"
    "            tests: [ { _description: 'Ethereum', chain: 'ETHEREUM_MAINNET' }, "
    "{ _description: 'Polygon', chain: 'POLYGON_MAINNET' }, { _description: 'Base', chain: 'BASE_MAINNET' } ] }\n"
    "    }"
)


GOOD = example("    sharedLists: [ { ref: 'evmChains', version: '3.0.0' } ],\n" + USING_TOOL)


def entries(ctx: RuleContext) -> Iterator[tuple[int, SObject]]:
    node = ctx.definition.main.get("sharedLists")
    if isinstance(node, SArray):
        for index, item in enumerate(node.items):
            if isinstance(item, SObject):
                yield index, item


# Examples resolve against the repository's own sample list (sample_schemas/_lists/evm-chains.mjs, 3.0.0).
IN_SAMPLES = "sample_schemas/etherscan/example.mjs"


def declared(ctx: RuleContext) -> Iterator[tuple[str, SharedListRef]]:
    yield from ctx.definition.shared_lists.items()


# A definition declaring the samples list it uses, at the right version (VAL070-VAL074).
DECLARED_LIST = [Example(GOOD, path=IN_SAMPLES)]
