"""Skat's verbs over arrays: the same names as the scalar verbs in :mod:`bitcards.skat`.

Each function takes arrays (hand masks as ``np.uint64``, card bits as integers)
and returns arrays, one entry per row; a bad row raises an error naming it.
Large arrays run in parallel (:mod:`bitcards._parallel`), with results that do
not depend on the thread count.

========================  ==========================================================
``bid_value(masks)``      the simple bid value of each 10-card hand: ``(values, suits)``
``game_value(masks, g)``  the official game value of each 12-card holding (:class:`GameValues`)
``matadors(masks, g)``    signed matadors, ``+N`` with / ``-N`` without
``card_points(masks)``    card points of each set of cards
``legal_cards(h, led, g)``  legal-card masks (``led`` = -1 when the player leads)
``trick_winner(t, g)``    the winner 0..2 of each ``(n, 3)`` trick in play order
``solve(...)``            open-hand best play for many deals (:func:`bitcards.skat.solve` in bulk)
========================  ==========================================================

>>> import numpy as np
>>> from bitcards import cards_to_masks
>>> from bitcards.skat import batch
>>> values, suits = batch.bid_value(cards_to_masks(["JC JS JD AC KC 9C AS 7H QD 8D"], "skat"))
>>> values.tolist(), suits.tolist()
([36], [3])
>>> batch.trick_winner(np.array([[28, 29, 31]]), "grand").tolist()
[0]
"""

from __future__ import annotations

from bitcards.skat.bid import bid_values as bid_value
from bitcards.skat.rules import card_points_many as card_points
from bitcards.skat.rules import legal_cards_many as legal_cards
from bitcards.skat.rules import trick_winners as trick_winner
from bitcards.skat.solver import solve_many as solve
from bitcards.skat.value import GameValues
from bitcards.skat.value import game_values as game_value
from bitcards.skat.value import matadors_many as matadors

__all__ = ["bid_value", "game_value", "matadors", "card_points", "legal_cards", "trick_winner", "solve", "GameValues"]
