"""Euchre's verbs over arrays: the same names as the scalar verbs in :mod:`bitcards.euchre`.

==============================  =====================================================
``legal_cards(hands, leads, t)``  legal-card masks (``leads`` = -1 when the player leads)
``trick_winner(cards, t)``        the winner of each trick (an ``(n, k)`` array of card bits)
``sort_hand(masks, t)``           each hand sorted for its trump (Ruby Quiz #55), ``-1`` padded
==============================  =====================================================

``t`` is one trump for every row or an array of trumps (suit 0..3).

>>> import numpy as np
>>> from bitcards import format_cards, parse_mask
>>> from bitcards.euchre import batch
>>> rows = batch.sort_hand(np.array([parse_mask("Kc Jh Kd Td Ah", "euchre")], dtype=np.uint64), 0)
>>> format_cards(rows[0].tolist(), "euchre")
'Jh Kd Td Kc Ah'
"""

from __future__ import annotations

from typing import Any

from bitcards.euchre.rules import legal_plays_batch as legal_cards
from bitcards.euchre.rules import trick_winners as trick_winner
from bitcards.euchre.sorting import sort_hands as sort_hand


def solve(*args: Any, **kwargs: Any) -> Any:
    """Open-hand best play for arrays of deals: :func:`bitcards.euchre.solve` in bulk (loads the solver on first use)."""
    from bitcards.euchre.solver import solve_many

    return solve_many(*args, **kwargs)


__all__ = ["legal_cards", "trick_winner", "sort_hand", "solve"]
