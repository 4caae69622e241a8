"""Issue 24's table: how many definitions of a library each runtime fully accepts, before and after a migration.

    python tools/differential/migration_table.py --root LIBRARY \\
        "3.x as is=/tmp/v3.json" "4.x as is=/tmp/v4.json" "flowlint migrate=/tmp/v4-migrated.json" \\
        [--repeat /tmp/v3-again.json] [--json OUT] [--list]

Each COLUMN=VERDICTS names a `record.mjs --requests` recording (of the library as is, or of a migrated
copy of it: the file names are the same).  The definitions counted are those flowlint loads as tool
definitions from LIBRARY (the library as it is; 494 in flowmcp-schemas v3.0.0), so every column counts
the same files.  "Fully accepted" is issue 24's: loaded (security scan, import, MainValidator, shared
lists, resources), every tool built by prepareServerTool and registered, every test accepted by the
zod it registers, and no parameter declared optional whose omission that zod refuses
(`fully_accepted` in the recording).  "Accepted" leaves out the last condition (record.mjs's own).

The first column is the reference (the 3.x runtime on the library as is): for every other column the
table says how many of the reference's accepted files it does not fully accept ("fell behind"), and
`--list` names them and every file the column refuses, with the stage and the runtime's first message.
`--repeat` is a second recording of the reference: tests whose request differs between the two (a
`Date.now()` in a body) are counted and set aside by `request_differences`.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any


def definitions(root: Path) -> set[str]:
    """The library's tool definitions as flowlint loads them, relative to `root`, as record.mjs names them."""
    from flowlint.definition.loading import LoadStatus, load_paths

    found = set()
    for item in load_paths([root], ()):
        if item.status is LoadStatus.DEFINITION:
            found.add(item.path.resolve().relative_to(root.resolve()).as_posix())
    return found


def load(path: str) -> dict[str, dict[str, Any]]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if not data.get("requests"):
        sys.exit(f"{path}: not recorded with `record.mjs --requests` (no fully_accepted verdicts)")
    return {verdict["file"]: verdict for verdict in data["verdicts"]}


def refusal(verdict: dict[str, Any] | None) -> str:
    """`stage: first message` of a verdict that is not fully accepted."""
    if verdict is None:
        return "not recorded"
    if verdict.get("accepted"):
        refused = [
            f"{t['route']}: {', '.join(t['omission_refused'])}" for t in verdict["tools"] if t.get("omission_refused")
        ]
        return "omission refused: " + "; ".join(refused)
    stage = verdict.get("stage") or "?"
    if stage == "tests":
        bad = [t for t in verdict.get("tests", []) if not t.get("ok")]
        issue = (bad[0].get("issues") or [{}])[0] if bad else {}
        where = f"{bad[0]['tool']} test {bad[0]['index']}" if bad else ""
        return f"tests: {len(bad)} refused, first {where}: {issue.get('path', '')} {issue.get('message', '')}".strip()
    messages = verdict.get("messages") or [""]
    return f"{stage}: {str(messages[0])[:160]}"


def request_key(test: dict[str, Any]) -> str | None:
    request = test.get("request")
    return None if request is None else json.dumps(request, sort_keys=True)


def unstable_tests(first: dict[str, dict[str, Any]], second: dict[str, dict[str, Any]]) -> set[tuple[str, str, int]]:
    """(file, tool, test index) whose request differs between two recordings by the same runtime."""
    found = set()
    for file, verdict in first.items():
        again = {(t["tool"], t["index"]): t for t in second.get(file, {}).get("tests", [])}
        for test in verdict.get("tests", []):
            other = again.get((test["tool"], test["index"]))
            if other is not None and request_key(test) != request_key(other):
                found.add((file, test["tool"], test["index"]))
    return found


def table(root: Path, columns: list[tuple[str, dict[str, dict[str, Any]]]]) -> dict[str, Any]:
    files = sorted(definitions(root))
    reference = columns[0][1]
    accepted_before = {f for f in files if reference.get(f, {}).get("accepted")}
    rows = []
    for name, verdicts in columns:
        full = {f for f in files if verdicts.get(f, {}).get("fully_accepted")}
        accepted = {f for f in files if verdicts.get(f, {}).get("accepted")}
        refused = {f: refusal(verdicts.get(f)) for f in files if f not in full}
        rows.append(
            {
                "column": name,
                "definitions": len(files),
                "fully_accepted": len(full),
                "accepted": len(accepted),
                "fell_behind": sorted(accepted_before - full),
                "refused": refused,
                "by_stage": dict(Counter(r.split(":")[0] for r in refused.values()).most_common()),
            }
        )
    return {"definitions": len(files), "reference_accepted": len(accepted_before), "columns": rows}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("columns", nargs="+", metavar="NAME=VERDICTS")
    parser.add_argument("--root", type=Path, required=True, help="the library as it is (picks the definitions)")
    parser.add_argument("--repeat", help="a second recording of the first column: unstable requests")
    parser.add_argument("--json", type=Path, help="write the table as JSON")
    parser.add_argument("--list", action="store_true", help="name every refused file of every column")
    args = parser.parse_args(argv)
    columns = []
    for spec in args.columns:
        name, sep, path = spec.partition("=")
        if not sep:
            parser.error(f"{spec}: expected NAME=VERDICTS")
        columns.append((name, load(path)))
    result = table(args.root, columns)
    if args.repeat:
        unstable = unstable_tests(columns[0][1], load(args.repeat))
        result["unstable_requests"] = sorted(f"{f} {t} test {i}" for f, t, i in unstable)
    reference = columns[0][0]
    print(f"{result['definitions']} definitions; the reference ({reference}) accepts {result['reference_accepted']}")
    print(f"| {'column':<40} | fully accepted | accepted | fell behind |")
    print(f"|{'-' * 42}|----------------|----------|-------------|")
    for row in result["columns"]:
        behind = len(row["fell_behind"])
        print(f"| {row['column']:<40} | {row['fully_accepted']:>14} | {row['accepted']:>8} | {behind:>11} |")
    for row in result["columns"]:
        print(f"\n{row['column']}: not fully accepted by stage: {row['by_stage']}")
        if args.list:
            for file, why in sorted(row["refused"].items()):
                print(f"  {file}: {why}")
        shown = row["fell_behind"] if args.list else row["fell_behind"][:10]
        for file in shown:
            print(f"  fell behind: {file}: {row['refused'].get(file)}")
        if len(shown) < len(row["fell_behind"]):
            print(f"  ... and {len(row['fell_behind']) - len(shown)} more (--list names them)")
    if "unstable_requests" in result:
        print(f"\nrequests that differ between two runs of the reference: {len(result['unstable_requests'])}")
        for line in result["unstable_requests"]:
            print(f"  {line}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
