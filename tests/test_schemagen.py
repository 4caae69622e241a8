"""Output-schema generation: subset reduction, merging, keeping existing schemas, self-validation."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from flowlint.core.severity import Severity
from flowlint.schema.generate import Generated, GenerationFailure, generate_output, mime_type_of
from flowlint.schema.subset import (
    FORMAT_CHECKS,
    MAX_DEPTH,
    MAX_LEVELS,
    SubsetValidator,
    check_subset,
    to_json_schema,
)


def validate_samples(schema: dict[str, Any], samples: list[Any]) -> list[str]:
    """The reference: standard JSON Schema (jsonschema's Draft 7) over `to_json_schema(schema)`, with
    flowlint's format checks. The subset validator is held to agree with it."""
    from jsonschema import Draft7Validator, FormatChecker

    checker = FormatChecker(formats=())
    for name, check in FORMAT_CHECKS.items():
        checker.checks(name)(lambda value, check=check: not isinstance(value, str) or check(value))
    validator = Draft7Validator(to_json_schema(schema), format_checker=checker)
    problems = []
    for index, sample in enumerate(samples):
        error = next(iter(validator.iter_errors(sample)), None)
        if error is not None:
            problems.append(f"response {index}: {error.message}")
    return problems


def _ok(samples: list[Any], **kwargs: Any) -> Generated:
    result = generate_output(samples, **kwargs)
    assert isinstance(result, Generated), result
    assert check_subset(result.schema) == []
    assert (
        validate_samples(
            result.schema,
            samples if kwargs.get("kind") != "query" else [s if isinstance(s, list) else [s] for s in samples],
        )
        == []
    )
    return result


def test_merges_every_array_element_and_response() -> None:
    result = _ok([{"items": [{"a": 1}, {"b": "x"}]}, {"items": [{"a": 2.5, "c": True}]}])
    item = result.schema["properties"]["items"]["items"]
    assert set(item["properties"]) == {"a", "b", "c"}
    assert item["properties"]["a"]["type"] == "number"  # integer and float merge to number
    assert item["properties"]["c"] == {"type": "boolean"}


def test_null_makes_nullable_and_only_null_falls_back() -> None:
    result = _ok([{"a": None, "b": 1}, {"a": None, "b": None}])
    assert result.schema["properties"]["b"] == {"type": "number", "nullable": True}
    assert result.schema["properties"]["a"] == {"type": "string", "nullable": True}
    assert any("only null" in note.message and note.where == "$.a" for note in result.notes)


def test_unmergeable_types_have_no_type_and_an_info() -> None:
    result = _ok([{"v": "1"}, {"v": {"x": 1}}, {"v": None}])
    assert result.schema["properties"]["v"] == {"nullable": True}
    note = next(n for n in result.notes if n.where == "$.v")
    assert note.level == "info" and "object, string" in note.message


def test_no_required_schema_or_anyof() -> None:
    result = _ok([{"a": 1, "b": [1, "x"]}, {"c": {"d": "e"}}])
    text = repr(result.schema)
    for keyword in ("required", "$schema", "anyOf", "integer"):
        assert keyword not in text


def test_formats() -> None:
    result = _ok(
        [
            {"t": "2024-01-01T00:00:00Z", "u": "https://x.org/a?b=1", "m": "2024-01-01T00:00:00Z"},
            {"t": "2024-02-29T23:59:59.5+02:00", "u": "http://y", "m": "yesterday"},
        ]
    )
    properties = result.schema["properties"]
    assert properties["t"]["format"] == "date-time"
    assert properties["u"]["format"] == "uri"
    assert "format" not in properties["m"]
    png = _ok(["iVBORw0KGgo="], content_types=["image/png"])
    assert png.output == {"mimeType": "image/png", "schema": {"type": "string", "format": "base64"}}
    text = _ok(["hello"], content_types=["text/plain; charset=utf-8"])
    assert text.output == {"mimeType": "text/plain", "schema": {"type": "string"}}


def test_depth_cap() -> None:
    # 04-output-schema: the schema is level 1, each `properties` child one level deeper, at most
    # MAX_LEVELS levels; an array's `items` stays on the array's level.
    assert (MAX_LEVELS, MAX_DEPTH) == (4, 3)
    deep: Any = {"leaf": 1}
    for name in "edcba":
        deep = {name: deep}
    result = _ok([deep])
    node = result.schema  # level 1
    for name in "abc":  # levels 2, 3 and 4
        node = node["properties"][name]
    assert node == {"type": "object"}  # level 4: an object, but no properties (level 5)
    [note] = [n for n in result.notes if "deeper than" in n.message]
    assert note.level == "info" and note.where == "$.a.b.c"
    # A value on level 4 is kept as it is.
    four = _ok([{"a": {"b": {"c": 1}}}])
    assert four.schema["properties"]["a"]["properties"]["b"]["properties"]["c"] == {"type": "number"}
    assert not any("deeper than" in n.message for n in four.notes)
    # `items` adds no level: the objects in an array on level 2 are on level 2 too.
    listed = _ok([{"a": [{"b": {"c": {"d": 1}}}]}])
    in_items = listed.schema["properties"]["a"]["items"]["properties"]["b"]["properties"]["c"]
    assert in_items == {"type": "object"}
    assert [n.where for n in listed.notes if "deeper than" in n.message] == ["$.a[].b.c"]
    arrays = _ok([[[[[[1]]]]]])  # arrays of arrays never go deeper, so nothing is cut
    assert check_subset(arrays.schema) == []
    assert not any("deeper than" in n.message for n in arrays.notes)
    # The subset check rejects a 5th level, and only that.
    five: Any = {"type": "number"}
    for name in "dcba":
        five = {"type": "object", "properties": {name: five}}
    [problem] = check_subset(five)
    assert "level 5" in problem and ".a.b.c.d" in problem


def test_queries_are_arrays() -> None:
    assert _ok([[{"id": 1}]], kind="query").schema["type"] == "array"
    wrapped = _ok([{"id": 1}], kind="query")
    assert wrapped.schema["type"] == "array"
    assert wrapped.schema["items"]["properties"]["id"]["type"] == "number"


def test_mime_type() -> None:
    assert mime_type_of("application/json; charset=utf-8") == "application/json"
    assert mime_type_of("application/vnd.api+json") == "application/json"
    assert mime_type_of(None, "text") == "text/plain"
    assert mime_type_of(None, {"a": 1}) == "application/json"
    mixed = _ok([{"a": 1}, {"a": 2}], content_types=["application/json", "application/json", "text/html"])
    assert mixed.mime_type == "application/json"
    assert any("several content types" in n.message for n in mixed.notes)


EXISTING = {
    "mimeType": "application/json",
    "schema": {
        "type": "object",
        "required": ["id"],
        "properties": {
            "id": {"type": "string", "description": "The id", "enum": ["a", "b"]},
            "kind": {"type": "string", "description": "Kind", "enum": ["x"]},
            "home": {"type": "string", "description": "Home page", "format": "uri"},
            "when": {"type": "string", "description": "When", "format": "date-time"},
            "count": {"type": "string", "description": "Count"},
            "maybe": {"type": "number", "description": "Maybe"},
            "old": {"type": "string", "description": "Not seen any more"},
        },
    },
}


def test_keeps_what_people_wrote() -> None:
    sample = {"id": "a", "kind": "x", "home": "https://a.b", "when": "2026-01-01T00:00:00Z", "count": "3"}
    result = _ok([{**sample, "maybe": None, "new": True}], existing=EXISTING)
    props = result.schema["properties"]
    assert props["id"] == {"type": "string", "description": "The id", "enum": ["a", "b"]}
    assert props["kind"] == {"type": "string", "description": "Kind", "enum": ["x"]}
    assert props["home"]["format"] == "uri" and props["when"]["format"] == "date-time"
    assert props["count"] == {"type": "string", "description": "Count"}
    assert props["maybe"] == {"type": "number", "description": "Maybe", "nullable": True}
    assert props["old"] == {"type": "string", "description": "Not seen any more"}
    assert props["new"] == {"type": "boolean"}  # issue 27, item 6: no empty description is written
    assert list(props)[:7] == ["id", "kind", "home", "when", "count", "maybe", "old"]
    messages = {(n.where, n.level): n.message for n in result.notes}
    assert "required" in messages[("$", "warning")]
    assert ("$.old", "info") in messages


def test_a_capture_that_contradicts_the_declaration_is_an_error_never_a_widening() -> None:
    """Issue 27, item 6: one capture with a number widened a declared `string` (the type replaced, an
    enum or a format dropped) with only a line on stderr. The declaration is kept, each contradiction
    is an error note, and the output is not rewritten (`flowlint verify` reports the drift)."""
    sample = {"id": "a", "kind": "y", "home": "https://a.b", "when": "soon", "count": 3, "maybe": None, "new": True}
    result = generate_output([sample], existing=EXISTING)
    assert isinstance(result, GenerationFailure)
    assert result.reason == "the captures contradict the declared output schema in 3 places; not rewritten"
    errors = {n.where: n.message for n in result.notes if n.level is Severity.ERROR}
    assert set(errors) == {"$.kind", "$.when", "$.count"}
    assert "declared type 'string' but the captures have number: the declaration is kept" in errors["$.count"]
    assert "'y'" in errors["$.kind"] and "'soon'" in errors["$.when"]


def test_raw_data_note_and_no_samples() -> None:
    result = _ok([{"a": 1}], raw_data=True)
    assert any("raw data" in n.message for n in result.notes)
    failure = generate_output([])
    assert isinstance(failure, GenerationFailure)


def test_nullable_translation() -> None:
    schema = {"type": "string", "nullable": True, "enum": ["a"]}
    assert to_json_schema(schema) == {"type": ["string", "null"], "enum": ["a", None]}
    assert validate_samples(schema, [None, "a"]) == []
    assert validate_samples({"type": "string"}, [None]) != []


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**12), max_value=10**12)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
    | st.sampled_from(["2024-01-01T00:00:00Z", "https://example.org/x", "not a uri"]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.sampled_from(["a", "b", "c"]) | st.text(max_size=5), children, max_size=4)
    ),
    max_leaves=25,
)


