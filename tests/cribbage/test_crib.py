"""Crib-aware discard advice: the brute-force reference on small unseen sets, every crib enumerated in bulk."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from bitcards._jit import JIT_DISABLED
from bitcards.cribbage import _throw_table
from bitcards.cribbage.batch import score as score_hands
from bitcards.cribbage.crib import (
    UNIFORM,
    crib_discards,
    crib_table,
    crib_table_of,
    opponent_weights,
    throw_counts,
)
from bitcards.errors import InvalidCardsError
from bitcards.layouts import FRENCH
from bitcards.notation import parse_cards
from tests.cribbage._util import random_deals
from tests.naive import cribbage as naive


@pytest.mark.parametrize("seed", range(2 if JIT_DISABLED else 6))
def test_against_brute_force_on_small_unseen_sets(seed: int) -> None:
    idx = random_deals(1, 6 + 8, seed=40 + seed)[0].tolist()
    six, unseen = idx[:6], idx[6:]
    keeps = np.empty(15, dtype=np.uint64)
    hand = np.empty(15, dtype=np.int64)
    crib = np.empty(15, dtype=np.int64)
    crib_table(np.uint64(sum(1 << b for b in six)), np.uint64(sum(1 << b for b in unseen)), UNIFORM, keeps, hand, crib)
    ref = naive.crib_table(six, unseen)
    m = sum(1 << b for b in six)
    for k in range(15):
        thrown = frozenset(b for b in six if (m ^ int(keeps[k])) >> b & 1)
        assert (int(hand[k]), int(crib[k])) == ref[thrown]


@pytest.mark.parametrize(("seed", "role"), [(s, r) for s in range(1 if JIT_DISABLED else 3) for r in ("dealer", "pone")])
def test_weighted_against_brute_force_on_small_unseen_sets(seed: int, role: str) -> None:
    """The opponent's pairs weighted by the stored throw counts, against the plain reference."""
    idx = random_deals(1, 6 + 9, seed=60 + seed)[0].tolist()
    six, unseen = idx[:6], idx[6:]
    keeps = np.empty(15, dtype=np.uint64)
    hand = np.empty(15, dtype=np.int64)
    crib = np.empty(15, dtype=np.int64)
    m = sum(1 << b for b in six)
    wsum = crib_table(np.uint64(m), np.uint64(sum(1 << b for b in unseen)), opponent_weights(role), keeps, hand, crib)
    counts = _throw_table.COUNTS[role]
    ref = naive.crib_table(six, unseen, lambda a, b: naive.throw_weight(counts, a, b))
    assert wsum == sum(naive.throw_weight(counts, a, b) for a, b in combinations(unseen, 2)) > 0
    for k in range(15):
        thrown = frozenset(b for b in six if (m ^ int(keeps[k])) >> b & 1)
        assert (int(hand[k]), int(crib[k])) == ref[thrown]


def test_stored_throw_counts() -> None:
    """The stored table: each role's counts sum to two hands a deal, and its first deals recount exactly."""
    t = _throw_table
    for role in ("dealer", "pone"):
        assert len(t.COUNTS[role]) == len(t.FIRST[role]) == 13 * 13 * 2
        assert sum(t.COUNTS[role]) == 2 * t.N_DEALS and sum(t.FIRST[role]) == 2 * t.CHECK_DEALS
        assert all(0 <= f <= c for f, c in zip(t.FIRST[role], t.COUNTS[role]))
        # a rank pair is never suited; the high rank is never below the low one
        assert all(t.COUNTS[role][(a * 13 + b) * 2 + s] == 0 for a in range(13) for b in range(13) for s in (0, 1)
                   if b < a or (a == b and s == 1))  # fmt: skip
    n = t.CHECK_DEALS if not JIT_DISABLED else 2
    again = throw_counts(n, t.SEED)
    if n == t.CHECK_DEALS:
        assert again == t.FIRST
    else:
        assert all(0 <= x <= f for r in again for x, f in zip(again[r], t.FIRST[r]))


