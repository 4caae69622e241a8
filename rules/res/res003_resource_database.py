"""RES003: resource.database must be a relative path ending with .db."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SObject, string_value
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext

from ._resources import GOOD, resource, resources


class Database(Rule):
    code = Code.RES003
    name = "resource-database"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "resource.database must be a relative path ending with .db"
    why = "The runtime opens the file read-only and refuses a path that does not end with `.db`."
    fix = "Write `database: 'contracts.db'`, relative to the definition."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            resource("source: 'sqlite', description: 'Contracts', database: ‸'/var/data/contracts.sqlite'"),
            (Expect("must be a relative path ending with .db"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for entry in resources(ctx):
            assert isinstance(entry.value, SObject)
            if string_value(entry.value.get("source")) not in (None, "sqlite"):
                continue
            node = entry.value.get("database")
            if isinstance(node, NonStatic):
                continue
            path = string_value(node)
            if node is None and entry.value.get("origin") is not None:
                yield self.finding(
                    f"resource '{entry.key}' has origin/name but no database: FlowMCP's validator (3.x and 4.x) "
                    "requires database: 'file.db' for sqlite resources (origin belongs to markdown resources); "
                    "flowlint capture reads both forms",
                    entry.key_span,
                )
            elif path is None or not path.endswith(".db") or path.startswith("/"):
                got = f", got '{path}'" if path is not None else ""
                yield self.finding(
                    f"resource '{entry.key}': database must be a relative path ending with .db{got}",
                    node.span if node is not None else entry.key_span,
                )
