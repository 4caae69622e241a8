"""VAL102: meta.isConcurrencySafe is required and must be a boolean."""

from __future__ import annotations

from flowlint.lint.codes import Code

from ._tool_meta import MetaField


class ConcurrencySafe(MetaField):
    code = Code.VAL102
    key, kind, good, bad = "isConcurrencySafe", "boolean", "true", "1"
