"""Provider formats: one tool's conversion, cold and cached, against a JSON round trip and peers.

Every case is averaged over the whole MCP corpus (``tests/data/corpus/mcp/*.json``,
read with `toolbridge.formats.from_mcp`): one pass converts every tool once, and
the time per tool is the pass's time divided by the tools in it.

A tool keeps its conversions (``tool._derived.formats``), so a *first* conversion is
only measured on a tool with an empty cache: each timed statement converts the tool
and then empties its cache (the emptying is timed too), so every pass converts the
same tools afresh and drops what it made, exactly as the reference and the peers
convert the same dicts and drop their output. One more row converts new `Tool`
objects every pass (`Tool.replace`, made before the timer) and keeps what it made,
as a real cache does: it adds the cost of memory that stays in use. The second
conversion is measured on tools converted once already.

    uv run --group bench python bench/_formats.py profile   # cProfile, cold strict

prints the functions where toolbridge's cold strict conversion spends its time.
"""

from __future__ import annotations

import copy
import gc
import json
import sys
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from _peers import failure, load
from _report import Row, Section, Target, at_most_ratio, duration
from _timing import Timing

CORPUS: Final = Path(__file__).resolve().parents[1] / "tests" / "data" / "corpus" / "mcp"
"""tests/data/corpus/mcp: real servers' ``tools/list`` answers."""

FLOOR_TARGET: Final = at_most_ratio(2.5)
"""``to_openai(tool, strict=True)`` against the orjson round trip of the same tool."""
PEER_FACTOR: Final = 2.0
"""toolbridge's strict conversion is to be at least this many times faster than any peer's."""
REPORT_PEER_FACTOR: Final = 1.0
"""The whole job, ``convert`` with its report and plan, no slower than the fastest peer."""
CACHED_LIMIT_NS: Final = 1_000.0

FLOOR = "orjson loads(dumps(mcp dict)) (reference)"
STRICT = "toolbridge to_openai(strict=True)"
CACHED = "toolbridge to_openai(strict=True) again"


# -- the corpus ---------------------------------------------------------------------------


def corpus() -> list[list[dict[str, Any]]]:
    """Every server's tool list, as plain JSON, in file-name order.

    Raises:
        FileNotFoundError: The corpus is not there.
    """
    files = sorted(CORPUS.glob("*.json"))
    if not files:
        raise FileNotFoundError(f"no MCP corpus at {CORPUS}")
    servers: list[list[dict[str, Any]]] = []
    for path in files:
        with path.open(encoding="utf-8") as handle:
            servers.append(json.load(handle))
    return servers


_READ: dict[int, list[Any]] = {}
"""The corpus read with `from_mcp` once, by the id of the servers list."""


def fresh_tools(servers: Sequence[Sequence[dict[str, Any]]]) -> list[Any]:
    """New `Tool` objects for the whole corpus: nothing converted, nothing cached.

    The schemas are the same frozen objects in every call (a `Tool` keeps a frozen
    schema it is given), so every pass reads the same data, like the other cases.
    """
    from toolbridge.formats import from_mcp

    read = _READ.get(id(servers))
    if read is None:
        read = _READ[id(servers)] = [tool for server in servers for tool in from_mcp(list(server))]
    return [tool.replace() for tool in read]


# -- timing: one pass converts every tool once ----------------------------------------------

_TEMPLATE = """\
def inner(_passes, _timer):
    _start = _timer()
    for _items in _passes:
        for item in _items:
            {stmt}
    return _timer() - _start
"""


def _same(items: Sequence[Any]) -> Callable[[], Sequence[Any]]:
    """Inputs for cases that need no fresh items: the same ones every pass."""
    return lambda: items


@dataclass(frozen=True, slots=True)
class Case:
    """One conversion to time: a statement on ``item``, and the items of one pass."""

    key: str
    stmt: str
    namespace: Mapping[str, Any]
    inputs: Callable[[], Sequence[Any]]
    """Called before every timed pass (outside the timer): fresh items, or the same ones."""
    lists: bool = False
    """Each item is a list of tools (one server's), and times are per tool in it."""


