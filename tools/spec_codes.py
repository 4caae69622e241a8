"""Extract the code registry of FlowMCP's specification (per version) into tests/data/spec-codes.json, which
tests/test_spec_codes.py holds the rules to.

    python tools/spec_codes.py /path/to/flowmcp-spec > tests/data/spec-codes.json

The path is a checkout or a bare mirror of FlowMCP/flowmcp-spec: files are read from its HEAD commit
(`git show`), which the output records. Each row of a registry table (`| VAL011 | error | main.namespace
must match ... |`) becomes `{"VAL011": ["error", "main.namespace must match ..."]}` under its version.
3.0.0 and 4.0.0-4.2.0 keep their registry in `09-validation-rules.md`; 4.3.0 has none there (its
chapter 09 points to each chapter's own table), so its registry is the rows of every chapter of
`specification/4.3.0/draft/spec/`, in chapter order. Re-run it when the specification adds a version.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

VERSIONS = ("3.0.0", "4.0.0", "4.1.0", "4.2.0")  # registry in 09-validation-rules.md
CHAPTER_VERSIONS = ("4.3.0",)  # registry spread over the chapters
ROW = re.compile(r"^\|\s*([A-Z]{2,4}\d{3})\s*\|\s*(error|warning|info)\s*\|\s*(.*?)\s*\|\s*$")


def registry(text: str) -> dict[str, list[str]]:
    codes: dict[str, list[str]] = {}
    for line in text.splitlines():
        match = ROW.match(line)
        if match:
            codes.setdefault(match.group(1), [match.group(2), match.group(3)])
    return codes


def _git(checkout: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(checkout), *args], capture_output=True, text=True, check=True).stdout


def main(checkout: Path) -> dict[str, object]:
    commit = _git(checkout, "rev-parse", "HEAD").strip()
    out: dict[str, object] = {
        "source": f"FlowMCP/flowmcp-spec@{commit}, specification/<version>/draft/spec/09-validation-rules.md "
        "(4.3.0: the tables of every chapter of specification/4.3.0/draft/spec/)"
    }
    for version in VERSIONS:
        chapter = f"HEAD:specification/{version}/draft/spec/09-validation-rules.md"
        out[version] = registry(_git(checkout, "show", chapter))
    for version in CHAPTER_VERSIONS:
        folder = f"specification/{version}/draft/spec/"
        listed = _git(checkout, "ls-tree", "--name-only", "HEAD", folder).split()
        chapters = sorted(name for name in listed if name.endswith(".md"))
        codes: dict[str, list[str]] = {}
        for chapter in chapters:
            for code, row in registry(_git(checkout, "show", f"HEAD:{chapter}")).items():
                codes.setdefault(code, row)
        out[version] = codes
    return out


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python tools/spec_codes.py FLOWMCP_SPEC_CHECKOUT_OR_MIRROR > tests/data/spec-codes.json")
    json.dump(main(Path(sys.argv[1])), sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")
