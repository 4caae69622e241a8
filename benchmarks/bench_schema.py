"""Benchmark `flowlint schema`: generation from 10,000 captured responses; rewriting 500 definitions.

Each generated schema must be a `Generated`, each rewrite must be written and a second run must
change nothing, before a time is printed; otherwise the benchmark stops with exit code 1.

Run: python benchmarks/bench_schema.py [--responses N] [--definitions N]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, NoReturn

from flowlint.captures.records import CaptureRecord
from flowlint.rewrite.outputs import CaptureIndex, plan_file, write_result
from flowlint.schema.generate import Generated, generate_output

TOOLS = 100


def fail(message: str) -> NoReturn:
    print(f"bench_schema: {message}", file=sys.stderr)
    raise SystemExit(1)


def response(rng: random.Random) -> dict[str, Any]:
    """A realistic API response: metadata, a nested object and an array of 50 nested items."""
    return {
        "status": "ok",
        "page": rng.randint(1, 50),
        "updated": f"2024-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}T10:00:00Z",
        "source": {"name": "demo", "url": "https://api.example.com/v1", "license": None},
        "items": [
            {
                "id": f"coin-{i}",
                "rank": i,
                "price": rng.random() * 1000,
                "change24h": rng.choice([None, rng.uniform(-10, 10)]),
                "active": rng.random() > 0.1,
                "links": {"homepage": f"https://coin{i}.example", "explorers": [f"https://scan{i}.example"]},
                "tags": rng.sample(["defi", "l1", "l2", "meme", "stable"], k=rng.randint(0, 3)),
                "market": {
                    "volume": rng.random() * 1e9,
                    "cap": rng.randint(1, 10**12),
                    "pairs": [{"base": "X", "quote": "USD", "spread": rng.random()}],
                },
            }
            for i in range(50)
        ],
    }


def bench_generation(count: int) -> tuple[float, int]:
    rng = random.Random(7)
    per_tool = count // TOOLS
    groups = [[response(rng) for _ in range(per_tool)] for _ in range(TOOLS)]
    size = sum(len(json.dumps(sample)) for group in groups for sample in group)
    start = time.perf_counter()
    for group in groups:
        result = generate_output(group, content_types=["application/json"] * len(group))
        if not isinstance(result, Generated):
            fail(f"generation gave {result!r}")
    return time.perf_counter() - start, size


DEFINITION = """// generated definition {n}
export const main = {{
    namespace: 'bench{n}',
    name: 'Bench{n}',
    description: 'Benchmark definition',
    version: '3.0.0',
    root: 'https://api.example.com',
    tools: {{
{tools}
    }},
}}
"""
TOOL = """        tool{t}: {{
            method: 'GET',
            path: '/t{t}',
            description: 'Tool {t}',
            parameters: [
                {{
                    position: {{ key: 'id', value: '{{{{USER_PARAM}}}}', location: 'query' }},
                    z: {{ primitive: 'string()', options: [] }},
                }},
            ],
            tests: [
                {{ _description: 'first', id: 'a' }},
                {{ _description: 'second', id: 'b' }},
            ],
        }},"""


def bench_rewrite(count: int) -> tuple[float, float]:
    rng = random.Random(11)
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        index = CaptureIndex()
        files = []
        for n in range(count):
            path = root / f"def{n}.mjs"
            path.write_text(DEFINITION.format(n=n, tools="\n".join(TOOL.format(t=t) for t in range(3))))
            files.append(path)
            for t in range(3):
                for test in range(2):
                    sample = response(rng)
                    sample["items"] = sample["items"][:5]
                    index.add(
                        CaptureRecord.model_validate(
                            {
                                "namespace": f"bench{n}",
                                "toolName": f"tool{t}",
                                "testIndex": test,
                                "timestamp": "2026-01-01T00:00:00Z",
                                "contentType": "application/json",
                                "response": {"status": True, "data": sample},
                            }
                        )
                    )
        start = time.perf_counter()
        for path in files:
            result = write_result(plan_file(path, index))
            if result.status != "written":
                fail(f"{path}: {result.status} ({result.reason})")
        first = time.perf_counter() - start
        start = time.perf_counter()
        for path in files:
            again = plan_file(path, index)
            if again.status != "unchanged":
                fail(f"{path}: second run is {again.status} ({again.reason}), expected unchanged")
        second = time.perf_counter() - start
    return first, second


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--responses", type=int, default=10_000)
    parser.add_argument("--definitions", type=int, default=500)
    args = parser.parse_args()
    seconds, size = bench_generation(args.responses)
    print(
        f"generation: {args.responses} responses ({size / 1e6:.1f} MB JSON, {TOOLS} tools, arrays of 50) "
        f"in {seconds:.2f} s = {args.responses / seconds:,.0f} responses/s"
    )
    write, check = bench_rewrite(args.definitions)
    print(
        f"rewrite: {args.definitions} definitions x 3 tools (plan + write + verify) in {write:.2f} s "
        f"= {write / args.definitions * 1000:.1f} ms/definition; second run (no change) {check:.2f} s"
    )


if __name__ == "__main__":
    main()