def _compile(case: Case) -> Callable[[Sequence[Sequence[Any]], Callable[[], int]], int]:
    scope = dict(case.namespace)
    exec(compile(_TEMPLATE.format(stmt=case.stmt), f"<bench {case.key}>", "exec"), scope)
    inner: Callable[[Sequence[Sequence[Any]], Callable[[], int]], int] = scope["inner"]
    return inner


def _batch(
    case: Case, inner: Callable[[Sequence[Sequence[Any]], Callable[[], int]], int], passes: int
) -> tuple[int, int]:
    """Nanoseconds `passes` passes take, and the items in them; the collector off, as in timeit."""
    inputs = [case.inputs() for _ in range(passes)]
    enabled = gc.isenabled()
    gc.disable()
    try:
        elapsed = inner(inputs, time.perf_counter_ns)
    finally:
        if enabled:
            gc.enable()
    if case.lists:
        return elapsed, sum(len(item) for items in inputs for item in items)
    return elapsed, sum(len(items) for items in inputs)


def _calibrate(
    case: Case,
    inner: Callable[[Sequence[Sequence[Any]], Callable[[], int]], int],
    min_batch_ns: int,
) -> int:
    """The smallest 1-2-5 count of passes whose batch lasts at least `min_batch_ns`."""
    number = 1
    while True:
        for factor in (1, 2, 5):
            if _batch(case, inner, number * factor)[0] >= min_batch_ns:
                return number * factor
        number *= 10


def measure(cases: Sequence[Case], *, repeats: int, min_batch_ns: int) -> dict[str, Timing]:
    """As `_timing.measure`, in passes over the corpus: 1-2-5 passes a batch, interleaved."""
    compiled = [_compile(case) for case in cases]
    numbers = [
        _calibrate(case, inner, min_batch_ns) for case, inner in zip(cases, compiled, strict=True)
    ]
    samples: list[list[float]] = [[] for _ in cases]
    for repeat in range(repeats):
        shift = repeat % len(cases)
        for index in [*range(shift, len(cases)), *range(shift)]:
            elapsed, count = _batch(cases[index], compiled[index], numbers[index])
            samples[index].append(elapsed / count)
    return {
        case.key: Timing(number, tuple(times))
        for case, number, times in zip(cases, numbers, samples, strict=True)
    }


# -- the cases ------------------------------------------------------------------------------


@dataclass(slots=True)
class Setup:
    """The cases that could run, why the others could not, and what was noticed."""

    cases: list[Case] = field(default_factory=list)
    reasons: dict[str, str] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)
    peers: list[str] = field(default_factory=list)
    """Peer cases, in order."""
    subsets: dict[str, str] = field(default_factory=dict)
    """A peer that raised on some tools: toolbridge's case on the tools it converts."""


@dataclass(frozen=True, slots=True)
class Conversion:
    label: str
    function: str
    """A name in `toolbridge.formats`."""
    strict: bool


CONVERSIONS: Final = (
    Conversion(STRICT, "to_openai", strict=True),
    Conversion("toolbridge to_openai", "to_openai", strict=False),
    Conversion("toolbridge to_openai_responses(strict=True)", "to_openai_responses", strict=True),
    Conversion("toolbridge to_anthropic", "to_anthropic", strict=False),
    Conversion("toolbridge to_anthropic(strict=True)", "to_anthropic", strict=True),
    Conversion("toolbridge to_gemini", "to_gemini", strict=False),
    Conversion("toolbridge to_gemini_openapi", "to_gemini_openapi", strict=False),
    Conversion("toolbridge to_bedrock", "to_bedrock", strict=False),
)
TO_STRICT = "toolbridge schema.to_strict(input_schema) alone"
KEPT = "toolbridge to_openai(strict=True), new tools every pass, output kept"
FORGET = "; item._derived.formats.clear()"
"""Appended to a first-conversion statement: the next pass converts the tool afresh."""
WITH_REPORT = "toolbridge convert(openai, strict=True), report and plan"
LISTS = {
    "toolbridge to_openai(server's tools, strict=True), first": (True, False),
    "toolbridge to_openai(server's tools), first": (False, False),
    "toolbridge to_openai(server's tools, strict=True) again": (True, True),
}
"""A server's tools converted in one call: (strict, cached); times are per tool."""
ONE_BY_ONE = {
    "toolbridge to_openai(strict=True), a server's tools one by one": True,
    "toolbridge to_openai, a server's tools one by one": False,
}
"""The reference of the list rows: the same server's tools, one call each, their wire
objects kept until the server is done (as a caller building the list keeps them).
Clearing each tool's cache right after its conversion instead (the per-tool rows)
reuses the memory just freed, which a list cannot: 8% apart on the same code."""
FORGET_ALL = "; [tool._derived.formats.clear() for tool in item]"
LIST_TARGET: Final = at_most_ratio(1.05)
"""A list costs what its tools cost one at a time (a twentieth for noise)."""


