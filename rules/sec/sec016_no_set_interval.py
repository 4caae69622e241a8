"""SEC016: the 4.x specification forbids `setInterval` in a definition file (its runtime no longer scans for it)."""

from __future__ import annotations

from flowlint.lint.codes import Code

from ._security_scan import PatternRule


class SetInterval(PatternRule):
    code = Code.SEC016
    name = "no-set-interval"
    pattern = "setInterval"
    example_line = "setInterval"
