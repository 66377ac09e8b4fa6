"""What the open-hand solvers' alpha-beta searches share: a node's proven bounds, the window a table
entry leaves, the move list kept best first, and the step of the plain searches of their last tricks.

A light module (it imports no game), so a solver can use it without importing another game's rules.
"""

from __future__ import annotations

import numpy as np

from bitcards._bits import ctz
from bitcards._jit import njit

__all__ = ["proven_bounds", "narrow_window", "insert_move", "pick", "point_shift"]


@njit(inline="always")
def proven_bounds(best, a0, b0, lo, hi):  # type: ignore[no-untyped-def]
    """The bounds ``lo..hi`` of a node's value, narrowed by ``best``, what a fail-soft search with the window
    ``a0..b0`` returned for it: an upper bound if it failed low, a lower bound if it failed high, else exact.
    (The rule for any transposition table of such a search: the Skat, Euchre and Jass solvers keep it.)"""
    if best <= a0:
        return lo, min(hi, best)
    if best >= b0:
        return max(lo, best), hi
    return best, best


@njit(inline="always")
def narrow_window(lo, hi, alpha, beta):  # type: ignore[no-untyped-def]
    """What a node's known bounds ``lo..hi`` do to the window ``alpha..beta``: ``(True, value, alpha, beta)``
    if they decide the node (a fail-soft value), else ``(False, 0, alpha, beta)`` with the window narrowed."""
    if lo >= beta:
        return True, lo, alpha, beta
    if hi <= alpha:
        return True, hi, alpha, beta
    if lo == hi:
        return True, lo, alpha, beta
    return False, lo * 0, max(alpha, lo), min(beta, hi)


@njit(inline="always")
def insert_move(buf, ply, n, c, score):  # type: ignore[no-untyped-def]
    """Put move ``c`` with ``score`` into row ``ply`` of ``buf`` (moves in columns ``0..n-1``, their scores
    at ``16 + j``), keeping the moves best first; return the new count ``n + 1``."""
    j = n
    while j > 0 and buf[ply, 16 + j - 1] < score:
        buf[ply, j] = buf[ply, j - 1]
        buf[ply, 16 + j] = buf[ply, 16 + j - 1]
        j -= 1
    buf[ply, j] = c
    buf[ply, 16 + j] = score
    return n + 1


@njit(inline="always")
def pick(maximise, v, w, a, b):  # type: ignore[no-untyped-def]
    """One step of a plain fail-soft alpha-beta (the solvers' searches of their last tricks): the better of the
    node's value so far ``v`` and a child's value ``w`` for the side to move (``maximise``), and the node's window
    ``a..b`` narrowed by it (the node is settled once ``a >= b``)."""
    if maximise:
        v = max(v, w)
        return v, max(a, v), b
    v = min(v, w)
    return v, a, min(b, v)


@njit(inline="always")
def point_shift(a, b, points):  # type: ignore[no-untyped-def]
    """The points gained and lost when the cards ``a`` are mapped onto the cards ``b`` in order (the lowest place of
    one onto the lowest of the other, and so on; both masks hold as many cards), ``points[i]`` the points of the
    card at place ``i``: ``(up, down)``, the sum of the rises and the sum of the falls. (The shape tables of the
    solvers: a position of the same shape as another is worth at most ``up`` more and at least ``down`` less.)"""
    up = np.int64(0)
    down = np.int64(0)
    one = np.uint64(1)
    a = np.uint64(a)
    b = np.uint64(b)
    while a != b:  # (equal from here on: the same cards, no difference)
        d = points[ctz(b)] - points[ctz(a)]
        if d > 0:
            up += d
        else:
            down -= d
        a &= a - one
        b &= b - one
    return up, down
