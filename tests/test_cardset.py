from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bitcards import CardSet
from bitcards.errors import InvalidCardsError


def test_basics() -> None:
    h = CardSet.parse("JC JS AC 0S", "skat")
    assert len(h) == 4
    assert "JC" in h and "EU" in h and 28 in h and "JD" not in h and 40 not in h and 1.5 not in h
    assert list(h) == ["TS", "JS", "JC", "AC"]
    assert str(h) == "TS JS JC AC"
    assert h.mask == 1 << 19 | 1 << 20 | 1 << 28 | 1 << 31
    assert bool(h) and not CardSet(0, "skat")
    assert CardSet.full("jass").mask == (1 << 36) - 1


def test_set_ops() -> None:
    a = CardSet.parse("JC JS JH", "skat")
    b = CardSet.parse("JH JD", "skat")
    assert (a | b) == CardSet.parse("JC JS JH JD", "skat")
    assert (a & b) == CardSet.parse("JH", "skat")
    assert (a ^ b) == CardSet.parse("JC JS JD", "skat")
    assert (a - b) == CardSet.parse("JC JS", "skat")
    assert CardSet.parse("JH", "skat") <= a and a >= CardSet.parse("JH", "skat")
    with pytest.raises(InvalidCardsError, match="cannot combine a skat set with a jass set"):
        _ = a | CardSet(1, "jass")


def test_hash_and_eq_depend_on_layout() -> None:
    assert CardSet(5, "skat") == CardSet(5, "skat")
    assert CardSet(5, "skat") != CardSet(5, "jass")
    assert len({CardSet(5, "skat"), CardSet(5, "skat"), CardSet(5, "euchre")}) == 2


def test_rejects_bits_outside_deck() -> None:
    with pytest.raises(InvalidCardsError, match="outside the euchre deck"):
        CardSet(1 << 24, "euchre")


def test_html() -> None:
    html = CardSet.parse("AH AC", "skat")._repr_html_()
    assert "♥" in html and "♣" in html and "#d22" in html
    # clubs and spades take the page's text colour (black on a light theme, light on a dark one), never fixed black
    assert html.count("currentColor") == 1 and "#000" not in html and "black" not in html
    assert "no cards" in CardSet(0, "skat")._repr_html_()


@given(game=st.sampled_from(["skat", "jass", "euchre", "french"]), mask=st.integers(0, (1 << 52) - 1))
def test_repr_roundtrips(game: str, mask: int) -> None:
    from bitcards.layouts import get_layout

    s = CardSet(mask & get_layout(game).mask_all, game)
    assert eval(repr(s), {"CardSet": CardSet}) == s
    assert len(s) == bin(s.mask).count("1") == len(list(s))
