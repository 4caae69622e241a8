"""The request each FlowMCP runtime generation's `Fetch` sends (`capture.request.runtime_request`), quirks included.

The library-wide agreement with the runtimes' own recordings is in tests/test_migrate.py (fixtures) and
tools/differential/migration_proof.py (the public library); these are the rules one by one.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from flowlint.capture.request import RuntimeRequestError, runtime_request
from flowlint.definition.loading import load_bytes


def _definition(parameters: str, method: str = "GET", extra: str = "", path: str = "/thing"):  # type: ignore[no-untyped-def]
    source = f"""export const main = {{
    namespace: 'demo', name: 'Demo', description: 'A demo', version: '3.0.0',
    root: 'https://api.example.com', {extra}
    tools: {{ getThing: {{ method: '{method}', path: '{path}', description: 'Thing', parameters: [ {parameters} ], tests: [] }} }}
}}
"""
    loaded = load_bytes(source.encode(), Path("demo.mjs"))
    assert loaded.definition is not None
    return loaded.definition, loaded.definition.tools[0]


def _param(key: str, value: str, location: str, primitive: str = "string()") -> str:
    return f"{{ position: {{ key: '{key}', value: '{value}', location: '{location}' }}, z: {{ primitive: '{primitive}', options: [] }} }}"


def test_query_values_are_form_encoded_as_urlsearchparams_does() -> None:
    definition, tool = _definition(_param("q", "{{USER_PARAM}}", "query"))
    request = runtime_request(definition, tool, {"q": "a b/c~d*e'(f)"}, {}, 4)
    assert request.url == "https://api.example.com/thing?q=a+b%2Fc%7Ed*e%27%28f%29"


def test_insert_values_are_not_encoded_and_an_omitted_one_is_undefined() -> None:
    definition, tool = _definition(_param("id", "{{USER_PARAM}}", "insert"), path="/items/:id/{{id}}")
    assert runtime_request(definition, tool, {"id": "a b"}, {}, 3).url == "https://api.example.com/items/a b/a b"
    assert runtime_request(definition, tool, {}, {}, 3).url == "https://api.example.com/items/undefined/undefined"


def test_a_replacement_pattern_in_a_value_is_expanded_as_string_replace_does() -> None:
    definition, tool = _definition(_param("q", "x{{USER_PARAM}}", "query"))
    assert (
        runtime_request(definition, tool, {"q": "$&"}, {}, 3).url
        == "https://api.example.com/thing?q=x%7B%7BUSER_PARAM%7D%7D"
    )


def test_body_values_3x_as_text_4x_with_their_types() -> None:
    parameters = ", ".join(
        [
            _param("n", "{{USER_PARAM}}", "body", "number()"),
            _param("a", "{{USER_PARAM}}", "body", "array()"),
            _param("k", "fixed", "body"),
        ]
    )
    definition, tool = _definition(parameters, method="POST")
    three = runtime_request(definition, tool, {"n": 5, "a": ["x", "y"]}, {}, 3)
    four = runtime_request(definition, tool, {"n": 5, "a": ["x", "y"]}, {}, 4)
    assert json.loads(three.body or "") == {"n": "5", "a": "x,y", "k": "fixed"}
    assert json.loads(four.body or "") == {"n": 5, "a": ["x", "y"], "k": "fixed"}
    assert dict(four.headers) == {"content-type": "application/json"}


@pytest.mark.parametrize(("method", "sent"), [("POST", True), ("PUT", True), ("PATCH", False), ("post", False)])
def test_a_body_is_sent_for_post_and_put_as_written(method: str, sent: bool) -> None:
    definition, tool = _definition(_param("k", "v", "body"), method=method)
    assert (runtime_request(definition, tool, {}, {}, 4).body is not None) is sent


def test_server_params_and_headers() -> None:
    extra = "requiredServerParams: [ 'KEY' ], headers: { Authorization: 'Bearer {{SERVER_PARAM:KEY}}', 'content-type': 'text/plain' },"
    definition, tool = _definition(
        _param("key", "{{SERVER_PARAM:KEY}}", "query") + ", " + _param("city", "{{CITY}}", "query"),
        method="POST",
        extra=extra,
    )
    request = runtime_request(definition, tool, {}, {"KEY": "SERVER_PARAM_KEY"}, 4)
    assert request.url == "https://api.example.com/thing?key=SERVER_PARAM_KEY&city="
    assert dict(request.headers) == {
        "authorization": "Bearer SERVER_PARAM_KEY",
        "content-type": "application/json, text/plain",  # `{ 'Content-Type': ..., ...headers }`, then Headers
    }


def test_a_value_that_is_not_text_throws_as_the_runtime_does() -> None:
    definition, tool = _definition(
        "{ position: { key: 'n', value: 5, location: 'query' }, z: { primitive: 'number()', options: [] } }"
    )
    with pytest.raises(RuntimeRequestError):
        runtime_request(definition, tool, {}, {}, 4)
