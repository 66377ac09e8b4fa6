"""The exact score distribution over every (hand, starter): 270,725 hands x 48 starters = 12,994,800.

``score_distribution()`` scores them all (about 0.1 s compiled, on one thread):

    >>> d = score_distribution()                                      # doctest: +SKIP
    >>> int(d.sum()), int(d[29]), [s for s in range(30) if d[s] == 0]  # doctest: +SKIP
    (12994800, 4, [19, 25, 26, 27])
"""

from __future__ import annotations

import numpy as np
from numba import prange

from bitcards._jit import njit, warmup_task
from bitcards.cribbage._hoist import starter_hist
from bitcards.cribbage._rules import MAX_SCORE

__all__ = ["score_distribution", "distribution_mean", "N_COMBINATIONS"]

#: C(52, 4) * 48
N_COMBINATIONS = 270_725 * 48

_N_BLOCKS = 64


def _pair_table() -> tuple[np.ndarray, np.ndarray]:
    a, b = np.triu_indices(52, 1)
    return a.astype(np.int64), b.astype(np.int64)


_PA, _PB = _pair_table()


@njit(parallel=True)
def _exhaustive(pa, pb, crib, hist):  # type: ignore[no-untyped-def]
    # block k takes every _N_BLOCKS-th (a, b) pair, so the blocks carry similar work
    nb = hist.shape[0]
    for k in prange(nb):
        for p in range(k, pa.shape[0], nb):
            a = pa[p]
            b = pb[p]
            ab = (np.uint64(1) << np.uint64(a)) | (np.uint64(1) << np.uint64(b))
            for c in range(b + 1, 52):
                abc = ab | (np.uint64(1) << np.uint64(c))
                for d in range(c + 1, 52):
                    starter_hist(abc | (np.uint64(1) << np.uint64(d)), crib, hist[k])


def score_distribution(crib: bool = False) -> np.ndarray:
    """How many of the 12,994,800 (4-card hand, starter) combinations score 0, 1, ..., 29.

    ``int64`` array of length 30 (index = score). ``crib=True`` uses crib rules.
    Exact: every hand and starter is scored. Parallel; the same counts on any
    number of threads.
    """
    hist = np.zeros((_N_BLOCKS, MAX_SCORE + 1), dtype=np.int64)
    _exhaustive(_PA, _PB, bool(crib), hist)
    return hist.sum(axis=0)


def distribution_mean(dist: np.ndarray) -> float:
    """Mean score of a distribution (counts per score).

    >>> distribution_mean(np.array([1, 0, 3]))
    1.5
    """
    d = np.asarray(dist, dtype=np.int64)
    return float((np.arange(d.size) * d).sum() / d.sum())


@warmup_task
def _warm() -> None:
    hist = np.zeros((2, MAX_SCORE + 1), dtype=np.int64)
    _exhaustive(_PA[-2:], _PB[-2:], False, hist)
    _exhaustive(_PA[-2:], _PB[-2:], True, hist)
