"""Euchre rules on masks: OpenSpiel's test vectors, the naive reference, batch == scalar."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bitcards.errors import IllegalPlayError, InvalidCardsError, ParseError
from bitcards.euchre import (
    NO_TRUMP,
    batch,
    card_strength,
    effective_suit,
    effective_suit_mask,
    is_legal_play,
    left_bower,
    legal_cards_mask,
    parse_trump,
    partner_suit,
    right_bower,
    trick_winner,
    trump_name,
)
from bitcards.notation import format_card, parse_card
from tests.naive import euchre as naive

L = "dhsc"  # suit letters by bitcards' suit index
trump_or_none = st.sampled_from([None, "d", "h", "s", "c"])


def t_arg(t: str | None) -> int | None:
    return None if t is None else L.index(t)


def mask_cards(mask: int) -> list[str]:
    return [naive.bit_to_card(b) for b in range(24) if mask >> b & 1]


# --- OpenSpiel (open_spiel/python/tests/games_euchre_test.py, spec 2.1) ----------------

# OpenSpiel numbers cards rank * 4 + suit with suits C D H S = 0..3 and ranks 9 T J Q K A = 0..5
OS_CLUBS, OS_DIAMONDS, OS_HEARTS, OS_SPADES = 0, 1, 2, 3
OS_TO_OURS_SUIT = {OS_CLUBS: 3, OS_DIAMONDS: 0, OS_HEARTS: 1, OS_SPADES: 2}


def os_card_to_bit(card: int) -> int:
    return OS_TO_OURS_SUIT[card % 4] * 6 + card // 4


def os_card_rank(card: int, trump: int | None) -> int:
    """OpenSpiel's CardRank: 100 right bower, 99 left bower, else the plain rank index."""
    rank, suit = card // 4, card % 4
    if trump is not None and rank == 2:
        if suit == trump:
            return 100
        same_colour = {OS_CLUBS: OS_SPADES, OS_SPADES: OS_CLUBS, OS_DIAMONDS: OS_HEARTS, OS_HEARTS: OS_DIAMONDS}
        if suit == same_colour[trump]:
            return 99
    return rank


def test_openspiel_vectors() -> None:
    cj = os_card_to_bit(8)
    assert format_card(cj, "euchre", "suitfirst").upper() == "CJ"  # card_string(8) == 'CJ'
    assert card_strength(cj, None) == 2  # card_rank(8) == JACK_RANK
    assert card_strength(cj, "Clubs") == 12 == max(card_strength(c, "Clubs") for c in range(24))  # right bower (100)
    assert effective_suit(cj, None) == 3  # card_suit(8) == CLUBS
    assert effective_suit(cj, "Spades") == 2  # card_suit(8, SPADES) == SPADES
    assert card_strength(cj, "Spades") == 11  # left bower (99): second only to the right bower


@pytest.mark.parametrize("os_trump", [OS_CLUBS, OS_DIAMONDS, OS_HEARTS, OS_SPADES])
def test_strength_orders_like_openspiel_within_a_suit(os_trump: int) -> None:
    ours = OS_TO_OURS_SUIT[os_trump]
    for a in range(24):
        for b in range(24):
            ba, bb = os_card_to_bit(a), os_card_to_bit(b)
            if effective_suit(ba, ours) == effective_suit(bb, ours):
                ra, rb = os_card_rank(a, os_trump), os_card_rank(b, os_trump)
                sa, sb = card_strength(ba, ours), card_strength(bb, ours)
                assert (sa > sb, sa == sb) == (ra > rb, ra == rb)


# --- exhaustive facts -------------------------------------------------------------------


def test_effective_suits_partition_the_deck() -> None:
    for t in range(4):
        masks = [effective_suit_mask(s, t) for s in range(4)]
        assert sum(masks) == (1 << 24) - 1 and all(a & b == 0 for a in masks for b in masks if a is not b)
        sizes = {s: bin(m).count("1") for s, m in enumerate(masks)}
        assert sizes[t] == 7 and sizes[t ^ 1] == 5 and sizes[t ^ 2] == sizes[t ^ 3] == 6
        for c in range(24):
            assert masks[effective_suit(c, t)] >> c & 1
        assert right_bower(t) == t * 6 + 2 and left_bower(t) == partner_suit(t) * 6 + 2
        assert sorted(card_strength(c, t) for c in range(24) if effective_suit(c, t) == t) == list(range(6, 13))
    assert [effective_suit_mask(s, None) for s in range(4)] == [0x3F << (6 * s) for s in range(4)]


def test_bower_functions_check_their_trump() -> None:
    # before: left_bower(7) returned 38 (no such card) and right_bower("Spades") was a Numba TypingError
    from bitcards import euchre
    from bitcards.euchre.rules import bowers_mask, trump_mask

    assert (euchre.right_bower("Spades"), euchre.left_bower("Spades")) == (parse_card("Js", "euchre"), parse_card("Jc", "euchre"))
    assert euchre.partner_suit("d") == 1 and euchre.is_red("Hearts") and not euchre.is_red(2)
    for bad in (7, -1, 4):
        with pytest.raises(InvalidCardsError, match="suit 0..3"):
            euchre.left_bower(bad)
        with pytest.raises(InvalidCardsError):
            euchre.right_bower(bad)
    with pytest.raises(ParseError):
        euchre.right_bower("Spadez")
    with pytest.raises(TypeError):
        euchre.left_bower(2.0)  # type: ignore[arg-type]
    for t in range(4):  # the kernels agree with the checked functions and the effective suit
        assert int(bowers_mask(t)) == 1 << right_bower(t) | 1 << left_bower(t)
        assert int(trump_mask(t)) == effective_suit_mask(t, t)


