"""A plain full minimax for open-handed Skat endgames, to check the solver against.

No pruning, no tables, no merging of cards: every legal card of every player is tried, and the
trick rules come from tests/naive/skat.py (written from the spec). Cards are (suit, rank)
letter pairs. Only for a few tricks: the tree grows as (cards per hand)!^3.
"""

from __future__ import annotations

from tests.naive.skat import card_points, legal, trick_winner
from tests.naive.trick_solve import better, recall, remember

Card = tuple[str, str]


def value(hands: list[list[Card]], game: str, declarer: int, lead: int, trick: list[Card], mode: str) -> int:
    """The declarer's future points (mode "points") or tricks ("tricks"), under best play.

    In "points" and "tricks" the declarer maximises and the defenders minimise; in "null" the
    value is the declarer's tricks, which the declarer minimises and the defenders maximise.
    """
    player = (lead + len(trick)) % 3
    if not hands[player] and not trick:
        return 0
    results = []
    for c in legal(hands[player], trick[0] if trick else None, game):
        rest = [list(h) for h in hands]
        rest[player].remove(c)
        t = [*trick, c]
        if len(t) < 3:
            results.append(value(rest, game, declarer, lead, t, mode))
            continue
        winner = (lead + trick_winner(t, game)) % 3
        gain = 0
        if winner == declarer:
            gain = card_points(t) if mode == "points" else 1
        results.append(gain + value(rest, game, declarer, winner, [], mode))
    declarer_moves = player == declarer
    maximise = declarer_moves if mode != "null" else not declarer_moves
    return max(results) if maximise else min(results)


def card_values(hands: list[list[Card]], game: str, declarer: int, lead: int, trick: list[Card], mode: str) -> dict[Card, int]:
    """The value of each legal card of the player to move: the future value after playing it."""
    player = (lead + len(trick)) % 3
    out = {}
    for c in legal(hands[player], trick[0] if trick else None, game):
        rest = [list(h) for h in hands]
        rest[player].remove(c)
        t = [*trick, c]
        if len(t) < 3:
            out[c] = value(rest, game, declarer, lead, t, mode)
            continue
        winner = (lead + trick_winner(t, game)) % 3
        gain = 0
        if winner == declarer:
            gain = card_points(t) if mode == "points" else 1
        out[c] = gain + value(rest, game, declarer, winner, [], mode)
    return out


def solve(
    hands: list[list[Card]], skat: list[Card], game: str, declarer: int, lead: int, trick: list[Card],
    points_so_far: int = 0, tricks_so_far: int = 0, defender_tricks: int = 0,
) -> dict[str, object]:  # fmt: skip
    """What the solver reports, by full minimax: points, won, schneider, schwarz, card values.

    ``hands`` hold the cards not yet played; ``trick`` the cards of the trick in progress, led
    by ``lead``; ``points_so_far`` the declarer's points from finished tricks (the skat is
    added here).
    """
    remaining = (sum(len(h) for h in hands) + len(trick)) // 3
    if game == "null":
        won = tricks_so_far == 0 and value(hands, game, declarer, lead, trick, "null") == 0
        vals = card_values(hands, game, declarer, lead, trick, "null")
        return {"points": None, "won": won, "values": {c: int(v == 0) for c, v in vals.items()}}
    base = points_so_far + card_points(skat)
    points = base + value(hands, game, declarer, lead, trick, "points")
    most_tricks = value(hands, game, declarer, lead, trick, "tricks")
    vals = card_values(hands, game, declarer, lead, trick, "points")
    return {
        "points": points,
        "won": points >= 61,
        "schneider": points >= 90,
        "schneider_against": points <= 30,
        "schwarz": defender_tricks == 0 and most_tricks == remaining,
        "schwarz_against": tricks_so_far == 0 and most_tricks == 0,
        "values": {c: base + v for c, v in vals.items()},
    }


def alphabeta(
    hands: list[list[Card]], game: str, declarer: int, lead: int, trick: list[Card], alpha: int, beta: int,
    memo: dict[tuple[object, ...], tuple[int, int]],
) -> int:  # fmt: skip
    """The declarer's future points by plain alpha-beta, remembering (lower, upper) bounds per trick start.

    The plain-Python baseline for whole deals in bench/: no card merging, no move ordering.
    """
    player = (lead + len(trick)) % 3
    if not hands[player] and not trick:
        return 0
    key = None
    if not trick:
        key = (tuple(tuple(sorted(h)) for h in hands), lead)
        known, alpha, beta = recall(memo, key, alpha, beta, (0, 120))
        if known is not None:
            return known
    a0, b0 = alpha, beta
    maximise = player == declarer
    best = -1 if maximise else 121
    for c in legal(hands[player], trick[0] if trick else None, game):
        rest = [list(h) for h in hands]
        rest[player].remove(c)
        t = [*trick, c]
        if len(t) < 3:
            v = alphabeta(rest, game, declarer, lead, t, alpha, beta, memo)
        else:
            winner = (lead + trick_winner(t, game)) % 3
            gain = card_points(t) if winner == declarer else 0
            v = gain + alphabeta(rest, game, declarer, winner, [], alpha - gain, beta - gain, memo)
        best, alpha, beta = better(maximise, best, v, alpha, beta)
        if alpha >= beta:
            break
    if key is not None:
        remember(memo, key, best, a0, b0, (0, 120))
    return best
