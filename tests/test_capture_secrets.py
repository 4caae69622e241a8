"""Secrets in capture: no value from the environment, `.env` or `--base-url` credentials reaches any
byte flowlint writes, in any form flowlint sends it; secret headers stay on their origin."""

from __future__ import annotations

import base64
import contextlib
import json
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, quote_plus, urlsplit

import pytest

from conftest import invoke_cli, serving
from flowlint.captures.redact import MIN_BLIND_LENGTH, Redactor, encode_component

API_KEY = "p@ss(word)/x y+z&k=v"
TOKEN = "ghp_secretTOKEN123"
USER, PASSWORD = "alice", "s3cr3t-pw"

DEFINITION = """
export const main = {
    namespace: 'secrets',
    name: 'Secrets',
    description: 'secrets',
    version: '3.0.0',
    root: 'https://api.example.com',
    requiredServerParams: [ 'API_KEY', 'QA_TOKEN' ],
    headers: { 'X-Api-Key': '{{SERVER_PARAM:API_KEY}}', 'Authorization': 'token {{QA_TOKEN}}' },
    tools: {
        getThing: {
            method: 'GET',
            path: '%(path)s',
            description: 'thing',
            parameters: [
                { position: { key: 'key', value: '{{SERVER_PARAM:API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'n', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [] } }
            ],
            tests: [ { _description: 'one', n: 1 }, { _description: 'two', n: 2 } ]
        }
    }
}
"""


class Recorder(ThreadingHTTPServer):
    seen: list[dict[str, Any]]


