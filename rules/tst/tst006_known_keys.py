"""TST006: test keys are `_description` or keys of `{{USER_PARAM}}` parameters."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SObject, Span, first_non_json
from flowlint.core.severity import Severity
from flowlint.definition.model import Parameter, Tool
from flowlint.definition.zod.runtime import registered_parameters, registered_spec
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding, node_path
from flowlint.lint.fixes import Edit, Fix, literal_edit
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example, tool_noun


class KnownKeys(Rule):
    code = Code.TST006
    name = "known-keys"
    severity = Severity.ERROR
    consequence = Consequence.TEST
    summary = "Test objects must only contain keys matching {{USER_PARAM}} parameter keys or _description"
    why = (
        "Only {{USER_PARAM}} parameters are supplied by the caller. A test key for a fixed or server "
        "parameter, or a misspelt key, is silently dropped at runtime, so the test does not do what it says. "
        "A value is the caller's when it contains {{USER_PARAM}} (`'intitle:{{USER_PARAM}}'` too); any other "
        "placeholder such as '{{LATITUDE}}' is read by the runtime from the server parameter of that name "
        "(sent as '' when unset): tests (and callers) cannot set it."
    )
    fix = "Remove the key, correct its spelling, or give the parameter the value '{{USER_PARAM}}'."
    VALID = [
        Example(
            example("""\
    tools: {
        getForecast: { method: 'GET', path: '/forecast', description: 'Weather forecast',
            parameters: [ { position: { key: 'latitude', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [] } } ],
            tests: [ { _description: 'Berlin', latitude: 52.52 } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getForecast: { method: 'GET', path: '/forecast', description: 'Weather forecast',
            parameters: [ { position: { key: 'latitude', value: '{{LATITUDE}}', location: 'query' }, z: { primitive: 'number()', options: [] } } ],
            tests: [ { _description: 'Berlin', ‸latitude: 52.52 } ] }
    }"""),
            (
                Expect(
                    "its value '{{LATITUDE}}' is not {{USER_PARAM}}: FlowMCP's runtime reads it from the server parameter LATITUDE",
                ),
            ),
            title="named placeholder",
        ),
        Example(
            example("""\
    tools: {
        getAqi: { method: 'GET', path: '/aqi', description: 'Air quality',
            parameters: [ { position: { key: 'city', value: '{{CITY}}', location: 'query' }, z: { primitive: 'string()', options: [] } } ],
            tests: [ { _description: 'Beijing', ‸CITY: 'beijing' } ] }
    }"""),
            (Expect("so the runtime refuses every call until 'city' is given, these tests included"),),
            title="a test keyed by the placeholder's name: the MCP tool requires the parameter's key",
            fixed=(
                "value: '{{CITY}}', location: 'query' }, z: { primitive: 'string()', options: [] } } ],\n"
                "            tests: [ { _description: 'Beijing', CITY: 'beijing' } ]",
                "value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [] } } ],\n"
                "            tests: [ { _description: 'Beijing', city: 'beijing' } ]",
            ),
        ),
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [] } } ],
            tests: [ { _description: 'Ten markets', ‸limt: 10 } ] }
    }"""),
            (Expect("test key 'limt' matches no parameter; did you mean 'limit'?"),),
            title="typo",
        ),
        Example(
            """\
import { coordinates } from './shared.mjs'
export const main = {
    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',
    tools: {
        getForecast: { method: 'GET', path: '/forecast', description: 'Weather forecast',
            parameters: [ ...coordinates, { position: { key: 'forecast_days', value: '7', location: 'query' }, z: { primitive: 'number()', options: [] } } ],
            tests: [ { _description: 'Berlin for three days', latitude: 52.52, longitude: 13.41, ‸forecast_days: 3 } ] }
    }
}
""",
            (Expect("parameter 'forecast_days' has the fixed value '7'"),),
            title="with parameters computed by code, only keys of the known ones are checked",
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        declared = set(ctx.definition.required_server_params)
        for tool in ctx.definition.tools:
            users = tool.user_parameters
            unreadable = _has_unreadable_parameters(tool)
            # A parameter with a named placeholder is one defect however many tests key it: reported once,
            # at the first test that does, naming the others (issue 18: one defect, one finding).
            placeholder_keys: dict[str, list[tuple[int, str, Span]]] = {}
            for test in tool.tests:
                if test.obj is None:
                    continue
                for entry in test.obj.entries:
                    if entry.key == "_description" or entry.key in users:
                        continue
                    if unreadable and not any(
                        entry.key == p.key or entry.key in p.placeholders for p in tool.parameters
                    ):
                        continue  # it may set a parameter computed by code, whose key flowlint cannot read
                    parameter = tool.placeholder_parameter(entry.key)
                    if parameter is not None and parameter.key is not None:
                        placeholder_keys.setdefault(parameter.key, []).append((test.index, entry.key, entry.key_span))
                        continue
                    yield self.finding(
                        f"{test.label()}: {_explain(entry.key, tool)}",
                        entry.key_span,
                        tool=tool.label,
                        test_index=test.index,
                        parameter=entry.key,
                        claims=_fixed_claims(entry.key, tool),
                    )
            for name, hits in placeholder_keys.items():
                first_index, first_key, first_span = hits[0]
                tests = [index for index, _key, _span in hits]
                which = f"test {first_index}" if len(tests) == 1 else f"tests {_ranges(tests)}"
                parameter = next(p for p in tool.parameters if p.key == name)
                misnamed = [(index, span) for index, key, span in hits if key != name]
                explanation = (
                    _misnamed_placeholder(first_key, parameter, tool, ctx.spec.major)
                    if misnamed
                    else _explain(first_key, tool)
                )
                yield self.finding(
                    f"{which} of {tool_noun(tool.kind)} '{tool.label}': {explanation}",
                    first_span,
                    tool=tool.label,
                    test_index=first_index,
                    test_indices=tuple(tests),
                    parameter=name,
                    claims=(node_path(tool.label, name),),  # the parameter's one defect
                    fix=_placeholder_fix(ctx.source, parameter, tool, misnamed, declared) if ctx.source else None,
                )


def _fixed_claims(key: str, tool: Tool) -> tuple[tuple[object, ...], ...]:
    """A test key for a fixed parameter that every test sets stands for the parameter (its advice, remove the
    key and add optional(), is the parameter's whole defect); else for nothing beyond itself."""
    parameter = next((p for p in tool.parameters if p.key == key), None)
    if parameter is None or parameter.role != "fixed":
        return ()
    tests = [test for test in tool.tests if test.obj is not None]
    every = bool(tests) and all(test.obj is not None and test.obj.get(key) is not None for test in tests)
    return (node_path(tool.label, key),) if every else ()


def _misnamed_placeholder(key: str, parameter: Parameter, tool: Tool, generation: int) -> str:
    """A test keys a named-placeholder parameter by its placeholder's name (`CITY` for `{ key: 'city', value:
    '{{CITY}}' }`): the MCP tool the runtime registers has the parameter's key, not that name."""
    name = parameter.key or key
    spec = next((registered_spec(p) for k, p in registered_parameters(tool) if k == name), None)
    source = parameter.server_param or key
    sent = f"and it sends the server parameter {source} (the environment; '' when unset), never the caller's value"
    if spec is not None and spec.omission_refused(generation):
        consequence = (
            f"FlowMCP's MCP tool requires '{name}' (every parameter with a z block is an input), so the runtime "
            f"refuses every call until '{name}' is given, these tests included; {sent}"
        )
    else:
        consequence = f"FlowMCP's MCP tool has '{name}', not '{key}', and drops '{key}'; {sent}"
    return (
        f"'{key}' is the placeholder's name in parameter '{name}' (value '{parameter.value}'), not a parameter: "
        f"{consequence}; write value: '{{{{USER_PARAM}}}}' and key the tests by '{name}'"
    )


def _placeholder_fix(
    source: bytes, parameter: Parameter, tool: Tool, misnamed: list[tuple[int, Span]], declared: set[str]
) -> Fix | None:
    """Where the runtime needs it (the tests set a parameter whose value the runtime reads from a server
    param): its one placeholder becomes '{{USER_PARAM}}' (the caller's; the text around it stays, as in
    'intitle:{{USER_PARAM}}') and each test key written as the placeholder's name is written as the
    parameter's key. Unsafe: the request changes. None where that is not mechanical: a value with several
    placeholders (a template of several inputs), a declared server param, a test that would set the key twice."""
    name = parameter.key
    position = parameter.node.get("position") if isinstance(parameter.node, SObject) else None
    value = position.get("value") if isinstance(position, SObject) else None
    placeholders = _PLACEHOLDER.findall(parameter.value or "")
    if name is None or value is None or len(placeholders) != 1 or placeholders[0].strip() in declared:
        return None
    written = (parameter.value or "").replace("{{" + placeholders[0] + "}}", "{{USER_PARAM}}", 1)
    edit = literal_edit(source, value.span, written)
    if edit is None:
        return None
    edits = [edit]
    tests = [index for index, _span in misnamed]
    for index, span in misnamed:
        test = tool.tests[index].obj
        if test is None or test.get(name) is not None or tests.count(index) > 1:
            return None  # the test already sets the key, or would set it twice
        renamed = literal_edit(source, span, name)
        if (
            renamed is None
            and _IDENTIFIER.fullmatch(name)
            and _IDENTIFIER.fullmatch(source[span.start : span.end].decode("utf-8", "replace"))
        ):
            renamed = Edit(span.start, span.end, name)  # a bare JavaScript key
        if renamed is None:
            return None
        edits.append(renamed)
    keyed = f" and key the tests by '{name}'" if misnamed else ""
    return Fix(f"write value '{written}'{keyed}", tuple(edits), safe=False)


_PLACEHOLDER = re.compile(r"\{\{([^{}]+)\}\}")
_IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*+")


def _ranges(indexes: list[int]) -> str:
    """`0-3, 5` for [0, 1, 2, 3, 5]."""
    parts: list[str] = []
    start = previous = indexes[0]
    for index in [*indexes[1:], None]:
        if index is not None and index == previous + 1:
            previous = index
            continue
        parts.append(str(start) if start == previous else f"{start}-{previous}")
        if index is not None:
            start = previous = index
    return ", ".join(parts)


def _has_unreadable_parameters(tool: Tool) -> bool:
    """Whether some of the tool's parameters are computed by code, so their keys are unknown."""
    if isinstance(tool.parameters_node, NonStatic):
        return True
    return any(p.key is None and isinstance(first_non_json(p.node), NonStatic) for p in tool.parameters)


def _explain(key: str, tool: Tool) -> str:
    by_key: Parameter | None = next((p for p in tool.parameters if p.key == key), None)
    by_placeholder = next((p for p in tool.parameters if key in p.placeholders), None)
    if by_key is None and by_placeholder is not None:
        by_key = by_placeholder
    if by_key is not None:
        name = by_key.key or key
        if by_key.role == "placeholder":
            source = by_key.server_param or "?"
            return (
                f"'{key}' sets parameter '{name}', but its value '{by_key.value}' is not {{{{USER_PARAM}}}}: "
                f"FlowMCP's runtime reads it from the server parameter {source} (the environment; sent as '' "
                "when unset), never from callers or tests; to let callers set it, write value: "
                f"'{{{{USER_PARAM}}}}' and key the tests by '{name}'"
            )
        if by_key.role == "server":
            return (
                f"'{key}' is filled from the server param {by_key.server_param} (the environment), "
                "not by tests; remove the key (never put keys or secrets in tests)"
            )
        if by_key.role == "fixed" and by_key.value is not None:
            required = by_key.z is not None and by_key.z.required
            return (
                f"parameter '{name}' has the fixed value '{by_key.value}'; tests may only set "
                "{{USER_PARAM}} parameters: remove the key"
                + (
                    " and add 'optional()' to the parameter's options (the runtime makes every parameter with a "
                    "z block a required input of the MCP tool, so a test without the key would be refused)"
                    if required
                    else ""
                )
            )
        return f"'{key}' names a parameter that is not a {{{{USER_PARAM}}}} parameter; remove the key"
    candidates = list(tool.user_parameters)
    close = difflib.get_close_matches(key, candidates, n=1, cutoff=0.6)
    if close:
        return f"test key '{key}' matches no parameter; did you mean '{close[0]}'?"
    if candidates:
        return f"test key '{key}' matches no parameter; the {{{{USER_PARAM}}}} parameters are " + ", ".join(
            f"'{c}'" for c in candidates
        )
    return f"test key '{key}' matches no parameter; this {tool_noun(tool.kind)} has no {{{{USER_PARAM}}}} parameters"
