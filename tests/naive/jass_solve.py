"""Open-handed Jass by plain full minimax: both teams' points under best play.

The rules come from tests/naive/jass.py (written from the spec): the legal cards, the trick
winner and the card points; the last trick adds 5; a team that takes every trick of the deal
(this position's and the ``earlier`` ones) scores 100 more (the match). Both sides play for the
difference of the two teams' points: team 0 maximises ``p0 - p1``, team 1 minimises it. No
pruning, no tables. Contract: a letter d h s c o u.
"""

from __future__ import annotations

from tests.naive.jass import allowed_cards, card_points, trick_winner_index

MATCH = 100


def _play(
    hands: list[list[str]], contract: str, leader: int, trick: list[str], won: list[int], pts: list[int]
) -> tuple[int, int]:
    """The two teams' final points from here: ``trick`` is the current trick so far, ``won`` the tricks each
    team has taken, ``pts`` the points each team has taken."""
    seat = (leader + len(trick)) % 4
    if not trick and not hands[seat]:
        final = list(pts)
        for team in (0, 1):
            if won[1 - team] == 0:
                final[team] += MATCH
        return final[0], final[1]
    outcomes = []
    for card in allowed_cards(hands[seat], trick, contract):
        rest = [list(h) for h in hands]
        rest[seat].remove(card)
        t = [*trick, card]
        if len(t) < 4:
            outcomes.append(_play(rest, contract, leader, t, won, pts))
            continue
        winner = (leader + trick_winner_index(t, contract)) % 4
        last = not any(rest)
        team = winner % 2
        w, p = list(won), list(pts)
        w[team] += 1
        p[team] += sum(card_points(c, contract) for c in t) + (5 if last else 0)
        outcomes.append(_play(rest, contract, winner, [], w, p))
    pick = max if seat % 2 == 0 else min
    return pick(outcomes, key=lambda o: o[0] - o[1])


def outcome(hands: list[list[str]], contract: str, leader: int, earlier: tuple[int, int] = (0, 0)) -> tuple[int, int]:
    """Team 0's and team 1's points from here on under best play."""
    return _play(hands, contract, leader, [], list(earlier), [0, 0])


def points(hands: list[list[str]], contract: str, leader: int, earlier: tuple[int, int] = (0, 0)) -> int:
    """Team 0's points from here on (card points, the last trick's 5, the match bonus)."""
    return outcome(hands, contract, leader, earlier)[0]


def lead_values(
    hands: list[list[str]], contract: str, leader: int, earlier: tuple[int, int] = (0, 0)
) -> dict[str, tuple[int, int]]:
    """Both teams' points after each legal lead of ``leader``."""
    values = {}
    for card in allowed_cards(hands[leader], [], contract):
        rest = [list(h) for h in hands]
        rest[leader].remove(card)
        values[card] = _play(rest, contract, leader, [card], list(earlier), [0, 0])
    return values
