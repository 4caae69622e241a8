"""Advice that lands (issue 18, item 5): a replacement that a finding quotes, as its fix or in its message
(`write '...'`), leads to a clean result when followed literally: applied alone, and the file linted again,
the same code no longer reports an error on the same tool and parameter, and no other error appears there.

The cases are every rule's invalid examples and the bundled samples: between them they hold every kind of
finding that quotes a replacement."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from flowlint.api import lint_source
from flowlint.core.severity import Severity
from flowlint.lint.config import Config
from flowlint.lint.diagnostics import Diagnostic
from flowlint.lint.fixes import Edit, apply_fixes, string_literal
from flowlint.lint.registry import all_rules

REPO = Path(__file__).resolve().parent.parent
_QUOTED = re.compile(r"\bwrite '([^']+)'")


def _sources() -> list[tuple[str, str]]:
    found = [
        (f"{rule.code}-{index}{Path(example.path).suffix}", example.source)
        for rule in all_rules()
        for index, example in enumerate(rule.INVALID)
    ]
    for path in sorted((REPO / "sample_schemas").rglob("*")):
        if path.suffix in (".mjs", ".js", ".py", ".json") and "_lists" not in path.parts:
            found.append((str(path.relative_to(REPO)), path.read_text(encoding="utf-8")))
    return found


def _errors_at(source: str, name: str, code: str, tool: str | None, parameter: str | None) -> list[Diagnostic]:
    report = lint_source(source, path=_path(name), config=Config())
    return [
        d
        for d in report.diagnostics
        if d.severity is Severity.ERROR and d.tool == tool and d.parameter == parameter and parameter is not None
    ]


def _path(name: str) -> Path:
    return REPO / "sample_schemas" / Path(name).name if name.startswith("sample_schemas") else Path(name)


def _followed(source: str, diagnostic: Diagnostic) -> str | None:
    """The source with the finding's advice followed: its fix, or the text its message says to write in
    place of the string literal it points at. None when it quotes no replacement."""
    data = source.encode("utf-8")
    if diagnostic.fix is not None:
        fixed, applied = apply_fixes(data, [diagnostic.fix])
        return fixed.decode("utf-8") if applied else None
    match = _QUOTED.search(diagnostic.message)
    if match is None:
        return None
    from flowlint.core.nodes import Span

    span = Span(diagnostic.start_byte, diagnostic.end_byte)
    literal = string_literal(data, span, match.group(1))
    if literal is None:
        return None  # the finding points at no string literal: the advice is not a replacement of it
    fixed, _ = apply_fixes(data, [_as_fix(Edit(span.start, span.end, literal))])
    return fixed.decode("utf-8")


def _as_fix(edit: Edit):  # type: ignore[no-untyped-def]
    from flowlint.lint.fixes import Fix

    return Fix("follow the message", (edit,), safe=False)


CASES = _sources()


@pytest.mark.parametrize(("name", "source"), CASES, ids=[name for name, _ in CASES])
def test_quoted_replacements_lead_to_a_clean_result(name: str, source: str) -> None:
    report = lint_source(source, path=_path(name), config=Config())
    followed = 0
    for diagnostic in report.diagnostics:
        changed = _followed(source, diagnostic)
        if changed is None or changed == source:
            continue
        followed += 1
        after = _errors_at(changed, name, diagnostic.code, diagnostic.tool, diagnostic.parameter)
        before = _errors_at(source, name, diagnostic.code, diagnostic.tool, diagnostic.parameter)
        new = {(d.code, d.message) for d in after} - {(d.code, d.message) for d in before}
        assert not new, (diagnostic.code, diagnostic.message, sorted(new))
        assert diagnostic.message not in {d.message for d in after}, (diagnostic.message, [d.message for d in after])
    assert followed or not any(d.fix or _QUOTED.search(d.message) for d in report.diagnostics)
