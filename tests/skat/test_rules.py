"""Play rules (spec section 2): the spec's vectors (2.4), the naive reference, Hypothesis, batch = scalar."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bitcards import CardSet, IllegalPlayError, InvalidCardsError, ParseError
from bitcards.skat import (
    card_points,
    card_points_many,
    legal_cards,
    legal_cards_many,
    legal_cards_mask,
    parse_game,
    trick_winner,
    trick_winners,
    trump_mask,
)
from tests.naive import skat as naive

GAMES = ("diamonds", "hearts", "spades", "clubs", "grand", "null")


@pytest.mark.parametrize(
    ("trick", "grand", "clubs", "null"),
    [("HJ CJ DJ", 1, 1, 0), ("CJ HJ DJ", 0, 0, 0), ("H7 HT HQ", 1, 1, 2), ("H7 C7 D7", 0, 1, 0)],
)
def test_spec_trick_vectors(trick: str, grand: int, clubs: int, null: int) -> None:
    assert trick_winner(trick, "grand") == grand
    assert trick_winner(trick, "clubs") == clubs
    assert trick_winner(trick, "null") == null


@pytest.mark.parametrize(
    ("game", "led", "hand", "legal"),
    [
        ("clubs", "C7", "C9 H9", "C9"),
        ("grand", "HJ", "CJ H9", "CJ"),
        ("clubs", "H7", "C9 HT", "HT"),
        ("clubs", "D7", "C9 HT", "C9 HT"),
        ("null", "HJ", "CJ H9", "H9"),
        ("null", "HJ", "CJ D9", "CJ D9"),
        ("diamonds", "HT", "C7 HK HJ", "HK"),  # JSkat isCardAllowedSuit: HJ is a trump, not a heart
        ("clubs", "CJ", "C7 HA", "C7"),  # a led jack asks for trumps, the trump suit answers it
        ("clubs", "C7", "SJ HA", "SJ"),  # a jack answers a led trump-suit card
        ("grand", "C7", "CJ HA", "CJ HA"),  # in grand CJ is no club
    ],
)
def test_spec_legal_vectors(game: str, led: str, hand: str, legal: str) -> None:
    assert legal_cards(hand, led, game) == CardSet.parse(legal, "skat")


@pytest.mark.parametrize(("a", "b"), [("C8", "C7"), ("HJ", "C7"), ("CJ", "CA"), ("CJ", "SJ")])
def test_jskat_beats_in_clubs(a: str, b: str) -> None:
    # a played after b beats it, and b played after a does not
    assert trick_winner(f"{b} {a} D7", "clubs") == 1
    assert trick_winner(f"{a} {b} D7", "clubs") == 0


def test_trumps_and_points() -> None:
    assert bin(trump_mask("clubs")).count("1") == 11
    assert bin(trump_mask("grand")).count("1") == 4
    assert trump_mask("null") == 0
    assert card_points(0xFFFFFFFF) == 120
    for s in range(4):
        assert card_points(0xFF << (8 * s)) == 30
    assert card_points("CA HT SK DQ CJ C9 C8 C7") == 11 + 10 + 4 + 3 + 2


def test_errors() -> None:
    with pytest.raises(IllegalPlayError):
        legal_cards_mask("C7 C8", "C7", "clubs")
    with pytest.raises(InvalidCardsError):
        trick_winner("C7 C8", "clubs")
    with pytest.raises(InvalidCardsError):
        trick_winner("C7 C7 C8", "clubs")
    with pytest.raises(ParseError, match="unknown game"):
        parse_game("bridge")
    with pytest.raises(ParseError):
        parse_game(7)
    with pytest.raises(InvalidCardsError, match="row 1"):
        trick_winners(np.array([[0, 1, 2], [0, 1, 40]]), "grand")
    with pytest.raises(InvalidCardsError, match="row 0"):
        legal_cards_many(np.array([1], dtype=np.uint64), np.array([40]), "grand")


cards = st.integers(0, 31)


@given(st.lists(cards, min_size=3, max_size=3, unique=True), st.sampled_from(GAMES))
def test_winner_matches_naive(trick: list[int], game: str) -> None:
    assert trick_winner(trick, game) == naive.trick_winner([naive.card(b) for b in trick], game)


@given(st.lists(cards, min_size=1, max_size=11, unique=True), st.sampled_from(GAMES))
def test_legal_matches_naive(bits: list[int], game: str) -> None:
    led, hand = bits[0], bits[1:]
    mask = sum(1 << b for b in hand)
    expected = naive.legal([naive.card(b) for b in hand], naive.card(led), game)
    assert legal_cards_mask(mask, led, game) == sum(1 << (naive.SUITS.index(s) * 8 + naive.RANKS.index(r)) for s, r in expected)
    assert legal_cards_mask(mask, None, game) == mask


@given(st.integers(0, 2**32 - 1))
def test_points_match_naive(mask: int) -> None:
    assert card_points(mask) == naive.card_points(naive.cards_of(mask))


def test_batch_matches_scalar() -> None:
    rng = np.random.default_rng(5)
    tricks = np.array([rng.choice(32, 3, replace=False) for _ in range(300)])
    hands = rng.integers(0, 2**32, size=300, dtype=np.uint64)
    leds = tricks[:, 0].copy()
    hands &= ~(np.uint64(1) << leds.astype(np.uint64))
    leds[::10] = -1
    pts = card_points_many(hands)
    for g in GAMES:
        w = trick_winners(tricks, g)
        lg = legal_cards_many(hands, leds, g)
        for i in range(300):
            assert w[i] == trick_winner(tricks[i].tolist(), g)
            assert lg[i] == legal_cards_mask(int(hands[i]), None if leds[i] < 0 else int(leds[i]), g)
    assert pts.tolist() == [card_points(int(h)) for h in hands]


@pytest.mark.jit
def test_every_trick_matches_naive() -> None:
    # all 32 x 31 x 30 ordered tricks, in every game
    tricks = np.array(list(itertools.permutations(range(32), 3)), dtype=np.int64)
    plain = [[naive.card(int(b)) for b in t] for t in tricks]
    for g in GAMES:
        assert trick_winners(tricks, g).tolist() == [naive.trick_winner(t, g) for t in plain], g
