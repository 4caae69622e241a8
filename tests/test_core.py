"""The core: JavaScript value semantics and file I/O, each in one place (and what drifted when they were not)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from flowlint.capture.request import build_request
from flowlint.core.errors import FileProblem
from flowlint.core.fileio import atomic_write, read_regular
from flowlint.core.jsvalues import js_length, js_number, js_repr, js_string
from flowlint.definition.loading import load_bytes

# (Python value, what JavaScript's String() prints), checked against node where it is installed.
NUMBERS = [
    (0.000001, "0.000001"),
    (1e-7, "1e-7"),
    (0.1 + 0.2, "0.30000000000000004"),
    (1.5, "1.5"),
    (-0.0, "0"),
    (100.0, "100"),
    (2.0**60, "1152921504606847000"),
    (2**60 + 1, "1152921504606847000"),  # an integer literal past 2**53 is a rounded double in JavaScript
    (1.2345678901234568e20, "123456789012345680000"),
    (1e21, "1e+21"),
    (2.0**70, "1.1805916207174113e+21"),
    (-1.5e-9, "-1.5e-9"),
    (float("inf"), "Infinity"),
    (float("nan"), "NaN"),
    (True, "true"),
]


@pytest.mark.parametrize(("value", "expected"), NUMBERS)
def test_js_number_is_javascripts_string_of_a_number(value: float, expected: str) -> None:
    assert js_number(value) == expected


def test_js_number_agrees_with_node() -> None:
    """The table above is JavaScript's own output (skipped where node is not installed)."""
    import shutil

    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    literals = [repr(v) if isinstance(v, float) else str(v).lower() for v, _ in NUMBERS]
    literals = [{"inf": "Infinity", "nan": "NaN"}.get(text, text) for text in literals]
    script = "console.log(JSON.stringify([" + ",".join(f"String({text})" for text in literals) + "]))"
    output = subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True, timeout=30).stdout
    import json

    assert json.loads(output) == [expected for _, expected in NUMBERS]


def test_js_string_and_repr() -> None:
    assert js_string([1, 0.000001, None, True, "a"]) == "1,0.000001,,true,a"
    assert js_string({"a": 1}) == "[object Object]"
    assert js_repr(0.000001) == "0.000001"
    assert js_length("a😀") == 3


def test_capture_sends_numbers_as_javascript_prints_them() -> None:
    """Capture used a second number formatter that wrote 1e-6 where FlowMCP's runtime sends 0.000001."""
    source = b"""export const main = {
    namespace: 'demo', name: 'Demo', description: 'Demo', version: '3.0.0', root: 'https://api.example.com',
    tools: { getPrice: { method: 'GET', path: '/price', description: 'Price',
        parameters: [
            { position: { key: 'min', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [] } },
            { position: { key: 'big', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [] } }
        ],
        tests: [ { _description: 'Tiny and big', min: 0.000001, big: 123456789012345680000 } ] } }
}
"""
    loaded = load_bytes(source, Path("demo.mjs"))
    assert loaded.definition is not None
    tool = loaded.definition.tools[0]
    request = build_request(loaded.definition, tool, 0, {})
    assert request.url == "https://api.example.com/price?min=0.000001&big=123456789012345680000"


# --------------------------------------------------------------------------------------------------
# file I/O


@pytest.fixture
def umask_022() -> object:
    old = os.umask(0o022)
    yield
    os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_atomic_write_new_file_respects_the_umask(tmp_path: Path) -> None:
    """Three writers used mkstemp, leaving reports, baselines and records at 0600 whatever the umask."""
    code = (
        "import os, sys; from pathlib import Path; from flowlint.core.fileio import atomic_write; "
        "os.umask(int(sys.argv[2], 8)); atomic_write(Path(sys.argv[1]), b'x')"
    )
    for umask, expected in (("022", 0o644), ("027", 0o640), ("002", 0o664)):
        target = tmp_path / f"new-{umask}.json"
        subprocess.run([sys.executable, "-c", code, str(target), umask], check=True, timeout=60)
        assert _mode(target) == expected, (umask, oct(_mode(target)))


def test_atomic_write_keeps_an_existing_files_mode_and_skips_equal_bytes(tmp_path: Path) -> None:
    target = tmp_path / "report.txt"
    target.write_bytes(b"old")
    target.chmod(0o640)
    assert atomic_write(target, b"new") is True
    assert target.read_bytes() == b"new" and _mode(target) == 0o640
    before = target.stat().st_mtime_ns
    assert atomic_write(target, b"new") is False
    assert target.stat().st_mtime_ns == before
    assert [p.name for p in tmp_path.iterdir()] == ["report.txt"]  # no temporary file left behind


