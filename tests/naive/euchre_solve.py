"""Open-handed Euchre by plain full minimax: the tricks team 0 (seats 0 and 2) takes under best play.

The rules come from tests/naive/euchre.py (written from the spec); trump is a suit letter.
"""

from __future__ import annotations

from tests.naive import trick_solve
from tests.naive.euchre import legal_plays, trick_winner


def _game(trump: str) -> tuple[trick_solve.Legal, trick_solve.Winner, trick_solve.Worth]:
    def legal(hand: list[str], trick: list[str]) -> list[str]:
        return legal_plays(hand, trick[0] if trick else None, trump)

    return legal, lambda t: trick_winner(t, trump), lambda t, last: 1


def tricks(hands: list[list[str]], trump: str, leader: int, alone: int | None = None) -> int:
    """Team 0's tricks; ``alone``: the seat going alone (its partner sits out)."""
    out = -1 if alone is None else (alone + 2) % 4
    return trick_solve.value(hands, leader, [], *_game(trump), out)


def lead_values(hands: list[list[str]], trump: str, leader: int, alone: int | None = None) -> dict[str, int]:
    """Team 0's tricks after each legal lead."""
    out = -1 if alone is None else (alone + 2) % 4
    return trick_solve.lead_values(hands, leader, *_game(trump), out)
