"""Skat kernels beside plain-Python implementations of the same rules (tests/naive/skat.py), same run."""

from __future__ import annotations

import itertools

import numpy as np

from bench.conftest import size, tag
from bitcards.deal import deal
from bitcards.skat import batch, bid_distribution
from tests.naive import skat as naive

N = size(20_000_000, 2_000)
N_BASE = size(50_000, 500)


def _hands(n: int, seed: int = 1) -> np.ndarray:
    return np.ascontiguousarray(deal(n // 3 + 1, "skat", seed)[:, :3].reshape(-1)[:n])


BID_GROUP = "skat simple bid value (jack factor x trump suit value)"


# --- the simple bid value over arrays -------------------------------------------------------------


def test_bid_values_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    hands = _hands(N)
    tag(benchmark, BID_GROUP, N, "bitcards", "bitcards.skat.batch.bid_value, 1 thread")
    values, _ = benchmark(batch.bid_value, hands)
    assert values.shape == (N,)


def test_bid_values_all_threads(benchmark, all_threads) -> None:  # type: ignore[no-untyped-def]
    hands = _hands(N)
    tag(benchmark, BID_GROUP, N, "bitcards", f"bitcards.skat.batch.bid_value, {all_threads} threads")
    benchmark(batch.bid_value, hands)


def test_bid_values_naive_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    cards = [naive.cards_of(int(m)) for m in _hands(N_BASE)]
    tag(benchmark, BID_GROUP, N_BASE, "baseline", "plain Python (tests/naive/skat.py) on card lists")
    out = benchmark(lambda: [naive.seed_bid_value(c) for c in cards])
    assert len(out) == N_BASE


# --- the exhaustive distribution ------------------------------------------------------------------

LIMIT = None if size(1, 0) else 100_000
N_EXH = 64_512_240 if LIMIT is None else LIMIT
N_EXH_BASE = size(300_000, 2_000)


def test_exhaustive_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, "skat exhaustive bid distribution", N_EXH, "bitcards", "bitcards.skat.bid_distribution, 1 thread")
    d = benchmark(bid_distribution, limit=LIMIT)
    assert d.total == N_EXH


def test_exhaustive_all_threads(benchmark, all_threads) -> None:  # type: ignore[no-untyped-def]
    label = f"bitcards.skat.bid_distribution, {all_threads} threads"
    tag(benchmark, "skat exhaustive bid distribution", N_EXH, "bitcards", label)
    benchmark(bid_distribution, limit=LIMIT)


def _plain_enumeration(n: int) -> dict[tuple[int, str | None], int]:
    deck = [naive.card(b) for b in range(32)]
    hist: dict[tuple[int, str | None], int] = {}
    for combo in itertools.islice(itertools.combinations(deck, 10), n):
        key = naive.seed_bid_value(list(combo))
        hist[key] = hist.get(key, 0) + 1
    return hist


def test_exhaustive_naive_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, "skat exhaustive bid distribution", N_EXH_BASE, "baseline", "plain Python: itertools.combinations + rule")
    hist = benchmark(_plain_enumeration, N_EXH_BASE)
    assert sum(hist.values()) == N_EXH_BASE


# --- the official game value -------------------------------------------------------------------------

N_GV = size(10_000_000, 2_000)


def _twelve(n: int) -> np.ndarray:
    d = deal(n, "skat", 2)
    return np.ascontiguousarray(d[:, 0] | d[:, 3])


def test_game_values_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    masks = _twelve(N_GV)
    points = np.random.default_rng(1).integers(0, 121, size=N_GV)
    tag(benchmark, "skat game value", N_GV, "bitcards", "bitcards.skat.batch.game_value (grand, bid 48), 1 thread")
    r = benchmark(batch.game_value, masks, "grand", points=points, bid=48)
    assert r.score.shape == (N_GV,)


def test_game_values_naive_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    masks = _twelve(N_BASE)
    points = np.random.default_rng(1).integers(0, 121, size=N_BASE).tolist()
    cards = [naive.cards_of(int(m)) for m in masks]

    def run() -> list[tuple[int, bool, int]]:
        return [naive.game_value(c, "grand", False, None, False, p, 5, 48) for c, p in zip(cards, points)]

    tag(benchmark, "skat game value", N_BASE, "baseline", "plain Python (tests/naive/skat.py)")
    assert len(benchmark(run)) == N_BASE


# --- trick winner ----------------------------------------------------------------------------------------


def _tricks(n: int) -> np.ndarray:
    rng = np.random.default_rng(4)
    return np.argsort(rng.random((n, 32)), axis=1)[:, :3].astype(np.int64)


def test_trick_winners_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    n = size(2_000_000, 2_000)
    tricks = _tricks(n)
    tag(benchmark, "skat trick winner", n, "bitcards", "bitcards.skat.batch.trick_winner (clubs), 1 thread")
    benchmark(batch.trick_winner, tricks, "clubs")


def test_trick_winners_naive_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    tricks = [[naive.card(int(b)) for b in t] for t in _tricks(N_BASE)]
    tag(benchmark, "skat trick winner", N_BASE, "baseline", "plain Python (tests/naive/skat.py)")
    benchmark(lambda: [naive.trick_winner(t, "clubs") for t in tricks])
