"""Plugins: the built-in formats through the hooks, entry-point plugins loaded once and
contained when broken, disabled by name, dispatch by name and by type, the docs page
naming every hook, and ``toolbridge plugins``.

Third-party plugins are real distributions: a ``*.dist-info`` folder with an
``entry_points.txt`` beside the plugin module, on the path of a fresh interpreter.
"""

from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import toolbridge
from toolbridge import ConversionError, Tool
from toolbridge.examples.weather import convert_temperature, get_forecast
from toolbridge.formats import convert, to_mcp
from toolbridge.plugins import _hookspecs, plugins, reset_plugins

ROOT = Path(__file__).resolve().parents[2]

SHOUT = """
from toolbridge import FormatSpec, Tool, hookimpl


class Thing:
    def __init__(self, name):
        self.name = name


class SpecialThing(Thing):
    pass


@hookimpl
def toolbridge_formats():
    return [FormatSpec(name="shout", types=("shout_plugin.Thing",))]


@hookimpl
def toolbridge_versions():
    return {"shout-framework": "9.9"}


@hookimpl
def toolbridge_to_format(target, tools, options):
    if target != "shout":
        return None
    if options.get("explode"):
        raise RuntimeError("boom")
    return [tool.name.upper() for tool in tools]


@hookimpl
def toolbridge_from_object(obj, source, options):
    if not isinstance(obj, Thing):
        return None
    return [Tool(name=obj.name.lower())]
"""


def _distribution(folder: Path, name: str, module: str, code: str, entry: str) -> None:
    (folder / f"{module}.py").write_text(textwrap.dedent(code))
    info = folder / f"{name}-1.2.3.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.2.3\n")
    (info / "entry_points.txt").write_text(f"[toolbridge]\n{entry} = {module}\n")


