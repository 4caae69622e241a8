"""The capture run: every test of every tool, one record file per test, metrics per namespace.

`capture(paths, options)` is the library entry point; the CLI only maps options and exit codes.
Tests are grouped into lanes, one per host (and one per SQLite file); a lane runs its calls in
order, spaced by the delay, and up to `concurrency` lanes run at once, busiest first, so a run over
many providers takes about as long as its busiest host. Skipped tests are recorded before any call.
Expected problems (network errors, bad JSON, a missing database) become records, never exceptions.
"""

from __future__ import annotations

import concurrent.futures
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import unquote, urlsplit

from flowlint.capture.env import build_environment, default_env_files
from flowlint.capture.http import HostLane, HttpOptions, HttpOutcome, Interrupted, shared_ssl_context
from flowlint.capture.progress import Progress
from flowlint.capture.request import (
    HttpRequest,
    RequestInvalid,
    RequestSkip,
    build_request,
    referenced_server_params,
    split_base_url,
    test_values,
)
from flowlint.capture.sqlite import QueryFailure, bind_values, find_resource, resolve_database, run_query
from flowlint.captures.records import CapturedResponse, CaptureRecord
from flowlint.captures.redact import Redactor
from flowlint.captures.store import (
    make_run_dir,
    now,
    shared_file_names,
    write_metrics,
    write_record,
)
from flowlint.core.errors import FileProblem, UsageError
from flowlint.core.fileio import printable
from flowlint.core.record import replace
from flowlint.definition.loading import LoadedFile, load_paths
from flowlint.definition.model import Tool
from flowlint.lint.codes import Code
from flowlint.lint.config import Config, load_config
from flowlint.lint.engine import Engine


class StopNow(KeyboardInterrupt):
    """An interrupt that does not wait for the calls in flight (the CLI raises it for SIGTERM): the run
    stops at once, with metrics.json written for the records already written."""


@dataclass
class CaptureOptions:
    output: Path = Path("capture")
    delay: float = 1.0
    timeout: float = 30.0
    concurrency: int = 8
    retries: int = 2
    backoff: float = 1.0
    max_retry_after: float = 60.0
    base_urls: dict[str, str] = field(default_factory=dict)
    env_files: list[Path] | None = None  # None: `.env` beside the given paths, if present
    environ: Mapping[str, str] | None = None  # None: os.environ
    progress: str = "quiet"  # bar | lines | quiet
    progress_stream: TextIO | None = None
    send_invalid: bool = False  # send tests whose values fail their z validation (TST004), marked
    # Through an MCP server (`flowlint.mcp.client.capture_via_mcp`): its command line, and the server's
    # name of a tool by `namespace.toolName` (or `toolName`) when it is not `{toolName}_{namespace}`.
    via_mcp: str | None = None
    mcp_tools: dict[str, str] = field(default_factory=dict)


@dataclass
class CaptureResult:
    run_dir: Path
    records: list[CaptureRecord] = field(default_factory=list)
    definitions: list[LoadedFile] = field(default_factory=list)
    interrupted: bool = False
    not_run: int = 0
    write_error: str | None = None  # the run stopped: a record or metrics.json could not be written
    metrics_written: bool = True
    wall_time: float = 0.0
    via: str | None = None  # "MCP" for a capture through an MCP server
    server_error: str | None = None  # why the MCP server could not be used at all, if so (redacted)

    def count(self, outcome: str) -> int:
        return sum(1 for record in self.records if record.outcome == outcome)

    @property
    def ok(self) -> int:
        return self.count("ok")

    @property
    def failed(self) -> int:
        return self.count("failed")

    @property
    def skipped(self) -> int:
        return self.count("skipped")

    @property
    def unloadable(self) -> list[LoadedFile]:
        """Files that could not be read or parsed: their tests were not run (the run fails)."""
        return [item for item in self.definitions if item.kind == "error"]

    def summary(self) -> str:
        """What the run did, the same for HTTP and MCP captures; the CLI prints it."""
        text = "".join(f"{printable(item.display)}: not captured: {item.reason}\n" for item in self.unloadable)
        if self.server_error is not None:
            text += f"flowlint: {self.server_error}\n"
        text += (
            f"{len(self.records)} tests captured{f' via {self.via}' if self.via else ''} in {self.wall_time:.1f} s: "
            f"{self.ok} ok, {self.failed} failed, {self.skipped} skipped -> {self.run_dir}"
        )
        if self.interrupted:
            text += f" (interrupted; {self.not_run} not run)"
        if self.write_error is not None:
            text += (
                f"\ncapture stopped, cannot write: {self.write_error}\n{len(self.records)} records were written "
                f"before it, {self.not_run} tests not recorded; metrics.json "
                + ("written for them" if self.metrics_written and self.records else "not written")
            )
        undeclared = sorted({name for r in self.records for name in undeclared_names(r)})
        if undeclared:
            users = sum(1 for r in self.records if undeclared_names(r))
            text += (
                f"\n{users} test{'s' if users != 1 else ''} used server params not declared in requiredServerParams "
                f"({', '.join(undeclared)}): sent unset, as FlowMCP does, never filled from the environment"
            )
        for namespace, safe, names in shared_file_names(self.records):
            text += (
                f"\n{len(names)} tool names in {namespace} share the file name '{safe}' "
                f"({', '.join(repr(n) for n in names)}); each record file has a hash of its tool name added"
            )
        return text


