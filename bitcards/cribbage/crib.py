"""Crib-aware discard advice: what each of the 15 throws is worth to the dealer and to the pone.

For six dealt cards and each way to throw two into the crib, exactly:

* ``hand``: the kept four's expected score over the 46 starters the player has not seen;
* ``crib``: the crib's expected score over every pair the opponent may throw
  (taken as uniform over the 46 unseen cards: 1,035 pairs) and every starter
  among the 44 cards left (45,540 cribs);
* to the dealer, whose crib it is, the throw is worth ``hand + crib``; to the
  pone ``hand - crib``.

The crib sums are enumerated in Numba with the starter loop hoisted per crib
(:func:`bitcards.cribbage._hoist.starter_stats`); both roles come from one pass.

>>> best = crib_discards("5H 5D 6C 7S JD KD", "dealer")[0]
>>> best.discard, round(best.hand, 3), round(best.crib, 3), round(best.value, 3)
(('6C', '7S'), 12.391, 5.318, 17.71)
>>> best = crib_discards("5H 5D 6C 7S JD KD", "pone")[0]
>>> best.discard, round(best.value, 3)
(('JD', 'KD'), 8.218)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from bitcards._jit import njit, warmup_task
from bitcards.cribbage._cards import Cards, card_bits
from bitcards.cribbage._hoist import starter_stats
from bitcards.cribbage.discard import _nth_bit
from bitcards.errors import InvalidCardsError
from bitcards.layouts import FRENCH

__all__ = ["CribDiscard", "crib_discards", "ROLES"]

ROLES = ("dealer", "pone")
_DECK = (1 << 52) - 1


@njit
def crib_table(six, unseen, keeps, hand_totals, crib_totals):  # type: ignore[no-untyped-def]
    """For the 15 throws of ``six`` (pairs i < j in bit order): the kept mask, the hand's score summed over
    the starters in ``unseen``, and the crib's score summed over every opponent's pair of ``unseen``
    and every starter of ``unseen`` left."""
    m = np.uint64(six)
    u = np.uint64(unseen)
    deck = np.uint64(_DECK)
    ub = np.empty(52, dtype=np.uint64)
    nu = 0
    x = u
    while x:
        low = x & (~x + np.uint64(1))
        ub[nu] = low
        nu += 1
        x ^= low
    outside = deck & ~u
    k = 0
    for i in range(6):
        bi = _nth_bit(m, i)
        for j in range(i + 1, 6):
            thrown = bi | _nth_bit(m, j)
            keep = m ^ thrown
            keeps[k] = keep
            t, _, _, _ = starter_stats(keep, outside, False)
            hand_totals[k] = t
            ct = 0
            for a in range(nu):
                for b in range(a + 1, nu):
                    o = ub[a] | ub[b]
                    c, _, _, _ = starter_stats(thrown | o, outside | o, True)
                    ct += c
            crib_totals[k] = ct
            k += 1


@dataclass(frozen=True)
class CribDiscard:
    """One throw: kept and thrown cards (input order), expected hand and crib points, and the value to ``role``.

    ``hand_total`` sums the hand's score over ``n_starters`` starters,
    ``crib_total`` the crib's over ``n_cribs`` (opponent's pair, starter) cases.
    """

    role: str
    keep: tuple[str, ...]
    discard: tuple[str, ...]
    hand_total: int
    crib_total: int
    n_starters: int
    n_cribs: int

    @property
    def hand(self) -> float:
        return self.hand_total / self.n_starters

    @property
    def crib(self) -> float:
        return self.crib_total / self.n_cribs

    @property
    def value(self) -> float:
        """``hand + crib`` for the dealer, ``hand - crib`` for the pone."""
        return self.hand + self.crib if self.role == "dealer" else self.hand - self.crib

    def as_dict(self) -> dict[str, object]:
        return {
            "keep": list(self.keep),
            "discard": list(self.discard),
            "hand": round(self.hand, 6),
            "crib": round(self.crib, 6),
            "value": round(self.value, 6),
            "hand_total": self.hand_total,
            "crib_total": self.crib_total,
        }


def crib_discards(six_cards: Cards, role: str) -> list[CribDiscard]:
    """The 15 throws of six cards for the ``"dealer"`` or the ``"pone"``, best first (ties in enumeration order).

    >>> [o.discard for o in crib_discards("5H 5D 6C 7S JD KD", "dealer")[:2]]
    [('6C', '7S'), ('JD', 'KD')]
    """
    if role not in ROLES:
        raise InvalidCardsError(f"role is 'dealer' or 'pone', got {role!r}")
    return _order(crib_table_of(six_cards), role)


def crib_table_of(six_cards: Cards) -> list[tuple[CribDiscard, CribDiscard]]:
    """Both roles' options for each throw, in enumeration order (one pass)."""
    bits = card_bits(six_cards, "six_cards")
    if len(bits) != 6:
        raise InvalidCardsError(f"discard advice needs 6 cards, got {len(bits)}")
    m = sum(1 << b for b in bits)
    keeps = np.empty(15, dtype=np.uint64)
    hand = np.empty(15, dtype=np.int64)
    crib = np.empty(15, dtype=np.int64)
    crib_table(np.uint64(m), np.uint64(_DECK & ~m), keeps, hand, crib)
    out = []
    for k in range(15):
        km = int(keeps[k])
        keep = tuple(FRENCH.card_name(b) for b in bits if km >> b & 1)
        thrown = tuple(FRENCH.card_name(b) for b in bits if not km >> b & 1)
        pair = tuple(CribDiscard(r, keep, thrown, int(hand[k]), int(crib[k]), 46, 1035 * 44) for r in ROLES)
        out.append(pair)
    return out  # type: ignore[return-value]


def _order(table: list[tuple[CribDiscard, CribDiscard]], role: str) -> list[CribDiscard]:
    r = ROLES.index(role)
    sign = 1 if role == "dealer" else -1
    # exact comparison on integers: value * 46 * 45540 = hand_total * 45540 +/- crib_total * 46
    opts = [pair[r] for pair in table]
    key = [o.hand_total * o.n_cribs + sign * o.crib_total * o.n_starters for o in opts]
    order = sorted(range(15), key=lambda k: (-key[k], k))
    return [opts[k] for k in order]


@warmup_task
def _warm() -> None:
    keeps = np.empty(15, dtype=np.uint64)
    t = np.empty(15, dtype=np.int64)
    crib_table(np.uint64(0b111111), np.uint64(0b111 << 6), keeps, t, t.copy())
