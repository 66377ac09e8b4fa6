"""skat-dd-win and skat-pimc: counts equal solving each deal with skat.solve; chunking does not matter."""

from __future__ import annotations

import numpy as np
import pytest

from bitcards.deal import deal
from bitcards.notation import parse_mask
from bitcards.simulate import SimulationError, simulate
from bitcards.simulate.studies_skat_dd import _deal_rest
from bitcards.skat import bid_value, solve
from bitcards.skat.rules import MASK_JACKS

pytestmark = pytest.mark.jit

HAND = "CJ SJ HJ CA CT CK SA ST HA H7"


def expected(deals: np.ndarray, seat: int) -> dict[str, np.ndarray]:
    won = np.zeros((6, 5, 2), dtype=np.int64)
    named = np.zeros((2, 61), dtype=np.int64)
    any_ = np.zeros((2, 61), dtype=np.int64)
    by_bid = np.zeros((6, 2, 61), dtype=np.int64)
    points = np.zeros((5, 121), dtype=np.int64)
    for d in deals:
        hands = [int(x) for x in d[:3]]
        jacks = (hands[seat] & MASK_JACKS).bit_count()
        bid = bid_value(hands[seat])
        results = [solve(hands, int(d[3]), g, seat, 0) for g in range(6)]
        for g, r in enumerate(results):
            won[g, jacks, int(r.won)] += 1
            by_bid[g, int(r.won), bid.value] += 1
            if r.points is not None:
                points[g, r.points] += 1
        if bid.value:
            named[int(results[bid.suit].won), bid.value] += 1  # the suit game the bid value names
        any_[int(any(r.won for r in results)), bid.value] += 1
    return {"won": won, "won_by_bid": by_bid, "points": points, "won_named": named, "won_any": any_}


def test_dd_win_equals_solving_each_deal() -> None:
    r = simulate("skat-dd-win", 8, seed=3, chunk_size=4, params={"seat": 1})
    want = expected(deal(8, "skat", 3), 1)
    for name, counts in want.items():
        assert np.array_equal(r.counts[name], counts), name
    assert 0 <= r.summary()["p_won_grand"] <= 1


def test_pimc_deals_the_unseen_cards() -> None:
    hand = parse_mask(HAND, "skat")
    out = np.zeros((50, 4), dtype=np.uint64)
    _deal_rest(np.uint64(hand), np.uint64(7), np.int64(0), np.int64(50), out)
    assert (out[:, 0] == hand).all()
    assert all(int(a | b | c | s) == 0xFFFFFFFF for a, b, c, s in out)
    assert [int(x).bit_count() for x in out[0]] == [10, 10, 10, 2]
    assert len({tuple(int(x) for x in row) for row in out}) == 50  # different deals
    again = np.zeros((20, 4), dtype=np.uint64)
    _deal_rest(np.uint64(hand), np.uint64(7), np.int64(30), np.int64(20), again)
    assert np.array_equal(again, out[30:])  # a row's deal depends on the row alone


def test_pimc_counts_and_chunking() -> None:
    a = simulate("skat-pimc", 5, seed=2, chunk_size=2, params={"hand": HAND})
    b = simulate("skat-pimc", 5, seed=2, chunk_size=5, params={"hand": HAND})
    assert a.equal_counts(b)
    assert int(a.counts["won"].sum()) == 30
    assert int(a.counts["won"][:, 3].sum()) == 30  # the hand holds three jacks in every deal


def test_pimc_bad_hand() -> None:
    with pytest.raises(SimulationError, match="expected 10 cards"):
        simulate("skat-pimc", 2, seed=1, params={"hand": "CJ SJ"})
