"""Sorting a Euchre hand the way Ruby Quiz #55 asks, one hand or millions.

The order (highest first): the trumps (right bower, left bower, A K Q T 9), then the
other suits as blocks in ``A K Q J T 9`` order, the blocks alternating red and black
wherever the hand allows. The default is the featured solution's exact algorithm
(Bob Showalter's, spec section 3.1):

1. rotate the suit cycle ``Spades Hearts Clubs Diamonds`` until trump is first;
2. **void swap**: if the hand holds no card *printed* in the 2nd suit, swap the 2nd and 4th;
3. the deck in that suit order, ``A K Q J T 9`` in each suit, bowers moved to the front;
4. the hand's cards in deck order.

``cycle="dominik"`` uses Dominik Bathon's reversed cycle ``Spades Diamonds Clubs Hearts``
(same void swap); ``stable=True`` skips the swap, so a hand keeps its suit layout as cards
leave it (the golf solution's weighted sort).

The deck position of each card is its **sort key** (0 = first), one 24-entry table per
``(cycle, trump, swapped)``; sorting is a table lookup per card and a bit scan.

>>> format_cards(sort_hand("Kc Jh Kd Td Ah", "Diamonds"), "euchre")     # Ruby Quiz #55's example
'Jh Kd Td Kc Ah'
>>> format_cards(sort_hand("9h Jc Ad Ts Kc", "Spades", cycle="dominik"), "euchre")
'Jc Ts Ad Kc 9h'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

import numba
import numpy as np

from bitcards._bits import ctz
from bitcards._bits import popcount as _popcount1
from bitcards._jit import njit, warmup_task
from bitcards._parallel import BatchKernel, block_rows, blocks
from bitcards.batch import as_masks
from bitcards.cardset import CardSet
from bitcards.errors import InvalidCardsError
from bitcards.euchre.rules import _trump_array, as_hand_mask, as_trump, left_bower, right_bower
from bitcards.layouts import CLUBS, DIAMONDS, EUCHRE, HEARTS, SPADES
from bitcards.notation import format_cards

__all__ = [
    "Cycle",
    "CYCLES",
    "suit_order",
    "sort_keys",
    "deck_order",
    "void_swap",
    "sort_hand",
    "sort_hands",
    "hand_sort_keys",
]

Cycle = Literal["bob", "dominik"]

#: the suit cycles, rotated so that trump comes first
CYCLES: dict[str, tuple[int, int, int, int]] = {
    "bob": (SPADES, HEARTS, CLUBS, DIAMONDS),  # Bob Showalter's: S H C D
    "dominik": (SPADES, DIAMONDS, CLUBS, HEARTS),  # Dominik Bathon's: S D C H
}
_CYCLE_INDEX = {name: i for i, name in enumerate(CYCLES)}
_HIGH_TO_LOW = (5, 4, 3, 2, 1, 0)  # rank indices of A K Q J T 9


def _cycle_index(cycle: str) -> int:
    try:
        return _CYCLE_INDEX[cycle]
    except KeyError:
        raise ValueError(f"unknown cycle {cycle!r}; expected one of {', '.join(CYCLES)}") from None


def suit_order(trump: int | str, swapped: bool = False, cycle: Cycle = "bob") -> tuple[int, int, int, int]:
    """The four suits in sort order: the cycle rotated to trump, 2nd and 4th swapped if ``swapped``.

    >>> suit_order("Spades"), suit_order("Spades", swapped=True), suit_order("Diamonds", cycle="dominik")
    ((2, 1, 3, 0), (2, 0, 3, 1), (0, 3, 1, 2))
    """
    t = as_trump(trump)
    cyc = CYCLES[list(CYCLES)[_cycle_index(cycle)]]
    p = cyc.index(t)
    order = [cyc[(p + i) % 4] for i in range(4)]
    if swapped:
        order[1], order[3] = order[3], order[1]
    return tuple(order)  # type: ignore[return-value]


def _build_deck(order: tuple[int, ...]) -> list[int]:
    """Bob's deck: suits in ``order``, ``A K Q J T 9`` each, then both bowers moved to the front."""
    trump = order[0]
    right, left = right_bower(trump), left_bower(trump)
    deck = [EUCHRE.bit(s, r) for s in order for r in _HIGH_TO_LOW]
    deck.remove(right)
    deck.remove(left)
    return [right, left, *deck]


