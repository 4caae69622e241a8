"""SEC015: the 4.x specification forbids `setTimeout` in a definition file (its runtime no longer scans for it)."""

from __future__ import annotations

from flowlint.lint.codes import Code

from ._security_scan import PatternRule


class SetTimeout(PatternRule):
    code = Code.SEC015
    name = "no-set-timeout"
    pattern = "setTimeout"
    example_line = "setTimeout"
