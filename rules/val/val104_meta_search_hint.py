"""VAL104: meta.searchHint is required and must be a string."""

from __future__ import annotations

from flowlint.lint.codes import Code

from ._tool_meta import MetaField


class SearchHint(MetaField):
    code = Code.VAL104
    key, kind, good, bad = "searchHint", "string", "'health check'", "[]"