# KEYS[cycle, trump, swapped, card] = deck position; ORDER[cycle, trump, swapped, position] = card;
# SECOND[cycle, trump] = mask of the printed 2nd suit (the void test)
_KEYS = np.empty((len(CYCLES), 4, 2, 24), dtype=np.int8)
_ORDER = np.empty((len(CYCLES), 4, 2, 24), dtype=np.int8)
_SECOND = np.empty((len(CYCLES), 4), dtype=np.uint64)
for _c, _name in enumerate(CYCLES):
    for _t in range(4):
        for _sw in range(2):
            _deck = _build_deck(suit_order(_t, bool(_sw), _name))  # type: ignore[arg-type]
            _ORDER[_c, _t, _sw] = _deck
            _KEYS[_c, _t, _sw, _deck] = np.arange(24)
        _SECOND[_c, _t] = EUCHRE.suit_mask(suit_order(_t, False, _name)[1])  # type: ignore[arg-type]
# the kernels index flat tables: [cycle, (trump * 2 + swapped) * 24 + card/position]
_KEYS_FLAT = np.ascontiguousarray(_KEYS.reshape(len(CYCLES), -1))
_ORDER_FLAT = np.ascontiguousarray(_ORDER.reshape(len(CYCLES), -1))
for _a in (_KEYS, _ORDER, _SECOND, _KEYS_FLAT, _ORDER_FLAT):
    _a.setflags(write=False)


def sort_keys(trump: int | str, swapped: bool = False, cycle: Cycle = "bob") -> np.ndarray:
    """Per-card sort key (``int8``, indexed by card bit): the card's position in the sorted deck, 0 = first.

    Sorting a hand by key ascending gives Ruby Quiz #55's order, highest first. ``swapped``
    selects the table for hands void in the cycle's 2nd suit (see :func:`void_swap`).

    >>> from bitcards.notation import parse_card
    >>> k = sort_keys("Diamonds")
    >>> [int(k[parse_card(c, "euchre")]) for c in ("Jd", "Jh", "Ad", "Kd", "As", "9c")]
    [0, 1, 2, 3, 7, 23]
    >>> sorted(["Kc", "Jh", "Kd", "Td", "Ah"], key=lambda c: sort_keys("d", swapped=True)[parse_card(c, "euchre")])
    ['Jh', 'Kd', 'Td', 'Kc', 'Ah']
    """
    return _KEYS[_cycle_index(cycle), as_trump(trump), int(bool(swapped))].copy()


def deck_order(trump: int | str, swapped: bool = False, cycle: Cycle = "bob") -> list[int]:
    """All 24 cards in sorted order (the deck that :func:`sort_keys` numbers).

    >>> format_cards(deck_order("Spades"), "euchre")
    'Js Jc As Ks Qs Ts 9s Ah Kh Qh Jh Th 9h Ac Kc Qc Tc 9c Ad Kd Qd Jd Td 9d'
    """
    return [int(c) for c in _ORDER[_cycle_index(cycle), as_trump(trump), int(bool(swapped))]]


# --- the rule, once, as njit functions ----------------------------------------------


@njit(inline="always")
def _swap_table(mask, trump, second, stable):  # type: ignore[no-untyped-def]
    # 1 if the void swap applies: no card printed in the cycle's 2nd suit.
    # Branch-free: the swap is data-dependent (~1 hand in 5), a branch would mispredict.
    return np.int64((mask & second[trump]) == np.uint64(0)) & np.int64(not stable)


@njit(inline="always")
def _sort_row(mask, trump, keys, order, second, stable, out, i):  # type: ignore[no-untyped-def]
    # write the hand's cards, sorted, into out[i, :count]; return count.
    # keys/order are one cycle's flat tables; a card's key is its position in the sorted deck,
    # so OR-ing 1 << key over the hand and scanning the bits up gives the sorted hand.
    t = np.int64(trump)
    base = (t * 2 + _swap_table(mask, t, second, stable)) * 24
    pos = np.uint64(0)
    m = mask
    while m != np.uint64(0):
        pos |= np.uint64(1) << np.uint64(keys[base + ctz(m)])
        m &= m - np.uint64(1)
    j = 0
    while pos != np.uint64(0):
        out[i, j] = order[base + ctz(pos)]
        j += 1
        pos &= pos - np.uint64(1)
    return j


