"""skat-bid and skat-max-bid: determinism, the kernels against plain Python row by row, exact laws."""

from __future__ import annotations

import itertools
from math import comb, sqrt

import numpy as np
import pytest

from bitcards.deal import deal
from bitcards.notation import parse_mask
from bitcards.simulate import simulate
from bitcards.simulate.studies_skat_bid import BID_SUITS, exact_bid_shares, exact_matadors, max_bid_of
from bitcards.skat import BID_VALUES, max_bid_per_game
from tests.naive import skat as naive

SUIT_ROW = {None: 0, "D": 1, "H": 2, "S": 3, "C": 4}
GAMES = ("diamonds", "hearts", "spades", "clubs", "grand")


def _within_sigmas(counts: np.ndarray, probs: np.ndarray, k: float = 5.0) -> None:
    n = counts.sum()
    for c, p in zip(counts.ravel().tolist(), probs.ravel().tolist()):
        if p == 0:
            assert c == 0
        else:
            assert abs(c - n * p) <= k * sqrt(n * p * (1 - p)) + 1e-9, (c, n * p)


# -- skat-bid ---------------------------------------------------------------------------------------------


def _naive_bid(rows: list[list[int]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    bid = np.zeros((3, 5, 61), dtype=np.int64)
    top = np.zeros(61, dtype=np.int64)
    bidders = np.zeros(4, dtype=np.int64)
    for row in rows:
        values = []
        for c in range(3):
            v, suit = naive.seed_bid_value(naive.cards_of(row[c]))
            bid[c, SUIT_ROW[suit], v] += 1
            values.append(v)
        top[max(values)] += 1
        bidders[sum(v > 0 for v in values)] += 1
    return bid, top, bidders


def test_skat_bid_equals_plain_python_row_by_row() -> None:
    n = 1_500
    r = simulate("skat-bid", n, seed=21, chunk_size=256)
    bid, top, bidders = _naive_bid(deal(n, "skat", 21).tolist())
    assert (r.counts["bid"] == bid).all()
    assert (r.counts["top_bid"] == top).all()
    assert (r.counts["bidders"] == bidders).all()


@pytest.mark.jit
@pytest.mark.parametrize("study", ["skat-bid", "skat-max-bid"])
def test_counts_do_not_depend_on_chunks_or_threads(study: str) -> None:
    n = 20_000  # one 20,000-row chunk takes the parallel kernel, 999-row chunks the serial one
    whole = simulate(study, n, seed=8, chunk_size=n)
    assert whole.equal_counts(simulate(study, n, seed=8, chunk_size=999))
    assert whole.equal_counts(simulate(study, n, seed=8, chunk_size=n, threads=1))
    assert not whole.equal_counts(simulate(study, n, seed=9, chunk_size=n))


def test_exact_table_equals_the_independent_count() -> None:
    # bitcards' exhaustive enumeration (64,512,240 hands) against tests/naive's combinatorial count
    counted = naive.seed_distribution_by_counting()
    total = comb(32, 10)
    p = np.zeros((5, 61))
    for (v, suit), ways in counted.items():
        p[SUIT_ROW[suit], v] += ways / total
    assert p.sum() == pytest.approx(1.0)
    if pytest.importorskip("numba").config.DISABLE_JIT:
        pytest.skip("the exhaustive enumeration needs the JIT")
    assert np.allclose(exact_bid_shares(), p, rtol=0, atol=1e-15)


@pytest.mark.jit
def test_each_seat_follows_the_exact_law() -> None:
    counted = naive.seed_distribution_by_counting()
    p = np.zeros((5, 61))
    for (v, suit), ways in counted.items():
        p[SUIT_ROW[suit], v] += ways / comb(32, 10)
    n = 400_000
    r = simulate("skat-bid", n, seed=2026)
    for c in range(3):
        _within_sigmas(r.counts["bid"][c], p)
    s = r.summary()
    for seat in ("front", "middle", "rear"):
        assert s[f"p_pass_{seat}_lo"] < s[f"p_pass_{seat}"] < s[f"p_pass_{seat}_hi"]
        assert abs(s[f"p_pass_{seat}"] - p[0, 0]) <= 5 * sqrt(p[0, 0] * (1 - p[0, 0]) / n)
    # only the seed's 16 (value, suit) games and pass ever occur
    played = {(BID_SUITS[s], v) for s, v in zip(*np.nonzero(r.counts["bid"].sum(axis=0)))}
    assert played <= {("pass", 0)} | {(BID_SUITS[s + 1], (9 + s) * jf) for s in range(4) for jf in range(2, 6)}


# -- skat-max-bid -----------------------------------------------------------------------------------------


def _naive_value(cards: list[tuple[str, str]], game: str) -> int:
    return naive.game_value(cards, game, False, None, False, 0 if game == "null" else 61, 0 if game == "null" else 5, 0)[0]


def _naive_max_bid(mask: int) -> tuple[int, int]:
    """(value, game number): the highest simple-win value over every game, ties to the higher game number."""
    cards = naive.cards_of(mask)
    values = [_naive_value(cards, g) for g in (*GAMES, "null")]
    best = max(values)
    return best, max(g for g, v in enumerate(values) if v == best)


def test_max_bid_of_matches_the_public_max_bids() -> None:
    for text in ("JD AS 0S KS QS 9S 8S AD 8C 9C", "JC JS AC KC 9C 8C AS 7H QD 8D", "7D 8D 9D 0D QD KD AD 7H 8H 9H"):
        m = parse_mask(text, "skat")
        v, g = max_bid_of(np.uint64(m))
        assert v == max(max_bid_per_game(text).values())
        assert (int(v), int(g)) == _naive_max_bid(m)


def test_skat_max_bid_equals_plain_python_row_by_row() -> None:
    n = 400
    r = simulate("skat-max-bid", n, seed=22, chunk_size=64)
    max_bid = np.zeros((3, 265), dtype=np.int64)
    best_game = np.zeros((3, 6), dtype=np.int64)
    overbid = np.zeros((3, 2), dtype=np.int64)
    mats = np.zeros((3, 5, 23), dtype=np.int64)
    for row in deal(n, "skat", 22).tolist():
        for c in range(3):
            v10, g10 = _naive_max_bid(row[c])
            v12, _ = _naive_max_bid(row[c] | row[3])
            max_bid[c, v10] += 1
            best_game[c, g10] += 1
            overbid[c, int(v12 < v10)] += 1
            twelve = naive.cards_of(row[c] | row[3])
            for g, name in enumerate(GAMES):
                mats[c, g, naive.matadors(twelve, name) + 11] += 1
    assert (r.counts["max_bid"] == max_bid).all()
    assert (r.counts["best_game"] == best_game).all()
    assert (r.counts["overbid"] == overbid).all()
    assert (r.counts["matadors"] == mats).all()


def test_max_bids_are_bid_values_and_only_without_hands_are_overbid() -> None:
    n = 3_000
    r = simulate("skat-max-bid", n, seed=23)
    seen = set(np.flatnonzero(r.counts["max_bid"].sum(axis=0)).tolist())
    assert seen <= set(BID_VALUES) and min(seen) >= 48  # grand with/without 1 is worth 48
    # a "with N" game keeps or gains matadors with the skat: rows of a with-hand are never overbid
    d = deal(n, "skat", 23).tolist()
    for row in d[:300]:
        for c in range(3):
            v10, g10 = _naive_max_bid(row[c])
            v12, _ = _naive_max_bid(row[c] | row[3])
            if naive.matadors(naive.cards_of(row[c]), (*GAMES, "null")[g10]) > 0:
                assert v12 >= v10


def _matadors_by_enumeration(game: str, cards: int = 12) -> np.ndarray:
    """P(matadors = N) by summing over which of the game's trumps are held (2**11 or 2**4 sets)."""
    seq = naive.trump_sequence(game)
    total = comb(32, cards)
    p = np.zeros(23)
    for k in range(len(seq) + 1):
        for held in itertools.combinations(seq, k):
            if k <= cards:
                p[naive.matadors(list(held), game) + 11] += comb(32 - len(seq), cards - k) / total
    return p


@pytest.mark.parametrize("g", range(5))
def test_exact_matadors_by_enumeration(g: int) -> None:
    assert np.allclose(exact_matadors(g), _matadors_by_enumeration(GAMES[g]), rtol=0, atol=1e-12)
    assert np.allclose(exact_matadors(g, 10), _matadors_by_enumeration(GAMES[g], 10), rtol=0, atol=1e-12)


@pytest.mark.jit
def test_matadors_of_twelve_cards_follow_the_exact_law() -> None:
    r = simulate("skat-max-bid", 200_000, seed=31)
    for c in range(3):
        for g in range(5):
            _within_sigmas(r.counts["matadors"][c, g], exact_matadors(g))
    s = r.summary()
    assert 0 < s["p_overbid_front_lo"] < s["p_overbid_front"] < s["p_overbid_front_hi"] < 1
