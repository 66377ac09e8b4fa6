"""Scoring a cribbage hand: four held cards and the starter.

Scores are ints, higher is better. The rules (those of the Cribbage hand-scoring
contest problem): 2 per pair; 4 for four held cards of one suit, 5 when the starter
matches (a crib, ``crib=True``, scores only the 5-card flush); for each distinct
longest straight of 3, 4 or 5 cards its length; 2 per subset summing to 15
(ace 1, faces 10); 1 for the held jack of the starter's suit (nobs).

>>> score("5H 5D 7D JD", "8D"), score("5H 5D 6C 7S", "8H"), score("5C 4C 6C JS", "TS"), score("AS 2S 3S 4S", "5S")
(9, 12, 10, 12)
>>> score("5H 5C 5S JD", "5D")
29
>>> score("2H 4H 6H 8H", "KS"), score("2H 4H 6H 8H", "KS", crib=True)
(4, 0)
>>> print(explain("5H 5D 7D JD", "8D"))
2 points for the pair (5H & 5D)
2 points for the combination 5H & JD that adds to 15
2 points for the combination 5D & JD that adds to 15
2 points for the combination 7D & 8D that adds to 15
1 point for holding the jack of the same suit as the starter card
9 points total
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np
from numba import prange

from bitcards._bits import ctz, popcount
from bitcards._jit import njit, warmup_task
from bitcards._parallel import BatchKernel, block_rows, blocks
from bitcards.batch import as_masks
from bitcards.cribbage import _rules
from bitcards.cribbage._cards import Card, Cards, bits_to_mask, hand_and_starter
from bitcards.cribbage._rules import MAX_SCORE, score5  # the hand-scoring rule, public here
from bitcards.errors import InvalidCardsError
from bitcards.layouts import FRENCH

__all__ = ["score", "score_hands", "explain", "Explanation", "ScoreItem", "score5", "MAX_SCORE"]


def score(hand: Cards, starter: Card, crib: bool = False) -> int:
    """Score of four held cards and the starter (``crib=True``: crib rules, a flush needs all five).

    ``hand``: ``"5H 5D 7D JD"``, a list of card names or FRENCH bit indices, a
    4-card ``int`` mask or CardSet. ``starter``: ``"8D"``, a 1-card ``int`` mask
    or CardSet. Look-alike letters (Cyrillic ``Н``) are read as Latin.

    >>> score(["5H", "5D", "7D", "JD"], "8D"), score(0b1111 << 39, 1 << 44)  # AC 2C 3C 4C + 6C
    (9, 11)
    """
    held, st = hand_and_starter(hand, starter)
    return int(_rules.score5(np.uint64(bits_to_mask(held)), np.int64(st), bool(crib)))


@njit
def _score_rows(hands, starters, crib, out):  # type: ignore[no-untyped-def]
    deck = np.uint64(0xFFFFFFFFFFFFF)
    for i in range(hands.shape[0]):
        h = hands[i]
        s = starters[i]
        if popcount(h) != 4 or popcount(s) != 1 or (h | s) & ~deck or h & s:
            out[i] = -1
        else:
            out[i] = _rules.score5(h, ctz(s), crib)


def _score_blocks(hands, starters, crib, out):  # type: ignore[no-untyped-def]
    # each block writes only its own rows
    n = hands.shape[0]
    for b in prange(blocks(n)):
        lo, hi = block_rows(b, n)
        _score_rows(hands[lo:hi], starters[lo:hi], crib, out[lo:hi])


_score_kernel = BatchKernel(_score_blocks)


def score_hands(hand_masks: object, starters: object, crib: bool = False, out: np.ndarray | None = None) -> np.ndarray:
    """Scores of many hands at once: ``int8`` array, one score per row.

    ``hand_masks``: ``(n,)`` 4-card masks (``np.uint64``). ``starters``: ``(n,)``
    **1-card masks** (``np.uint64``), the same form as the ``starter`` column of
    ``bitcards.deal(n, "cribbage")``; for card indices use
    ``bitcards.indices_to_masks(idx[:, None])``. A row whose hand is not four
    cards, whose starter is not one card, or whose starter is in the hand raises
    :class:`~bitcards.InvalidCardsError` naming the row. Runs in parallel.

    >>> from bitcards import parse_mask
    >>> h = np.array([parse_mask("5H 5D 7D JD", "french"), parse_mask("AS 2S 3S 4S", "french")], dtype=np.uint64)
    >>> s = np.array([parse_mask("8D", "french"), parse_mask("5S", "french")], dtype=np.uint64)
    >>> score_hands(h, s).tolist(), score_hands(h, s, crib=True).tolist()
    ([9, 12], [9, 12])
    >>> from bitcards import indices_to_masks           # starters given as card indices
    >>> score_hands(h, indices_to_masks(np.array([[7], [30]]))).tolist()
    [9, 12]
    """
    h = as_masks(hand_masks, "hand_masks").reshape(-1)
    s = as_masks(starters, "starters").reshape(-1)
    if h.shape != s.shape:
        raise InvalidCardsError(f"hand_masks has {h.size} rows but starters has {s.size}")
    if out is None:
        out = np.empty(h.shape[0], dtype=np.int8)
    elif out.dtype != np.int8 or out.shape != h.shape:
        raise TypeError(f"out must be an int8 array of shape {h.shape}, got {out.dtype} {out.shape}")
    _score_kernel(h.shape[0], h, s, bool(crib), out)
    if h.size and out.min() < 0:
        i = int(np.argmax(out < 0))
        raise InvalidCardsError(f"row {i}: {_why_bad(int(h[i]), int(s[i]))}", row=i)
    return out


def _why_bad(h: int, s: int) -> str:
    if (h | s) & ~FRENCH.mask_all:
        return "bits outside the 52-card deck"
    if h.bit_count() != 4:
        return f"the hand has {h.bit_count()} cards, expected 4"
    if s.bit_count() != 1:
        return (
            f"the starter mask has {s.bit_count()} cards, expected 1 "
            "(starters are 1-card masks; convert card indices with bitcards.indices_to_masks)"
        )
    return f"the starter {FRENCH.card_name(s.bit_length() - 1)} is also in the hand"


# --- explain ------------------------------------------------------------------


@dataclass(frozen=True)
class ScoreItem:
    """One scoring combination: ``kind`` is pair, flush, run, fifteen or nobs."""

    kind: str
    points: int
    cards: tuple[str, ...]

    def text(self) -> str:
        pts = f"{self.points} point{'s' if self.points != 1 else ''}"
        if self.kind == "pair":
            return f"{pts} for the pair ({' & '.join(self.cards)})"
        if self.kind == "flush":
            if len(self.cards) == 5:
                return f"{pts} since all five cards are of the same suit"
            return f"{pts} since all four held cards are of the same suit"
        if self.kind == "run":
            return f"{pts} for the straight: {' '.join(self.cards)}"
        if self.kind == "fifteen":
            return f"{pts} for the combination {' & '.join(self.cards)} that adds to 15"
        return f"{pts} for holding the jack of the same suit as the starter card"


@dataclass(frozen=True)
class Explanation:
    """Every scoring combination of a hand, in the order of rules of the "Cribbage Scores" problem; ``str()`` is the text."""

    hand: tuple[str, ...]
    starter: str
    crib: bool
    items: tuple[ScoreItem, ...]

    @property
    def total(self) -> int:
        return sum(it.points for it in self.items)

    def lines(self) -> list[str]:
        return [it.text() for it in self.items] + [f"{self.total} point{'s' if self.total != 1 else ''} total"]

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def as_dict(self) -> dict[str, object]:
        return {
            "hand": list(self.hand),
            "starter": self.starter,
            "crib": self.crib,
            "score": self.total,
            "items": [{"kind": it.kind, "points": it.points, "cards": list(it.cards)} for it in self.items],
        }


def explain(hand: Cards, starter: Card, crib: bool = False) -> Explanation:
    """The breakdown of a hand's score: every pair, flush, run, fifteen and nobs, cards in input order.

    The items are found by plain enumeration (a second, independent reading of
    the rules); the tests check that they add up to :func:`score`.

    >>> e = explain("AS 2S 3S 4S", "5S")
    >>> [(it.kind, it.points) for it in e.items], e.total
    ([('flush', 5), ('run', 5), ('fifteen', 2)], 12)
    """
    held, st = hand_and_starter(hand, starter)
    five = [*held, st]
    name = FRENCH.card_name
    rank = FRENCH.rank_of
    suit = FRENCH.suit_of
    items: list[ScoreItem] = []
    for a, b in combinations(five, 2):
        if rank(a) == rank(b):
            items.append(ScoreItem("pair", 2, (name(a), name(b))))
    if len({suit(b) for b in held}) == 1:
        if suit(st) == suit(held[0]):
            items.append(ScoreItem("flush", 5, tuple(name(b) for b in five)))
        elif not crib:
            items.append(ScoreItem("flush", 4, tuple(name(b) for b in held)))
    for k in (5, 4, 3):
        runs = [c for c in combinations(five, k) if _is_straight(c)]
        if runs:
            for c in runs:
                ordered = sorted(c, key=lambda b: (rank(b), five.index(b)))
                items.append(ScoreItem("run", k, tuple(name(b) for b in ordered)))
            break
    for k in range(2, 6):
        for c in combinations(five, k):
            if sum(min(rank(b) + 1, 10) for b in c) == 15:
                items.append(ScoreItem("fifteen", 2, tuple(name(b) for b in c)))
    jack = FRENCH.bit(suit(st), _rules.JACK)
    if jack in held:
        items.append(ScoreItem("nobs", 1, (name(jack),)))
    return Explanation(tuple(name(b) for b in held), name(st), bool(crib), tuple(items))


def _is_straight(cards: tuple[int, ...]) -> bool:
    rs = sorted(FRENCH.rank_of(b) for b in cards)
    return all(rs[i + 1] == rs[i] + 1 for i in range(len(rs) - 1))


@warmup_task
def _warm() -> None:
    h = np.array([0b1111], dtype=np.uint64)
    s = np.array([1 << 20], dtype=np.uint64)
    score_hands(h, s)
    score_hands(h, s, crib=True)
    score([0, 1, 2, 3], 1 << 20)  # the scalar path (also the CLI's)
