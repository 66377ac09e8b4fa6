"""jass-play: determinism, the counts against plain Python row by row, sanity laws of random play."""

from __future__ import annotations

from math import sqrt

import numpy as np
import pytest

from bitcards.jass import random_games
from bitcards.simulate import simulate
from tests.naive import jass as naive

LETTERS = "dhscou"


def _naive_counts(n: int, seed: int) -> dict[str, np.ndarray]:
    points = np.zeros((6, 2, 158), dtype=np.int64)
    tricks = np.zeros((6, 10), dtype=np.int64)
    ins = np.zeros((4, 28), dtype=np.int64)
    plays = np.zeros((4, 28), dtype=np.int64)
    for code, letter in enumerate(LETTERS):
        for rec in random_games(n, letter, seed).tolist():
            matrix = naive.matrix_of(rec)
            out = naive.check(matrix, letter)
            assert out["legal"]
            points[code, 0, out["points"][0]] += 1
            points[code, 1, out["points"][1]] += 1
            tricks[code, sum(1 for w in out["winners"] if w in (1, 3))] += 1
            if code < 4:
                leader, n_in, n_plays = 0, 0, 0
                for t in range(9):
                    if not naive.is_trump(matrix[t][leader], letter):
                        for j in range(1, 4):
                            n_plays += 1
                            n_in += naive.is_trump(matrix[t][(leader + j) % 4], letter)
                    leader = out["winners"][t] - 1
                ins[code, n_in] += 1
                plays[code, n_plays] += 1
    return {"points": points, "tricks": tricks, "trump_ins": ins, "side_lead_plays": plays}


def test_jass_play_equals_plain_python_row_by_row() -> None:
    n, seed = 60, 17
    r = simulate("jass-play", n, seed=seed, chunk_size=16)
    expect = _naive_counts(n, seed)
    for name, counts in expect.items():
        assert (r.counts[name] == counts).all(), name


@pytest.mark.jit
def test_counts_do_not_depend_on_chunks_or_threads() -> None:
    n = 5_000  # random_games runs one thread below 2,048 rows, all threads above
    whole = simulate("jass-play", n, seed=8, chunk_size=n)
    assert whole.equal_counts(simulate("jass-play", n, seed=8, chunk_size=300))
    assert whole.equal_counts(simulate("jass-play", n, seed=8, chunk_size=n, threads=1))
    assert not whole.equal_counts(simulate("jass-play", n, seed=9, chunk_size=n))


@pytest.mark.jit
def test_random_play_laws() -> None:
    n = 40_000
    r = simulate("jass-play", n, seed=2026)
    p = r.counts["points"]
    # the two sides always share 157 points: side 2's histogram is side 1's mirrored
    assert (p[:, 1, :] == p[:, 0, ::-1]).all()
    # the four trump suits play alike (by symmetry): points and trump-in rates agree within 5 sigma
    mu, sd = r.mean("points")[:, 0], r.std("points")[:, 0]
    s = r.summary()
    rate = np.array([s[f"trump_in_rate_{LETTERS[c]}"] for c in range(4)])
    # the ratio estimator's error: Var(ins - rate * plays) <= (sd_ins + rate * sd_plays)**2 whatever their correlation
    se = (r.std("trump_ins") + rate * r.std("side_lead_plays")) / r.mean("side_lead_plays") / sqrt(n)
    for code in range(4):
        for other in range(code + 1, 4):
            assert abs(mu[code] - mu[other]) <= 5 * sqrt(sd[code] ** 2 / n + sd[other] ** 2 / n)
            assert abs(rate[code] - rate[other]) <= 5 * sqrt(se[code] ** 2 + se[other] ** 2)
    ins = r.counts["trump_ins"]
    # there are nine trumps: at most nine trump-ins per game, and never more than the occasions
    assert ins[:, 10:].sum() == 0
    assert ((ins * np.arange(28)).sum(axis=1) <= (r.counts["side_lead_plays"] * np.arange(28)).sum(axis=1)).all()
    assert 0 < s["trump_in_rate_h_lo"] < s["trump_in_rate_h"] < s["trump_in_rate_h_hi"] < 1
