"""Differential test: flowlint's static evaluation of `main` equals what Node.js computes when it
actually imports the module (JSON.stringify of the exported value). Skipped where node is missing."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import SAMPLES
from flowlint.core.nodes import HOLE, first_non_json, to_python
from flowlint.formats import parse_file_bytes

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")

SCRIPT = """
const files = JSON.parse(process.argv[1]);
const out = {};
for (const file of files) {
  try {
    const module = await import(file);
    out[file] = { ok: true, main: JSON.stringify(module.main ?? module.list ?? null) };
  } catch (error) {
    out[file] = { ok: false, error: String(error) };
  }
}
console.log(JSON.stringify(out));
"""

EXTRA = {
    "escapes.mjs": r"""export const main = { a: 'it\'s', b: "tab\tand \"quotes\"", c: '\u00e9\x41\u{1F600}', d: `line
break`, e: 'cont\
inued', f: "\0" }""",
    "numbers.mjs": "export const main = { n: [ -1, +2, 1e3, 1.5e-7, 0x1F, 0o17, 0b101, 1_000_000, .5, 5., -0 ] }",
    "spreads.mjs": """const base = { a: 1, b: [ 'x' ] }
const more = [ 2, 3 ]
export const main = { ...base, b: [ ...more, 'y' ], c: [ 1, ...more ], d: 'a' + 'b' + 1, e: base }""",
    "stringify.mjs": "export const main = { s: JSON.stringify( { b: [ 1, 2.5, true, null ], a: 'x', 2: 'two', 1: 'one' } ) }",
    "holes.mjs": "export const main = { options: [ , 'optional()' ], more: [ 1, , 2, ] }",
    "keys.mjs": "export const main = { 'quoted key': 1, \"dq\": 2, 3: 'three', 1.5: 'x', [ 'computed' ]: true, nested: { deep: { deeper: [ {} ] } } }",
}


def _node_values(files: list[Path]) -> dict[str, dict[str, object]]:
    assert NODE is not None
    urls = [file.resolve().as_uri() for file in files]
    completed = subprocess.run(
        [NODE, "--input-type=module", "-e", SCRIPT, json.dumps(urls)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    raw = json.loads(completed.stdout)
    return {url: value for url, value in raw.items()}


def _normalize(value: object) -> object:
    """What JSON.stringify makes of a value: holes become null, non-finite numbers null."""
    if value is HOLE:
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _normalize(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_normalize(v) for v in value]
    return value


def _keys(value: object) -> object:
    if isinstance(value, dict):
        return [(k, _keys(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [_keys(v) for v in value]
    return None


def test_static_evaluation_matches_node(tmp_path: Path) -> None:
    files = sorted(SAMPLES.rglob("*.mjs"))
    for name, text in EXTRA.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        files.append(tmp_path / name)
    values = _node_values(files)
    compared: list[str] = []
    for file in files:
        outcome = values[file.resolve().as_uri()]
        if not outcome["ok"]:
            continue  # e.g. a sample that imports a package that is not installed, or is broken on purpose
        module = parse_file_bytes(file.read_bytes(), ".mjs")
        node = module.exports.get("main") or module.exports.get("list")
        if node is None or (first_non_json(node) is not None and file.name != "holes.mjs"):
            continue  # values computed by code: flowlint reports them instead of guessing
        ours = _normalize(to_python(node))
        theirs = json.loads(str(outcome["main"]))
        assert ours == theirs, file
        # Key order matters too (messages and rewrites follow it), except that JavaScript moves
        # integer-like keys first, which flowlint does not imitate.
        if file.name != "keys.mjs":
            assert _keys(ours) == _keys(theirs), file
        compared.append(file.name)
    assert set(EXTRA) | {"simple-price.mjs", "contracts.mjs", "verified-contracts.mjs", "evm-chains.mjs"} <= set(
        compared
    ), compared
