"""Euchre: the quiz's hand sort (trump-aware, colours alternating) and the rules on masks.

Cards are bits of :data:`~bitcards.layouts.EUCHRE` (``bit = suit * 6 + rank``, suits
diamonds 0, hearts 1, spades 2, clubs 3, ranks ``9 T J Q K A``); the quiz writes them
rank + lower-case suit (``Kc``, ``Jh``), the ``euchre`` format style.

>>> from bitcards.euchre import sort_hand
>>> from bitcards.notation import format_cards
>>> format_cards(sort_hand("Kc Jh Kd Td Ah", "Diamonds"), "euchre")
'Jh Kd Td Kc Ah'

* sorting: :func:`sort_hand`, :func:`sort_hands` (batch), :func:`sort_keys`,
  :func:`hand_sort_keys`, :func:`deck_order`, :func:`suit_order`, :func:`void_swap`;
* rules: :func:`effective_suit`, :func:`effective_suit_mask`, :func:`card_strength`,
  :func:`legal_plays`, :func:`trick_winner` and their batch forms;
* trump names: :func:`parse_trump`, :func:`trump_name`;
* open-hand solver: :func:`solve` (tricks of each side under best play, the value of
  every legal lead), :func:`solve_many` (arrays of deals).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bitcards.euchre.rules import (
    JACK,
    MASK_DECK,
    NO_TRUMP,
    as_trump,
    card_strength,
    effective_suit,
    effective_suit_mask,
    is_legal_play,
    is_red,
    left_bower,
    legal_plays,
    legal_plays_batch,
    parse_trump,
    partner_suit,
    right_bower,
    trick_winner,
    trick_winners,
    trump_name,
)
from bitcards.euchre.sorting import (
    CYCLES,
    Cycle,
    deck_order,
    hand_sort_keys,
    sort_hand,
    sort_hands,
    sort_keys,
    suit_order,
    void_swap,
)

__all__ = [
    "JACK",
    "MASK_DECK",
    "NO_TRUMP",
    "CYCLES",
    "Cycle",
    "as_trump",
    "card_strength",
    "effective_suit",
    "effective_suit_mask",
    "is_legal_play",
    "is_red",
    "left_bower",
    "legal_plays",
    "legal_plays_batch",
    "parse_trump",
    "partner_suit",
    "right_bower",
    "trick_winner",
    "trick_winners",
    "trump_name",
    "deck_order",
    "hand_sort_keys",
    "sort_hand",
    "sort_hands",
    "sort_keys",
    "suit_order",
    "void_swap",
    "SolveResult",
    "solve",
    "solve_many",
]

if TYPE_CHECKING:
    from bitcards.euchre.solver import SolveResult, solve, solve_many


def __getattr__(name: str) -> Any:
    # the solver loads on first use: it shares its search with Jass, whose package imports Euchre's rules
    if name in ("SolveResult", "solve", "solve_many"):
        from bitcards.euchre import solver

        return getattr(solver, name)
    raise AttributeError(f"module 'bitcards.euchre' has no attribute {name!r}")
