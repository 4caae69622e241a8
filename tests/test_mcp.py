"""`flowlint mock`, `flowlint mcp-tools` and capture via MCP, driven by the MCP SDK over stdio."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
from click.testing import CliRunner

from conftest import invoke_cli
from flowlint.capture.runner import CaptureOptions
from flowlint.cli import main as cli_main
from flowlint.definition.zod import parse_z
from flowlint.mcp.schema import mcp_tool_name, parameter_schema

pytest.importorskip("mcp")

from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPError

REPO = Path(__file__).resolve().parent.parent
SAMPLES = REPO / "sample_schemas"
COINGECKO = SAMPLES / "coingecko" / "simple-price.mjs"
CHAINLIST = SAMPLES / "chainlist" / "verified-contracts.mjs"

SMALL = """export const main = {
    namespace: 'demo',
    name: 'Demo',
    description: 'A small definition for MCP tests.',
    version: '3.0.0',
    root: 'https://example.invalid',
    tools: {
        getThing: {
            method: 'GET',
            path: '/thing',
            description: 'Get a thing.',
            parameters: [
                { position: { key: 'id', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(1)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(10)', 'optional()' ] } }
            ],
            tests: [
                { _description: 'First', id: 'a' },
                { _description: 'Second', id: 'b', limit: 2 }
            ],
            output: { mimeType: 'application/json', schema: { type: 'object', properties: { id: { type: 'string' }, n: { type: 'number' } } } }
        }
    }
}
"""


def mock_command(*args: str) -> list[str]:
    """`flowlint mock` as a real server process: the SDK's stdio client, cancellation and the
    --fault kinds (hang, crash: os._exit) need one."""
    return [sys.executable, "-m", "flowlint", "mock", *args]


@asynccontextmanager
async def mock_session(*args: str, timeout: float = 10.0) -> AsyncIterator[ClientSession]:
    command = mock_command(*args)
    parameters = StdioServerParameters(command=command[0], args=command[1:], cwd=str(REPO))
    async with stdio_client(parameters) as (read, write):
        async with ClientSession(read, write, read_timeout_seconds=timeout) as session:
            yield session


def run(function: Callable[[], Awaitable[None]]) -> None:
    anyio.run(function)


def raw_exchange(lines: list[dict[str, Any] | str], *args: str) -> list[dict[str, Any]]:
    """Send raw JSON-RPC lines to `flowlint mock` (in-process: the lines are its stdin, which then
    ends), return every answer."""
    text = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)
    completed = invoke_cli("mock", *args, input=text)
    assert completed.returncode == 0, completed.stderr
    return [json.loads(line) for line in completed.stdout.splitlines() if line.strip()]


INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2024-11-05",
        "capabilities": {"roots": {"listChanged": True}, "sampling": {}},
        "clientInfo": {"name": "ExampleClient", "version": "1.0.0"},
    },
}


# --------------------------------------------------------------------------- inputSchema and names


def test_tool_name_mapping() -> None:
    assert mcp_tool_name("coingecko", "getSimplePrice") == "get_simple_price_coingecko"


def test_parameter_schema_from_z() -> None:
    assert parameter_schema(parse_z("number()", ["min(1)", "max(250)", "optional()", "default(100)"])) == {
        "type": "number",
        "minimum": 1,
        "maximum": 250,
        "default": 100,
        "description": "z: number() with min(1), max(250) (optional)",
    }
    string = parameter_schema(parse_z("string()", ["length(3)", "regex(^[a-z]+$)"]))
    assert (string["minLength"], string["maxLength"], string["pattern"]) == (3, 3, "^[a-z]+$")
    assert parameter_schema(parse_z("enum(a,b)", []))["enum"] == ["a", "b"]
    assert parameter_schema(parse_z("array()", ["length(2)"]))["minItems"] == 2


def test_mcp_tools_prints_tools_list() -> None:
    result = CliRunner().invoke(cli_main, ["mcp-tools", str(COINGECKO)])
    assert result.exit_code == 0, result.output
    tools = {tool["name"]: tool for tool in json.loads(result.output)["tools"]}
    assert set(tools) == {"get_simple_price_coingecko", "get_coin_markets_coingecko", "get_coin_by_id_coingecko"}
    markets = tools["get_coin_markets_coingecko"]["inputSchema"]
    assert markets["required"] == ["vs_currency"]
    assert markets["properties"]["per_page"]["minimum"] == 1
    assert markets["properties"]["per_page"]["maximum"] == 250
    assert markets["properties"]["vs_currency"]["maxLength"] == 5
    assert "volume_desc" in markets["properties"]["order"]["enum"]


def test_mcp_tools_prints_what_the_runtime_registers(tmp_path: Path) -> None:
    """The default view is `prepareServerTool`'s zod (issue 18): fixed, server and named-placeholder
    parameters are in it and required unless optional(), a shared-list enum keeps its literal text; the
    `spec` view lists the caller's parameters only, with the list expanded when it resolves."""
    (tmp_path / "d.mjs").write_text(
        "export const main = { namespace: 'demo', name: 'Demo', description: 'Demo', version: '3.0.0',\n"
        "    root: 'https://api.example.com', requiredServerParams: [ 'KEY' ],\n"
        "    sharedLists: [ { ref: 'chains', version: '1.0.0' } ],\n"
        "    tools: { getThing: { method: 'GET', path: '/thing', description: 'Thing', parameters: [\n"
        "        { position: { key: 'q', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [] } },\n"
        "        { position: { key: 'v', value: '1', location: 'query' }, z: { primitive: 'string()', options: [] } },\n"
        "        { position: { key: 'lat', value: '{{LAT}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()' ] } },\n"
        "        { position: { key: 'key', value: '{{SERVER_PARAM:KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } },\n"
        "        { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum({{chains:alias}})', options: [] } },\n"
        "        { position: { key: 'noz', value: 'x', location: 'query' } } ],\n"
        "        tests: [ { _description: 'A', q: 'a', chain: 'ETH' } ] } } }\n"
    )
    runtime = CliRunner().invoke(cli_main, ["mcp-tools", str(tmp_path / "d.mjs")])
    assert runtime.exit_code == 0, runtime.output
    [tool] = json.loads(runtime.output)["tools"]
    schema = tool["inputSchema"]
    assert list(schema["properties"]) == ["q", "v", "lat", "key", "chain"]  # no z block: not in the shape
    assert schema["required"] == ["q", "v", "key", "chain"]
    assert schema["properties"]["chain"]["enum"] == ["{{chains:alias}}"]
    spec = CliRunner().invoke(cli_main, ["mcp-tools", "--view", "spec", str(tmp_path / "d.mjs")])
    [tool] = json.loads(spec.output)["tools"]
    assert list(tool["inputSchema"]["properties"]) == ["q", "chain"]
    assert "enum" not in tool["inputSchema"]["properties"]["chain"]  # the list is not beside the file


def test_mcp_tools_on_an_enum_with_values_and_a_default(tmp_path: Path) -> None:
    """Issue 25: `enum()` with `values(...)` and `default(...)` (22 library files) ended `mcp-tools` in a
    TypeError (a record copied with a field it does not have). The runtime's zod is `z.enum([''])` with a
    default it refuses, so the SDK lists the parameter as required, with the one value ''."""
    (tmp_path / "d.mjs").write_text(
        "export const main = { namespace: 'demo', name: 'Demo', description: 'Demo', version: '3.0.0',\n"
        "    root: 'https://api.example.com', tools: { getBudget: { method: 'GET', path: '/budget',\n"
        "    description: 'Budget', parameters: [ { position: { key: 'account', value: '{{USER_PARAM}}', "
        "location: 'query' }, z: { primitive: 'enum()', options: [ 'values(expenses,income)', "
        "'default(expenses)' ] } } ],\n"
        "    tests: [ { _description: 'Income', account: 'income' } ] } } }\n"
    )
    result = CliRunner().invoke(cli_main, ["mcp-tools", str(tmp_path / "d.mjs")])
    assert result.exit_code == 0, result.output
    [tool] = json.loads(result.output)["tools"]
    assert tool["inputSchema"]["required"] == ["account"]
    assert tool["inputSchema"]["properties"]["account"] == {"type": "string", "enum": [""], "default": "expenses"}


def test_mcp_tools_lists_what_the_runtime_of_the_declared_generation_serves(tmp_path: Path) -> None:
    """Issue 25: a 3.x file with `tools` and `routes` is served with its `tools` only (the 3.x runtime reads
    `routes` only when there is no `tools`); and a 4.x parameter whose default does not fit is required
    whether or not optional() follows default() (4.x sorts optional() first, so the default always
    applies and is refused), where the 3.x answer (optional) was printed for both."""
    (tmp_path / "both.mjs").write_text(
        "export const main = { namespace: 'demo', name: 'Demo', description: 'Demo', version: '3.0.0',\n"
        "    root: 'https://api.example.com',\n"
        "    tools: { getA: { method: 'GET', path: '/a', description: 'A', parameters: [], tests: [ { _description: 'A' } ] } },\n"
        "    routes: { getB: { method: 'GET', path: '/b', description: 'B', parameters: [], tests: [ { _description: 'B' } ] } } }\n"
    )
    result = CliRunner().invoke(cli_main, ["mcp-tools", str(tmp_path / "both.mjs")])
    assert result.exit_code == 0, result.output
    assert [tool["name"] for tool in json.loads(result.output)["tools"]] == ["get_a_demo"]
    parameter = (
        "{ position: { key: 'n', value: '{{USER_PARAM}}', location: 'query' }, "
        "z: { primitive: 'number()', options: [ 'default(abc)', 'optional()' ] } }"
    )
    for version, required in (("3.0.0", False), ("4.0.0", True)):
        (tmp_path / "misfit.mjs").write_text(
            f"export const main = {{ namespace: 'demo', name: 'Demo', description: 'Demo', version: '{version}',\n"
            "    root: 'https://api.example.com', tools: { getN: { method: 'GET', path: '/n', description: 'N',\n"
            f"    parameters: [ {parameter} ], tests: [ {{ _description: 'N', n: 1 }} ] }} }} }}\n"
        )
        result = CliRunner().invoke(cli_main, ["mcp-tools", str(tmp_path / "misfit.mjs")])
        [tool] = json.loads(result.output)["tools"]
        assert ("n" in tool["inputSchema"].get("required", [])) is required, (version, tool)


def test_mcp_tools_missing_path_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli_main, ["mcp-tools", str(tmp_path / "nope.mjs")])
    assert result.exit_code == 2
    assert "no such file" in result.output


def test_mock_without_mcp_sdk_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import flowlint.cli.mcp

    monkeypatch.setattr(flowlint.cli.mcp, "mcp_available", lambda: False)
    result = CliRunner().invoke(cli_main, ["mock", str(COINGECKO)])
    assert result.exit_code == 2
    assert "pip install 'flowmcp-lint[mcp]'" in result.output


def test_mock_rejects_an_unknown_fault() -> None:
    result = CliRunner().invoke(cli_main, ["mock", "--fault", "explode", str(COINGECKO)])
    assert result.exit_code == 2
    assert "--fault" in result.output


# --------------------------------------------------------------------------- seed 001 through the SDK


@pytest.mark.timeout(60)
def test_sdk_session_lifecycle_tools_and_resources() -> None:
    async def body() -> None:
        async with mock_session(str(COINGECKO), str(CHAINLIST)) as session:
            init = await session.initialize()
            assert init.server_info.name == "flowlint-mock"
            assert init.capabilities.tools is not None
            assert init.capabilities.resources is not None
            await session.send_ping()
            listed = await session.list_tools()
            names = {tool.name for tool in listed.tools}
            assert {"get_simple_price_coingecko", "get_rpc_list_chainlist"} <= names
            result = await session.call_tool("get_simple_price_coingecko", {"ids": ["bitcoin"], "vs_currencies": "usd"})
            assert result.is_error is False
            assert result.structured_content == {}
            markets = await session.call_tool("get_coin_markets_coingecko", {"vs_currency": "usd"})
            data = json.loads(markets.content[0].text)  # type: ignore[union-attr]
            assert isinstance(data, list) and data[0]["last_updated"] == "2026-01-01T00:00:00Z"

            resources = await session.list_resources()
            uris = [str(resource.uri) for resource in resources.resources]
            assert "flowmcp://chainlist/verifiedContracts/bySymbol" in uris
            templates = await session.list_resource_templates()
            assert any(t.uri_template.endswith("byChain{?chainId,limit}") for t in templates.resource_templates)
            read = await session.read_resource("flowmcp://chainlist/verifiedContracts/bySymbol?symbol=USDC")
            assert json.loads(read.contents[0].text)[0]["chain_id"] == 0  # type: ignore[union-attr]

    run(body)


@pytest.mark.timeout(60)
def test_sdk_invalid_arguments_are_actionable_32602() -> None:
    async def body() -> None:
        async with mock_session(str(COINGECKO), str(CHAINLIST)) as session:
            await session.initialize()
            with pytest.raises(MCPError) as missing:
                await session.call_tool("get_simple_price_coingecko", {"ids": ["bitcoin"]})
            assert missing.value.error.code == -32602
            assert "Missing required parameter 'vs_currencies'" in missing.value.error.message
            assert "Expected: a string" in missing.value.error.message
            with pytest.raises(MCPError) as wrong:
                await session.call_tool("get_coin_markets_coingecko", {"vs_currency": "usd", "per_page": "10"})
            message = wrong.value.error.message
            assert wrong.value.error.code == -32602
            assert "'per_page'" in message and "a number" in message and "without quotes" in message
            for leak in ("Traceback", "Error:", ".py", "/src/", "at Module"):
                assert leak not in message
            with pytest.raises(MCPError) as unknown_tool:
                await session.call_tool("nope", {})
            assert unknown_tool.value.error.code == -32602
            assert "get_simple_price_coingecko" in unknown_tool.value.error.message
            with pytest.raises(MCPError) as bad_query:
                await session.read_resource("flowmcp://chainlist/verifiedContracts/byChain?chainId=0&limit=5")
            assert bad_query.value.error.code == -32602 and "'chainId'" in bad_query.value.error.message
            with pytest.raises(MCPError) as not_found:
                await session.read_resource("file:///nonexistent.txt")
            assert not_found.value.error.code == -32002

    run(body)


@pytest.mark.timeout(60)
def test_raw_jsonrpc_messages_of_seed_001() -> None:
    answers = raw_exchange(
        [
            INITIALIZE,
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": "123", "method": "ping"},
            {
                "jsonrpc": "2.0",
                "id": 2,
                "method": "tools/list",
                "params": {"cursor": "optional-cursor-value"},
            },
            {"jsonrpc": "2.0", "id": 3, "method": "resources/subscribe", "params": {"uri": "file:///x"}},
            {
                "jsonrpc": "2.0",
                "id": 4,
                "method": "initialize",
                "params": {
                    "protocolVersion": "1.0.0",
                    "capabilities": {},
                    "clientInfo": {"name": "x", "version": "1"},
                },
            },
            "not json",
            {
                "jsonrpc": "2.0",
                "id": 5,
                "method": "tools/call",
                "params": {
                    "name": "get_simple_price_coingecko",
                    "arguments": {"ids": ["bitcoin"], "vs_currencies": "usd"},
                },
            },
        ],
        str(COINGECKO),
    )
    by_id = {answer.get("id"): answer for answer in answers}
    assert by_id[1]["result"]["protocolVersion"] == "2024-11-05"
    assert by_id["123"] == {"jsonrpc": "2.0", "id": "123", "result": {}}
    assert len(by_id[2]["result"]["tools"]) == 3
    assert by_id[3]["error"]["code"] == -32601
    assert by_id[4]["error"] == {
        "code": -32602,
        "message": "Unsupported protocol version",
        "data": {"supported": ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"], "requested": "1.0.0"},
    }
    assert by_id[None]["error"]["code"] == -32700
    assert by_id[5]["result"]["isError"] is False


@pytest.mark.timeout(60)
def test_cancelled_call_gets_no_answer_and_the_server_keeps_serving() -> None:
    process = subprocess.Popen(
        mock_command("--fault", "hang", str(COINGECKO)),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=REPO,
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        call = {
            "jsonrpc": "2.0",
            "id": 7,
            "method": "tools/call",
            "params": {
                "name": "get_simple_price_coingecko",
                "arguments": {"ids": ["x"], "vs_currencies": "usd"},
            },
        }
        for message in (
            INITIALIZE,
            call,
            {
                "jsonrpc": "2.0",
                "method": "notifications/cancelled",
                "params": {"requestId": 7, "reason": "User requested cancellation"},
            },
            {"jsonrpc": "2.0", "id": 8, "method": "ping"},
        ):
            process.stdin.write(json.dumps(message) + "\n")
            process.stdin.flush()
        assert json.loads(process.stdout.readline())["id"] == 1
        assert json.loads(process.stdout.readline()) == {"jsonrpc": "2.0", "id": 8, "result": {}}
        process.stdin.close()
        assert process.wait(timeout=30) == 0  # bounds a hang only
        assert process.stdout.read() == ""  # the cancelled call was never answered
    finally:
        if process.poll() is None:
            process.kill()


# --------------------------------------------------------------------------- faults with client-side timeouts


@pytest.mark.timeout(60)
def test_fault_hang_times_out_and_ping_still_works() -> None:
    async def body() -> None:
        async with mock_session("--fault", "hang", str(COINGECKO)) as session:
            await session.initialize()
            with pytest.raises(MCPError) as timed_out:
                await session.call_tool(
                    "get_simple_price_coingecko",
                    {"ids": ["a"], "vs_currencies": "usd"},
                    read_timeout_seconds=0.2,  # a hung call never answers: any timeout ends it the same way
                )
            assert "timed out" in timed_out.value.error.message
            await session.send_ping()

    run(body)


@pytest.mark.timeout(60)
def test_fault_slow_and_recover_after() -> None:
    async def body() -> None:
        arguments = {"ids": ["a"], "vs_currencies": "usd"}
        async with mock_session("--fault", "slow:300", str(COINGECKO)) as session:
            await session.initialize()
            started = time.monotonic()
            result = await session.call_tool("get_simple_price_coingecko", arguments, read_timeout_seconds=10)
            assert result.is_error is False and time.monotonic() - started >= 0.3
        async with mock_session("--fault", "recover-after:1", str(COINGECKO)) as session:
            await session.initialize()
            with pytest.raises(MCPError):
                await session.call_tool("get_simple_price_coingecko", arguments, read_timeout_seconds=0.2)  # hangs
            result = await session.call_tool("get_simple_price_coingecko", arguments, read_timeout_seconds=10)
            assert result.is_error is False

    run(body)


# --------------------------------------------------------------------------- capture_via_mcp


def _write_small(tmp_path: Path) -> Path:
    path = tmp_path / "defs" / "demo.mjs"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(SMALL, encoding="utf-8")
    return path


def _command(*args: str) -> str:
    import shlex

    return shlex.join(mock_command(*args))


def _data(folder: Path) -> dict[str, Any]:
    found = {}
    for path in sorted(folder.rglob("*.json")):
        if path.name != "metrics.json":
            record = json.loads(path.read_text())
            found[f"{record['namespace']}/{record['toolName']}-{record['testIndex']}"] = record["response"]["data"]
    return found


@pytest.mark.timeout(60)
def test_capture_via_mcp_round_trip(tmp_path: Path) -> None:
    from flowlint.mcp.client import capture_via_mcp

    definition = _write_small(tmp_path)
    # Captures with distinctive data: the mock must replay them by argument match.
    seeded = tmp_path / "seeded" / "2026-01-01T00-00-00Z" / "demo"
    seeded.mkdir(parents=True)
    for index, (params, data) in enumerate(
        [({"id": "a"}, {"id": "a", "n": 1}), ({"id": "b", "limit": 2}, {"id": "b", "n": 2})]
    ):
        record = {
            "namespace": "demo",
            "toolName": "getThing",
            "testIndex": index,
            "userParams": params,
            "timestamp": "2026-01-01T00:00:00Z",
            "response": {"status": True, "messages": [], "data": data},
        }
        (seeded / f"getThing-{index}.json").write_text(json.dumps(record))

    first = capture_via_mcp(
        [definition],
        CaptureOptions(
            output=tmp_path / "out1",
            via_mcp=_command("--captures", str(tmp_path / "seeded"), str(definition)),
            timeout=10,
            delay=0,
        ),
    )
    assert (first.ok, first.failed, first.server_error) == (2, 0, None)
    assert first.run_dir is not None
    assert _data(first.run_dir) == {
        "demo/getThing-0": {"id": "a", "n": 1},
        "demo/getThing-1": {"id": "b", "n": 2},
    }
    record = json.loads((first.run_dir / "demo" / "getThing-1.json").read_text())
    assert record["source"] == "mcp" and record["rawData"] is False and record["userParams"] == {"id": "b", "limit": 2}
    metrics = json.loads((first.run_dir / "demo" / "metrics.json").read_text())
    assert (metrics["counts"]["total"], metrics["counts"]["ok"], metrics["counts"]["failed"]) == (2, 2, 0)
    assert metrics["source"] == "mcp" and metrics["server"] == mock_command()[0]

    second = capture_via_mcp(
        [definition],
        CaptureOptions(
            output=tmp_path / "out2",
            via_mcp=_command("--captures", str(first.run_dir), str(definition)),
            timeout=10,
            delay=0,
        ),
    )
    assert second.run_dir is not None and _data(second.run_dir) == _data(first.run_dir)


@pytest.mark.timeout(60)
def test_capture_via_mcp_samples_including_resources(tmp_path: Path) -> None:
    from flowlint.mcp.client import capture_via_mcp

    result = capture_via_mcp(
        [CHAINLIST], CaptureOptions(output=tmp_path, via_mcp=_command(str(CHAINLIST)), timeout=10, delay=0.01)
    )
    assert (result.ok, result.failed) == (7, 0)
    targets = {outcome.url for outcome in result.records}
    assert "flowmcp://chainlist/verifiedContracts/byChain?chainId=137&limit=5" in targets


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    ("fault", "timeout", "reason"),
    [
        # A server that never answers a call: the timeout is how long each of the two calls waits, so
        # it is short; no answer comes however long it is.
        ("hang", 0.2, "no answer from get_thing_demo within 0.2s"),
        ("garbage", 0.2, "no answer from get_thing_demo within 0.2s"),
        # A server that exits: generous, so that noticing the exit on a busy machine never loses a race
        # with the timeout (it costs nothing: the exit ends the call at once).
        ("crash", 30, "the MCP server exited"),
    ],
)
def test_capture_via_mcp_broken_servers_fail_per_test(tmp_path: Path, fault: str, timeout: float, reason: str) -> None:
    from flowlint.mcp.client import capture_via_mcp

    definition = _write_small(tmp_path)
    # The timeout bounds each call, not the server's start: a busy machine may take longer than that to
    # start Python and answer the handshake, which gets HANDSHAKE_SECONDS (issue 19: these were red
    # under load). The test's own timeout bounds a hang; no wall-clock budget is asserted.
    result = capture_via_mcp(
        [definition],
        CaptureOptions(
            output=tmp_path / "out", via_mcp=_command("--fault", fault, str(definition)), timeout=timeout, delay=0
        ),
    )
    assert result.server_error is None, result.server_error
    assert (result.ok, result.failed) == (0, 2)
    assert all(reason in (outcome.reason or "") for outcome in result.records), result.records
    assert result.run_dir is not None
    record = json.loads((result.run_dir / "demo" / "getThing-0.json").read_text())
    assert record["outcome"] == "failed" and record["response"]["status"] is False


@pytest.mark.timeout(120)
def test_capture_via_mcp_slow_server_start_is_not_a_test_timeout(tmp_path: Path) -> None:
    """A server that takes longer to start than --timeout (forced here: 1.5 s of sleep before the
    mock starts, as a busy machine or an `npx` install makes it) still gets its handshake; the
    timeout bounds each call. Before, every test failed with 'the MCP handshake failed'."""
    import shlex

    from flowlint.mcp.client import capture_via_mcp

    definition = _write_small(tmp_path)
    slow = shlex.join(["sh", "-c", f"sleep 1.5; exec {_command(str(definition))}"])
    result = capture_via_mcp([definition], CaptureOptions(output=tmp_path / "out", via_mcp=slow, timeout=1, delay=0))
    assert result.server_error is None, result.server_error
    assert (result.ok, result.failed) == (2, 0), result.records


@pytest.mark.timeout(60)
def test_capture_via_mcp_server_that_cannot_start(tmp_path: Path) -> None:
    from flowlint.mcp.client import capture_via_mcp

    definition = _write_small(tmp_path)
    result = capture_via_mcp(
        [definition],
        CaptureOptions(output=tmp_path / "out", via_mcp=str(tmp_path / "no-such-server"), timeout=1, delay=0),
    )
    assert result.failed == 2
    assert result.server_error is not None and "cannot start" in result.server_error


@pytest.mark.timeout(60)
def test_capture_via_mcp_tool_map(tmp_path: Path) -> None:
    from flowlint.mcp.client import capture_via_mcp

    definition = _write_small(tmp_path)
    wrong = capture_via_mcp(
        [definition],
        CaptureOptions(
            output=tmp_path / "a",
            via_mcp=_command(str(definition)),
            timeout=5,
            delay=0,
            mcp_tools={"getThing": "otherName"},
        ),
    )
    assert wrong.failed == 2 and "no tool otherName" in (wrong.records[0].reason or "")
    right = capture_via_mcp(
        [definition],
        CaptureOptions(
            output=tmp_path / "b",
            via_mcp=_command(str(definition)),
            timeout=5,
            delay=0,
            mcp_tools={"demo.getThing": "get_thing_demo"},
        ),
    )
    assert right.ok == 2
