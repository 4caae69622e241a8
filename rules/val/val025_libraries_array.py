"""VAL025: libraries-array."""

from __future__ import annotations

from flowlint.lint.codes import Code

from ._main_block import ArrayField


class Libraries(ArrayField):
    code = Code.VAL025
    name = "libraries-array"
    key, item, good, bad = "requiredLibraries", "string", "[ 'ethers' ]", "'ethers'"
    why = "Handlers receive the listed npm packages; the runtime refuses anything but an array."
