"""Size limits: the worst shapes just below them, one tool each, against 1 s.

Every transform and check is linear in the schema or bounded by a documented limit
(`toolbridge._limits`, docs/formats.md#limits): a schema of more than 50,000 JSON
values is refused, and so is a validator's schema whose references unfold to more
than 50,000 subschemas. Below the limits each shape that used to hang (issue 16,
item 11) must answer within a second. Each row times one call on one schema or
tool (made before the timer, a fresh tool each time: conversions are cached on the
tool), the median of a few runs; the reference is a JSON round trip of the largest
schema, the floor of any work on it.

    uv run --group bench python bench/run.py --only limits
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from _report import Row, Section, at_most_ns

FIXTURE_SERVER: Final = (
    Path(__file__).resolve().parent.parent / "tests" / "servers" / "fixture_server.py"
)
"""The test suite's misbehaving MCP server (``--tools N``: N tools in one page)."""

LIMIT_TARGET: Final = at_most_ns(1e9)


def _chain(n: int) -> dict[str, Any]:
    """n definitions, each an object whose one property refers to the next."""
    definitions: dict[str, Any] = {
        f"d{i}": {"type": "object", "properties": {"next": {"$ref": f"#/$defs/d{i + 1}"}}}
        for i in range(n - 1)
    }
    definitions[f"d{n - 1}"] = {"type": "string"}
    return {"type": "object", "properties": {"start": {"$ref": "#/$defs/d0"}}, "$defs": definitions}


def _twice(n: int, *, siblings: bool = False) -> dict[str, Any]:
    """n levels, each using the next twice: 2**n subschemas where followed in place."""
    definitions: dict[str, Any] = {}
    for i in range(n):
        use = {"$ref": f"#/$defs/l{i + 1}"}
        definitions[f"l{i}"] = (
            {
                "type": "object",
                "properties": {"a": {**use, "description": "a"}, "b": {**use, "description": "b"}},
            }
            if siblings
            else {"anyOf": [use, dict(use)]}
        )
    definitions[f"l{n}"] = {"type": "string"}
    return {"type": "object", "properties": {"a": {"$ref": "#/$defs/l0"}}, "$defs": definitions}


def _object(properties: dict[str, Any], **rest: Any) -> dict[str, Any]:
    return {"type": "object", "properties": properties, **rest}


def _largest(make: Callable[[int], Any], fits: Callable[[Any], bool]) -> tuple[int, Any]:
    """The largest n (and its schema) for which `make(n)` still fits, by bisection."""
    low, high = 1, 1
    while fits(make(high * 2)):
        high *= 2
    low, high = high, high * 2
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if fits(make(middle)) else (low, middle)
    return low, make(low)


def _median_ns(run: Callable[[], Any], repeats: int) -> tuple[float, tuple[float, ...]]:
    samples = []
    for _ in range(repeats):
        started = time.perf_counter_ns()
        run()
        samples.append(float(time.perf_counter_ns() - started))
    return statistics.median(samples), tuple(samples)


