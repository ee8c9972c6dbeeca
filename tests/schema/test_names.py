"""Tool-name rules per target and the reversible `NameMap`."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from toolbridge.errors import ConversionError, ToolNotFoundError
from toolbridge.schema import NAME_RULES, LossAction, NameMap, check_name

TARGETS = sorted(NAME_RULES)
REWRITING = [target for target in TARGETS if NAME_RULES[target].rewrite]
CLASSIC = ["anthropic", "bedrock", "openai", "openai-responses"]


def _valid(name: str, target: str) -> bool:
    return NAME_RULES[target].pattern.fullmatch(name) is not None


def _sha8(name: str) -> str:
    return hashlib.sha256(name.encode()).hexdigest()[:8]


def _assert_sound(names: list[str], target: str) -> NameMap:
    """Build the map and check it: valid, one-to-one, reversible, valid names kept."""
    mapping = NameMap.for_target(names, target)
    exposed = [mapping.exposed(name) for name in set(names)]
    assert len(set(exposed)) == len(exposed), "two names share an exposed name"
    for name in names:
        shown = mapping.exposed(name)
        assert mapping.original(shown) == name
        if NAME_RULES[target].rewrite:
            assert _valid(shown, target), (name, shown)
            if _valid(name, target):
                assert shown == name
        else:
            assert shown == name
    return mapping


# -- the rules --------------------------------------------------------------------------


def test_the_targets() -> None:
    assert TARGETS == ["anthropic", "bedrock", "gemini", "mcp", "openai", "openai-responses"]
    assert [target for target in TARGETS if not NAME_RULES[target].rewrite] == ["mcp"]


@pytest.mark.parametrize("target", CLASSIC)
@pytest.mark.parametrize(
    ("name", "valid"),
    [
        ("get_weather", True),
        ("Get-Weather-2", True),
        ("0starts_with_digit", True),
        ("-", True),
        ("a" * 64, True),
        ("a" * 65, False),
        ("", False),
        ("a.b", False),
        ("a/b", False),
        ("a b", False),
        ("a:b", False),
        ("café", False),
        ("a\n", False),
    ],
)
def test_the_classic_rule(target: str, name: str, valid: bool) -> None:
    assert _valid(name, target) is valid
    assert (check_name(name, target) == []) is valid


@pytest.mark.parametrize(
    ("name", "valid"),
    [
        ("get_weather", True),
        ("_private", True),
        ("ns.tool", True),
        ("ns:tool-2", True),
        ("a" * 64, True),
        ("a" * 65, False),
        ("0tool", False),
        ("-tool", False),
        (".tool", False),
        ("a/b", False),
        ("a b", False),
        ("café", False),
        ("", False),
    ],
)
def test_the_gemini_rule(name: str, valid: bool) -> None:
    assert _valid(name, "gemini") is valid
    assert (check_name(name, "gemini") == []) is valid


@pytest.mark.parametrize(
    ("name", "valid"),
    [
        ("admin.tools.list", True),
        ("DATA_EXPORT_v2.1", True),
        ("a" * 128, True),
        ("a" * 129, False),
        ("user/profile", False),
        ("a b", False),
        ("a,b", False),
        ("", False),
    ],
)
def test_the_mcp_rule(name: str, valid: bool) -> None:
    assert _valid(name, "mcp") is valid
    assert (check_name(name, "mcp") == []) is valid


def test_check_name_says_what_is_wrong() -> None:
    assert check_name("", "openai") == ["the name is empty"]
    assert check_name("a" * 70, "anthropic") == ["70 characters, more than anthropic's 64"]
    assert check_name("a.b/c d", "bedrock") == ["bedrock does not allow ' ', '.', '/'"]
    assert check_name("9.x", "gemini") == ["gemini does not allow '9' as the first character"]
    assert len(check_name("é" * 65, "gemini")) == 3


def test_every_rule_has_a_description() -> None:
    for target, rule in NAME_RULES.items():
        assert str(rule.max_length) in rule.description, target


def test_an_unknown_target_is_a_conversion_error() -> None:
    known = r"'cohere' \(known: anthropic, bedrock, gemini, mcp, openai, openai-responses\)"
    with pytest.raises(ConversionError, match=known):
        check_name("x", "cohere")
    with pytest.raises(ConversionError, match=known):
        NameMap.for_target(["x"], "cohere")


# -- the map ----------------------------------------------------------------------------


@pytest.mark.parametrize("target", TARGETS)
def test_valid_names_are_kept(target: str) -> None:
    mapping = _assert_sound(["search", "get-page", "x_1"], target)
    assert mapping.pairs == (("get-page", "get-page"), ("search", "search"), ("x_1", "x_1"))
    assert mapping.report == ()


@pytest.mark.parametrize(
    ("name", "exposed"),
    [
        ("github.search", "github_search"),
        ("fs/read", "fs_read"),
        ("get weather", "get_weather"),
        ("café", "caf_"),
        ("搜索", "__"),
        ("a:b", "a_b"),
    ],
)
@pytest.mark.parametrize("target", CLASSIC)
def test_rejected_characters_become_underscores(target: str, name: str, exposed: str) -> None:
    mapping = _assert_sound([name], target)
    assert mapping.exposed(name) == exposed


@pytest.mark.parametrize(
    ("name", "exposed"),
    [
        ("github.search", "github.search"),
        ("ns:tool", "ns:tool"),
        ("fs/read", "fs_read"),
        ("get weather", "get_weather"),
        ("2fa", "_2fa"),
        ("-x", "_-x"),
        ("搜索", "__"),
    ],
)
def test_gemini_keeps_dots_and_colons_and_needs_a_letter_first(name: str, exposed: str) -> None:
    assert _assert_sound([name], "gemini").exposed(name) == exposed


def test_mcp_names_pass_through_unchanged() -> None:
    names = ["user/profile", "a b", "x" * 300, "café"]
    mapping = _assert_sound(names, "mcp")
    assert all(mapping.exposed(name) == name for name in names)
    assert mapping.report == ()


@pytest.mark.parametrize("target", REWRITING)
def test_long_names(target: str) -> None:
    at_limit, over, far_over = "a" * 64, "b" * 65, "c" * 200
    mapping = _assert_sound([at_limit, over, far_over], target)
    assert mapping.exposed(at_limit) == at_limit
    assert mapping.exposed(over) == "b" * 55 + "_" + _sha8(over)
    assert mapping.exposed(far_over) == "c" * 55 + "_" + _sha8(far_over)


@pytest.mark.parametrize("target", REWRITING)
def test_long_names_sharing_a_prefix_stay_apart(target: str) -> None:
    prefix = "p" * 64
    names = [prefix + suffix for suffix in ("", "a", "b", "_tool", "." * 10)] + [
        f"{prefix}{i}" for i in range(200)
    ]
    mapping = _assert_sound(names, target)
    assert mapping.exposed(prefix) == prefix
    assert {len(mapping.exposed(name)) for name in names} == {64}


@pytest.mark.parametrize("target", CLASSIC)
def test_a_rewrite_never_takes_a_valid_name(target: str) -> None:
    mapping = _assert_sound(["a.b", "a_b"], target)
    assert mapping.exposed("a_b") == "a_b"
    assert mapping.exposed("a.b") == "a_b_" + _sha8("a.b")
    (entry,) = mapping.report
    reasons = f"{target} does not allow '.'; 'a_b' is taken by another tool"
    assert entry.detail == f"'a.b' -> 'a_b_{_sha8('a.b')}': {reasons}"


@pytest.mark.parametrize("target", CLASSIC)
def test_rewrites_that_meet_are_both_hashed(target: str) -> None:
    mapping = _assert_sound(["a.b", "a/b", "a b"], target)
    assert sorted(mapping.exposed(name) for name in ("a.b", "a/b", "a b")) == sorted(
        f"a_b_{_sha8(name)}" for name in ("a.b", "a/b", "a b")
    )


def test_a_hashed_name_taken_by_a_valid_name_gets_more_digits() -> None:
    squatter = "a_b_" + _sha8("a.b")
    mapping = _assert_sound(["a.b", "a_b", squatter], "openai")
    assert mapping.exposed(squatter) == squatter
    digest = hashlib.sha256(b"a.b").hexdigest()
    assert mapping.exposed("a.b") == "a_b_" + digest[:12]


@pytest.mark.parametrize("target", REWRITING)
def test_the_input_order_does_not_matter(target: str) -> None:
    names = ["a.b", "a_b", "a/b", "x" * 90, "x" * 91, "ok", "搜索", "检索", "__"]
    expected = NameMap.for_target(names, target)
    shuffler = random.Random(7)
    for _ in range(20):
        shuffler.shuffle(names)
        assert NameMap.for_target(names, target) == expected
    assert NameMap.for_target(reversed(names), target) == expected


def test_the_map_is_the_same_in_every_process() -> None:
    code = (
        "import json\n"
        "from toolbridge.schema import NameMap\n"
        "names = ['a.b', 'a_b', 'x' * 90, 'café', 'ns:tool', '搜索', '检索']\n"
        "print(json.dumps([NameMap.for_target(names, t).pairs for t in ('gemini', 'bedrock')]))\n"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            check=True,
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("0", "1", "12345")
    }
    assert len(outputs) == 1
    gemini, _ = json.loads(outputs.pop())
    assert ["a.b", "a.b"] in gemini


@pytest.mark.parametrize("target", TARGETS)
def test_unknown_names_are_tool_not_found(target: str) -> None:
    mapping = NameMap.for_target(["a.b"], target)
    with pytest.raises(ToolNotFoundError, match="no tool named 'nope'"):
        mapping.exposed("nope")
    with pytest.raises(KeyError):
        mapping.original("nope")
    if mapping.exposed("a.b") != "a.b":
        with pytest.raises(ToolNotFoundError):
            mapping.original("a.b")


@pytest.mark.parametrize("name", ["", " ", "\t\n"])
@pytest.mark.parametrize("target", TARGETS)
def test_empty_or_blank_names_are_conversion_errors(target: str, name: str) -> None:
    with pytest.raises(ConversionError, match="is empty or blank") as caught:
        NameMap.for_target(["fine", name], target)
    assert caught.value.path == ("name",)


def test_repeated_names_are_mapped_once() -> None:
    mapping = NameMap.for_target(["a.b", "a.b", "c"], "anthropic")
    assert mapping.pairs == (("a.b", "a_b"), ("c", "c"))


def test_the_map_is_immutable_hashable_and_checked() -> None:
    mapping = NameMap.for_target(["a.b"], "anthropic")
    with pytest.raises(dataclasses.FrozenInstanceError):
        mapping.target = "gemini"  # type: ignore[misc]
    assert hash(mapping) == hash(NameMap.for_target(["a.b"], "anthropic"))
    assert mapping != NameMap.for_target(["a.b"], "gemini")
    with pytest.raises(ConversionError, match="not one-to-one"):
        NameMap("anthropic", (("a.b", "x"), ("a/b", "x")))


def test_the_report_has_an_entry_per_renamed_tool() -> None:
    mapping = NameMap.for_target(["ok", "a.b", "z" * 65], "openai-responses")
    first, second = mapping.report
    assert first.tool == "a.b"
    assert first.path == ("name",)
    assert first.keyword == "name"
    assert first.action is LossAction.RENAMED
    assert first.detail == "'a.b' -> 'a_b': openai-responses does not allow '.'"
    assert second.tool == "z" * 65
    assert second.detail.endswith(": 65 characters, more than openai-responses's 64")
    assert str(first) == f"a.b: /name name renamed: {first.detail}"


@pytest.mark.parametrize("target", REWRITING)
def test_random_awkward_names(target: str) -> None:
    """A seeded stand-in for a property test: awkward names in many near-collisions."""
    rng = random.Random(f"names-{target}")
    alphabet = "ab_-.:/ é搜0"
    for _ in range(30):
        names = [
            "".join(rng.choice(alphabet) for _ in range(rng.choice([1, 2, 3, 63, 64, 65, 70])))
            for _ in range(rng.randint(1, 40))
        ]
        names = [name for name in names if name.strip()]
        _assert_sound(names, target)


# -- the corpus -------------------------------------------------------------------------


def _corpus(data_dir: Path) -> dict[str, list[str]]:
    files = sorted((data_dir / "corpus" / "mcp").glob("*.json"))
    return {path.stem: [tool["name"] for tool in json.loads(path.read_text())] for path in files}


@pytest.mark.parametrize("target", TARGETS)
def test_every_corpus_name_maps_soundly(data_dir: Path, target: str) -> None:
    servers = _corpus(data_dir)
    names = [name for tools in servers.values() for name in tools]
    assert len(names) == 1_037
    _assert_sound(names, target)
    namespaced = [f"{server}.{name}" for server, tools in servers.items() for name in tools]
    mapping = _assert_sound(namespaced, target)
    assert len(mapping.pairs) == len(set(namespaced))
    both = _assert_sound(names + namespaced, target)
    assert len(both.pairs) == len(set(names)) + len(set(namespaced))