def _toolbridge(setup: Setup, servers: list[list[dict[str, Any]]]) -> None:
    import toolbridge.formats
    import toolbridge.schema

    def fresh() -> list[Any]:
        return fresh_tools(servers)

    for conversion in CONVERSIONS:
        anthropic_strict = conversion.function == "to_anthropic" and conversion.strict
        if anthropic_strict and not hasattr(toolbridge.schema, "to_anthropic_strict"):
            setup.reasons[conversion.label] = "toolbridge.schema.to_anthropic_strict not there yet"
            continue
        convert = getattr(toolbridge.formats, conversion.function)
        stmt = ("convert(item, strict=True)" if conversion.strict else "convert(item)") + FORGET
        try:
            written = [
                convert(tool, strict=True) if conversion.strict else convert(tool)
                for tool in fresh()
            ]
        except Exception as error:  # a broken case is reported, the rest still run
            setup.reasons[conversion.label] = failure(error)
            continue
        if conversion.strict:
            sent = [_sent_strict(wire) for wire in written]
            if not all(sent):
                setup.notes[conversion.label] = (
                    f"{sent.count(False)} of {len(sent)} schemas cannot be strict; "
                    "they are sent non-strict (fallback), and timed too"
                )
        setup.cases.append(Case(conversion.label, stmt, {"convert": convert}, _same(fresh())))

    def schemas() -> list[Any]:
        return [tool.input_schema for tool in fresh()]

    setup.cases.append(
        Case(TO_STRICT, "to_strict(item)", {"to_strict": toolbridge.schema.to_strict}, schemas)
    )
    setup.cases.append(
        Case(
            WITH_REPORT,
            'convert(item, "openai", strict=True).report' + FORGET,
            {"convert": toolbridge.formats.convert},
            _same(fresh()),
        )
    )
    setup.cases.append(
        Case(KEPT, "convert(item, strict=True)", {"convert": toolbridge.formats.to_openai}, fresh)
    )

    servers_tools = _by_server(servers)
    for label, (strict, cached) in LISTS.items():
        stmt = "convert(item, strict=True)" if strict else "convert(item)"
        lists = servers_tools()
        if cached:
            for tools in lists:
                toolbridge.formats.to_openai(tools, strict=True)
        else:
            stmt += FORGET_ALL
        namespace = {"convert": toolbridge.formats.to_openai}
        setup.cases.append(Case(label, stmt, namespace, _same(lists), lists=True))
    for label, strict in ONE_BY_ONE.items():
        each = "convert(tool, strict=True)" if strict else "convert(tool)"
        stmt = f"[{each} for tool in item]" + FORGET_ALL
        namespace = {"convert": toolbridge.formats.to_openai}
        setup.cases.append(Case(label, stmt, namespace, _same(servers_tools()), lists=True))

    converted = fresh()
    for tool in converted:
        toolbridge.formats.to_openai(tool, strict=True)
    setup.cases.append(
        Case(
            CACHED,
            "convert(item, strict=True)",
            {"convert": toolbridge.formats.to_openai},
            _same(converted),
        )
    )


def _by_server(servers: list[list[dict[str, Any]]]) -> Callable[[], list[list[Any]]]:
    """New tools, one list per server, each tool named once in its list."""

    def made() -> list[list[Any]]:
        lists = []
        for server in servers:
            tools = {tool.name: tool for tool in fresh_tools([server])}
            lists.append(list(tools.values()))
        return lists

    return made


def _sent_strict(wire: Mapping[str, Any]) -> bool:
    function = wire.get("function", wire)
    return bool(function.get("strict"))


