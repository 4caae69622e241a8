"""RES022, RES023: a resource query's test values pass z, and tests are JSON data.

The same checks as TST004 and TST005, which 09-validation-rules gives their own codes for resource
queries; the checks are TST004's and TST005's, applied to queries.

Each rule is in its own module of this folder (and `rules/fl/` for FL codes); this module holds what they share.
"""

from __future__ import annotations

from flowlint.lint.rule import example

_OUTPUT = "output: { mimeType: 'application/json', schema: { type: 'array', items: { type: 'object' } } },"


def query(parameter: str, tests: str) -> str:
    return example(
        "    resources: { contracts: { source: 'sqlite', description: 'Contracts', database: 'contracts.db', queries: {\n"
        "        byChain: { sql: 'SELECT address FROM contracts WHERE chain_id = ?', description: 'By chain',\n"
        f"            parameters: [ {parameter} ],\n"
        f"            {_OUTPUT}\n"
        f"            tests: [ {tests} ] }}\n"
        "    } } }"
    )


PARAMETER = (
    "{ position: { key: 'chain', value: '{{USER_PARAM}}' }, z: { primitive: 'number()', options: [ 'min(1)' ] } }"
)


GOOD = query(
    PARAMETER,
    "{ _description: 'Ethereum', chain: 1 }, { _description: 'Polygon', chain: 137 }, { _description: 'Base', chain: 8453 }",
)
