"""Which FlowMCP specification a definition is checked against.

`main.version` picks the rule set: 2.x and 3.x are checked against specification 3.0.0 (2.x with its
deprecation warning), 4.x against 4.0.0-4.2.0 (the last versions with a full code registry in
`09-validation-rules.md`). `spec_version` in the configuration (or `--spec-version`) sets a target
instead: a definition that declares another major version then gets one VAL014 error saying so,
and is otherwise checked against the version it declares, so the report is not a cascade.
"""

from __future__ import annotations

import re

from flowlint.core.errors import ConfigError
from flowlint.core.record import FrozenRecord

__all__ = ["MAJORS", "SEMVER", "SpecTarget", "parse_spec_version", "spec_target"]

MAJORS = (3, 4)
"""The specification majors flowlint has rule sets for."""

# A semantic version (MAJOR.MINOR.PATCH, pre-release and build allowed): shared lists and their references.
SEMVER = re.compile(r"(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?\Z")

# `^\d+\.\d+\.\d+$` as JavaScript reads it: `\d` is ASCII and `$` does not match before a final newline.
_SEMVER = re.compile(r"([0-9]+)\.[0-9]+\.[0-9]+\Z")


class SpecTarget(FrozenRecord):
    """`major` is the rule set applied; `declared` is main.version's major (None when unreadable)."""

    __slots__ = ("configured", "declared", "major")

    major: int
    declared: int | None
    configured: int | None

    def __init__(self, major: int, declared: int | None, configured: int | None) -> None:
        self.major = major
        self.declared = declared
        self.configured = configured

    @property
    def label(self) -> str:
        return "3.0.0" if self.major == 3 else "4.x"


def declared_major(version: object) -> int | None:
    """The major number of a `main.version` written as `N.N.N`, else None."""
    if not isinstance(version, str):
        return None
    match = _SEMVER.match(version)
    return int(match.group(1)) if match else None


def spec_target(version: object, configured: int | None) -> SpecTarget:
    """The rule set for a definition declaring `version` under the configured target (None: its own)."""
    declared = declared_major(version)
    if declared in MAJORS:
        major = declared
    elif declared == 2:
        major = 3  # accepted by the 3.x runtime, with the specification's deprecation warning
    else:
        major = configured or 3
    return SpecTarget(major=major, declared=declared, configured=configured)


def parse_spec_version(value: object, where: str) -> int:
    """`3`, `"3"`, `"3.0"`, `"4.2.0"`... as a supported major number; ConfigError otherwise."""
    text = str(value) if isinstance(value, (str, int)) and not isinstance(value, bool) else ""
    match = re.fullmatch(r"([0-9]+)(?:\.[0-9]++){0,2}", text.strip())
    if not match or int(match.group(1)) not in MAJORS:
        raise ConfigError(f'{where}: spec_version must be 3 or 4 (such as "3.0" or "4.2"), got {value!r}')
    return int(match.group(1))
