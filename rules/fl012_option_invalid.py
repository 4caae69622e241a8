"""FL012: every option is known, fits the primitive, has a usable argument and, under 3.x, a usable position."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import SNode, string_value
from flowlint.core.severity import Severity
from flowlint.definition.model import Parameter
from flowlint.definition.zod import ZProblem
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.fixes import Edit, Fix
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

# The options the runtime implements as zod methods of the inner type (ZodOptional/ZodDefault lack them).
CONSTRAINTS = ("min(", "max(", "length(", "regex(")


class Options(Rule):
    code = Code.FL012
    z_problems = (ZProblem.OPTION,)
    name = "option-valid"
    severity = Severity.ERROR
    consequence = Consequence.IGNORED
    summary = "Options must be min(), max(), length(), optional(), default() or regex(), fit for the primitive"
    why = (
        "The runtime ignores unknown options such as `values(...)`, throws on `min()` for a boolean, and "
        "fails every call that omits a parameter whose default() does not fit its type. The 3.x runtime "
        "applies options in the order written, so `min()`, `max()`, `length()` or `regex()` after `optional()` "
        "or `default()` throws (`_interface.min is not a function`) when the tool is built, and every call "
        "fails; the 4.x runtime re-orders them."
    )
    fix = "Remove the option, or write it for the primitive: `min(1)` on number() or string(), `length(42)`..."
    VALID = [
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(250)' ] } } ],
            tests: [ { _description: 'Ten', limit: 10 } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'sparkline', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'boolean()', options: [ 'min(1)' ] } } ],
            tests: [ { _description: 'With sparkline', sparkline: true } ] }
    }"""),
            (Expect(5, 145, "'min(1)' does not apply to boolean()"),),
        ),
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'max(250)' ] } } ],
            tests: [ { _description: 'Ten', limit: 10 } ] }
    }"""),
            (Expect(5, 154, "'max(250)' comes after 'optional()': the 3.x runtime applies options in order"),),
            title="a constraint after optional() (3.x)",
            fixed=("[ 'optional()', 'max(250)' ]", "[ 'max(250)', 'optional()' ]"),
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        yield from super().check(ctx)
        if ctx.spec.major != 3:
            return  # the 4.x runtime applies constraints, then optional(), then default()
        for tool in ctx.definition.tools:
            for parameter in tool.parameters:
                wrapper: str | None = None
                for index, node in enumerate(parameter.option_nodes):
                    text = string_value(node) or ""
                    if text.startswith(("optional(", "default(")):
                        wrapper = wrapper or text
                    elif wrapper is not None and text.startswith(CONSTRAINTS) and not _reported(parameter, index):
                        yield Finding(
                            self.code,
                            f"parameter '{parameter.key}': '{text}' comes after '{wrapper}': the 3.x runtime applies "
                            f"options in order and throws ({text.split('(')[0]} is not a function once the value "
                            "is optional), so the tool cannot be built and every call fails; put constraints "
                            "first, then optional() and default()",
                            parameter.option_span(index),
                            tool=tool.label,
                            parameter=parameter.key,
                            fix=_reorder(ctx.source, parameter.option_nodes),
                            consequence=Consequence.NOT_BUILT,
                        )


def _reported(parameter: Parameter, index: int) -> bool:
    """Whether the z engine already reports the option at `index` (a constraint that does not apply to the
    primitive throws wherever it stands: one defect, one finding)."""
    return parameter.z is not None and any(issue.option_index == index for issue in parameter.z.issues)


def _rank(node: SNode) -> int:
    text = string_value(node) or ""
    return 2 if text.startswith("default(") else 1 if text.startswith("optional(") else 0


def _reorder(source: bytes, nodes: tuple[SNode, ...]) -> Fix | None:
    """Constraints first, then optional(), then default(), as the 4.x runtime orders them; each option
    keeps its own text and every separator stays where it is. Safe: the order the runtime can build."""
    if not source:
        return None
    wanted = sorted(nodes, key=_rank)  # stable: constraints keep their order among themselves
    edits = tuple(
        Edit(have.span.start, have.span.end, source[want.span.start : want.span.end].decode("utf-8"))
        for have, want in zip(nodes, wanted, strict=True)
        if have is not want
    )
    return Fix("put constraints before optional() and default()", edits) if edits else None