# -- peers ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Peer:
    label: str
    stmt: str
    build: Callable[[], Mapping[str, Any]]
    """The statement's namespace."""
    item: Callable[[dict[str, Any]], Any]
    """One corpus tool (plain MCP JSON) in the form the peer takes, made before timing."""
    does: str
    """What its strict conversion does, for the notes."""


def _toolschema() -> Mapping[str, Any]:
    load("toolschema")
    return {}


def _toolschema_item(tool: dict[str, Any]) -> Any:
    return load("toolschema").ToolDefinition(
        name=tool["name"], description=tool.get("description") or "", parameters=tool["inputSchema"]
    )


def _langchain() -> Mapping[str, Any]:
    return {"convert": load("langchain_core.utils.function_calling").convert_to_openai_tool}


def _openai_function(tool: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": tool["name"],
        "description": tool.get("description") or "",
        "parameters": tool["inputSchema"],
    }


def _agents() -> Mapping[str, Any]:
    return {
        "ensure": load("agents.strict_schema").ensure_strict_json_schema,
        "deepcopy": copy.deepcopy,
    }


def _schema(tool: dict[str, Any]) -> Any:
    return tool["inputSchema"]


PEERS: Final = (
    Peer(
        "toolschema ToolDefinition.to_openai(strict=True)",
        "item.to_openai(strict=True)",
        _toolschema,
        _toolschema_item,
        "closes the root object only (nested objects stay open, optional properties "
        "become required without becoming nullable)",
    ),
    Peer(
        "langchain convert_to_openai_tool(strict=True)",
        "convert(item, strict=True)",
        _langchain,
        _openai_function,
        "closes every object and requires every property; optional properties are not "
        "made nullable, unsupported keywords are kept",
    ),
    Peer(
        "openai-agents ensure_strict_json_schema(deepcopy)",
        "ensure(deepcopy(item))",
        _agents,
        _schema,
        "takes the schema alone (no tool object), closes every object, requires every "
        "property without making optional ones nullable, and raises on open objects",
    ),
)


def _peers(setup: Setup, servers: list[list[dict[str, Any]]]) -> None:
    tools = [tool for server in servers for tool in server]
    for peer in PEERS:
        try:
            namespace = peer.build()
            items = [peer.item(tool) for tool in tools]
        except Exception as error:  # a missing or broken peer is reported, the rest still run
            setup.reasons[peer.label] = failure(error)
            continue
        before = copy.deepcopy(items)
        runs = _compile(Case(peer.label, peer.stmt, namespace, list))
        kept: list[Any] = []
        indices: list[int] = []
        raised: Counter[str] = Counter()
        for index, item in enumerate(items):
            try:
                runs([[item]], time.perf_counter_ns)
            except Exception as error:  # counted, and left out of the timing
                raised[type(error).__name__] += 1
            else:
                kept.append(item)
                indices.append(index)
        note = f"its strict mode {peer.does}"
        if items != before:
            note += "; CHANGED its input (later repeats measure other input)"
        if raised:
            kinds = ", ".join(f"{count} {name}" for name, count in raised.most_common())
            note += (
                f"; raised on {sum(raised.values())} of {len(items)} tools ({kinds}), "
                f"timed on the other {len(kept)}"
            )
        setup.notes[peer.label] = note
        if not kept:
            setup.reasons[peer.label] = "raised on every tool"
            continue
        setup.cases.append(Case(peer.label, peer.stmt, namespace, _same(kept)))
        setup.peers.append(peer.label)
        if raised and STRICT in {case.key for case in setup.cases}:
            # The same subset for toolbridge, so that the two means compare like with like.
            label = f"{STRICT}, the {len(kept)} tools {peer.label.split()[0]} converts"
            setup.cases.append(
                Case(
                    label,
                    "convert(item, strict=True)" + FORGET,
                    _to_openai(),
                    _same(_subset(servers, indices)()),
                )
            )
            setup.subsets[peer.label] = label


def _to_openai() -> Mapping[str, Any]:
    from toolbridge.formats import to_openai

    return {"convert": to_openai}


def _subset(servers: list[list[dict[str, Any]]], indices: list[int]) -> Callable[[], list[Any]]:
    """Fresh tools, only those at `indices` in corpus order."""

    def inputs() -> list[Any]:
        tools = fresh_tools(servers)
        return [tools[index] for index in indices]

    return inputs