def test_atomic_write_writes_through_a_symlink(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_bytes(b"{}")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    atomic_write(link, b"[]")
    assert link.is_symlink() and real.read_bytes() == b"[]"


def test_atomic_write_refuses_what_is_not_a_regular_file(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(FileProblem, match="FIFO"):
        atomic_write(fifo, b"x")
    with pytest.raises(FileProblem, match="folder"):
        atomic_write(tmp_path, b"x")
    with pytest.raises(FileProblem, match="does not exist"):
        atomic_write(tmp_path / "missing" / "file.json", b"x")
    atomic_write(tmp_path / "made" / "file.json", b"x", make_parents=True)
    assert (tmp_path / "made" / "file.json").read_bytes() == b"x"


def test_read_regular_never_blocks_and_is_bounded(tmp_path: Path) -> None:
    fifo = tmp_path / "x.mjs"
    os.mkfifo(fifo)
    outcome: list[object] = []
    thread = threading.Thread(target=lambda: outcome.append(_read_or_problem(fifo)), daemon=True)
    thread.start()
    thread.join(10)
    assert not thread.is_alive(), "reading a FIFO blocked"
    assert "FIFO" in str(outcome[0])
    big = tmp_path / "big.json"
    big.write_bytes(b"x" * 101)
    with pytest.raises(FileProblem, match="over the 100-byte limit"):
        read_regular(big, limit=100)
    assert read_regular(big, limit=101) == b"x" * 101
    with pytest.raises(FileProblem, match="cannot read the file"):
        read_regular(tmp_path / "missing.mjs")


def _read_or_problem(path: Path) -> object:
    try:
        return read_regular(path)
    except FileProblem as problem:
        return problem


# --------------------------------------------------------------------------------------------------
# source positions


def _decoded_column(data: bytes, offset: int) -> int:
    """The column as the previous implementation computed it: decode the line's prefix and count."""
    start = data.rfind(b"\n", 0, offset) + 1
    return len(data[start:offset].decode("utf-8", errors="replace")) + 1


@pytest.mark.parametrize(
    "text",
    ["plain ascii\nsecond line\n", "naïve café\n😀 emoji line\n\n€ end", "一行目\n二行目の文字\r\n最後", ""],
)
def test_positions_count_code_points(text: str) -> None:
    from flowlint.core.source import SourceText

    data = text.encode("utf-8")
    source = SourceText(data)
    for offset in range(len(data) + 1):
        if offset < len(data) and 0x80 <= data[offset] <= 0xBF:
            continue  # not a character boundary
        position = source.position(offset)
        assert position.column == _decoded_column(data, offset), (text, offset)
        assert position.line == data.count(b"\n", 0, offset) + 1


def test_positions_on_one_long_line() -> None:
    """A one-line (minified) file: columns as decoding would give them; continuation bytes listed once.
    benchmarks/bench_positions.py measures that the cost stays linear."""
    from flowlint.core import source as source_module

    line = ("{ _description: 'test €', limit: 10 }, " * 20_000).encode("utf-8")
    text = source_module.SourceText(line)
    offsets = range(0, len(line), 997)
    assert [text.position(offset).column for offset in offsets] == [_decoded_column(line, o) for o in offsets]
    assert text._continuations is not None and len(text._continuations) == 2 * 20_000  # listed once


def test_records_compare_hash_replace_and_show_their_fields() -> None:
    """core/record.py stands in for the dataclasses the hot path used: the same equality (by class and
    fields, `_not_compared` fields ignored), hashing of the frozen kind, `replace` and repr."""
    from flowlint.core.nodes import Span, SScalar
    from flowlint.core.record import replace
    from flowlint.core.severity import Severity
    from flowlint.lint.config import Config
    from flowlint.lint.diagnostics import Diagnostic
    from flowlint.lint.result import FileReport

    assert Span(1, 2) == Span(1, 2) and Span(1, 2) != Span(1, 3) and hash(Span(1, 2)) == hash(Span(1, 2))
    assert SScalar("a", Span(0, 3)) == SScalar("a", Span(0, 3)) != Span(0, 3)
    assert repr(SScalar(1, Span(0, 1))) == "SScalar(value=1, span=Span(start=0, end=1))"
    first = Diagnostic("TST001", Severity.ERROR, "m", "a.mjs", 1, 1, 1, 2)
    assert replace(first, severity=Severity.WARNING) == Diagnostic("TST001", Severity.WARNING, "m", "a.mjs", 1, 1, 1, 2)
    assert replace(first, fix=object()) == first  # `fix` is not compared, as in the JSON report
    assert replace(Config(min_tests=2), min_tests=3) == Config(min_tests=3)
    assert list(Config().settings())[:3] == ["min_tests", "recommended_tests", "spec_version"]  # field order
    report = FileReport("a.mjs", "definition")
    assert replace(report, diagnostics=[first]).diagnostics == [first] and report.diagnostics == []
    with pytest.raises(TypeError):
        hash(report)  # mutable records are not hashable


def test_gc_paused_nests_and_restores() -> None:
    import gc

    from flowlint.core.gcpause import gc_paused

    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # only the outermost pause turns the collector back on
    assert gc.isenabled()
    with gc_paused(False):
        assert gc.isenabled()


def test_source_text_indexes_lines_only_as_far_as_a_lookup_needs() -> None:
    """A file refused for its size (millions of newlines) is reported at offset 0 without indexing every
    line first (that cost 11 s of a 32 MB file's FL001): counted, not timed."""
    from flowlint.core.source import SourceText

    text = SourceText(b"a\n" * 1_000_000)
    assert (text.position(0).line, text.position(5).line) == (1, 3)
    assert len(text._line_starts) <= 4
    assert text.line_text(10) == "a" and len(text._line_starts) <= 12
    assert text.position(2_000_000).line == 1_000_001 and text.line_count == 1_000_001


def test_a_declared_record_is_declared_once_with_its_defaults() -> None:
    """Option records (CheckRequest, Config, Overrides) declare each field once, with its default."""
    from flowlint.core.record import DeclaredRecord, replace

    class Sample(DeclaredRecord):
        name: str
        size: int = 3
        tags: tuple[str, ...] = ()

    one = Sample(name="a")
    assert (one.name, one.size, one.tags) == ("a", 3, ())
    assert one == Sample(name="a", size=3) and hash(one) == hash(Sample(name="a"))
    assert replace(one, size=4) == Sample(name="a", size=4) != one
    assert Sample.from_options({"name": "b", "tags": ("x",)}).tags == ("x",)
    assert (
        repr(one)
        == "test_a_declared_record_is_declared_once_with_its_defaults.<locals>.Sample(name='a', size=3, tags=())"
    )
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        Sample(name="a", colour=1)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="missing 1 required keyword-only argument: 'name'"):
        Sample()  # type: ignore[call-arg]


def test_a_record_is_made_from_its_declaration() -> None:
    """Issue 26: a record's `__init__` comes from its declared fields (positional for Record, keyword-only
    for DeclaredRecord): defaults, fresh objects from a default factory, `__slots__` on request and a
    `__post_init__` hook, as a dataclass gives them."""
    from flowlint.core.record import DeclaredRecord, Record, field

    class Box(Record, slots=True):
        name: str
        items: list[int] = field(default_factory=list)
        size: int = 1

        def __post_init__(self) -> None:
            self.size = max(self.size, len(self.items))

    one, two = Box("a"), Box("b", [1, 2, 3])
    assert (one.items, one.size, two.size) == ([], 1, 3) and Box("c").items is not one.items
    assert Box.__slots__ == ("name", "items", "size") and not hasattr(one, "__dict__")
    assert Box("a", size=2) == Box(name="a", items=[], size=2)

    class Options(DeclaredRecord):
        jobs: int | None = field(default=None, about="processes")

    assert Options().jobs is None and Options.about("jobs") == "processes" and Options.about("other") is None
    with pytest.raises(TypeError):
        Options(3)  # type: ignore[misc]
    with pytest.raises(TypeError, match="without a default follows"):

        class Bad(Record):
            first: int = 0
            second: int


def test_every_record_declares_its_fields() -> None:
    """Issue 26: no record class writes the `__init__` its declaration gives; the few that write one do
    more than store their arguments (named here, with why)."""
    import importlib
    import pkgutil

    import flowlint
    from flowlint.core.record import Record

    own_constructors = {
        "Edit": "takes a text replacement and stores it as UTF-8; refuses a reversed range",
        "Expect": "the message is positional, line and column keyword-only (an example's mark sets them)",
        "Example": "takes the marks out of the example's text and places its expected findings",
        "RuleContext": "keeps the shared computations of one definition beside its fields",
    }
    for module in pkgutil.walk_packages(flowlint.__path__, "flowlint."):
        if module.name != "flowlint.__main__":
            importlib.import_module(module.name)
    written = set()
    stack: list[type] = [Record]
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        init = cls.__dict__.get("__init__")
        if init is not None and cls.__module__ != "flowlint.core.record" and cls.__module__.startswith("flowlint"):
            if not getattr(init, "declared", False):  # (made by flowlint.core.record from the fields)
                written.add(cls.__name__)
    assert written == set(own_constructors)


def test_mypy_rejects_an_unknown_field_in_a_record_copy(tmp_path: Path) -> None:
    """Issue 25: `spec.replace(..., issues=())` passed `mypy --strict` and crashed `mcp-tools` (ZSpec has no
    field `issues`). `replace` is typed as `dataclasses.replace` and every record is dataclass-like to mypy,
    so an unknown or mistyped field in a copy is a type error."""
    (tmp_path / "copy.py").write_text(
        "from flowlint.core.record import replace\n"
        "from flowlint.definition.zod import parse_z\n"
        "spec = parse_z('string()', [])\n"
        "replace(spec, notes=())\n"
        "replace(spec, issues=())\n"
        "replace(spec, optional='yes')\n",
        encoding="utf-8",
    )
    command = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--follow-imports=silent"]
    run = subprocess.run(
        [*command, "--cache-dir", os.devnull, str(tmp_path / "copy.py")],
        cwd=Path(__file__).resolve().parent.parent,
        capture_output=True,
        text=True,
    )
    out = run.stdout
    assert run.returncode == 1, out + run.stderr
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert [line.split(":")[1] for line in errors] == ["5", "6"], out
    assert 'Unexpected keyword argument "issues"' in errors[0], out
