"""VAL001: a definition file named on the command line exports `main`."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, Rule, example


class MainExport(Rule):
    code = Code.VAL001
    name = "main-export"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    reported_by_engine = True
    summary = "A definition file must export `main` as a named export"
    why = (
        "FlowMCP imports a definition and reads its named export `main`; without it the runtime refuses the "
        "file ('main: Missing export'). flowlint reports this for JavaScript files named on the command line "
        "that look meant as definitions: an export named like `main` (`mian`), a default export, or a `main` "
        "that is declared but not exported. In a folder walk such files, like helper scripts, are skipped "
        "quietly (FL002 with --show-skipped)."
    )
    fix = "Write `export const main = { ... }`."
    # An example is linted as a named file (`lint_source`); tests/test_named_files.py covers the command line.
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            "‸export const mian = {\n    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0',\n"
            "    root: 'https://api.example.com', tools: {}\n}\n",
            (Expect("it exports `mian`; did you mean `main`?"),),
            title="a typo of main",
        ),
        Example(
            "‸export default {\n    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0',\n"
            "    root: 'https://api.example.com', tools: {}\n}\n",
            (Expect("it has a default export, but FlowMCP imports the named export `main`"),),
            title="a default export",
        ),
    ]
