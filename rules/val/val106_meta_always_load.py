"""VAL106: meta.alwaysLoad is required and must be a boolean."""

from __future__ import annotations

from flowlint.lint.codes import Code

from ._tool_meta import MetaField


class AlwaysLoad(MetaField):
    code = Code.VAL106
    key, kind, good, bad = "alwaysLoad", "boolean", "false", "0"
