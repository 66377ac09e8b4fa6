"""Fit the Jass solver's first guess of a whole deal's value and print the weight table for ``bitcards/_trick_solver.py``.

Usage (from the project root)::

    python bench/fit_guess.py [--deals 3000] [--seed 101] [--values FILE.npz]

The solver probes a deal's value with zero-window searches; a guess of the value lets the first probes land near it
(``_from_guess``). The guess is a linear function of a few counts of the deal (``guess_features``: who holds each
card role, who leads, who has the longest trumps), fitted here by least squares (with a small ridge) to the exact
values of ``--deals`` whole deals, dealt with ``--seed`` (not the benchmark's seed 15), the six contracts in turn.
Solving them took 13 minutes of one core here (AMD EPYC Zen 5); ``--values`` keeps the deals and their values in a
file and reads them from it when it exists. Two thirds of each kind of contract are fitted, the last third tests:
the script prints the test error beside the spread of the values, then the table.

The weights only order the solver's probes: any table gives the same values (tests/test_trick_solver.py).
"""

from __future__ import annotations

import argparse
import os

import numpy as np

from bitcards._trick_solver import GUESS_FEATURES, guess_features
from bitcards.deal import deal
from bitcards.jass.batch import solve as solve_many
from bitcards.jass.rules import POINTS

KINDS = ("a trump suit", "Obenabe", "Undenufe")


def _deals(n: int, seed: int, path: str | None) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    if path and os.path.exists(path):
        d = np.load(path)
        return d["hands"], d["ct"], d["ld"], d["v"]
    hands = deal(n, "jass", seed=seed).copy()
    ct = np.arange(n) % 6
    ld = (np.arange(n) // 6) % 4
    v = solve_many(hands, ct, ld)
    if path:
        np.savez(path, hands=hands, ct=ct, ld=ld, v=v)
    return hands, ct, ld, v


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=101)
    ap.add_argument("--values", help="an .npz file that keeps the deals and their values")
    ap.add_argument("--ridge", type=float, default=1.0)
    a = ap.parse_args()
    hands, ct, ld, v = _deals(a.deals, a.seed, a.values)
    cards = POINTS.reshape(6, 36)[ct].sum(axis=1) + 5  # a whole deal's points (157)
    target = np.minimum(v, cards).astype(np.float64)  # a match counts as the cards' points
    x = np.zeros((len(v), GUESS_FEATURES))
    for i in range(len(v)):
        h = [int(m) for m in hands[i]]
        guess_features(int(ct[i]), *h, int(ld[i]), x[i])
    rows = []
    for kind, name in enumerate(KINDS):
        sel = np.flatnonzero(ct < 4) if kind == 0 else np.flatnonzero(ct == kind + 3)
        k = len(sel) * 2 // 3
        fit, test = sel[:k], sel[k:]
        xf = x[fit]
        w = np.linalg.solve(xf.T @ xf + a.ridge * np.eye(GUESS_FEATURES), xf.T @ target[fit])
        err = np.round(x[test] @ w) - target[test]
        print(
            f"{name}: {len(fit)} deals fitted, {len(test)} tested: error sd {err.std():.1f}, median |error| "
            f"{np.median(np.abs(err)):.1f} points (the values' sd {target[test].std():.1f})"
        )
        rows.append(w)
    print("_GUESS_W = np.array(\n    [")
    for w, name in zip(rows, KINDS):
        parts = [", ".join(f"{c:.2f}" for c in part) for part in (w[:9], w[9:18], w[18:])]
        if name == KINDS[0]:
            say = "the trump suit's ranks 6..A; the other suits' ranks; the leader's team, the longest trumps, 1"
        else:
            say = "all suits' ranks 6..A; (none); the leader's team, (none), 1"
        print(f"        [  # {name}: {say}")
        print("".join(f"            {p},\n" for p in parts) + "        ],")
    print("    ]\n)  # fmt: skip")


if __name__ == "__main__":
    main()
