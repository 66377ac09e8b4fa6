"""Crib-aware discard advice: the brute-force reference on small unseen sets, every crib enumerated in bulk."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from bitcards._jit import JIT_DISABLED
from bitcards.cribbage.batch import score as score_hands
from bitcards.cribbage.crib import crib_discards, crib_table, crib_table_of
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
    crib_table(np.uint64(sum(1 << b for b in six)), np.uint64(sum(1 << b for b in unseen)), keeps, hand, crib)
    ref = naive.crib_table(six, unseen)
    m = sum(1 << b for b in six)
    for k in range(15):
        thrown = frozenset(b for b in six if (m ^ int(keeps[k])) >> b & 1)
        assert (int(hand[k]), int(crib[k])) == ref[thrown]


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
