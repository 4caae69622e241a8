"""The proof that counts is FlowMCP's: `flowlint migrate`'s report held to the runtimes' own recordings.

    python tools/differential/migration_proof.py --root LIBRARY --report REPORT.json \\
        --before V3.json [--repeat V3-AGAIN.json] --after V4.json --migrated MIGRATED_COPY [--list]

REPORT.json is `flowlint migrate LIBRARY_COPY --format json` (with `--write`: MIGRATED_COPY is that copy);
V3.json is `record.mjs --requests` of the 3.x runtime on the library as it is (V3-AGAIN a second run: a
test whose request differs between the two, a `Date.now()` in a body, is set aside); V4.json the 4.x
runtime's recording of MIGRATED_COPY. Two figures:

* equivalence: for every file the report calls equivalent (also "tools that now work"), FlowMCP's own
  records must agree: each tool 3.x registered has the same inputSchema under 4.x (descriptions and
  `$schema` aside), and each test 3.x sent sends the same request (method, URL, headers, body) under 4.x.
  Files whose tools 3.x never built are compared on what 3.x did serve. Every violation is listed.
* agreement: per definition, flowlint's verdict under 4.x (`flowlint check` on MIGRATED_COPY: any error)
  against the 4.x runtime's (`fully_accepted`), TST findings excepted as compare.py does: a file the
  runtime serves whose only errors are TST001-TST008 is counted apart, not as a disagreement; files the
  runtime could not judge on this machine (a library that does not resolve: `environment`) are left out.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from migration_table import definitions, load, unstable_tests

TEST_RULES = {f"TST00{i}" for i in range(1, 9)}
EQUIVALENT = ("equivalent", "equivalent, tools that now work")


def _schema(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _schema(v) for k, v in value.items() if k not in ("description", "$schema")}
    if isinstance(value, list):
        return [_schema(v) for v in value]
    return value


def equivalence(
    report: dict[str, Any], before: dict[str, Any], after: dict[str, Any], unstable: set[tuple[str, str, int]]
) -> dict[str, Any]:
    files = [f for f in report["files"] if f["status"] in EQUIVALENT]
    violations: list[str] = []
    compared_tests = compared_tools = set_aside = 0
    verified = 0
    for entry in files:
        path = entry["path"]
        old, new = before.get(path), after.get(path)
        if old is None or new is None:
            violations.append(f"{path}: not recorded by both runtimes")
            continue
        problems = []
        new_tools = {t["route"]: t for t in new["tools"]}
        for tool in old["tools"]:
            if "input_schema" not in tool:
                continue
            other = new_tools.get(tool["route"])
            compared_tools += 1
            if other is None or _schema(other.get("input_schema")) != _schema(tool["input_schema"]):
                problems.append(f"tool {tool['route']}: inputSchema differs")
        new_tests = {(t["tool"], t["index"]): t for t in new["tests"]}
        for test in old["tests"]:
            if "request" not in test:
                continue
            if (path, test["tool"], test["index"]) in unstable:
                set_aside += 1
                continue
            other = new_tests.get((test["tool"], test["index"]))
            compared_tests += 1
            if other is None or other.get("request") != test["request"]:
                got = None if other is None else other.get("request", other.get("request_error"))
                problems.append(f"tool {test['tool']} test {test['index']}: request {test['request']} -> {got}")
        if problems:
            violations.extend(f"{path}: {problem}" for problem in problems)
        else:
            verified += 1
    return {
        "equivalent_files": len(files),
        "verified": verified,
        "tools_compared": compared_tools,
        "requests_compared": compared_tests,
        "requests_set_aside": set_aside,
        "violations": violations,
    }


def agreement(root: Path, migrated: Path, after: dict[str, Any], flowlint: str) -> dict[str, Any]:
    names = sorted(definitions(root))
    exe = str(Path(flowlint).resolve()) if "/" in flowlint else (shutil.which(flowlint) or flowlint)
    completed = subprocess.run(
        [exe, "check", "--no-cache", "--format", "json", "--exit-zero", *names],
        cwd=migrated,
        capture_output=True,
        text=True,
        check=False,
    )
    if completed.returncode not in (0, 1):
        sys.exit(f"flowlint check failed: {completed.stderr[:2000]}")
    errors: dict[str, list[str]] = {name: [] for name in names}
    for d in json.loads(completed.stdout)["diagnostics"]:
        if d["severity"] == "error" and d["path"] in errors:
            errors[d["path"]].append(d["code"])
    agree = judged = environment = test_rules = 0
    disagreements = []
    for name in names:
        verdict = after.get(name)
        if verdict is None or verdict.get("environment"):
            environment += 1
            continue
        runtime_refuses = not verdict.get("fully_accepted")
        codes = sorted(set(errors[name]))
        if not runtime_refuses and codes and set(codes) <= TEST_RULES:
            test_rules += 1  # flowlint's own test rules on a file the runtime serves: not a disagreement
            continue
        judged += 1
        if runtime_refuses == bool(codes):
            agree += 1
        else:
            why = codes if codes else f"{verdict.get('stage')}: {(verdict.get('messages') or [''])[0]}"
            runtime = "refuses" if runtime_refuses else "accepts"
            disagreements.append(f"{name}: runtime {runtime}, flowlint {why or 'accepts'}")
    return {
        "judged": judged,
        "agree": agree,
        "ratio": round(agree / judged, 4) if judged else None,
        "environment": environment,
        "test_rules": test_rules,
        "disagreements": disagreements,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", type=Path, required=True, help="the library as it is")
    parser.add_argument("--report", type=Path, required=True, help="flowlint migrate --format json")
    parser.add_argument("--before", required=True, help="record.mjs --requests, 3.x, the library as it is")
    parser.add_argument("--repeat", help="a second 3.x recording (unstable requests are set aside)")
    parser.add_argument("--after", required=True, help="record.mjs --requests, 4.x, the migrated copy")
    parser.add_argument("--migrated", type=Path, help="the migrated copy (for the agreement figure)")
    parser.add_argument("--flowlint", default="flowlint", help="the flowlint to run (absolute, or on PATH)")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args(argv)
    report = json.loads(args.report.read_text(encoding="utf-8"))
    before, after = load(args.before), load(args.after)
    unstable = unstable_tests(before, load(args.repeat)) if args.repeat else set()
    result = equivalence(report, before, after, unstable)
    print(
        f"equivalence: {result['verified']} of {result['equivalent_files']} files the report calls equivalent have "
        f"FlowMCP's same inputSchema ({result['tools_compared']} tools) and requests ({result['requests_compared']} "
        f"tests; {result['requests_set_aside']} set aside as unstable under 3.x)"
    )
    for line in result["violations"][: None if args.list else 20]:
        print(f"  {line}")
    if args.migrated is not None:
        agreed = agreement(args.root, args.migrated, after, args.flowlint)
        print(
            f"agreement: flowlint's 4.x verdict and the 4.x runtime's agree on {agreed['agree']} of {agreed['judged']} "
            f"definitions = {agreed['ratio']} ({agreed['environment']} not judged: a library this machine lacks; "
            f"{agreed['test_rules']} served by the runtime with only TST001-TST008 errors, counted apart)"
        )
        for line in agreed["disagreements"]:
            print(f"  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
