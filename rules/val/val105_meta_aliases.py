"""VAL105: meta.aliases is required and must be an array."""

from __future__ import annotations

from flowlint.lint.codes import Code

from ._tool_meta import MetaField


class Aliases(MetaField):
    code = Code.VAL105
    key, kind, good, bad = "aliases", "array", "[]", "'ping'"
