"""Exhaustive statistics: all C(32,10) hands enumerated in the kernel, checked against a combinatorial count."""

from __future__ import annotations

import itertools
from math import comb

import numba
import numpy as np
import pytest

from bitcards.skat import BidDistribution, batch, bid_distribution, bid_distribution_of
from bitcards.skat.stats import N_HANDS, _next_same_popcount, max_bid_distribution, unrank_colex
from tests.naive import skat as naive


def test_colex_unranking_and_gosper_walk_small() -> None:
    # every 3-subset of 0..6, in colex order, by unranking and by Gosper's hack
    subsets = sorted(itertools.combinations(range(7), 3), key=lambda c: sorted(c, reverse=True))
    masks = [sum(1 << b for b in c) for c in subsets]
    assert [unrank_colex(r, 3) for r in range(comb(7, 3))] == masks
    m = masks[0]
    walk = [m]
    for _ in range(len(masks) - 1):
        m = int(_next_same_popcount(np.uint64(m)))
        walk.append(m)
    assert walk == masks
    assert walk == sorted(walk)  # colex order is numeric order of the masks


def test_unrank_ends() -> None:
    assert unrank_colex(0) == (1 << 10) - 1
    assert unrank_colex(N_HANDS - 1) == ((1 << 32) - 1) ^ ((1 << 22) - 1)
    with pytest.raises(ValueError):
        unrank_colex(N_HANDS)


def test_distribution_of_sample_matches_bid_values() -> None:
    from bitcards.deal import deal

    hands = deal(5000, "skat", seed=11)[:, 0]
    d = bid_distribution_of(hands)
    values, suits = batch.bid_value(hands)
    assert d.total == 5000 and not d.exhaustive
    assert d.passes == int((values == 0).sum())
    for s in range(4):
        for jf in range(2, 6):
            assert d.counts[s, jf] == int(((suits == s) & (values == (9 + s) * jf)).sum())
    assert "sampled 5,000" in d.format()


def _combinatorial() -> dict[tuple[int, str | None], int]:
    return naive.seed_distribution_by_counting()


@pytest.mark.slow
def test_exhaustive_matches_combinatorial_count() -> None:
    d = bid_distribution()
    assert isinstance(d, BidDistribution) and d.exhaustive
    assert d.total == comb(32, 10) == 64_512_240
    assert int(d.counts.sum()) + d.passes == d.total
    oracle = _combinatorial()
    assert sum(oracle.values()) == comb(32, 10)
    assert d.passes == oracle[(0, None)]
    for s in range(4):
        for jf in range(2, 6):
            assert int(d.counts[s, jf]) == oracle.get(((9 + s) * jf, "DHSC"[s]), 0), (s, jf)
    # jack factors, counted from the jacks alone: factor 5 = all four jacks (C(28,6) = 376,740) or none;
    # factor 2 = CJ without SJ or SJ without CJ; factor 3 = CJ SJ without HJ or the other way round ...
    assert comb(28, 6) == 376_740
    assert d.jack_factor_counts() == {
        5: comb(28, 6) + comb(28, 10),
        4: comb(28, 7) + comb(28, 9),  # CJ SJ HJ without DJ, or only DJ
        3: comb(29, 8) + comb(29, 9),  # CJ SJ without HJ (DJ free), or HJ without CJ SJ
        2: 2 * comb(30, 9),  # CJ without SJ, or SJ without CJ
    }


@pytest.mark.slow
def test_exhaustive_is_the_same_for_any_chunking_and_threads() -> None:
    a = bid_distribution()
    b = bid_distribution(n_chunks=7)
    old = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        c = bid_distribution(n_chunks=3)
    finally:
        numba.set_num_threads(old)
    for x in (b, c):
        assert (x.counts == a.counts).all() and (x.passes_by_jack_factor == a.passes_by_jack_factor).all()


def test_table_text() -> None:
    counts = np.zeros((4, 6), dtype=np.int64)
    counts[3, 3] = 3
    passes = np.zeros(6, dtype=np.int64)
    passes[5] = 1
    d = BidDistribution(counts, passes, 4, exhaustive=True)
    text = d.format()
    assert "36  Clubs" in text and "75.0000%" in text and "pass" in text
    assert d.by_value() == {36: 3}
    assert d.to_dict()["passes"] == 1


def _max_bid_by_counting() -> dict[int, int]:
    """The highest bid's distribution over all ten-card hands, counted without enumerating them.

    Written from the rules: a game "won simply" is worth base x (matadors + 1), null 23. The grand's
    matadors depend on the jacks alone; a suit game's on the jacks and that suit's seven cards. So
    for each set of jacks, the hands whose every game is worth at most v are counted as a product of
    one polynomial per suit (x^k for each holding of k cards of that suit that keeps the suit game
    at or under v), read at the power 10 - jacks.
    """
    jacks = [(s, "J") for s in "DHSC"]
    others = {s: [(s, r) for r in "789TQKA"] for s in "DHSC"}
    games = ("diamonds", "hearts", "spades", "clubs")
    base = {"diamonds": 9, "hearts": 10, "spades": 11, "clubs": 12}
    cdf: dict[int, int] = {}
    for jm in range(16):
        held = [j for b, j in enumerate(jacks) if jm >> b & 1]
        grand = 24 * (abs(naive.matadors(held, "grand")) + 1)
        # the value of each suit game for each holding of that suit
        values = {}
        for g in games:
            s = "DHSC"[games.index(g)]
            values[g] = [
                (len(h), base[g] * (abs(naive.matadors(held + list(h), g)) + 1))
                for k in range(8)
                for h in itertools.combinations(others[s], k)
            ]
        for v in range(23, 265):
            if grand > v:
                continue
            poly = [1] + [0] * 10
            for g in games:
                p = [0] * 11
                for k, val in values[g]:
                    if val <= v:
                        p[k] += 1
                poly = [sum(poly[i] * p[n - i] for i in range(n + 1)) for n in range(11)]
            cdf[v] = cdf.get(v, 0) + poly[10 - len(held)]
    out, prev = {}, 0
    for v in range(23, 265):
        if cdf.get(v, 0) > prev:
            out[v] = cdf[v] - prev
        prev = cdf.get(v, 0)
    return out


@pytest.mark.jit
def test_max_bid_distribution_matches_counting() -> None:
    """Every hand's highest bid, enumerated in the kernel, against the count per jack set and suit holding."""
    c = max_bid_distribution()
    assert c.shape == (265,) and int(c.sum()) == N_HANDS
    assert {v: int(n) for v, n in enumerate(c) if n} == _max_bid_by_counting()


def test_max_bid_distribution_prefix_matches_the_plain_rule() -> None:
    limit = 3000
    c = max_bid_distribution(n_chunks=5, limit=limit)
    want = np.zeros(265, dtype=np.int64)
    for r in range(limit):
        cards = naive.cards_of(unrank_colex(r))
        want[max(naive.game_value(cards, g, False, None, False, 61, 5, 0)[0] for g in naive.GAMES)] += 1
    assert (c == want).all()
