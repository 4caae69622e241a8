"""BLAKE2b for flowlint's own keys (the result cache, a configuration's fingerprint), imported cheaply.

`import hashlib` loads OpenSSL's bindings (about 3 ms, a tenth of a warm `flowlint check`); BLAKE2 is
built into CPython and needs none of it. Elsewhere (no `_blake2`), hashlib's is the same function.
"""

from __future__ import annotations

try:
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - an interpreter without CPython's built-in module
    from hashlib import blake2b

__all__ = ["blake2b"]
