"""The built-in studies against plain-Python references and against exact probabilities."""

from __future__ import annotations

import itertools
from math import comb, sqrt

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bitcards.deal import deal
from bitcards.notation import parse_mask
from bitcards.simulate import STUDIES, simulate
from bitcards.simulate.studies_euchre import bowers_mask, trump_mask
from bitcards.simulate.studies_skat import jack_factor, matadors
from tests.naive import simulate as naive

SUITS = "DHSC"


# -- the jack factor ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("jacks", "factor"),
    # seed 000's own examples, numbered 1 = CJ, 2 = SJ, 3 = HJ, 4 = DJ
    [([1, 4], 2), ([1, 2, 4], 3), ([2, 3, 4], 2), ([1, 2, 3, 4], 5), ([], 5)],
)
def test_jack_factor_seed_examples(jacks: list[int], factor: int) -> None:
    names = {1: "JC", 2: "JS", 3: "JH", 4: "JD"}
    mask = parse_mask(" ".join(names[j] for j in jacks), "skat") if jacks else 0
    assert jack_factor(np.uint64(mask)) == factor


def test_matadors_all_jack_sets_match_the_reference() -> None:
    jack_bits = [s * 8 + 4 for s in range(4)]
    for k in range(5):
        for held in itertools.combinations(jack_bits, k):
            mask = sum(1 << b for b in held) | 0b1  # plus a non-jack card
            assert matadors(np.uint64(mask)) == naive.skat_matadors(mask), held


@given(st.integers(0, (1 << 32) - 1))
def test_matadors_any_mask(mask: int) -> None:
    assert matadors(np.uint64(mask)) == naive.skat_matadors(mask)
    assert jack_factor(np.uint64(mask)) == naive.skat_jack_factor(mask)


def test_euchre_masks_match_the_reference() -> None:
    full = (1 << 24) - 1
    for t, s in enumerate(SUITS):
        assert int(trump_mask(t)).bit_count() == 7
        assert naive.euchre_trumps(int(trump_mask(t)), s) == 7
        assert naive.euchre_trumps(full & ~int(trump_mask(t)), s) == 0
        assert naive.euchre_bowers(int(bowers_mask(t)), s) == 2


# -- kernels on real deals, against plain Python over the same rows --------------------------------------------


def _naive_skat(d: np.ndarray, seat: int) -> tuple[np.ndarray, np.ndarray]:
    jacks = np.zeros((4, 5), dtype=np.int64)
    mat = np.zeros((9, 9), dtype=np.int64)
    for row in d.tolist():
        for c in range(4):
            jacks[c, naive.skat_jacks(row[c])] += 1
        mat[naive.skat_matadors(row[seat]) + 4, naive.skat_matadors(row[seat] | row[3]) + 4] += 1
    return jacks, mat


@pytest.mark.parametrize("seat", [0, 2])
def test_skat_jacks_equals_plain_python(seat: int) -> None:
    n = 600
    r = simulate("skat-jacks", n, seed=11, chunk_size=128, params={"seat": seat})
    jacks, mat = _naive_skat(deal(n, "skat", 11), seat)
    assert (r.counts["jacks"] == jacks).all()
    assert (r.counts["matadors"] == mat).all()
    assert r.params == {"seat": seat}


def test_euchre_bowers_equals_plain_python() -> None:
    n = 400
    r = simulate("euchre-bowers", n, seed=12, chunk_size=100)
    d = deal(n, "euchre", 12).tolist()
    trumps = np.zeros((4, 4, 6), dtype=np.int64)
    bowers = np.zeros((3, 4, 3), dtype=np.int64)
    for row in d:
        for t, s in enumerate(SUITS):
            for p in range(4):
                trumps[p, t, naive.euchre_trumps(row[p], s)] += 1
            bowers[0, t, naive.euchre_bowers(row[0] | row[2], s)] += 1
            bowers[1, t, naive.euchre_bowers(row[1] | row[3], s)] += 1
            bowers[2, t, naive.euchre_bowers(row[4], s)] += 1
    assert (r.counts["trumps"] == trumps).all()
    assert (r.counts["bowers"] == bowers).all()


def test_skat_points_equals_plain_python() -> None:
    n = 500
    r = simulate("skat-skat-points", n, seed=13, chunk_size=77)
    expect = np.zeros(23, dtype=np.int64)
    for row in deal(n, "skat", 13).tolist():
        expect[naive.skat_points(row[3])] += 1
    assert (r.counts["points"] == expect).all()
    assert r.summary()["mean_skat_points"] == pytest.approx(float((expect * np.arange(23)).sum() / n))


# -- exact probabilities ------------------------------------------------------------------------------------


