"""One 4-card hand against many starters, with the hand-only work hoisted out of the starter loop.

For a hand, the suit words and the fifteens polynomial are computed once; then
for each starter rank the suit-blind part (pairs, runs, fifteens:
:func:`~bitcards.cribbage._rules.hand_rank_points`) is evaluated once and each
starter suit only adds flush + nobs (:func:`~bitcards.cribbage._rules.suit_points`).
The rules themselves live in :mod:`bitcards.cribbage._rules`.
"""

from __future__ import annotations

import numpy as np

from bitcards._jit import njit
from bitcards.cribbage import _rules


@njit
def _pick(s, a0, a1, a2, a3):  # type: ignore[no-untyped-def]
    if s == 0:
        return a0
    if s == 1:
        return a1
    if s == 2:
        return a2
    return a3


@njit
def starter_stats(hand, excluded, crib):  # type: ignore[no-untyped-def]
    """(sum, min, max, count) of the hand's score over every starter not in ``excluded``.

    ``excluded`` must contain the hand.
    """
    h = np.uint64(hand)
    ex = np.uint64(excluded)
    hw0, hw1, hw2, hw3 = _rules.suit_words(h)
    hpoly = _rules.poly_of_words(hw0, hw1, hw2, hw3)
    sp0 = _rules.suit_points(h, 0, crib)
    sp1 = _rules.suit_points(h, 1, crib)
    sp2 = _rules.suit_points(h, 2, crib)
    sp3 = _rules.suit_points(h, 3, crib)
    total = 0
    lo = 1000
    hi = -1
    count = 0
    for r in range(13):
        base = -1
        for s in range(4):
            if (ex >> np.uint64(13 * s + r)) & np.uint64(1):
                continue
            if base < 0:
                # pairs, runs and fifteens do not depend on which free suit the starter has
                base = _rules.hand_rank_points(hw0, hw1, hw2, hw3, hpoly, s, r)
            v = base + _pick(s, sp0, sp1, sp2, sp3)
            total += v
            count += 1
            if v < lo:
                lo = v
            if v > hi:
                hi = v
    return total, lo, hi, count


@njit
def starter_hist(hand, crib, hist):  # type: ignore[no-untyped-def]
    """Add the hand's score against each of the 48 other cards as starter into ``hist``."""
    h = np.uint64(hand)
    hw0, hw1, hw2, hw3 = _rules.suit_words(h)
    hpoly = _rules.poly_of_words(hw0, hw1, hw2, hw3)
    sp0 = _rules.suit_points(h, 0, crib)
    sp1 = _rules.suit_points(h, 1, crib)
    sp2 = _rules.suit_points(h, 2, crib)
    sp3 = _rules.suit_points(h, 3, crib)
    for r in range(13):
        base = -1
        for s in range(4):
            if (h >> np.uint64(13 * s + r)) & np.uint64(1):
                continue
            if base < 0:
                base = _rules.hand_rank_points(hw0, hw1, hw2, hw3, hpoly, s, r)
            hist[base + _pick(s, sp0, sp1, sp2, sp3)] += 1
