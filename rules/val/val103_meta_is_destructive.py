"""VAL103: meta.isDestructive is required and must be a boolean."""

from __future__ import annotations

from flowlint.lint.codes import Code

from ._tool_meta import MetaField


class Destructive(MetaField):
    code = Code.VAL103
    key, kind, good, bad = "isDestructive", "boolean", "false", "'no'"
