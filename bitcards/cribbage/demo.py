"""The cribbage part of ``make demo``: the "Cribbage Scores" problem's four example hands, one breakdown, one discard advice."""

from __future__ import annotations

from collections.abc import Callable

from bitcards.cribbage.discard import discard_options
from bitcards.cribbage.score import explain, score

#: the Cribbage hand-scoring contest problem's four example hands: held cards, starter
SEED_HANDS = [("5H 5D 7D JD", "8D"), ("5H 5D 6C 7S", "8H"), ("5C 4C 6C JS", "TS"), ("AS 2S 3S 4S", "5S")]


def tour(write: Callable[[str], None]) -> None:
    """Score the example hands of the "Cribbage Scores" problem, explain one, and advise a discard.

    >>> tour(lambda s: None)
    """
    write("The four example hands of the Cribbage hand-scoring contest problem (held | starter -> score):")
    for hand, starter in SEED_HANDS:
        write(f"  {hand} | {starter} -> {score(hand, starter)}")
    write("Breakdown of 5C 4C 6C JS | TS:")
    for line in explain("5C 4C 6C JS", "TS").lines():
        write(f"  {line}")
    six = "5H 5D 6C 7S JD KD"
    opts = discard_options(six)
    write(f"Dealt {six}: best keeps over the 46 unseen starters (expected, min..max):")
    for o in opts[:3]:
        write(f"  keep {' '.join(o.keep)}, discard {' '.join(o.discard)}: {o.expected:.3f} ({o.min}..{o.max})")
