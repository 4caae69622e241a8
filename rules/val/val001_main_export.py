"""VAL001: a definition exports `main` (a module shaped as one without it, or a FlowMCP 1.x file)."""

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
        "file ('main: Missing export'). flowlint decides what is a definition by its shape, the same way in a "
        "folder walk and for a file named on the command line: a JavaScript module whose definition-shaped "
        "object (a `namespace` and `tools`, `routes` or `resources`) is exported under another name "
        "(`mian`, `definition`, a default export) or not exported at all, and a FlowMCP 1.x definition "
        "(`export const schema = { flowMCP: '1.2.0', ... }`). The 1.x format: FlowMCP 4.x refuses it "
        "('main: Missing export'); the 3.x runtime converts it with a deprecation warning but reads only "
        "its `routes`, so a 1.x file whose tools are under `tools` (every one in the public library) "
        "registers no tool; specification 3.0.0 no longer supports it. Helper modules, shared lists, "
        "skills, prompts, agent manifests and capture records are not definitions and stay quiet "
        "(FL002 with --show-skipped)."
    )
    fix = "Write `export const main = { ... }` (a 1.x definition: see the specification's 08-migration.md)."
    # tests/test_named_files.py covers folder walks and the command line.
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            "export const mian = ‸{\n    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0',\n"
            "    root: 'https://api.example.com', tools: {}\n}\n",
            (Expect("it exports `mian`; did you mean `main`?"),),
            title="a typo of main",
        ),
        Example(
            "export const definition = ‸{\n    namespace: 'demo', name: 'Demo', description: 'Demo API', "
            "version: '3.0.0',\n    root: 'https://api.example.com', tools: {}\n}\n"
            "export const handlers = () => ( {} )\n",
            (Expect("it exports the definition as `definition`"),),
            title="the definition under another name",
        ),
        Example(
            "export const schema = ‸{\n    namespace: 'demo', name: 'Demo', description: 'Demo API', "
            "flowMCP: '1.2.0',\n    root: 'https://api.example.com', routes: {}\n}\n",
            (Expect("a FlowMCP 1.x definition (`export const schema`, flowMCP '1.2.0'): FlowMCP's 3.x runtime"),),
            title="a FlowMCP 1.2 definition",
        ),
        Example(
            "export default ‸{\n    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0',\n"
            "    root: 'https://api.example.com', tools: {}\n}\n",
            (Expect("it has a default export, but FlowMCP imports the named export `main`"),),
            title="a default export",
        ),
    ]
