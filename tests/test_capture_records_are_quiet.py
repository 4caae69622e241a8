"""Capture records are never definitions (issue 27, item 1): a record carries a `namespace` key, and
metrics.json a list of tool names, so they were linted as definitions wherever they were committed
(`capture -o captures`, then `flowlint check .`: 140 errors; pre-commit names them one by one). They
are recognised by their shape, walked and named alike, and reported by no rule.

The records are made by the real `flowlint capture` against the README's demo API, served in this
process on 127.0.0.1.
"""

from __future__ import annotations

import importlib.util
import shutil
from http.server import ThreadingHTTPServer
from pathlib import Path

import pytest

from conftest import REPO, invoke_cli, serving

DEMO = REPO / "examples" / "demo-prices"


def _demo_handler() -> type:
    spec = importlib.util.spec_from_file_location("demo_prices_serve", DEMO / "serve.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.DemoPrices  # type: ignore[no-any-return]


@pytest.fixture
def captured(tmp_path: Path) -> Path:
    """A copy of the demo with its captures in `captures/` (the folder name a walk does not exclude)."""
    folder = tmp_path / "demo"
    shutil.copytree(DEMO, folder)
    with serving(ThreadingHTTPServer(("127.0.0.1", 0), _demo_handler())) as server:
        port = server.server_address[1]
        result = invoke_cli(
            "capture", "prices.mjs", "--base-url", f"demoprices=http://127.0.0.1:{port}", "--delay", "0",
            "-o", "captures", cwd=folder,
        )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return folder


def test_a_walk_reports_nothing_in_capture_records(captured: Path) -> None:
    result = invoke_cli("check", "--no-cache", ".", cwd=captured)
    assert "captures" not in result.stdout, result.stdout
    assert result.stdout.count("VAL036 warning") == 2  # the definition's own findings, nothing else
    assert result.returncode == 0


def test_named_capture_records_and_metrics_are_quiet(captured: Path) -> None:
    """What pre-commit passes: every staged file by name."""
    names = sorted(str(p.relative_to(captured)) for p in (captured / "captures").rglob("*.json"))
    assert len(names) == 7 and any(name.endswith("metrics.json") for name in names)
    result = invoke_cli("check", "--no-cache", *names, cwd=captured)
    assert result.returncode == 0, result.stdout
    assert "error" not in result.stdout and "warning" not in result.stdout, result.stdout
    shown = invoke_cli("check", "--no-cache", "--show-skipped", *names, cwd=captured)
    assert shown.stdout.count("a capture record (flowlint capture), not a definition") == 6, shown.stdout
    assert shown.stdout.count("a capture run's metrics (flowlint capture), not a definition") == 1


def test_the_loader_tells_a_record_by_its_shape_not_its_folder(captured: Path, tmp_path: Path) -> None:
    from flowlint.definition.loading import LoadStatus, load_file

    record = next((captured / "captures").rglob("getPrice-0.json"))
    moved = tmp_path / "anywhere.json"
    moved.write_bytes(record.read_bytes())
    loaded = load_file(moved)
    assert loaded.status is LoadStatus.SKIPPED and "capture record" in loaded.reason
