"""The one bit convention, checked card by card against the published tables."""

from __future__ import annotations

import pytest

from bitcards.errors import ParseError
from bitcards.layouts import CLUBS, DIAMONDS, EUCHRE, FRENCH, HEARTS, JASS, SKAT, SPADES, get_layout

GERMAN = [s + v for s in "SRGE" for v in "789XUOKA"]  # skat-game-id's card numbers


def test_skat_bit_is_skat_game_id_card_number() -> None:
    german_rank = dict(zip("789XUOKA", "789TJQKA"))
    german_suit = {"S": "D", "R": "H", "G": "S", "E": "C"}
    for k, g in enumerate(GERMAN):
        assert SKAT.card_name(k) == german_rank[g[1]] + german_suit[g[0]]


@pytest.mark.parametrize(
    ("layout", "ranks", "n"),
    [(SKAT, "789TJQKA", 32), (JASS, "6789TJQKA", 36), (EUCHRE, "9TJQKA", 24), (FRENCH, "A23456789TJQK", 52)],
)
def test_layout_tables(layout, ranks, n) -> None:  # type: ignore[no-untyped-def]
    assert layout.n_cards == n == len(layout)
    assert layout.mask_all == (1 << n) - 1
    for s, letter in enumerate("DHSC"):
        for r, rank in enumerate(ranks):
            b = s * len(ranks) + r
            assert layout.bit(s, r) == b
            assert layout.card_name(b) == rank + letter
            assert layout.suit_mask(s) >> b & 1
            assert layout.rank_mask(r) >> b & 1
    # suit masks partition the deck, and so do rank masks
    assert sum(layout.suit_mask(s) for s in range(4)) == layout.mask_all
    assert sum(layout.rank_mask(r) for r in range(len(ranks))) == layout.mask_all
    assert len(layout.bit_table().splitlines()) == 4


def test_suit_numbers() -> None:
    assert (DIAMONDS, HEARTS, SPADES, CLUBS) == (0, 1, 2, 3)


def test_get_layout() -> None:
    assert get_layout("Cribbage") is FRENCH
    assert get_layout(SKAT) is SKAT
    with pytest.raises(ParseError, match="unknown game 'poker'"):
        get_layout("poker")