def _floor(setup: Setup, servers: list[list[dict[str, Any]]]) -> None:
    try:
        orjson = load("orjson")
    except Exception as error:  # without the floor the section has no reference
        setup.reasons[FLOOR] = failure(error)
        return
    tools = [tool for server in servers for tool in server]
    if any(orjson.loads(orjson.dumps(tool)) != tool for tool in tools):
        setup.notes[FLOOR] = "a round trip changed a tool"
    namespace = {"loads": orjson.loads, "dumps": orjson.dumps}
    setup.cases.insert(0, Case(FLOOR, "loads(dumps(item))", namespace, _same(tools)))


# -- the sections -------------------------------------------------------------------------


def _row(
    label: str,
    timings: Mapping[str, Timing],
    setup: Setup,
    *,
    target: Target | None = None,
    reference: bool = False,
    case: str | None = None,
    note: bool = True,
) -> Row:
    timing = timings.get(label)
    return Row(
        case or label,
        None if timing is None else timing.median_ns,
        target=target,
        reason=setup.reasons.get(label, ""),
        note=setup.notes.get(label, "") if note else "",
        reference=reference,
        samples_ns=() if timing is None else timing.per_call_ns,
    )


def _faster(factor: float) -> Target:
    """At least `factor` times faster than the section's reference (no slower for 1)."""
    text = f"<= {1 / factor:g}x" + (f" ({factor:g}x faster)" if factor != 1 else "")
    return Target(text, lambda ratio, _delta: ratio <= 1 / factor)


def _speed(ratio: float) -> str:
    return f"{1 / ratio:.2f}x faster" if ratio <= 1 else f"{ratio:.2f}x slower"


