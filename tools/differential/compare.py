"""Compare a FlowMCP runtime's recorded verdicts (record.mjs) with flowlint's findings on the same files.

    python tools/differential/compare.py tests/differential/verdicts-v3.json
    python tools/differential/compare.py /tmp/verdicts-library-v3.json --no-table

Runs the installed `flowlint check --format json --no-cache --exit-zero` on every file of the verdicts
(plus a `.py` twin beside a `.mjs`, scored with the `.mjs` verdict), then prints:

* a table, one row a file: did the runtime accept it (MainValidator status and every test's zod parse),
  and does flowlint report any error (severity "error"; warnings and infos do not count);
* agreement, overall and in both directions: runtime refuses -> flowlint has an error (recall of
  refusals), flowlint has no error -> runtime accepts; for three views of "runtime accepts":
  full (definition + all tests), definition only (MainValidator), and full with tests judged on their
  {{USER_PARAM}} parameters only (record.mjs's secondary view);
* test-level agreement: a test the runtime's zod refuses vs a flowlint TST003/TST004/TST006 error on it,
  with the causes of the runtime's refusals on both sides;
* a per-code breakdown: each flowlint error code (files, and how many of them the runtime refused), and
  each class of runtime refusal reason (files, and how many of them flowlint flagged);
* the disagreement classes, with one example file each.

Paths: verdict paths are relative to the directory record.mjs ran in; pass --root if that is not the
current directory.  --flowlint-json reuses a saved `flowlint check --format json` report.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

TEST_CODES = {"TST003", "TST004", "TST006"}
NO_MAIN = "main: Missing export"


def run_flowlint(files: list[str], cwd: str) -> dict:
    exe = shutil.which("flowlint")
    cmd = [exe] if exe else [sys.executable, "-m", "flowlint"]
    cmd += ["check", "--format", "json", "--no-cache", "--exit-zero", "--show-skipped", *files]
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=False)
    if proc.returncode not in (0, 1):
        sys.exit(f"flowlint failed ({proc.returncode}): {proc.stderr.strip()}")
    return json.loads(proc.stdout)


def norm(path: str, root: str) -> str:
    return os.path.normpath(os.path.join(root, path))


def message_class(message: str) -> str:
    """A runtime message without its values: 'main.tools.*.parameters[*].z: Missing required field'."""
    m = message.strip()
    m = re.sub(r"\bmain\.(tools|routes)\.[^.:\s]+", r"main.\1.*", m)
    m = re.sub(r"\[\d+\]", "[*]", m)
    m = re.sub(r"\bTST001 warning \S+:", "TST001 warning *:", m)
    m = re.split(r",? got ", m)[0]
    m = re.sub(r'"[^"]*"', '"…"', m)
    return m[:110]


def issue_class(issue: dict, non_user: set[str]) -> str:
    """Why the runtime's zod refused one value, in words that name the cause where it is a known one."""
    key = issue.get("path", "").split(".")[0]
    msg = issue.get("message", "")
    if msg == "Required" and key in non_user:
        return "fixed/server parameter is in the zod shape, so the call demands it (Required)"
    if issue.get("code") == "invalid_enum_value" and "{{" in msg:
        return "enum is the literal shared-list placeholder (no interpolation)"
    if issue.get("code") == "invalid_enum_value" and "Expected ''," in msg:
        return "enum() (values in an ignored option) accepts only ''"
    if issue.get("code") == "invalid_type" and re.match(r"Expected '[^']*'( \| '[^']*')*, received", msg):
        return f"enum values are strings: {re.sub(r'.*received ', 'received ', msg)}"
    msg = re.sub(r"'[^']*'(\s*\|\s*'[^']*')*", "…", msg)
    msg = re.sub(r"\b\d+(\.\d+)?\b", "N", msg)
    return f"zod {issue.get('code')}: {msg}"[:110]


