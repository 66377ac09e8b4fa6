"""What the open-hand solvers' alpha-beta searches share: the rule for a node's proven bounds.

A light module (it imports no game), so a solver can use it without importing another game's rules.
"""

from __future__ import annotations

from bitcards._jit import njit

__all__ = ["proven_bounds"]


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
