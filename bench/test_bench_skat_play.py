"""Skat whole deals on the engine (bidding to settlement), beside a plain-Python playout, same run.

The one-thread figures and the plain-Python baseline are CPU time of this process
(``time.process_time``), so that other work on a shared machine does not count.
"""

from __future__ import annotations

import random
import time

import pytest

import bitcards
from bench.conftest import size, tag
from tests.naive import skat_game as naive

N = size(1_000_000, 2_000)
N_NAIVE = size(500, 20)


CPU = pytest.mark.benchmark(timer=time.process_time)


@CPU
def test_random_deals_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, "skat random whole deals", N, "bitcards", "bitcards.playout('skat'), random policy, 1 thread, CPU time")
    r = benchmark(bitcards.playout, "skat", N, seed=7)
    assert len(r) == N


def test_random_deals_all_threads(benchmark, all_threads) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, "skat random whole deals", N, "bitcards", f"bitcards.playout('skat'), random policy, {all_threads} threads")
    benchmark(bitcards.playout, "skat", N, seed=7)


@CPU
def test_baseline_deals_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, "skat random whole deals", N, "bitcards", "bitcards.playout('skat'), baseline policy, 1 thread, CPU time")
    benchmark(bitcards.playout, "skat", N, seed=7, policy="baseline")


@CPU
def test_random_deals_naive_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    label = "plain Python: random.shuffle + tests/naive/skat_game.py, CPU time"
    tag(benchmark, "skat random whole deals", N_NAIVE, "baseline", label)

    def run() -> int:
        rng = random.Random(7)
        return sum(naive.random_deal(naive.random_masks(rng), rng)[0]["game"] is None for _ in range(N_NAIVE))

    assert benchmark(run) <= N_NAIVE
