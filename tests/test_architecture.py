"""The architecture as docs/ARCHITECTURE.md draws it: which package may import which, no import circles,
one codes table, every package installed. That page's table is the source; this test reads it."""

from __future__ import annotations

import ast
import re
import tomllib
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CODE_LITERAL = re.compile(r"""["'](?:TST|VAL|RES|SEC|LST|FL|VER)\d{3}["']""")


def architecture_table(heading: str, columns: int) -> dict[str, set[str]]:
    """A table of docs/ARCHITECTURE.md under `## heading`: the first column's name in backticks -> the names
    in backticks in the second column (rows of `columns` cells)."""
    text = (REPO / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    section = text.split(f"## {heading}", 1)[1].split("\n#", 1)[0]
    table: dict[str, set[str]] = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == columns and cells[0].startswith("`"):
            table[cells[0].strip("`")] = set(re.findall(r"`([\w./]+)`", cells[1]))
    assert table, f"no table found in docs/ARCHITECTURE.md's '{heading}' section"
    return table


def allowed_imports() -> dict[str, set[str]]:
    """docs/ARCHITECTURE.md's dependency table: `| `package` | `a`, `b` |` rows under "Package dependencies"."""
    return architecture_table("Package dependencies", 2)


def unit_of(module: str) -> str | None:
    """The package a module belongs to, as the table names it (`lint`, `rules`, `flowlint` for the root)."""
    parts = module.split(".")
    if parts[0] == "rules" or module.startswith("flowlint.rules"):
        return "rules"
    if parts[0] != "flowlint":
        return None
    if len(parts) == 1 or parts[1] == "__init__":
        return "flowlint"
    return parts[1]


def modules() -> dict[str, Path]:
    found = {}
    for base in ("flowlint", "rules"):
        for path in (REPO / base).rglob("*.py"):
            name = ".".join(path.relative_to(REPO).with_suffix("").parts).removesuffix(".__init__")
            if name.startswith("rules"):
                name = "flowlint." + name
            found[name] = path
    return found


def imports_of(path: Path) -> set[str]:
    """Every flowlint import in a file, at any depth (lazy imports count too), as absolute names. Only rule
    modules import relatively (`from ._main_block import present`: mypy checks `rules/` as its own package),
    and only within the rules package."""
    found: set[str] = set()
    relative = path.is_relative_to(REPO / "rules")
    package = ["flowlint", *path.relative_to(REPO).parent.parts]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = node.module
            if node.level:
                assert relative, f"{path}: relative import outside rules/"
                base = package[: len(package) - node.level + 1]
                assert base[:2] == ["flowlint", "rules"], f"{path}: relative import out of the rules package"
                module = ".".join(base + ([node.module] if node.module else []))
            if module:
                found.add(module)
                found.update(f"{module}.{alias.name}" for alias in node.names)
    return {name for name in found if name.split(".")[0] == "flowlint"}


def test_packages_import_only_what_the_readme_allows() -> None:
    table = allowed_imports()
    known = modules()
    units = {unit_of(name) for name in known} - {None}
    assert units <= set(table), f"packages missing from docs/ARCHITECTURE.md's table: {sorted(units - set(table))}"
    violations = []
    for name, path in known.items():
        source = unit_of(name)
        assert source is not None
        for imported in imports_of(path):
            target = unit_of(imported)
            if target is None or target == source:
                continue
            if imported not in known and imported.rsplit(".", 1)[0] in known:
                imported = imported.rsplit(".", 1)[0]  # `from flowlint.x import name`
            if target not in table[source]:
                violations.append(f"{name} imports {imported} ({source} -> {target})")
    assert violations == [], "\n".join(violations)


def test_no_import_circles() -> None:
    known = modules()
    graph: dict[str, set[str]] = defaultdict(set)
    for name, path in known.items():
        for imported in imports_of(path):
            target = imported if imported in known else imported.rsplit(".", 1)[0]
            if target in known and target != name and not _is_package_of(target, name):
                graph[name].add(target)
    cycles = _cycles(graph)
    assert cycles == [], cycles


def _is_package_of(package: str, module: str) -> bool:
    """`flowlint.cli` for `flowlint.cli.check`: importing a module runs its package's __init__ anyway."""
    return module.startswith(package + ".")


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_rule_codes_are_spelled_out_only_in_the_codes_table() -> None:
    """Everything outside rules/ and flowlint/lint/codes.py names a code by its symbol (`Code.TST004`)."""
    offenders = []
    for path in sorted((REPO / "flowlint").rglob("*.py")):
        if path == REPO / "flowlint" / "lint" / "codes.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if CODE_LITERAL.search(line):
                offenders.append(f"{path.relative_to(REPO)}:{number}: {line.strip()}")
    assert offenders == [], "\n".join(offenders)


def test_every_package_is_installed() -> None:
    """pyproject's package list is the folders under flowlint/ and rules/ (a forgotten one would be missing
    from a wheel)."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    on_disk = {".".join(path.parent.relative_to(REPO).parts) for path in (REPO / "flowlint").rglob("__init__.py")} | {
        ".".join(("flowlint", *path.parent.relative_to(REPO).parts)) for path in (REPO / "rules").rglob("__init__.py")
    }
    # flowlint.rule_pages is data, not code: the generated docs/rules/ pages, mapped in package-dir.
    assert listed == on_disk | {"flowlint.rule_pages"}


def test_no_rule_module_imports_another_rule_module() -> None:
    """A rule stands alone (issue 25): what rules share (a base class, a walk, an example) lives in a `_`
    module of a family; a rule module imports none of the other rule modules."""
    known = modules()
    rule_modules = {
        name
        for name in known
        if name.startswith("flowlint.rules.") and name.count(".") == 3 and not name.rpartition(".")[2].startswith("_")
    }
    offenders = []
    for name in sorted(rule_modules):
        for imported in imports_of(known[name]):
            target = imported if imported in known else imported.rsplit(".", 1)[0]
            if target in rule_modules and target != name:
                offenders.append(f"{name} imports {target}")
    assert len(rule_modules) >= 150
    assert offenders == [], offenders


def test_the_table_allows_no_import_that_no_module_makes() -> None:
    """Issue 25: the table allowed imports no code used; each entry is now one some module makes."""
    table = allowed_imports()
    known = modules()
    used: dict[str, set[str]] = defaultdict(set)
    for name, path in known.items():
        source = unit_of(name)
        for imported in imports_of(path):
            target = unit_of(imported)
            if source is not None and target is not None and target != source:
                used[source].add(target)
    unused = {package: sorted(allowed - used[package]) for package, allowed in table.items() if allowed - used[package]}
    assert unused == {}, unused


def test_the_layout_names_every_module_of_the_packages_it_lists_one_by_one() -> None:
    """Issue 25: the layout missed lint/cache.py, lint/diagnostics.py, definition/sql.py and three core
    modules. Every module of the packages the layout lists file by file is named there."""
    text = (REPO / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    layout = text.split("## Layout", 1)[1].split("\n## ", 1)[0]
    missing = []
    for package in ("core", "definition", "lint", "capture", "captures", "mcp", "schema", "formats"):
        for path in sorted((REPO / "flowlint" / package).rglob("*.py")):
            if path.name != "__init__.py" and path.name not in layout:
                missing.append(str(path.relative_to(REPO)))
    assert missing == [], missing


def deferred_table() -> dict[str, set[str]]:
    """docs/ARCHITECTURE.md's 'Deferred imports' table: module path -> the modules it imports in functions."""
    return architecture_table("Deferred imports", 3)


def deferred_imports(path: Path) -> set[str]:
    """The modules a file imports inside functions (`from a import b` counts as `a`; a relative import as
    written, dots included)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import):
                    found.update(alias.name for alias in inner.names)
                elif isinstance(inner, ast.ImportFrom):
                    found.add("." * inner.level + (inner.module or ""))
    return found


def test_imports_inside_functions_are_only_at_the_command_boundary_or_declared() -> None:
    """Issue 26: lazy imports stay at the command boundary (`flowlint/cli/`, `__main__.py`); any other is
    listed in docs/ARCHITECTURE.md with what it spares, and the table lists none that no module makes."""
    table = deferred_table()
    made: dict[str, set[str]] = {}
    for path in sorted([*(REPO / "flowlint").rglob("*.py"), *(REPO / "rules").rglob("*.py")]):
        name = path.relative_to(REPO).as_posix()
        if name.startswith("flowlint/cli/") or name == "flowlint/__main__.py":
            continue
        found = deferred_imports(path)
        if found:
            made[name] = found
    undeclared = {name: sorted(found - table.get(name, set())) for name, found in made.items()}
    undeclared = {name: found for name, found in undeclared.items() if found}
    assert not undeclared, (
        "imports inside functions beyond the command boundary: move them to the module's top, or list them "
        f"in docs/ARCHITECTURE.md's 'Deferred imports' with what they spare: {undeclared}"
    )
    unused = {name: sorted(listed - made.get(name, set())) for name, listed in table.items()}
    unused = {name: listed for name, listed in unused.items() if listed}
    assert not unused, f"docs/ARCHITECTURE.md's 'Deferred imports' lists imports no module makes: {unused}"
