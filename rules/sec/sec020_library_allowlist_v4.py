"""SEC020: Under 4.x, each requiredLibraries entry must be on the runtime's allowlist (the runtime's SEC020)."""

from __future__ import annotations

from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, example_v4

from ..val.val026_library_allowlist import LibraryAllowlist


class LibraryAllowlistV4(LibraryAllowlist):
    code = Code.SEC020
    name = "library-allowlist-v4"
    summary = "Under 4.x, each requiredLibraries entry must be on the runtime's allowlist (the runtime's SEC020)"
    origin = "spec 4.x (05-security), runtime 4.x"
    generation = 4
    VALID = [Example(example_v4("    requiredLibraries: [ 'ethers' ],\n    tools: {}"))]
    INVALID = [
        Example(
            example_v4("    requiredLibraries: [ 'axios' ],\n    tools: {}"),
            (Expect(3, 26, "'axios' is not on the runtime's library allowlist"),),
        )
    ]
