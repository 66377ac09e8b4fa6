"""Jass: card-play legality for all six contracts, trick winners and card points, in bulk.

A play record is a 9 x 4 matrix (the Jass card-play challenge's format): column = player in seating order,
row = trick; the top-left card is the first lead and each trick is led by the
previous trick's winner. In arrays a record is 36 ``int8`` card indices in
matrix order (``bit = suit * 9 + rank``, suits ``d h s c``, ranks ``6..A``).
Contracts: ``d h s c`` trump (codes 0..3, the suit numbers), ``o`` Obenabe (4),
``u`` Undenufe (5).

The rules, as bitcards reads the Jass card-play challenge's table: without trump, follow suit if you
can. With trump: on a trump lead follow with a trump; on a side-suit lead a
player holding that suit plays it or an overtrump (trumping in is always
allowed), and a player void in it may play anything but an undertrump, unless
they hold nothing else. The trump jack is never forced: where it would be the
only card allowed (the only trump on a trump lead, or the only card beside
undertrumps), any card may be played. An overtrump beats every trump already in the trick.
Card points (:func:`card_points`): trump J 20, trump 9 14, A 11, T 10, K 4, Q 3,
other J 2, 8 worth 8 in Obenabe and Undenufe; in Undenufe the 6 counts 11 and the
ace 0; last trick +5; 157 in all.

>>> import bitcards.jass as jass
>>> games = jass.random_games(1000, "h", seed=7)
>>> ok, first = jass.batch.check(games, "h")
>>> bool(ok.all())
True
>>> print(jass.check(games[0], "h"))
true
>>> from bitcards.notation import format_cards
>>> str(jass.legal_cards("h6 hJ s7 sK", ["sA", "h9"], "h"))
'hJ s7 sK'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bitcards._deprecate import renamed
from bitcards.jass import batch
from bitcards.jass.generate import mutate_games, random_contracts, random_games
from bitcards.jass.play import Verdict, check, legal_cards, legal_cards_mask, trick_winner
from bitcards.jass.record import format_record, parse_record, parse_records
from bitcards.jass.rules import (
    CONTRACT_NAMES,
    CONTRACTS,
    OBENABE,
    TOTAL_POINTS,
    UNDENUFE,
    card,
    card_points,
    format_contract,
    mask,
    parse_contract,
)

__all__ = [
    "CONTRACTS",
    "CONTRACT_NAMES",
    "OBENABE",
    "UNDENUFE",
    "TOTAL_POINTS",
    "Verdict",
    "batch",
    "check",
    "legal_cards",
    "legal_cards_mask",
    "trick_winner",
    "random_games",
    "random_contracts",
    "mutate_games",
    "parse_record",
    "parse_records",
    "format_record",
    "parse_contract",
    "format_contract",
    "card",
    "card_points",
    "mask",
    "SolveResult",
    "solve",
]

# old names, one release
_renamed = renamed(
    __name__,
    {
        "check_games": "bitcards.jass.batch.check",
        "score_games": "bitcards.jass.batch.score",
        "legal_moves": ("bitcards.jass.play.legal_moves", "jass.legal_cards_mask or jass.batch.legal_cards"),
        "legal_mask": ("bitcards.jass.play.legal_mask", "jass.legal_cards_mask"),
    },
)

if TYPE_CHECKING:
    from bitcards.jass.solver import SolveResult, solve


def __getattr__(name: str) -> Any:
    # the solver loads on first use (its search is shared by Euchre and Jass)
    if name in ("SolveResult", "solve"):
        from bitcards.jass import solver

        return getattr(solver, name)
    return _renamed(name)
