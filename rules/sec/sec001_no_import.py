"""SEC001: A definition file must not contain import statements."""

from __future__ import annotations

from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, example, example_v4

from ._security_scan import ScanRule


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
            "‸import { dirname } from 'path'\n" + example("    tools: {}"),
            (Expect("the line contains 'import ': the runtime refuses the file at load: SEC001"),),
        ),
        Example(
            "const lib = await ‸import('node:path')\n" + example_v4("    tools: {}"),
            (Expect("the runtime refuses the file at load: SEC001"),),
            title="4.x: a glued import(",
        ),
    ]
