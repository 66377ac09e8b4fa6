"""The simple bid value of 10 cards: jack factor x trump suit value, or pass.

The rule of the code-golf challenge "Evaluate a Skat-Hand" (jacks only, no skat; it is *not* the
official game value, see :mod:`bitcards.skat.value` for that):

* **jack factor** = the run of top jacks held (from ``JC`` down) or, without ``JC``, the
  run of top jacks missing, plus 1. Jacks only, so it runs from 2 to 5.
* **trump suit** = the suit with the most trumps (its non-jack cards plus every jack held);
  ties go to the higher suit (clubs 12 > spades 11 > hearts 10 > diamonds 9).
* The hand plays only if that *chosen* suit has at least 6 trumps and the hand holds an
  ace outside it (the trump ace does not count). The suit is chosen first and the ace
  checked afterwards: if the chosen suit fails the ace test the hand passes, even when
  another suit would have qualified (the order of the challenge's reference answers).
* value = jack factor x suit value (clubs 12, spades 11, hearts 10, diamonds 9), or pass.

>>> bid_value("JC JS JD AC KC 9C AS 7H QD 8D")
BidValue(value=36, suit=3, suit_name='Clubs', jack_factor=3)
>>> str(bid_value("JD AS 0S KS QS 9S 8S AD 8C 9C")), str(bid_value("JH JD 0S KS 9C 8C QH KH AD 9D"))
('44 Spades', 'pass')
>>> import numpy as np
>>> from bitcards.batch import cards_to_masks
>>> values, suits = bid_values(cards_to_masks(["JC JS JD AC KC 9C AS 7H QD 8D", "JD AS KS QS 0S 9S 8D 7D 0C QH"], "skat"))
>>> values.tolist(), suits.tolist()
([36, 0], [3, -1])
"""

from __future__ import annotations

from typing import NamedTuple

import numba
import numpy as np

from bitcards._bits import popcount
from bitcards._jit import njit, warmup_task
from bitcards.batch import as_masks
from bitcards.batch import popcount as _pc
from bitcards.errors import InvalidCardsError
from bitcards.layouts import SUIT_NAMES
from bitcards.skat.rules import _jack_nibble, as_hand_mask

__all__ = ["BidValue", "bid_value", "bid_values", "jack_factor", "bid_rule"]


def _jack_factor_table() -> np.ndarray:
    # index: jack nibble with CJ at bit 0, SJ bit 1, HJ bit 2, DJ bit 3
    t = np.zeros(16, dtype=np.int64)
    for j in range(16):
        held = j & 1
        run = 0
        while run < 4 and (j >> run & 1) == held:
            run += 1
        t[j] = run + 1
    return t


#: seed jack factor by jack nibble (CJ bit 0, SJ bit 1, HJ bit 2, DJ bit 3)
_JF = _jack_factor_table()
#: the same table packed into one 64-bit word, 4 bits per nibble value (a shift instead of a load)
_JF_PACKED = sum(int(_JF[j]) << (4 * j) for j in range(16))


@njit
def bid_rule(m):  # type: ignore[no-untyped-def]
    """The simple bid value of a 10-card mask: ``(value, suit, jack factor)``; value 0 and suit -1 = pass.

    Branch-free and vectorisable: the four jacks are gathered into a nibble by one multiply
    (jack factor = a shift of a packed table, jack count = a second multiply); the non-jack
    cards of the four suits are counted at once, one count per byte (SWAR popcount); each
    byte then becomes ``count * 4 + suit``, so the largest byte is the longest suit and, on
    a tie, the higher suit.
    """
    m = np.uint64(m)
    x = (m >> np.uint64(4)) & np.uint64(0x01010101)  # DJ bit 0, HJ 8, SJ 16, CJ 24
    nibble = ((x * np.uint64(0x08040201)) >> np.uint64(24)) & np.uint64(15)  # CJ bit 0 .. DJ bit 3
    jf = (np.uint64(_JF_PACKED) >> (nibble << np.uint64(2))) & np.uint64(15)
    n_jacks = ((x * np.uint64(0x01010101)) >> np.uint64(24)) & np.uint64(7)
    y = m & np.uint64(0xEFEFEFEF)  # every card but the jacks
    y = y - ((y >> np.uint64(1)) & np.uint64(0x55555555))
    y = (y & np.uint64(0x33333333)) + ((y >> np.uint64(2)) & np.uint64(0x33333333))
    y = (y + (y >> np.uint64(4))) & np.uint64(0x0F0F0F0F)  # byte s = non-jack cards of suit s
    k = (y << np.uint64(2)) | np.uint64(0x03020100)
    best = max(
        max(k & np.uint64(255), (k >> np.uint64(8)) & np.uint64(255)),
        max((k >> np.uint64(16)) & np.uint64(255), k >> np.uint64(24)),
    )
    s = best & np.uint64(3)
    outside_aces = m & np.uint64(0x80808080) & ~(np.uint64(0xFF) << (s << np.uint64(3)))
    play = ((best >> np.uint64(2)) + n_jacks >= np.uint64(6)) & (outside_aces != np.uint64(0))
    value = (np.uint64(9) + s) * jf
    return (np.int64(value) if play else np.int64(0)), (np.int64(s) if play else np.int64(-1)), np.int64(jf)