def run(*, repeats: int) -> list[Section]:
    from toolbridge import SchemaTooLargeError, Tool, Validator
    from toolbridge._limits import MAX_SCHEMA_SIZE, schema_size
    from toolbridge.formats import TARGETS, check, to_openai
    from toolbridge.schema import to_anthropic_strict, to_gemini_schema, to_strict

    def fits(schema: Any) -> bool:
        return schema_size(schema) <= MAX_SCHEMA_SIZE

    def answers(transform: Callable[[Any], Any]) -> Callable[[Any], bool]:
        def fits_and_answers(schema: Any) -> bool:
            try:
                return fits(schema) and transform(schema) is not None
            except SchemaTooLargeError:
                return False

        return fits_and_answers

    def unfolds(schema: Any) -> bool:
        try:
            Validator(schema)
        except SchemaTooLargeError:
            return False
        return True

    chain_n, chain = _largest(_chain, fits)
    enum_n, enum = _largest(lambda n: _object({"v": {"enum": list(range(n))}}), fits)
    wide_n, wide = _largest(
        lambda n: _object({f"p{i}": {"type": "string"} for i in range(n)}), fits
    )
    one_of_n, one_of = _largest(
        lambda n: _object(
            {
                "v": {
                    "oneOf": [
                        _object({f"k{i}": {"type": "string"}}, required=[f"k{i}"]) for i in range(n)
                    ]
                }
            }
        ),
        fits,
    )
    all_of_n, all_of = _largest(
        lambda n: {
            "type": "object",
            "allOf": [
                {"properties": {f"k{i}": {"type": "string"}}, "required": [f"k{i}"]}
                for i in range(n)
            ],
        },
        fits,
    )
    copies_n, copies = _largest(lambda n: _twice(n, siblings=True), answers(to_anthropic_strict))
    beside_n, beside = _largest(
        lambda n: _object(
            {
                "v": {
                    "properties": {f"p{i}": {"type": "string"} for i in range(1_000)},
                    "anyOf": [{"type": "object", "description": f"b{i}"} for i in range(n)],
                }
            }
        ),
        answers(to_gemini_schema),
    )
    unfold_n, unfolding = _largest(_twice, unfolds)
    required_n, required = _largest(
        lambda n: _object(
            {f"p{i}": {"type": "string"} for i in range(n)}, required=[f"p{i}" for i in range(n)]
        ),
        fits,
    )
    items = {
        "type": "array",
        "items": {"anyOf": [_object({}, required=[f"k{i}"]) for i in range(500)]},
    }

    def one_target(schema: Any, target: Any) -> Callable[[], Any]:
        tool = Tool(name="t", input_schema=schema)
        return lambda: check([tool.replace(name="t")], target, strict=target != "gemini-openapi")

    def every_target(schema: Any) -> Callable[[], Any]:
        def checked() -> None:
            tool = Tool(name="t", input_schema=schema)
            for target in TARGETS[1:]:  # every provider's target, as the command does
                try:
                    check([tool], target, strict=True)
                except Exception:  # no strict mode there (or no way to write it): as it is
                    check([tool], target)

        return checked

    floor = json.dumps(enum)
    huge = _object({"v": {"enum": list(range(10**7))}})
    cases: list[tuple[str, Callable[[], Any], str]] = [
        (
            f"json.loads(json.dumps(s)), s the {enum_n:,}-value enum (reference)",
            lambda: json.loads(floor),
            "",
        ),
        (
            f"to_anthropic_strict: a chain of {chain_n:,} $defs, each to the next",
            lambda: to_anthropic_strict(chain),
            "was cubic: 400 took 7 s",
        ),
        (
            f"to_anthropic_strict: oneOf of {one_of_n:,} closed objects",
            lambda: to_anthropic_strict(one_of),
            "was quadratic (every pair of branches)",
        ),
        (
            f"to_anthropic_strict: $ref copies doubling {copies_n} times (just below the limit)",
            lambda: to_anthropic_strict(copies),
            "was exponential; past the limit: SchemaTooLargeError",
        ),
        (
            f"to_gemini_schema: an enum of {enum_n:,} integers",
            lambda: to_gemini_schema(enum),
            "was quadratic: 99,000 took 100 s",
        ),
        (
            f"to_gemini_schema: allOf of {all_of_n:,} parts",
            lambda: to_gemini_schema(all_of),
            "was quadratic (properties copied per part)",
        ),
        (
            f"to_gemini_schema: 1,000 properties beside anyOf of {beside_n} branches",
            lambda: to_gemini_schema(beside),
            "copied into each branch, up to the limit",
        ),
        (
            f"to_openai(strict=True): {wide_n:,} properties",
            lambda: to_openai(Tool(name="t", input_schema=wide), strict=True),
            "",
        ),
        (
            f"schema.to_strict: a chain of {chain_n:,} $defs",
            lambda: _refused(lambda: to_strict(chain)),
            "inlined: refused past 256 levels (SchemaTooDeepError)",
        ),
        (
            f"schema.to_strict: allOf of {all_of_n:,} parts",
            lambda: to_strict(all_of),
            "was quadratic: 8,000 parts took 2.5 s",
        ),
        (
            f"schema.to_strict: {required_n:,} properties, all required",
            lambda: to_strict(required),
            "was quadratic: 20,000 took 3.3 s",
        ),
        *(
            (
                f"formats.check({target!r}, strict=True): {wide_n:,} properties",
                one_target(wide, target),
                "",
            )
            for target in ("openai", "anthropic", "bedrock")
        ),
        (
            f"formats.check('gemini-openapi'): {wide_n:,} properties",
            one_target(wide, "gemini-openapi"),
            "",
        ),
        (
            f"formats.check on every target, strict: {wide_n:,} properties (no target)",
            every_target(wide),
            "what `toolbridge check --strict` does per tool: seven checks",
        ),
        (
            f"Validator + validate: anyOf of two $refs, {unfold_n} levels (listed)",
            lambda: Validator(unfolding).validate({"a": [1] * 40}),
            "listing was exponential (85 s at 20 levels); past the limit: refused",
        ),
        (
            "Validator + validate: 1,000 items failing anyOf of 500 branches",
            lambda: Validator(items).validate([{}] * 1_000),
            "each anyOf one issue past the listing budget",
        ),
        (
            f"Validator + validate: an enum of {enum_n:,} integers",
            lambda: Validator(enum).validate({"v": -1}),
            "",
        ),
        (
            "to_gemini_schema refusing an enum of 10,000,000 integers",
            lambda: _refused(lambda: to_gemini_schema(huge)),
            "counting stops at the limit",
        ),
    ]
    rows = []
    for case, call, note in cases:
        median, samples = _median_ns(call, repeats)
        rows.append(
            Row(
                case,
                median,
                target=None if case.endswith(("(reference)", "(no target)")) else LIMIT_TARGET,
                note=note,
                reference=case.endswith("(reference)"),
                samples_ns=samples,
            )
        )
    title = (
        "Limits: the worst shapes just below MAX_SCHEMA_SIZE (50,000 JSON values), one tool each"
    )
    return [Section(title, rows), _hostile(repeats), _files(repeats)]


