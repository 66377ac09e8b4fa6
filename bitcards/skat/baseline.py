"""A rule-based Skat baseline policy (``policy="baseline"``): simple, fast, deterministic; not a strong player.

What it does, phase by phase (player ``p``, from the state row alone):

* **Bidding**: the hand's reach is the best simple game value over its 10 cards: for the
  suit with the most trumps (jacks + suit, at least 5), base x (matadors + 1); grand with at
  least 3 jacks and 2 aces, 24 x (matadors + 1). It bids the next value while that is within
  its reach, holds while the bid is, and passes otherwise.
* **Skat**: always picks it up; discards the highest-point side cards that are not aces
  (points in the skat count for the declarer), else the lowest side cards.
* **Declaration**: grand with 3+ jacks and 2+ aces, else the suit with the most trumps
  (ties: the higher suit), never an announcement.
* **Kontra / re**: never.
* **Play**: win the trick as cheaply as possible (the lowest winning card), except when the
  partner (the other defender) already wins it: then add the most points. Unable to win: the
  card worth least. Leading: a side ace, else the lowest card. In Ramsch and in null games
  it plays the highest card that does not win, else the lowest.
"""

from __future__ import annotations

import numpy as np

from bitcards._bits import ctz, popcount
from bitcards._jit import njit
from bitcards.skat import engine as sk
from bitcards.skat.rules import _card_points, _follow_mask, _strength, _trump_mask
from bitcards.skat.value import matadors_rule

__all__ = ["baseline_policy", "reach"]

_BASE = np.array([9, 10, 11, 12, 24], dtype=np.int64)
_JACKS = np.uint64(0x10101010)
_ACES = np.uint64(0x80808080)


@njit(inline="always")
def _best_suit(m):  # type: ignore[no-untyped-def]
    """(suit with the most trumps, its trump count); ties go to the higher suit."""
    jacks = popcount(m & _JACKS)
    best = np.int64(0)
    n_best = np.int64(-1)
    for g in range(4):
        n = jacks + popcount(m & (np.uint64(0xEF) << np.uint64(8 * g)))
        if n >= n_best:
            best = np.int64(g)
            n_best = n
    return best, n_best


@njit(inline="always")
def _choose_game(m):  # type: ignore[no-untyped-def]
    """The game the baseline would play with cards ``m``: 4 grand or a suit 0..3."""
    if popcount(m & _JACKS) >= 3 and popcount(m & _ACES) >= 2:
        return np.int64(4)
    g, _ = _best_suit(m)
    return g


@njit
def reach(m):  # type: ignore[no-untyped-def]
    """The highest bid the baseline makes with cards ``m``: 0 when it would not play."""
    m = np.uint64(m)
    best = np.int64(0)
    g, n = _best_suit(m)
    if n >= 5:
        best = _BASE[g] * (abs(matadors_rule(m, g)) + 1)
    if popcount(m & _JACKS) >= 3 and popcount(m & _ACES) >= 2:
        best = max(best, 24 * (abs(matadors_rule(m, np.int64(4))) + 1))
    return best


@njit(inline="always")
def _lowest_bit(m):  # type: ignore[no-untyped-def]
    return np.int64(ctz(m))


@njit(inline="always")
def _current_best(s, rules):  # type: ignore[no-untyped-def]
    """(index in the trick 0/1, strength) of the card winning the trick so far."""
    follow = _follow_mask(s[sk._C0], rules)
    best = np.int64(0)
    sb = _strength(s[sk._C0], follow, rules)
    if s[sk._N_IN] == 2:
        s1 = _strength(s[sk._C1], follow, rules)
        if s1 > sb:
            best = np.int64(1)
            sb = s1
    return best, sb


