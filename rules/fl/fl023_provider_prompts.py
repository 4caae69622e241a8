"""FL023: `main.prompts` (provider prompts) is what FlowMCP's PromptValidator accepts."""

from __future__ import annotations

import re
from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SArray, SNode, SObject, Span, SScalar, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

_KEY = re.compile(r"[a-z][a-zA-Z0-9]*\Z")


_NAME = re.compile(r"[a-z][a-z0-9-]*\Z")


_GOOD = (
    "    prompts: { about: { name: 'about', version: 'flowmcp-prompt/1.0.0', namespace: 'demo', "
    "description: 'What this API offers', dependsOn: [], references: [], contentFile: './prompts/about.mjs' } },\n"
    "    tools: {}"
)


class ProviderPrompts(Rule):
    code = Code.FL023
    name = "provider-prompts"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "main.prompts holds 1-5 provider prompts with name, version, namespace, description, dependsOn, references and contentFile"
    why = (
        "When `main.prompts` is present, FlowMCP's runtime (3.x and 4.x, PromptValidator) refuses the whole "
        "definition unless it is an object of 1 to 5 camelCase-keyed prompts, each with a kebab-case `name`, "
        "`version: 'flowmcp-prompt/1.0.0'`, the schema's `namespace`, a `description` of 1-1024 characters, "
        "`dependsOn` and `references` arrays of strings and a `contentFile` ending in `.mjs` (no `agent`, "
        "`testedWith` or `content`). The runtime prints PRM codes whose numbers the specification's "
        "12-prompt-architecture gives other meanings, so flowlint reports them under one code of its own and "
        "quotes the runtime's."
    )
    fix = "Complete the prompt, or remove `prompts` until the prompt files exist."
    # A prompts block the 3.x runtime accepts still has VAL003's spec-only warning (3.0.0 lists no
    # main.prompts), so the passing example has none; the failing ones are built from a good block.
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            example("    prompts: ‸{},\n    tools: {}"),
            (Expect("main.prompts must contain at least one prompt (the runtime's PRM001)"),),
        ),
        Example(
            example(_GOOD.replace("'flowmcp-prompt/1.0.0'", "‸'1.0.0'")),
            (Expect("prompts.about.version must be 'flowmcp-prompt/1.0.0' (the runtime's PRM002)"),),
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        if ctx.spec.major != 3:
            return  # under 4.x main.prompts is an unknown field of main, refused as such
        prompts = ctx.definition.main.get("prompts")
        if prompts is None or isinstance(prompts, NonStatic) or (isinstance(prompts, SScalar) and not prompts.value):
            return  # absent, or falsy: the runtime's `if( main.prompts )` skips it
        if not isinstance(prompts, SObject):
            yield self._refused("main.prompts must be a non-null object", "PRM001", prompts.span)
            return
        if not prompts.entries:
            yield self._refused("main.prompts must contain at least one prompt", "PRM001", prompts.span)
            return
        if len(prompts.entries) > 5:
            yield self._refused("main.prompts holds at most 5 prompts", "PRM002", prompts.span)
            return
        namespace = ctx.definition.namespace
        for entry in prompts.entries:
            where = f"prompts.{entry.key}"
            if not _KEY.match(entry.key):
                yield self._refused(f"{where}: the key must be camelCase", "PRM003", entry.key_span)
            if isinstance(entry.value, NonStatic):
                continue
            if not isinstance(entry.value, SObject):
                yield self._refused(
                    f"{where} must be an object, got {type_name(entry.value)}", "PRM003", entry.value.span
                )
                continue
            yield from self._prompt(where, entry.value, entry.key_span, namespace)

    def _prompt(self, where: str, prompt: SObject, at: Span, namespace: str | None) -> Iterator[Finding]:
        checks: list[tuple[str, str, str, object]] = [
            ("name", "PRM001", "a kebab-case string", lambda v: isinstance(v, str) and _NAME.match(v)),
            ("version", "PRM002", "'flowmcp-prompt/1.0.0'", lambda v: v == "flowmcp-prompt/1.0.0"),
            (
                "namespace",
                "PRM003",
                f"the schema's namespace '{namespace}'",
                lambda v: isinstance(v, str) and v == namespace,
            ),
            (
                "description",
                "PRM004",
                "a string of 1-1024 characters",
                lambda v: isinstance(v, str) and 0 < len(v) <= 1024,
            ),
            ("contentFile", "PRM011", "a path ending in .mjs", lambda v: isinstance(v, str) and v.endswith(".mjs")),
        ]
        for key, code, wanted, ok in checks:
            node = prompt.get(key)
            if isinstance(node, NonStatic):
                continue
            value = node.value if isinstance(node, SScalar) else None if node is None else node
            if not ok(value):  # type: ignore[operator]
                yield self._refused(f"{where}.{key} must be {wanted}", code, node.span if node is not None else at)
        for key, code in (("dependsOn", "PRM005"), ("references", "PRM013")):
            node = prompt.get(key)
            if not isinstance(node, (SArray, NonStatic)) or (
                isinstance(node, SArray) and not all(_is_string(item) for item in node.items)
            ):
                yield self._refused(
                    f"{where}.{key} must be an array of strings", code, node.span if node is not None else at
                )
        for key, code, instead in (
            ("agent", "PRM003", ""),
            ("testedWith", "PRM004", ""),
            ("content", "PRM010", "; use contentFile"),
        ):
            entry = prompt.entry(key)
            if entry is not None:
                yield self._refused(f"{where}.{key} is forbidden in a provider prompt{instead}", code, entry.key_span)

    def _refused(self, what: str, runtime_code: str, span: Span) -> Finding:
        return self.finding(f"{what} (the runtime's {runtime_code}): FlowMCP refuses the definition", span)


def _is_string(node: SNode) -> bool:
    return isinstance(node, NonStatic) or (isinstance(node, SScalar) and isinstance(node.value, str))