def _refused(call: Callable[[], Any]) -> None:
    from toolbridge import SchemaError

    try:
        call()
    except SchemaError:
        return


# -- issue 30: hostile inputs, time and memory beyond the input --------------------------------

_HOSTILE_PRELUDE: Final = """
import json, resource, statistics, sys, time
from toolbridge import Tool, Validator
from toolbridge.formats import check, convert, from_mcp, to_openai

def big_enum():
    return Tool(name="t", input_schema={"type": "object", "properties": {
        "v": {"enum": [f"value {i}" for i in range(1_000_000)]}}})

def compiled(schema):
    tool = Tool(name="t", input_schema=schema)
    _ = tool.validator
    return tool

def tools_text(count):
    return json.dumps([{"name": f"tool_{i}", "description": f"Tool number {i}.",
        "inputSchema": {"type": "object", "properties": {"q": {"type": "string"},
        "n": {"type": "integer"}}, "required": ["q"]}} for i in range(count)])

def listing(transport, repeats):
    # The client's whole load of the fixture server serving 100,000 tools in one page
    # (process start and handshake included), and the client's peak RSS growth.
    import asyncio, subprocess
    from toolbridge.mcp import HttpServer, McpClient, StdioServer
    argv = [sys.executable, FIXTURE_SERVER, "--tools", "100000"]
    samples, grown = [], 0.0
    for _ in range(repeats):
        process = None
        if transport == "stdio":
            server = StdioServer(command=argv[0], args=tuple(argv[1:]))
        else:
            flags = ["--http", "--sse"] if transport == "sse" else ["--http"]
            process = subprocess.Popen([*argv, *flags], stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE, text=True)
            server = HttpServer(url=process.stdout.readline().strip())

        async def load():
            client = McpClient(server, startup_timeout=60, list_timeout=60)
            try:
                await client.start()
            finally:
                await client.aclose()
            assert "max_tools" in str(client.failures["server"])

        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        started = time.perf_counter_ns()
        asyncio.run(load())
        samples.append(time.perf_counter_ns() - started)
        grown = max(grown, (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024)
        if process is not None:
            process.terminate()
            process.wait(5)
    print(json.dumps({"samples": samples, "grown_mb": grown}))

def timed(make, call, repeats):
    # The median time of `call(made)`, each on a fresh input, and the peak RSS growth.
    samples, grown = [], 0.0
    for _ in range(repeats):
        made = make()
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        started = time.perf_counter_ns()
        try:
            call(made)
        except Exception:
            pass
        samples.append(time.perf_counter_ns() - started)
        grown = max(grown, (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024)
    print(json.dumps({"samples": samples, "grown_mb": grown}))
"""

