"""VAL026: Each requiredLibraries entry must be on the runtime's allowlist."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, example

from ._library_allowlist import AllowlistRule


class LibraryAllowlist(AllowlistRule):
    code = Code.VAL026
    name = "library-allowlist"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "Each requiredLibraries entry must be on the runtime's allowlist"
    why = (
        "Handlers receive only approved packages. The runtime's default allowlist (flowmcp-core's LibraryLoader) "
        "differs from 05-security's list (which also names @erc725/erc725.js and axios, and lacks Node built-ins "
        "and several trading packages); flowlint follows the runtime, which refuses the definition otherwise."
    )
    fix = "Use an allowed package (ethers, moment, ccxt, indicatorts, ...), or have the runtime's allowlist extended."
    VALID = [Example(example("    requiredLibraries: [ 'ethers' ],\n    tools: {}"))]
    INVALID = [
        Example(
            example("    requiredLibraries: [ ‸'axios' ],\n    tools: {}"),
            (Expect("'axios' is not on the runtime's library allowlist"),),
        )
    ]
