"""Severity: how much a reported problem matters, ordered `info < warning < error`."""

from __future__ import annotations

from enum import StrEnum


class Severity(StrEnum):
    """How much a finding matters; ordered `info < warning < error`."""

    INFO = "info"
    WARNING = "warning"
    ERROR = "error"

    @property
    def rank(self) -> int:
        return _RANK[self]


_RANK = {Severity.INFO: 0, Severity.WARNING: 1, Severity.ERROR: 2}
