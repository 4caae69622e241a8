"""VAL021: tags-array."""

from __future__ import annotations

from flowlint.lint.codes import Code

from ._main_block import ArrayField


class Tags(ArrayField):
    code = Code.VAL021
    name = "tags-array"
    key, item, good, bad = "tags", "string", "[ 'defi' ]", "'defi'"
    why = "Tags are matched one by one in tool discovery; the runtime refuses anything but an array."
