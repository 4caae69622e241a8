"""VAL022: server-params-array."""

from __future__ import annotations

from flowlint.lint.codes import Code

from ._main_block import ArrayField


class ServerParams(ArrayField):
    code = Code.VAL022
    name = "server-params-array"
    key, item, good, bad = "requiredServerParams", "string", "[ 'API_KEY' ]", "'API_KEY'"
    why = "The runtime reads each name from the environment; it refuses anything but an array."
