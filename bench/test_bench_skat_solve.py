"""The open-hand Skat solver: median time per whole deal (suit, grand, null) and plain-Python baselines.

* Whole deals: random deals, the declarer in turn at each seat, forehand (seat 0) leads; one
  deal at a time through the solver's kernel on one thread (its table reused), so each deal's
  time is measured alone and the label gives the median and the 90th percentile, in wall-clock
  time and in the thread's CPU time (which a busy machine does not inflate).
* Endgames (3 tricks left) beside the plain full minimax of tests/naive/skat_solve.py.
* Whole deals beside a plain-Python alpha-beta with bounds remembered per trick
  (tests/naive/skat_solve.py ``alphabeta``): a minute or more per deal, so only a couple.

``BITCARDS_BENCH=small`` cuts the deals to a few and the plain alpha-beta to 4-trick endgames.
"""

from __future__ import annotations

import time

import numpy as np

from bench.conftest import size, tag
from bitcards.deal import deal
from bitcards.skat.solver import _new_buf, _solve_deal, new_table, solve
from tests.naive import skat as rules
from tests.naive import skat_solve as naive

N_DEALS = size(1_000, 5)
N_ENDGAMES = size(300, 10)
N_PLAIN = size(2, 1)
PLAIN_TRICKS = size(10, 4)


def _deals(n: int, seed: int) -> np.ndarray:
    return deal(n, "skat", seed)


def _solve_each(deals: np.ndarray, game: int) -> np.ndarray:
    """Per deal: wall-clock seconds and this thread's CPU seconds (the same on an idle machine)."""
    tt = new_table()
    buf = _new_buf()
    times = np.empty((len(deals), 2))
    for i, d in enumerate(deals):
        h = [np.int64(x) for x in d]
        t, c = time.perf_counter(), time.thread_time()
        _solve_deal(tt, buf, h[0], h[1], h[2], h[3], np.int64(game), np.int64(i % 3), np.int64(0))
        times[i] = time.perf_counter() - t, time.thread_time() - c
    return times


def _whole_deals(benchmark, game: int, name: str) -> None:  # type: ignore[no-untyped-def]
    deals = _deals(N_DEALS, 11)
    _solve_each(deals[:1], game)  # compile or load the kernels
    tag(benchmark, f"skat solve whole deals ({name})", N_DEALS, "bitcards", "")
    times = benchmark.pedantic(_solve_each, args=(deals, game), rounds=1, iterations=1)
    ms, cpu = times[:, 0] * 1000, times[:, 1] * 1000
    benchmark.extra_info["median_ms"] = float(np.median(ms))
    benchmark.extra_info["median_cpu_ms"] = float(np.median(cpu))
    benchmark.extra_info["p90_cpu_ms"] = float(np.percentile(cpu, 90))
    benchmark.extra_info["label"] = (
        f"bitcards.skat.solve kernel, 1 thread: median {np.median(ms):.2f} ms, "
        f"90% {np.percentile(ms, 90):.1f} ms, max {ms.max():.0f} ms per deal "
        f"(CPU time: median {np.median(cpu):.2f} ms, 90% {np.percentile(cpu, 90):.1f} ms)"
    )


def test_whole_deals_suit(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    _whole_deals(benchmark, 3, "clubs")


def test_whole_deals_grand(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    _whole_deals(benchmark, 4, "grand")


def test_whole_deals_null(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    _whole_deals(benchmark, 5, "null")


def _plain_deals(n: int, tricks: int) -> list[list[list[tuple[str, str]]]]:
    """The first ``tricks`` cards of each hand of ``n`` deals, as card lists."""
    out = []
    for d in _deals(n, 12):
        out.append([rules.cards_of(int(h))[:tricks] for h in d[:3]])
    return out


def test_whole_deals_plain_alphabeta_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    deals = _plain_deals(N_PLAIN, PLAIN_TRICKS)
    what = "whole deals" if PLAIN_TRICKS == 10 else f"{PLAIN_TRICKS}-trick endgames"
    tag(benchmark, "skat solve whole deals (clubs)", N_PLAIN, "baseline", f"plain-Python alpha-beta on {what}")

    def run() -> list[int]:
        return [naive.alphabeta(h, "clubs", i % 3, 0, [], -1, 121, {}) for i, h in enumerate(deals)]

    out = benchmark.pedantic(run, rounds=1, iterations=1)
    assert len(out) == N_PLAIN


def _endgames(n: int) -> list[list[list[tuple[str, str]]]]:
    return _plain_deals(n, 3)


def test_endgames_bitcards(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    games = _endgames(N_ENDGAMES)
    texts = [[" ".join(s + r for s, r in h) for h in g] for g in games]
    tt = new_table()
    solve(texts[0], "", "clubs", 0, 0, table=tt)
    label = "bitcards.skat.solve (points and the schwarz tests)"
    tag(benchmark, "skat solve 3-trick endgames (clubs)", N_ENDGAMES, "bitcards", label)
    out = benchmark(lambda: [solve(t, "", "clubs", i % 3, 0, table=tt).points for i, t in enumerate(texts)])
    assert len(out) == N_ENDGAMES


def test_endgames_minimax_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    games = _endgames(N_ENDGAMES)
    tag(benchmark, "skat solve 3-trick endgames (clubs)", N_ENDGAMES, "baseline", "plain full minimax (tests/naive)")
    out = benchmark.pedantic(
        lambda: [naive.value(g, "clubs", i % 3, 0, [], "points") for i, g in enumerate(games)], rounds=1, iterations=1
    )
    assert len(out) == N_ENDGAMES
