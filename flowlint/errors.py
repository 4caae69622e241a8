"""flowlint's domain errors: one small hierarchy, each with a message fit to show a user as is."""

from __future__ import annotations


class FlowlintError(Exception):
    """Base of every expected failure; the CLI prints the message, never a traceback."""


class ConfigError(FlowlintError):
    """Invalid configuration: a bad `[tool.flowlint]` table or conflicting options."""


class UsageError(FlowlintError):
    """Invalid command-line input: a path that does not exist, an unknown rule code..."""
