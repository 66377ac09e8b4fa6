"""Euchre open-hand solver: whole deals solved per second, beside the plain full minimax of tests/naive, same run."""

from __future__ import annotations

import numpy as np

from bench.conftest import size, tag
from bitcards.deal import deal
from bitcards.euchre.batch import solve as solve_many
from tests.naive import euchre as naive
from tests.naive import euchre_solve as ref

N = size(100_000, 500)
N_BASELINE = size(3, 1)
L = "dhsc"


def _deals(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    hands = deal(n, "euchre", seed=15)[:, :4].copy()
    trumps = np.arange(n) % 4
    leaders = (np.arange(n) // 4) % 4
    return hands, trumps, leaders


def test_solve_deals_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    hands, trumps, leaders = _deals(N)
    tag(benchmark, "euchre whole deals solved (open hands)", N, "bitcards", "bitcards.euchre.batch.solve, 1 thread")
    res = benchmark(solve_many, hands, trumps, leaders)
    assert ((res >= 0) & (res <= 5)).all()


def test_solve_deals_all_threads(benchmark, all_threads) -> None:  # type: ignore[no-untyped-def]
    hands, trumps, leaders = _deals(N)
    tag(benchmark, "euchre whole deals solved (open hands)", N, "bitcards", f"bitcards.euchre.batch.solve, {all_threads} threads")
    benchmark(solve_many, hands, trumps, leaders)


def test_solve_deals_naive_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    hands, trumps, leaders = _deals(N_BASELINE)
    rows = [
        ([[naive.bit_to_card(b) for b in range(24) if int(m) >> b & 1] for m in h], L[t], ld)
        for h, t, ld in zip(hands, trumps.tolist(), leaders.tolist())
    ]

    def run() -> list[int]:
        return [ref.tricks(h, t, ld) for h, t, ld in rows]

    tag(benchmark, "euchre whole deals solved (open hands)", N_BASELINE, "baseline", "plain full minimax (tests/naive)")
    res = benchmark.pedantic(run, rounds=1, iterations=1)
    assert len(res) == N_BASELINE
