"""JSON and SARIF reports are written by `indented_json`, which must give exactly the text of
`json.dumps(value, indent=2, ensure_ascii=False)` (only faster: Python 3.11's json has no C encoder
for an indented layout)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flowlint.lint.reporters import indented_json
from tests.conftest import invoke_cli

SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text()
KEYS = st.text() | st.integers() | st.booleans() | st.none() | st.floats(allow_nan=False)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4) | st.tuples(inner, inner),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(VALUES)
def test_indented_json_is_json_dumps(value: object) -> None:
    assert indented_json(value) == json.dumps(value, indent=2, ensure_ascii=False)


def test_edge_values() -> None:
    for value in ({}, [], (), "", {"": []}, [[[]]], [{}], float("nan"), float("-inf"), '\ud800\u2028\x00"\\é', 10**30):
        assert indented_json(value) == json.dumps(value, indent=2, ensure_ascii=False), value


def test_anything_else_is_refused_as_json_refuses_it() -> None:
    with pytest.raises(TypeError):
        indented_json({"a": object()})
    with pytest.raises(TypeError):
        indented_json({(1, 2): "tuple key"})


@pytest.mark.parametrize("output_format", ["json", "sarif"])
def test_the_reports_are_what_json_dumps_writes(output_format: str) -> None:
    """The samples' report, read back and written by json itself, is the same text."""
    text = invoke_cli("check", "--format", output_format, "sample_schemas").stdout
    assert text == json.dumps(json.loads(text), indent=2, ensure_ascii=False) + "\n"