# status codes of the batch kernels
_OK, _OUTSIDE_DECK, _TOO_MANY, _BAD_TRUMP = 0, 1, 2, 3


@njit
def _sort_kernel(masks, trumps, keys, order, second, stable, out, status):  # type: ignore[no-untyped-def]
    w = out.shape[1]
    for i in range(masks.shape[0]):
        m = masks[i]
        t = trumps[i]
        st = _OK
        if m & ~np.uint64(0xFFFFFF):
            st = _OUTSIDE_DECK
        elif t < 0 or t > 3:
            st = _BAD_TRUMP
        elif _popcount1(m) > w:
            st = _TOO_MANY
        j = 0
        if st == _OK:
            j = _sort_row(m, t, keys, order, second, stable, out, i)
        for k in range(j, w):
            out[i, k] = -1
        status[i] = st


def _sort_rows(masks, trumps, keys, order, second, stable, out, status):  # type: ignore[no-untyped-def]
    # each block of rows writes only its own rows of out and status
    n = masks.shape[0]
    for b in numba.prange(blocks(n)):
        lo, hi = block_rows(b, n)
        _sort_kernel(masks[lo:hi], trumps[lo:hi], keys, order, second, stable, out[lo:hi], status[lo:hi])


_sort_batch = BatchKernel(_sort_rows)


@njit
def _keys_kernel(masks, trumps, keys, second, stable, out, status):  # type: ignore[no-untyped-def]
    deck = np.uint64(0xFFFFFF)
    for i in range(masks.shape[0]):
        m = masks[i]
        t = trumps[i]
        if m & ~deck:
            status[i] = _OUTSIDE_DECK
            out[i, :] = -1
        elif t < 0 or t > 3:
            status[i] = _BAD_TRUMP
            out[i, :] = -1
        else:
            status[i] = _OK
            base = (np.int64(t) * 2 + _swap_table(m, t, second, stable)) * 24
            for c in range(24):
                out[i, c] = keys[base + c]


def _raise_status(status: np.ndarray, masks: np.ndarray, trumps: np.ndarray, width: int) -> None:
    bad = np.flatnonzero(status)
    if not bad.size:
        return
    i = int(bad[0])
    st = int(status[i])
    m = int(masks[i])
    if st == _OUTSIDE_DECK:
        msg = f"mask {m:#x} has bits outside the euchre deck (0..23)"
    elif st == _BAD_TRUMP:
        msg = f"trump {int(trumps[i])} is not a suit 0..3"
    else:
        msg = f"{m.bit_count()} cards ({format_cards(m, EUCHRE)}), more than width {width}"
    raise InvalidCardsError(f"row {i}: {msg}", row=i)


def void_swap(hand: CardSet | int | str | Iterable[str], trump: int | str, cycle: Cycle = "bob") -> bool:
    """True if the hand holds no card printed in the cycle's 2nd suit, so the 2nd and 4th suits swap.

    >>> void_swap("Kc Jh Kd Td Ah", "Diamonds"), void_swap("9h Jc Ad Ts Kc", "Spades")
    (True, False)
    """
    m = as_hand_mask(hand)
    return bool(_swap_table(np.uint64(m), as_trump(trump), _SECOND[_cycle_index(cycle)], False))


def sort_hand(
    hand: CardSet | int | str | Iterable[str],
    trump: int | str,
    cycle: Cycle = "bob",
    stable: bool = False,
) -> list[int]:
    """The hand's cards (bits), highest first, in Ruby Quiz #55's order (any hand size).

    ``hand`` is a :class:`~bitcards.CardSet`, a mask or card text (``"Kc Jh Kd Td Ah"``);
    ``trump`` a suit index or name (``"Diamonds"``, ``"d"``, ``"♦"``).

    >>> format_cards(sort_hand("Ac Jc Qd 9s Td", "Spades"), "euchre")               # void in hearts: swap
    'Jc 9s Qd Td Ac'
    >>> format_cards(sort_hand("Ac Jc Qd 9s Td", "Spades", stable=True), "euchre")  # no swap
    'Jc 9s Ac Qd Td'
    """
    m = as_hand_mask(hand)
    t = as_trump(trump)
    c = _cycle_index(cycle)
    out = np.empty((1, 24), dtype=np.int8)
    n = _sort_row(np.uint64(m), t, _KEYS_FLAT[c], _ORDER_FLAT[c], _SECOND[c], bool(stable), out, 0)
    return [int(b) for b in out[0, :n]]


