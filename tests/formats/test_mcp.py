"""The MCP format: `to_mcp` / `from_mcp`, lossless both ways, judged by the MCP SDK."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import mcp.types as mt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolbridge import ConversionError, SchemaTooDeepError, Tool, ToolAnnotations
from toolbridge.formats import from_mcp, from_mcp_tool, to_mcp

from .shapes import many, one

SCHEMA = {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}

FULL: dict[str, Any] = {
    "name": "search",
    "title": "Search",
    "description": "Search the web.",
    "inputSchema": SCHEMA,
    "outputSchema": {"type": "object", "properties": {"hits": {"type": "array"}}},
    "annotations": {
        "title": "Web search",
        "readOnlyHint": True,
        "destructiveHint": False,
        "idempotentHint": True,
        "openWorldHint": True,
        "x-vendor": {"cost": 3},
    },
    "icons": [{"src": "https://example.com/i.png", "mimeType": "image/png", "sizes": ["48x48"]}],
    "execution": {"taskSupport": "optional"},
    "_meta": {"io.example/owner": "team-a"},
    "x-unknown": [1, 2.5, None, {"a": True}],
}

WIRE_TOOLS: dict[str, dict[str, Any]] = {
    "minimal": {"name": "ping", "inputSchema": {"type": "object"}},
    "empty description": {"name": "ping", "description": "", "inputSchema": {"type": "object"}},
    "null description": {"name": "ping", "description": None, "inputSchema": {"type": "object"}},
    "null title and output": {
        "name": "ping",
        "title": None,
        "outputSchema": None,
        "inputSchema": {"type": "object"},
    },
    "empty annotations": {"name": "ping", "inputSchema": {"type": "object"}, "annotations": {}},
    "null annotations": {"name": "ping", "inputSchema": {"type": "object"}, "annotations": None},
    "null hint": {
        "name": "ping",
        "inputSchema": {"type": "object"},
        "annotations": {"readOnlyHint": None, "title": None},
    },
    "unknown annotation only": {
        "name": "ping",
        "inputSchema": {"type": "object"},
        "annotations": {"x": 1},
    },
    "some hints": {
        "name": "rm",
        "description": "Remove a file.",
        "inputSchema": SCHEMA,
        "annotations": {"destructiveHint": True},
    },
    "null extras": {
        "name": "ping",
        "inputSchema": {"type": "object"},
        "icons": None,
        "_meta": None,
        "execution": None,
    },
    "no type in schema": {"name": "ping", "inputSchema": {"properties": {}}},
    "full": FULL,
}


# -- the wire shape, both ways ---------------------------------------------------------


@pytest.mark.parametrize("wire", WIRE_TOOLS.values(), ids=WIRE_TOOLS.keys())
def test_wire_tools_round_trip_exactly(wire: dict[str, Any]) -> None:
    tool = one(from_mcp(wire))
    assert to_mcp(tool) == wire
    assert from_mcp(to_mcp(tool)) == tool
    assert tool.meta["source"] == "mcp"


@pytest.mark.parametrize("wire", WIRE_TOOLS.values(), ids=WIRE_TOOLS.keys())
def test_the_sdk_accepts_every_output(wire: dict[str, Any]) -> None:
    mt.Tool.model_validate(to_mcp(one(from_mcp(wire))))


def test_every_field_lands_in_its_slot() -> None:
    tool = one(from_mcp(FULL))
    assert tool.name == "search"
    assert tool.title == "Search"
    assert tool.description == "Search the web."
    assert tool.input_schema == SCHEMA
    assert tool.output_schema == FULL["outputSchema"]
    assert tool.annotations == ToolAnnotations(
        title="Web search", read_only=True, destructive=False, idempotent=True, open_world=True
    )
    assert tool.meta == {
        "source": "mcp",
        "mcp": {
            "icons": FULL["icons"],
            "execution": FULL["execution"],
            "_meta": FULL["_meta"],
            "extra": {"x-unknown": FULL["x-unknown"]},
            "annotations": {"x-vendor": {"cost": 3}},
        },
    }


def test_the_meta_layout_for_absent_and_null_fields() -> None:
    tool = one(from_mcp(WIRE_TOOLS["minimal"]))
    assert tool.description == ""
    assert tool.meta == {"source": "mcp", "mcp": {"absent": ["description"]}}
    tool = one(from_mcp(WIRE_TOOLS["empty description"]))
    assert tool.meta == {"source": "mcp"}
    tool = one(from_mcp(WIRE_TOOLS["null hint"]))
    assert tool.annotations == ToolAnnotations()
    assert tool.meta["mcp"]["null"] == ["annotations.readOnlyHint", "annotations.title"]
    assert one(from_mcp(WIRE_TOOLS["empty annotations"])).meta["mcp"]["annotations"] == {}


def test_the_input_is_not_kept_by_reference() -> None:
    wire = json.loads(json.dumps(FULL))
    tool = one(from_mcp(wire))
    wire["inputSchema"]["properties"]["q"]["type"] = "integer"
    wire["_meta"]["io.example/owner"] = "someone else"
    assert to_mcp(tool) == FULL
    out = to_mcp(tool)
    out["inputSchema"]["type"] = "array"  # a plain, mutable copy
    assert to_mcp(tool) == FULL


# -- envelopes and lists ---------------------------------------------------------------


def test_lists_and_envelopes_give_lists() -> None:
    wires = list(WIRE_TOOLS.values())
    tools = [one(from_mcp(wire)) for wire in wires]
    assert from_mcp(wires) == tools
    assert from_mcp(tuple(wires)) == tools
    assert from_mcp({"tools": wires}) == tools
    assert from_mcp({"tools": wires, "nextCursor": "abc"}) == tools
    response = {"jsonrpc": "2.0", "id": 7, "result": {"tools": wires, "nextCursor": None}}
    assert from_mcp(response) == tools
    assert from_mcp({"tools": []}) == []
    assert to_mcp(tools) == wires
    assert to_mcp(iter(tools)) == wires
    assert to_mcp([]) == []


def test_a_tool_may_have_an_unknown_tools_key() -> None:
    wire = {"name": "t", "inputSchema": {"type": "object"}, "tools": ["x"]}
    assert to_mcp(one(from_mcp(wire))) == wire


def test_sdk_result_objects_are_envelopes() -> None:
    result = mt.ListToolsResult(tools=[mt.Tool(name="a", input_schema={"type": "object"})])
    assert many(from_mcp(result))[0].name == "a"


# -- the MCP SDK's Tool both ways -----------------------------------------------------


def sdk_tools() -> list[mt.Tool]:
    return [
        mt.Tool(name="bare", input_schema={"type": "object"}),
        mt.Tool(
            name="full",
            title="Full",
            description="Everything.",
            input_schema=SCHEMA,
            output_schema={"type": "object"},
            annotations=mt.ToolAnnotations(title="T", read_only_hint=True, open_world_hint=False),
            icons=[mt.Icon(src="data:image/png;base64,AA==", sizes=["any"])],
            execution=mt.ToolExecution(task_support="required"),
            _meta={"k": [1, 2]},
        ),
        mt.Tool.model_validate(FULL),
    ]


@pytest.mark.parametrize("sdk", sdk_tools(), ids=lambda t: t.name)
def test_sdk_tools_round_trip(sdk: mt.Tool) -> None:
    tool = one(from_mcp(sdk))
    assert mt.Tool.model_validate(to_mcp(tool)) == sdk
    assert to_mcp(tool) == sdk.model_dump(mode="json", by_alias=True, exclude_unset=True)


def test_sdk_fields_land_in_their_slots() -> None:
    tool = one(from_mcp(sdk_tools()[1]))
    assert tool.annotations == ToolAnnotations(title="T", read_only=True, open_world=False)
    assert tool.meta["mcp"]["execution"] == {"taskSupport": "required"}
    assert tool.meta["mcp"]["icons"] == [{"src": "data:image/png;base64,AA==", "sizes": ["any"]}]
    assert tool.meta["mcp"]["_meta"] == {"k": [1, 2]}


def test_a_list_of_sdk_tools() -> None:
    assert [t.name for t in from_mcp(sdk_tools())] == ["bare", "full", "search"]
    # The SDK's model drops unknown keys; what it keeps arrives the same either way.
    kept = sdk_tools()[2].model_dump(mode="json", by_alias=True, exclude_unset=True)
    assert "x-unknown" not in kept
    assert many(from_mcp({"tools": sdk_tools()}))[2] == one(from_mcp(kept))


# -- tools from elsewhere --------------------------------------------------------------


def native_tools() -> list[Tool]:
    return [
        Tool(name="plain"),
        Tool(
            name="rich",
            title="Rich",
            description="All the MCP fields.",
            input_schema=SCHEMA,
            output_schema={"type": "object"},
            annotations=ToolAnnotations(destructive=False, idempotent=True),
        ),
    ]


@pytest.mark.parametrize("tool", native_tools(), ids=lambda t: t.name)
def test_tools_without_a_source_round_trip(tool: Tool) -> None:
    wire = to_mcp(tool)
    mt.Tool.model_validate(wire)
    assert "meta" not in wire
    assert "_meta" not in wire
    # The one difference: the tool now says where it came from.
    assert from_mcp(wire) == tool.replace(meta={"source": "mcp"})
    assert to_mcp(one(from_mcp(wire))) == wire


def test_a_native_tool_writes_only_what_it_has() -> None:
    assert to_mcp(Tool(name="plain")) == {
        "name": "plain",
        "description": "",
        "inputSchema": {"type": "object", "properties": {}},
    }
    assert to_mcp(native_tools()[1])["annotations"] == {
        "destructiveHint": False,
        "idempotentHint": True,
    }


def test_other_formats_meta_and_ir_only_fields_are_not_written() -> None:
    tool = Tool(
        name="t",
        namespace="ns",
        version="2",
        tags=frozenset({"a"}),
        category="c",
        meta={"source": "openai", "openai": {"strict": True}},
    )
    wire = to_mcp(tool)
    assert set(wire) == {"name", "description", "inputSchema"}
    assert one(from_mcp(wire)) == Tool(name="t", meta={"source": "mcp"})


def test_edits_to_an_mcp_tool_win_over_its_meta() -> None:
    tool = one(from_mcp(WIRE_TOOLS["null description"])).replace(
        description="Now described.", annotations=ToolAnnotations(read_only=True)
    )
    wire = to_mcp(tool)
    assert wire["description"] == "Now described."
    assert wire["annotations"] == {"readOnlyHint": True}


# -- hostile input ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "path", "message"),
    [
        (42, (), "JSON object or array"),
        ("ping", (), "JSON object or array"),
        ([{"name": "a", "inputSchema": {}}, "nope"], (1,), "must be a JSON object"),
        ({"tools": [None]}, ("tools", 0), "must be a JSON object"),
        ({"tools": "x"}, ("tools",), "JSON array"),
        ({"inputSchema": {}}, ("name",), "non-empty string name"),
        ({"name": "  ", "inputSchema": {}}, ("name",), "non-empty string name"),
        ({"name": 3, "inputSchema": {}}, ("name",), "non-empty string name"),
        ({"name": "a"}, ("inputSchema",), "'a': inputSchema"),
        ({"name": "a", "inputSchema": None}, ("inputSchema",), "'a': inputSchema"),
        ({"name": "a", "inputSchema": []}, ("inputSchema",), "'a': inputSchema must be"),
        ({"name": "a", "inputSchema": {"type": "string"}}, ("inputSchema", "type"), "object"),
        ({"name": "a", "inputSchema": {}, "outputSchema": "x"}, ("outputSchema",), "'a'"),
        ({"name": "a", "inputSchema": {}, "description": 5}, ("description",), "string"),
        ({"name": "a", "inputSchema": {}, "title": ["x"]}, ("title",), "string"),
        ({"name": "a", "inputSchema": {}, "annotations": []}, ("annotations",), "object"),
        (
            {"name": "a", "inputSchema": {}, "annotations": {"readOnlyHint": "yes"}},
            ("annotations", "readOnlyHint"),
            "boolean",
        ),
        (
            {"name": "a", "inputSchema": {"properties": {"x": {1: 2}}}},
            ("inputSchema", "properties", "x"),
            "not a string",
        ),
        ({"name": "a", "inputSchema": {}, "_meta": {"s": {1, 2}}}, ("_meta", "s"), "set"),
        ({"name": "a", "inputSchema": {}, "x": float("nan")}, ("x",), "JSON number"),
        ({"jsonrpc": "2.0", "id": 1, "error": {"code": -1}}, ("error",), "error response"),
        ({"jsonrpc": "2.0", "id": 1, "result": {}}, ("result",), "tools/list"),
        (
            {"jsonrpc": "2.0", "id": 1, "result": {"tools": [{}, {"name": "b"}]}},
            ("result", "tools", 0, "name"),
            "name",
        ),
    ],
)
def test_bad_input_is_a_conversion_error_with_a_path(
    value: Any, path: tuple[str | int, ...], message: str
) -> None:
    with pytest.raises(ConversionError, match=message) as caught:
        from_mcp(value)
    assert caught.value.path == path


def test_the_error_names_the_tool_and_its_place_in_the_list() -> None:
    tools = [{"name": f"t{i}", "inputSchema": {}} for i in range(4)]
    tools[3]["inputSchema"] = "not a schema"
    with pytest.raises(ConversionError, match="'t3'") as caught:
        from_mcp({"tools": tools})
    assert caught.value.path == ("tools", 3, "inputSchema")


def test_one_tool_is_read_as_one_tool_and_errors_point_into_the_document() -> None:
    wire = {"name": "t", "inputSchema": {"type": "object"}, "tools": ["x"]}
    assert from_mcp_tool(wire) == one(from_mcp(wire))
    assert from_mcp_tool(mt.Tool(name="a", input_schema={"type": "object"})).name == "a"
    with pytest.raises(ConversionError, match="non-empty string name") as caught:
        from_mcp_tool({"tools": [wire]})  # an envelope is not a tool here
    assert caught.value.path == ("name",)
    with pytest.raises(ConversionError, match="'t'") as caught:
        from_mcp_tool({"name": "t", "inputSchema": 5}, path=("tools", 7))
    assert caught.value.path == ("tools", 7, "inputSchema")
    with pytest.raises(ConversionError, match="must be a JSON object") as caught:
        from_mcp_tool([wire], path=("tools", 2))  # type: ignore[arg-type]
    assert caught.value.path == ("tools", 2)


def test_a_very_deep_schema_is_a_typed_error() -> None:
    schema: dict[str, Any] = {"type": "object"}
    for _ in range(10_000):
        schema = {"type": "object", "properties": {"x": schema}}
    with pytest.raises(ConversionError, match="deeper") as caught:
        from_mcp({"tools": [{"name": "deep", "inputSchema": schema}]})
    assert isinstance(caught.value.__cause__, SchemaTooDeepError)
    assert caught.value.path[:4] == ("tools", 0, "inputSchema", "properties")


def test_a_broken_sdk_like_object_is_a_conversion_error() -> None:
    class Broken:
        def model_dump(self, **options: Any) -> dict[str, Any]:
            raise RuntimeError("boom")

    with pytest.raises(ConversionError, match="boom") as caught:
        from_mcp([Broken()])
    assert caught.value.path == (0,)


@pytest.mark.parametrize(
    "value", [{"name": "x"}, "x", 3, [Tool(name="a"), {"name": "b"}]], ids=repr
)
def test_to_mcp_refuses_what_is_not_a_tool(value: Any) -> None:
    with pytest.raises(ConversionError):
        to_mcp(value)


@pytest.mark.parametrize(
    "mcp_meta",
    [[], {"null": "title"}, {"absent": [1]}, {"extra": []}, {"annotations": 3}],
    ids=repr,
)
def test_a_malformed_meta_mcp_is_a_conversion_error(mcp_meta: Any) -> None:
    with pytest.raises(ConversionError, match=r"meta\.mcp") as caught:
        to_mcp(Tool(name="t", meta={"source": "mcp", "mcp": mcp_meta}))
    assert caught.value.path[:2] == ("meta", "mcp")


# -- the corpus: every real server's tools ----------------------------------------------


def corpus_files(data: Path) -> list[Path]:
    files = sorted((data / "corpus" / "mcp").glob("*.json"))
    assert files, "the MCP corpus is empty"
    return files


def test_every_corpus_tool_round_trips_exactly(data_dir: Path) -> None:
    count = 0
    for path in corpus_files(data_dir):
        wires = json.loads(path.read_text())
        assert isinstance(wires, list), path.name
        tools = []
        for index, wire in enumerate(wires):
            tool = one(from_mcp(wire))
            out = to_mcp(tool)
            assert out == wire, f"{path.name}[{index}] {wire.get('name')}"
            assert from_mcp(out) == tool
            mt.Tool.model_validate(out)
            tools.append(tool)
            count += 1
        assert from_mcp({"tools": wires}) == tools, path.name
        assert to_mcp(tools) == wires, path.name
    assert count > 1000


# -- properties ---------------------------------------------------------------------------

json_scalars = st.none() | st.booleans() | st.integers() | st.text(max_size=5)
json_values: st.SearchStrategy[Any] = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=8,
)
hint = st.none() | st.booleans()
annotation_objects: st.SearchStrategy[dict[str, Any]] = st.fixed_dictionaries(
    {},
    optional={
        "title": st.none() | st.text(max_size=5),
        "readOnlyHint": hint,
        "destructiveHint": hint,
        "idempotentHint": hint,
        "openWorldHint": hint,
        "x-extra": json_values,
    },
)
object_schema: st.SearchStrategy[dict[str, Any]] = st.fixed_dictionaries(
    {"type": st.just("object")},
    optional={"properties": st.dictionaries(st.text(max_size=4), st.just({}), max_size=2)},
)
wire_tools: st.SearchStrategy[dict[str, Any]] = st.fixed_dictionaries(
    {
        "name": st.text(min_size=1, max_size=8).filter(str.strip),
        "inputSchema": object_schema,
    },
    optional={
        "title": st.none() | st.text(max_size=5),
        "description": st.none() | st.text(max_size=5),
        "outputSchema": st.none() | object_schema,
        "annotations": st.none() | annotation_objects,
        "icons": json_values,
        "execution": json_values,
        "_meta": json_values,
        "x-unknown": json_values,
    },
)


@settings(max_examples=200, deadline=None)
@given(wire_tools)
def test_any_wire_tool_round_trips(wire: dict[str, Any]) -> None:
    tool = one(from_mcp(wire))
    assert to_mcp(tool) == wire
    assert from_mcp(to_mcp(tool)) == tool
