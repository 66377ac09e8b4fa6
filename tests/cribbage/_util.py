"""Helpers shared by the cribbage tests."""

from __future__ import annotations

import numpy as np

from bitcards._jit import JIT_DISABLED

#: sample sizes: smaller when the kernels run as plain Python
N_RANDOM = 300 if JIT_DISABLED else 20_000


def random_deals(n: int, k: int, seed: int) -> np.ndarray:
    """``(n, k)`` distinct card indices per row, uniformly drawn."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k]


def to_masks(idx: np.ndarray) -> np.ndarray:
    out = np.zeros(idx.shape[0], dtype=np.uint64)
    for j in range(idx.shape[1]):
        out |= np.uint64(1) << idx[:, j].astype(np.uint64)
    return out
