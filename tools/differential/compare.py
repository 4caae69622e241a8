"""Compare FlowMCP runtimes' recorded verdicts (record.mjs) with flowlint's findings on the same files.

    python tools/differential/compare.py tests/differential/verdicts-v3.json tests/differential/verdicts-v4.json
    python tools/differential/compare.py /tmp/lib-v3.json --root /tmp/schemas/schemas/v3.0.0 --no-table
    python tools/differential/compare.py VERDICTS... --flowlint /work/main/.venv/bin/flowlint [--strict]

Each file is judged by the runtime of the generation it declares (`declared_version` 4.x: the 4.x
verdicts; anything else: the 3.x verdicts); a `.py` twin beside a `.mjs` is scored with the `.mjs`
verdict.  flowlint is run as `flowlint check --format json --no-cache --exit-zero FILES` (with
`--strict` in the strict profile, when that flowlint has the option) and `flowlint mcp-tools FILE` per
served definition.  Four agreement figures (issue 18, "How it must be shown"):

* definitions: the runtime refuses the file (load, tool build, or a test over MCP) <=> flowlint has an
  error.  A file the runtime accepts whose only flowlint errors are TST001-TST008 findings is counted
  as "test rules" (flowlint's own reason to exist), outside the figure, not as a disagreement.
* codes: for each code the runtime prints in a refusal (SEC006, VAL014, VAL107, ...), flowlint reports an
  error with the code of that meaning in the declared generation's specification (`expected_code`: the
  printed one, except where 3.0.0 numbers it otherwise) on that file.
* test values: on served definitions, the runtime's MCP stage refuses a test <=> flowlint has a value
  error on it (TST003/TST004, or any other error on that test; a refused test also counts as caught by
  an error on the refused parameter of that tool, on no test or on a group of tests: one finding per
  defect, e.g. for a named {{NAME}} placeholder).
* tool names: the buildToolName names of the tools the runtime built and registered <=> the names of
  `flowlint mcp-tools` (multisets per file; mcp-tools leaves out a tool `check` says is not built);
  inputSchema agreement on the matching names is printed beside it (informative).

Then the disagreements, grouped by class with example files, so the rule work can see what to fix.
`--json OUT` writes the figures and classes as JSON (tests/differential/test_differential.py reads it).
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
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

# The test rules: TST001-TST008, and their resource-query forms under the codes the specification gives
# them there (RES011: a query without tests, RES022/RES023: a query's test values), same consequence.
TEST_RULES = {f"TST00{i}" for i in range(1, 9)} | {"RES011", "RES022", "RES023"}
VALUE_CODES = {"TST003", "TST004"}


def flowlint_command(exe: str | None) -> list[str]:
    if exe:
        return [exe]
    found = shutil.which("flowlint")
    return [found] if found else [sys.executable, "-m", "flowlint"]


def has_strict(cmd: list[str]) -> bool:
    proc = subprocess.run([*cmd, "check", "--help"], capture_output=True, text=True, check=False)
    return "--strict" in proc.stdout


def run_check(cmd: list[str], files: list[str], cwd: str, strict: bool) -> dict[str, Any]:
    args = [*cmd, "check", "--format", "json", "--no-cache", "--exit-zero", "--show-skipped"]
    if strict:
        args.append("--strict")
    proc = subprocess.run([*args, *files], cwd=cwd, capture_output=True, text=True, check=False)
    if proc.returncode not in (0, 1):
        sys.exit(f"flowlint check failed ({proc.returncode}): {proc.stderr.strip()[:2000]}")
    report: dict[str, Any] = json.loads(proc.stdout)
    return report


def run_mcp_tools(cmd: list[str], files: list[str], cwd: str) -> dict[str, list[dict[str, Any]] | None]:
    def one(path: str) -> list[dict[str, Any]] | None:
        proc = subprocess.run([*cmd, "mcp-tools", path], cwd=cwd, capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            return None
        try:
            tools: list[dict[str, Any]] = json.loads(proc.stdout).get("tools", [])
        except json.JSONDecodeError:
            return None
        return tools

    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(zip(files, pool.map(one, files), strict=True))


def norm(path: str, root: str) -> str:
    return os.path.normpath(os.path.join(root, path))


def generation(verdict: dict[str, Any]) -> str:
    version = str(verdict.get("declared_version") or "")
    return "v4" if version.startswith("4.") else "v3"


def message_class(message: str) -> str:
    """A runtime message without its values: 'main.tools.*.preload.ttl: Must be a positive integer'."""
    m = message.strip().split("\n")[0]
    m = re.sub(r"^(SEC\d{3}) \S+: ", r"\1 ", m)
    m = re.sub(r" found at line \d+", "", m)
    m = re.sub(r"\bmain\.(tools|routes|resources)\.[^.:\s]+", r"main.\1.*", m)
    m = re.sub(r"\b(resources)\.[^.:\s]+", r"\1.*", m)
    m = re.sub(r"^tool \S+:", "tool *:", m)
    m = re.sub(r"\[\d+\]", "[*]", m)
    m = re.split(r",? got ", m)[0]
    m = re.sub(r'"[^"]*"', '"…"', m)
    return m[:120]


def issue_class(issue: dict[str, Any]) -> str:
    msg = re.sub(r"'[^']*'(\s*\|\s*'[^']*')*", "…", issue.get("message", ""))
    msg = re.sub(r"\b\d+(\.\d+)?\b", "N", msg)
    return f"zod {issue.get('code')}: {msg}"[:110]


def test_causes(test: dict[str, Any]) -> list[str]:
    if test.get("refusal"):
        return ["parse throws: " + re.sub(r"'[^']*'", "…", test["refusal"])[:90]]
    return sorted({issue_class(i) for i in test.get("issues", [])}) or ["refused (no issue)"]


def refusal_classes(v: dict[str, Any]) -> list[str]:
    if v.get("accepted"):
        return []
    if v.get("stage") == "tests":
        return sorted({"tests: " + c for t in v.get("tests", []) if not t["ok"] for c in test_causes(t)})
    return sorted({f"{v.get('stage')}: {message_class(m)}" for m in v.get("messages", [])}) or [
        f"{v.get('stage')}: (no message)"
    ]


def pct(a: int, b: int) -> str:
    return f"{a}/{b} = {a / b:.3f}" if b else f"{a}/0 = n/a"


def ratio(a: int, b: int) -> float | None:
    return round(a / b, 4) if b else None


def strip_schema(value: Any) -> Any:
    """An inputSchema without what only one side writes (descriptions, $schema, additionalProperties)."""
    if isinstance(value, dict):
        return {
            k: strip_schema(v) for k, v in value.items() if k not in {"description", "$schema", "additionalProperties"}
        }
    if isinstance(value, list):
        return [strip_schema(v) for v in value]
    return value


def expected_code(printed: str, generation: int) -> str:
    """The code flowlint prints for a refusal the runtime reports as `printed` (issue 18: the runtime's own
    code where the generation's specification gives it that meaning): 3.x prints scan codes that 3.0.0
    numbers otherwise (flowlint.definition.security.spec_code; FL018 where 3.0.0 has none), SEC020 for
    an unapproved library (3.0.0's VAL026) and PRM codes that 12-prompt-architecture gives other meanings
    (FL023); 4.x prints its specification's codes."""
    if generation == 4:
        return printed
    if printed == "SEC020":
        return "VAL026"
    if printed.startswith("PRM"):
        return "FL023"
    if printed.startswith("SEC"):
        from flowlint.definition.security import spec_code

        return spec_code(printed, 3) or "FL018"
    return printed


class Comparison:
    def __init__(
        self,
        rows: dict[str, dict[str, Any]],
        diags: dict[str, list[dict[str, Any]]],
        mcp: dict[str, list[dict[str, Any]] | None] | None,
        examples: int,
    ) -> None:
        self.rows = rows
        self.diags = diags
        self.mcp = mcp
        self.examples = examples
        common = os.path.commonpath(list(rows)) if rows else "."
        self.base = common if not os.path.isfile(common) else os.path.dirname(common)
        self.figures: dict[str, Any] = {}
        self.classes: dict[str, dict[str, list[str]]] = {}

    def errors(self, p: str) -> list[dict[str, Any]]:
        return [d for d in self.diags.get(p, []) if d["severity"] == "error"]

    def short(self, p: str) -> str:
        return os.path.relpath(p, self.base)

    def eg(self, files: list[str]) -> str:
        return ", ".join(self.short(p) for p in sorted(files)[: self.examples])

    def only_test_rules(self, p: str) -> bool:
        codes = {d["code"] for d in self.errors(p)}
        return bool(codes) and codes <= TEST_RULES and bool(self.rows[p].get("accepted"))

    def table(self) -> None:
        width = max((len(self.short(p)) for p in self.rows), default=10)
        print(f"(paths below are relative to {self.base})")
        print(f"{'file':<{width}}  gen  runtime  stage       tests  flowlint-errors")
        for p in sorted(self.rows):
            v = self.rows[p]
            tests = v.get("tests", [])
            ok = sum(1 for t in tests if t["ok"])
            codes = sorted(Counter(d["code"] for d in self.errors(p)).items())
            fl_text = ",".join(f"{c}x{n}" if n > 1 else c for c, n in codes) or "-"
            if self.only_test_rules(p):
                mark = "   (test rules)"
            else:
                mark = "" if (not v["accepted"]) == bool(self.errors(p)) else "   <- disagree"
            print(
                f"{self.short(p):<{width}}  {v['_runtime']:<3}  {'accept' if v['accepted'] else 'REFUSE':<7}  "
                f"{v.get('stage') or '-':<10}  {ok:>2}/{len(tests):<2}  {fl_text}{mark}"
            )
        print()

    def definitions(self) -> None:
        agree = judged = test_rules = 0
        missed: dict[str, list[str]] = defaultdict(list)
        false_errors: dict[str, list[str]] = defaultdict(list)
        for p, v in self.rows.items():
            if self.only_test_rules(p):
                test_rules += 1
                continue
            judged += 1
            refused, flagged = not v["accepted"], bool(self.errors(p))
            agree += refused == flagged
            if refused and not flagged:
                for c in refusal_classes(v):
                    missed[c].append(p)
            if flagged and not refused:
                for code in sorted({d["code"] for d in self.errors(p)}):
                    false_errors[code].append(p)
        self.figures["definitions"] = {
            "agree": agree,
            "judged": judged,
            "test_rules": test_rules,
            "ratio": ratio(agree, judged),
        }
        self.classes["refused_no_error"] = dict(missed)
        self.classes["error_accepted"] = dict(false_errors)

    def codes(self) -> None:
        """Where the runtime prints a code for a refusal, flowlint prints the code of that meaning in the
        declared generation's specification (`expected_code`)."""
        agree = total = 0
        missing: dict[str, list[str]] = defaultdict(list)  # "CODE (flowlint: X,Y)" -> files
        for p, v in self.rows.items():
            if v["accepted"]:
                continue
            fl_codes = {d["code"] for d in self.errors(p)}
            generation = 4 if v.get("_runtime") == "v4" else 3
            for printed in v.get("codes", []):
                code = expected_code(printed, generation)
                total += 1
                if code in fl_codes:
                    agree += 1
                else:
                    shown = code if code == printed else f"{printed} = {code}"
                    missing[f"{shown} (flowlint: {','.join(sorted(fl_codes)) or 'no error'})"].append(p)
        self.figures["codes"] = {"agree": agree, "judged": total, "ratio": ratio(agree, total)}
        self.classes["code_missing"] = dict(missing)

    def tests(self) -> None:
        agree = total = 0
        silent: dict[str, list[str]] = defaultdict(list)
        extra: dict[str, list[str]] = defaultdict(list)
        for p, v in self.rows.items():
            by_test: dict[tuple[str, int], set[str]] = defaultdict(set)
            by_param: dict[tuple[str, str], set[str]] = defaultdict(set)
            for d in self.errors(p):
                if d.get("test_index") is not None:
                    by_test[(d.get("tool"), d["test_index"])].add(d["code"])
                # One defect, one finding: an error on the parameter (or on it in one test of a group such as
                # "tests 0-1 of tool ...", which carries the first test's index) covers every test it refuses.
                if d.get("parameter"):
                    by_param[(d.get("tool"), d["parameter"])].add(d["code"])
            for t in v.get("tests", []):
                total += 1
                codes = by_test.get((t["tool"], t["index"]), set())
                value_codes = {c for c in codes if c in VALUE_CODES or c not in TEST_RULES}
                where = f"{p}::{t['tool']}[{t['index']}]"
                if not t["ok"]:
                    # record.mjs joins a zod path with '.': a key may hold dots itself ('pagination.reverse')
                    paths = [str(i.get("path", "")) for i in t.get("issues", [])]
                    keys = set(paths) | {path.split(".")[0] for path in paths}
                    on_param = any(by_param.get((t["tool"], k)) for k in keys)
                    if codes or on_param:
                        agree += 1
                    else:
                        for c in test_causes(t):
                            silent[c].append(where)
                elif value_codes:
                    for c in sorted(value_codes):
                        extra[c].append(where)
                else:
                    agree += 1
        self.figures["test_values"] = {"agree": agree, "judged": total, "ratio": ratio(agree, total)}
        self.classes["test_refused_no_error"] = dict(silent)
        self.classes["test_error_accepted"] = dict(extra)

    def tool_names(self) -> None:
        if self.mcp is None:  # --no-mcp-tools
            self.figures["tool_names"] = self.figures["input_schemas"] = {"agree": 0, "judged": 0, "ratio": None}
            return
        agree = total = schema_agree = schema_total = schema_exact = 0
        differ: dict[str, list[str]] = defaultdict(list)
        schema_differ: dict[str, list[str]] = defaultdict(list)
        for p, v in self.rows.items():
            built = [t for t in v.get("tools", []) if t.get("built")]
            named = [t for t in built if t.get("tool_name") and t.get("registered", True)]
            if not any(t.get("tool_name") for t in v.get("tools", [])):
                continue
            fl_tools = self.mcp.get(p)  # None: mcp-tools failed on the file
            runtime_names = Counter(t["tool_name"] for t in named)
            fl_names = Counter(t["name"] for t in fl_tools or [])
            both = runtime_names & fl_names
            union = runtime_names | fl_names
            agree += sum(both.values())
            total += sum(union.values())
            if fl_tools is None:
                differ["flowlint mcp-tools failed on the file"].append(p)
            elif both != union:
                rt_only = sorted((runtime_names - fl_names).elements())
                fl_only = sorted((fl_names - runtime_names).elements())
                kind = "names differ" if rt_only and fl_only else "runtime only" if rt_only else "flowlint only"
                differ[kind].append(f"{p}::runtime {rt_only} flowlint {fl_only}")
            fl_by_name = {t["name"]: t for t in fl_tools or []}
            for t in built:
                if "input_schema" not in t or t["tool_name"] not in fl_by_name:
                    continue
                schema_total += 1
                schema_exact += fl_by_name[t["tool_name"]].get("inputSchema") == t["input_schema"]
                mine = strip_schema(fl_by_name[t["tool_name"]].get("inputSchema"))
                theirs = strip_schema(t["input_schema"])
                if mine == theirs:
                    schema_agree += 1
                else:
                    schema_differ[schema_difference(theirs, mine)].append(f"{p}::{t['tool_name']}")
        self.figures["tool_names"] = {"agree": agree, "judged": total, "ratio": ratio(agree, total)}
        self.figures["input_schemas"] = {
            "agree": schema_agree,
            "judged": schema_total,
            "ratio": ratio(schema_agree, schema_total),
            "exact": schema_exact,
        }
        self.classes["tool_name_differs"] = dict(differ)
        self.classes["input_schema_differs"] = dict(schema_differ)

    def report(self, profile: str) -> None:
        f = self.figures
        print(f"agreement ({profile} profile):")
        d = f["definitions"]
        print(
            f"  definitions  {pct(d['agree'], d['judged'])}   "
            f"(+ {d['test_rules']} runtime-accepted files whose only errors are TST001-TST008: test rules)"
        )
        print(f"  codes        {pct(f['codes']['agree'], f['codes']['judged'])}")
        print(f"  test values  {pct(f['test_values']['agree'], f['test_values']['judged'])}")
        if self.mcp is None:
            print("  tool names   not measured (--no-mcp-tools)")
        else:
            print(f"  tool names   {pct(f['tool_names']['agree'], f['tool_names']['judged'])}")
            s = f["input_schemas"]
            print(
                f"  (inputSchema on matching tool names, informative: {pct(s['agree'], s['judged'])}; "
                f"byte for byte, with descriptions, $schema and additionalProperties: {s.get('exact', 0)})"
            )
        print()
        titles = (
            ("refused_no_error", "A. runtime refuses, flowlint reports no error (by stage: runtime message)"),
            ("error_accepted", "B. flowlint reports an error, runtime accepts (by flowlint code)"),
            ("code_missing", "C. runtime code on a refused file that flowlint does not print (code, flowlint's)"),
            ("test_refused_no_error", "D. runtime's MCP stage refuses a test, flowlint has no error on it (cause)"),
            ("test_error_accepted", "E. flowlint value error on a test the MCP stage accepts (by code)"),
            ("tool_name_differs", "F. tool names differ (runtime buildToolName vs flowlint mcp-tools)"),
            ("input_schema_differs", "G. inputSchema differs on the same tool name (informative)"),
        )
        print("disagreements by class:")
        for key, title in titles:
            table = self.classes.get(key, {})
            print(f"  {title}: {sum(len(v) for v in table.values())}")
            for c, items in sorted(table.items(), key=lambda kv: (-len(kv[1]), kv[0])):
                example = ", ".join(self.short_item(i) for i in sorted(items)[: self.examples])
                print(f"    {len(items):>5}  {c}   e.g. {example}")
                if key == "error_accepted":
                    first = sorted(items)[0]
                    msg = next(d["message"] for d in self.errors(first) if d["code"] == c)
                    print(f"           {msg[:150]}")
        print()

    def counts(self) -> None:
        """flowlint's findings by code and severity over the judged files, and how many files are clean."""
        by_code: dict[str, Counter[str]] = defaultdict(Counter)
        for p in self.rows:
            for d in self.diags.get(p, []):
                by_code[d["code"]][d["severity"]] += 1
        no_error = sum(1 for p in self.rows if not self.errors(p))
        no_finding = sum(
            1 for p in self.rows if not [d for d in self.diags.get(p, []) if d["severity"] in ("error", "warning")]
        )
        unexplained = sum(
            len([d for d in self.errors(p) if d["code"] not in TEST_RULES])
            for p, v in self.rows.items()
            if v["accepted"]
        )
        self.figures["counts"] = {
            "by_code": {c: dict(n) for c, n in sorted(by_code.items())},
            "files_without_error": no_error,
            "files_without_error_or_warning": no_finding,
            "errors_not_test_rules_on_accepted_files": unexplained,
        }
        total = Counter[str]()
        for n in by_code.values():
            total.update(n)
        print(
            f"flowlint findings on the {len(self.rows)} judged files: {total['error']} errors, {total['warning']} "
            f"warnings, {total['info']} infos; {no_error} files without an error, {no_finding} without an error "
            f"or warning; {unexplained} errors that are no TST001-TST008 finding on files the runtime accepts"
        )
        line = [f"{c} {n['error']}/{n['warning']}/{n['info']}" for c, n in sorted(by_code.items())]
        print("  by code (errors/warnings/infos): " + ", ".join(line))
        print()

    def short_item(self, item: str) -> str:
        path, sep, rest = item.partition("::")
        return self.short(path) + (sep + rest if sep else "")


def schema_difference(runtime: Any, flowlint: Any) -> str:
    """A short class for two differing inputSchemas: which part differs."""
    if not isinstance(runtime, dict) or not isinstance(flowlint, dict):
        return "not an object schema"
    parts = []
    rp, fp = runtime.get("properties", {}), flowlint.get("properties", {})
    if set(rp) != set(fp):
        parts.append("properties: runtime-only keys" if set(rp) - set(fp) else "properties: flowlint-only keys")
    if sorted(runtime.get("required", [])) != sorted(flowlint.get("required", [])):
        parts.append("required differs")
    for key in sorted(set(rp) & set(fp)):
        if rp[key] != fp[key]:
            fields = sorted({k for k in set(rp[key]) | set(fp[key]) if rp[key].get(k) != fp[key].get(k)})
            parts.append("property " + "/".join(fields) + " differs")
            break
    return "; ".join(parts) or "other"


_LEGACY_TOOLS = re.compile(r"^[ \t]*['\"]?tools['\"]?[ \t]*:", re.M)


def legacy_without_tools(v: dict[str, Any], path: str) -> dict[str, Any]:
    """A FlowMCP 1.x file that the 3.x runtime's LegacyAdapter converts (reading only `routes`) and that
    serves no tool while its tools sit under `tools`: every call to them is refused, so it is scored as a
    refusal at stage `legacy-tools` (flowlint: VAL001, consequence "tool not built")."""
    converted = any(w.startswith("LegacyAdapter:") for w in v.get("warnings", []))
    if not (v.get("accepted") and converted and not v.get("tools")) or not os.path.isfile(path):
        return v
    with open(path, encoding="utf-8", errors="replace") as handle:
        if not _LEGACY_TOOLS.search(handle.read()):
            return v
    message = "LegacyAdapter reads only `routes`: none of the file's `tools` is served"
    return dict(v, accepted=False, stage="legacy-tools", messages=[message], codes=["VAL001"])


def load_rows(
    reports: list[dict[str, Any]], root: str, twins: bool
) -> tuple[dict[str, dict[str, Any]], int, list[str]]:
    by_runtime: dict[str, dict[str, dict[str, Any]]] = {}
    for report in reports:
        by_runtime[report["runtime"]] = {norm(v["file"], root): v for v in report["verdicts"]}
    files = sorted({p for table in by_runtime.values() for p in table})
    rows: dict[str, dict[str, Any]] = {}
    environment: list[str] = []
    for p in files:
        # The generation the file declares picks the runtime; a file only one runtime saw uses that one.
        seen = [table[p] for table in by_runtime.values() if p in table]
        runtime = generation(seen[0])
        v = by_runtime.get(runtime, {}).get(p)
        if v is None:
            continue
        if v.get("environment"):
            environment.append(p)
            continue
        rows[p] = legacy_without_tools(dict(v, _runtime=runtime), p)
    n_twins = 0
    if twins:
        for p in list(rows):
            twin = p[:-4] + ".py"
            if p.endswith(".mjs") and os.path.exists(twin) and twin not in rows:
                rows[twin] = rows[p]
                n_twins += 1
    return rows, n_twins, environment


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("verdicts", nargs="+", help="JSON files written by tools/differential/record.mjs")
    ap.add_argument("--root", default=".", help="directory the verdict paths are relative to (default .)")
    ap.add_argument("--flowlint", help="the flowlint executable to measure (default: flowlint on PATH)")
    ap.add_argument("--strict", action="store_true", help="the strict profile: run flowlint check --strict")
    ap.add_argument("--flowlint-json", help="use this saved flowlint check JSON report instead of running flowlint")
    ap.add_argument("--no-mcp-tools", action="store_true", help="skip flowlint mcp-tools (no tool-name figure)")
    ap.add_argument("--no-table", action="store_true", help="skip the per-file table")
    ap.add_argument("--no-twins", action="store_true", help="do not add .py twins of .mjs files")
    ap.add_argument("--examples", type=int, default=2, help="example files per disagreement class")
    ap.add_argument("--json", dest="json_out", help="also write the figures and classes to this JSON file")
    ap.add_argument(
        "--definitions-only",
        action="store_true",
        help="leave out files flowlint skips as not tool definitions (FL002: skills, prompts, agent manifests, "
        "registry JSON) that the runtime's Pipeline.load refuses: FlowMCP loads those with other loaders",
    )
    args = ap.parse_args(argv)

    root = os.path.abspath(args.root)
    reports = [json.loads(Path(p).read_text()) for p in args.verdicts]
    rows, n_twins, environment = load_rows(reports, root, not args.no_twins)
    cmd = flowlint_command(args.flowlint)
    if args.strict and not args.flowlint_json and not has_strict(cmd):
        print(f"{' '.join(cmd)} check has no --strict option yet: strict profile skipped")
        return 0
    fl = (
        json.loads(Path(args.flowlint_json).read_text())
        if args.flowlint_json
        else run_check(cmd, sorted(rows), root, args.strict)
    )
    diags: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for d in fl["diagnostics"]:
        diags[norm(d["path"], root)].append(d)
    not_definitions = []
    if args.definitions_only:
        not_definitions = sorted(
            p for p, v in rows.items() if not v["accepted"] and any(d["code"] == "FL002" for d in diags.get(p, []))
        )
        for p in not_definitions:
            del rows[p]
    served = sorted(p for p, v in rows.items() if any(t.get("tool_name") for t in v.get("tools", [])))
    mcp = None if args.no_mcp_tools else run_mcp_tools(cmd, served, root)

    runtimes = ", ".join(f"{r['runtime']} @ {r['runtime_commit'][:12]} ({r['files']} files)" for r in reports)
    profile = "strict" if args.strict else "default"
    print(
        f"runtimes {runtimes} vs flowlint {fl.get('flowlint')} ({' '.join(cmd)}), {profile} profile; "
        f"{len(rows)} files judged by the runtime of their declared generation ({n_twins} .py twins)"
    )
    if not_definitions:
        print(
            f"left out: {len(not_definitions)} files flowlint skips as not tool definitions (FL002) that "
            f"Pipeline.load refuses, e.g. {os.path.relpath(not_definitions[0], root)}"
        )
    if environment:
        print(
            f"left out: {len(environment)} files whose required libraries this machine lacks (record.mjs marks "
            f"them environment), e.g. {os.path.relpath(environment[0], root)}"
        )
    print()
    cmp = Comparison(rows, diags, mcp, args.examples)
    if not args.no_table:
        cmp.table()
    cmp.definitions()
    cmp.codes()
    cmp.tests()
    cmp.tool_names()
    cmp.report(profile)
    cmp.counts()
    if args.json_out:
        out = {
            "profile": profile,
            "flowlint": fl.get("flowlint"),
            "files": len(rows),
            "left_out_environment": len(environment),
            "left_out_not_definitions": len(not_definitions),
            "figures": cmp.figures,
            "classes": {
                key: {c: sorted(cmp.short_item(i) for i in items) for c, items in table.items()}
                for key, table in cmp.classes.items()
            },
        }
        Path(args.json_out).write_text(json.dumps(out, indent=2, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