def test_classes(test: dict) -> list[str]:
    if test.get("refusal"):
        return ["ZodBuilder/parse throws: " + re.sub(r"'[^']*'", "…", test["refusal"])[:90]]
    non_user = set(test.get("non_user_keys", []))
    return sorted({issue_class(i, non_user) for i in test.get("issues", [])}) or ["refused (no issue)"]


def refusal_classes(v: dict, view: str) -> list[str]:
    """Why the runtime refused this file (empty when it accepted it in this view)."""
    classes = []
    if not v.get("definition_accepted"):
        classes += [message_class(m) for m in v.get("messages", [])] or ["definition refused (no message)"]
    if view != "definition":
        for t in v.get("tests", []):
            ok = t.get("ok_user_params_only", t["ok"]) if view == "user" and not t.get("refusal") else t["ok"]
            if not ok:
                classes += ["test: " + c for c in test_classes(t)]
    if not classes and v.get("refusal"):
        classes.append(message_class(v["refusal"]))
    return sorted(set(classes))


def accepted(v: dict, view: str) -> bool:
    return not refusal_classes(v, view)


def pct(a: int, b: int) -> str:
    return f"{a}/{b} = {100.0 * a / b:.1f}%" if b else f"{a}/0 = n/a"


class Comparison:
    """Runtime verdicts (path -> verdict) side by side with flowlint's diagnostics (path -> list)."""

    def __init__(self, rows: dict[str, dict], diags: dict[str, list[dict]], root: str, examples: int) -> None:
        self.rows = rows
        self.diags = diags
        self.root = root
        self.examples = examples
        common = os.path.commonpath(list(rows)) if rows else root
        self.base = common if not os.path.isfile(common) else os.path.dirname(common)

    def errors(self, p: str) -> list[dict]:
        return [d for d in self.diags.get(p, []) if d["severity"] == "error"]

    def short(self, p: str) -> str:
        return os.path.relpath(p, self.base)

    def eg(self, files: list[str]) -> str:
        return ", ".join(self.short(p) for p in sorted(files)[: self.examples])

    def table(self) -> None:
        width = max((len(self.short(p)) for p in self.rows), default=10)
        print(f"(paths below are relative to {self.base})")
        print(f"{'file':<{width}}  runtime  def  tests  flowlint-errors")
        for p in sorted(self.rows):
            v = self.rows[p]
            tests = v.get("tests", [])
            ok = sum(1 for t in tests if t["ok"])
            codes = sorted(Counter(d["code"] for d in self.errors(p)).items())
            fl_text = ",".join(f"{c}x{n}" if n > 1 else c for c, n in codes) or "-"
            agree = accepted(v, "full") != bool(self.errors(p))
            print(
                f"{self.short(p):<{width}}  {'accept' if accepted(v, 'full') else 'REFUSE':<7}  "
                f"{'ok' if v.get('definition_accepted') else 'NO':<3}  {ok:>2}/{len(tests):<2}  "
                f"{fl_text}{'' if agree else '   <- disagree'}"
            )
        print()

    def agreement(self) -> None:
        print("agreement (flowlint 'has an error' vs runtime 'refuses'):")
        views = (
            ("full", "definition + all tests"),
            ("definition", "definition only (MainValidator)"),
            ("user", "definition + tests on {{USER_PARAM}} params only"),
        )
        n = len(self.rows)
        noerr = [p for p in self.rows if not self.errors(p)]
        for view, label in views:
            ref = [p for p in self.rows if not accepted(self.rows[p], view)]
            same = sum(1 for p in self.rows if (not accepted(self.rows[p], view)) == bool(self.errors(p)))
            noerr_acc = sum(1 for p in noerr if accepted(self.rows[p], view))
            print(f"  {label}:")
            print(
                f"    runtime refuses {len(ref)}, accepts {n - len(ref)}; "
                f"flowlint error in {n - len(noerr)}, none in {len(noerr)}"
            )
            print(f"    overall agreement            {pct(same, n)}")
            print(f"    runtime refuses -> FL error  {pct(sum(1 for p in ref if self.errors(p)), len(ref))}")
            print(f"    FL no error -> runtime acc.  {pct(noerr_acc, len(noerr))}")
        print()

    def test_level(self) -> None:
        n = same = rt_bad_n = both = fl_bad_n = 0
        for p, v in self.rows.items():
            flagged = {(d.get("tool"), d.get("test_index")) for d in self.errors(p) if d["code"] in TEST_CODES}
            for t in v.get("tests", []):
                rt_bad = not t["ok"]
                fl_bad = (t["tool"], t["index"]) in flagged
                n += 1
                same += rt_bad == fl_bad
                rt_bad_n += rt_bad
                fl_bad_n += fl_bad
                both += rt_bad and fl_bad
        print(f"test level ({n} tests; flowlint side = a TST003/TST004/TST006 error on that test):")
        print(f"    overall agreement              {pct(same, n)}")
        print(f"    runtime zod refuses -> FL err  {pct(both, rt_bad_n)}")
        print(f"    FL test error -> runtime refs  {pct(both, fl_bad_n)}")
        self.test_disagreements()
        print()

    def test_disagreements(self) -> None:
        silent = defaultdict(list)  # (class) -> [(file, tool, index)]
        caught = defaultdict(list)
        extra = defaultdict(list)  # flowlint code -> [...]
        for p, v in self.rows.items():
            fl_tests = defaultdict(set)
            for d in self.errors(p):
                if d["code"] in TEST_CODES:
                    fl_tests[(d.get("tool"), d.get("test_index"))].add(d["code"])
            for t in v.get("tests", []):
                where = (p, t["tool"], t["index"])
                codes = fl_tests.get((t["tool"], t["index"]), set())
                if not t["ok"]:
                    for c in test_classes(t):
                        (caught if codes else silent)[c].append(where)
                else:
                    for code in codes:
                        extra[code].append(where)

        def show(title: str, table: dict[str, list]) -> None:
            print(f"  {title}")
            for c, items in sorted(table.items(), key=lambda kv: (-len(kv[1]), kv[0])):
                p, tool, index = sorted(items)[0]
                print(f"    {len(items):>5}  {c}   e.g. {self.short(p)} {tool} test {index}")

        show("runtime refuses the test, flowlint has no test error on it (by cause):", silent)
        show("runtime refuses the test, flowlint has a test error on it too (by cause):", caught)
        show("flowlint has a test error, runtime's zod accepts the test (by flowlint code):", extra)

    def per_code(self) -> None:
        print("flowlint error codes (files with the code; of them refused by the runtime, full view):")
        by_code = defaultdict(set)
        for p in self.rows:
            for d in self.errors(p):
                by_code[d["code"]].add(p)
        for code in sorted(by_code):
            files = by_code[code]
            refused = sum(1 for p in files if not accepted(self.rows[p], "full"))
            print(f"    {code:<7} {len(files):>4} files, runtime refused {pct(refused, len(files))}")
        print()
        print("runtime refusal reasons (files with the reason; of them with a flowlint error):")
        by_reason = defaultdict(set)
        for p, v in self.rows.items():
            for c in refusal_classes(v, "full"):
                by_reason[c].add(p)
        for reason, files in sorted(by_reason.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            flagged = sum(1 for p in files if self.errors(p))
            print(f"    {len(files):>4}  FL error {pct(flagged, len(files)):<18} {reason}")
        print()

    def disagreements(self) -> None:
        print("disagreement classes (full view), with example files:")
        silent = defaultdict(list)  # runtime refuses, flowlint no error: by runtime reason
        extra = defaultdict(list)  # flowlint error, runtime accepts: by flowlint code
        for p, v in self.rows.items():
            if not accepted(v, "full") and not self.errors(p):
                for c in refusal_classes(v, "full"):
                    silent[c].append(p)
            if accepted(v, "full"):
                for code in sorted({d["code"] for d in self.errors(p)}):
                    extra[code].append(p)
        print("  A. runtime refuses, flowlint reports no error (by runtime reason):")
        for c, files in sorted(silent.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            print(f"    {len(files):>4}  {c}   e.g. {self.eg(files)}")
        print("  B. flowlint reports an error, runtime accepts (by flowlint code):")
        for c, files in sorted(extra.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            first = sorted(files)[0]
            msg = next(d["message"] for d in self.errors(first) if d["code"] == c)
            print(f"    {len(files):>4}  {c}   e.g. {self.eg(files)}: {msg[:100]}")


def load_rows(report: dict, root: str, twins: bool, definitions_only: bool) -> tuple[dict[str, dict], int]:
    verdicts = {norm(v["file"], root): v for v in report["verdicts"]}
    if definitions_only:
        verdicts = {p: v for p, v in verdicts.items() if v.get("messages") != [NO_MAIN]}
    rows = dict(verdicts)
    n_twins = 0
    if twins:
        for p in list(verdicts):
            twin = p[:-4] + ".py"
            if p.endswith(".mjs") and os.path.exists(twin) and twin not in rows:
                rows[twin] = verdicts[p]
                n_twins += 1
    return rows, n_twins


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("verdicts", help="JSON written by tools/differential/record.mjs")
    ap.add_argument("--root", default=".", help="directory the verdict paths are relative to (default .)")
    ap.add_argument("--flowlint-json", help="use this saved flowlint JSON report instead of running flowlint")
    ap.add_argument("--no-table", action="store_true", help="skip the per-file table")
    ap.add_argument("--no-twins", action="store_true", help="do not add .py twins of .mjs files")
    ap.add_argument(
        "--definitions-only",
        action="store_true",
        help=f"leave out files the runtime found no main in ('{NO_MAIN}': skills, prompts, lists), and files "
        "flowlint skips as not tool definitions (FL002) that the runtime refuses",
    )
    ap.add_argument("--examples", type=int, default=1, help="example files per disagreement class")
    args = ap.parse_args(argv)

    root = os.path.abspath(args.root)
    report = json.loads(Path(args.verdicts).read_text())
    rows, n_twins = load_rows(report, root, not args.no_twins, args.definitions_only)
    if args.flowlint_json:
        fl = json.loads(Path(args.flowlint_json).read_text())
    else:
        fl = run_flowlint(sorted(rows), cwd=root)
    diags = defaultdict(list)
    for d in fl["diagnostics"]:
        diags[norm(d["path"], root)].append(d)
    not_definitions = []
    if args.definitions_only:
        # Files flowlint skips as not tool definitions (FL002: agent manifests, v1 `schema` files, skills,
        # prompts) that the runtime's MainValidator refuses: both say "not a definition to load this way"
        # (FlowMCP loads those with its other loaders), so they are left out of the agreement figures.
        not_definitions = sorted(
            p
            for p, v in rows.items()
            if not v.get("definition_accepted") and any(d["code"] == "FL002" for d in diags.get(p, []))
        )
        for p in not_definitions:
            del rows[p]

    print(
        f"runtime {report.get('runtime')} @ {report.get('runtime_commit')} (node {report.get('node_version')}, "
        f"zod {report.get('zod_version')}) vs flowlint {fl.get('flowlint')}; {len(rows)} files "
        f"({n_twins} .py twins scored with their .mjs verdict"
        f"{'; files without main left out' if args.definitions_only else ''})"
    )
    if not_definitions:
        print(
            f"left out: {len(not_definitions)} more files that flowlint skips as not tool definitions (FL002) "
            "and the runtime's MainValidator refuses"
        )
    print()
    cmp = Comparison(rows, diags, root, args.examples)
    if not args.no_table:
        cmp.table()
    cmp.agreement()
    cmp.test_level()
    cmp.per_code()
    cmp.disagreements()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
