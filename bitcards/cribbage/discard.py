"""Discard advice: which four of six dealt cards to keep.

Each of the 15 ways to keep four is scored as a hand (or, ``crib=True``, by
crib rules) against every one of the 46 cards the player has not seen as the
starter; the expected score is the mean over those 46, higher is better. Ties
in the expectation go to the higher minimum, then to the first in enumeration
order, so :func:`discard_options` and :func:`best_discards` always agree.
The two discarded cards' value in the crib is not included here; :func:`bitcards.cribbage.crib_discards`
weighs it for the dealer and the pone.

>>> best = discard_options("5H 5D 6C 7S JD KD")[0]
>>> best.keep, best.discard, round(best.expected, 3), best.min, best.max
(('5H', '5D', 'JD', 'KD'), ('6C', '7S'), 12.391, 10, 20)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from numba import prange

from bitcards._bits import popcount, select_mask
from bitcards._jit import njit, warmup_task
from bitcards._parallel import BatchKernel, block_rows, blocks
from bitcards.batch import as_masks
from bitcards.cribbage._cards import Cards, card_bits
from bitcards.cribbage._hoist import starter_stats
from bitcards.errors import InvalidCardsError
from bitcards.layouts import FRENCH
from bitcards.notation import parse_mask

if TYPE_CHECKING:
    from bitcards.cribbage.crib import CribDiscard

__all__ = ["DiscardOption", "discard_options", "best_discards", "best_discard_rule", "N_STARTERS"]

#: how many starters a player who holds six cards has not seen
N_STARTERS = 46


@njit
def _keep_table(six, crib, keeps, totals, mins, maxs):  # type: ignore[no-untyped-def]
    """The 15 keeps of a 6-card mask (discard pairs i < j in bit order) with their starter stats."""
    m = np.uint64(six)
    k = 0
    for i in range(6):
        bi = select_mask(m, i)
        for j in range(i + 1, 6):
            keep = m ^ bi ^ select_mask(m, j)
            t, lo, hi, _ = starter_stats(keep, m, crib)
            keeps[k] = keep
            totals[k] = t
            mins[k] = lo
            maxs[k] = hi
            k += 1


@njit
def best_discard_rule(six, crib):  # type: ignore[no-untyped-def]
    """``(keep, total)``: the four of ``six`` whose points summed over the 46 unseen starters are highest
    (ties: the higher minimum, then the first pair thrown in bit order); ``crib`` scores them as a crib."""
    m = np.uint64(six)
    best = np.uint64(0)
    best_t = -1
    best_lo = -1
    for i in range(6):
        bi = select_mask(m, i)
        for j in range(i + 1, 6):
            keep = m ^ bi ^ select_mask(m, j)
            t, lo, hi, _ = starter_stats(keep, m, crib)
            if t > best_t or (t == best_t and lo > best_lo):
                best = keep
                best_t = t
                best_lo = lo
    return best, best_t


@njit
def _best_rows(sixes, crib, keep_out, exp_out):  # type: ignore[no-untyped-def]
    deck = np.uint64(0xFFFFFFFFFFFFF)
    for i in range(sixes.shape[0]):
        m = sixes[i]
        if popcount(m) != 6 or m & ~deck:
            keep_out[i] = np.uint64(0)
            exp_out[i] = -1.0
        else:
            keep, t = best_discard_rule(m, crib)
            keep_out[i] = keep
            exp_out[i] = t / 46.0


def _best_blocks(sixes, crib, keep_out, exp_out):  # type: ignore[no-untyped-def]
    # each block writes only its own rows
    n = sixes.shape[0]
    for b in prange(blocks(n)):
        lo, hi = block_rows(b, n)
        _best_rows(sixes[lo:hi], crib, keep_out[lo:hi], exp_out[lo:hi])


_best_kernel = BatchKernel(_best_blocks)


def best_discards(
    six_card_masks: object, crib: bool = False, role: str | None = None, weighted: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """The best four to keep from each 6-card deal: ``(keep masks uint64, expected scores float64)``.

    Same choice as ``discard_options(...)[0]``. A row that is not six cards of
    the deck raises :class:`~bitcards.InvalidCardsError` naming the row. Parallel.
    ``role="dealer"`` or ``"pone"`` weighs the crib too (``weighted``: the
    opponent's throw as a player following this advice makes it): the choice
    and value of ``crib_discards(six, role, weighted)[0]``, about 2 ms a row.

    >>> from bitcards import parse_mask, format_cards
    >>> keep, ev = best_discards(np.array([parse_mask("5H 5D 6C 7S JD KD", "french")], dtype=np.uint64))
    >>> format_cards(int(keep[0]), "french"), round(float(ev[0]), 3)
    ('5D JD KD 5H', 12.391)
    """
    if role is not None:
        from bitcards.cribbage.crib import best_crib_discards

        return best_crib_discards(six_card_masks, role, weighted)
    if weighted:
        raise InvalidCardsError("weighted weighs the crib: give role='dealer' or 'pone' with it")
    six = as_masks(six_card_masks, "six_card_masks").reshape(-1)
    keep = np.empty(six.shape[0], dtype=np.uint64)
    ev = np.empty(six.shape[0], dtype=np.float64)
    _best_kernel(six.shape[0], six, bool(crib), keep, ev)
    if six.size and ev.min() < 0:
        i = int(np.argmax(ev < 0))
        m = int(six[i])
        why = "bits outside the 52-card deck" if m & ~FRENCH.mask_all else f"{m.bit_count()} cards, expected 6"
        raise InvalidCardsError(f"row {i}: {why}", row=i)
    return keep, ev


@dataclass(frozen=True)
class DiscardOption:
    """One way to keep four of six: the kept and discarded cards (input order) and the score over 46 starters."""

    keep: tuple[str, ...]
    discard: tuple[str, ...]
    total: int
    min: int
    max: int

    @property
    def expected(self) -> float:
        """Mean score over the 46 unseen starters."""
        return self.total / N_STARTERS

    @property
    def keep_mask(self) -> int:
        """The kept four as a FRENCH mask."""
        return parse_mask(self.keep, FRENCH, "english")

    @property
    def discard_mask(self) -> int:
        """The two discards as a FRENCH mask."""
        return parse_mask(self.discard, FRENCH, "english")

    def as_dict(self) -> dict[str, object]:
        return {
            "keep": list(self.keep),
            "discard": list(self.discard),
            "expected": round(self.expected, 6),
            "total": self.total,
            "min": self.min,
            "max": self.max,
        }


def discard_options(six_cards: Cards, crib: bool = False) -> list[DiscardOption]:
    """All 15 ways to keep four of six cards, best first (expected score over the 46 unseen starters).

    ``crib=True`` scores the kept four by crib rules (a flush needs the starter too).

    >>> opts = discard_options("AS 2S 3S 4S 9H KC")
    >>> len(opts), opts[0].keep, opts[0].min, opts[0].max
    (15, ('AS', '2S', '3S', '4S'), 10, 14)
    >>> hex(opts[0].keep_mask), hex(opts[0].discard_mask)
    ('0x3c000000', '0x8000000200000')
    """
    bits = card_bits(six_cards, "six_cards")
    if len(bits) != 6:
        raise InvalidCardsError(f"discard advice needs 6 cards, got {len(bits)}")
    m = 0
    for b in bits:
        m |= 1 << b
    keeps = np.empty(15, dtype=np.uint64)
    totals = np.empty(15, dtype=np.int64)
    mins = np.empty(15, dtype=np.int64)
    maxs = np.empty(15, dtype=np.int64)
    _keep_table(np.uint64(m), bool(crib), keeps, totals, mins, maxs)
    order = sorted(range(15), key=lambda k: (-int(totals[k]), -int(mins[k]), k))
    out = []
    for k in order:
        km = int(keeps[k])
        out.append(
            DiscardOption(
                keep=tuple(FRENCH.card_name(b) for b in bits if km >> b & 1),
                discard=tuple(FRENCH.card_name(b) for b in bits if not km >> b & 1),
                total=int(totals[k]),
                min=int(mins[k]),
                max=int(maxs[k]),
            )
        )
    return out



def best_discard(
    six_cards: Cards, crib: bool = False, role: str | None = None, weighted: bool = False
) -> DiscardOption | CribDiscard:
    """The best four to keep of six: ``discard_options(six_cards, crib)[0]``.

    With ``role="dealer"`` or ``"pone"`` the crib is weighed too:
    ``crib_discards(six_cards, role, weighted)[0]`` (``weighted``: the opponent's
    throw as a player following this advice makes it, not uniform).

    >>> best_discard("5H 5D 6C 7S JD KD").discard
    ('6C', '7S')
    >>> best_discard("5H 5D 6C 7S JD KD", role="pone", weighted=True).discard
    ('JD', 'KD')
    """
    if role is not None:
        from bitcards.cribbage.crib import crib_discards

        return crib_discards(six_cards, role, weighted)[0]
    if weighted:
        raise InvalidCardsError("weighted weighs the crib: give role='dealer' or 'pone' with it")
    return discard_options(six_cards, crib)[0]

@warmup_task
def _warm() -> None:
    discard_options([0, 1, 2, 3, 4, 5])
    best_discards(np.array([0b111111], dtype=np.uint64))
