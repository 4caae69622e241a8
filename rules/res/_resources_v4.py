"""RES028, RES036, RES039, FL022: the 4.x resource rules that differ from 3.0.0's (13-resources, 4.x numbering).

The 4.x runtime (flowmcp-core 8dab10b, MainValidator and ResourceValidator) allows 7 queries per resource,
markdown resources (no `queries`, no `database`) and http resources (a non-empty `path`).

Each rule is in its own module of this folder (and `rules/fl/` for FL codes); this module holds what they share.
"""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.nodes import SEntry, SObject, SScalar
from flowlint.lint.rule import RuleContext

MARKDOWN = "source: 'markdown', description: 'Guide', origin: 'inline', name: 'guide.md'"


def v4_resources(ctx: RuleContext, source: str) -> Iterator[tuple[SEntry, SObject]]:
    """The resources of a 4.x definition whose source is `source`."""
    if ctx.spec.major != 4:
        return
    node = ctx.definition.main.get("resources")
    if not isinstance(node, SObject):
        return
    for entry in node.entries:
        value = entry.value
        if isinstance(value, SObject):
            kind = value.get("source")
            if isinstance(kind, SScalar) and kind.value == source:
                yield entry, value
