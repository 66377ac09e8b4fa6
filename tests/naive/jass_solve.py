"""Open-handed Jass by plain full minimax: both teams' points under best play.

The rules come from tests/naive/jass.py (written from the spec): the legal cards, the trick
winner and the card points; the last trick adds 5; a team that takes every trick of the deal
(this position's and the ``earlier`` ones) scores 100 more (the match). Both sides play for the
difference of the two teams' points: team 0 maximises ``p0 - p1``, team 1 minimises it. No
pruning. What the rest of the deal is worth from a trick boundary depends only on the cards left,
the leader and which teams have taken a trick yet, so each such position is searched once per call
and remembered in a plain dictionary. Contract: a letter d h s c o u.
"""

from __future__ import annotations

from tests.naive.jass import allowed_cards, card_points, trick_winner_index
from tests.naive.trick_solve import Bounds, better, recall, remember

MATCH = 100


Seen = dict[tuple[object, ...], tuple[int, int]]


def _rest(hands: list[list[str]], contract: str, leader: int, took: tuple[bool, bool], seen: Seen) -> tuple[int, int]:
    """Both teams' points from this trick boundary to the end (the match bonus included); ``took``: which
    teams have taken a trick so far."""
    key = (tuple(tuple(sorted(h)) for h in hands), leader, took)
    if key not in seen:
        if not hands[leader]:
            seen[key] = (0 if took[1] else MATCH, 0 if took[0] else MATCH)
        else:
            seen[key] = _play(hands, contract, leader, [], took, seen)
    return seen[key]


def _play(
    hands: list[list[str]], contract: str, leader: int, trick: list[str], took: tuple[bool, bool], seen: Seen
) -> tuple[int, int]:
    """Both teams' points from here to the end: ``trick`` is the current trick so far."""
    seat = (leader + len(trick)) % 4
    outcomes = []
    for card in allowed_cards(hands[seat], trick, contract):
        rest = [list(h) for h in hands]
        rest[seat].remove(card)
        t = [*trick, card]
        if len(t) < 4:
            outcomes.append(_play(rest, contract, leader, t, took, seen))
            continue
        winner = (leader + trick_winner_index(t, contract)) % 4
        last = not any(rest)
        team = winner % 2
        now = [0, 0]
        now[team] = sum(card_points(c, contract) for c in t) + (5 if last else 0)
        after = _rest(rest, contract, winner, (took[0] or team == 0, took[1] or team == 1), seen)
        outcomes.append((now[0] + after[0], now[1] + after[1]))
    pick = max if seat % 2 == 0 else min
    return pick(outcomes, key=lambda o: o[0] - o[1])


def outcome(hands: list[list[str]], contract: str, leader: int, earlier: tuple[int, int] = (0, 0)) -> tuple[int, int]:
    """Team 0's and team 1's points from here on under best play."""
    return _rest(hands, contract, leader, (earlier[0] > 0, earlier[1] > 0), {})


def points(hands: list[list[str]], contract: str, leader: int, earlier: tuple[int, int] = (0, 0)) -> int:
    """Team 0's points from here on (card points, the last trick's 5, the match bonus)."""
    return outcome(hands, contract, leader, earlier)[0]


def lead_values(
    hands: list[list[str]], contract: str, leader: int, earlier: tuple[int, int] = (0, 0)
) -> dict[str, tuple[int, int]]:
    """Both teams' points after each legal lead of ``leader``."""
    values = {}
    seen: Seen = {}
    took = (earlier[0] > 0, earlier[1] > 0)
    for card in allowed_cards(hands[leader], [], contract):
        rest = [list(h) for h in hands]
        rest[leader].remove(card)
        values[card] = _play(rest, contract, leader, [card], took, seen)
    return values


def alphabeta(
    hands: list[list[str]], contract: str, leader: int, trick: list[str], took: tuple[bool, bool], alpha: int, beta: int,
    memo: Bounds,
) -> int:  # fmt: skip
    """Team 0's points minus team 1's from here on (the match bonus included), by plain alpha-beta remembering
    (lower, upper) bounds per trick start. The plain-Python baseline for whole deals in bench/: no card merging, no
    move ordering; team 0 maximises the difference, team 1 minimises it."""
    seat = (leader + len(trick)) % 4
    if not hands[seat] and not trick:
        return (0 if took[1] else MATCH) - (0 if took[0] else MATCH)
    key = None
    if not trick:
        key = (tuple(tuple(sorted(h)) for h in hands), leader, took)
        known, alpha, beta = recall(memo, key, alpha, beta, (-1000, 1000))
        if known is not None:
            return known
    a0, b0 = alpha, beta
    best = -1000 if seat % 2 == 0 else 1000
    for card in allowed_cards(hands[seat], trick, contract):
        rest = [list(h) for h in hands]
        rest[seat].remove(card)
        t = [*trick, card]
        if len(t) < 4:
            v = alphabeta(rest, contract, leader, t, took, alpha, beta, memo)
        else:
            winner = (leader + trick_winner_index(t, contract)) % 4
            team = winner % 2
            won = sum(card_points(c, contract) for c in t) + (5 if not any(rest) else 0)
            gain = won if team == 0 else -won
            after = (took[0] or team == 0, took[1] or team == 1)
            v = gain + alphabeta(rest, contract, winner, [], after, alpha - gain, beta - gain, memo)
        best, alpha, beta = better(seat % 2 == 0, best, v, alpha, beta)
        if alpha >= beta:
            break
    if key is not None:
        remember(memo, key, best, a0, b0, (-1000, 1000))
    return best


def alphabeta_points(hands: list[list[str]], contract: str, leader: int, earlier: tuple[int, int] = (0, 0)) -> int:
    """Team 0's points from here on, by :func:`alphabeta` (the points left and the difference give both teams')."""
    total = sum(card_points(c, contract) for h in hands for c in h) + 5
    d = alphabeta(hands, contract, leader, [], (earlier[0] > 0, earlier[1] > 0), -1000, 1000, {})
    if abs(d) == total + MATCH:
        return total + MATCH if d > 0 else 0
    return (d + total) // 2
