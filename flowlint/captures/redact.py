"""Secret redaction: no server-param value (from `.env` or the environment) and no `--base-url`
credential may appear anywhere in a capture file.

The record writer (`captures.store.write_record`) applies a `Redactor` to every record it writes, so
no caller can forget it. Two mechanisms:

- **By position**: the request builder records the URL with each server param's placeholder token
  where the value went (`HttpRequest.shown_url`), so a secret of any length never reaches the URL
  field.
- **Blindly** everywhere else (response data, messages, reasons, headers echoed back): every string
  of the record is scrubbed of each secret in every form flowlint sends it: as is, percent-encoded
  the ways flowlint and common clients encode (`encodeURIComponent`, `quote`, `quote_plus`), as a
  JSON string, and for credentials as the Basic `user:pass` and its base64. Longer forms are
  replaced first. Values shorter than `MIN_BLIND_LENGTH` are never replaced blindly (a secret `1`
  would rewrite every timestamp): they are redacted by position only.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import quote, quote_plus

__all__ = ["BASE_URL_QUERY", "MIN_BLIND_LENGTH", "Redactor", "encode_component"]

BASE_URL_QUERY = "{{BASE_URL_QUERY}}"
"""What records show for each value of a `--base-url` query string (`?api_key=...`)."""

MIN_BLIND_LENGTH = 6
"""Secrets shorter than this are redacted where flowlint put them, never searched for in responses."""


def encode_component(value: str) -> str:
    """JavaScript's `encodeURIComponent`, which FlowMCP uses for query values and path inserts."""
    return quote(value, safe="-_.!~*'()")


def _forms(value: str) -> set[str]:
    forms = {value, encode_component(value), quote(value, safe=""), quote_plus(value), quote(value, safe="/:@")}
    forms.add(json.dumps(value, ensure_ascii=False)[1:-1])
    forms.add(json.dumps(value)[1:-1])
    return forms


class Redactor:
    """Replaces secret values with `{{SERVER_PARAM:NAME}}` tokens in any JSON-like value."""

    def __init__(
        self,
        secrets: Mapping[str, str] = {},
        credentials: Iterable[tuple[str, str]] = (),
        query_values: Iterable[str] = (),
    ) -> None:
        pairs: dict[str, str] = {}
        for name, value in secrets.items():
            if value and len(value) >= MIN_BLIND_LENGTH:
                for form in _forms(value):
                    pairs.setdefault(form, "{{SERVER_PARAM:" + name + "}}")
        for user, password in credentials:
            basic = f"{user}:{password}"
            pairs.setdefault(base64.b64encode(basic.encode()).decode(), "{{BASE_URL_CREDENTIALS}}")
            for secret in (basic, password):
                if len(secret) >= MIN_BLIND_LENGTH:
                    for form in _forms(secret):
                        pairs.setdefault(form, "{{BASE_URL_CREDENTIALS}}")
        for value in query_values:  # the values of a `--base-url` query string
            if len(value) >= MIN_BLIND_LENGTH:
                for form in _forms(value):
                    pairs.setdefault(form, BASE_URL_QUERY)
        self._pairs = sorted(pairs.items(), key=lambda item: -len(item[0]))

    def __bool__(self) -> bool:
        return bool(self._pairs)

    def text(self, value: str) -> str:
        for secret, token in self._pairs:
            if secret in value:
                value = value.replace(secret, token)
        return value

    def value(self, value: Any) -> Any:
        """A deep copy of JSON-like `value` with every string (keys too) redacted."""
        if not self._pairs:
            return value
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {self.text(str(k)): self.value(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [self.value(v) for v in value]
        return value
