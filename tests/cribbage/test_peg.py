"""The play (pegging): hand-worked examples from the rules, the plain reference, bulk scoring, bad input."""

from __future__ import annotations

import random
from itertools import permutations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bitcards.cribbage import _peg
from bitcards.cribbage.peg import his_heels, peg, peg_legal, peg_scores
from bitcards.errors import IllegalPlayError, InvalidCardsError
from bitcards.layouts import FRENCH
from bitcards.notation import parse_cards
from tests.cribbage._util import N_RANDOM, random_deals, to_masks
from tests.naive import cribbage as naive

_KIND = {"twice": "played twice", "not held": "in neither hand", "wrong player": "but the", "past 31": "past 31"}


def _bits(text: str) -> list[int]:
    return parse_cards(text, FRENCH, "english")


def _legal_play(pone: list[int], dealer: list[int], rnd: random.Random, upto: int = 8) -> list[int]:
    """A random legal play, each card chosen among those the reference accepts next."""
    seq: list[int] = []
    for _ in range(upto):
        ok = [c for c in pone + dealer if c not in seq and naive.peg_play(pone, dealer, [*seq, c])[1] is None]
        seq.append(rnd.choice(ok))
    return seq


# --- hand-worked examples ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("pone", "dealer", "played", "points", "totals"),
    [
        # a run of seven in any order of players: A 2 3 4 5 6 7 = 28; the dealer's king does not fit: go
        ("AH 3D 5C 7S", "2C 4H 6D KS", "AH 2C 3D 4H 5C 6D 7S KS", [0, 0, 3, 4, 7, 6, 8, 1], (18, 11)),
        # four of a kind: pair 2, three 6 (and fifteen 2), four 12
        # (then 9D reaches 29 and neither can play: the go)
        ("5H 5C 9D 9S", "5D 5S KH KC", "5H 5D 5C 5S 9D KH 9S KC", [0, 2, 8, 12, 1, 0, 0, 1], (9, 15)),
        # 31 for 2, no go after it; then a new series led by the other player
        ("TH TD AC 2C", "JH 9S 3D 4S", "TH JH TD AC 3D 2C 9S 4S", [0, 0, 0, 2, 0, 0, 0, 1], (2, 1)),
        # a pair across a go is no pair: the count restarted
        ("KH QH 5S 2D", "KS QS 9D 8C", "KH KS QH QS 5S 9D 2D 8C", [0, 2, 1, 0, 2, 0, 1, 1], (4, 3)),
    ],
)
def test_hand_worked_plays(pone: str, dealer: str, played: str, points: list[int], totals: tuple[int, int]) -> None:
    p = peg(pone, dealer, played)
    assert [c.points for c in p.cards] == points
    assert p.totals == totals
    assert sum(pts for c in p.cards for _, pts in c.reasons) == sum(points)
    ref, err = naive.peg_play(_bits(pone), _bits(dealer), _bits(played))
    assert err is None and [pts for _, pts in ref] == points


def test_reasons_and_counts_are_reported() -> None:
    p = peg("AH 3D 5C 7S", "2C 4H 6D KS", "AH 2C 3D 4H 5C 6D 7S KS")
    assert [c.player for c in p.cards] == ["pone", "dealer"] * 3 + ["pone", "dealer"]
    assert [c.count for c in p.cards] == [1, 3, 6, 10, 15, 21, 28, 10]
    assert p.cards[4].reasons == (("fifteen", 2), ("a run of 5", 5))
    assert p.cards[6].reasons == (("a run of 7", 7), ("the go", 1))
    assert p.cards[7].reasons == (("the last card", 1),)
    d = p.as_dict()
    assert d["points"] == {"pone": 18, "dealer": 11} and d["cards"][2]["reasons"] == [{"reason": "a run of 3", "points": 3}]


def test_his_heels() -> None:
    assert [his_heels(c) for c in ("JD", "JH", "JS", "JC", "QD", "TD", "AS")] == [2, 2, 2, 2, 0, 0, 0]
    with pytest.raises(InvalidCardsError):
        his_heels("JD QD")


# --- against the plain reference --------------------------------------------------------------
def _compare(pone: list[int], dealer: list[int], played: list[int]) -> None:
    ref, err = naive.peg_play(pone, dealer, played)
    if err is None:
        p = peg(pone, dealer, played)
        assert [(["pone", "dealer"].index(c.player), c.points) for c in p.cards] == ref
    else:
        with pytest.raises(IllegalPlayError, match=f"card {len(ref) + 1}: .*{_KIND[err]}"):
            peg(pone, dealer, played)


