"""RES022: A resource query's test values must pass the corresponding z validation."""

from __future__ import annotations

from typing import ClassVar

from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect

from ..tst._test_values import ZValuesRule
from ._query_tests import GOOD, PARAMETER, query


class QueryValidValues(ZValuesRule):
    code = Code.RES022
    kinds: ClassVar[tuple[str, ...]] = ("query",)
    name = "query-valid-values"
    summary = "A resource query's test values must pass the corresponding z validation"
    why = "The same check as TST004: a query test whose value fails z is refused before the SQL runs."
    fix = "Write the value in the parameter's type (1, not '1')."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            query(
                PARAMETER,
                "{ _description: 'Ethereum', chain: ‸'1' }, { _description: 'Polygon', chain: 137 }, { _description: 'Base', chain: 8453 }",
            ),
            (Expect("parameter 'chain' expects number()"),),
        )
    ]
