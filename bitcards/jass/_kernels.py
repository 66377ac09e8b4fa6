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

import numba
import numpy as np

from bitcards._bits import ctz, popcount, select_mask
from bitcards._jit import njit, warmup_task
from bitcards._parallel import BatchKernel, block_rows, blocks
from bitcards._rng import draw_state as _draw
from bitcards._rng import row_state
from bitcards.jass.rules import LAST_TRICK_BONUS, POINTS, _legal_after, follow_mask, trick_follow, trick_lead

MALFORMED = -2
_FULL = np.uint64((1 << 36) - 1)


@njit(inline="always")
def load_hands(row, hands):  # type: ignore[no-untyped-def]
    """Each column's cards into ``hands[0..3]``; False if the record is malformed (index outside 0..35, a card twice)."""
    h0 = np.uint64(0)
    h1 = np.uint64(0)
    h2 = np.uint64(0)
    h3 = np.uint64(0)
    bad = False
    m63 = np.uint64(63)
    for t in range(9):
        a = np.uint64(np.uint8(row[4 * t]))
        b = np.uint64(np.uint8(row[4 * t + 1]))
        c = np.uint64(np.uint8(row[4 * t + 2]))
        d = np.uint64(np.uint8(row[4 * t + 3]))
        bad |= (a > 35) | (b > 35) | (c > 35) | (d > 35)
        h0 |= np.uint64(1) << (a & m63)
        h1 |= np.uint64(1) << (b & m63)
        h2 |= np.uint64(1) << (c & m63)
        h3 |= np.uint64(1) << (d & m63)
    hands[0] = h0
    hands[1] = h1
    hands[2] = h2
    hands[3] = h3
    # 36 indices in 0..35 whose bits cover all 36 cards are 36 distinct cards
    return not bad and (h0 | h1 | h2 | h3) == _FULL


@njit(inline="always")
def check_row(row, contract, hands, full):  # type: ignore[no-untyped-def]
    """``(status, allowed, winners, points13)`` of one record; ``hands`` is a scratch array of 4 ``uint64``.

    ``status`` as in the module docstring; ``allowed`` the legal cards at the
    first illegal play (0 if none). With ``full`` the walk goes on to the end:
    ``winners`` holds the nine trick winners' columns, 2 bits each, trick 1
    lowest, and ``points13`` the card points of columns 1+3, last-trick bonus
    included (columns 2+4 have 157 minus that), of the record as played, legal
    or not. Without ``full`` it stops at the first illegal play and both are 0.
    """
    if not load_hands(row, hands):
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
        lead_suit, cont, best, best_p, best_key = trick_lead(c, leader, contract)
        pts = POINTS[cbase + c]
        played |= np.uint64(1) << np.uint64(c)
        for j in range(1, 4):
            p = (leader + j) & 3
            c = np.int64(row[base + p])
            bit = np.uint64(1) << np.uint64(c)
            if status < 0:
                allowed = follow_mask(hands[p] & ~played, lead_suit, best, contract)
                if not (allowed & bit):
                    status = base + p
                    bad_allowed = allowed
                    if not full:
                        return status, bad_allowed, winners, pts13
            played |= bit
            best, best_p, best_key = trick_follow(c, bit, p, cont, contract, best, best_p, best_key)
            if full:
                pts += POINTS[cbase + c]
        if full:
            if t == 8:
                pts += LAST_TRICK_BONUS
            if best_p & 1 == 0:
                pts13 += pts
            winners |= best_p << (2 * t)
        leader = best_p
    return status, bad_allowed, winners, pts13


@njit
def check_one(row, contract):  # type: ignore[no-untyped-def]
    """:func:`check_row` of one record, walked to the end (the scalar API's entry point)."""
    hands = np.empty(4, dtype=np.uint64)
    return check_row(row, contract, hands, True)


def _check_rows(records, contracts, ok, first):  # type: ignore[no-untyped-def]
    n = records.shape[0]
    for blk in numba.prange(blocks(n)):
        hands = np.empty(4, dtype=np.uint64)
        lo, hi = block_rows(blk, n)
        for i in range(lo, hi):
            status, _, _, _ = check_row(records[i], np.int64(contracts[i]), hands, False)
            first[i] = status
            ok[i] = status == -1


check_kernel = BatchKernel(_check_rows)


def _score_rows(records, contracts, first, winners, points):  # type: ignore[no-untyped-def]
    n = records.shape[0]
    for blk in numba.prange(blocks(n)):
        hands = np.empty(4, dtype=np.uint64)
        lo, hi = block_rows(blk, n)
        for i in range(lo, hi):
            status, _, w, p13 = check_row(records[i], np.int64(contracts[i]), hands, True)
            first[i] = status
            if status == MALFORMED:
                continue
            for t in range(9):
                winners[i, t] = (w >> (2 * t)) & 3
            points[i, 0] = p13
            points[i, 1] = 157 - p13


score_kernel = BatchKernel(_score_rows)