@settings(max_examples=200, deadline=None)
@given(st.lists(json_values, min_size=1, max_size=4))
def test_property_samples_validate_against_their_schema(samples: list[Any]) -> None:
    result = generate_output(samples)
    assert isinstance(result, Generated), result
    assert check_subset(result.schema) == []
    assert validate_samples(result.schema, samples) == []


def _nullable(schema: Any) -> Any:
    """`schema` with every node nullable."""
    if not isinstance(schema, dict):
        return schema
    out = {key: _nullable(value) if key == "items" else value for key, value in schema.items()}
    if isinstance(schema.get("properties"), dict):
        out["properties"] = {key: _nullable(value) for key, value in schema["properties"].items()}
    out["nullable"] = True
    return out


@settings(max_examples=100, deadline=None)
@given(st.lists(json_values, min_size=1, max_size=3), st.lists(json_values, min_size=1, max_size=3))
def test_property_regenerating_over_an_existing_schema_is_stable(first: list[Any], second: list[Any]) -> None:
    initial = generate_output(first)
    assert isinstance(initial, Generated)
    merged = generate_output(first + second, existing=initial.output)
    # The declaration is never widened (issue 27, item 6): new samples it rejects are a contradiction;
    # null is the one value it takes on (marked nullable, with a note).
    rejected = validate_samples(_nullable(initial.schema), first + second) != []
    if isinstance(merged, GenerationFailure):
        assert rejected and any(note.level is Severity.ERROR for note in merged.notes), merged
        return
    assert isinstance(merged, Generated) and not rejected
    assert validate_samples(merged.schema, first + second) == []
    again = generate_output(first + second, existing=merged.output)
    assert isinstance(again, Generated)
    assert again.output == merged.output


