"""FlowMCP's output-schema subset, as constants (04-output-schema): the types, the keywords and the depth.

The one place they are written. The validator and the generator (`flowlint.schema`) and the output
rules (VAL061-VAL065) read them here, so `flowlint check` needs nothing else of `flowlint.schema`.
"""

from __future__ import annotations

__all__ = ["MAX_DEPTH", "MAX_LEVELS", "SUBSET_KEYWORDS", "SUBSET_TYPES"]

MAX_LEVELS = 4
"""04-output-schema's limit: the schema is level 1, each `properties` child one deeper; `items` stay level."""
MAX_DEPTH = MAX_LEVELS - 1
"""The deepest nesting below the root (root = 0) a schema may reach; a container there has no children."""

SUBSET_KEYWORDS = ("type", "description", "nullable", "format", "enum", "properties", "items")
SUBSET_TYPES = ("string", "number", "boolean", "object", "array")
