"""Benchmark: capture over many hosts takes about as long as its busiest host.

Starts HOSTS local HTTP servers, each on its own loopback address (127.0.0.2, 127.0.0.3, ...; a
different port on 127.0.0.1 when those addresses cannot be bound), each answering after LATENCY
seconds; writes one definition per host with TESTS tests; runs `flowlint.capture.runner.capture`
with the given delay and concurrency; prints the wall time against the ideal, the busiest host's
tests x delay, and the serial time a one-host-at-a-time run would need. Every call must succeed
and leave its record file, and every host's calls must keep the delay, before a time is printed;
otherwise the benchmark stops with exit code 1.

    python benchmarks/bench_capture.py [--hosts 20] [--tests 10] [--delay 0.2] [--latency 0.05]
"""

# ruff: noqa: E501  (definition texts and expected messages read best on one line)

from __future__ import annotations

import argparse
import itertools
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import NoReturn

from flowlint.capture.runner import CaptureOptions, capture

DEFINITION = """export const main = {
    namespace: 'host%(i)d', name: 'Bench', description: 'bench', version: '3.0.0',
    root: '%(root)s', requiredServerParams: [], headers: {},
    tools: { getItem: { method: 'GET', path: '/item/:id', description: 'item',
        parameters: [ { position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'number()', options: [] } } ],
        tests: [ %(tests)s ] } }
}
"""


def fail(message: str) -> NoReturn:
    print(f"bench_capture: {message}", file=sys.stderr)
    raise SystemExit(1)


def make_handler(latency: float, starts: list[float]) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self) -> None:
            starts.append(time.monotonic())
            time.sleep(latency)
            body = b'{"id": 1, "name": "item", "price": 1.5}'
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    return Handler


def start_servers(count: int, latency: float) -> list[tuple[ThreadingHTTPServer, list[float]]]:
    servers = []
    for index in range(count):
        starts: list[float] = []
        try:
            server = ThreadingHTTPServer((f"127.0.0.{index + 2}", 0), make_handler(latency, starts))
        except OSError:
            server = ThreadingHTTPServer(("127.0.0.1", 0), make_handler(latency, starts))
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append((server, starts))
    return servers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hosts", type=int, default=20)
    parser.add_argument("--tests", type=int, default=10)
    parser.add_argument("--delay", type=float, default=0.2)
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--concurrency", type=int, default=20)
    args = parser.parse_args()
    started = start_servers(args.hosts, args.latency)
    servers = [server for server, _ in started]
    try:
        with tempfile.TemporaryDirectory() as folder:
            base = Path(folder)
            paths = []
            tests = ", ".join(f"{{ _description: 'item {n}', id: {n} }}" for n in range(args.tests))
            for index, server in enumerate(servers):
                host, port = str(server.server_address[0]), server.server_address[1]
                path = base / f"host{index}.mjs"
                path.write_text(
                    DEFINITION % {"i": index, "root": f"http://{host}:{port}", "tests": tests}, encoding="utf-8"
                )
                paths.append(path)
            options = CaptureOptions(
                output=base / "capture",
                delay=args.delay,
                timeout=10,
                concurrency=args.concurrency,
                environ={},
                env_files=[],
                progress="quiet",
            )
            result = capture(paths, options)
            expected = args.hosts * args.tests
            if (result.ok, result.failed, result.skipped, len(result.records)) != (expected, 0, 0, expected):
                reasons = sorted({r.reason or "" for r in result.records if r.outcome != "ok"})
                fail(f"{result.ok} ok, {result.failed} failed, {result.skipped} skipped of {expected}: {reasons[:3]}")
            files = len(list(result.run_dir.glob("host*/getItem-*.json")))
            if files != expected:
                fail(f"{files} record files written, expected {expected}")
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()
    for server, starts in started:
        gaps = [b - a for a, b in itertools.pairwise(starts)]
        if len(starts) != args.tests or any(gap < args.delay * 0.9 for gap in gaps):
            fail(f"host {server.server_address}: {len(starts)} calls, gaps {gaps}; delay {args.delay} s not kept")
    ideal = args.tests * args.delay
    serial = args.hosts * ((args.tests - 1) * max(args.delay, args.latency) + args.latency)
    addresses = len({s.server_address[0] for s in servers})
    print(
        f"hosts={args.hosts} ({addresses} addresses) tests/host={args.tests} delay={args.delay}s "
        f"latency={args.latency}s concurrency={args.concurrency}"
    )
    print(f"calls: {result.ok} ok, {result.failed} failed, {result.skipped} skipped")
    print(f"wall time: {result.wall_time:.2f} s")
    print(f"ideal (busiest host's tests x delay): {ideal:.2f} s -> ratio {result.wall_time / ideal:.3f}")
    print(f"one host after another would take about {serial:.2f} s")


if __name__ == "__main__":
    main()
