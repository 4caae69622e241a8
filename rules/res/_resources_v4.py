"""RES026-RES028, RES036, RES038, RES039, FL022, FL024: the 4.x resource rules that differ from 3.0.0's
(13-resources, 4.2.0 numbering).

The 4.x runtime (flowmcp-core 8dab10b, MainValidator and ResourceValidator) allows 7 queries per resource,
markdown resources (an origin, a `.md` name; no `mode`, `queries` or `database`), http resources (a
non-empty `path`) and a SQLite resource's `lifecycle` ('persistent' or 'transient').

Each rule is in its own module of this folder (and `rules/fl/` for FL codes); this module holds what they share.
"""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.nodes import SEntry, SObject, SScalar
from flowlint.lint.rule import RuleContext

MARKDOWN = "source: 'markdown', description: 'Guide', origin: 'inline', name: 'guide.md'"
SQLITE = (
    "source: 'sqlite', description: 'Contracts', database: 'contracts.db', queries: { all: { sql: 'SELECT address "
    "FROM contracts', description: 'All', parameters: [], output: { mimeType: 'application/json', schema: { type: "
    "'array', items: { type: 'object' } } }, tests: [ { _description: 'All' } ] } }"
)


def v4_resources(ctx: RuleContext, source: str) -> Iterator[tuple[SEntry, SObject]]:
    """The resources whose source is `source` (for the 4.x rules: `generations = (4,)`)."""
    node = ctx.definition.main.get("resources")
    if not isinstance(node, SObject):
        return
    for entry in node.entries:
        value = entry.value
        if isinstance(value, SObject):
            kind = value.get("source")
            if isinstance(kind, SScalar) and kind.value == source:
                yield entry, value