def sort_hands(
    masks: object,
    trumps: object,
    cycle: Cycle = "bob",
    stable: bool = False,
    width: int | None = None,
    out: np.ndarray | None = None,
) -> np.ndarray:
    """Sort many hands: ``(n, width)`` ``int8`` card bits, highest first, padded with ``-1``.

    ``masks`` is ``(n,)`` hand masks, ``trumps`` ``(n,)`` suits 0..3 (``int8`` is used
    as is; other integer dtypes are checked and converted) or one trump for all rows.
    ``width`` defaults to the largest hand (5 for Euchre hands); a hand larger than
    ``width``, a bit outside the deck or a bad trump raises :class:`InvalidCardsError`
    naming the first bad row. Large batches run in parallel over rows
    (:mod:`bitcards._parallel`; the same result for any thread count); ``out`` may be a preallocated
    ``(n, width)`` ``int8`` array.

    >>> import numpy as np
    >>> from bitcards.notation import parse_mask
    >>> hands = np.array([parse_mask("Kc Jh Kd Td Ah", "euchre"), parse_mask("Jc As", "euchre")], dtype=np.uint64)
    >>> s = sort_hands(hands, np.array([0, 2], dtype=np.int8))
    >>> s.tolist()
    [[8, 4, 1, 22, 11], [20, 17, -1, -1, -1]]
    >>> [format_cards([b for b in row if b >= 0], "euchre") for row in s]
    ['Jh Kd Td Kc Ah', 'Jc As']
    """
    m = as_masks(masks).reshape(-1)
    t = _trump_array(trumps, m.shape[0])
    if width is None:
        from bitcards.batch import popcount

        width = int(popcount(m).max()) if m.size else 5
    if not 0 <= width <= 24:
        raise ValueError(f"width must be 0..24, got {width}")
    if out is None:
        out = np.empty((m.shape[0], width), dtype=np.int8)
    elif out.shape != (m.shape[0], width) or out.dtype != np.int8:
        raise ValueError(f"out must be an int8 array of shape {(m.shape[0], width)}, got {out.dtype} {out.shape}")
    status = np.empty(m.shape[0], dtype=np.uint8)
    c = _cycle_index(cycle)
    _sort_batch(m.shape[0], m, t, _KEYS_FLAT[c], _ORDER_FLAT[c], _SECOND[c], bool(stable), out, status)
    if status.any():
        _raise_status(status, m, t, width)
    return out


def hand_sort_keys(masks: object, trumps: object, cycle: Cycle = "bob", stable: bool = False) -> np.ndarray:
    """The sort-key table of each hand: ``(n, 24)`` ``int8``, the row of :func:`sort_keys` the hand uses.

    >>> import numpy as np
    >>> from bitcards.notation import parse_mask
    >>> k = hand_sort_keys(np.array([parse_mask("Kc Jh Kd Td Ah", "euchre")], dtype=np.uint64), 0)
    >>> bool((k[0] == sort_keys("Diamonds", swapped=True)).all())
    True
    """
    m = as_masks(masks).reshape(-1)
    t = _trump_array(trumps, m.shape[0])
    out = np.empty((m.shape[0], 24), dtype=np.int8)
    status = np.empty(m.shape[0], dtype=np.uint8)
    c = _cycle_index(cycle)
    _keys_kernel(m, t, _KEYS_FLAT[c], _SECOND[c], bool(stable), out, status)
    _raise_status(status, m, t, 24)
    return out


@warmup_task
def _warm() -> None:
    sort_hand(0b11111, 0)
    hands = np.array([0b11111, 0b111110], dtype=np.uint64)
    tr = np.array([0, 1], dtype=np.int8)
    sort_hands(hands, tr)
    sort_hands(hands, tr, width=24)
    out, status = np.empty((2, 5), np.int8), np.empty(2, np.uint8)
    _sort_batch.warm(hands, tr, _KEYS_FLAT[0], _ORDER_FLAT[0], _SECOND[0], False, out, status)
    hand_sort_keys(hands, tr)
