"""SEC020: Under 4.x, each requiredLibraries entry must be on the runtime's allowlist (the runtime's SEC020)."""

from __future__ import annotations

from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, example_v4

from ..val._library_allowlist import AllowlistRule


class LibraryAllowlistV4(AllowlistRule):
    code = Code.SEC020
    name = "library-allowlist-v4"
    summary = "Under 4.x, each requiredLibraries entry must be on the runtime's allowlist (the runtime's SEC020)"
    origin = "spec 4.x (05-security), runtime 4.x"
    why = (
        "Handlers receive only approved packages. The 4.x runtime refuses a definition whose requiredLibraries "
        "names a package outside its allowlist and prints SEC020, the code 4.x's specification gives it."
    )
    fix = "Use an allowed package (ethers, moment, ccxt, indicatorts, ...), or have the runtime's allowlist extended."
    generations = (4,)
    renumbers = Code.VAL026
    VALID = [Example(example_v4("    requiredLibraries: [ 'ethers' ],\n    tools: {}"))]
    INVALID = [
        Example(
            example_v4("    requiredLibraries: [ ‸'axios' ],\n    tools: {}"),
            (Expect("'axios' is not on the runtime's library allowlist"),),
        )
    ]