def _legal_rows(hands, tricks, contracts, out):  # type: ignore[no-untyped-def]
    """Legal cards of each hand after its row of ``tricks`` (card indices, ``-1`` padding at the end)."""
    for i in numba.prange(hands.shape[0]):
        k = 0
        while k < tricks.shape[1] and tricks[i, k] >= 0:
            k += 1
        out[i] = _legal_after(hands[i], tricks[i], k, np.int64(contracts[i]))


legal_kernel = BatchKernel(_legal_rows)


def _contracts_rows(key, start, out):  # type: ignore[no-untyped-def]
    """A uniform contract code (0..5) per row."""
    for i in numba.prange(out.shape[0]):
        state = row_state(key, np.uint64(start + i))
        _, r = _draw(state, 6)
        out[i] = r


contracts_kernel = BatchKernel(_contracts_rows)


@njit(inline="always")
def _mutation_walk(row, contract, target, hands):  # type: ignore[no-untyped-def]
    """Walk the plays until the first illegal one; count the plays where the player held an illegal card.

    With ``target >= 0`` stop at the ``target``-th such play (from 0) and return
    ``(count, matrix index, illegal cards there)``; otherwise ``(count, -1, 0)``.
    The record must be well formed.
    """
    load_hands(row, hands)
    count = np.int64(0)
    played = np.uint64(0)
    leader = np.int64(0)
    for t in range(9):
        base = t * 4
        c = np.int64(row[base + leader])
        lead_suit, cont, best, best_p, best_key = trick_lead(c, leader, contract)
        played |= np.uint64(1) << np.uint64(c)
        for j in range(1, 4):
            p = (leader + j) & 3
            c = np.int64(row[base + p])
            bit = np.uint64(1) << np.uint64(c)
            hand = hands[p] & ~played
            allowed = follow_mask(hand, lead_suit, best, contract)
            if not (allowed & bit):
                return count, np.int64(-1), np.uint64(0)
            illegal = hand & ~allowed
            if illegal:
                if count == target:
                    return count, np.int64(base + p), illegal
                count += 1
            played |= bit
            best, best_p, best_key = trick_follow(c, bit, p, cont, contract, best, best_p, best_key)
        leader = best_p
    return count, np.int64(-1), np.uint64(0)


def _mutate_rows(records, contracts, key, start, out, where):  # type: ignore[no-untyped-def]
    """Make one play of each record illegal by swapping it with a later card of the same player.

    The player's hand before that play is unchanged, so every earlier play stays
    legal and the swapped-in card is illegal there: the first violation is
    exactly ``where[i]``. ``-1`` if the record offers no such play.
    """
    for i in numba.prange(records.shape[0]):
        hands = np.empty(4, dtype=np.uint64)
        for k in range(36):
            out[i, k] = records[i, k]
        where[i] = -1
        contract = np.int64(contracts[i])
        n_cand, _, _ = _mutation_walk(records[i], contract, np.int64(-1), hands)
        if n_cand == 0:
            continue
        state = row_state(key, np.uint64(start + i))
        state, target = _draw(state, n_cand)
        _, pos, illegal = _mutation_walk(records[i], contract, target, hands)
        state, r = _draw(state, popcount(illegal))
        c = np.int64(ctz(select_mask(illegal, r)))
        # the illegal card is still in the player's hand: find its later trick
        for q in range(pos + 4, 36, 4):
            if np.int64(records[i, q]) == c:
                out[i, q] = records[i, pos]
                out[i, pos] = records[i, q]
                break
        where[i] = pos


mutate_kernel = BatchKernel(_mutate_rows)


def _swap_rows(records, key, start, todo, out):  # type: ignore[no-untyped-def]
    """For the rows with ``todo``: swap two cards of different columns, positions uniform, into ``out``."""
    for i in numba.prange(records.shape[0]):
        if not todo[i]:
            continue
        state = row_state(key, np.uint64(start + i))
        state, a = _draw(state, 36)
        state, r = _draw(state, 27)  # a position in one of the three other columns
        col = (a & 3) + 1 + r // 9
        b = 4 * (r % 9) + (col & 3)
        for k in range(36):
            out[i, k] = records[i, k]
        out[i, a] = records[i, b]
        out[i, b] = records[i, a]


swap_kernel = BatchKernel(_swap_rows)


@warmup_task
def _warm() -> None:
    from bitcards.jass.generate import mutate_games, random_contracts, random_games
    from bitcards.jass.play import check_games, score_games

    g = random_games(2, random_contracts(2, seed=0), seed=0)
    check_games(g, np.array([1, 1], dtype=np.int8))
    score_games(g, np.array([1, 1], dtype=np.int8))
    mutate_games(g, np.array([1, 1], dtype=np.int8), seed=0)
    mutate_games(g, np.array([1, 1], dtype=np.int8), seed=0, kind="players")
    check_one(g[0], np.int64(1))
    from bitcards.jass.play import legal_moves

    legal_moves(np.array([7], dtype=np.uint64), np.array([[9, -1, -1]], dtype=np.int8), "h")
