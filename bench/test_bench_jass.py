"""Jass: checking play records, generating random legal games, whole games on the engine; each beside plain Python, same run."""

from __future__ import annotations

import numpy as np

import bitcards
from bench.conftest import size, tag
from bitcards.jass import batch, mutate_games, random_games
from tests.naive import jass as naive

N_CHECK = size(4_000_000, 2_000)
N_GEN = size(2_000_000, 2_000)
N_NAIVE = size(2_000, 50)


def _records(n: int) -> tuple[np.ndarray, np.ndarray]:
    codes = (np.arange(n) % 6).astype(np.int8)
    games = random_games(n, codes, seed=2026)
    # one record in eight is illegal somewhere, so the checker sees both kinds
    bad, _ = mutate_games(games[::8], codes[::8], seed=1)
    games[::8] = bad
    return games, codes


def test_check_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    recs, codes = _records(N_CHECK)
    tag(benchmark, "jass check", N_CHECK, "bitcards", "bitcards.jass.batch.check, 1 thread")
    ok, first = benchmark(batch.check, recs, codes)
    assert (~ok[::8]).all()


def test_check_all_threads(benchmark, all_threads) -> None:  # type: ignore[no-untyped-def]
    recs, codes = _records(N_CHECK)
    tag(benchmark, "jass check", N_CHECK, "bitcards", f"bitcards.jass.batch.check, {all_threads} threads")
    benchmark(batch.check, recs, codes)


def test_check_naive_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    recs, codes = _records(N_NAIVE)
    matrices = [naive.matrix_of(r.tolist()) for r in recs]
    letters = [naive.CONTRACT_LETTERS[c] for c in codes.tolist()]
    tag(benchmark, "jass check", N_NAIVE, "baseline", "plain-Python checker (tests/naive/jass.py)")

    def run() -> int:
        return sum(naive.check(m, c)["legal"] for m, c in zip(matrices, letters))

    legal = benchmark(run)
    assert legal <= N_NAIVE


def test_generate_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    codes = (np.arange(N_GEN) % 6).astype(np.int8)
    tag(benchmark, "jass random legal games", N_GEN, "bitcards", "bitcards.jass.random_games, 1 thread")
    g = benchmark(random_games, N_GEN, codes, 7)
    assert g.shape == (N_GEN, 36)


def test_generate_all_threads(benchmark, all_threads) -> None:  # type: ignore[no-untyped-def]
    codes = (np.arange(N_GEN) % 6).astype(np.int8)
    tag(benchmark, "jass random legal games", N_GEN, "bitcards", f"bitcards.jass.random_games, {all_threads} threads")
    benchmark(random_games, N_GEN, codes, 7)


def naive_random_games(n: int, seed: int) -> list[list[list[str]]]:
    """Deal with random.shuffle, then play each card uniformly among the reference's allowed cards."""
    import random

    rng = random.Random(seed)
    deck = [s + r for s in naive.SUITS for r in naive.RANKS]
    out = []
    for i in range(n):
        contract = naive.CONTRACT_LETTERS[i % 6]
        rng.shuffle(deck)
        hands = [deck[9 * p : 9 * p + 9] for p in range(4)]
        matrix = [["" for _ in range(4)] for _ in range(9)]
        leader = 0
        for t in range(9):
            trick: list[str] = []
            order = [(leader + j) % 4 for j in range(4)]
            for p in order:
                c = rng.choice(naive.allowed_cards(hands[p], trick, contract))
                hands[p].remove(c)
                trick.append(c)
                matrix[t][p] = c
            leader = order[naive.trick_winner_index(trick, contract)]
        out.append(matrix)
    return out


def test_generate_naive_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, "jass random legal games", N_NAIVE, "baseline", "plain Python: shuffle + reference rules")
    out = benchmark(naive_random_games, N_NAIVE, 7)
    assert len(out) == N_NAIVE


# -- whole games on the engine: bitcards.playout with the built-in random policy, dealing included --
N_PLAY = size(2_000_000, 2_000)
PLAY_GROUP = "jass engine playouts (deal + random legal play to the end)"


def test_playout_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, PLAY_GROUP, N_PLAY, "bitcards", "bitcards.playout('jass'), random policy, 1 thread")
    r = benchmark(bitcards.playout, "jass", N_PLAY, seed=3, contract="h")
    assert (r.returns[:, 0] + r.returns[:, 1] == 157).all()


def test_playout_all_threads(benchmark, all_threads) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, PLAY_GROUP, N_PLAY, "bitcards", f"bitcards.playout('jass'), random policy, {all_threads} threads")
    benchmark(bitcards.playout, "jass", N_PLAY, seed=3, contract="h")


def test_playout_naive_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, PLAY_GROUP, N_NAIVE, "baseline", "plain Python: shuffle + reference rules, one game at a time")
    out = benchmark(naive_random_games, N_NAIVE, 3)
    assert len(out) == N_NAIVE
