"""Extract the code registry of FlowMCP's specification (`09-validation-rules.md`, per version) into
tests/data/spec-codes.json, which tests/test_spec_codes.py holds the rules to.

    python tools/spec_codes.py /path/to/flowmcp-spec > tests/data/spec-codes.json

Each row of a registry table (`| VAL011 | error | main.namespace must match ... |`) becomes
`{"VAL011": ["error", "main.namespace must match ..."]}` under its version. Re-run it when the
specification adds a version; the file records the commit it was read from.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

VERSIONS = ("3.0.0", "4.0.0", "4.1.0", "4.2.0")  # 4.3.0 has no registry; its chapters keep these codes
ROW = re.compile(r"^\|\s*([A-Z]{2,4}\d{3})\s*\|\s*(error|warning|info)\s*\|\s*(.*?)\s*\|\s*$")


def registry(text: str) -> dict[str, list[str]]:
    codes: dict[str, list[str]] = {}
    for line in text.splitlines():
        match = ROW.match(line)
        if match:
            codes.setdefault(match.group(1), [match.group(2), match.group(3)])
    return codes


def main(checkout: Path) -> dict[str, object]:
    commit = subprocess.run(
        ["git", "-C", str(checkout), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    out: dict[str, object] = {
        "source": f"FlowMCP/flowmcp-spec@{commit}, specification/<version>/draft/spec/09-validation-rules.md"
    }
    for version in VERSIONS:
        chapter = checkout / "specification" / version / "draft" / "spec" / "09-validation-rules.md"
        out[version] = registry(chapter.read_text(encoding="utf-8"))
    return out


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python tools/spec_codes.py FLOWMCP_SPEC_CHECKOUT > tests/data/spec-codes.json")
    json.dump(main(Path(sys.argv[1])), sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")
