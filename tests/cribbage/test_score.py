"""Hand scoring: the seed's examples, the naive reference, explain(), input forms, bulk errors."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bitcards import CardSet, parse_mask
from bitcards.cribbage import _rules, batch, explain, score
from bitcards.errors import InvalidCardsError, LookAlikeWarning, ParseError
from tests.cribbage._util import N_RANDOM, random_deals, to_masks
from tests.naive import cribbage as naive

# The seed's four examples, with the breakdown exactly as the seed lists it (kind, points, cards).
SEED = [
    (
        "5H 5D 7D JD",
        "8D",
        9,
        [
            ("pair", 2, "5H 5D"),
            ("fifteen", 2, "5H JD"),
            ("fifteen", 2, "5D JD"),
            ("fifteen", 2, "7D 8D"),
            ("nobs", 1, "JD"),
        ],
    ),
    (
        "5H 5D 6C 7S",
        "8H",
        12,
        [("pair", 2, "5H 5D"), ("run", 4, "5H 6C 7S 8H"), ("run", 4, "5D 6C 7S 8H"), ("fifteen", 2, "7S 8H")],
    ),
    (
        "5C 4C 6C JS",
        "TS",
        10,
        [
            ("run", 3, "4C 5C 6C"),
            ("nobs", 1, "JS"),
            ("fifteen", 2, "5C 4C 6C"),
            ("fifteen", 2, "5C JS"),
            ("fifteen", 2, "5C TS"),
        ],
    ),
    ("AS 2S 3S 4S", "5S", 12, [("run", 5, "AS 2S 3S 4S 5S"), ("flush", 5, "AS 2S 3S 4S 5S"), ("fifteen", 2, "AS 2S 3S 4S 5S")]),
]


def _item_set(items: list[tuple[str, int, str]]) -> list[tuple[str, int, tuple[str, ...]]]:
    return sorted((k, p, tuple(sorted(c.split()))) for k, p, c in items)


@pytest.mark.parametrize(("hand", "starter", "expected", "breakdown"), SEED)
def test_seed_examples(hand: str, starter: str, expected: int, breakdown: list[tuple[str, int, str]]) -> None:
    assert score(hand, starter) == expected
    assert naive.score_bits(_bits(hand), _bits(starter)[0]) == expected
    ex = explain(hand, starter)
    assert ex.total == expected
    got = [(it.kind, it.points, " ".join(it.cards)) for it in ex.items]
    assert _item_set(got) == _item_set(breakdown)
    assert str(ex).splitlines()[-1] == f"{expected} points total"


def test_seed_example_text_reads_like_the_seed() -> None:
    text = str(explain("5H 5D 6C 7S", "8H")).splitlines()
    assert "2 points for the pair (5H & 5D)" in text
    assert "4 points for the straight: 5H 6C 7S 8H" in text
    assert "2 points for the combination 7S & 8H that adds to 15" in text
    assert "1 point for holding the jack of the same suit as the starter card" in str(explain("5H 5D 7D JD", "8D"))
    assert "5 points since all five cards are of the same suit" in str(explain("AS 2S 3S 4S", "5S"))


def _bits(text: str) -> list[int]:
    from bitcards.notation import parse_cards

    return parse_cards(text, "french", "english")


@pytest.mark.parametrize(
    ("hand", "starter", "hand_score", "crib_score"),
    [
        ("5H 5C 5S JD", "5D", 29, 29),  # the perfect hand
        ("2H 4H 6H 8H", "KS", 4, 0),  # four-card flush: a hand scores it, a crib does not
        ("2H 4H 6H 8H", "KH", 5, 5),  # five-card flush counts in both
        ("2H 4H 6H 8S", "KH", 0, 0),  # four of five in one suit, but the held four are not a flush
        ("3H 3D 3S 4C", "5C", 21, 21),  # three runs of 3 (9) + three pairs (6) + fifteens 3+3+4+5 x3 (6)
        ("3H 3D 4S 4C", "5C", 20, 20),  # four runs of 3 (12) + two pairs (4) + 2 fifteens (4)
        ("AH 2D 3S 5C", "6C", 5, 5),  # run A 2 3 (3) + one fifteen A+3+5+6 (2)
        ("JC QC KC TC", "9C", 11, 11),  # run of 5 + 5-card flush + nobs, no fifteens
        ("JC 2H 3S 4D", "9C", 8, 8),  # nobs + run 2 3 4 + fifteens 2+4+9 and J+2+3
    ],
)
def test_hand_and_crib_rules(hand: str, starter: str, hand_score: int, crib_score: int) -> None:
    want_hand = naive.score_bits(_bits(hand), _bits(starter)[0])
    want_crib = naive.score_bits(_bits(hand), _bits(starter)[0], crib=True)
    assert (want_hand, want_crib) == (hand_score, crib_score)  # worked out by hand in the comments
    assert score(hand, starter) == want_hand
    assert score(hand, starter, crib=True) == want_crib


def test_five_card_run_only_counts_once() -> None:
    # the seed: "a 5 card straight only gets 5 points, not 5 + 2*4 + 3*3"
    assert [(it.kind, it.points) for it in explain("8D 9C TD JH", "QS").items if it.kind == "run"] == [("run", 5)]
    # and "2D 3H 3S 4C contains two distinct 3-card straights ... which earns 6 points"
    runs = [it for it in explain("2D 3H 3S 4C", "KD").items if it.kind == "run"]
    assert sum(it.points for it in runs) == 6 and len(runs) == 2


# --- the kernel against the naive reference ------------------------------------

five_cards = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True)


@given(five_cards, st.booleans())
def test_scalar_matches_naive(cards: list[int], crib: bool) -> None:
    held, starter = cards[:4], cards[4]
    want = naive.score_bits(held, starter, crib)
    assert score(held, 1 << starter, crib) == want
    ex = explain(held, 1 << starter, crib)
    assert ex.total == want  # explain()'s items add up to the score


@given(five_cards, st.booleans())
def test_bulk_matches_naive(cards: list[int], crib: bool) -> None:
    h = np.array([sum(1 << b for b in cards[:4])], dtype=np.uint64)
    s = np.array([1 << cards[4]], dtype=np.uint64)
    assert int(batch.score(h, s, crib)[0]) == naive.score_bits(cards[:4], cards[4], crib)


@pytest.mark.parametrize("crib", [False, True])
def test_bulk_random_sample_matches_naive(crib: bool) -> None:
    idx = random_deals(N_RANDOM, 5, seed=11 + crib)
    got = batch.score(to_masks(idx[:, :4]), to_masks(idx[:, 4:]), crib=crib)
    want = [naive.score_bits(row[:4].tolist(), int(row[4]), crib) for row in idx]
    assert got.dtype == np.int8
    assert got.tolist() == want


def _rank_multisets(k: int) -> list[tuple[int, ...]]:
    return [m for m in combinations_with_replacement(range(13), k) if max(m.count(r) for r in m) <= 4]


def _words(ranks: tuple[int, ...]) -> tuple[np.uint64, ...]:
    # the i-th copy of a rank goes to suit i: any assignment without repeated cards
    words = [0, 0, 0, 0]
    seen: dict[int, int] = {}
    for r in ranks:
        s = seen.get(r, 0)
        seen[r] = s + 1
        words[s] |= 1 << r
    return tuple(np.uint64(w) for w in words)


def test_suit_blind_part_exhaustive_over_rank_multisets() -> None:
    """Pairs, runs and fifteens depend only on the five ranks: check all 6,175 rank multisets exactly.

    This also verifies that no 4-bit field of the fifteens polynomial ever overflows.
    """
    multisets = _rank_multisets(5)
    assert len(multisets) == 6175
    for ranks in multisets:
        cards = [(r + 1, i) for i, r in enumerate(ranks)]
        want = naive.pairs(cards) + naive.runs(cards) + naive.fifteens(cards)
        assert int(_rules.rank_points(*_words(ranks))) == want, ranks


def test_hoisted_fifteens_and_pairs_match_for_every_hand_rank_multiset() -> None:
    """The per-hand polynomial plus one starter rank (the exhaustive kernel's path) equals the direct one."""
    for ranks in _rank_multisets(4):
        w = _words(ranks)
        poly = _rules.poly_of_words(*w)
        for r in range(13):
            if ranks.count(r) == 4:
                continue
            suit = ranks.count(r)  # a suit that does not hold rank r yet
            direct = _rules.rank_points(*_rules.add_rank(*w, suit, r))
            assert int(_rules.hand_rank_points(*w, poly, suit, r)) == int(direct)


def test_flush_and_nobs_exhaustive_over_suit_patterns() -> None:
    # suits of the four held cards x starter suit x which held card is a jack (none or one of them)
    for suits in [(a, b, c, d) for a in range(4) for b in range(4) for c in range(4) for d in range(4)]:
        for s_suit in range(4):
            for jack_at in range(-1, 4):
                ranks = [1, 3, 5, 7]
                if jack_at >= 0:
                    ranks[jack_at] = 10
                held = [s * 13 + r for s, r in zip(suits, ranks)]
                hand = sum(1 << b for b in held)
                cards = [naive.from_bit(b) for b in held]
                starter = (13, s_suit)  # a king, so it is never in the hand
                for crib in (False, True):
                    want = naive.flush(cards, starter, crib) + naive.nobs(cards, starter)
                    assert int(_rules.suit_points(np.uint64(hand), s_suit, crib)) == want


# --- input forms and errors ------------------------------------------------------


def test_input_forms_agree() -> None:
    bits = _bits("5H 5D 7D JD")
    mask = sum(1 << b for b in bits)
    forms = ["5H 5D 7D JD", ["5H", "5D", "7D", "JD"], bits, mask, CardSet(mask, "french"), "5♥ 5♦ 7♦ J♦", "5h,5d,7d,jd"]
    starters = ["8D", 1 << _bits("8D")[0], CardSet.parse("8D", "french")]
    assert {score(h, s) for h in forms for s in starters} == {9}
    with pytest.warns(LookAlikeWarning):
        assert score("5H 5D 6C 7S", "8\u041d") == 12  # Cyrillic look-alike in the starter


@pytest.mark.parametrize(
    ("hand", "starter", "err", "needle"),
    [
        ("5H 5D 7D", "8D", InvalidCardsError, "holds 4 cards, got 3"),
        ("5H 5D 7D JD", "5H", InvalidCardsError, "also in the hand"),
        ("5H 5D 7D JD", "8D 9D", InvalidCardsError, "one card, got 2"),
        ("5H 5H 7D JD", "8D", ParseError, "duplicate card '5H'"),
        ("1H 5D 7D JD", "8D", ParseError, "unknown card '1H'"),
        ([0, 1, 2, 52], "8D", InvalidCardsError, "outside the 52-card deck"),
        (1 << 60 | 0b111, "8D", InvalidCardsError, "outside the 52-card deck"),
        (CardSet.parse("JC JS JH JD", "skat"), "8D", InvalidCardsError, "skat CardSet"),
    ],
)
def test_bad_input(hand: object, starter: object, err: type[Exception], needle: str) -> None:
    with pytest.raises(err, match=needle):
        score(hand, starter)  # type: ignore[arg-type]


def test_score_hands_names_the_bad_row() -> None:
    h = np.array([parse_mask("5H 5D 7D JD", "french")] * 3, dtype=np.uint64)
    s = np.array([1 << 7] * 3, dtype=np.uint64)
    s[2] = 3
    with pytest.raises(InvalidCardsError, match="row 2: the starter mask has 2 cards") as ei:
        batch.score(h, s)
    assert ei.value.row == 2
    s[2] = 1 << (int(h[0]) & -int(h[0])).bit_length() - 1  # the hand's lowest card
    with pytest.raises(InvalidCardsError, match="row 2: the starter .* is also in the hand"):
        batch.score(h, s)
    with pytest.raises(InvalidCardsError, match="3 rows but starters has 2"):
        batch.score(h, s[:2])
    with pytest.raises(TypeError, match="float64"):
        batch.score(h.astype(np.float64), s)
    assert batch.score(np.empty(0, np.uint64), np.empty(0, np.uint64)).shape == (0,)


def test_score_hands_out_and_deal_columns() -> None:
    from bitcards.cribbage import batch
    from bitcards.deal import deal

    d = deal(50, "cribbage", seed=3)
    keep, _ = batch.best_discard(d[:, 0])
    out = np.empty(50, dtype=np.int8)
    res = batch.score(keep, d[:, 2], out=out)
    assert res is out
    for k, s, v in zip(keep.tolist(), d[:, 2].tolist(), res.tolist()):
        held = [b for b in range(52) if k >> b & 1]
        assert naive.score_bits(held, s.bit_length() - 1) == v


def test_every_pair_of_held_cards_counted_once() -> None:
    # four of a kind + starter: 6 pairs = 12, plus fifteens of 5 5 5 5 + K: C(4,3) + 4 = 8 -> 16
    ex = explain("5H 5D 5S 5C", "KD")
    assert sum(it.points for it in ex.items if it.kind == "pair") == 12
    assert len([it for it in ex.items if it.kind == "pair"]) == len(list(combinations(range(4), 2)))
    assert ex.total == score("5H 5D 5S 5C", "KD") == 28