def undeclared_names(record: CaptureRecord) -> list[str]:
    """The placeholder names a test used that its definition does not declare (see `capture.request`)."""
    names = (record.model_extra or {}).get("undeclaredServerParams")
    return [str(name) for name in names] if isinstance(names, list) else []


@dataclass
class _Job:
    loaded: LoadedFile
    tool: Tool
    index: int
    redactor: Redactor
    lane: str = ""
    request: HttpRequest | None = None
    database: Path | None = None
    skip: str | None = None
    user_params: dict[str, Any] = field(default_factory=dict)
    invalid: str | None = None  # why the test's values fail their z validation (TST004), if they do
    fails: bool = False  # the test cannot be sent as written (an invalid URL...): not sent, and failed


def parse_base_url(text: str) -> tuple[str, str]:
    """`NAMESPACE=URL` -> (namespace, url); raises UsageError for anything else."""
    namespace, sep, url = text.partition("=")
    namespace, url = namespace.strip(), url.strip()
    if not sep or not namespace or not url.lower().startswith(("http://", "https://")):
        raise UsageError(f"--base-url {text!r}: expected NAMESPACE=http(s)://host[/path]")
    return namespace, url


@dataclass(frozen=True)
class CaptureInputs:
    """What both capture paths (HTTP here, MCP in `flowlint.mcp.client`) start from."""

    targets: list[Path]
    config: Config
    env: dict[str, str]  # server params: the environment, then the env files
    loaded: list[LoadedFile]


def capture_inputs(paths: Sequence[str | Path], options: CaptureOptions) -> CaptureInputs:
    """The paths' definitions (with `[tool.flowlint]` exclude) and server params. Raises UsageError
    for a missing path or env file."""
    targets = [Path(p) for p in paths] or [Path(".")]
    config = load_config(targets[0])
    env_files = default_env_files(targets) if options.env_files is None else list(options.env_files)
    for file in env_files:
        if not file.is_file():
            raise UsageError(f"{file}: env file not found")
    env = build_environment(env_files, options.environ)
    return CaptureInputs(targets, config, env, load_paths(targets, config.exclude))


