"""One output-schema validator for generation and verify: where the two copies disagreed, they agree now."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from flowlint.captures.records import CaptureRecord
from flowlint.captures.store import write_record
from flowlint.schema.generate import Generated, generate_output
from flowlint.schema.subset import SubsetValidator, is_date_time, is_uri, json_equal, looks_like_uri
from flowlint.verify import verify


@pytest.mark.parametrize(
    ("value", "enum", "fits"),
    [
        (1, [1.0], True),  # verify used to report `1 is not one of the enum values`
        (1.0, [1], True),
        (True, [1], False),
        (1, [True], False),
        ("1", [1], False),
        ([1, {"a": 2.0}], [[1.0, {"a": 2}]], True),
    ],
)
def test_enum_compares_json_values(value: Any, enum: list[Any], fits: bool) -> None:
    assert SubsetValidator({"enum": enum}).accepts(value) is fits
    assert (SubsetValidator({"enum": enum}).mismatches(value) == []) is fits


@pytest.mark.parametrize(
    ("value", "fits"),
    [
        ("2024-01-01T10:00:00Z", True),
        ("2024-01-01t10:00:00.123+02:00", True),
        ("2024-01-01", False),  # a date, not a date-time: verify used to accept it
        ("2024-01-01 10:00:00", False),
        ("2024-01-01T10:00:00+0100", False),
    ],
)
def test_date_time_is_rfc3339(value: str, fits: bool) -> None:
    assert is_date_time(value) is fits
    assert SubsetValidator({"type": "string", "format": "date-time"}).accepts(value) is fits


@pytest.mark.parametrize(
    ("value", "uri", "url_like"),
    [
        ("https://x.io/a?b=1", True, True),
        ("mailto:a@b.c", True, False),  # a URI: generation used to drop a declared `format: uri` for it
        ("urn:isbn:0451450523", True, False),
        ("/relative/path", False, False),
        ("http://", True, False),
        ("not a uri", False, False),
    ],
)
def test_uri_validation_and_detection(value: str, uri: bool, url_like: bool) -> None:
    assert is_uri(value) is uri
    assert looks_like_uri(value) is url_like


def test_generation_keeps_a_declared_enum_and_uri_format_the_data_satisfies() -> None:
    existing = {
        "mimeType": "application/json",
        "schema": {
            "type": "object",
            "properties": {
                "level": {"type": "number", "enum": [1.0, 2.0]},
                "contact": {"type": "string", "format": "uri"},
            },
        },
    }
    result = generate_output([{"level": 1, "contact": "mailto:team@example.com"}], existing=existing)
    assert isinstance(result, Generated)
    properties = result.schema["properties"]
    assert properties["level"]["enum"] == [1.0, 2.0]
    assert properties["contact"]["format"] == "uri"
    assert [note for note in result.notes if note.level == "warning"] == []


def test_mime_type_tie_is_the_first_seen_whatever_the_hash_seed() -> None:
    """`max(set(known), key=known.count)` picked by set order, which PYTHONHASHSEED changes."""
    import subprocess
    import sys

    code = (
        "from flowlint.schema.generate import generate_output; "
        "r = generate_output(['a', 'b'], content_types=['text/plain', 'text/csv']); print(r.mime_type)"
    )
    seen = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
            env={"PYTHONHASHSEED": str(seed), "PATH": ""},
        ).stdout.strip()
        for seed in range(8)
    }
    assert seen == {"text/plain"}


DEFINITION = """export const main = {
    namespace: 'levels', name: 'Levels', description: 'Levels', version: '3.0.0', root: 'https://levels.example.invalid',
    tools: {
        getLevel: { method: 'GET', path: '/level', description: 'Level', parameters: [],
            tests: [ { _description: 'Current level' } ],
            output: { mimeType: 'application/json', schema: { type: 'object', properties: {
                level: { type: 'number', enum: [ 1.0, 2.0 ] },
                since: { type: 'string', format: 'date-time' } } } } }
    }
}
"""


def _record(data: Any) -> CaptureRecord:
    return CaptureRecord.model_validate(
        {
            "namespace": "levels",
            "toolName": "getLevel",
            "testIndex": 0,
            "_description": "Current level",
            "timestamp": "2026-11-23T10:00:00.000Z",
            "response": {"status": True, "messages": [], "data": data},
        }
    )


def test_verify_uses_the_same_validator(tmp_path: Path) -> None:
    definition = tmp_path / "levels.mjs"
    definition.write_text(DEFINITION, encoding="utf-8")
    run = tmp_path / "capture" / "run"
    write_record(run, _record({"level": 1, "since": "2024-05-01T12:00:00Z"}), None)
    assert [d.message for d in verify([definition], tmp_path / "capture").diagnostics] == []
    write_record(run, _record({"level": 1, "since": "2024-05-01"}), None)
    messages = [d.message for d in verify([definition], tmp_path / "capture").diagnostics]
    assert messages == ["getLevel test 0: data.since: expected a date-time string, got '2024-05-01'"]
    assert json_equal(json.loads("1"), 1.0)
