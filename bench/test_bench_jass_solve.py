"""Jass open-hand solver: whole deals (9 tricks), beside the plain full minimax on 3-trick endgames and a plain-Python
alpha-beta (tests/naive/jass_solve.py ``alphabeta``) on 6-trick endgames, same run. The plain alpha-beta takes seconds
for 6 tricks and more than half an hour for a whole deal, so its group is the 6-trick endgames (the first six cards of
each hand of the same deals), which the solver also solves.

The target is the median time per whole deal; pytest-benchmark reports the time of one call of
``solve_many`` over ``N`` deals, so the per-deal figure is that divided by ``N`` (the report's
items/s); ``test_solve_median_ms`` records the median and 90th percentile of single-deal solves,
over all deals and per contract, in ``extra_info`` (CPU time of the process, which another busy
process on the machine does not inflate), over ``N_MEDIAN`` deals (the first ``N`` of them are the batch's).
The times of trump deals spread from tens of milliseconds to seconds and a third of the deals (Obenabe,
Undenufe) are fast, so the median sits where the two meet and a small sample misleads: the median of the first
60 deals was 62 ms, of the next four sixties 80 to 188 ms, of all 300 121 ms (2026-11-29). So the median is taken
over 1,000 deals, as for Skat's targets (about 14 minutes here).
``BITCARDS_BENCH=small`` cuts the plain alpha-beta's endgames to 4 tricks.
"""

from __future__ import annotations

import time

import numpy as np

from bench.conftest import size, tag
from bitcards.deal import deal
from bitcards.jass.batch import solve as solve_many
from bitcards.jass.solver import new_table, solve
from tests.naive import jass as naive
from tests.naive import jass_solve as ref

N = size(60, 1)  # whole deals in one batch, the six contracts in turn (some take seconds: see the module docstring)
N_MEDIAN = size(1_000, 1)  # whole deals one at a time, for the median (see the module docstring)
N_BASELINE = size(200, 5)
N_PLAIN = size(3, 1)
PLAIN_TRICKS = size(6, 4)


def _deals(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    hands = deal(n, "jass", seed=15).copy()
    contracts = np.arange(n) % 6
    leaders = (np.arange(n) // 6) % 4
    return hands, contracts, leaders


def test_solve_deals_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    hands, contracts, leaders = _deals(N)
    tag(benchmark, "jass whole deals solved (open hands)", N, "bitcards", "bitcards.jass.batch.solve, 1 thread")
    res = benchmark.pedantic(solve_many, (hands, contracts, leaders), rounds=1, iterations=1)
    assert ((res >= 0) & (res <= 257)).all()


def _plain_endgames(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The first ``PLAIN_TRICKS`` cards of each hand of ``n`` deals (masks), their contracts and leaders."""
    hands, contracts, leaders = _deals(n)
    cut = np.array(
        [[sum(1 << c for c in [c for c in range(36) if int(m) >> c & 1][:PLAIN_TRICKS]) for m in h] for h in hands],
        dtype=np.uint64,
    )
    return cut, contracts, leaders


def test_endgames_plain_alphabeta_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    hands, contracts, leaders = _plain_endgames(N_PLAIN)
    deals = [
        ([[naive.name(c) for c in range(36) if int(m) >> c & 1] for m in h], "dhscou"[ct], ld)
        for h, ct, ld in zip(hands, contracts.tolist(), leaders.tolist())
    ]
    group = f"jass {PLAIN_TRICKS}-trick endgames solved"
    tag(benchmark, group, N_PLAIN, "baseline", "plain-Python alpha-beta (tests/naive/jass_solve.py)")
    out = benchmark.pedantic(lambda: [ref.alphabeta_points(h, c, ld) for h, c, ld in deals], rounds=1, iterations=1)
    assert out == solve_many(hands, contracts, leaders).tolist()


def test_endgames_plain_alphabeta_solver(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    hands, contracts, leaders = _plain_endgames(N_BASELINE)
    tag(benchmark, f"jass {PLAIN_TRICKS}-trick endgames solved", N_BASELINE, "bitcards", "bitcards.jass.batch.solve, 1 thread")
    benchmark(solve_many, hands, contracts, leaders)


def test_solve_median_ms(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    hands, contracts, leaders = _deals(N_MEDIAN)
    table = new_table()
    times = []

    def run() -> None:
        for i in range(N_MEDIAN):
            t0 = time.process_time()
            solve(hands[i].tolist(), int(contracts[i]), int(leaders[i]), values=False, table=table)
            times.append(time.process_time() - t0)

    label = "bitcards.jass.solve one deal at a time, 1 thread"
    tag(benchmark, "jass whole deals solved (open hands)", N_MEDIAN, "bitcards", label)
    benchmark.pedantic(run, rounds=1, iterations=1)
    ms = np.array(times) * 1e3
    benchmark.extra_info["median_ms"] = float(np.median(ms))
    benchmark.extra_info["p90_ms"] = float(np.quantile(ms, 0.9))
    for ct in np.unique(contracts).tolist():
        mine = ms[contracts == ct]
        benchmark.extra_info[f"median_ms_{'dhscou'[ct]}"] = float(np.median(mine))
        benchmark.extra_info[f"p90_ms_{'dhscou'[ct]}"] = float(np.quantile(mine, 0.9))
    per = ", ".join(f"{'dhscou'[ct]} {np.median(ms[contracts == ct]):.0f}" for ct in np.unique(contracts).tolist())
    benchmark.extra_info["label"] = (
        f"bitcards.jass.solve one deal at a time, 1 thread (CPU time: median {np.median(ms):.0f} ms, "
        f"90% {np.quantile(ms, 0.9):.0f} ms per deal; medians by contract, ms: {per})"
    )


def _endgames(n: int) -> list[tuple[list[list[str]], str, int]]:
    rng = np.random.default_rng(3)
    deck = [s + r for s in naive.SUITS for r in naive.RANKS]
    out = []
    for i in range(n):
        cards = [deck[j] for j in rng.permutation(36)[:12]]
        out.append(([cards[3 * p : 3 * p + 3] for p in range(4)], "dhscou"[i % 6], i % 4))
    return out


def test_endgames_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    from bitcards.notation import parse_mask

    rows = _endgames(N_BASELINE)
    hands = np.array([[parse_mask(" ".join(h), "jass") for h in hs] for hs, _, _ in rows], dtype=np.uint64)
    cts = np.array(["dhscou".index(c) for _, c, _ in rows])
    lds = np.array([ld for _, _, ld in rows])
    tag(benchmark, "jass 3-trick endgames solved", N_BASELINE, "bitcards", "bitcards.jass.batch.solve, 1 thread")
    benchmark(solve_many, hands, cts, lds)


def test_endgames_naive_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    rows = _endgames(N_BASELINE)
    tag(benchmark, "jass 3-trick endgames solved", N_BASELINE, "baseline", "plain full minimax (tests/naive)")
    benchmark.pedantic(lambda: [ref.points(h, c, ld) for h, c, ld in rows], rounds=1, iterations=1)
