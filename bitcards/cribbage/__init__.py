"""Cribbage: hand scoring, crib rules, discard advice, bulk and exhaustive analysis.

The scoring rules are those of the Cribbage hand-scoring contest problem ("Cribbage Scores").

FRENCH layout: 52 cards, bit = suit * 13 + rank, ranks A 2 .. 9 T J Q K, suits D H S C.

>>> from bitcards.cribbage import score, discard_options
>>> score("5H 5D 6C 7S", "8H"), score("5H 5D 6C 7S", "8H", crib=True)
(12, 12)
>>> discard_options("5H 5D 6C 7S JD KD")[0].discard
('6C', '7S')
"""

from __future__ import annotations

from bitcards.cribbage.discard import N_STARTERS, DiscardOption, best_discards, discard_options
from bitcards.cribbage.score import Explanation, ScoreItem, explain, score, score_hands
from bitcards.cribbage.stats import N_COMBINATIONS, distribution_mean, score_distribution

__all__ = [
    "score",
    "score_hands",
    "explain",
    "Explanation",
    "ScoreItem",
    "discard_options",
    "best_discards",
    "DiscardOption",
    "N_STARTERS",
    "score_distribution",
    "distribution_mean",
    "N_COMBINATIONS",
]
