"""SEC001-SEC016 and FL018: what FlowMCP's security scan refuses in a definition file, with its own codes.

Before it imports a `.mjs`/`.js` definition, the runtime scans the file's text and refuses it on any
forbidden pattern (`flowlint.definition.security` reproduces the scanner of each generation: 3.x
searches raw substrings, wherever they are; 4.x blanks comments and strings first and also catches a
glued `import(` and computed `process[`/`globalThis[`). Each hit is reported with the code of its
meaning in the declared generation's specification: 4.x prints SEC001-SEC014 for the scan (its
05-security table); under 3.0.0, whose registry gives SEC002-SEC005 other meanings, the patterns that
have no 3.0.0 code of their own (require(, eval(, Function(, the filesystem) are FL018, quoting the
code the runtime prints. 4.x keeps SEC015/SEC016 (timers) in its specification but no longer enforces
them: spec only. Python and JSON definitions are not scanned (the runtime loads JavaScript only).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.definition.security import ScanHit, codes, scan
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, ListContext, Rule, RuleContext, example, example_v4

_TIMERS = ("SEC015", "SEC016")


def _hits(ctx: RuleContext) -> list[ScanHit]:
    """The security scan of a definition by its generation's runtime, done once for every SEC rule; under
    4.x, also the timers its specification forbids and its runtime no longer scans for (spec only)."""

    def run() -> list[ScanHit]:
        if ctx.path.suffix not in (".mjs", ".js") or not ctx.source:
            return []
        hits = scan(ctx.source, ctx.spec.major)
        if ctx.spec.major == 4:
            hits += [hit.replace(code=hit.runtime_code) for hit in scan(ctx.source, 3) if hit.runtime_code in _TIMERS]
        return hits

    return ctx.shared("security scan", run)


class ScanRule(Rule):
    """A code of the runtime's security scan: reports the hits whose code (in the file's generation) is its own."""

    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    fix = "Remove it: definitions are data plus handlers that get their libraries from the runtime."

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for hit in _hits(ctx):
            if hit.code == self.code:
                spec_only = hit.code in _TIMERS and ctx.spec.major == 4
                yield self.finding(
                    f"the line contains '{hit.matched}': "
                    + (
                        "the 4.x specification forbids timers, but its runtime no longer scans for them"
                        if spec_only
                        else hit.message
                    ),
                    hit.span,
                    consequence=Consequence.SPEC if spec_only else None,
                )


class ImportStatement(ScanRule):
    code = Code.SEC001
    name = "no-import"
    summary = "A definition file must not contain import statements"
    why = (
        "Definitions are data plus handlers that receive their libraries from the runtime "
        "(`requiredLibraries`); FlowMCP's security scan refuses a line containing `import ` (3.x) or the word "
        "`import` outside comments and strings (4.x, which catches a glued `import(` too), and then does "
        "not load the file."
    )
    fix = "Declare the package in requiredLibraries and use it through the handlers' `libraries` argument."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            "import { dirname } from 'path'\n" + example("    tools: {}"),
            (Expect(1, 1, "the line contains 'import ': the runtime refuses the file at load: SEC001"),),
        ),
        Example(
            "const lib = await import('node:path')\n" + example_v4("    tools: {}"),
            (Expect(1, 19, "the runtime refuses the file at load: SEC001"),),
            title="4.x: a glued import(",
        ),
    ]


_HANDLERS = "export const handlers = () => ( { x: "


class PatternRule(ScanRule):
    """The rule of one scan code (SEC002-SEC016). Subclasses declare the `pattern` the scan looks for and
    an `example_line` that contains it; the meaning in each generation comes from the specifications'
    tables (`flowlint.definition.security.codes`)."""

    pattern: ClassVar[str]
    example_line: ClassVar[str]

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        code, pattern, example_line = cls.code, cls.pattern, cls.example_line
        meaning4 = codes(4)[code]
        meaning3 = codes(3).get(code, "")
        three = code in _THREE
        cls.origin = "spec 3.0.0 (05), 4.x (05)" if three else "spec 4.x (05-security)"
        cls.summary = f"4.x: {meaning4.rstrip('.')}" + (f"; 3.0.0: {meaning3.rstrip('.')}" if three else "")
        cls.why = (
            f"FlowMCP's security scan refuses a definition file whose text contains {pattern}, before importing "
            "it (3.x wherever the text is, strings and URLs included; 4.x outside comments and strings). 4.x "
            f"prints {code} for it"
            + (f"; 3.0.0's specification gives the pattern the code {code} too" if three else "")
            + "."
        )
        if code in _TIMERS:
            cls.why = f"4.x's specification forbids {pattern} ({code}); its runtime no longer scans for timers."
            cls.consequence = Consequence.SPEC
        cls.VALID = [Example(example_v4("    tools: {}"))]
        cls.INVALID = [
            Example(
                example_v4("    tools: {}") + _HANDLERS + example_line + " } )\n",
                (Expect(5, len(_HANDLERS) + example_line.index(pattern) + 1, f"the line contains '{pattern}'"),),
            )
        ]


# The codes a 3.x scan hit carries.
_THREE = frozenset({"SEC006", "SEC007", "SEC008", "SEC009", "SEC010", "SEC011"})


class Require(PatternRule):
    code = Code.SEC002
    name = "no-require"
    pattern = "require("
    example_line = "require( 'fs' )"


class FunctionConstructor(PatternRule):
    code = Code.SEC004
    name = "no-function-constructor"
    pattern = " Function("
    example_line = "x => Function( 'a' )"


class NewFunction(PatternRule):
    code = Code.SEC005
    name = "no-new-function"
    pattern = "new Function"
    example_line = "new Function( 'a' )"


class ProcessAccess(PatternRule):
    code = Code.SEC006
    name = "no-process"
    pattern = "process."
    example_line = "process.env"


class ChildProcess(PatternRule):
    code = Code.SEC007
    name = "no-child-process"
    pattern = "child_process"
    example_line = "child_process.spawn"


class FsAccess(PatternRule):
    code = Code.SEC008
    name = "no-fs"
    pattern = "fs."
    example_line = "a.fs.read"


class NodeFs(PatternRule):
    code = Code.SEC009
    name = "no-node-fs"
    pattern = "node:fs"
    example_line = "{ node:fs }"


class FsPromises(PatternRule):
    code = Code.SEC010
    name = "no-fs-promises"
    pattern = "fs/promises"
    example_line = "fs/promises"


class GlobalThis(PatternRule):
    code = Code.SEC011
    name = "no-globalthis"
    pattern = "globalThis."
    example_line = "globalThis.x"


class GlobalScope(PatternRule):
    code = Code.SEC012
    name = "no-global"
    pattern = "global."
    example_line = "global.x"


class DirName(PatternRule):
    code = Code.SEC013
    name = "no-dirname"
    pattern = "__dirname"
    example_line = "__dirname"


class FileName(PatternRule):
    code = Code.SEC014
    name = "no-filename"
    pattern = "__filename"
    example_line = "__filename"


class SetTimeout(PatternRule):
    code = Code.SEC015
    name = "no-set-timeout"
    pattern = "setTimeout"
    example_line = "setTimeout"


class SetInterval(PatternRule):
    code = Code.SEC016
    name = "no-set-interval"
    pattern = "setInterval"
    example_line = "setInterval"


class ForbiddenPattern(Rule):
    code = Code.FL018
    name = "security-scan"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "3.x: no line may contain require(, eval(, Function( or filesystem access (the runtime's SEC002-SEC004, SEC008-SEC010)"
    why = (
        "FlowMCP's 3.x runtime scans the file's text before loading it and refuses it when a line (not "
        "starting as a comment) contains require(, eval(, Function(, fs., node:fs or fs/promises, even inside "
        "a string or a URL. It prints SEC002-SEC004 and SEC008-SEC010 for them, but specification 3.0.0 gives "
        "those codes other meanings (SEC002: a non-serialisable main), so flowlint reports them as FL018 and "
        "quotes the runtime's code. Under 4.x they are the scan's SEC codes."
    )
    fix = "Remove the call; in a URL or text, break the pattern (the 3.x scan matches substrings)."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            example("    docs: [ 'https://api.example.com/fs.json' ],\n    tools: {}"),
            (Expect(3, 38, "the runtime refuses the file at load: SEC008"),),
            title="a URL trips the 3.x scan",
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for hit in _hits(ctx):
            if hit.code is None:
                yield self.finding(
                    f"the line contains '{hit.matched}': {hit.message} (specification 3.0.0 gives "
                    f"{hit.runtime_code} another meaning); the scan matches the text wherever it is",
                    hit.span,
                )


class ListForbiddenPattern(Rule):
    code = Code.SEC003
    target: ClassVar[str] = "any"  # a shared-list file (3.0.0's meaning) and 4.x's eval( in a definition
    name = "list-security-scan"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "3.0.0: a shared-list file must pass the security scan; 4.x: no eval( in a definition file"
    why = (
        "Specification 3.0.0 (09) says list files are scanned like definitions (SEC003); neither runtime "
        "scans them (flowmcp-core c9c0f57 and 8dab10b), so that is the specification's rule only. Under 4.x "
        "SEC003 is the scan's `eval(`, which the runtime refuses in a definition."
    )
    fix = "Keep only `export const list = { meta, entries }` in a list file; remove eval( from a definition."
    VALID = [
        Example(
            "export const list = {\n    meta: { name: 'coins', version: '1.0.0', description: 'Coins', "
            "fields: [ { key: 'id', type: 'string', description: 'Id' } ] },\n    entries: [ { id: 'btc' } ]\n}\n",
            path="_lists/example.mjs",
        )
    ]
    INVALID = [
        Example(
            "import data from './coins.json' with { type: 'json' }\n"
            "export const list = {\n    meta: { name: 'coins', version: '1.0.0', description: 'Coins', "
            "fields: [ { key: 'id', type: 'string', description: 'Id' } ] },\n    entries: [ { id: 'btc' } ]\n}\n",
            (Expect(1, 1, "a list file may not contain 'import '"),),
            path="_lists/example.mjs",
        ),
        Example(
            example_v4("    tools: {}") + _HANDLERS + "eval( '1' ) } )\n",
            (Expect(5, 38, "the line contains 'eval(': the runtime refuses the file at load: SEC003"),),
            title="4.x: eval( in a definition",
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        if ctx.spec.major != 4:
            return
        for hit in _hits(ctx):
            if hit.code == self.code:
                yield self.finding(
                    f"the line contains '{hit.matched}': {hit.message}", hit.span, consequence=Consequence.REFUSED
                )

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        if ctx.path.suffix not in (".mjs", ".js") or not ctx.source:
            return
        for hit in scan(ctx.source, 3):
            yield self.finding(
                f"a list file may not contain '{hit.matched}' ({hit.pattern}): lists are data only "
                "(specification 3.0.0; neither runtime scans list files)",
                hit.span,
            )
