"""`toolbridge.security._literals`: one Aho-Corasick pass answers as the regular
expressions it replaced, character for character, word starts included.

Each answer is checked against the regular expression the scan ran before (built here
from the same literals), on texts drawn from an alphabet of word characters, blanks,
signs and letters past ASCII, so that word starts fall everywhere.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolbridge.security._gates import Absent, Family, Prefixes, alternation
from toolbridge.security._literals import Held, Literals, Starts, boundary

_ALPHABET = "ab_ 9-.é\u00dfж<"
"""Word characters (ASCII, digit, underscore, Latin, Cyrillic), blanks and signs."""
_TEXTS = st.text(alphabet=_ALPHABET, max_size=40)
_LITERALS = st.sets(st.text(alphabet=_ALPHABET, min_size=1, max_size=4), max_size=6)
_BOUNDARY = re.compile(r"\b")


def _either(starting: set[str], anywhere: set[str]) -> re.Pattern[str]:
    """The pattern `Starts` answers for: a starting literal at a word's start, else any."""
    parts = [rf"\b(?:{alternation(starting)})"] if starting else []
    parts += [alternation(anywhere)] if anywhere else []
    return re.compile("|".join(parts) if parts else "(?!)")


def _heads(starting: set[str], anywhere: set[str]) -> re.Pattern[str]:
    """Where `Starts.places` answers: look-aheads, every place once."""
    parts = [rf"\b(?={alternation(starting)})"] if starting else []
    parts += [f"(?={alternation(anywhere)})"] if anywhere else []
    return re.compile("|".join(parts) if parts else "(?!)")


@settings(max_examples=400, deadline=None)
@given(_LITERALS, _LITERALS, _TEXTS, st.integers(0, 45), st.integers(0, 45))
def test_first_and_spans_as_the_regular_expression(
    starting: set[str], anywhere: set[str], text: str, pos: int, endpos: int
) -> None:
    starts = Starts(starting, anywhere)
    pattern = _either(starting, anywhere)
    expected = pattern.search(text, pos, endpos)
    found = starts.first(text, pos, endpos)
    assert (found.span() if found else None) == (expected.span() if expected else None)
    assert [m.span() for m in starts.spans(text, pos, endpos)] == [
        m.span() for m in pattern.finditer(text, pos, endpos)
    ]
    assert starts.holds(text) is (pattern.search(text) is not None)


@pytest.mark.parametrize("text", ["ab", "xab", "ab cd", "abcd", "bcd", "a_bcd", "é ab", "a ab-bc"])
@pytest.mark.parametrize("endpos", [1, 2, 3, 40])
def test_the_longest_literal_that_fits_where_several_start(text: str, endpos: int) -> None:
    starting, anywhere = {"a", "ab", "abc"}, {"b", "bc", "bcd", "ab c"}
    starts, pattern = Starts(starting, anywhere), _either(starting, anywhere)
    assert [m.span() for m in starts.spans(text, 0, endpos)] == [
        m.span() for m in pattern.finditer(text, 0, endpos)
    ]
    found, expected = starts.first(text, 0, endpos), pattern.search(text, 0, endpos)
    assert (found.span() if found else None) == (expected.span() if expected else None)


@settings(max_examples=400, deadline=None)
@given(_LITERALS, _LITERALS, _TEXTS, st.integers(0, 45))
def test_places_as_the_look_aheads(
    starting: set[str], anywhere: set[str], text: str, pos: int
) -> None:
    expected = [m.start() for m in _heads(starting, anywhere).finditer(text, pos)]
    assert Starts(starting, anywhere).places(text, pos) == expected


@settings(max_examples=300, deadline=None)
@given(_LITERALS, _TEXTS)
def test_held_and_literals_as_substring_tests(literals: set[str], text: str) -> None:
    assert Held(literals).of(text) == {literal for literal in literals if literal in text}
    assert Literals(literals).any(text) is any(literal in text for literal in literals)
    assert Literals({*literals, ""}).any(text)


@settings(max_examples=300, deadline=None)
@given(_LITERALS, st.lists(st.text(alphabet=_ALPHABET + "\n", max_size=12), max_size=5))
def test_each_of_many_texts_as_each_alone(literals: set[str], texts: list[str]) -> None:
    """One pass over texts joined by line breaks, texts holding line breaks of their own."""
    assert Literals(literals).each(texts) == [Literals(literals).any(text) for text in texts]
    assert Absent(literals).each(texts) == [Absent(literals).of(text) for text in texts]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_LITERALS, _LITERALS), min_size=1, max_size=3), _TEXTS)
def test_family_as_each_member_alone(members: list[tuple[set[str], set[str]]], text: str) -> None:
    """Each member's places: a literal of its own where a word starts, or one it lets
    match inside a word anywhere."""
    lists = [
        Prefixes(
            tuple(rf"\b{re.escape(word)}" for word in starting if re.match(r"\w", word))
            + tuple(re.escape(word) for word in anywhere)
        )
        for starting, anywhere in members
        if any(re.match(r"\w", w) for w in starting) or anywhere
    ]
    lists = [prefixes for prefixes in lists if prefixes.starting or prefixes.anywhere]
    if not lists:
        return
    found = Family(*lists).starts(text)
    for prefixes, places in zip(lists, found, strict=True):
        own = prefixes.starting | prefixes.anywhere
        expected = [
            at
            for at in range(len(text))
            if any(text.startswith(literal, at) for literal in prefixes.anywhere)
            or (
                _BOUNDARY.match(text, at) is not None
                and any(text.startswith(literal, at) for literal in own)
            )
        ]
        assert places == expected


@pytest.mark.parametrize(
    ("text", "at", "expected"),
    [("ab cd", 0, True), ("ab cd", 1, False), ("ab cd", 2, True), ("ab cd", 3, True),
     ("é", 0, True), ("x.", 1, True), ("..", 1, False), ("ab", 2, True), ("", 0, False)],
)  # fmt: skip
def test_boundary_as_the_regex_engine(text: str, at: int, expected: bool) -> None:
    assert boundary(text, at) is expected
    assert (_BOUNDARY.match(text, at) is not None) is expected


def test_absent_reads_words_spaced_and_as_given() -> None:
    absent = Absent({"api_key", "ignore previous"})
    assert absent.of("no secret here")
    assert not absent.of("send the api key")  # "api_key" spaced
    assert not absent.of("please ignore previous notes")
    assert not Absent({"", "x"}).of("anything")


def test_a_lone_surrogate_is_read_as_a_character_no_literal_holds() -> None:
    """UTF-8 cannot encode one, and the automaton reads UTF-8: the indexes stay the text's."""
    text = "pass\ud800word api\udfffkey"
    assert Literals({"word"}).any(text)
    assert not Literals({"password"}).any(text)
    assert sorted(Held({"word", "key"}).found(text)) == [(0, 14), (1, 5)]
    starts, pattern = Starts({"key", "api"}, {"word"}), _either({"key", "api"}, {"word"})
    assert [m.span() for m in starts.spans(text)] == [m.span() for m in pattern.finditer(text)]
    assert [m.span() for m in starts.spans(text)] == [(5, 9), (10, 13), (14, 17)]


def test_the_empty_literal_is_refused_where_it_would_match_everywhere() -> None:
    with pytest.raises(ValueError, match="empty literal"):
        Starts({""}, set())
    with pytest.raises(ValueError, match="empty literal"):
        Held({"", "a"})
