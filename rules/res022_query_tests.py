"""RES022, RES023: a resource query's test values pass z, and tests are JSON data.

The same checks as TST004 and TST005, which 09-validation-rules gives their own codes for resource
queries; the checks are TST004's and TST005's, applied to queries.
"""

from __future__ import annotations

from typing import ClassVar

from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, example
from flowlint.rules.tst004_valid_values import ValidValues  # type: ignore[import-not-found,unused-ignore]
from flowlint.rules.tst005_json_serializable import JsonSerializable  # type: ignore[import-not-found,unused-ignore]

_OUTPUT = "output: { mimeType: 'application/json', schema: { type: 'array', items: { type: 'object' } } },"


def _query(parameter: str, tests: str) -> str:
    return example(
        "    resources: { contracts: { source: 'sqlite', description: 'Contracts', database: 'contracts.db', queries: {\n"
        "        byChain: { sql: 'SELECT address FROM contracts WHERE chain_id = ?', description: 'By chain',\n"
        f"            parameters: [ {parameter} ],\n"
        f"            {_OUTPUT}\n"
        f"            tests: [ {tests} ] }}\n"
        "    } } }"
    )


_PARAMETER = (
    "{ position: { key: 'chain', value: '{{USER_PARAM}}' }, z: { primitive: 'number()', options: [ 'min(1)' ] } }"
)
_GOOD = _query(
    _PARAMETER,
    "{ _description: 'Ethereum', chain: 1 }, { _description: 'Polygon', chain: 137 }, { _description: 'Base', chain: 8453 }",
)


class QueryValidValues(ValidValues):  # type: ignore[misc,unused-ignore]
    code = Code.RES022
    kinds: ClassVar[tuple[str, ...]] = ("query",)
    name = "query-valid-values"
    summary = "A resource query's test values must pass the corresponding z validation"
    why = "The same check as TST004: a query test whose value fails z is refused before the SQL runs."
    fix = "Write the value in the parameter's type (1, not '1')."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            _query(
                _PARAMETER,
                "{ _description: 'Ethereum', chain: '1' }, { _description: 'Polygon', chain: 137 }, { _description: 'Base', chain: 8453 }",
            ),
            (Expect(7, 57, "parameter 'chain' expects number()"),),
        )
    ]


class QueryJsonTests(JsonSerializable):  # type: ignore[misc,unused-ignore]
    code = Code.RES023
    kinds: ClassVar[tuple[str, ...]] = ("query",)
    name = "query-json-serializable"
    summary = "A resource query's test objects must be JSON-serializable"
    why = "The same check as TST005: tests are data, sent as JSON."
    fix = "Write the literal value."
    VALID = [Example(_GOOD)]
    INVALID = [
        Example(
            _query(
                _PARAMETER,
                "{ _description: 'Ethereum', chain: Number( '1' ) }, { _description: 'Polygon', chain: 137 }, { _description: 'Base', chain: 8453 }",
            ),
            (Expect(7, 57, "tests must hold literal values"),),
        )
    ]
