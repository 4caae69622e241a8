"""MCP tool names: FlowMCP's own frozen fixtures, reproduced byte for byte.

The cases are `tests/unit/v4/fixtures/buildToolName.fixtures.json` of flowmcp-core at 8dab10b
("Tool names are a wire contract"), copied here so the suite needs no checkout of the runtime.
"""

from __future__ import annotations

import pytest

from flowlint.definition.names import build_tool_name

RUNTIME_FIXTURES = [
    ({"routeName": "ping", "namespace": "demo"}, "ping_demo"),
    ({"routeName": "geoStation", "namespace": "geo"}, "geo_station_geo"),
    ({"routeName": "getBlockNumber", "namespace": "ethers"}, "get_block_number_ethers"),
    ({"routeName": "get:balance/of", "namespace": "my-ns"}, "getbalance_of_my_ns"),
    ({"routeName": "a", "namespace": "x"}, "a_x"),
    (
        {"routeName": "thisIsAVeryLongRouteNameThatExceeds", "namespace": "andAlsoAVeryLongNamespaceForCapTest"},
        "this_is_avery_long_route_name_that_exceeds_and_also_avery_long_",
    ),
    (
        {"routeName": "geoStation", "namespace": "geo", "source": "berlin", "disambiguate": True},
        "geo_station_geo_berlin",
    ),
    ({"routeName": "geoStation", "namespace": "geo", "source": "berlin", "disambiguate": False}, "geo_station_geo"),
    (
        {"routeName": "geoStation", "namespace": "geo", "source": "my-folder:sub", "disambiguate": True},
        "geo_station_geo_my_foldersub",
    ),
    (
        {
            "routeName": "thisIsAVeryLongRouteNameThatExceedsLimit",
            "namespace": "veryLongNamespaceHere",
            "source": "anExtraordinarilyLongSourceFolderNameForSuffixCap",
            "disambiguate": True,
        },
        "this__an_extraordinarily_long_source_folder_name_for_suffix_cap",
    ),
    ({"routeName": "get_data", "namespace": "ns", "source": "src", "disambiguate": True}, "get_data_ns_src"),
]


@pytest.mark.parametrize(("given", "expected"), RUNTIME_FIXTURES)
def test_runtime_fixture(given: dict[str, object], expected: str) -> None:
    name = build_tool_name(
        str(given["routeName"]),
        str(given["namespace"]),
        source=given.get("source"),  # type: ignore[arg-type]
        disambiguate=bool(given.get("disambiguate", False)),
    )
    assert name.encode() == expected.encode()


def test_the_cap_counts_utf16_code_units_as_javascript_does() -> None:
    # '😀' is two UTF-16 code units: after 30 letters, the cut at 63 units splits the 17th pair, as JS does.
    name = build_tool_name("a" * 30 + "😀" * 20, "x")
    assert len(name.encode("utf-16-le", "surrogatepass")) == 2 * 63
