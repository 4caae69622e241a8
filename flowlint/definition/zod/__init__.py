"""The z engine: FlowMCP's `z: { primitive, options }` parsed into a spec, and values checked against it.

Semantics follow the FlowMCP specification where it speaks and the reference runtime (zod 3) where it
is silent: no coercion, enum values are strings, `array()` holds strings, `default()` implies
`optional()`, `regex()` is enforced. Shared by the rules, capture, the MCP mock and `mcp-tools`.

| module | what |
|---|---|
| `facts.py` | `ZFact`: what the runtime reads otherwise, refuses, or flowlint cannot check; `ZNote`: one |
| `spec.py` | `ZSpec`: a parsed block |
| `parse.py` | `parse_z`: a block read as ZodBuilder reads it, with its facts |
| `validate.py` | `validate`: one value against a spec, as zod checks it |

JavaScript's own semantics (Number(), parseFloat(), RegExp) are in `flowlint.core.jsvalues` and
`flowlint.core.jsregex`. This module is the API: import from `flowlint.definition.zod`.
"""

from __future__ import annotations

from flowlint.definition.zod.facts import BREAKING_FACTS, ZFact, ZNote
from flowlint.definition.zod.parse import guess_default, parse_z, runtime_enum_values, runtime_primitive, split_loose
from flowlint.definition.zod.spec import KNOWN_OPTIONS, PRIMITIVES, ListRef, ZSpec
from flowlint.definition.zod.validate import regex_unchecked, validate

__all__ = [
    "BREAKING_FACTS",
    "KNOWN_OPTIONS",
    "PRIMITIVES",
    "ListRef",
    "ZFact",
    "ZNote",
    "ZSpec",
    "guess_default",
    "parse_z",
    "regex_unchecked",
    "runtime_enum_values",
    "runtime_primitive",
    "split_loose",
    "validate",
]
