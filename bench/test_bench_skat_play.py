"""Skat whole deals on the engine (bidding to settlement), beside a plain-Python playout, same run."""

from __future__ import annotations

import random

import bitcards
from bench.conftest import size, tag
from tests.naive import skat_game as naive

N = size(1_000_000, 2_000)
N_NAIVE = size(500, 20)


def test_random_deals_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, "skat random whole deals", N, "bitcards", "bitcards.playout('skat'), random policy, 1 thread")
    r = benchmark(bitcards.playout, "skat", N, seed=7)
    assert len(r) == N


def test_random_deals_all_threads(benchmark, all_threads) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, "skat random whole deals", N, "bitcards", f"bitcards.playout('skat'), random policy, {all_threads} threads")
    benchmark(bitcards.playout, "skat", N, seed=7)


def test_baseline_deals_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, "skat random whole deals", N, "bitcards", "bitcards.playout('skat'), baseline policy, 1 thread")
    benchmark(bitcards.playout, "skat", N, seed=7, policy="baseline")


def test_random_deals_naive_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, "skat random whole deals", N_NAIVE, "baseline", "plain Python: random.shuffle + tests/naive/skat_game.py")

    def run() -> int:
        rng = random.Random(7)
        return sum(naive.random_deal(naive.random_masks(rng), rng)[0]["game"] is None for _ in range(N_NAIVE))

    assert benchmark(run) <= N_NAIVE
