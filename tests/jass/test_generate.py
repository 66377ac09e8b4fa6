"""Random legal games, random contracts and illegal mutations: legality, exact streams, uniformity."""

from __future__ import annotations

import numba
import numpy as np
import pytest

from bitcards._jit import JIT_DISABLED
from bitcards.deal import deal
from bitcards.errors import InvalidCardsError
from bitcards.jass import batch, legal_cards_mask, mutate_games, random_contracts, random_games
from tests.naive import jass as naive

# kernels run as plain Python under NUMBA_DISABLE_JIT=1: smaller samples there
SCALE = 10 if JIT_DISABLED else 1


@pytest.mark.parametrize("code", range(6))
def test_generated_games_are_legal(code: int) -> None:
    n = 2000 // SCALE
    g = random_games(n, code, seed=code)
    assert g.shape == (n, 36) and g.dtype == np.int8
    ok, first = batch.check(g, code)
    assert ok.all() and (first == -1).all()
    for rec in g[:25]:
        assert naive.check(naive.matrix_of(rec.tolist()), naive.CONTRACT_LETTERS[code])["legal"]


def test_columns_are_the_hands_of_bitcards_deal() -> None:
    g = random_games(50, "c", seed=123, start=7).astype(np.int64)
    hands = deal(50, "jass", seed=123, start=7)
    for p in range(4):
        cols = np.bitwise_or.reduce(np.left_shift(np.uint64(1), g[:, p::4].astype(np.uint64)), axis=1)
        assert (cols == hands[:, p]).all()


def test_rows_depend_only_on_seed_and_row() -> None:
    # 3000 rows: above the size where the kernels use every thread
    n = 3000 // SCALE
    codes = random_contracts(n, seed=4)
    full = random_games(n, codes, seed=4)
    assert (random_games(n // 3, codes[n - n // 3 :], seed=4, start=n - n // 3) == full[n - n // 3 :]).all()
    assert (random_games(3, codes[5:8], seed=4, start=5) == full[5:8]).all()
    assert (random_games(n, codes, seed=4) == full).all()
    assert not (random_games(n, codes, seed=5) == full).all()
    old = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = random_games(n, codes, seed=4)
    finally:
        numba.set_num_threads(old)
    assert (one == full).all()
    assert (random_contracts(100, seed=4, start=n - 100) == codes[n - 100 :]).all()


def test_random_contracts_are_roughly_uniform() -> None:
    c = random_contracts(60_000, seed=1)
    counts = np.bincount(c, minlength=6)
    assert counts.sum() == 60_000 and len(counts) == 6
    assert (abs(counts - 10_000) < 600).all()  # about 6 standard deviations


def _chi2_ok(counts: np.ndarray) -> bool:
    n, k = counts.sum(), counts.size
    expected = n / k
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    df = k - 1
    return chi2 < df + 7 * (2 * df) ** 0.5 + 10


@pytest.mark.jit
@pytest.mark.parametrize("code", [1, 4])
def test_each_play_is_uniform_among_the_legal_cards(code: int) -> None:
    # the second card of trick 1 (column 2): which of its allowed cards was chosen, grouped by how many
    # were allowed; each position must come up equally often
    n = 30_000
    g = random_games(n, code, seed=77).astype(np.int64)
    by_k: dict[int, np.ndarray] = {}
    for rec in g:
        hand = 0
        for t in range(9):
            hand |= 1 << int(rec[4 * t + 1])
        allowed = legal_cards_mask(hand, [int(rec[0])], code)
        bits = [b for b in range(36) if allowed >> b & 1]
        k = len(bits)
        by_k.setdefault(k, np.zeros(k, dtype=np.int64))[bits.index(int(rec[1]))] += 1
    tested = 0
    for k, counts in by_k.items():
        if k > 1 and counts.sum() > 50 * k:
            assert _chi2_ok(counts), (k, counts)
            tested += 1
    assert tested >= 3


def test_mutations_are_illegal_exactly_where_said() -> None:
    for code in range(6):
        g = random_games(500 // SCALE, code, seed=10 + code)
        bad, where = mutate_games(g, code, seed=code)
        ok, first = batch.check(bad, code)
        assert (where >= 0).all()
        assert (first == where).all() and not ok.any()
        # a swap of two cards of the same column, one of them at the bad play
        diff = bad != g
        assert (diff.sum(axis=1) == 2).all()
        for i in range(len(g) // 25):
            a, b = np.flatnonzero(diff[i])
            assert a % 4 == b % 4 and where[i] in (a, b) and where[i] < max(a, b)
        assert (np.sort(bad, axis=1) == np.arange(36)).all()
        again, where2 = mutate_games(g, code, seed=code)
        assert (again == bad).all() and (where2 == where).all()


def test_mutating_an_illegal_record_keeps_or_moves_the_first_violation_earlier() -> None:
    g = random_games(200, "s", seed=3)
    bad, where = mutate_games(g, "s", seed=1)
    worse, where2 = mutate_games(bad, "s", seed=2)
    ok, first = batch.check(worse, "s")
    take = where2 >= 0
    assert (first[take] == where2[take]).all()
    # earlier in play order: an earlier trick, or the same trick (matrix indices wrap inside a trick)
    assert (where2[take] // 4 <= where[take] // 4).all() and (where2[take] != where[take]).all()
    # where no earlier play can be spoilt the record is returned unchanged
    assert (worse[~take] == bad[~take]).all()


def test_bad_arguments() -> None:
    with pytest.raises(InvalidCardsError):
        random_games(-1, "h", seed=1)
    with pytest.raises(TypeError):
        random_games(2.5, "h", seed=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidCardsError):
        random_games(3, np.array([1, 2], dtype=np.int8), seed=1)
    with pytest.raises(TypeError):
        random_games(3, "h", seed="x")  # type: ignore[arg-type]
    assert random_games(0, "h", seed=1).shape == (0, 36)


def test_swaps_between_players() -> None:
    n = 300 // SCALE
    g = random_games(n, "d", seed=8)
    bad, where = mutate_games(g, "d", seed=8, kind="players")
    ok, first = batch.check(bad, "d")
    assert (where >= 0).all() and (first == where).all() and not ok.any()
    diff = bad != g
    assert (diff.sum(axis=1) == 2).all()
    for i in range(n):
        a, b = np.flatnonzero(diff[i])
        assert a % 4 != b % 4
    for i in range(min(n, 30)):
        ref = naive.check(naive.matrix_of(bad[i].tolist()), "d")
        assert not ref["legal"] and 4 * (ref["trick"] - 1) + ref["column"] - 1 == where[i]
    # rows depend only on the seed and the row number
    again, where2 = mutate_games(g[5:], "d", seed=8, start=5, kind="players")
    assert (again == bad[5:]).all() and (where2 == where[5:]).all()
    with pytest.raises(ValueError, match="kind"):
        mutate_games(g, "d", seed=8, kind="other")


def test_start_beyond_int64_is_an_input_error() -> None:
    # used to leak an OverflowError from the conversion to int64
    g = random_games(1, "h", seed=1)
    with pytest.raises(InvalidCardsError, match="start"):
        random_games(1, "h", seed=1, start=2**63)
    with pytest.raises(InvalidCardsError, match="start"):
        random_contracts(2, seed=1, start=2**63 - 1)
    with pytest.raises(InvalidCardsError, match="start"):
        mutate_games(g, "h", seed=1, start=2**70)
    with pytest.raises(InvalidCardsError, match="start"):
        mutate_games(g, "h", seed=1, start=-1)
    assert random_contracts(1, seed=1, start=2**63 - 2).shape == (1,)
