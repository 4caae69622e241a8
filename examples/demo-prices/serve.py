"""The README walkthrough's local API: `python examples/demo-prices/serve.py [PORT]` (default 8765).

Answers GET /price/<SYMBOL>?currency=usd|eur and GET /stats/<SYMBOL> with fixed JSON, on 127.0.0.1
only, until interrupted. Standard library only, so it runs wherever flowlint does.
"""

from __future__ import annotations

import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

PRICES = {"BTC": 64250.5, "ETH": 3120.25, "SOL": 142.8}
EUR = 0.92


class DemoPrices(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        parts = urlsplit(self.path)
        segments = [s for s in parts.path.split("/") if s]
        query = parse_qs(parts.query)
        if len(segments) == 2 and segments[0] == "price" and segments[1] in PRICES:
            currency = query.get("currency", ["usd"])[0]
            price = PRICES[segments[1]] * (EUR if currency == "eur" else 1)
            self._send(200, {"symbol": segments[1], "currency": currency, "price": round(price, 2)})
        elif len(segments) == 2 and segments[0] == "stats" and segments[1] in PRICES:
            price = PRICES[segments[1]]
            body = {
                "symbol": segments[1],
                "high": round(price * 1.03, 2),
                "low": round(price * 0.97, 2),
                "volume": {"base": 1250.5, "quote": round(1250.5 * price, 2)},
                "updatedAt": "2026-11-24T08:00:00Z",
            }
            self._send(200, body)
        else:
            self._send(404, {"error": "not found"})

    def _send(self, status: int, body: object) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the walkthrough's output is flowlint's."""


def main() -> int:
    try:
        port = int(sys.argv[1]) if len(sys.argv) > 1 else 8765
        if not 0 <= port <= 65535:
            raise ValueError(port)
    except ValueError:
        print(f"usage: python serve.py [PORT]  (a port number from 0 to 65535, not {sys.argv[1]!r})", file=sys.stderr)
        return 2
    try:
        server = ThreadingHTTPServer(("127.0.0.1", port), DemoPrices)
    except OSError as error:  # a busy port, most often the demo API of an earlier run
        print(
            f"serve.py: cannot listen on 127.0.0.1:{port}: {error.strerror or error}. Is the demo API already "
            f"running (stop it with `kill %1`)? Or pick another port: python serve.py {port + 1 if port else 8766}",
            file=sys.stderr,
        )
        return 1
    print(f"demo prices API on http://127.0.0.1:{port} (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
