"""`python -m flowlint.lint.scaffold CODE NAME SUMMARY`: a new rule's module, and its code in the table.

Adding a rule is one module, `rules/<family>/<code>_<name>.py`, plus its member of
`flowlint.lint.codes.Code`; this writes both, with the outline every rule has (consequence, severity,
why, fix, a passing and a failing example), for the author to fill in. The failing example fails the
rule tests until the check is written, so a scaffold cannot be committed as done by mistake.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from flowlint.core.errors import UsageError

__all__ = ["scaffold"]

_CODE = re.compile(r"(TST|VAL|RES|SEC|LST|FL|VER)(\d{3})\Z")
_NAME = re.compile(r"[a-z][a-z0-9-]*\Z")

_TEMPLATE = '''"""{code}: {summary}"""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example


class {klass}(Rule):
    code = Code.{code}
    name = "{name}"
    severity = Severity.ERROR
    # What FlowMCP's runtime does when the finding is true (flowlint/core/consequence.py): it sets the
    # severity in the default and the strict profile. Read the runtime before you choose.
    consequence = Consequence.SPEC
    summary = "{summary}"
    why = "What goes wrong at runtime, and which runtime or specification says so."
    fix = "What to write instead."
    VALID = [Example(example("    tools: {{}}"))]
    # An invalid example marks where each expected finding starts with \u2038 (rule.MARK); the rule tests
    # derive the line and column from the mark.
    INVALID = [
        Example(
            example("    \u2038tools: {{}}"),
            (Expect("the message, or a part of it"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        return iter(())
'''


def scaffold(code: str, name: str, summary: str, root: Path) -> Path:
    """Write `rules/<family>/<code>_<name>.py` under `root` and add `code` to `flowlint/lint/codes.py` there;
    return the module's path. Raises UsageError for a malformed or existing code or name."""
    code = code.upper()
    if not _CODE.match(code):
        raise UsageError(f"{code}: a code is a family (TST, VAL, RES, SEC, LST, FL, VER) and three digits")
    if not _NAME.match(name):
        raise UsageError(f"{name}: a rule name is kebab-case, such as option-valid")
    codes = root / "flowlint" / "lint" / "codes.py"
    text = codes.read_text(encoding="utf-8")
    if f'    {code} = "{code}"' in text:
        raise UsageError(f"{code} is already in {codes}")
    family = code.rstrip("0123456789")
    folder = root / "rules" / family.lower()
    module = folder / f"{code.lower()}_{name.replace('-', '_')}.py"
    if module.exists():
        raise UsageError(f"{module} exists")
    members = [m for m in re.finditer(rf'^    ({family}\d{{3}}) = "\1"\n', text, re.M)]
    after = max((m for m in members if m.group(1) < code), key=lambda m: m.group(1), default=None)
    at = after.end() if after is not None else (members[0].start() if members else text.index("\n\n\nFAMILIES"))
    codes.write_text(text[:at] + f'    {code} = "{code}"\n' + text[at:], encoding="utf-8")
    klass = "".join(part.capitalize() for part in name.split("-"))
    if not folder.is_dir():  # a new family
        folder.mkdir(parents=True)
        (folder / "__init__.py").write_text(f'"""{family} rules: one module per rule."""\n', encoding="utf-8")
    module.write_text(_TEMPLATE.format(code=code, name=name, summary=summary, klass=klass), encoding="utf-8")
    return module


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit("usage: python -m flowlint.lint.scaffold CODE NAME SUMMARY  (e.g. FL024 my-rule 'What it checks')")
    try:
        written = scaffold(sys.argv[1], sys.argv[2], sys.argv[3], Path(__file__).resolve().parents[2])
    except UsageError as error:
        sys.exit(f"flowlint: {error}")
    print(f"wrote {written}; fill in its consequence, messages, examples and check, then run the rule tests")
