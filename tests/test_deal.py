"""Seeded dealing: shapes, exact stream, uniformity, independence from threads and chunks."""

from __future__ import annotations

import math

import numba
import numpy as np
import pytest

from bitcards._jit import JIT_DISABLED
from bitcards._rng import seed_key
from bitcards.deal import DEAL_SPECS, deal
from bitcards.errors import InvalidCardsError
from tests.naive.deal import deal_row


@pytest.mark.parametrize("game", sorted(DEAL_SPECS))
def test_shapes_and_partition(game: str) -> None:
    spec = DEAL_SPECS[game]
    d = deal(300, game, seed=11)
    assert d.shape == (300, len(spec.sizes)) and d.dtype == np.uint64
    for row in d:
        assert [int(m).bit_count() for m in row] == list(spec.sizes)
        union = 0
        for m in row:
            assert union & int(m) == 0
            union |= int(m)
        assert union & ~spec.layout.mask_all == 0
        if spec.dealt == spec.layout.n_cards:
            assert union == spec.layout.mask_all


@pytest.mark.parametrize("game", sorted(DEAL_SPECS))
def test_matches_plain_python_stream(game: str) -> None:
    spec = DEAL_SPECS[game]
    _, key = seed_key(99)
    d = deal(20, game, seed=99, start=1000)
    sizes = [spec.sizes[c] for c in spec.draw_order]
    for i in range(20):
        assert d[i].tolist() == deal_row(key, 1000 + i, spec.layout.n_cards, sizes, list(spec.draw_order))


def test_chunks_and_seeds() -> None:
    whole = deal(1000, "skat", seed=5)
    parts = np.concatenate([deal(n, "skat", seed=5, start=s) for s, n in [(0, 1), (1, 400), (401, 599)]])
    assert (whole == parts).all()
    assert not (deal(50, "skat", seed=6) == deal(50, "skat", seed=5)[:50]).all()
    big = 2**70 + 3
    assert (deal(5, "skat", seed=big) == deal(5, "skat", seed=big)).all()
    assert not (deal(5, "skat", seed=big) == deal(5, "skat", seed=3)).all()


@pytest.mark.jit
def test_thread_count_does_not_matter() -> None:
    old = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = deal(50_000, "jass", seed=1)
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
        many = deal(50_000, "jass", seed=1)
    finally:
        numba.set_num_threads(old)
    assert (one == many).all()


def test_out_buffer() -> None:
    buf = np.zeros((10, 4), dtype=np.uint64)
    res = deal(10, "skat", seed=3, out=buf)
    assert res is buf and (buf == deal(10, "skat", seed=3)).all()
    with pytest.raises(TypeError, match="uint64"):
        deal(10, "skat", seed=3, out=np.zeros((10, 4)))
    with pytest.raises(InvalidCardsError, match="shape"):
        deal(10, "skat", seed=3, out=np.zeros((9, 4), dtype=np.uint64))
    with pytest.raises(InvalidCardsError, match="cannot deal 'poker'"):
        deal(1, "poker", seed=1)
    with pytest.raises(TypeError, match="seed must be an int"):
        deal(1, "skat", seed="x")  # type: ignore[arg-type]


def _chi2_sf(x: float, k: int) -> float:
    """Survival function of chi-square with k degrees of freedom (Wilson-Hilferty)."""
    z = ((x / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))
    return 0.5 * math.erfc(z / math.sqrt(2))


@pytest.mark.parametrize("game", sorted(DEAL_SPECS))
def test_uniform_over_positions(game: str) -> None:
    """Chi-square test: each card lands in each hand in proportion to the hand's size."""
    spec = DEAL_SPECS[game]
    n = 4_000 if JIT_DISABLED else 200_000
    d = deal(n, game, seed=2024)
    n_cards = spec.layout.n_cards
    bits = (d[:, :, None] >> np.arange(n_cards, dtype=np.uint64)) & np.uint64(1)
    observed = bits.sum(axis=0).astype(float)  # (hands, cards)
    expected = np.array(spec.sizes, dtype=float)[:, None] / n_cards * n * np.ones(n_cards)
    # undealt cards form one more category
    undealt = n - observed.sum(axis=0)
    rest = n_cards - spec.dealt
    if rest:
        observed = np.vstack([observed, undealt])
        expected = np.vstack([expected, np.full(n_cards, rest / n_cards * n)])
    chi2 = float(((observed - expected) ** 2 / expected).sum())
    dof = (observed.shape[0] - 1) * (n_cards - 1)
    assert _chi2_sf(chi2, dof) > 1e-4, (chi2, dof)


def test_pairs_are_independent() -> None:
    """Two given cards share a hand with probability sum s(s-1) / (N(N-1))."""
    n = 3_000 if JIT_DISABLED else 200_000
    d = deal(n, "skat", seed=77)
    a, b = np.uint64(1 << 3), np.uint64(1 << 30)
    same = int((((d & a) != 0) & ((d & b) != 0)).any(axis=1).sum())
    p = (3 * 10 * 9 + 2 * 1) / (32 * 31)
    sd = math.sqrt(n * p * (1 - p))
    assert abs(same - n * p) < 5 * sd


def test_rows_beyond_the_stream_are_an_error() -> None:
    with pytest.raises(InvalidCardsError, match="beyond the stream"):
        deal(1, "skat", seed=1, start=2**63)
    assert deal(1, "skat", seed=1, start=2**63 - 2).shape == (1, 4)


def test_seed_keys_of_negative_seeds_are_their_own() -> None:
    """A negative seed folds to the same 64-bit words as a positive one (-1 and 2**64 - 1); the sign is keyed too."""
    seeds = [0, 1, -1, 2**64 - 1, -(2**64), 2**64, 2**128 - 1, -(2**128), -2, 2**64 - 2, 2**63, -(2**63)]
    keys = [seed_key(s)[1] for s in seeds]
    assert len(set(keys)) == len(seeds)
    assert seed_key(7) == seed_key(7) and seed_key(-7) == seed_key(-7)
