"""The baseline policy: legal, deterministic, its bidding rule against a plain reading, better than random."""

from __future__ import annotations

import random

import numpy as np

import bitcards
from bitcards._jit import JIT_DISABLED
from bitcards.skat.baseline import reach
from tests.naive import skat as naive
from tests.naive.skat_game import random_masks

SCALE = 20 if JIT_DISABLED else 1


def _naive_reach(mask: int) -> int:
    cards = naive.cards_of(mask)
    jacks = sum(1 for c in cards if c[1] == "J")
    best = 0
    counts = {s: jacks + sum(1 for c in cards if c[0] == s and c[1] != "J") for s in "DHSC"}
    suit = max("CSHD", key=lambda s: counts[s])  # the first maximum: ties go to the higher suit
    if counts[suit] >= 5:
        game = naive.GAMES["DHSC".index(suit)]
        best = naive.SUIT_VALUE[suit] * (abs(naive.matadors(cards, game)) + 1)
    if jacks >= 3 and sum(1 for c in cards if c[1] == "A") >= 2:
        best = max(best, 24 * (abs(naive.matadors(cards, "grand")) + 1))
    return best


def test_reach_is_the_documented_rule() -> None:
    rng = random.Random(3)
    for _ in range(2000 // SCALE):
        m = random_masks(rng)[0]
        assert int(reach(np.uint64(m))) == _naive_reach(m), naive.cards_of(m)


def test_the_baseline_plays_legally_and_draws_nothing() -> None:
    d = bitcards.deal(3000 // SCALE, "skat", seed=4)
    a = bitcards.playout("skat", deals=d, seed=1, policy="baseline", record=True)
    b = bitcards.playout("skat", deals=d, seed=2, policy="baseline", record=True)
    assert (a.actions == b.actions).all()
    st = a.record(0).replay()
    assert st.is_terminal() and st.returns() == tuple(a.returns[0])


def test_the_baseline_declarer_wins_more_often_than_a_random_one() -> None:
    n = 20_000 // SCALE
    base = bitcards.playout("skat", n, seed=6, policy="baseline")
    rnd = bitcards.playout("skat", n, seed=6)
    rate = {}
    for name, r in (("baseline", base), ("random", rnd)):
        played = r.field("declarer") >= 0
        rate[name] = r.field("won")[played].mean()
    assert rate["baseline"] > rate["random"] + 0.2, rate