def capture(paths: Sequence[str | Path], options: CaptureOptions | None = None) -> CaptureResult:
    """Capture every test under `paths` over HTTP (and SQLite). Raises UsageError for a missing path
    or a bad option. `flowlint.mcp.client.capture_via_mcp` takes the same options for `via_mcp`."""
    options = options or CaptureOptions()
    if options.via_mcp is not None:
        raise UsageError("capture() calls APIs directly; capture through an MCP server with capture_via_mcp()")
    inputs = capture_inputs(paths, options)
    config, env, loaded = inputs.config, inputs.env, inputs.loaded
    namespaces = {d.namespace for d in loaded if d.kind == "definition"}
    unknown = sorted(set(options.base_urls) - namespaces)
    if unknown:
        raise UsageError(f"--base-url: no definition has the namespace {', '.join(unknown)}")
    started = time.monotonic()
    result = CaptureResult(run_dir=make_run_dir(options.output), definitions=loaded)
    jobs: list[_Job] = []
    progress = Progress(0, None, "quiet")
    lock = threading.Lock()
    stop = threading.Event()
    closed = threading.Event()  # set once metrics are written: a call still in flight records nothing

    def finish(job: _Job, record: dict[str, Any]) -> None:
        with lock:  # held while writing, so no record is written after metrics.json
            if closed.is_set() or result.write_error is not None:
                return
            try:
                model = _store(result.run_dir, job, record)
            except FileProblem as error:
                result.write_error = str(error)
                stop.set()
                return
            result.records.append(model)
            progress.advance(model)

    errors: list[Exception] = []
    try:
        jobs = [job for d in loaded if d.kind == "definition" for job in _plan(d, env, options, config)]
        progress = Progress(len(jobs), options.progress_stream, options.progress)
        lanes: dict[str, list[_Job]] = {}
        for job in jobs:
            if job.skip is not None:
                refused = job.invalid is not None or job.fails  # the definition's error: the test fails
                finish(job, _base_record(job, "failed" if refused else "skipped", job.skip))
            else:
                lanes.setdefault(job.lane, []).append(job)
        if not stop.is_set():
            errors = _run_lanes(list(lanes.values()), options, stop, finish, result, progress.start)
    except KeyboardInterrupt:  # Ctrl-C, or SIGTERM where the CLI maps it to KeyboardInterrupt
        stop.set()
        result.interrupted = True
    finally:
        with lock:
            closed.set()
            progress.close()
            _close_run(result, len(jobs))
        result.wall_time = time.monotonic() - started
    if errors:
        raise errors[0]  # a defect in flowlint: show it
    return result


def _run_lanes(
    lanes: list[list[_Job]],
    options: CaptureOptions,
    stop: threading.Event,
    finish: Any,
    result: CaptureResult,
    started: Callable[[str], None],
) -> list[Exception]:
    """Run the lanes, busiest first, up to `concurrency` at once, until all are done or an interrupt;
    returns the exceptions lanes raised (defects). After an interrupt nothing new starts and the calls
    in flight end (within the timeout); a second interrupt, or `StopNow`, stops the waiting: a call
    still in flight then records nothing. The workers are daemon threads, so such a call does not
    hold the process open after the CLI has written the summary."""
    http_options = HttpOptions(
        delay=options.delay,
        timeout=options.timeout,
        retries=options.retries,
        backoff=options.backoff,
        max_retry_after=options.max_retry_after,
    )
    queue = sorted(lanes, key=len, reverse=True)
    queue_lock = threading.Lock()
    errors: list[Exception] = []

    def work(done: concurrent.futures.Future[None]) -> None:
        try:
            while not stop.is_set():
                with queue_lock:
                    if not queue:
                        return
                    lane = queue.pop(0)
                try:
                    _run_lane(lane, http_options, stop, finish, started)
                except Exception as error:  # a defect: capture() raises it once the run is closed
                    errors.append(error)
        finally:
            done.set_result(None)

    count = min(max(1, options.concurrency), len(queue))
    futures: list[concurrent.futures.Future[None]] = [concurrent.futures.Future() for _ in range(count)]
    workers = [
        threading.Thread(target=work, args=(done,), name=f"flowlint-capture-{i}", daemon=True)
        for i, done in enumerate(futures)
    ]
    for worker in workers:
        worker.start()
    try:
        pending = set(futures)
        while pending:
            _done, pending = concurrent.futures.wait(pending, timeout=0.2)
    except KeyboardInterrupt as interrupt:
        stop.set()
        result.interrupted = True
        if not isinstance(interrupt, StopNow):
            try:
                _join(workers)
            except KeyboardInterrupt:
                pass
    return errors


def _join(workers: list[threading.Thread]) -> None:
    for worker in workers:
        while worker.is_alive():
            worker.join(0.2)


