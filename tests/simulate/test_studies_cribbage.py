"""cribbage-discard and cribbage-crib: determinism, the kernels against plain Python row by row, exact laws."""

from __future__ import annotations

from math import sqrt

import numpy as np
import pytest

from bitcards._parallel import PARALLEL_ROWS
from bitcards._rng import seed_key
from bitcards.cribbage import batch, discard_options, score_distribution
from bitcards.deal import deal
from bitcards.simulate import simulate
from bitcards.simulate.studies_cribbage import random_key
from tests.naive import cribbage as naive

M64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


def _mix64(z: int) -> int:
    z &= M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def _bits(mask: int) -> list[int]:
    return [b for b in range(52) if mask >> b & 1]


def _pairs(bits: list[int]) -> list[tuple[int, int]]:
    """The 15 discard pairs in the order the study (and batch.best_discard) enumerates them: i < j by bit."""
    return [(bits[i], bits[j]) for i in range(6) for j in range(i + 1, 6)]


def _random_pairs(seed: int, row: int, six1: int, six2: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The documented random keep in plain integers: SplitMix64 from the row's state, one draw for both pairs."""
    rkey = random_key(seed_key(seed)[1])
    state = _mix64(rkey ^ _mix64((row * GAMMA + 1) & M64))
    while True:
        state = (state + GAMMA) & M64
        x = _mix64(state)
        if (x * 225) & M64 >= (1 << 64) % 225:
            break
    a, x = (x * 15) >> 64, (x * 15) & M64
    b = (x * 15) >> 64
    return _pairs(_bits(six1))[a], _pairs(_bits(six2))[b]


def _naive_best_keep(six: int) -> tuple[list[int], int]:
    """Best keep by the plain rules: highest total over the 46 starters, then highest minimum, then first pair."""
    bits = _bits(six)
    table = naive.discard_table(bits)
    best = None
    for i, j in _pairs(bits):
        keep = frozenset(b for b in bits if b not in (i, j))
        total, lo, _ = table[keep]
        if best is None or (total, lo) > best[1:]:
            best = (sorted(keep), total, lo)
    assert best is not None
    return best[0], best[1]


def test_best_keep_reference_agrees_with_discard_options() -> None:
    six = deal(3, "cribbage", 5)[:, 0].tolist()
    for m in six:
        keep, total = _naive_best_keep(m)
        opt = discard_options(_bits(m))[0]
        assert total == opt.total and sum(1 << b for b in keep) == opt.keep_mask


def test_discard_and_crib_equal_plain_python_row_by_row() -> None:
    n, seed = 24, 41
    r = simulate("cribbage-discard", n, seed=seed, chunk_size=7)
    c = simulate("cribbage-crib", n, seed=seed, chunk_size=5)
    expected = np.zeros((2, 1335), dtype=np.int64)
    hand = np.zeros((2, 2, 30), dtype=np.int64)
    crib = np.zeros((2, 30), dtype=np.int64)
    for row, (p1, p2, st) in enumerate(deal(n, "cribbage", seed).tolist()):
        starter = _bits(st)[0]
        rand = _random_pairs(seed, row, p1, p2)
        discards: list[list[int]] = [[], []]
        for p, six in enumerate((p1, p2)):
            keep, total = _naive_best_keep(six)
            expected[p, total] += 1
            hand[p, 0, naive.score_bits(keep, starter)] += 1
            hand[p, 1, naive.score_bits([b for b in _bits(six) if b not in rand[p]], starter)] += 1
            discards[p] = [b for b in _bits(six) if b not in keep]
        crib[0, naive.score_bits(discards[0] + discards[1], starter, crib=True)] += 1
        crib[1, naive.score_bits([*rand[0], *rand[1]], starter, crib=True)] += 1
    assert (r.counts["expected"] == expected).all()
    assert (r.counts["hand"] == hand).all()
    assert (c.counts["crib"] == crib).all()


def test_expected_is_the_exact_total_over_46_starters() -> None:
    n = 300
    r = simulate("cribbage-discard", n, seed=3)
    keep, ev = batch.best_discard(deal(n, "cribbage", 3)[:, :2].reshape(-1))
    totals = np.rint(ev * 46).astype(np.int64).reshape(n, 2)
    assert np.allclose(totals / 46, ev.reshape(n, 2), rtol=0, atol=1e-12)  # ev * 46 is an integer
    for p in range(2):
        assert (r.counts["expected"][p] == np.bincount(totals[:, p], minlength=1335)).all()


@pytest.mark.jit
@pytest.mark.parametrize("study", ["cribbage-discard", "cribbage-crib"])
def test_counts_do_not_depend_on_chunks_or_threads(study: str) -> None:
    n = PARALLEL_ROWS + 1  # one chunk of them all takes the parallel kernel (on 2+ threads), 1,000-row chunks the serial one
    whole = simulate(study, n, seed=8, chunk_size=n)
    assert whole.equal_counts(simulate(study, n, seed=8, chunk_size=1_000))
    assert whole.equal_counts(simulate(study, n, seed=8, chunk_size=n, threads=1))
    assert not whole.equal_counts(simulate(study, n, seed=9, chunk_size=n))


def _within_sigmas(counts: np.ndarray, probs: np.ndarray, k: float = 5.0) -> None:
    n = counts.sum()
    for c, p in zip(counts.tolist(), probs.tolist()):
        if p == 0:
            assert c == 0
        else:
            assert abs(c - n * p) <= k * sqrt(n * p * (1 - p)) + 1e-9, (c, n * p)


@pytest.mark.jit
@pytest.mark.slow
def test_random_keeps_follow_the_exhaustive_laws_and_best_keeps_beat_them() -> None:
    n = 60_000
    r = simulate("cribbage-discard", n, seed=2026)
    c = simulate("cribbage-crib", n, seed=2026)
    hand_law = score_distribution() / score_distribution().sum()
    crib_law = score_distribution(crib=True) / score_distribution(crib=True).sum()
    for p in range(2):
        _within_sigmas(r.counts["hand"][p, 1], hand_law)
    _within_sigmas(c.counts["crib"][1], crib_law)
    # no hand or crib scores 19, 25, 26 or 27
    for h in (r.counts["hand"], c.counts["crib"]):
        assert int(h[..., [19, 25, 26, 27]].sum()) == 0
    # the starter is uniform over the 46 cards a player has not seen: E[realised] = E[expected];
    # Var(realised - expected) <= Var(realised), which bounds the difference of the means
    s = r.summary()
    for p in range(2):
        mu, sd = r.mean("hand")[p, 0], r.std("hand")[p, 0]
        assert abs(mu - r.mean("expected")[p] / 46) <= 5 * sd / sqrt(n)
    assert s["mean_hand_best_keep"] > s["mean_hand_random_keep"] + 3
    exact_mean = float((hand_law * np.arange(30)).sum())
    sd_random = float(np.sqrt((hand_law * (np.arange(30) - exact_mean) ** 2).sum()))
    assert abs(s["mean_hand_random_keep"] - exact_mean) <= 5 * sd_random / sqrt(2 * n)