@njit(parallel=True)
def _bid_kernel(masks, values, suits):  # type: ignore[no-untyped-def]
    """Fill values and suits; return how many masks are not 10 Skat cards (a reduction, free here)."""
    n_bad = 0
    for i in numba.prange(masks.shape[0]):
        m = masks[i]
        v, s, _ = bid_rule(m)
        values[i] = v
        suits[i] = s
        n_bad += (popcount(m) != 10) | ((m >> np.uint64(32)) != np.uint64(0))
    return n_bad


class BidValue(NamedTuple):
    """The simple bid value of a hand. ``value`` 0 means pass (then ``suit`` is ``None``).

    ``suit`` is the trump suit's number (diamonds 0, hearts 1, spades 2, clubs 3);
    ``jack_factor`` is computed even for a pass. Higher values are better.
    """

    value: int
    suit: int | None
    suit_name: str | None
    jack_factor: int

    @property
    def passes(self) -> bool:
        return self.value == 0

    def __str__(self) -> str:
        return "pass" if self.value == 0 else f"{self.value} {self.suit_name}"


def bid_value(hand: object) -> BidValue:
    """The simple bid value of 10 cards (a :class:`~bitcards.CardSet`, a mask, or card text in any notation).

    >>> str(bid_value("JC JS JH JD AC KC AS 7H QD 8D"))
    '60 Clubs'
    >>> bid_value("JS JH AC KC QC 9C 0S KS QS 8S")   # tie -> clubs, whose only ace is the trump ace
    BidValue(value=0, suit=None, suit_name=None, jack_factor=2)
    """
    m = as_hand_mask(hand, count=10)
    v, s, jf = bid_rule(np.uint64(m))
    if v == 0:
        return BidValue(0, None, None, int(jf))
    return BidValue(int(v), int(s), SUIT_NAMES[int(s)], int(jf))


def jack_factor(hand: object) -> int:
    """The simple bid value's jack factor (2..5) of any set of cards.

    >>> jack_factor("JC JD"), jack_factor("JC JS JD"), jack_factor("JS JH JD"), jack_factor(""), jack_factor("JC JS JH JD")
    (2, 3, 2, 5, 5)
    """
    return int(_JF[_jack_nibble(np.uint64(as_hand_mask(hand)))])


def bid_values(masks: object) -> tuple[np.ndarray, np.ndarray]:
    """The simple bid value of each 10-card mask: ``(values int16, suits int8)``; a pass is value 0, suit -1.

    A mask that is not 10 Skat cards raises :class:`InvalidCardsError` naming the first bad row
    (the kernel counts them on the way, at no measurable cost).
    """
    m = as_masks(masks).reshape(-1)
    values = np.empty(m.shape[0], dtype=np.int16)
    suits = np.empty(m.shape[0], dtype=np.int8)
    if _bid_kernel(m, values, suits):
        bad = (_pc(m) != 10) | ((m >> np.uint64(32)) != 0)
        i = int(np.flatnonzero(bad)[0])
        raise InvalidCardsError(f"row {i}: mask {int(m[i]):#x} is not 10 skat cards", row=i)
    return values, suits


@warmup_task
def _warm() -> None:
    bid_values(np.array([0x3FF], dtype=np.uint64))
    bid_value(0x3FF)
