"""VAL024: shared-lists-array."""

from __future__ import annotations

from flowlint.lint.codes import Code

from ._main_block import ArrayField


class SharedLists(ArrayField):
    code = Code.VAL024
    name = "shared-lists-array"
    key, item, good, bad = "sharedLists", "object", "[]", "{}"
    why = "Each entry is `{ ref, version }`; the runtime refuses anything but an array."
