"""`Present`: which of some words a text holds, in one search, as substring tests say."""

from __future__ import annotations

import pytest

from toolbridge.security._gates import Present


def test_every_word_a_text_holds_overlapping_and_nested() -> None:
    present = Present(("user", "the user", "the", "use", "ser", "its ", ", or "))
    text = "tell the user, or its owner"
    assert present.of(text) == {
        w for w in ("user", "the user", "the", "use", "ser", "its ", ", or ") if w in text
    }


@pytest.mark.parametrize(
    "text",
    ["", "nothing here", "the", "theuser", "users use the user's tools", "ignoring <b>"],
)
def test_as_substring_tests_say(text: str) -> None:
    words = ("user", "the user", "the", "ignor", "<", "use", "tools")
    assert Present(words).of(text) == {word for word in words if word in text}


def test_the_empty_word_is_refused() -> None:
    with pytest.raises(ValueError, match="empty word"):
        Present(("", "user"))
