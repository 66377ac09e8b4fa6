"""The seed's bid value (spec section 12): seed cases, derived cases, the naive reference, batch = scalar."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bitcards import CardSet, InvalidCardsError, ParseError
from bitcards.batch import cards_to_masks
from bitcards.deal import deal
from bitcards.skat import BidValue, bid_value, bid_values, jack_factor
from tests.naive import skat as naive

SEED_CASES = [
    ("JC JS JD AC KC 9C AS 7H QD 8D", "36 Clubs"),
    ("JD AS 0S KS QS 9S 8S AD 8C 9C", "44 Spades"),
    ("JH JD 0S KS 9C 8C QH KH AD 9D", "pass"),
    ("JD AS KS QS 0S 9S 8D 7D 0C QH", "pass"),
]
DERIVED_CASES = [
    ("JC JS JH JD AC KC AS 7H QD 8D", "60 Clubs"),  # 4 jacks + 2 clubs; factor 5
    ("JS JH AC KC QC 9C AS KS QS 8S", "24 Clubs"),  # clubs/spades tie -> clubs; without 1
    ("JS JH AC KC QC 9C 0S KS QS 8S", "pass"),  # tie -> clubs; the only ace is the trump ace
]


@pytest.mark.parametrize(("hand", "expected"), SEED_CASES + DERIVED_CASES)
def test_seed_and_derived_cases(hand: str, expected: str) -> None:
    assert str(bid_value(hand)) == expected
    # the plain reference agrees
    v, s = naive.seed_bid_value([naive.card(b) for b in CardSet.parse(hand, "skat").bits()])
    assert (f"{v} {naive.SUIT_NAME[s]}" if v else "pass") == expected


def test_seed_case_fields() -> None:
    assert bid_value("JC JS JD AC KC 9C AS 7H QD 8D") == BidValue(36, 3, "Clubs", 3)
    assert bid_value("JD AS 0S KS QS 9S 8S AD 8C 9C") == BidValue(44, 2, "Spades", 4)
    r = bid_value("JH JD 0S KS 9C 8C QH KH AD 9D")
    assert r.passes and r.suit is None and r.suit_name is None


@pytest.mark.parametrize(
    ("jacks", "factor"),
    [([1, 4], 2), ([1, 2, 4], 3), ([2, 3, 4], 2), ([1, 2, 3, 4], 5), ([], 5), ([4], 4), ([3, 4], 3), ([1, 3], 2)],
)
def test_jack_factor_seed_vectors(jacks: list[int], factor: int) -> None:
    # the seed numbers the jacks 1 = clubs, 2 = spades, 3 = hearts, 4 = diamonds
    text = " ".join("J" + "CSHD"[j - 1] for j in jacks)
    assert jack_factor(text) == factor


def test_any_notation_and_input_types() -> None:
    text = "JC JS JD AC KC 9C AS 7H QD 8D"
    expected = bid_value(text)
    assert bid_value(CardSet.parse(text, "skat")) == expected
    assert bid_value(CardSet.parse(text, "skat").mask) == expected
    assert bid_value("EU GU SU EA EK E9 GA R7 SO S8") == expected  # German letters
    assert bid_value(["J♣", "J♠", "J♦", "A♣", "K♣", "9♣", "A♠", "7♥", "Q♦", "8♦"]) == expected
    assert bid_value("jc,js,jd,ac,kc,9c,as,7h,qd,8d") == expected


@pytest.mark.parametrize("bad", ["JC JS JD AC KC 9C AS 7H QD", "JC JC JD AC KC 9C AS 7H QD 8D", "1X JS JD AC KC 9C AS 7H QD 8D"])
def test_bad_hands(bad: str) -> None:
    with pytest.raises((InvalidCardsError, ParseError)):
        bid_value(bad)


def test_the_chosen_suit_is_checked_for_the_ace_not_another_one() -> None:
    hand = "JS JH AC KC QC 9C 0S KS QS 8S"
    cards = [naive.card(b) for b in CardSet.parse(hand, "skat").bits()]
    # spades alone would qualify: 4 spades + 2 jacks = 6 trumps and AC is outside spades ...
    assert sum(1 for s, r in cards if s == "S" and r != "J") + 2 == 6
    assert any(r == "A" and s != "S" for s, r in cards)
    # ... but clubs ties at 6 trumps and wins the tie, and its only ace is the trump ace: pass
    assert str(bid_value(hand)) == "pass"
    # the same hand with the ace moved to spades plays clubs (AS outside clubs)
    assert str(bid_value("JS JH KC QC 9C 8C AS KS QS 8S")) == "24 Clubs"


def _naive_masks(masks: np.ndarray) -> tuple[list[int], list[int]]:
    vals, suits = [], []
    for m in masks.tolist():
        v, s = naive.seed_bid_value(naive.cards_of(m))
        vals.append(v)
        suits.append(-1 if s is None else "DHSC".index(s))
    return vals, suits


hands10 = st.lists(st.integers(0, 31), min_size=10, max_size=10, unique=True).map(lambda bs: sum(1 << b for b in bs))


@given(hands10)
def test_matches_naive(mask: int) -> None:
    v, s = naive.seed_bid_value(naive.cards_of(mask))
    r = bid_value(mask)
    assert r.value == v
    assert r.suit == (None if s is None else "DHSC".index(s))


def test_batch_equals_naive_on_random_deals() -> None:
    d = deal(3000, "skat", seed=7)[:, :3].reshape(-1)
    values, suits = bid_values(d)
    assert values.dtype == np.int16 and suits.dtype == np.int8
    nv, ns = _naive_masks(d)
    assert values.tolist() == nv
    assert suits.tolist() == ns
    assert (values > 0).any() and (values == 0).any()


def test_batch_equals_scalar_and_checks_rows() -> None:
    hands = [h for h, _ in SEED_CASES + DERIVED_CASES]
    values, suits = bid_values(cards_to_masks(hands, "skat"))
    for h, v, s in zip(hands, values.tolist(), suits.tolist()):
        r = bid_value(h)
        assert r.value == v and (r.suit if r.suit is not None else -1) == s
    bad = cards_to_masks(hands, "skat")
    bad[2] = 0b111
    with pytest.raises(InvalidCardsError, match="row 2"):
        bid_values(bad)
    with pytest.raises(TypeError, match="float"):
        bid_values(np.array([1.5]))
    assert bid_values(np.zeros(0, dtype=np.uint64))[0].shape == (0,)
