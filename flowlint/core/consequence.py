"""What happens at runtime when a rule's finding is true, and the severity that follows from it.

A finding's severity is not chosen by taste: it is the consequence of the defect in FlowMCP's runtime
of the generation the file declares (issue 18). The default profile reports FlowMCP's own verdict plus
the test rules TST001-TST008; the strict profile (`--strict`, `strict = true`) reports every error rule
of the declared specification as an error, and only those: flowlint's own codes (FL, VER) keep their
default severity (the caller says whether a finding's rule is the specification's).

| consequence | default | strict |
|---|---|---|
| refused, not-built, call-refused, unchecked | error | error |
| test (TST001-TST008) | the rule's severity | the rule's severity (TST001 below the spec's 3: error) |
| spec, ignored | warning (info stays info) | the specification's severity |
| advice | the rule's severity | the rule's severity |
"""

from __future__ import annotations

from enum import StrEnum

from flowlint.core.severity import Severity

__all__ = ["MEANINGS", "Consequence", "profile_severity", "tolerated_note"]


class Consequence(StrEnum):
    """The consequence class of a finding (its value is what docs and `flowlint rule` print; MEANINGS says
    what each is)."""

    REFUSED = "refused at load"
    NOT_BUILT = "tool not built"
    CALL_REFUSED = "call refused over MCP"
    TEST = "test rule"
    SPEC = "spec only"
    IGNORED = "silently ignored"
    ADVICE = "advice"
    UNCHECKED = "not checked"


MEANINGS = {
    Consequence.REFUSED: "FlowMCP's runtime refuses to load the file: the security scan, the import and its `main` "
    "export, main validation, shared lists, libraries, resources.",
    Consequence.NOT_BUILT: "The runtime loads the file but cannot build the tool (ZodBuilder throws), so the MCP "
    "server has no such tool.",
    Consequence.CALL_REFUSED: "The tool is served, but calls are refused by its MCP input schema "
    "(`prepareServerTool`'s zod) or always fail.",
    Consequence.TEST: "A test breaks one of TST001-TST008, the rules flowlint exists for.",
    Consequence.SPEC: "The specification forbids it; the runtime of that generation accepts it.",
    Consequence.IGNORED: "The runtime silently ignores the text (an unknown option, a body on GET): it has no effect.",
    Consequence.ADVICE: "A recommendation; nothing refuses it.",
    Consequence.UNCHECKED: "flowlint could not check the file (a defect or limit of flowlint): no verdict can be "
    "given.",
}


_ALWAYS_ERROR = frozenset({Consequence.REFUSED, Consequence.NOT_BUILT, Consequence.CALL_REFUSED, Consequence.UNCHECKED})
_TOLERATED = frozenset({Consequence.SPEC, Consequence.IGNORED})


def profile_severity(consequence: Consequence, severity: Severity, strict: bool) -> Severity:
    """The severity of a finding whose rule (or finding) says `severity` under the specification, given
    its consequence and the profile."""
    if consequence in _ALWAYS_ERROR:
        return Severity.ERROR
    if consequence in _TOLERATED and not strict and severity is Severity.ERROR:
        return Severity.WARNING
    return severity


def tolerated_note(consequence: Consequence, generation: int, strict_error: bool = True) -> str:
    """What a message says about a finding that the runtime tolerates (empty for other consequences);
    `strict_error`: whether the strict profile reports it as an error (a specification rule's)."""
    strict = "; an error under --strict" if strict_error else ""
    if consequence is Consequence.SPEC:
        return f" [spec only: FlowMCP's {generation}.x runtime accepts it{strict}]"
    if consequence is Consequence.IGNORED:
        return f" [ignored by FlowMCP's {generation}.x runtime{strict}]"
    return ""
