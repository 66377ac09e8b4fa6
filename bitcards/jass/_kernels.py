"""Numba kernels: checking play records, playing random legal games, making illegal mutations.

A record is 36 card indices in matrix order (row-major): ``record[4 * t + p]``
is the card of player (column) ``p`` in trick ``t``, both from 0. The rules
themselves live in :mod:`bitcards.jass.rules`; these kernels only walk the play
order (the previous trick's winner leads, play goes rightwards, wrapping).

Status of :func:`check_row`: the matrix index of the first illegal play, ``-1``
if every play is legal, ``-2`` if the record is malformed (an index outside
0..35 or a card twice, hence one missing).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import numba
import numpy as np

from bitcards._bits import ctz, popcount, select_mask
from bitcards._jit import JIT_DISABLED, njit, warmup_task
from bitcards._rng import next_u64, row_state
from bitcards.jass.rules import LAST_TRICK_BONUS, POINTS, SUIT_OF, card_key, legal_mask

MALFORMED = -2
#: below this many rows a call runs on one thread: waking the pool costs more than it saves
SERIAL_ROWS = 2048
_FULL = np.uint64((1 << 36) - 1)
_LOW32 = np.uint64(0xFFFFFFFF)
#: Lemire's rejection threshold 2**32 mod k for a uniform draw in [0, k)
_THRESH = np.array([0] + [(1 << 32) % k for k in range(1, 37)], dtype=np.uint64)


@contextlib.contextmanager
def threads_for(n: int) -> Iterator[None]:
    """Run small batches on the calling thread only (results never depend on the thread count)."""
    if n >= SERIAL_ROWS or JIT_DISABLED:
        yield
        return
    old = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        yield
    finally:
        numba.set_num_threads(old)


@njit(inline="always")
def _pick4(p, a, b, c, d):  # type: ignore[no-untyped-def]
    if p == 0:
        return a
    if p == 1:
        return b
    if p == 2:
        return c
    return d


@njit(inline="always")
def check_row(row, contract):  # type: ignore[no-untyped-def]
    """``(status, allowed, winners, points13)`` of one record.

    ``status`` as in the module docstring; ``allowed`` the legal cards at the
    first illegal play (0 if none); ``winners`` the nine trick winners'
    columns, 2 bits each, trick 1 lowest; ``points13`` the card points of
    columns 1+3, last-trick bonus included (columns 2+4 have 157 minus that).
    Winners and points are those of the record as played, legal or not.
    """
    h0 = np.uint64(0)
    h1 = np.uint64(0)
    h2 = np.uint64(0)
    h3 = np.uint64(0)
    for k in range(36):
        v = np.int64(row[k])
        if v < 0 or v > 35:
            return MALFORMED, np.uint64(0), np.int64(0), np.int64(0)
        bit = np.uint64(1) << np.uint64(v)
        p = k & 3
        if p == 0:
            h0 |= bit
        elif p == 1:
            h1 |= bit
        elif p == 2:
            h2 |= bit
        else:
            h3 |= bit
    if (h0 | h1 | h2 | h3) != _FULL:
        return MALFORMED, np.uint64(0), np.int64(0), np.int64(0)
    status = np.int64(-1)
    bad_allowed = np.uint64(0)
    played = np.uint64(0)
    leader = np.int64(0)
    winners = np.int64(0)
    pts13 = np.int64(0)
    cbase = np.int64(contract) * 36
    for t in range(9):
        base = t * 4
        c = np.int64(row[base + leader])
        lead_suit = SUIT_OF[c]
        best = c
        best_p = leader
        best_key = card_key(c, lead_suit, contract)
        pts = POINTS[cbase + c]
        played |= np.uint64(1) << np.uint64(c)
        for j in range(1, 4):
            p = (leader + j) & 3
            c = np.int64(row[base + p])
            bit = np.uint64(1) << np.uint64(c)
            if status < 0:
                hand = _pick4(p, h0, h1, h2, h3) & ~played
                allowed = legal_mask(hand, lead_suit, best, contract)
                if not (allowed & bit):
                    status = base + p
                    bad_allowed = allowed
            played |= bit
            pts += POINTS[cbase + c]
            k = card_key(c, lead_suit, contract)
            if k > best_key:
                best_key = k
                best = c
                best_p = p
        if t == 8:
            pts += LAST_TRICK_BONUS
        if best_p & 1 == 0:
            pts13 += pts
        winners |= best_p << (2 * t)
        leader = best_p
    return status, bad_allowed, winners, pts13


@njit
def check_one(row, contract):  # type: ignore[no-untyped-def]
    """:func:`check_row` as a callable kernel (the scalar API's entry point)."""
    return check_row(row, contract)


@njit(parallel=True)
def check_kernel(records, contracts, ok, first):  # type: ignore[no-untyped-def]
    for i in numba.prange(records.shape[0]):
        status, _, _, _ = check_row(records[i], np.int64(contracts[i]))
        first[i] = status
        ok[i] = status == -1


@njit(parallel=True)
def score_kernel(records, contracts, first, winners, points):  # type: ignore[no-untyped-def]
    for i in numba.prange(records.shape[0]):
        status, _, w, p13 = check_row(records[i], np.int64(contracts[i]))
        first[i] = status
        if status == -2:
            continue
        for t in range(9):
            winners[i, t] = (w >> (2 * t)) & 3
        points[i, 0] = p13
        points[i, 1] = 157 - p13


@njit(inline="always")
def _draw(state, spare, has_spare, k):  # type: ignore[no-untyped-def]
    """A uniform draw in [0, k) from 32-bit halves of the stream: ``(state, spare, has_spare, j)``."""
    while True:
        if has_spare:
            y = spare
            has_spare = False
        else:
            state, x = next_u64(state)
            y = x & _LOW32
            spare = x >> np.uint64(32)
            has_spare = True
        prod = y * np.uint64(k)
        if (prod & _LOW32) >= _THRESH[k]:
            return state, spare, has_spare, np.int64(prod >> np.uint64(32))


@njit(parallel=True)
def play_kernel(hands, contracts, key, start, out):  # type: ignore[no-untyped-def]
    """Play each deal: every card uniform among the legal ones; write the record into ``out``."""
    for i in numba.prange(hands.shape[0]):
        state = row_state(key, np.uint64(start + i))
        spare = np.uint64(0)
        has_spare = False
        contract = np.int64(contracts[i])
        h0 = hands[i, 0]
        h1 = hands[i, 1]
        h2 = hands[i, 2]
        h3 = hands[i, 3]
        leader = np.int64(0)
        for t in range(9):
            base = t * 4
            lead_suit = np.int64(-1)
            best = np.int64(-1)
            best_p = leader
            best_key = np.int64(-1)
            for j in range(4):
                p = (leader + j) & 3
                hand = _pick4(p, h0, h1, h2, h3)
                allowed = legal_mask(hand, lead_suit, best, contract)
                n_allowed = popcount(allowed)
                if n_allowed == 1:
                    bit = allowed
                else:
                    state, spare, has_spare, r = _draw(state, spare, has_spare, n_allowed)
                    bit = select_mask(allowed, r)
                c = np.int64(ctz(bit))
                if p == 0:
                    h0 ^= bit
                elif p == 1:
                    h1 ^= bit
                elif p == 2:
                    h2 ^= bit
                else:
                    h3 ^= bit
                out[i, base + p] = c
                if j == 0:
                    lead_suit = SUIT_OF[c]
                k = card_key(c, lead_suit, contract)
                if k > best_key:
                    best_key = k
                    best = c
                    best_p = p
            leader = best_p


@njit(parallel=True)
def contracts_kernel(key, start, out):  # type: ignore[no-untyped-def]
    """A uniform contract code (0..5) per row."""
    for i in numba.prange(out.shape[0]):
        state = row_state(key, np.uint64(start + i))
        _, _, _, r = _draw(state, np.uint64(0), False, 6)
        out[i] = r


@njit(inline="always")
def _mutation_walk(row, contract, target):  # type: ignore[no-untyped-def]
    """Walk the plays until the first illegal one; count the plays where the player held an illegal card.

    With ``target >= 0`` stop at the ``target``-th such play (from 0) and return
    ``(count, matrix index, illegal cards there)``; otherwise ``(count, -1, 0)``.
    """
    h0 = np.uint64(0)
    h1 = np.uint64(0)
    h2 = np.uint64(0)
    h3 = np.uint64(0)
    for k in range(36):
        bit = np.uint64(1) << np.uint64(row[k])
        p = k & 3
        if p == 0:
            h0 |= bit
        elif p == 1:
            h1 |= bit
        elif p == 2:
            h2 |= bit
        else:
            h3 |= bit
    count = np.int64(0)
    played = np.uint64(0)
    leader = np.int64(0)
    for t in range(9):
        base = t * 4
        lead_suit = np.int64(-1)
        best = np.int64(-1)
        best_p = leader
        best_key = np.int64(-1)
        for j in range(4):
            p = (leader + j) & 3
            c = np.int64(row[base + p])
            bit = np.uint64(1) << np.uint64(c)
            hand = _pick4(p, h0, h1, h2, h3) & ~played
            allowed = legal_mask(hand, lead_suit, best, contract)
            if not (allowed & bit):
                return count, np.int64(-1), np.uint64(0)
            illegal = hand & ~allowed
            if illegal:
                if count == target:
                    return count, np.int64(base + p), illegal
                count += 1
            played |= bit
            if j == 0:
                lead_suit = SUIT_OF[c]
            k = card_key(c, lead_suit, contract)
            if k > best_key:
                best_key = k
                best = c
                best_p = p
        leader = best_p
    return count, np.int64(-1), np.uint64(0)


@njit(parallel=True)
def mutate_kernel(records, contracts, key, start, out, where):  # type: ignore[no-untyped-def]
    """Make one play of each record illegal by swapping it with a later card of the same player.

    The player's hand before that play is unchanged, so every earlier play stays
    legal and the swapped-in card is illegal there: the first violation is
    exactly ``where[i]``. ``-1`` if the record offers no such play.
    """
    for i in numba.prange(records.shape[0]):
        for k in range(36):
            out[i, k] = records[i, k]
        where[i] = -1
        contract = np.int64(contracts[i])
        n_cand, _, _ = _mutation_walk(records[i], contract, np.int64(-1))
        if n_cand == 0:
            continue
        state = row_state(key, np.uint64(start + i))
        state, spare, has_spare, target = _draw(state, np.uint64(0), False, n_cand)
        _, pos, illegal = _mutation_walk(records[i], contract, target)
        state, spare, has_spare, r = _draw(state, spare, has_spare, popcount(illegal))
        c = np.int64(ctz(select_mask(illegal, r)))
        # the illegal card is still in the player's hand: find its later trick
        for q in range(pos + 4, 36, 4):
            if np.int64(records[i, q]) == c:
                out[i, q] = records[i, pos]
                out[i, pos] = records[i, q]
                break
        where[i] = pos


@warmup_task
def _warm() -> None:
    from bitcards.jass.play import check_games, score_games
    from bitcards.jass.generate import mutate_games, random_games

    g = random_games(2, "h", seed=0)
    check_games(g, np.array([1, 1], dtype=np.int8))
    score_games(g, np.array([1, 1], dtype=np.int8))
    mutate_games(g, np.array([1, 1], dtype=np.int8), seed=0)
    check_one(g[0], np.int64(1))