def test_throw_counts_follow_the_advice() -> None:
    """Each counted throw is the one crib_discards advises for that hand and role."""
    from bitcards.deal import deal

    n = 1 if JIT_DISABLED else 3  # every hand is also advised by the plain-Python crib_discards
    d = deal(n, "cribbage", 5)
    counts = throw_counts(n, 5)
    expected = {r: [0] * 338 for r in ("dealer", "pone")}
    for six in [*d[:, 0], *d[:, 1]]:
        bits = [b for b in range(52) if int(six) >> b & 1]
        for role in ("dealer", "pone"):
            names = {FRENCH.card_name(b): b for b in bits}
            a, b = sorted(names[c] for c in crib_discards(bits, role)[0].discard)
            lo, hi = sorted((a % 13, b % 13))
            expected[role][(lo * 13 + hi) * 2 + (a // 13 == b // 13)] += 1
    assert counts == expected


def test_weighting_changes_the_crib_not_the_hand() -> None:
    uniform = {o.discard: o for o in crib_discards("5H 5D 6C 7S JD KD", "dealer")}
    weighted = {o.discard: o for o in crib_discards("5H 5D 6C 7S JD KD", "dealer", weighted=True)}
    assert uniform.keys() == weighted.keys()
    assert all(uniform[k].hand_total == weighted[k].hand_total for k in uniform)
    assert any(abs(uniform[k].crib - weighted[k].crib) > 0.05 for k in uniform)
    values = [o.value for o in crib_discards("5H 5D 6C 7S JD KD", "pone", weighted=True)]
    assert values == sorted(values, reverse=True)


def _all_cribs_in_bulk(six: list[int], thrown: tuple[int, int]) -> int:
    """The crib total by enumerating every (opponent's pair, starter) and scoring them with score_hands."""
    unseen = [b for b in range(52) if b not in six]
    rows, starters = [], []
    for a, b in combinations(unseen, 2):
        for s in unseen:
            if s not in (a, b):
                rows.append((1 << thrown[0]) | (1 << thrown[1]) | (1 << a) | (1 << b))
                starters.append(1 << s)
    return int(score_hands(np.array(rows, dtype=np.uint64), np.array(starters, dtype=np.uint64), crib=True).sum())


@pytest.mark.skipif(JIT_DISABLED, reason="45,540 cribs per throw")
def test_full_deck_totals_equal_every_crib_scored_in_bulk() -> None:
    six = parse_cards("5H 5D 6C 7S JD KD", "french")
    names = {FRENCH.card_name(b): b for b in six}
    table = crib_table_of(six)
    assert len(table) == 15
    for dealer, pone in table[::4]:
        thrown = tuple(names[c] for c in dealer.discard)
        assert dealer.crib_total == pone.crib_total == _all_cribs_in_bulk(six, thrown)  # type: ignore[arg-type]
        keep = [names[c] for c in dealer.keep]
        assert dealer.hand_total == sum(naive.score_bits(keep, s) for s in range(52) if s not in six)


def test_roles_order_by_hand_plus_or_minus_crib() -> None:
    for role, sign in (("dealer", 1), ("pone", -1)):
        opts = crib_discards("5H 5D 6C 7S JD KD", role)
        values = [o.hand + sign * o.crib for o in opts]
        assert values == sorted(values, reverse=True)
        assert [o.value for o in opts] == pytest.approx(values)
        assert all(o.n_starters == 46 and o.n_cribs == 45_540 for o in opts)
    # the dealer keeps the double run's fifteens and throws 6-7 into his own crib; the pone throws J-K away
    assert crib_discards("5H 5D 6C 7S JD KD", "dealer")[0].discard == ("6C", "7S")
    assert crib_discards("5H 5D 6C 7S JD KD", "pone")[0].discard == ("JD", "KD")


def test_bad_input() -> None:
    with pytest.raises(InvalidCardsError, match="6 cards"):
        crib_discards("5H 5D 6C 7S JD", "dealer")
    with pytest.raises(InvalidCardsError, match="'dealer' or 'pone'"):
        crib_discards("5H 5D 6C 7S JD KD", "both")


@pytest.mark.parametrize("weighted", [False, True])
def test_batch_best_discard_with_a_role_equals_crib_discards(weighted: bool) -> None:
    from bitcards.cribbage import batch, best_discard
    from bitcards.deal import deal

    sixes = deal(1 if JIT_DISABLED else 4, "cribbage", 9)[:, 0]
    for role in ("dealer", "pone"):
        keeps, values = batch.best_discard(sixes, role=role, weighted=weighted)
        for m, k, v in zip(sixes, keeps, values):
            bits = [b for b in range(52) if int(m) >> b & 1]
            best = crib_discards(bits, role, weighted)[0]
            assert best_discard(bits, role=role, weighted=weighted) == best
            assert [FRENCH.card_name(b) for b in bits if int(k) >> b & 1] == list(best.keep)
            assert v == pytest.approx(best.value, abs=1e-12)
    with pytest.raises(InvalidCardsError, match="row 1: 5 cards"):
        batch.best_discard(np.array([0b111111, 0b11111], dtype=np.uint64), role="pone", weighted=weighted)
    with pytest.raises(InvalidCardsError, match="give role"):
        batch.best_discard(sixes, weighted=True)
