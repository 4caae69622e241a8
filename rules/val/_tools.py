"""VAL030, VAL032-VAL034, VAL036, VAL037: each tool's name and fields (09-validation-rules, "Tools").

Each rule is in its own module of this folder (and `rules/fl/` for FL codes); this module holds what they share.
"""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.nodes import SNode, SScalar
from flowlint.definition.model import Tool
from flowlint.lint.rule import Example, RuleContext, example, example_v4

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


# A 4.x tool with every key the 4.x runtime allows on a tool and a parameter (VAL076, VAL077).
V4_TOOL = [
    Example(
        example_v4(
            "    tools: {\n"
            "        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [],\n"
            "            meta: { isReadOnly: true, isConcurrencySafe: true, isDestructive: false, searchHint: 'ping', "
            "aliases: [], alwaysLoad: false },\n"
            "            output: { mimeType: 'application/json', schema: { type: 'object' } },\n"
            "            tests: [ { _description: 'Up' }, { _description: 'Still up' }, { _description: 'Up again' } ] }\n"
            "    }"
        )
    )
]