def _within_sigmas(counts: np.ndarray, probs: np.ndarray, k: float = 5.0) -> None:
    n = counts.sum()
    for c, p in zip(counts.tolist(), probs.tolist()):
        if p == 0:
            assert c == 0
        else:
            assert abs(c - n * p) <= k * sqrt(n * p * (1 - p)) + 1e-9, (c, n * p)


def _hyper(total: int, good: int, draw: int, k: int) -> float:
    return comb(good, k) * comb(total - good, draw - k) / comb(total, draw) if 0 <= k <= draw else 0.0


@pytest.mark.jit
def test_jacks_per_hand_follow_the_hypergeometric_law() -> None:
    r = simulate("skat-jacks", 300_000, seed=2026)
    for c, size in enumerate((10, 10, 10, 2)):
        _within_sigmas(r.counts["jacks"][c], np.array([_hyper(32, 4, size, k) for k in range(5)]))


def _exact_matadors() -> np.ndarray:
    """P(matadors over the 10 cards = i, over 10 + skat = j), by placing each jack in hand, skat or elsewhere."""
    out = np.zeros((9, 9))
    total = comb(32, 10) * comb(22, 2)
    for where in itertools.product("HSO", repeat=4):  # where each of DJ, HJ, SJ, CJ lies
        h, s = where.count("H"), where.count("S")
        if h > 10 or s > 2:
            continue
        ways = comb(28, 10 - h) * comb(18 + h, 2 - s)
        hand = sum(1 << (suit * 8 + 4) for suit, w in enumerate(where) if w == "H")
        both = hand | sum(1 << (suit * 8 + 4) for suit, w in enumerate(where) if w == "S")
        out[naive.skat_matadors(hand) + 4, naive.skat_matadors(both) + 4] += ways / total
    return out


def test_exact_matadors_sum_to_one() -> None:
    assert _exact_matadors().sum() == pytest.approx(1.0)


@pytest.mark.jit
def test_skat_changes_the_jack_factor_as_often_as_the_exact_law_says() -> None:
    n = 300_000
    r = simulate("skat-jacks", n, seed=77)
    exact = _exact_matadors()
    _within_sigmas(r.counts["matadors"].ravel(), exact.ravel())
    changed = sum(exact[i, j] for i in range(9) for j in range(9) if abs(i - 4) != abs(j - 4))
    p = r.summary()["p_skat_changes_jack_factor"]
    assert abs(p - changed) <= 5 * sqrt(changed * (1 - changed) / n)
    assert r.summary()["p_skat_changes_jack_factor_lo"] < p < r.summary()["p_skat_changes_jack_factor_hi"]


@pytest.mark.jit
def test_euchre_counts_follow_the_exact_laws() -> None:
    r = simulate("euchre-bowers", 200_000, seed=5)
    trumps = np.array([_hyper(24, 7, 5, k) for k in range(6)])
    for p in range(4):
        for t in range(4):
            _within_sigmas(r.counts["trumps"][p, t], trumps)
    for side, size in ((0, 10), (1, 10), (2, 4)):
        for t in range(4):
            _within_sigmas(r.counts["bowers"][side, t], np.array([_hyper(24, 2, size, k) for k in range(3)]))
    both = _hyper(24, 2, 10, 2)  # = 10 * 9 / (24 * 23)
    assert both == pytest.approx(90 / 552)
    s = r.summary()
    assert s["p_dealer_side_both_bowers_clubs_lo"] < both < s["p_dealer_side_both_bowers_clubs_hi"]


def test_registry_holds_the_core_studies() -> None:
    assert {"skat-jacks", "euchre-bowers", "skat-skat-points"} <= set(STUDIES)
    for s in STUDIES.values():
        assert s.kernel.__module__.startswith("bitcards.simulate.studies_")  # importable by Dask workers
        assert s.description


def test_bind_converts_exactly() -> None:
    """int(1.7) is 1 and bool("0") is True: bind used to accept both silently."""
    from bitcards.simulate import SimulationError, get_study
    from bitcards.simulate.study import Field, Study

    jacks = get_study("skat-jacks")
    assert jacks.bind(seat="2").params["seat"] == 2 and jacks.bind(seat=2.0).params["seat"] == 2
    with pytest.raises(SimulationError, match="not of type int"):
        jacks.bind(seat=1.7)
    flag = Study("flag-test", None, (Field("x", bins=1),), kernel=lambda d, acc, c: None, params={"on": True})
    assert [flag.bind(on=v).params["on"] for v in ("0", "false", "True", "1", False)] == [False, False, True, True, False]
    with pytest.raises(SimulationError, match="not of type bool"):
        flag.bind(on="maybe")
