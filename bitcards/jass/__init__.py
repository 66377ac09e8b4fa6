"""Jass: card-play legality for all six contracts, trick winners and card points, in bulk.

A play record is the seed's 9 x 4 matrix: column = player in seating order,
row = trick; the top-left card is the first lead and each trick is led by the
previous trick's winner. In arrays a record is 36 ``int8`` card indices in
matrix order (``bit = suit * 9 + rank``, suits ``d h s c``, ranks ``6..A``).
Contracts: ``d h s c`` trump (codes 0..3, the suit numbers), ``o`` Obenabe (4),
``u`` Undenufe (5).

The rules, as bitcards reads seed 001's table: without trump, follow suit if you
can. With trump: on a trump lead follow with a trump, but the trump jack is never
forced (a player whose only trump is the jack may play anything); on a side-suit
lead a player holding that suit plays it or an overtrump (trumping in is always
allowed), and a player void in it may play anything but an undertrump, unless
they hold nothing else (so the trump jack beside nothing but undertrumps must be
played: see :mod:`bitcards.jass.rules`). An overtrump beats every trump already in the trick.
Card points: trump J 20, trump 9 14, A 11, T 10, K 4, Q 3, other J 2, 8 worth 8
in Obenabe and Undenufe; last trick +5; 157 in all.

>>> import bitcards.jass as jass
>>> games = jass.random_games(1000, "h", seed=7)
>>> ok, first = jass.check_games(games, "h")
>>> bool(ok.all())
True
>>> print(jass.check(games[0], "h"))
true
>>> from bitcards.notation import format_cards
>>> format_cards(jass.legal_moves(jass.mask("h6 hJ s7 sK"), ["sA", "h9"], "h"), "jass")
'hJ s7 sK'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bitcards.jass.generate import mutate_games, random_contracts, random_games
from bitcards.jass.play import Verdict, check, check_games, legal_moves, score_games
from bitcards.jass.record import format_record, parse_record, parse_records
from bitcards.jass.rules import (
    CONTRACT_NAMES,
    CONTRACTS,
    OBENABE,
    TOTAL_POINTS,
    UNDENUFE,
    card,
    format_contract,
    legal_mask,
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
    "check",
    "check_games",
    "score_games",
    "legal_moves",
    "legal_mask",
    "random_games",
    "random_contracts",
    "mutate_games",
    "parse_record",
    "parse_records",
    "format_record",
    "parse_contract",
    "format_contract",
    "card",
    "mask",
    "SolveResult",
    "solve",
    "solve_many",
]

if TYPE_CHECKING:
    from bitcards.jass.solver import SolveResult, solve, solve_many


def __getattr__(name: str) -> Any:
    # the solver loads on first use: it shares its search with Euchre
    if name in ("SolveResult", "solve", "solve_many"):
        from bitcards.jass import solver

        return getattr(solver, name)
    raise AttributeError(f"module 'bitcards.jass' has no attribute {name!r}")
