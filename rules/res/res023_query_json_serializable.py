"""RES023: A resource query's test objects must be JSON-serializable."""

from __future__ import annotations

from typing import ClassVar

from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect

from ..tst._json_tests import JsonDataRule
from ._query_tests import GOOD, PARAMETER, query


class QueryJsonTests(JsonDataRule):
    code = Code.RES023
    kinds: ClassVar[tuple[str, ...]] = ("query",)
    name = "query-json-serializable"
    summary = "A resource query's test objects must be JSON-serializable"
    why = "The same check as TST005: tests are data, sent as JSON."
    fix = "Write the literal value."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            query(
                PARAMETER,
                "{ _description: 'Ethereum', chain: ‸Number( '1' ) }, { _description: 'Polygon', chain: 137 }, { _description: 'Base', chain: 8453 }",
            ),
            (Expect("tests must hold literal values"),),
        )
    ]