def _sections(timings: Mapping[str, Timing], setup: Setup, tools: int) -> list[Section]:
    ours = [conversion.label for conversion in CONVERSIONS] + [KEPT, WITH_REPORT, TO_STRICT]
    strict = timings.get(STRICT)
    floor = timings.get(FLOOR)
    first_notes = [
        "Every toolbridge conversion is a first one: the statement empties the tool's "
        "conversion cache after converting (timed), so each pass reads the same data and "
        "drops what it made, as the reference and the peers do. The 'output kept' row "
        "converts new tools every pass and keeps the output, as a real cache does.",
        "Peer notes are under the next section.",
    ]
    if floor is not None and strict is not None:
        first_notes.append(
            f"toolbridge to_openai(strict=True) takes {strict.median_ns / floor.median_ns:.2f}x "
            f"the orjson round trip of the same tool (target: {FLOOR_TARGET.text})."
        )
    first = Section(
        f"Formats, a tool's first conversion: mean per tool over the {tools:,} corpus tools",
        [
            _row(FLOOR, timings, setup, reference=True),
            *(
                _row(label, timings, setup, target=FLOOR_TARGET if label == STRICT else None)
                for label in ours
            ),
            *(_row(label, timings, setup, note=False) for label in (p.label for p in PEERS)),
        ],
        tuple(first_notes),
    )

    peer_times = {label: timings[label].median_ns for label in setup.peers if label in timings}
    fastest = min(peer_times, key=peer_times.__getitem__, default=None)
    notes: list[str] = []
    target: Target | None = None
    report_target: Target | None = None
    if fastest is not None:
        fastest_ns = peer_times[fastest]
        target = _faster(PEER_FACTOR)
        report_target = _faster(REPORT_PEER_FACTOR)
        if strict is not None:
            notes.append(
                f"toolbridge to_openai(strict=True) is {_speed(strict.median_ns / fastest_ns)} "
                f"than the fastest peer, {fastest} (target: {PEER_FACTOR:g}x faster)."
            )
        with_report = timings.get(WITH_REPORT)
        if with_report is not None:
            notes.append(
                f"toolbridge convert(..., strict=True), report and plan included, is "
                f"{_speed(with_report.median_ns / fastest_ns)} than the fastest peer "
                f"(target: no slower)."
            )
    notes.append("The peers do less than toolbridge's strict mode; what each does is noted above.")
    versus = Section(
        "Formats, strict OpenAI conversion against the fastest peer (mean per tool)",
        [
            _row(STRICT, timings, setup, target=target, note=False),
            _row(WITH_REPORT, timings, setup, target=report_target, note=False),
            _row(TO_STRICT, timings, setup, note=False),
            *(
                row
                for p in PEERS
                for row in (
                    _row(
                        p.label,
                        timings,
                        setup,
                        reference=p.label == fastest,
                        case=f"{p.label} (reference)" if p.label == fastest else None,
                    ),
                    *(
                        [_row(setup.subsets[p.label], timings, setup)]
                        if p.label in setup.subsets
                        else []
                    ),
                )
            ),
        ],
        tuple(notes),
    )

    cached_notes: list[str] = []
    cached_target: Target | None = None
    cached = timings.get(CACHED)
    if strict is not None:
        first_ns = strict.median_ns
        cached_target = Target(
            f"<= {duration(CACHED_LIMIT_NS)}",
            lambda ratio, _delta: ratio * first_ns <= CACHED_LIMIT_NS,
        )
        if cached is not None:
            cached_notes.append(
                f"Second conversion: {cached.median_ns:,.0f} ns per tool "
                f"(target <= {CACHED_LIMIT_NS:,.0f} ns), {_speed(cached.median_ns / first_ns)} "
                "than the first."
            )
    second = Section(
        "Formats, converting an unchanged tool again (cached on the tool)",
        [
            _row(
                STRICT,
                timings,
                setup,
                reference=True,
                case=f"{STRICT}, first (reference)",
                note=False,
            ),
            _row(CACHED, timings, setup, target=cached_target),
        ],
        tuple(cached_notes),
    )

    labels = list(LISTS)
    one_by_one = list(ONE_BY_ONE)
    lists = Section(
        "Formats, a list of tools: each server's tools in one call (mean per tool)",
        [
            _row(one_by_one[0], timings, setup, reference=True),
            _row(labels[0], timings, setup, target=LIST_TARGET),
            _row(CACHED, timings, setup, case=f"{CACHED}, one a call"),
            _row(labels[2], timings, setup, target=cached_target),
        ],
        (
            "The first list row's ratio is to the same tools one call each, kept until the "
            "server is done (target: no slower, within 5%); the cached list row has the "
            "cached row's target (per tool).",
        ),
    )
    plain = Section(
        "Formats, a list of tools, not strict: each server's tools in one call (mean per tool)",
        [
            _row(one_by_one[1], timings, setup, reference=True),
            _row(labels[1], timings, setup, target=LIST_TARGET),
        ],
        (
            "The list row's ratio is to the same tools one call each, kept until the "
            "server is done (target: no slower, within 5%).",
        ),
    )
    return [first, versus, second, lists, plain]


def run(*, repeats: int, min_batch_ns: int) -> list[Section]:
    setup = Setup()
    try:
        servers = corpus()
    except Exception as error:  # no corpus, nothing to measure
        return [Section("Formats", [Row(FLOOR, None, reason=failure(error), reference=True)])]
    _toolbridge(setup, servers)
    _peers(setup, servers)
    _floor(setup, servers)
    timings = measure(setup.cases, repeats=repeats, min_batch_ns=min_batch_ns)
    return _sections(timings, setup, sum(len(server) for server in servers))


# -- profiling ------------------------------------------------------------------------------


def profile(top: int = 15) -> None:
    """cProfile over one cold ``to_openai(strict=True)`` pass of the whole corpus."""
    import cProfile
    import pstats

    from toolbridge.formats import to_openai

    servers = corpus()
    for tool in fresh_tools(servers):  # first use: imports and lazy set-up, not profiled
        to_openai(tool, strict=True)
    tools = fresh_tools(servers)
    profiler = cProfile.Profile()
    profiler.enable()
    for tool in tools:
        to_openai(tool, strict=True)
    profiler.disable()
    stats = pstats.Stats(profiler, stream=sys.stdout)
    stats.sort_stats("cumulative").print_stats(top)
    stats.sort_stats("tottime").print_stats(top)


if __name__ == "__main__":
    if sys.argv[1:] == ["profile"]:
        profile()
    else:
        sys.exit("usage: python bench/_formats.py profile")