@settings(max_examples=150, deadline=None)
@given(st.permutations(range(52)), st.integers(0, 2**32), st.integers(1, 8))
def test_random_legal_plays_score_like_the_reference(deck: list[int], seed: int, k: int) -> None:
    pone, dealer = deck[:4], deck[4:8]
    _compare(pone, dealer, _legal_play(pone, dealer, random.Random(seed), k))


@settings(max_examples=150, deadline=None)
@given(st.permutations(range(52)), st.permutations(range(8)), st.integers(1, 8))
def test_any_order_is_judged_like_the_reference(deck: list[int], order: list[int], k: int) -> None:
    """Mostly illegal orders: the same first bad card, for the same reason."""
    pone, dealer = deck[:4], deck[4:8]
    cards = pone + dealer
    _compare(pone, dealer, [cards[i] for i in order[:k]])


#: the 28 cards ace to seven: long runs are common among them
_LOW = [b for b in range(52) if b % 13 < 7]


@settings(max_examples=200, deadline=None)
@given(st.permutations(_LOW), st.integers(0, 2**32), st.integers(1, 8))
def test_low_cards_long_runs_score_like_the_reference(deck: list[int], seed: int, k: int) -> None:
    """Ace to seven only: runs of five to seven and runs across pairs, which a whole deck rarely deals."""
    pone, dealer = deck[:4], deck[4:8]
    _compare(pone, dealer, _legal_play(pone, dealer, random.Random(seed), k))


def test_run_table_is_the_walk_on_every_window() -> None:
    """``RUNS`` (the last four cards' run, and whether an older card could lengthen one) against ``longest_run``."""
    longest = _peg.longest_run
    keys = range(1 << 16) if N_RANDOM >= 1000 else random.Random(2).sample(range(1 << 16), 3000)
    for w in keys:
        nib = [w >> (4 * j) & 15 for j in range(4)]
        if any(v > 13 for v in nib):
            continue
        assert _peg.RUNS[w] & 7 == longest(w), hex(w)
        window = nib if 0 not in nib else []
        spread = len(set(window)) == 4 and max(window) - min(window) <= 6
        assert bool(_peg.RUNS[w] & _peg.LONGER) == spread, hex(w)
        # an older fifth card: the walk on the longer series agrees with the table unless LONGER says look
        for older in range(1, 14):
            if not _peg.RUNS[w] & _peg.LONGER:
                assert longest(w | older << 16) == _peg.RUNS[w] & 7, (hex(w), older)


@pytest.mark.parametrize("text", ["AH AS 2H 2S | 3H 3S 4H 4S", "5H 5D TC JC | 5S 5C QH KH", "7H 8D 7S 3C | TS 8C 6H 9C"])
def test_every_order_of_small_deals_is_judged_like_the_reference(text: str) -> None:
    a, b = (_bits(t) for t in text.split("|"))
    cards = a + b
    perms = list(permutations(range(8)))
    if N_RANDOM < 1000:  # no JIT: a sample
        perms = random.Random(1).sample(perms, 400)
    n_legal = 0
    for order in perms:
        played = [cards[i] for i in order]
        ref, err = naive.peg_play(a, b, played)
        try:
            got = [(["pone", "dealer"].index(c.player), c.points) for c in peg(a, b, played).cards]
            assert err is None and got == ref
            n_legal += 1
        except IllegalPlayError as e:
            assert err is not None and f"card {len(ref) + 1}:" in str(e), (played, err, e)
    assert n_legal > 0


def test_bulk_equals_scalar_and_reference() -> None:
    n = N_RANDOM // 20
    rnd = random.Random(5)
    idx = random_deals(n, 8, seed=5)
    seqs = np.full((n, 8), -1, dtype=np.int8)
    for i in range(n):
        k = rnd.randint(0, 8)
        seqs[i, :k] = _legal_play(idx[i, :4].tolist(), idx[i, 4:].tolist(), rnd, k)
    out = peg_scores(to_masks(idx[:, :4]), to_masks(idx[:, 4:]), seqs)
    for i in range(n):
        played = [int(c) for c in seqs[i] if c >= 0]
        ref, err = naive.peg_play(idx[i, :4].tolist(), idx[i, 4:].tolist(), played)
        assert err is None
        assert out[i].tolist() == [sum(p for who, p in ref if who == w) for w in (0, 1)]
        assert tuple(out[i].tolist()) == peg(idx[i, :4].tolist(), idx[i, 4:].tolist(), played).totals


