"""Cribbage: bulk hand scoring, the exhaustive distribution and discard advice, beside plain-Python scorers.

Baselines, measured in the same run on fewer hands: the naive reference scorer of the tests
(``tests/naive/cribbage.py``, subset enumeration written plainly) and the PyPI package
``cribbage-scorer`` (``show_calc_score``), which agrees with the rules on every hand we compared.
"""

from __future__ import annotations

import numpy as np
from cribbage_scorer import cribbage_scorer as peer

from bench.conftest import size, tag
from bitcards.cribbage import batch, score_distribution
from bitcards.deal import deal
from tests.naive import cribbage as naive

N_HANDS = size(20_000_000, 1_000)
N_BASELINE = size(20_000, 100)
N_DEALS = size(200_000, 200)
N_DEALS_BASELINE = size(10, 1)
SUITS = "DHSC"


def _hands(n: int, seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """n (4-card hand, starter) rows: player 1's six cards minus the two lowest, and the starter."""
    d = deal(n, "cribbage", seed)
    h = d[:, 0].copy()
    h &= h - np.uint64(1)
    h &= h - np.uint64(1)
    return h, d[:, 2].copy()


def _bits(m: int) -> list[int]:
    return [b for b in range(52) if m >> b & 1]


def _naive_rows(n: int) -> list[tuple[list[int], int]]:
    h, s = _hands(n)
    return [(_bits(int(a)), int(b).bit_length() - 1) for a, b in zip(h, s)]


def _naive_score_all(rows: list[tuple[list[int], int]]) -> int:
    return sum(naive.score_bits(held, st) for held, st in rows)


def _peer_score_all(rows: list[tuple[list[tuple[int, str]], tuple[int, str]]]) -> int:
    return sum(peer.show_calc_score(st, held, False)[0] for held, st in rows)


def _peer_rows(n: int) -> list[tuple[list[tuple[int, str]], tuple[int, str]]]:
    def card(b: int) -> tuple[int, str]:
        return (b % 13 + 1, SUITS[b // 13])

    return [([card(b) for b in held], card(st)) for held, st in _naive_rows(n)]


# --- bulk scoring of (hand, starter) arrays -----------------------------------------


def test_score_hands_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    h, s = _hands(N_HANDS)
    out = np.empty(N_HANDS, dtype=np.int8)
    tag(benchmark, "cribbage score hands", N_HANDS, "bitcards", "bitcards.cribbage.batch.score, 1 thread")
    benchmark(batch.score, h, s, out=out)


def test_score_hands_all_threads(benchmark, all_threads) -> None:  # type: ignore[no-untyped-def]
    h, s = _hands(N_HANDS)
    out = np.empty(N_HANDS, dtype=np.int8)
    tag(benchmark, "cribbage score hands", N_HANDS, "bitcards", f"bitcards.cribbage.batch.score, {all_threads} threads")
    benchmark(batch.score, h, s, out=out)


def test_score_hands_naive_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    rows = _naive_rows(N_BASELINE)
    tag(benchmark, "cribbage score hands", N_BASELINE, "baseline", "plain Python (tests/naive, subset enumeration)")
    benchmark(_naive_score_all, rows)


def test_score_hands_peer_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    rows = _peer_rows(N_BASELINE)
    tag(benchmark, "cribbage score hands", N_BASELINE, "baseline", "PyPI cribbage-scorer show_calc_score")
    benchmark(_peer_score_all, rows)


# --- the exhaustive distribution: 12,994,800 (hand, starter) --------------------------


def test_exhaustive_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, "cribbage exhaustive distribution", 12_994_800, "bitcards", "score_distribution(), 1 thread")
    d = benchmark(score_distribution)
    assert int(d.sum()) == 12_994_800


def test_exhaustive_all_threads(benchmark, all_threads) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, "cribbage exhaustive distribution", 12_994_800, "bitcards", f"score_distribution(), {all_threads} threads")
    benchmark(score_distribution)


def test_exhaustive_naive_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    rows = _naive_rows(N_BASELINE)
    tag(benchmark, "cribbage exhaustive distribution", N_BASELINE, "baseline", "plain Python (tests/naive), per hand")
    benchmark(_naive_score_all, rows)


# --- discard advice over 6-card deals ------------------------------------------------


def test_best_discards_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    six = deal(N_DEALS, "cribbage", 2)[:, 0].copy()
    tag(benchmark, "cribbage best discards", N_DEALS, "bitcards", "best_discards, 1 thread (15 keeps x 46 starters)")
    benchmark(batch.best_discard, six)


def test_best_discards_all_threads(benchmark, all_threads) -> None:  # type: ignore[no-untyped-def]
    six = deal(N_DEALS, "cribbage", 2)[:, 0].copy()
    tag(benchmark, "cribbage best discards", N_DEALS, "bitcards", f"best_discards, {all_threads} threads")
    benchmark(batch.best_discard, six)


def test_best_discards_naive_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    sixes = [_bits(int(m)) for m in deal(N_DEALS_BASELINE, "cribbage", 2)[:, 0]]

    def run() -> list[int]:
        return [max(t for t, _, _ in naive.discard_table(six).values()) for six in sixes]

    tag(benchmark, "cribbage best discards", N_DEALS_BASELINE, "baseline", "plain Python (tests/naive discard_table)")
    benchmark(run)