def _python(folder: Path, code: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(folder), **env}
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
        env=environment,
    )


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A folder with one working plugin (``shout``) and three broken ones."""
    _distribution(tmp_path, "shout-plugin", "shout_plugin", SHOUT, "shout")
    _distribution(tmp_path, "broken-import", "broken_import", "import no_such_module\n", "crash")
    bad_hook = "from toolbridge import hookimpl\n\n@hookimpl\ndef toolbridge_nope():\n    pass\n"
    _distribution(tmp_path, "bad-hook", "bad_hook", bad_hook, "badhook")
    failing = (
        "from toolbridge import hookimpl\n\n"
        "@hookimpl\ndef toolbridge_formats():\n    raise ValueError('no formats today')\n"
    )
    _distribution(tmp_path, "failing-declare", "failing_declare", failing, "failing")
    return tmp_path


# -- the built-in formats -----------------------------------------------------------------


def test_the_built_in_formats_are_a_plugin_like_any_other() -> None:
    (builtin,) = [info for info in plugins() if info.name == "toolbridge"]
    assert builtin.status == "loaded"
    assert {"openai", "anthropic", "gemini-openapi", "mcp", "bedrock"} <= set(builtin.formats)


def test_to_writes_what_convert_writes() -> None:
    tools = [get_forecast, convert_temperature]
    assert (
        toolbridge.to("openai", tools, strict=True) == convert(tools, "openai", strict=True).output
    )
    assert toolbridge.to("mcp", get_forecast) == [to_mcp(get_forecast)]


def test_from_reads_by_name_and_by_type() -> None:
    wire = toolbridge.to("anthropic", [convert_temperature])
    (read,) = toolbridge.from_(wire, source="anthropic")
    assert read.name == "convert_temperature"
    assert toolbridge.from_(get_forecast) == [get_forecast]


def test_from_reads_mcp_sdk_models() -> None:
    from mcp_types import Tool as SdkTool

    model = SdkTool.model_validate(to_mcp(get_forecast))
    (read,) = toolbridge.from_(model)
    assert read.fingerprint == get_forecast.fingerprint


def test_an_unknown_format_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOOLBRIDGE_DISABLE_PLUGINS", "langchain")  # as if not installed
    reset_plugins()
    try:
        with pytest.raises(ConversionError, match=r"pip install 'toolbridge\[langchain\]'"):
            toolbridge.to("langchain", [get_forecast])
    finally:
        monkeypatch.undo()
        reset_plugins()
    with pytest.raises(ConversionError, match=r"no toolbridge plugin reads builtins\.object"):
        toolbridge.from_(object())
    with pytest.raises(ConversionError, match="expected a Tool"):
        toolbridge.to("openai", ["not a tool"])  # type: ignore[list-item]


def test_importing_toolbridge_loads_no_plugin() -> None:
    code = "import sys, toolbridge; print('pluggy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "False"


# -- entry-point plugins --------------------------------------------------------------------


def test_an_entry_point_plugin_converts_both_ways_and_broken_ones_are_contained(
    site: Path,
) -> None:
    done = _python(
        site,
        """
        import json, logging
        logging.basicConfig(level=logging.WARNING)
        import toolbridge
        from toolbridge.examples.weather import get_forecast
        from toolbridge.plugins import plugins
        import shout_plugin

        print(json.dumps({
            "to": toolbridge.to("shout", [get_forecast]),
            "from": [t.name for t in toolbridge.from_(shout_plugin.SpecialThing("LOUD"))],
            "openai": len(toolbridge.to("openai", [get_forecast])),
            "plugins": {
                p.name: [p.status, p.version, p.error, dict(p.frameworks)] for p in plugins()
            },
        }))
        """,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["to"] == ["GET_FORECAST"]
    assert found["from"] == ["loud"]  # a subclass of the declared type
    assert found["openai"] == 1
    statuses = found["plugins"]
    assert statuses["shout"] == ["loaded", "1.2.3", "", {"shout-framework": "9.9"}]
    assert statuses["crash"][0] == "broken"
    assert "no_such_module" in statuses["crash"][2]
    assert statuses["badhook"][0] == "broken"
    assert "toolbridge_nope" in statuses["badhook"][2]
    assert statuses["failing"][0] == "broken"
    assert "no formats today" in statuses["failing"][2]
    assert done.stderr.count("it is left out") == 3


def test_a_plugin_failing_while_converting_is_named(site: Path) -> None:
    done = _python(
        site,
        """
        import toolbridge
        from toolbridge.examples.weather import get_forecast
        try:
            toolbridge.to("shout", [get_forecast], explode=True)
        except toolbridge.ConversionError as error:
            print(error)
        """,
    )
    assert "the toolbridge plugin 'shout' failed on shout: RuntimeError: boom" in done.stdout


def test_plugins_are_disabled_by_name(site: Path) -> None:
    done = _python(
        site,
        """
        import toolbridge
        from toolbridge.plugins import plugins
        print({p.name: p.status for p in plugins()}["shout"])
        try:
            toolbridge.to("shout", [])
        except toolbridge.ConversionError as error:
            print(error)
        """,
        TOOLBRIDGE_DISABLE_PLUGINS="shout, crash",
    )
    lines = done.stdout.splitlines()
    assert lines[0] == "disabled"
    assert "no toolbridge plugin writes the format 'shout'" in lines[1]


def test_the_cli_lists_the_plugins(site: Path) -> None:
    done = _python(site, "from toolbridge.cli import main; raise SystemExit(main(['plugins']))")
    assert done.returncode == 0, done.stderr
    listed = {entry["name"]: entry for entry in json.loads(done.stdout)}
    assert listed["shout"]["formats"] == ["shout"]
    assert listed["shout"]["frameworks"] == {"shout-framework": "9.9"}
    assert listed["crash"]["status"] == "broken"


# -- the docs ---------------------------------------------------------------------------------


def test_every_hook_is_described_in_the_docs() -> None:
    page = (ROOT / "docs" / "plugins.md").read_text()
    hooks = [
        name
        for name, value in vars(_hookspecs).items()
        if name.startswith("toolbridge_") and inspect.isfunction(value)
    ]
    assert len(hooks) >= 4
    for hook in hooks:
        assert f"### `{hook}(" in page, hook


def test_tool_is_exported_for_plugins() -> None:
    assert toolbridge.hookimpl is _hookspecs.hookimpl
    assert isinstance(toolbridge.from_(get_forecast)[0], Tool)


def test_raised_within_finds_a_control_exception_behind_the_wrapping() -> None:
    """What a tool raised is found behind ToolExecutionError; a cycle ends the walk."""
    from toolbridge import ToolExecutionError
    from toolbridge.plugins import raised_within

    original = KeyboardInterrupt("pause")
    wrapped = ToolExecutionError("t", original)
    wrapped.__cause__ = original  # as `raise ToolExecutionError(...) from original` sets it
    assert raised_within(wrapped, KeyboardInterrupt) is original
    assert raised_within(wrapped, (ValueError, ToolExecutionError)) is wrapped
    looped = ValueError("a")
    looped.__cause__ = TypeError("b")
    looped.__cause__.__cause__ = looped
    assert raised_within(looped, KeyError) is None
