"""VAL030, VAL032-VAL034, VAL036, VAL037: each tool's name and fields (09-validation-rules, "Tools").

Each rule is in its own module of this folder (and `rules/fl/` for FL codes); this module holds what they share.
"""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.nodes import SNode, SScalar
from flowlint.definition.model import Tool
from flowlint.lint.rule import RuleContext, example

GOOD = """\
    tools: {
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [],
            output: { mimeType: 'application/json', schema: { type: 'object' } },
            tests: [ { _description: 'Up' }, { _description: 'Still up' }, { _description: 'Up again' } ] }
    }"""


def tool_example(line: str) -> str:
    """An example with one tool whose fields are `line` (line 4)."""
    return example(
        "    tools: {\n        " + line + "\n"
        "            tests: [ { _description: 'Up' }, { _description: 'Still up' }, { _description: 'Up again' } ] }\n"
        "    }"
    )


def tools(ctx: RuleContext) -> Iterator[Tool]:
    for tool in ctx.definition.tools:
        if tool.kind == "tool" and tool.obj is not None:
            yield tool


def field(tool: Tool, key: str) -> SNode | None:
    assert tool.obj is not None
    node = tool.obj.get(key)
    return None if node is None or (isinstance(node, SScalar) and node.value is None) else node
