"""The exhaustive score distribution: known facts, and an exact cross-check through the unhoisted scorer."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from bitcards.cribbage import N_COMBINATIONS, batch, distribution_mean, score_distribution
from bitcards.cribbage.stats import _PA, _PB, _exhaustive
from tests.naive import cribbage as naive

#: hands (4 held + starter) per score 0..29, as published (see test_known_facts)
PUBLISHED_HAND_COUNTS = [
    1009008, 99792, 2813796, 505008, 2855676, 697508, 1800268, 751324, 1137236, 361224,
    388740, 51680, 317340, 19656, 90100, 9168, 58248, 11196, 2708, 0,
    8068, 2496, 444, 356, 3680, 0, 0, 0, 76, 4,
]  # fmt: skip


def _all_hands() -> np.ndarray:
    """Every 4-card mask, 270,725 of them."""
    idx = np.array(list(combinations(range(52), 4)), dtype=np.uint64)
    return (np.uint64(1) << idx).sum(axis=1, dtype=np.uint64)


@pytest.fixture(scope="module")
def hand_dist() -> np.ndarray:
    return score_distribution()


@pytest.fixture(scope="module")
def crib_dist() -> np.ndarray:
    return score_distribution(crib=True)


@pytest.mark.slow
def test_known_facts(hand_dist: np.ndarray, crib_dist: np.ndarray) -> None:
    for d in (hand_dist, crib_dist):
        assert d.shape == (30,) and int(d.sum()) == N_COMBINATIONS == 12_994_800
        assert [s for s in range(30) if d[s] == 0] == [19, 25, 26, 27]
        # 29: three 5s and the jack of the fourth 5's suit held, that 5 the starter: one starter for each of 4 jacks
        assert int(d[29]) == 4
    # published figures: 1,009,008 hands score zero, the mean hand is 4.7692
    assert int(hand_dist[0]) == 1_009_008
    # the whole published table (Steven S. Lumetta, "Amusing Cribbage Facts",
    # lumetta.web.engr.illinois.edu/humor/cribbage.html, cited by Wikipedia's "Cribbage statistics")
    assert hand_dist.tolist() == PUBLISHED_HAND_COUNTS
    # and the crib's zero count from the same Wikipedia page: the four-card flushes no longer count
    assert int(crib_dist[0]) == 1_022_208
    assert round(distribution_mean(hand_dist), 4) == 4.7692
    # a crib only loses the four-card flushes, so it never scores more on average
    assert distribution_mean(crib_dist) < distribution_mean(hand_dist)


@pytest.mark.slow
def test_the_29_hands_are_the_ones_we_think() -> None:
    found = []
    for jack_suit in range(4):
        fives = [s * 13 + 4 for s in range(4)]
        starter = jack_suit * 13 + 4
        held = [b for b in fives if b != starter] + [jack_suit * 13 + 10]
        assert naive.score_bits(held, starter) == 29
        found.append((tuple(held), starter))
    assert len(set(found)) == 4


@pytest.mark.slow
@pytest.mark.parametrize("crib", [False, True])
def test_exhaustive_equals_unhoisted_bulk_scorer(crib: bool, hand_dist: np.ndarray, crib_dist: np.ndarray) -> None:
    """Every (hand, starter) through batch.score (no hoisting): the same 12,994,800 scores, counted."""
    hands = _all_hands()
    hist = np.zeros(30, dtype=np.int64)
    for s in range(52):
        sm = np.uint64(1) << np.uint64(s)
        h = hands[(hands & sm) == 0]
        hist += np.bincount(batch.score(h, np.full(h.shape, sm), crib=crib), minlength=30)
    assert hist.tolist() == (crib_dist if crib else hand_dist).tolist()


@pytest.mark.slow
def test_exhaustive_random_sample_of_hands_against_naive() -> None:
    """For a random sample of hands, every starter by the naive scorer; summed per block like the kernel."""
    rng = np.random.default_rng(2)
    pairs = rng.choice(_PA.size, size=3, replace=False)
    for p in pairs:
        hist = np.zeros((1, 30), dtype=np.int64)
        _exhaustive(_PA[p : p + 1], _PB[p : p + 1], False, hist)
        a, b = int(_PA[p]), int(_PB[p])
        want = np.zeros(30, dtype=np.int64)
        for c in range(b + 1, 52):
            for d in range(c + 1, 52):
                held = [a, b, c, d]
                for s in range(52):
                    if s not in held:
                        want[naive.score_bits(held, s)] += 1
        assert hist[0].tolist() == want.tolist()


def test_small_block_against_naive() -> None:
    """Two (a, b) pairs of the exhaustive loop with few hands (b = 48: three each), fast enough without JIT."""
    sel = np.flatnonzero(_PB == 48)[-2:]
    hist = np.zeros((1, 30), dtype=np.int64)
    _exhaustive(_PA[sel], _PB[sel], True, hist)
    want = np.zeros(30, dtype=np.int64)
    for a, b in zip(_PA[sel].tolist(), _PB[sel].tolist()):
        for c in range(b + 1, 52):
            for d in range(c + 1, 52):
                held = [a, b, c, d]
                for s in range(52):
                    if s not in held:
                        want[naive.score_bits(held, s, crib=True)] += 1
    assert hist[0].tolist() == want.tolist() and want.sum() == 2 * 3 * 48


@pytest.mark.slow
def test_same_counts_on_one_thread(hand_dist: np.ndarray) -> None:
    import numba

    old = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        one = score_distribution()
    finally:
        numba.set_num_threads(old)
    assert one.tolist() == hand_dist.tolist()