def test_trump_names() -> None:
    for text, want in [("Diamonds", 0), ("hearts", 1), ("SPADES", 2), ("Clubs", 3), ("d", 0), ("H", 1), ("♠", 2),
                       ("♣", 3), ("♦", 0), ("♥", 1), (" clubs ", 3), ("Diamond", 0)]:  # fmt: skip
        assert parse_trump(text) == want
        assert trump_name(text) == ["Diamonds", "Hearts", "Spades", "Clubs"][want]
    for bad in ["", "x", "Trump", "Jc", "dh"]:
        with pytest.raises(ParseError, match="unknown trump"):
            parse_trump(bad)


# --- against the naive reference ------------------------------------------------------

cards = st.integers(0, 23)
masks = st.integers(0, (1 << 24) - 1)


@given(cards, trump_or_none)
def test_effective_suit_and_strength(c: int, t: str | None) -> None:
    card = naive.bit_to_card(c)
    assert L[effective_suit(c, t_arg(t))] == naive.effective_suit(card, t)
    assert card_strength(c, t_arg(t)) == naive.strength(card, t)
    mask = effective_suit_mask(naive.effective_suit(card, t), t_arg(t))
    assert mask >> c & 1


@given(masks, st.one_of(st.none(), cards), trump_or_none)
def test_legal_plays(hand: int, lead: int | None, t: str | None) -> None:
    lead_card = None if lead is None else naive.bit_to_card(lead)
    want = naive.legal_plays(mask_cards(hand), lead_card, t)
    got = legal_cards_mask(hand, lead, t_arg(t))
    assert mask_cards(got) == want
    for c in range(24):
        assert is_legal_play(hand, c, lead, t_arg(t)) == (naive.bit_to_card(c) in want)


@given(st.lists(cards, min_size=1, max_size=4, unique=True), trump_or_none)
def test_trick_winner(trick: list[int], t: str | None) -> None:
    want = naive.trick_winner([naive.bit_to_card(c) for c in trick], t)
    assert trick_winner(trick, t_arg(t)) == want


@given(st.lists(st.tuples(st.permutations(range(24)), st.sampled_from([-1, 0, 1, 2, 3])), min_size=1, max_size=20))
def test_trick_winners_batch(rows: list[tuple[list[int], int]]) -> None:
    tricks = np.array([p[:4] for p, _ in rows], dtype=np.int8)
    trumps = np.array([t for _, t in rows])
    got = batch.trick_winner(tricks, trumps)
    for (p, t), w in zip(rows, got):
        assert w == naive.trick_winner([naive.bit_to_card(c) for c in p[:4]], None if t < 0 else L[t])


@given(st.lists(st.tuples(masks, st.integers(-1, 23), st.integers(-1, 3)), min_size=1, max_size=20))
def test_legal_plays_batch(rows: list[tuple[int, int, int]]) -> None:
    h = np.array([r[0] for r in rows], dtype=np.uint64)
    got = batch.legal_cards(h, np.array([r[1] for r in rows]), np.array([r[2] for r in rows], dtype=np.int8))
    for (m, ld, t), g in zip(rows, got):
        assert int(g) == legal_cards_mask(m, None if ld < 0 else ld, None if t < 0 else t)


def test_examples() -> None:
    # spades trump: Jc is a spade; the hearts lead can be followed only by hearts
    assert mask_cards(legal_cards_mask("Jc 9s Ah Kd", "Th", "Spades")) == ["Ah"]
    assert mask_cards(legal_cards_mask("Jc 9s Ah Kd", "Jc", "Spades")) == ["9s", "Jc"]  # left bower led: trump led
    assert mask_cards(legal_cards_mask("Jc 9s Ah Kd", "Qc", "Spades")) == ["Kd", "Ah", "9s", "Jc"]  # void in clubs
    assert trick_winner("9h Js Jh Ah", "Diamonds") == 2  # the left bower trumps in
    assert trick_winner("9h Js Ac Ah", "Diamonds") == 3  # no trump: highest heart
    assert trick_winner("Jc", "Spades") == 0
    assert effective_suit("Jd", NO_TRUMP) == 0


def test_rule_errors() -> None:
    with pytest.raises(ParseError, match="duplicate"):
        trick_winner("Jc Jc", 0)
    with pytest.raises(IllegalPlayError, match="twice"):
        trick_winner([3, 3], 0)
    with pytest.raises(IllegalPlayError, match="at least one"):
        trick_winner([], 0)
    with pytest.raises(InvalidCardsError, match="outside"):
        effective_suit(24, 0)
    with pytest.raises(InvalidCardsError, match="suit 0..3"):
        card_strength(3, 5)
    with pytest.raises(InvalidCardsError, match="row 1"):
        batch.trick_winner(np.array([[0, 1], [2, 2]]), 0)
    with pytest.raises(InvalidCardsError, match="row 0"):
        batch.legal_cards(np.array([1 << 30], dtype=np.uint64), np.array([0]), 0)
    with pytest.raises(TypeError, match="float"):
        batch.trick_winner(np.array([[0.0, 1.0]]), 0)