@pytest.fixture
def servers() -> Iterator[list[Recorder]]:
    """Two echo servers on 127.0.0.1 (two origins). `/go?to=URL` redirects; anything else echoes the
    request line and headers back as JSON, so a secret that was sent comes back in the body."""
    started: list[Recorder] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            server = self.server
            assert isinstance(server, Recorder)
            headers = {k: v for k, v in self.headers.items()}
            server.seen.append({"path": self.path, "headers": headers})
            parts = urlsplit(self.path)
            if parts.path == "/go":
                target = parse_qs(parts.query)["to"][0]  # the rest of the query (the key) stays here
                self.send_response(302)
                self.send_header("Location", target)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            body = json.dumps({"path": self.path, "headers": headers, "note": f"echo {self.path}"}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    with contextlib.ExitStack() as stack:
        for _ in range(2):
            server = Recorder(("127.0.0.1", 0), Handler)
            server.seen = []
            started.append(stack.enter_context(serving(server)))
        yield started


def port(server: Recorder) -> int:
    return int(server.server_address[1])


def forms(secret: str) -> set[str]:
    found = {secret, encode_component(secret), quote(secret, safe=""), quote_plus(secret), quote(secret)}
    found.add(json.dumps(secret)[1:-1])
    return {form for form in found if form}


def written_bytes(folder: Path) -> bytes:
    return b"".join(path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file())


def run_capture(tmp_path: Path, path: str, base_url: str) -> tuple[Any, bytes]:
    (tmp_path / "secrets.mjs").write_text(DEFINITION % {"path": path})
    (tmp_path / ".env").write_text(f"API_KEY='{API_KEY}'\n")
    result = invoke_cli(
        "capture", "secrets.mjs", "-o", "out", "--delay", "0", "--retries", "0",
        "--base-url", f"secrets={base_url}",
        cwd=tmp_path,
        env={"QA_TOKEN": TOKEN},
    )  # fmt: skip
    return result, written_bytes(tmp_path / "out") + result.stdout.encode() + result.stderr.encode()


def test_no_secret_reaches_any_written_byte_in_any_form(tmp_path: Path, servers: list[Recorder]) -> None:
    base = f"http://{USER}:{PASSWORD}@127.0.0.1:{port(servers[0])}"
    result, everything = run_capture(tmp_path, "/echo/{{QA_TOKEN}}", base)
    assert result.returncode == 0, result.stderr
    sent = json.dumps(servers[0].seen)
    assert TOKEN in sent and encode_component(API_KEY) in sent  # the secrets really were sent...
    basic = base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
    assert basic in sent
    for secret in (API_KEY, TOKEN, PASSWORD, f"{USER}:{PASSWORD}", basic):
        for form in forms(secret):
            assert form.encode() not in everything, f"{form!r} (a form of a secret) was written"
    records = [json.loads(p.read_text()) for p in (tmp_path / "out").rglob("getThing-*.json")]
    assert len(records) == 2
    assert records[0]["url"].startswith("http://{{BASE_URL_CREDENTIALS}}@127.0.0.1:")
    assert "/echo/{{SERVER_PARAM:QA_TOKEN}}?key={{SERVER_PARAM:API_KEY}}&n=" in records[0]["url"]


def test_secret_headers_never_follow_a_redirect_to_another_origin(tmp_path: Path, servers: list[Recorder]) -> None:
    first, second = servers
    target = f"http://127.0.0.1:{port(second)}/landing"
    result, _ = run_capture(tmp_path, "/go?to=" + target, f"http://127.0.0.1:{port(first)}")
    assert result.returncode == 0, result.stderr
    assert first.seen[0]["headers"]["X-Api-Key"] == API_KEY  # sent to the definition's own origin
    landed = second.seen[0]["headers"]
    assert "X-Api-Key" not in landed and "Authorization" not in landed
    assert API_KEY not in json.dumps(second.seen) and TOKEN not in json.dumps(second.seen)


def test_secret_headers_follow_a_redirect_on_the_same_origin(tmp_path: Path, servers: list[Recorder]) -> None:
    first = servers[0]
    target = f"http://127.0.0.1:{port(first)}/landing"
    result, _ = run_capture(tmp_path, "/go?to=" + target, f"http://127.0.0.1:{port(first)}")
    assert result.returncode == 0, result.stderr
    assert [seen["headers"].get("X-Api-Key") for seen in first.seen[:2]] == [API_KEY, API_KEY]


def test_short_secrets_are_redacted_by_position_never_blindly() -> None:
    assert MIN_BLIND_LENGTH >= 6
    redactor = Redactor({"PIN": "1", "KEY": "abcdef"})
    record = {"timestamp": "2026-11-24T01:11:10Z", "data": "key abcdef and 1"}
    assert redactor.value(record) == {
        "timestamp": "2026-11-24T01:11:10Z",
        "data": "key {{SERVER_PARAM:KEY}} and 1",
    }


def test_secrets_that_are_not_utf8_are_redacted_in_every_form_they_reach_the_wire() -> None:
    """A surrogate escape (a byte that is not UTF-8) goes out as that byte or, read by node, as U+FFFD; a lone
    surrogate that escapes no byte (only in a mapping given to the API) has no bytes of its own and goes out
    as U+FFFD. A secret, a credential or an argument holding one made `Redactor` raise UnicodeEncodeError."""
    redactor = Redactor(
        {"ESCAPED": "secret\udcffvalue", "LONE": "hidden\ud800value"},
        credentials=[("user", "pass\ud800word")],
        arguments=["--token=arg\udfffument"],
    )
    wire = [
        (b"secret\xffvalue", b"{{SERVER_PARAM:ESCAPED}}"),
        ("secret\ufffdvalue".encode(), b"{{SERVER_PARAM:ESCAPED}}"),
        (b"secret%EF%BF%BDvalue", b"{{SERVER_PARAM:ESCAPED}}"),
        ("hidden\ufffdvalue".encode(), b"{{SERVER_PARAM:LONE}}"),
        (b"hidden%EF%BF%BDvalue", b"{{SERVER_PARAM:LONE}}"),
        ("pass\ufffdword".encode(), b"{{BASE_URL_CREDENTIALS}}"),
        (base64.b64encode("user:pass\ufffdword".encode()), b"{{BASE_URL_CREDENTIALS}}"),
        ("--token=arg\ufffdument".encode(), b"{{VIA_MCP_ARGUMENT}}"),
    ]
    for sent, token in wire:
        assert redactor.binary(b"<" + sent + b">") == b"<" + token + b">", sent
    assert redactor.value({"echo": "hidden\ufffdvalue"}) == {"echo": "{{SERVER_PARAM:LONE}}"}


def test_a_short_secret_in_the_url_is_redacted_by_position(tmp_path: Path, servers: list[Recorder]) -> None:
    (tmp_path / "secrets.mjs").write_text(DEFINITION % {"path": "/echo"})
    (tmp_path / ".env").write_text("API_KEY=7\n")
    result = invoke_cli(
        "capture", "secrets.mjs", "-o", "out", "--delay", "0", "--retries", "0",
        "--base-url", f"secrets=http://127.0.0.1:{port(servers[0])}",
        cwd=tmp_path, env={"QA_TOKEN": TOKEN},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    record = json.loads(next((tmp_path / "out").rglob("getThing-0.json")).read_text())
    assert "key={{SERVER_PARAM:API_KEY}}&n=1" in record["url"]
    assert record["timestamp"][:2] == "20" and "{{" not in record["timestamp"]