_HOSTILE: Final = (
    (
        "Tool.validate: anyOf of 2,000 consts, a 1 MB string (first issue, no reasons)",
        """timed(lambda: compiled({"type": "object", "properties": {
            "s": {"anyOf": [{"const": i} for i in range(2000)]}}}),
            lambda tool: tool.validate({"s": "x" * 1_000_000}), REPEATS)""",
        "was 18 s, 3.9 GB",
    ),
    (
        "Tool.validate: 40,000 missing required names, a 10 MB string (first issue)",
        """timed(lambda: compiled({"type": "object", "required": [f"p{i}" for i in range(40_000)]}),
            lambda tool: tool.validate({"text": "x" * 10_000_000}), REPEATS)""",
        "was killed at 30 s, 6 GB",
    ),
    (
        "Tool.validate: 40,000 missing required names, a short value (first issue)",
        """timed(lambda: compiled({"type": "object", "required": [f"p{i}" for i in range(40_000)]}),
            lambda tool: tool.validate({"text": "short"}), REPEATS)""",
        "past the error budget (rules x parts > 50,000)",
    ),
    (
        "Tool.validate: 10,000 missing required names, a short value (50 listed, rest counted)",
        """timed(lambda: compiled({"type": "object", "required": [f"p{i}" for i in range(10_000)]}),
            lambda tool: tool.validate({"text": "short"}), REPEATS)""",
        "",
    ),
    (
        "Validator refusing a 100,000-character pattern (SchemaTooLargeError)",
        """timed(lambda: {"type": "object", "properties": {"s": {"pattern": "x" * 100_000}}},
            lambda schema: Validator(schema).validate({"s": "x" * 1_000_000}), REPEATS)""",
        "was over 40 s against a 1 MB string",
    ),
    (
        "Validator: a pattern at the limit (MAX_PATTERN_LENGTH), a 1 MB string",
        """from toolbridge._limits import MAX_PATTERN_LENGTH
timed(lambda: Validator({"pattern": "x" * MAX_PATTERN_LENGTH}),
            lambda validator: validator.validate("y" * 1_000_000), REPEATS)""",
        "",
    ),
    (
        "to_openai(strict=True) refusing a 1,000,000-value schema (SchemaTooLargeError)",
        """timed(big_enum, lambda tool: to_openai(tool, strict=True), REPEATS)""",
        "was 15.8 s, 489 MB, and an answer",
    ),
    (
        "Tool.validate refusing a 1,000,000-value schema (SchemaTooLargeError)",
        """timed(big_enum, lambda tool: tool.validate({"v": "value 1"}), REPEATS)""",
        "was 897 MB",
    ),
    (
        "from_mcp + convert to anthropic, strict: 10,000 tools (1.9 MB of JSON)",
        """timed(lambda: tools_text(10_000),
            lambda text: convert(from_mcp(json.loads(text)), "anthropic", strict=True), REPEATS)""",
        "100,000 took 33 s, 1.06 GB through the command",
    ),
    (
        "from_mcp + check for anthropic, strict: 10,000 tools",
        """timed(lambda: tools_text(10_000),
            lambda text: check(from_mcp(json.loads(text)), "anthropic", strict=True), REPEATS)""",
        "",
    ),
    *(
        (
            f"McpClient over {transport}: one tools/list page of 100,000 tools (15 MB), "
            "refused past max_tools; the whole load",
            f"listing({transport!r}, REPEATS)",
            was,
        )
        for transport, was in (
            ("stdio", "was 1.42 s, +68 MB"),
            ("http", "was 3-10 s, +594 MB, and a false list_timeout"),
            ("sse", "was refused as 'SSE event exceeded 1 MiB'"),
        )
    ),
)
HOSTILE_TARGET: Final = at_most_ns(1e9)
MANY_TOOLS_TARGET: Final = at_most_ns(3e9)


