"""Which FlowMCP specification a definition is checked against.

`main.version` picks the rule set: 2.x and 3.x are checked against specification 3.0.0 (2.x with its
deprecation warning), 4.x against 4.0.0-4.2.0 (the last versions with a full code registry in
`09-validation-rules.md`) and, where 4.3.0 differs (a tool's `meta` block is optional), against the minor
version the file declares (`SpecTarget.minor`). `spec_version` in the configuration (or `--spec-version`) sets a target
instead: a definition that declares another major version then gets one VAL014 error saying so,
and is otherwise checked against the version it declares, so the report is not a cascade.
"""

from __future__ import annotations

import re

from flowlint.core.errors import ConfigError
from flowlint.core.record import FrozenRecord

__all__ = ["KNOWN_VERSIONS", "MAJORS", "SEMVER", "SpecTarget", "parse_spec_version", "spec_target"]

MAJORS = (3, 4)
"""The specification majors flowlint has rule sets for."""
KNOWN_VERSIONS = ("3.0.0", "4.0.0", "4.1.0", "4.2.0", "4.3.0")
"""The specification versions flowlint knows (tests/data/spec-codes.json holds each one's registry)."""

# A semantic version (MAJOR.MINOR.PATCH, pre-release and build allowed): shared lists and their references.
SEMVER = re.compile(r"(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?\Z")

# `^\d+\.\d+\.\d+$` as JavaScript reads it: `\d` is ASCII and `$` does not match before a final newline.
_SEMVER = re.compile(r"([0-9]+)\.([0-9]+)\.[0-9]+\Z")


class SpecTarget(FrozenRecord, slots=True):
    """`major` is the rule set applied; `declared` is main.version's major (None when unreadable); `minor`
    the declared minor version when the file is checked against the major it declares (else None)."""

    major: int
    declared: int | None
    configured: int | None
    minor: int | None = None

    @property
    def label(self) -> str:
        return "3.0.0" if self.major == 3 else "4.x"

    @property
    def meta_optional(self) -> bool:
        """4.3.0 made a tool's `meta` block optional (19-mcp-integration, VAL100); 4.0.0-4.2.0 require it."""
        return self.major == 4 and self.minor is not None and self.minor >= 3


def declared_major(version: object) -> int | None:
    """The major number of a `main.version` written as `N.N.N`, else None."""
    if not isinstance(version, str):
        return None
    match = _SEMVER.match(version)
    return int(match.group(1)) if match else None


def declared_minor(version: object) -> int | None:
    """The minor number of a `main.version` written as `N.N.N`, else None."""
    match = _SEMVER.match(version) if isinstance(version, str) else None
    return int(match.group(2)) if match else None


def spec_target(version: object, configured: int | None) -> SpecTarget:
    """The rule set for a definition declaring `version` under the configured target (None: its own)."""
    declared = declared_major(version)
    if declared in MAJORS:
        major = declared
    elif declared == 2:
        major = 3  # accepted by the 3.x runtime, with the specification's deprecation warning
    else:
        major = configured or 3
    minor = declared_minor(version) if declared == major else None
    return SpecTarget(major=major, declared=declared, configured=configured, minor=minor)


def parse_spec_version(value: object, where: str) -> int:
    """`3`, `"3"`, `"3.0"`, `"4.2.0"`... as a supported major number; ConfigError otherwise."""
    text = str(value) if isinstance(value, (str, int)) and not isinstance(value, bool) else ""
    match = re.fullmatch(r"([0-9]+)(?:\.[0-9]++){0,2}", text.strip())
    if not match or int(match.group(1)) not in MAJORS:
        raise ConfigError(f'{where}: spec_version must be 3 or 4 (such as "3.0" or "4.2"), got {value!r}')
    return int(match.group(1))
