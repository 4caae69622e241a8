"""flowlint's domain errors: one small hierarchy, each with a message fit to show a user as is."""

from __future__ import annotations


class FlowlintError(Exception):
    """Base of every expected failure; the CLI prints the message, never a traceback."""


class ConfigError(FlowlintError):
    """Invalid configuration: a bad `[tool.flowlint]` table or conflicting options."""


class UsageError(FlowlintError):
    """Invalid command-line input: a path that does not exist, an unknown rule code..."""


class FileProblem(FlowlintError):
    """A file that cannot be read or written as asked: missing, not a regular file, too large, denied.

    `reason` says what is wrong; the message names the path first when one is given."""

    def __init__(self, reason: str, path: object = None) -> None:
        super().__init__(f"{path}: {reason}" if path is not None else reason)
        self.reason = reason
        self.path = path
