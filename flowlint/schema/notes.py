"""What schema generation reports besides the schema: one-line notes, each at a JSON path."""

from __future__ import annotations

from dataclasses import dataclass

from flowlint.core.severity import Severity

__all__ = ["Note", "Severity"]


@dataclass(frozen=True, slots=True)
class Note:
    """A one-line remark about a generated schema; `where` is a JSON path such as `$.items[].id`
    (empty for remarks about the whole output)."""

    level: Severity
    message: str
    where: str = "$"

    def line(self, prefix: str = "") -> str:
        head = f"{prefix}: " if prefix else ""
        return (
            f"{head}{self.level}: {self.where}: {self.message}" if self.where else f"{head}{self.level}: {self.message}"
        )