@njit(inline="always")
def _play(s, legal):  # type: ignore[no-untyped-def]
    p = s[0]
    rules = s[sk._RULES]
    game = s[sk._GAME]
    avoid = game == sk.RAMSCH or game == 5
    trumps = _trump_mask(rules)
    if s[sk._N_IN] == 0:
        if not avoid:
            aces = legal & _ACES & ~trumps
            if aces:
                return _lowest_bit(aces)
        # the lowest card: fewest points, then weakest
        best_c = np.int64(-1)
        best_k = np.int64(1 << 30)
        m = legal
        while m:
            c = np.int64(ctz(m))
            m &= m - np.uint64(1)
            bit = np.uint64(1) << np.uint64(c)
            k = _card_points(bit) * 1000 + _strength(c, np.uint64(0xFF) << np.uint64(8 * (c >> 3)), rules)
            if k < best_k:
                best_k = k
                best_c = c
        return best_c
    follow = _follow_mask(s[sk._C0], rules)
    bi, sb = _current_best(s, rules)
    leader = s[sk._LEADER]
    winner = leader + bi
    if winner > 2:
        winner -= 3
    d = s[sk._DECL]
    partner_wins = d >= 0 and p != d and winner != d
    win_c = np.int64(-1)
    win_k = np.int64(1 << 30)
    lose_c = np.int64(-1)
    lose_k = np.int64(1 << 30)
    high_lose_c = np.int64(-1)
    high_lose_k = np.int64(-1)
    m = legal
    while m:
        c = np.int64(ctz(m))
        m &= m - np.uint64(1)
        bit = np.uint64(1) << np.uint64(c)
        st = _strength(c, follow, rules)
        pts = _card_points(bit)
        k = pts * 1000 + max(st, np.int64(0))
        if st > sb:
            if k < win_k:
                win_k = k
                win_c = c
        else:
            if k < lose_k:
                lose_k = k
                lose_c = c
            if k > high_lose_k:
                high_lose_k = k
                high_lose_c = c
    if avoid:
        if high_lose_c >= 0:
            return high_lose_c
        return win_c
    if partner_wins:
        return high_lose_c if high_lose_c >= 0 else win_c
    if win_c >= 0:
        return win_c
    return lose_c


@njit(cache=True)
def baseline_policy(s, legal, rng):  # type: ignore[no-untyped-def]
    """The baseline (see the module): ``policy(s, legal, rng) -> action``; it draws nothing."""
    p = s[0]
    ph = s[1]
    if ph == sk._PLAY:
        return _play(s, legal)
    hand = np.uint64(s[sk._HAND0 + p])
    if ph == sk._BIDDING:
        r = reach(hand)
        if s[sk._STAGE] != 3 and p == s[sk._ANSWERER]:
            return sk._VALUE_CODE[s[sk._BID]] if s[sk._BID] <= r else np.int64(0)  # hold: the bid's code
        bids = legal & ~np.uint64(1)
        if bids:
            nxt = _lowest_bit(bids)
            if sk._CODE_VALUE[nxt] <= r:
                return nxt
        return np.int64(0)
    if ph == sk._PICKUP:
        return np.int64(0)
    if ph == sk._KONTRA_PH:
        return np.int64(0)
    if ph == sk._DISCARD:
        g = _choose_game(hand)
        side = hand & ~_trump_mask(g)
        cand = side & ~_ACES
        if not cand:
            cand = side if side else hand
        best_c = np.int64(-1)
        best_k = np.int64(-1)
        m = cand
        while m:
            c = np.int64(ctz(m))
            m &= m - np.uint64(1)
            k = _card_points(np.uint64(1) << np.uint64(c))
            if k > best_k:
                best_k = k
                best_c = c
        return best_c
    # declare: after a pickup the skat field holds the discards (a hand game's skat is unseen)
    g = _choose_game(hand if s[sk._HANDG] else hand | np.uint64(s[sk._SKAT]))
    if (legal >> np.uint64(g)) & np.uint64(1):
        return g
    return _lowest_bit(legal)


sk.SPEC.policies["baseline"] = baseline_policy  # type: ignore[index]
