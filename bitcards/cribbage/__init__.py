"""Cribbage: hand scoring, crib rules, the play (pegging), discard advice, whole games, bulk and exhaustive analysis.

The scoring rules are those of the Cribbage hand-scoring contest problem ("Cribbage Scores").

FRENCH layout: 52 cards, bit = suit * 13 + rank, ranks A 2 .. 9 T J Q K, suits D H S C.

>>> from bitcards.cribbage import score, discard_options
>>> score("5H 5D 6C 7S", "8H"), score("5H 5D 6C 7S", "8H", crib=True)
(12, 12)
>>> discard_options("5H 5D 6C 7S JD KD")[0].discard
('6C', '7S')
"""

from __future__ import annotations

from bitcards._deprecate import renamed
from bitcards.cribbage import batch
from bitcards.cribbage.crib import CribDiscard, crib_discards
from bitcards.cribbage.discard import N_STARTERS, DiscardOption, best_discard, discard_options
from bitcards.cribbage.peg import PegCard, PegPlay, his_heels, peg, peg_legal
from bitcards.cribbage.score import Explanation, ScoreItem, explain, score
from bitcards.cribbage.stats import N_COMBINATIONS, distribution_mean, score_distribution

__all__ = [
    "batch",
    "score",
    "explain",
    "Explanation",
    "ScoreItem",
    "discard_options",
    "best_discard",
    "DiscardOption",
    "N_STARTERS",
    "score_distribution",
    "distribution_mean",
    "N_COMBINATIONS",
    "peg",
    "peg_legal",
    "his_heels",
    "PegPlay",
    "PegCard",
    "crib_discards",
    "CribDiscard",
]

# old names, one release: bitcards.cribbage.score_hands -> bitcards.cribbage.batch.score, ...
__getattr__ = renamed(
    __name__,
    {"score_hands": "bitcards.cribbage.batch.score", "best_discards": "bitcards.cribbage.batch.best_discard"},
)
