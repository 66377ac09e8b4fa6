"""The checker (scalar and batch) against the plain reference, on random legal games, mutations and shuffles."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bitcards.errors import InvalidCardsError, ParseError
from bitcards.jass import batch, check, mutate_games, random_games
from tests.jass.strategies import contracts
from tests.naive import jass as naive


def assert_same_as_reference(rec: np.ndarray, code: int) -> dict:
    ref = naive.check(naive.matrix_of(rec.tolist()), naive.CONTRACT_LETTERS[code])
    v = check(rec, code)
    assert v.legal == ref["legal"]
    assert list(v.winners) == ref["winners"]
    assert list(v.points) == ref["points"]
    if not ref["legal"]:
        assert (v.trick, v.column, v.card) == (ref["trick"], ref["column"], ref["card"])
        assert sorted(v.allowed.names()) == ref["allowed"]
    ok, first = batch.check(rec[None, :], np.array([code], dtype=np.int8))
    assert bool(ok[0]) == ref["legal"]
    assert int(first[0]) == (-1 if ref["legal"] else 4 * (ref["trick"] - 1) + ref["column"] - 1)
    return ref


@given(contracts, st.integers(0, 2**32), st.integers(0, 35), st.integers(0, 35))
def test_random_swaps_match_reference(code: int, seed: int, a: int, b: int) -> None:
    rec = random_games(1, code, seed=seed)[0]
    assert assert_same_as_reference(rec, code)["legal"]
    rec[[a, b]] = rec[[b, a]]
    assert_same_as_reference(rec, code)


@given(contracts, st.permutations(range(36)))
def test_random_shuffles_match_reference(code: int, perm: list[int]) -> None:
    assert_same_as_reference(np.array(perm, dtype=np.int8), code)


@given(contracts, st.integers(0, 2**32))
def test_mutations_match_reference(code: int, seed: int) -> None:
    games = random_games(3, code, seed=seed)
    bad, where = mutate_games(games, code, seed=seed)
    for i in range(3):
        ref = assert_same_as_reference(bad[i], code)
        assert not ref["legal"]
        assert 4 * (ref["trick"] - 1) + ref["column"] - 1 == where[i]


@pytest.mark.parametrize("code", range(6))
def test_sample_of_games_and_mutations_match_reference(code: int) -> None:
    games = random_games(40, code, seed=100 + code)
    bad, _ = mutate_games(games, code, seed=code)
    for rec in list(games) + list(bad):
        assert_same_as_reference(rec, code)


@pytest.mark.parametrize("code", range(6))
def test_every_complete_game_totals_157(code: int) -> None:
    rng = np.random.default_rng(code)
    shuffled = np.array([rng.permutation(36) for _ in range(200)], dtype=np.int8)
    for recs in (random_games(500, code, seed=code), shuffled):
        w, p = batch.score(recs, code)
        assert (p.sum(axis=1) == 157).all()
        assert ((w >= 1) & (w <= 4)).all()
        assert (p >= 0).all()


def test_batch_equals_scalar_mixed_contracts() -> None:
    rng = np.random.default_rng(5)
    n = 300
    codes = rng.integers(0, 6, n).astype(np.int8)
    shuffled = rng.permuted(np.tile(np.arange(36), (n - n // 2, 1)), axis=1)
    recs = np.concatenate([random_games(n // 2, codes[: n // 2], seed=9), shuffled])
    recs = recs.astype(np.int8)
    ok, first = batch.check(recs, codes)
    w, p = batch.score(recs, codes)
    for i in range(n):
        v = check(recs[i], int(codes[i]))
        assert v.legal == ok[i]
        assert first[i] == (-1 if v.legal else 4 * (v.trick - 1) + v.column - 1)
        assert tuple(w[i].tolist()) == v.winners and tuple(p[i].tolist()) == v.points
    assert ok[: n // 2].all()


def test_input_forms() -> None:
    rec = random_games(1, "s", seed=1)[0]
    matrix = naive.matrix_of(rec.tolist())
    v = check(rec, "s")
    assert check(matrix, "s") == v
    assert check(rec.reshape(9, 4), "s") == v
    assert check(rec.astype(np.int64).tolist(), 2) == v
    ok3, first3 = batch.check(rec.reshape(1, 9, 4), "s")
    assert ok3.tolist() == [True]


def test_malformed_records_are_input_errors() -> None:
    rec = random_games(2, "h", seed=1)
    dup = rec.copy()
    dup[1, 5] = dup[1, 6]
    with pytest.raises(InvalidCardsError, match="row 1: .* appears twice"):
        batch.check(dup, "h")
    ok, first = batch.check(dup, "h", raise_errors=False)
    assert first.tolist() == [-1, -2] and ok.tolist() == [True, False]
    with pytest.raises(InvalidCardsError, match="appears twice"):
        check(dup[1], "h")
    out = rec.copy()
    out[0, 3] = 36
    with pytest.raises(InvalidCardsError, match="row 0: card index 36"):
        batch.check(out, "h")
    wide = rec.astype(np.int64)
    wide[0, 0] = 300
    # the message quotes the caller's value (it used to say -1, the int8 placeholder for out-of-range values)
    with pytest.raises(InvalidCardsError, match="row 0: card index 300 at trick 1, column 1"):
        batch.check(wide, "h")
    with pytest.raises(InvalidCardsError, match="row 0: card index 300 at trick 1, column 1"):
        batch.score(wide.reshape(2, 9, 4), "h")
    with pytest.raises(InvalidCardsError, match="shape"):
        batch.check(rec[:, :35], "h")
    with pytest.raises(InvalidCardsError):
        check(rec[0][:32], "h")
    with pytest.raises(TypeError, match="dtype float"):
        batch.check(rec.astype(float), "h")
    with pytest.raises(InvalidCardsError, match="contract code 7"):
        batch.check(rec, np.array([1, 7], dtype=np.int8))
    with pytest.raises(InvalidCardsError, match="shape"):
        batch.check(rec, np.array([1], dtype=np.int8))
    with pytest.raises(ParseError):
        check(naive.matrix_of(rec[0].tolist())[:8] + [["d6", "x7", "d8", "d9"]], "h")
    with pytest.raises(InvalidCardsError, match="contract"):
        check(rec[0])


def test_verdict_text_and_dict() -> None:
    rec = random_games(1, "o", seed=2)
    bad, where = mutate_games(rec, "o", seed=2)
    v = check(bad[0], "o")
    t, c = int(where[0]) // 4 + 1, int(where[0]) % 4 + 1
    assert str(v).startswith(f"false trick {t}, column {c}: played {v.card}; allowed: ")
    d = v.to_dict()
    assert d["legal"] is False and d["trick"] == t and d["allowed"] == v.allowed.names()
    assert check(rec[0], "o").to_dict()["allowed"] is None


def test_empty_batch() -> None:
    ok, first = batch.check(np.empty((0, 36), dtype=np.int8), "h")
    assert ok.shape == (0,) and first.shape == (0,)


def test_record_shapes_and_contract_argument() -> None:
    from tests.jass.seed import TRUTHY_1

    rec = random_games(1, "h", seed=1)[0]
    # a (4, 9) array (say, the four hands) used to be read silently as a record in the wrong order
    for shape in ((4, 9), (6, 6), (1, 36), (2, 2, 9)):
        with pytest.raises(InvalidCardsError, match="shape"):
            check(rec.reshape(shape), "h")
    # a bad contract argument is an error even where the text's contract line overrides it
    assert check(TRUTHY_1, "c").contract == "h"
    with pytest.raises(ParseError, match="unknown contract 'z'"):
        check(TRUTHY_1, "z")
