"""Euchre: the hand sort of Ruby Quiz #55 (trump-aware, colours alternating) and the rules on masks.

Cards are bits of :data:`~bitcards.layouts.EUCHRE` (``bit = suit * 6 + rank``, suits
diamonds 0, hearts 1, spades 2, clubs 3, ranks ``9 T J Q K A``); Ruby Quiz #55 writes them
rank + lower-case suit (``Kc``, ``Jh``), the ``euchre`` format style.

>>> from bitcards.euchre import sort_hand
>>> from bitcards.notation import format_cards
>>> format_cards(sort_hand("Kc Jh Kd Td Ah", "Diamonds"), "euchre")
'Jh Kd Td Kc Ah'

* sorting: :func:`sort_hand`, :func:`sort_keys`,
  :func:`hand_sort_keys`, :func:`deck_order`, :func:`suit_order`, :func:`void_swap`;
* rules: :func:`effective_suit`, :func:`effective_suit_mask`, :func:`card_strength`,
  :func:`legal_cards` (a CardSet; :func:`legal_cards_mask` the int), :func:`trick_winner`;
* the same verbs over arrays in :mod:`bitcards.euchre.batch`;
* trump names: :func:`parse_trump`, :func:`trump_name`.
* open-hand solver: :func:`solve` (tricks of each side under best play, the value of
  every legal lead); ``batch.solve`` for arrays of deals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bitcards._deprecate import renamed
from bitcards.euchre import batch
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
    legal_cards,
    legal_cards_mask,
    parse_trump,
    partner_suit,
    right_bower,
    trick_winner,
    trump_name,
)
from bitcards.euchre.sorting import (
    CYCLES,
    Cycle,
    deck_order,
    hand_sort_keys,
    sort_hand,
    sort_keys,
    suit_order,
    void_swap,
)

__all__ = [
    "batch",
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
    "legal_cards",
    "legal_cards_mask",
    "parse_trump",
    "partner_suit",
    "right_bower",
    "trick_winner",
    "trump_name",
    "deck_order",
    "hand_sort_keys",
    "sort_hand",
    "sort_keys",
    "suit_order",
    "void_swap",
    "SolveResult",
    "solve",
]

# old names, one release
_renamed = renamed(
    __name__,
    {
        "legal_plays": "bitcards.euchre.legal_cards_mask",
        "legal_plays_batch": "bitcards.euchre.batch.legal_cards",
        "trick_winners": "bitcards.euchre.batch.trick_winner",
        "sort_hands": "bitcards.euchre.batch.sort_hand",
    },
)

if TYPE_CHECKING:
    from bitcards.euchre.solver import SolveResult, solve


def __getattr__(name: str) -> Any:
    # the solver loads on first use (its search is shared by Euchre and Jass)
    if name in ("SolveResult", "solve"):
        from bitcards.euchre import solver

        return getattr(solver, name)
    return _renamed(name)
