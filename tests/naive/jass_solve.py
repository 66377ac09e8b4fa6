"""Open-handed Jass by plain full minimax: team 0's (seats 0 and 2) card points under best play.

The rules come from tests/naive/jass.py (written from the spec): the legal cards, the trick
winner and the card points; the last trick adds 5. No match bonus. Contract: a letter d h s c o u.
"""

from __future__ import annotations

from tests.naive import trick_solve
from tests.naive.jass import allowed_cards, card_points, trick_winner_index


def _game(contract: str) -> tuple[trick_solve.Legal, trick_solve.Winner, trick_solve.Worth]:
    def worth(trick: list[str], last: bool) -> int:
        return sum(card_points(c, contract) for c in trick) + (5 if last else 0)

    return (lambda hand, trick: allowed_cards(hand, trick, contract)), (lambda t: trick_winner_index(t, contract)), worth


def points(hands: list[list[str]], contract: str, leader: int) -> int:
    """Team 0's card points from here on (the last trick's 5 included)."""
    return trick_solve.value(hands, leader, [], *_game(contract))


def lead_values(hands: list[list[str]], contract: str, leader: int) -> dict[str, int]:
    """Team 0's points after each legal lead."""
    return trick_solve.lead_values(hands, leader, *_game(contract))
