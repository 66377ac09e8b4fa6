"""Jass's verbs over arrays: the same names as the scalar verbs in :mod:`bitcards.jass`.

==================================  ==========================================================
``check(records, contracts)``       was each ``(n, 36)`` record played legally: ``(ok, first)``
``score(records, contracts)``       trick winners and each team's points of legal records
``legal_cards(hands, tricks, c)``   legal-card masks after ``(n, k)`` trick cards (``-1`` pads)
==================================  ==========================================================

``contracts`` (``c``) is one contract for every row or an array of contract codes.

>>> import numpy as np
>>> import bitcards.jass as jass
>>> from bitcards.jass import batch
>>> games = jass.random_games(1000, "h", seed=7)
>>> ok, first = batch.check(games, "h")
>>> bool(ok.all())
True
>>> masks = batch.legal_cards(np.array([jass.mask("d7 h6 c6 cJ")], dtype=np.uint64), np.array([[8, 30, -1]]), "c")
>>> from bitcards import format_cards
>>> format_cards(int(masks[0]), "jass")
'd7 cJ'
"""

from __future__ import annotations

from typing import Any

from bitcards.jass.play import _legal_moves_batch as legal_cards
from bitcards.jass.play import check_games as check
from bitcards.jass.play import score_games as score


def solve(*args: Any, **kwargs: Any) -> Any:
    """Open-hand best play for arrays of deals: :func:`bitcards.jass.solve` in bulk (loads the solver on first use)."""
    from bitcards.jass.solver import solve_many

    return solve_many(*args, **kwargs)


__all__ = ["check", "score", "legal_cards", "solve"]
