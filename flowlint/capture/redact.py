"""Secret redaction: no server-param value may appear anywhere in a capture file.

Every string in a record (URL, messages, reason, data, keys) is scrubbed of each secret value and of
its URL-encoded forms, which become `{{SERVER_PARAM:NAME}}`. Longer secrets are replaced first so a
secret containing another is not half-replaced.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import quote, quote_plus


class Redactor:
    def __init__(self, secrets: Mapping[str, str]) -> None:
        pairs: dict[str, str] = {}
        for name, value in secrets.items():
            if not value:
                continue
            token = "{{SERVER_PARAM:" + name + "}}"
            for form in (value, quote(value, safe=""), quote_plus(value), quote(value, safe="/:@")):
                pairs.setdefault(form, token)
        self._pairs = sorted(pairs.items(), key=lambda item: -len(item[0]))

    def __bool__(self) -> bool:
        return bool(self._pairs)

    def text(self, value: str) -> str:
        for secret, token in self._pairs:
            if secret in value:
                value = value.replace(secret, token)
        return value

    def value(self, value: object) -> object:
        """A deep copy of JSON-like `value` with every string redacted."""
        if not self._pairs:
            return value
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {self.text(str(k)): self.value(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [self.value(v) for v in value]
        return value
