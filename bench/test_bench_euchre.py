"""Euchre: sorting hands the way of Ruby Quiz #55, and trick winners; bitcards beside plain-Python references, same run."""

from __future__ import annotations

import numpy as np

from bench.conftest import size, tag
from bitcards.deal import deal
from bitcards.euchre import batch, hand_sort_keys
from tests.naive import euchre as naive

N = size(8_000_000, 2_000)
N_BASELINE = size(100_000, 500)
TRUMP_NAMES = ["Diamonds", "Hearts", "Spades", "Clubs"]


def _hands(n: int) -> tuple[np.ndarray, np.ndarray]:
    masks = deal((n + 3) // 4, "euchre", seed=55)[:, :4].reshape(-1)[:n].copy()  # four 5-card hands per deal
    trumps = (np.arange(n) % 4).astype(np.int8)
    return masks, trumps


def test_sort_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    masks, trumps = _hands(N)
    out = np.empty((N, 5), dtype=np.int8)
    tag(benchmark, "euchre sort 5-card hands", N, "bitcards", "bitcards.euchre.batch.sort_hand, 1 thread")
    res = benchmark(batch.sort_hand, masks, trumps, width=5, out=out)
    assert res.shape == (N, 5) and (res >= 0).all()


def test_sort_all_threads(benchmark, all_threads) -> None:  # type: ignore[no-untyped-def]
    masks, trumps = _hands(N)
    out = np.empty((N, 5), dtype=np.int8)
    tag(benchmark, "euchre sort 5-card hands", N, "bitcards", f"bitcards.euchre.batch.sort_hand, {all_threads} threads")
    benchmark(batch.sort_hand, masks, trumps, width=5, out=out)


def test_sort_naive_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    masks, trumps = _hands(N_BASELINE)
    rows = [
        (TRUMP_NAMES[t], [naive.bit_to_card(b) for b in range(24) if m >> b & 1])
        for m, t in zip(masks.tolist(), trumps.tolist())
    ]

    def run() -> list[list[str]]:
        return [naive.sort_bob(t, h) for t, h in rows]

    tag(benchmark, "euchre sort 5-card hands", N_BASELINE, "baseline", "Bob Showalter's algorithm with lists (tests/naive)")
    res = benchmark(run)
    assert len(res) == N_BASELINE


def test_sort_keys_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    n = size(2_000_000, 2_000)
    masks, trumps = _hands(n)
    tag(benchmark, "euchre per-hand sort-key tables", n, "bitcards", "bitcards.euchre.hand_sort_keys, 1 thread")
    res = benchmark(hand_sort_keys, masks, trumps)
    assert res.shape == (n, 24)


def test_sort_keys_naive_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    masks, trumps = _hands(N_BASELINE // 10)
    rows = [
        (TRUMP_NAMES[t], [naive.bit_to_card(b) for b in range(24) if m >> b & 1])
        for m, t in zip(masks.tolist(), trumps.tolist())
    ]

    def run() -> list[dict[str, int]]:
        # a hand's key table: each card's position in the deck order Bob's algorithm builds for it
        return [{c: i for i, c in enumerate(naive.bob_deck(t, h))} for t, h in rows]

    tag(benchmark, "euchre per-hand sort-key tables", N_BASELINE // 10, "baseline", "naive deck order per hand (tests/naive)")
    benchmark(run)


def _tricks(n: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(55)
    tricks = np.argsort(rng.random((n, 24)), axis=1)[:, :4].astype(np.int8)
    trumps = rng.integers(0, 4, n).astype(np.int8)
    return tricks, trumps


def test_trick_winners(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    n = size(2_000_000, 2_000)
    tricks, trumps = _tricks(n)
    tag(benchmark, "euchre trick winners", n, "bitcards", "bitcards.euchre.batch.trick_winner, 1 thread")
    res = benchmark(batch.trick_winner, tricks, trumps)
    assert res.shape == (n,)


def test_trick_winners_naive_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    tricks, trumps = _tricks(N_BASELINE)
    rows = [([naive.bit_to_card(c) for c in row], "dhsc"[t]) for row, t in zip(tricks.tolist(), trumps.tolist())]

    def run() -> list[int]:
        return [naive.trick_winner(cards, t) for cards, t in rows]

    tag(benchmark, "euchre trick winners", N_BASELINE, "baseline", "plain-Python trick winner (tests/naive)")
    benchmark(run)
