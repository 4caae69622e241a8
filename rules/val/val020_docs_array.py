"""VAL020: docs-array."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.lint.codes import Code

from ._main_block import ArrayField


class Docs(ArrayField):
    code = Code.VAL020
    name = "docs-array"
    consequence = Consequence.SPEC
    key, item, good, bad = "docs", "string", "[ 'https://docs.example.com' ]", "'https://docs.example.com'"
    why = "The runtime and tools read docs as a list of URLs."
