"""Cribbage play: pegging scores of whole plays, crib-aware discards, whole games to 121, beside plain Python.

Baselines, measured in the same run on fewer items: the plain references of the tests
(``tests/naive/cribbage.py``): ``peg_play`` for the play, ``crib_table``'s brute force (one throw's
cribs) for the discard, and a plain-Python game (random legal play, the naive scorers) for whole games.
"""

from __future__ import annotations

import random

import numba
import numpy as np

from bench.conftest import size, tag
from bitcards.cribbage import _peg
from bitcards.cribbage.crib import crib_table_of
from bitcards.deal import deal
from bitcards.engine import playout
from tests.naive import cribbage as naive

N_PLAYS = size(5_000_000, 1_000)
N_PLAYS_BASELINE = size(5_000, 20)
N_HANDS = size(20, 2)
N_CRIBS_BASELINE = size(2_000, 50)
N_GAMES = size(200_000, 200)
N_GAMES_BASELINE = size(20, 1)


@numba.njit(cache=True)
def _random_plays(pones, dealers, seed, out):  # type: ignore[no-untyped-def]
    """A random legal play of each row's two hands (the pone leads), by the kernel's own step."""
    np.random.seed(seed)
    for i in range(pones.shape[0]):
        h = np.array([pones[i], dealers[i]], dtype=np.uint64)
        p, count, ser = 0, 0, np.uint64(0)
        for k in range(8):
            legal = _peg.fitting(h[p], count)
            m = np.int64(0)
            x = legal
            while x:
                m += 1
                x &= x - np.uint64(1)
            j = np.random.randint(0, m)
            x = legal
            for _ in range(j):
                x &= x - np.uint64(1)
            c = 0
            while not (x >> np.uint64(c)) & np.uint64(1):
                c += 1
            out[i, k] = c
            hp, count, ser, _, _, nxt = _peg.peg_step(h[p], h[1 - p], count, ser, c)
            h[p] = hp
            if nxt == _peg.OPP:
                p = 1 - p


def _plays(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    d = deal(n, "cribbage", 1)
    a, b = d[:, 0].copy(), d[:, 1].copy()
    for m in (a, b):  # four of six: drop the two lowest cards
        m &= m - np.uint64(1)
        m &= m - np.uint64(1)
    seqs = np.empty((n, 8), dtype=np.int8)
    _random_plays(a, b, 1, seqs)
    return a, b, seqs


def test_peg_scores_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    from bitcards.cribbage.batch import peg as peg_scores

    a, b, seqs = _plays(N_PLAYS)
    out = np.empty((N_PLAYS, 2), dtype=np.int16)
    tag(benchmark, "cribbage pegging: whole plays scored", N_PLAYS, "bitcards", "cribbage.batch.peg, 1 thread")
    benchmark(peg_scores, a, b, seqs, out=out)


def test_peg_scores_all_threads(benchmark, all_threads) -> None:  # type: ignore[no-untyped-def]
    from bitcards.cribbage.batch import peg as peg_scores

    a, b, seqs = _plays(N_PLAYS)
    out = np.empty((N_PLAYS, 2), dtype=np.int16)
    tag(benchmark, "cribbage pegging: whole plays scored", N_PLAYS, "bitcards", f"cribbage.batch.peg, {all_threads} threads")
    benchmark(peg_scores, a, b, seqs, out=out)


def _bits(m: int) -> list[int]:
    return [b for b in range(52) if m >> b & 1]


def test_peg_naive_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    a, b, seqs = _plays(N_PLAYS_BASELINE)
    rows = [(_bits(int(x)), _bits(int(y)), s.tolist()) for x, y, s in zip(a, b, seqs)]
    tag(benchmark, "cribbage pegging: whole plays scored", N_PLAYS_BASELINE, "baseline", "plain Python (tests/naive peg_play)")
    benchmark(lambda: [naive.peg_play(x, y, s) for x, y, s in rows])


# --- crib-aware discard -------------------------------------------------------------------------
def test_crib_discard_per_hand(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    sixes = deal(N_HANDS, "cribbage", 2)[:, 0]
    tag(benchmark, "cribbage crib-aware discard: cribs scored", N_HANDS * 15 * 45_540, "bitcards",
        f"crib_table_of, both roles, 1 thread ({N_HANDS} hands x 15 throws x 45,540 cribs)")  # fmt: skip
    benchmark(lambda: [crib_table_of(int(m)) for m in sixes])


def test_crib_discard_naive_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    six = _bits(int(deal(1, "cribbage", 2)[0, 0]))
    unseen = [b for b in range(52) if b not in six]
    pairs = [(x, y) for i, x in enumerate(unseen) for y in unseen[i + 1 :]][: N_CRIBS_BASELINE // 44 + 1]
    thrown = six[:2]

    def cribs() -> int:
        return sum(
            naive.score_bits([*thrown, x, y], s, crib=True) for x, y in pairs for s in unseen if s not in (x, y)
        )

    tag(benchmark, "cribbage crib-aware discard: cribs scored", len(pairs) * 44, "baseline",
        "plain Python (tests/naive score_bits), one throw's cribs")  # fmt: skip
    benchmark(cribs)


# --- whole games ----------------------------------------------------------------------------------
def test_games_baseline_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, "cribbage whole games to 121", N_GAMES, "bitcards", "playout, baseline policy, 1 thread")
    benchmark(playout, "cribbage", N_GAMES, seed=1, policy="baseline")


def test_games_random_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, "cribbage whole games to 121", N_GAMES, "bitcards", "playout, random policy, 1 thread")
    benchmark(playout, "cribbage", N_GAMES, seed=1)


def test_games_baseline_all_threads(benchmark, all_threads) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, "cribbage whole games to 121", N_GAMES, "bitcards", f"playout, baseline policy, {all_threads} threads")
    benchmark(playout, "cribbage", N_GAMES, seed=1, policy="baseline")


def _python_game(rnd: random.Random) -> list[int]:
    """One game to 121 in plain Python: random throws and random legal cards, scored by tests/naive."""
    scores = [0, 0]
    dealer = 0
    while True:
        cards = rnd.sample(range(52), 13)
        pone = 1 - dealer
        hands = {pone: cards[0:12:2], dealer: cards[1:12:2]}
        kept = {}
        crib: list[int] = []
        for p in (pone, dealer):
            h = hands[p][:]
            rnd.shuffle(h)
            kept[p], crib = h[:4], crib + h[4:]
        starter = cards[12]
        if starter % 13 == 10:
            scores[dealer] += 2
        seq: list[int] = []
        while len(seq) < 8 and max(scores) < 121:
            both = kept[pone] + kept[dealer]
            ok = [c for c in both if c not in seq and naive.peg_play(kept[pone], kept[dealer], [*seq, c])[1] is None]
            seq.append(rnd.choice(ok))
            who, pts = naive.peg_play(kept[pone], kept[dealer], seq)[0][-1]
            scores[pone if who == 0 else dealer] += pts
        for p, cs, is_crib in ((pone, kept[pone], False), (dealer, kept[dealer], False), (dealer, crib, True)):
            if max(scores) < 121:
                scores[p] += naive.score_bits(cs, starter, crib=is_crib)
        if max(scores) >= 121:
            return scores
        dealer = pone


def test_games_python_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, "cribbage whole games to 121", N_GAMES_BASELINE, "baseline",
        "plain Python (random play, tests/naive scorers)")  # fmt: skip
    benchmark(lambda: [_python_game(random.Random(i)) for i in range(N_GAMES_BASELINE)])
