"""VAL101: meta.isReadOnly is required and must be a boolean."""

from __future__ import annotations

from flowlint.lint.codes import Code

from ._tool_meta import MetaField


class ReadOnly(MetaField):
    code = Code.VAL101
    key, kind, good, bad = "isReadOnly", "boolean", "true", "'yes'"