schemas = st.recursive(
    st.fixed_dictionaries(
        {"type": st.sampled_from(["string", "number", "boolean"])},
        optional={
            "nullable": st.booleans(),
            "format": st.sampled_from(["date-time", "uri", "base64"]),
            "enum": st.lists(st.one_of(st.text(max_size=3), st.integers(-2, 2), st.booleans(), st.none()), max_size=3),
        },
    ),
    lambda children: (
        st.fixed_dictionaries({"type": st.just("array")}, optional={"items": children, "nullable": st.booleans()})
        | st.fixed_dictionaries(
            {"type": st.just("object")},
            optional={
                "properties": st.dictionaries(st.sampled_from(list("abc")), children, max_size=3),
                "nullable": st.booleans(),
            },
        )
    ),
    max_leaves=6,
)


@settings(max_examples=300, deadline=None)
@given(schemas, json_values)
def test_property_subset_validator_agrees_with_jsonschema(schema: dict[str, Any], value: Any) -> None:
    validator = SubsetValidator(schema)
    agrees = validate_samples(schema, [value]) == []
    assert validator.accepts(value) == agrees
    assert (validator.mismatches(value) == []) == agrees


def _plain_builder() -> Any:
    """The same builder with genson's own node, which asks every strategy for every value."""
    from genson import SchemaNode

    from flowlint.schema.generate import _Builder

    class Plain(_Builder):  # type: ignore[misc]
        pass

    Plain.NODE_CLASS = type("PlainNode", (SchemaNode,), {"STRATEGIES": _Builder.STRATEGIES})
    return Plain()


@settings(max_examples=200, deadline=None)
@given(st.lists(json_values, min_size=1, max_size=5))
def test_property_the_strategy_cache_builds_what_genson_builds(samples: list[Any]) -> None:
    """The node that remembers a strategy per Python type gives genson's own schema, value for value."""
    from flowlint.schema.generate import _Builder

    cached, plain = _Builder(), _plain_builder()
    for sample in samples:
        cached.add_object(sample)
        plain.add_object(sample)
    assert cached.to_schema() == plain.to_schema()


def test_the_strategy_cache_builds_what_genson_builds_over_a_merged_enum() -> None:
    """A schema merged first (an existing output with an enum) and then values of several types."""
    from flowlint.schema.generate import _Builder

    cached, plain = _Builder(), _plain_builder()
    for builder in (cached, plain):
        builder.add_schema({"type": "string", "enum": ["a", "b"]})
        for value in ["a", "c", 1, "b", None, "d"]:
            builder.add_object(value)
    schema = cached.to_schema()
    assert schema == plain.to_schema()
    enums = [part["enum"] for part in schema.get("anyOf", [schema]) if "enum" in part]
    assert enums == [["a", "b"]]
