"""skat-dd-win and skat-pimc: counts equal solving each deal with skat.solve; chunking does not matter."""

from __future__ import annotations

import numpy as np
import pytest

from bitcards.deal import deal
from bitcards.notation import parse_mask
from bitcards.simulate import SimulationError, simulate
from bitcards.simulate.studies_skat_dd import N_DISCARDS, _deal_rest, _discards, _solve_picked_up
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


def test_discards_are_every_way_to_lay_away_two_of_twelve() -> None:
    d = deal(2, "skat", 5)
    rows, laid = _discards(np.ascontiguousarray(d[:, :3]), np.ascontiguousarray(d[:, 3]), 2)
    assert rows.shape == (2 * N_DISCARDS, 3)
    for i in range(2):
        seen = set()
        for k in range(i * N_DISCARDS, (i + 1) * N_DISCARDS):
            assert int(rows[k, 0]) == int(d[i, 0]) and int(rows[k, 1]) == int(d[i, 1])
            assert int(rows[k, 2]) | int(laid[k]) == int(d[i, 2]) | int(d[i, 3])
            assert int(rows[k, 2]).bit_count() == 10 and int(laid[k]).bit_count() == 2
            seen.add(int(laid[k]))
        assert len(seen) == N_DISCARDS


def test_picked_up_result_is_the_best_discard() -> None:
    """Null of one deal, each discard solved alone with skat.solve: the study keeps the best (won over lost)."""
    for seed in range(3):
        d = deal(1, "skat", 20 + seed)[0]
        got = _solve_picked_up(np.array([d[:3]], dtype=np.uint64), np.array([d[3]], dtype=np.uint64), 1, (5,))[0]
        assert got[0] == plain_best_discard(d, 1, "null"), seed


def plain_best_discard(d: np.ndarray, seat: int, game: str) -> int:
    """The declarer's best result over all 66 ways to lay away two of his 12 cards, each solved alone with skat.solve."""
    hands = [int(x) for x in d[:3]]
    twelve = hands[seat] | int(d[3])
    cards = [b for b in range(32) if twelve >> b & 1]
    best = -1
    for a in range(12):
        for b in range(a + 1, 12):
            laid = (1 << cards[a]) | (1 << cards[b])
            seats = list(hands)
            seats[seat] = twelve & ~laid
            r = solve(seats, laid, game, seat, 0)
            best = max(best, int(r.won) if r.points is None else r.points)
    return best


@pytest.mark.parametrize(("game", "seed", "seat"), [("clubs", 31, 0), ("grand", 32, 2)])
def test_picked_up_suit_and_grand_result_is_the_best_discard(game: str, seed: int, seat: int) -> None:
    """A suit game and a grand of one deal: the study's points after the pickup are those of the best of the 66 discards
    (each solved alone; the laid-away cards count for the declarer)."""
    from bitcards.skat.rules import parse_game

    d = deal(1, "skat", seed)[0]
    got = _solve_picked_up(np.array([d[:3]], dtype=np.uint64), np.array([d[3]], dtype=np.uint64), seat, (parse_game(game),))
    assert int(got[0, 0]) == plain_best_discard(d, seat, game)


def test_pickup_parameter_is_checked() -> None:
    with pytest.raises(SimulationError, match="pickup must be 0"):
        simulate("skat-dd-win", 1, seed=4, params={"pickup": 2})