def test_bulk_judges_illegal_rows_like_scalar() -> None:
    """Random orders of both hands (mostly illegal): bulk names the first bad row as the scalar path does."""
    n = N_RANDOM // 20
    rnd = random.Random(8)
    idx = random_deals(n, 8, seed=8)
    seqs = np.array([rnd.sample(row.tolist(), 8) for row in idx], dtype=np.int8)
    pm, dm = to_masks(idx[:, :4]), to_masks(idx[:, 4:])
    first_bad = None
    for i in range(n):
        try:
            peg(idx[i, :4].tolist(), idx[i, 4:].tolist(), seqs[i].tolist())
        except IllegalPlayError as e:
            first_bad = (i, str(e))
            break
    assert first_bad is not None
    i, message = first_bad
    with pytest.raises(IllegalPlayError) as exc:
        peg_scores(pm, dm, seqs)
    assert str(exc.value) == f"row {i}: {message}"
    if i:
        assert peg_scores(pm[:i], dm[:i], seqs[:i]).shape == (i, 2)


def test_negative_card_other_than_minus_one_is_outside_the_deck() -> None:
    with pytest.raises(IllegalPlayError, match="card 2: bit index -3 is outside the 52-card deck"):
        peg("5H 6D 9S KC", "5S 4C TD JH", [*_bits("5H"), -3])
    assert peg("5H 6D 9S KC", "5S 4C TD JH", [*_bits("5H"), -1]).totals == (0, 0)


def test_legal_cards() -> None:
    assert peg_legal("5H TD AS KC", 22) == ("5H", "AS")
    assert peg_legal("5H TD AS KC", 0) == ("5H", "TD", "AS", "KC")
    assert peg_legal("5H TD", 30) == ()
    for count in range(32):
        for hand in random_deals(20, 4, seed=count):
            assert peg_legal(hand.tolist(), count) == tuple(FRENCH.card_name(b) for b in naive.peg_legal(hand.tolist(), count))
    with pytest.raises(InvalidCardsError, match="0..31"):
        peg_legal("5H", 32)


# --- bad input --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("played", "message"),
    [
        ("5H 5S 5H", "card 3: 5H is played twice"),
        ("5H 2C", "card 2: 2C is in neither hand"),
        ("5H 5S 6D 4C KC TD 9S 9S", "card 8: 9S is played twice"),
        ("5S", "card 1: 5S is the dealer's, but the pone is to play at count 0"),
        ("5H TD 6D 4C JH", "card 5: JH takes the count from 25 to 35, past 31"),
        ("5H 5S 6D TD 9S", "card 5: 9S is the pone's, but the dealer is to play at count 26 and holds 4C"),
    ],
)
def test_bad_plays_name_the_card_and_position(played: str, message: str) -> None:
    with pytest.raises(IllegalPlayError, match=message):
        peg("5H 6D 9S KC", "5S 4C TD JH", played)


def test_bad_hands_and_bulk_rows() -> None:
    with pytest.raises(InvalidCardsError, match="pone holds 4 cards"):
        peg("5H 6D", "5S 4C TD JH", "5H")
    with pytest.raises(InvalidCardsError, match="in both hands"):
        peg("5H 6D 9S KC", "5H 4C TD JH", "")
    a = np.array([0b1111, 0b1111], dtype=np.uint64)
    b = np.array([0b1111 << 26, 0b1111 << 26], dtype=np.uint64)
    seqs = np.array([[0, 26, -1], [0, 26, 26]], dtype=np.int8)
    with pytest.raises(IllegalPlayError, match="row 1: card 3: AS is played twice"):
        peg_scores(a, b, seqs)
    with pytest.raises(InvalidCardsError, match="row 1: the hands overlap"):
        peg_scores(a, np.array([0b1111 << 26, 0b1111], dtype=np.uint64), seqs[:, :1])
    with pytest.raises(IllegalPlayError, match="row 1: card 2: bit index 300 is outside the 52-card deck"):
        peg_scores(a, b, np.array([[0, 26], [0, 300]], dtype=np.int16))
    with pytest.raises(InvalidCardsError, match="sequences must be"):
        peg_scores(a, b, np.zeros((2, 9), dtype=np.int8))