def _close_run(result: CaptureResult, planned: int) -> None:
    """Sort the records, count what did not run and write metrics.json from what was written."""
    result.records.sort(key=lambda r: (r.namespace, r.definitionPath or "", r.toolName, r.testIndex))
    result.not_run = planned - len(result.records)
    try:
        write_metrics(result.run_dir, result.records)
    except FileProblem as error:
        result.metrics_written = False
        if result.write_error is None:
            result.write_error = str(error)


def _store(run_dir: Path, job: _Job, record: dict[str, Any]) -> CaptureRecord:
    """Validate and write one record. A response that cannot be stored as strict JSON in UTF-8 (the
    decoder in `http` rejects the known cases first) fails its test, recorded without its data.
    Raises `FileProblem` when the file cannot be written."""
    try:
        return write_record(run_dir, CaptureRecord.model_validate(record), job.redactor)
    except (ValueError, RecursionError) as error:  # ValidationError and UnicodeEncodeError included
        reason = f"the response cannot be stored as JSON ({type(error).__name__})"
    failed = {**record, "outcome": "failed", "reason": reason}
    failed["response"] = {"status": False, "messages": [reason], "data": None}
    return write_record(run_dir, CaptureRecord.model_validate(failed), job.redactor)


def _redactor_for(
    loaded: LoadedFile, env: Mapping[str, str], base_url: str | None, request: HttpRequest | None = None
) -> Redactor:
    """Every value a request of this definition can carry from the environment (declared, referenced,
    or filled into a bare `{{NAME}}`) and the credentials of its `--base-url`."""
    assert loaded.definition is not None
    names = referenced_server_params(loaded.definition) | set(request.server_params if request else ())
    credentials = []
    query_values: list[str] = []
    if base_url:
        parts = urlsplit(base_url)
        if parts.username is not None or parts.password is not None:
            credentials.append((unquote(parts.username or ""), unquote(parts.password or "")))
        query_values = [value for _key, value in split_base_url(base_url)[1]]
    return Redactor({n: env[n] for n in names if env.get(n)}, credentials, query_values)


def _invalid_tests(loaded: LoadedFile, config: Config) -> dict[tuple[str, int], str]:
    """(tool label, test index) -> the TST004 finding for tests whose values their z blocks reject:
    FlowMCP would refuse such a call before sending it, so capture does not send it either."""
    report = Engine(replace(config, select=(Code.TST004,), ignore=())).lint_loaded(loaded)
    invalid: dict[tuple[str, int], str] = {}
    for d in report.diagnostics:
        if d.code == Code.TST004 and d.tool is not None and d.test_index is not None:
            invalid.setdefault((d.tool, d.test_index), f"{Code.TST004} {d.message}")
    return invalid


def _plan(loaded: LoadedFile, env: Mapping[str, str], options: CaptureOptions, config: Config) -> list[_Job]:
    definition = loaded.definition
    assert definition is not None
    base_url = options.base_urls.get(loaded.namespace)
    redactor = _redactor_for(loaded, env, base_url)
    invalid = _invalid_tests(loaded, config)
    jobs: list[_Job] = []
    for tool in definition.tools:
        for index in range(len(tool.tests)):
            job = _Job(loaded, tool, index, redactor, invalid=invalid.get((tool.label, index)))
            jobs.append(job)
            if job.invalid is not None and not options.send_invalid:
                job.skip = f"not sent: {job.invalid} (--send-invalid sends it anyway)"
                continue
            try:
                if tool.kind == "query":
                    _plan_query(job)
                else:
                    job.request = build_request(definition, tool, index, env, base_url)
                    job.redactor = _redactor_for(loaded, env, base_url, job.request)
                    job.user_params = job.request.user_params
                    job.lane = "http:" + job.request.host
            except RequestSkip as skip:
                job.skip = str(skip)
                job.fails = isinstance(skip, RequestInvalid)
    return jobs


def _plan_query(job: _Job) -> None:
    assert job.loaded.definition is not None
    job.user_params = test_values(job.tool, job.index)
    found = find_resource(job.loaded.definition, job.tool)
    if found is None:
        raise RequestSkip("the query's resource cannot be found")
    database = resolve_database(found[1], job.loaded.path)
    if database is None:
        raise RequestSkip("the resource names no database file (database, or origin + name)")
    if not database.is_file():
        raise RequestSkip(f"database file not found: {database}")
    if not job.tool.sql:
        raise RequestSkip("the query has no sql")
    job.database = database
    job.lane = f"sqlite:{database}"


