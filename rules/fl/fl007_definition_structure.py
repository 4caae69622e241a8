"""FL007: each tool, the resources and their queries have the shape the rules rely on (no spec code)."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SObject, SScalar, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example, json_example, python_example


class Structure(Rule):
    code = Code.FL007
    name = "definition-structure"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "Each tool, main.resources and each resource and its queries must be objects"
    why = (
        "FlowMCP (and every other check) reads tools by name from these objects. flowlint reads main without "
        "running anything: in Python it must be a dict display (`main = {...}`, not `dict(...)`), and a JSON "
        'definition is an object (or an object with a "main" object), not an array.'
    )
    fix = "Write `tools: { toolName: { method, path, description, parameters, tests } }`."
    VALID = [
        Example(
            example("""\
    tools: {
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [],
            tests: [ { _description: 'Service is up' } ] }
    }""")
        ),
        Example(
            python_example("""\
    'tools': {
        'getPing': {'method': 'GET', 'path': '/ping', 'description': 'Health check', 'parameters': [],
            'tests': [{'_description': 'Service is up'}]},
    },"""),
            path="example.py",
        ),
        Example(
            json_example("""\
    "tools": {
        "getPing": { "method": "GET", "path": "/ping", "description": "Health check", "parameters": [],
            "tests": [ { "_description": "Service is up" } ] }
    }"""),
            path="example.json",
        ),
    ]
    INVALID = [
        Example(
            example("""\
    tools: {},
    resources: ‸[ { source: 'sqlite' } ]"""),
            (Expect("main.resources must be an object keyed by name, got array"),),
            title="resources as a list",
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        main = ctx.definition.main
        container = main.get("resources")  # (tools and routes: VAL016)
        if container is not None and not isinstance(container, (SObject, NonStatic)):
            yield self.finding(
                f"main.resources must be an object keyed by name, got {type_name(container)}", container.span
            )
        for tool in ctx.definition.tools:
            if not isinstance(tool.node, (SObject, NonStatic)):
                yield self.finding(
                    f"'{tool.label}' must be an object, got {type_name(tool.node)}", tool.node.span, tool=tool.label
                )
        resources = main.get("resources")
        if isinstance(resources, SObject):
            for resource in resources.entries:
                queries = resource.value.get("queries") if isinstance(resource.value, SObject) else None
                if not isinstance(resource.value, SObject):
                    yield self.finding(
                        f"resource '{resource.key}' must be an object, got {type_name(resource.value)}",
                        resource.value.span,
                    )
                elif not isinstance(queries, SObject) and not _without_queries(ctx, resource.value):
                    yield self.finding(f"resource '{resource.key}' needs a queries object", resource.key_span)


def _without_queries(ctx: RuleContext, resource: SObject) -> bool:
    """A 4.x markdown resource has no queries (RES039 forbids them); an http one need not."""
    source = resource.get("source")
    kind = source.value if isinstance(source, SScalar) else None
    return ctx.spec.major == 4 and kind in ("markdown", "http")
