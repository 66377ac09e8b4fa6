"""A plain full minimax for open-handed four-seat trick games (Euchre, Jass), to check the solvers against.

No pruning, no merging of cards: every legal card of every seat is tried. What the rest of the
deal is worth from a trick boundary depends only on the cards left and the leader, so each such
position is searched once per call and remembered in a plain dictionary. Team 0 is
seats 0 and 2 and maximises what it takes from here on; team 1 minimises it. The game comes in
as three plain functions: ``legal(hand, trick)``, ``winner(trick)`` (index in play order) and
``worth(trick, last)`` (what the trick is worth: 1 in Euchre, card points and the last-trick
bonus in Jass). ``out`` is a seat that sits out (a Euchre partner of a player going alone).
Without the dictionary the tree grows as (cards per hand)!^4; with it, a few tricks still.
"""

from __future__ import annotations

from collections.abc import Callable

Legal = Callable[[list[str], list[str]], list[str]]
Winner = Callable[[list[str]], int]
Worth = Callable[[list[str], bool], int]


def seats_from(leader: int, out: int) -> list[int]:
    """The seats in play order from ``leader``, without ``out``."""
    return [s for s in ((leader + j) % 4 for j in range(4)) if s != out]


def value(
    hands: list[list[str]],
    leader: int,
    trick: list[str],
    legal: Legal,
    winner: Winner,
    worth: Worth,
    out: int = -1,
    seen: dict[tuple[object, ...], int] | None = None,
) -> int:
    """Team 0's future take under best play; ``trick`` holds the cards played so far to this trick."""
    seen = {} if seen is None else seen
    key = (tuple(tuple(sorted(h)) for h in hands), leader)
    if not trick and key in seen:
        return seen[key]
    order = seats_from(leader, out)
    seat = order[len(trick)]
    if not hands[seat] and not trick:
        return 0
    results = []
    for c in legal(hands[seat], trick):
        rest = [list(h) for h in hands]
        rest[seat].remove(c)
        t = [*trick, c]
        if len(t) < len(order):
            results.append(value(rest, leader, t, legal, winner, worth, out, seen))
            continue
        w = order[winner(t)]
        last = not any(rest[s] for s in order)
        gain = worth(t, last) if w % 2 == 0 else 0
        results.append(gain + value(rest, w, [], legal, winner, worth, out, seen))
    best = max(results) if seat % 2 == 0 else min(results)
    if not trick:
        seen[key] = best
    return best


def lead_values(hands: list[list[str]], leader: int, legal: Legal, winner: Winner, worth: Worth, out: int = -1) -> dict[str, int]:
    """Team 0's future take after each legal lead of ``leader``."""
    out_values: dict[str, int] = {}
    seen: dict[tuple[object, ...], int] = {}
    for c in legal(hands[leader], []):
        rest = [list(h) for h in hands]
        rest[leader].remove(c)
        out_values[c] = value(rest, leader, [c], legal, winner, worth, out, seen)
    return out_values


# the bookkeeping of the plain alpha-beta baselines (Skat, Jass): (lower, upper) bounds remembered per trick start

Bounds = dict[tuple[object, ...], tuple[int, int]]


def recall(memo: Bounds, key: tuple[object, ...], alpha: int, beta: int, unknown: tuple[int, int]) -> tuple[int | None, int, int]:
    """The value if the bounds remembered for ``key`` settle the window (else None), and the window narrowed by them."""
    lo, hi = memo.get(key, unknown)
    if lo >= beta:
        return lo, alpha, beta
    if hi <= alpha or lo == hi:
        return hi, alpha, beta
    return None, max(alpha, lo), min(beta, hi)


def better(maximise: bool, best: int, v: int, alpha: int, beta: int) -> tuple[int, int, int]:
    """The better of ``best`` and ``v`` for the side to move, and the window narrowed by it."""
    if maximise:
        best = max(best, v)
        return best, max(alpha, best), beta
    best = min(best, v)
    return best, alpha, min(beta, best)


def remember(memo: Bounds, key: tuple[object, ...], best: int, a0: int, b0: int, unknown: tuple[int, int]) -> None:
    """Narrow the bounds remembered for ``key`` by ``best``, what the search with the window ``a0..b0`` returned."""
    lo, hi = memo.get(key, unknown)
    if best <= a0:
        hi = min(hi, best)
    elif best >= b0:
        lo = max(lo, best)
    else:
        lo = hi = best
    memo[key] = (lo, hi)