def _hostile(repeats: int) -> Section:
    """Issue 30's rows, each in a fresh interpreter: the median time of one call (its
    input made before the timer) and how far the peak memory grew beyond the input."""
    rows = []
    for case, code, was in _HOSTILE:
        program = (
            _HOSTILE_PRELUDE
            + f"REPEATS = {max(repeats // 2, 2)}\nFIXTURE_SERVER = {str(FIXTURE_SERVER)!r}\n"
            + code
        )
        done = subprocess.run(
            [sys.executable, "-c", program], capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            rows.append(Row(case, None, reason=done.stderr.strip().splitlines()[-1][:80]))
            continue
        found = json.loads(done.stdout.splitlines()[-1])
        samples = tuple(float(sample) for sample in found["samples"])
        note = f"peak +{found['grown_mb']:.0f} MB" + (f"; {was}" if was else "")
        target = (
            None
            if case.startswith("McpClient")  # (process start included: recorded, not judged)
            else MANY_TOOLS_TARGET
            if "10,000 tools" in case
            else HOSTILE_TARGET
        )
        rows.append(
            Row(case, statistics.median(samples), target=target, note=note, samples_ns=samples)
        )
    title = "Hostile inputs (issue 30): one call each, in its own interpreter"
    return Section(title, rows)


# -- issue 30: the command on a file of 10,000 tools ------------------------------------------


def _small(i: int) -> dict[str, Any]:
    return {
        "name": f"tool_{i}",
        "description": f"Tool number {i}.",
        "inputSchema": {
            "type": "object",
            "properties": {"q": {"type": "string"}, "n": {"type": "integer"}},
            "required": ["q"],
        },
    }


def _tiny(i: int) -> dict[str, Any]:
    return {"name": f"t{i}", "inputSchema": {"type": "object"}}


_FILES: Final[dict[str, Callable[[int], dict[str, Any]]]] = {"small": _small, "tiny": _tiny}
"""The tools of each file: small (two properties, 180 bytes) and tiny (54 bytes, where
memory beyond the input is hardest to keep within ten times)."""
_COMMANDS: Final = (
    "convert --from mcp --to anthropic --strict",
    "convert --from mcp --to openai --strict",
    "convert --from mcp --to openai",
    "convert --from mcp --to gemini-openapi",
    "convert --from mcp --to bedrock --strict",
    "convert --from mcp --to canonical",
    "check --json --target anthropic --strict",
    "check --json --strict",
)
"""Each command's arguments (``check`` without ``--target``: every target)."""
MEMORY_FACTOR: Final = 10.0
"""Peak memory beyond the same command on one tool, at most this many times the file."""


def _command(arguments: list[str], path: str) -> tuple[float, float]:
    """``toolbridge ARGUMENTS PATH`` in a child: seconds, and its peak RSS in bytes."""
    code = (
        "import resource, subprocess, sys, time\n"
        "started = time.perf_counter()\n"
        "subprocess.run([sys.executable, '-m', 'toolbridge', *sys.argv[1:]],"
        " stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        "print(time.perf_counter() - started,"
        " resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, *arguments, path], capture_output=True, text=True, check=True
    )
    seconds, peak = done.stdout.split()
    return float(seconds), float(peak)


def _files(repeats: int) -> Section:
    """Each command on 10,000 tools: the median time, and the peak memory beyond the same
    command on one tool against the file's size."""
    import tempfile
    from pathlib import Path

    rows = []
    with tempfile.TemporaryDirectory() as folder:
        files = {}
        for kind, make in _FILES.items():
            many = Path(folder) / f"{kind}.json"
            many.write_text(json.dumps([make(i) for i in range(10_000)]))
            alone = Path(folder) / f"{kind}-one.json"
            alone.write_text(json.dumps([make(0)]))
            files[kind] = (str(many), str(alone), many.stat().st_size)
        for label in _COMMANDS:
            arguments = label.split()
            for kind, (path, one, size) in files.items():
                base = min(_command(arguments, one)[1] for _ in range(2))
                runs = [_command(arguments, path) for _ in range(max(repeats // 3, 2))]
                samples = tuple(seconds * 1e9 for seconds, _ in runs)
                grown = max(peak for _, peak in runs) - base
                factor = grown / size
                note = (
                    f"peak +{grown / 2**20:.1f} MB, {factor:.1f}x the {size / 2**20:.1f} MB file"
                    f" (<= {MEMORY_FACTOR:g}x: {'yes' if factor <= MEMORY_FACTOR else 'NO'})"
                )
                rows.append(
                    Row(
                        f"toolbridge {label}: 10,000 {kind} tools",
                        statistics.median(samples),
                        target=MANY_TOOLS_TARGET,
                        note=note,
                        samples_ns=samples,
                    )
                )
    title = "A file of 10,000 tools (issue 30): the command, in its own process"
    return Section(title, rows)
