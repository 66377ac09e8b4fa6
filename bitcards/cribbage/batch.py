"""Cribbage's verbs over arrays: the same names as the scalar verbs in :mod:`bitcards.cribbage`.

=================================  ===================================================
``score(hands, starters, crib)``   the show score of each 4-card hand with its starter
``best_discard(sixes, crib)``      the best four to keep from each six: ``(keeps, expected)``
``peg(pones, dealers, sequences)``  both players' pegging points of each recorded play
=================================  ===================================================

>>> import numpy as np
>>> from bitcards import parse_mask
>>> from bitcards.cribbage import batch
>>> h = np.array([parse_mask("5H 5D 7D JD", "cribbage")], dtype=np.uint64)
>>> batch.score(h, np.array([parse_mask("8D", "cribbage")], dtype=np.uint64)).tolist()
[9]
"""

from __future__ import annotations

from bitcards.cribbage.discard import best_discards as best_discard
from bitcards.cribbage.peg import peg_scores as peg
from bitcards.cribbage.score import score_hands as score

__all__ = ["score", "best_discard", "peg"]