def _base_record(job: _Job, outcome: str, reason: str | None = None) -> dict[str, Any]:
    tool = job.tool
    test = tool.tests[job.index]
    is_query = tool.kind == "query"
    return {
        "namespace": job.loaded.namespace,
        "toolName": tool.label,
        "testIndex": job.index,
        "_description": test.description,
        "userParams": job.user_params,
        "responseTime": None,
        "timestamp": now(),
        "response": {"status": False, "messages": [reason] if reason else [], "data": None},
        "kind": tool.kind,
        "source": "sqlite" if is_query else "http",
        "method": None if is_query else job.request.method if job.request else (tool.method or "GET"),
        "url": job.request.shown_url if job.request else None,
        "httpStatus": None,
        "contentType": None,
        "outcome": outcome,
        "reason": reason,
        "rawData": (not is_query) and tool.name in job.loaded.handler_tools,
        "definitionPath": printable(job.loaded.display),
    } | ({"undeclaredServerParams": list(job.request.undeclared)} if job.request and job.request.undeclared else {})


def _run_lane(
    jobs: list[_Job], options: HttpOptions, stop: threading.Event, finish: Any, started: Callable[[str], None]
) -> None:
    lane: HostLane | None = None
    try:
        for job in jobs:
            if stop.is_set():
                return
            started(f"{job.loaded.namespace}.{job.tool.label}#{job.index}")
            if job.database is not None:
                try:
                    record = _query_record(job, options.timeout)
                except Exception as error:  # a defect met by this query: it fails this test, not the run
                    reason = f"flowlint could not run this query ({type(error).__name__}: {error})"
                    record = _base_record(job, "failed", reason)
                finish(job, record)
                continue
            if lane is None:
                lane = HostLane(options, stop, shared_ssl_context())
            record = _base_record(job, "ok")
            record["timestamp"] = now()
            assert job.request is not None
            try:
                outcome = lane.send(job.request, job.redactor)
            except Interrupted:
                return
            except Exception as error:  # a defect met by this request: it fails this test, not the run
                reason = f"flowlint could not send this request ({type(error).__name__}: {error})"
                outcome = HttpOutcome(False, reason=reason, messages=[reason], attempts=1)
            record["responseTime"] = outcome.response_time
            record["httpStatus"] = outcome.status_code
            record["contentType"] = outcome.content_type
            record["response"] = {"status": outcome.ok, "messages": outcome.messages, "data": outcome.data}
            if outcome.encoding is not None:
                record["bodyEncoding"] = outcome.encoding
            if not outcome.ok:
                record["outcome"] = "failed"
                record["reason"] = outcome.reason
                if outcome.reason and outcome.reason not in outcome.messages:
                    record["response"]["messages"].insert(0, outcome.reason)
            if outcome.attempts > 1:
                record["attempts"] = outcome.attempts
            if job.invalid is not None:  # --send-invalid: sent, and the record says why it is suspect
                record["reason"] = "; ".join(filter(None, [f"sent although invalid: {job.invalid}", record["reason"]]))
            finish(job, record)
    finally:
        if lane is not None:
            lane.close()


def _query_record(job: _Job, timeout: float) -> dict[str, Any]:
    record = _base_record(job, "ok")
    assert job.database is not None and job.tool.sql is not None
    started = time.monotonic()
    try:
        _values, bound = bind_values(job.tool, job.index)
        rows = run_query(job.database, job.tool.sql, bound, timeout, job.redactor)
    except (QueryFailure, RequestSkip) as error:
        record.update(outcome="failed", reason=str(error))
        record["response"] = {"status": False, "messages": [str(error)], "data": None}
    else:
        record["response"] = CapturedResponse(status=True, messages=[], data=rows).model_dump()
    record["responseTime"] = round((time.monotonic() - started) * 1000, 1)
    record["url"] = job.database.as_uri() + "?mode=ro"
    return record
