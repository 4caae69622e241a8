"""VAL025: libraries-array."""

from __future__ import annotations

from flowlint.lint.codes import Code

from ._main_block import ArrayField


class Libraries(ArrayField):
    code = Code.VAL025
    name = "libraries-array"
    key, item, good, bad, column = "requiredLibraries", "string", "[ 'ethers' ]", "'ethers'", 24
    why = "Handlers receive the listed npm packages; the runtime refuses anything but an array."
