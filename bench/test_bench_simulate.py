"""End-to-end Monte Carlo: the skat-jacks study (deal + per-hand kernel + histograms) per second.

One group, measured in the same run: a plain-Python loop doing the same work
(``random.shuffle`` + counting) as the baseline, the local driver on one thread
and on all threads, and the same run on a local Dask cluster of two
single-threaded worker processes (its overhead against the local run).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from bench.conftest import size, tag
from bitcards.simulate import simulate

GROUP = "simulate skat-jacks (deals)"
N = size(4_000_000, 2_000)


def python_skat_jacks(n: int, seed: int) -> tuple[list[list[int]], list[list[int]]]:
    """The study in plain Python: shuffle 32 cards, count jacks per hand, the front hand's matadors with and without the skat."""
    rng = random.Random(seed)
    deck = list(range(32))  # card = suit * 8 + rank, rank 4 = jack, suits D H S C
    jacks = [[0] * 5 for _ in range(4)]
    mat = [[0] * 9 for _ in range(9)]

    def matadors(cards: list[int]) -> int:
        held = [s for s in (3, 2, 1, 0) if s * 8 + 4 in cards]
        with_ = 3 in held
        k = 0
        for s in (3, 2, 1, 0):
            if (s in held) != with_:
                break
            k += 1
        return k if with_ else -k

    for _ in range(n):
        rng.shuffle(deck)
        hands = (deck[0:10], deck[10:20], deck[20:30], deck[30:32])
        for h, cards in enumerate(hands):
            jacks[h][sum(1 for c in cards if c % 8 == 4)] += 1
        mat[matadors(hands[0]) + 4][matadors(hands[0] + hands[3]) + 4] += 1
    return jacks, mat


def test_simulate_python_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    n = size(50_000, 500)
    tag(benchmark, GROUP, n, "baseline", "plain Python: random.shuffle + counting")
    jacks, _ = benchmark(python_skat_jacks, n, 1)
    assert sum(jacks[0]) == n


def test_simulate_local_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, GROUP, N, "bitcards", "bitcards.simulate, local, 1 thread")
    r = benchmark(simulate, "skat-jacks", N, 1, threads=1)
    assert int(r.counts["jacks"][0].sum()) == N


def test_simulate_local_all_threads(benchmark, all_threads) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, GROUP, N, "bitcards", f"bitcards.simulate, local, {all_threads} threads")
    r = benchmark(simulate, "skat-jacks", N, 1)
    assert int(r.counts["jacks"][0].sum()) == N


@pytest.fixture(scope="module")
def dask_client():  # type: ignore[no-untyped-def]
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
    client = distributed.Client(cluster)
    simulate("skat-jacks", 1_000, 1, scheduler=client)  # warm the workers once, outside the timing
    yield client
    client.close()
    cluster.close()


def test_simulate_dask_two_workers(benchmark, dask_client) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, GROUP, N, "bitcards", "bitcards.simulate, Dask LocalCluster 2 workers x 1 thread")
    r = benchmark(simulate, "skat-jacks", N, 1, scheduler=dask_client)
    local = simulate("skat-jacks", N, 1)
    assert r.equal_counts(local)
    assert np.array_equal(r.counts["matadors"], local.counts["matadors"])
