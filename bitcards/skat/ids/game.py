"""Deal ids as packed integers: the 64-bit game id of skat-game-id.

A Skat deal is four hand masks in the Skat layout (bit ``k`` = card number
``k`` of skat-game-id: ``suit * 8 + value``, suits S R G E = ♦ ♥ ♠ ♣, values
7 8 9 X U O K A). The deal id gives each card number ``k`` a 2-bit code at
bits ``2k`` (low) and ``2k + 1`` (high): 0 front, 1 middle, 2 rear, 3 skat.

So the low (even) bits are ``middle | skat`` and the high (odd) bits are
``rear | skat``, each spread to every other bit. :func:`encode_deal` does
that with one PDEP per half where the CPU has a fast one, else with the
shift-or magic masks (:func:`spread32`); no loop over cards. :func:`decode_deal`
compresses the odd and even bits back (PEXT, or :func:`compact32`).

>>> ids = encode_deal([0x3FF, 0xFFC00, 0x3FF00000, 0xC0000000])   # the README deal, sorted
>>> hex(ids)
'0xfaaaaa5555500000'
>>> [hex(m) for m in decode_deal(ids)]
['0x3ff', '0xffc00', '0x3ff00000', '0xc0000000']

The batch versions take ``(n, 4)`` masks (as :func:`bitcards.deal.deal` gives)
and ``(n,)`` ids:

>>> from bitcards.deal import deal
>>> d = deal(5, "skat", seed=1)
>>> bool((decode_deals(encode_deals(d)) == d).all())
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numba
import numpy as np
from numba import types
from numba.extending import overload

from bitcards._bits import HAVE_FAST_PDEP, _pdep64, _pext64, popcount
from bitcards._jit import njit, warmup_task
from bitcards._parallel import BatchKernel
from bitcards.batch import OUTSIDE_DECK, OVERLAP, WRONG_COUNT, as_masks
from bitcards.errors import CodecError, InvalidCardsError
from bitcards.notation import format_card

__all__ = [
    "Game",
    "STACKS",
    "explain_deal_id",
    "STACK_SIZES",
    "MASK_DECK",
    "encode_deal",
    "decode_deal",
    "encode_deals",
    "decode_deals",
    "deal_flags",
    "check_deal_ids",
    "deal_id_flags",
    "OUTSIDE_DECK",
    "OVERLAP",
    "WRONG_COUNT",
]

#: the four stacks of a deal, in id code order (code 0, 1, 2, 3)
STACKS: tuple[str, str, str, str] = ("front", "middle", "rear", "skat")
#: cards per stack
STACK_SIZES: tuple[int, int, int, int] = (10, 10, 10, 2)
#: all 32 Skat cards
MASK_DECK = 0xFFFFFFFF

_EVEN = np.uint64(0x5555555555555555)


@njit
def spread32(x):  # type: ignore[no-untyped-def]
    """Move bit ``i`` of a 32-bit mask to bit ``2i`` (the higher bits of ``x`` are ignored)."""
    x = np.uint64(x) & np.uint64(0xFFFFFFFF)
    x = (x | (x << np.uint64(16))) & np.uint64(0x0000FFFF0000FFFF)
    x = (x | (x << np.uint64(8))) & np.uint64(0x00FF00FF00FF00FF)
    x = (x | (x << np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    x = (x | (x << np.uint64(2))) & np.uint64(0x3333333333333333)
    x = (x | (x << np.uint64(1))) & np.uint64(0x5555555555555555)
    return x


@njit
def compact32(x):  # type: ignore[no-untyped-def]
    """Inverse of :func:`spread32`: bit ``2i`` of ``x`` to bit ``i`` (odd bits ignored)."""
    x = np.uint64(x) & np.uint64(0x5555555555555555)
    x = (x | (x >> np.uint64(1))) & np.uint64(0x3333333333333333)
    x = (x | (x >> np.uint64(2))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    x = (x | (x >> np.uint64(4))) & np.uint64(0x00FF00FF00FF00FF)
    x = (x | (x >> np.uint64(8))) & np.uint64(0x0000FFFF0000FFFF)
    x = (x | (x >> np.uint64(16))) & np.uint64(0x00000000FFFFFFFF)
    return x


def spread_even(x: int) -> int:
    """Bit ``i`` of a 32-bit mask to bit ``2i``: ``pdep(x, 0x5555...)`` where PDEP is fast, else :func:`spread32`."""
    return spread32(x)  # type: ignore[no-any-return]


def compact_even(x: int) -> int:
    """Bit ``2i`` of ``x`` to bit ``i``: ``pext(x, 0x5555...)`` where PEXT is fast, else :func:`compact32`."""
    return compact32(x)  # type: ignore[no-any-return]


@overload(spread_even)
def _ol_spread_even(x):  # type: ignore[no-untyped-def]
    if HAVE_FAST_PDEP:
        return lambda x: _pdep64(types.uint64(x) & types.uint64(0xFFFFFFFF), types.uint64(0x5555555555555555))  # noqa: E731
    return lambda x: spread32(x)  # noqa: E731


@overload(compact_even)
def _ol_compact_even(x):  # type: ignore[no-untyped-def]
    if HAVE_FAST_PDEP:
        return lambda x: _pext64(types.uint64(x), types.uint64(0x5555555555555555))  # noqa: E731
    return lambda x: compact32(x)  # noqa: E731


@njit
def deal_id_mask(front, middle, rear, skat):  # type: ignore[no-untyped-def]
    """The deal id of four hand masks (no checks; ``front`` is implied and unused)."""
    s = np.uint64(skat)
    lo = spread_even(np.uint64(middle) | s)
    hi = spread_even(np.uint64(rear) | s)
    return lo | (hi << np.uint64(1))


@njit
def deal_masks(deal_id):  # type: ignore[no-untyped-def]
    """The four hand masks ``(front, middle, rear, skat)`` of a deal id (no checks)."""
    x = np.uint64(deal_id)
    lo = compact_even(x)
    hi = compact_even(x >> np.uint64(1))
    skat = lo & hi
    middle = lo & ~hi
    rear = hi & ~lo
    front = ~(lo | hi) & np.uint64(0xFFFFFFFF)
    return front, middle, rear, skat


@njit
def _hands_flags(f, m, r, s):  # type: ignore[no-untyped-def]
    """Validation flags of four hand masks: OUTSIDE_DECK | OVERLAP | WRONG_COUNT."""
    flags = 0
    if (f | m | r | s) & ~np.uint64(0xFFFFFFFF):
        flags |= 1
    if (f & m) | (f & r) | (f & s) | (m & r) | (m & s) | (r & s):
        flags |= 2
    if popcount(f) != 10 or popcount(m) != 10 or popcount(r) != 10 or popcount(s) != 2:
        flags |= 4
    return flags


@njit
def _hands_bad(f, m, r, s):  # type: ignore[no-untyped-def]
    """Non-zero unless the hands are a deal: 10/10/10/2 cards whose union is the deck (hence disjoint).

    Branch-free, so the batch loop OR-reduces it; :func:`_hands_flags` says what is wrong.
    """
    counts = (popcount(f) ^ 10) | (popcount(m) ^ 10) | (popcount(r) ^ 10) | (popcount(s) ^ 2)
    return np.uint64(counts) | ((f | m | r | s) ^ np.uint64(0xFFFFFFFF))


@njit
def _id_bad(deal_id):  # type: ignore[no-untyped-def]
    """Non-zero unless the id gives 10/10/10/2 cards (branch-free)."""
    f, m, r, s = deal_masks(deal_id)
    return (popcount(m) ^ 10) | (popcount(r) ^ 10) | (popcount(s) ^ 2)


@njit
def _id_flags(deal_id):  # type: ignore[no-untyped-def]
    """WRONG_COUNT when the id does not give 10/10/10/2 cards, else 0."""
    return 4 if _id_bad(deal_id) != 0 else 0


#: rows per chunk of the batch kernels (each chunk reports whether it holds a bad row)
CHUNK = 1 << 15


def _n_chunks(n: int) -> int:
    return max(1, -(-n // CHUNK))


# The batch kernels walk each chunk through slice views indexed from 0: an index the compiler can see
# is non-negative needs no negative-index wraparound, and flat views need no multiply by a row stride.
# Together that is about 1.5x on encode.


@BatchKernel
def _encode_kernel(masks, out, bad, check):  # type: ignore[no-untyped-def]
    n = masks.shape[0]
    flat = masks.reshape(-1)
    for c in numba.prange(bad.shape[0]):
        lo = c * CHUNK
        hi = min(n, lo + CHUNK)
        src = flat[4 * lo : 4 * hi]
        dst = out[lo:hi]
        b = np.uint64(0)
        for j in range(dst.shape[0]):
            f = src[4 * j]
            m = src[4 * j + 1]
            r = src[4 * j + 2]
            s = src[4 * j + 3]
            dst[j] = deal_id_mask(f, m, r, s)
            if check:
                b |= _hands_bad(f, m, r, s)
        bad[c] = b


@BatchKernel
def _decode_kernel(ids, out, bad):  # type: ignore[no-untyped-def]
    n = ids.shape[0]
    flat = out.reshape(-1)
    for c in numba.prange(bad.shape[0]):
        lo = c * CHUNK
        hi = min(n, lo + CHUNK)
        src = ids[lo:hi]
        dst = flat[4 * lo : 4 * hi]
        b = 0
        for j in range(src.shape[0]):
            f, m, r, s = deal_masks(src[j])
            dst[4 * j] = f
            dst[4 * j + 1] = m
            dst[4 * j + 2] = r
            dst[4 * j + 3] = s
            b |= (popcount(m) ^ 10) | (popcount(r) ^ 10) | (popcount(s) ^ 2)
        bad[c] = b


@BatchKernel
def _check_ids_kernel(ids, bad):  # type: ignore[no-untyped-def]
    n = ids.shape[0]
    for c in numba.prange(bad.shape[0]):
        lo = c * CHUNK
        src = ids[lo : min(n, lo + CHUNK)]
        b = 0
        for j in range(src.shape[0]):
            b |= _id_bad(src[j])
        bad[c] = b


@BatchKernel
def _flags_kernel(masks, flags):  # type: ignore[no-untyped-def]
    for i in numba.prange(masks.shape[0]):
        flags[i] = _hands_flags(masks[i, 0], masks[i, 1], masks[i, 2], masks[i, 3])


@BatchKernel
def _id_flags_kernel(ids, flags):  # type: ignore[no-untyped-def]
    for i in numba.prange(ids.shape[0]):
        flags[i] = _id_flags(ids[i])


def as_ids(a: object, name: str = "ids") -> np.ndarray:
    """``a`` as a C-contiguous ``np.uint64`` array.

    Like :func:`bitcards.batch.as_masks`, but a Python list of ints is converted directly to
    ``np.uint64`` (``np.asarray`` turns ``[2**63, 1]`` into float64, which would lose bits).
    """
    if not isinstance(a, np.ndarray) and not np.isscalar(a):
        try:
            return np.ascontiguousarray(np.array(a, dtype=np.uint64))
        except (OverflowError, ValueError, TypeError):
            pass  # as_masks explains what is wrong
    return as_masks(a, name)


def _explain_hands(hands: Sequence[int]) -> str:
    f = int(_hands_flags(*(np.uint64(h) for h in hands)))
    if f & OUTSIDE_DECK:
        extra = 0
        for h in hands:
            extra |= h & ~MASK_DECK
        return f"bits outside the Skat deck: {[b for b in range(64) if extra >> b & 1]}"
    if f & OVERLAP:
        dup = seen = 0
        for h in hands:
            dup |= h & seen
            seen |= h
        return "hands overlap (cards " + " ".join(format_card(b, "skat", "german") for b in range(32) if dup >> b & 1) + ")"
    for name, size, h in zip(STACKS, STACK_SIZES, hands):
        if h.bit_count() != size:
            return f"{name} has {h.bit_count()} cards, expected {size}"
    return "invalid"  # pragma: no cover


def explain_deal_id(deal_id: int) -> str | None:
    """Why ``deal_id`` is not a valid deal (``None`` when it is): the first stack that overflows, in card order.

    This is the check skat-game-id makes while decoding: cards are visited in card-number order and
    the first card that would overfill its stack is the error.

    >>> explain_deal_id(0xFF)
    'card 2 (S9) would be the 3rd card of skat'
    """
    x = int(deal_id)
    if not 0 <= x < 1 << 64:
        return f"{x} is not a 64-bit deal id"
    count = [0, 0, 0, 0]
    for k in range(32):
        code = (x >> (2 * k)) & 3
        if count[code] == STACK_SIZES[code]:
            nth = count[code] + 1
            return f"card {k} ({format_card(k, 'skat', 'german')}) would be the {nth}{_th(nth)} card of {STACKS[code]}"
        count[code] += 1
    return None


def _th(n: int) -> str:
    return "st" if n == 1 else "nd" if n == 2 else "rd" if n == 3 else "th"


def encode_deal(hands: Sequence[int]) -> int:
    """The deal id of ``(front, middle, rear, skat)`` hand masks, as an unsigned 64-bit ``int``.

    Raises :class:`InvalidCardsError` unless the hands hold 10, 10, 10 and 2 distinct Skat cards.

    >>> encode_deal([0x3FF, 0xFFC00, 0x3FF00000, 0xC0000000]) == 0xFAAAAA5555500000
    True
    >>> encode_deal([0x3FF, 0xFFC00, 0x3FF00000, 0xC0000001])
    Traceback (most recent call last):
    ...
    bitcards.errors.InvalidCardsError: hands overlap (cards S7)
    """
    hs = [int(h) for h in hands]
    if len(hs) != 4:
        raise InvalidCardsError(f"a deal has 4 hands (front, middle, rear, skat), got {len(hs)}")
    if any(not 0 <= h < 1 << 64 for h in hs):
        raise InvalidCardsError(f"hand masks must be 64-bit unsigned integers, got {hs}")
    if int(_hands_bad(*(np.uint64(h) for h in hs))):
        raise InvalidCardsError(_explain_hands(hs))
    return int(deal_id_mask(*(np.uint64(h) for h in hs)))


def decode_deal(deal_id: int) -> tuple[int, int, int, int]:
    """The ``(front, middle, rear, skat)`` masks of a deal id.

    Raises :class:`CodecError` when the id does not describe 10/10/10/2 cards.

    >>> decode_deal(0xFAAAAA5555500000) == (0x3FF, 0xFFC00, 0x3FF00000, 0xC0000000)
    True
    >>> decode_deal(0)
    Traceback (most recent call last):
    ...
    bitcards.errors.CodecError: deal id 0x0 is not a deal: card 10 (R9) would be the 11th card of front
    """
    x = int(deal_id)
    why = explain_deal_id(x)
    if why is not None:
        raise CodecError(f"deal id {x:#x} is not a deal: {why}")
    f, m, r, s = deal_masks(np.uint64(x))
    return int(f), int(m), int(r), int(s)


def _out(out: np.ndarray | None, shape: tuple[int, ...]) -> np.ndarray:
    if out is None:
        return np.empty(shape, dtype=np.uint64)
    if not isinstance(out, np.ndarray) or out.dtype != np.uint64 or out.shape != shape or not out.flags.c_contiguous:
        raise TypeError(f"out must be a C-contiguous np.uint64 array of shape {shape}")
    return out


def encode_deals(masks: object, *, check: bool = True, out: np.ndarray | None = None) -> np.ndarray:
    """Deal ids of ``(n, 4)`` masks (front, middle, rear, skat), as ``(n,)`` ``np.uint64``.

    With ``check`` (the default) every row is validated in the same pass and the first bad row raises
    :class:`InvalidCardsError` naming it; ``check=False`` skips validation (garbage in, garbage out).
    ``out`` reuses a buffer.

    >>> encode_deals([[0x3FF, 0xFFC00, 0x3FF00000, 0xC0000000]]).tolist() == [0xFAAAAA5555500000]
    True
    >>> encode_deals([[0x3FF, 0xFFC00, 0x3FF00000, 0xC0000000], [0x3FF, 0xFFC00, 0x3FF00000, 0x40000000]])
    Traceback (most recent call last):
    ...
    bitcards.errors.InvalidCardsError: row 1: skat has 1 cards, expected 2
    """
    h = as_ids(masks, "masks")
    if h.ndim != 2 or h.shape[1] != 4:
        raise InvalidCardsError(f"masks must have shape (n, 4) (front, middle, rear, skat), got {h.shape}")
    res = _out(out, (h.shape[0],))
    bad = np.empty(_n_chunks(h.shape[0]), dtype=np.uint64)
    _encode_kernel(h.shape[0], h, res, bad, bool(check))
    if check and bad.any():
        flags = deal_flags(h)
        i = int(np.flatnonzero(flags)[0])
        raise InvalidCardsError(f"row {i}: {_explain_hands([int(v) for v in h[i]])}", row=i)
    return res


def decode_deals(ids: object, *, check: bool = True, out: np.ndarray | None = None) -> np.ndarray:
    """The ``(n, 4)`` masks (front, middle, rear, skat) of ``(n,)`` deal ids.

    With ``check`` the first id that is not a deal raises :class:`CodecError` naming its row.
    ``out`` reuses a buffer.

    >>> decode_deals([0xFAAAAA5555500000]).tolist() == [[0x3FF, 0xFFC00, 0x3FF00000, 0xC0000000]]
    True
    >>> decode_deals([0xFAAAAA5555500000, 3])
    Traceback (most recent call last):
    ...
    bitcards.errors.CodecError: row 1: deal id 0x3 is not a deal: card 11 (RX) would be the 11th card of front
    """
    x = _id_vector(ids)
    res = _out(out, (x.shape[0], 4))
    bad = np.empty(_n_chunks(x.shape[0]), dtype=np.int64)
    _decode_kernel(x.shape[0], x, res, bad)
    if check and bad.any():
        _raise_first_bad_id(x)
    return res


def _id_vector(ids: object) -> np.ndarray:
    x = as_ids(ids, "ids")
    if x.ndim != 1:
        raise CodecError(f"ids must be 1-dimensional, got shape {x.shape}")
    return x


def _raise_first_bad_id(x: np.ndarray) -> None:
    i = int(np.flatnonzero(deal_id_flags(x))[0])
    raise CodecError(f"row {i}: deal id {int(x[i]):#x} is not a deal: {explain_deal_id(int(x[i]))}")


def check_deal_ids(ids: object) -> None:
    """Raise :class:`CodecError` naming the first id that is not a deal (one pass, nothing allocated per row).

    >>> check_deal_ids([0xFAAAAA5555500000, 0xFAAAAA5555500000])
    >>> check_deal_ids([0xFAAAAA5555500000, 0xFF])
    Traceback (most recent call last):
    ...
    bitcards.errors.CodecError: row 1: deal id 0xff is not a deal: card 2 (S9) would be the 3rd card of skat
    """
    x = _id_vector(ids)
    bad = np.empty(_n_chunks(x.shape[0]), dtype=np.int64)
    _check_ids_kernel(x.shape[0], x, bad)
    if bad.any():
        _raise_first_bad_id(x)


def deal_flags(masks: object) -> np.ndarray:
    """Validation flags of ``(n, 4)`` masks: 0 for a deal, else OUTSIDE_DECK | OVERLAP | WRONG_COUNT bits.

    >>> deal_flags([[0x3FF, 0xFFC00, 0x3FF00000, 0xC0000000], [1, 1, 0, 0]]).tolist()
    [0, 6]
    """
    h = as_ids(masks, "masks")
    if h.ndim != 2 or h.shape[1] != 4:
        raise InvalidCardsError(f"masks must have shape (n, 4), got {h.shape}")
    flags = np.empty(h.shape[0], dtype=np.uint8)
    _flags_kernel(h.shape[0], h, flags)
    return flags


def deal_id_flags(ids: object) -> np.ndarray:
    """0 for each id that is a deal, WRONG_COUNT for one that is not (a stack would overflow).

    >>> deal_id_flags([0xFAAAAA5555500000, 0]).tolist()
    [0, 4]
    """
    x = _id_vector(ids)
    flags = np.empty(x.shape[0], dtype=np.uint8)
    _id_flags_kernel(x.shape[0], x, flags)
    return flags


@warmup_task
def _warm() -> None:
    m = np.array([[0x3FF, 0xFFC00, 0x3FF00000, 0xC0000000]], dtype=np.uint64)
    ids = encode_deals(m)
    out = np.empty((1, 4), dtype=np.uint64)
    bad = np.empty(1, dtype=np.uint64)
    _encode_kernel.warm(m, ids, bad, True)
    _decode_kernel.warm(ids, out, bad.view(np.int64))
    _check_ids_kernel.warm(ids, bad.view(np.int64))
    flags = np.empty(1, dtype=np.uint8)
    _flags_kernel.warm(m, flags)
    _id_flags_kernel.warm(ids, flags)
    _id_flags(ids[0])


# --- Game: a deal with its cards in listed order --------------------------------


def _card_tuple(cards: object, name: str) -> tuple[int, ...]:
    try:
        out = tuple(int(c) for c in cards)  # type: ignore[attr-defined]
    except (TypeError, ValueError):
        raise InvalidCardsError(f"{name} must be a sequence of card numbers 0..31, got {cards!r}") from None
    for c in out:
        if not 0 <= c < 32:
            raise InvalidCardsError(f"{name}: card number {c} is outside 0..31")
    return out


@dataclass(frozen=True)
class Game:
    """A deal as skat-game-id's ``Game`` holds it: four stacks of card numbers, in the order listed.

    The id does not record the order within a stack; :meth:`normalized` sorts each stack (what
    decoding returns). Card numbers are the Skat layout bits (``suit * 8 + value``).

    >>> g = Game.from_id("MYKAmZXGhaQ")
    >>> print(g)
    S8SXSOSKR7R8R9GKE9EU
    S7RURKG7G8G9GOE7E8EO
    SUSARXRORAGXGUEXEKEA
    S9GA
    >>> g.base64(), g.decimal()
    ('MYKAmZXGhaQ=', 3567555251962021284)
    """

    front: tuple[int, ...]
    middle: tuple[int, ...]
    rear: tuple[int, ...]
    skat: tuple[int, ...]

    def __post_init__(self) -> None:
        stacks = [_card_tuple(getattr(self, n), n) for n in STACKS]
        for name, size, st in zip(STACKS, STACK_SIZES, stacks):
            object.__setattr__(self, name, st)
            if len(st) != size:
                raise InvalidCardsError(f"{name} has {len(st)} cards, expected {size}")
        seen: set[int] = set()
        for st in stacks:
            for c in st:
                if c in seen:
                    raise InvalidCardsError(f"card {format_card(c, 'skat', 'german')} is listed twice")
                seen.add(c)

    @property
    def stacks(self) -> tuple[tuple[int, ...], ...]:
        """``(front, middle, rear, skat)``."""
        return (self.front, self.middle, self.rear, self.skat)

    def masks(self) -> tuple[int, int, int, int]:
        """The four stacks as Skat-layout masks."""
        out = []
        for st in self.stacks:
            m = 0
            for c in st:
                m |= 1 << c
            out.append(m)
        return out[0], out[1], out[2], out[3]

    @classmethod
    def from_masks(cls, masks: Sequence[int]) -> Game:
        """The game of four hand masks, each stack in ascending card order (validated)."""
        hs = [int(m) for m in masks]
        encode_deal(hs)  # validates
        return cls(*(tuple(b for b in range(32) if m >> b & 1) for m in hs))

    @classmethod
    def from_id(cls, deal_id: str | int) -> Game:
        """The (normalized) game of a Base64 game id (``str``) or a packed deal id (``int``)."""
        if isinstance(deal_id, str):
            from bitcards.skat.ids.codec import parse_deal_id

            deal_id = parse_deal_id(deal_id)
        return cls.from_masks(decode_deal(int(deal_id)))

    def normalized(self) -> Game:
        """Every stack sorted by card number (skat-game-id's ``normalized()``)."""
        return Game(*(tuple(sorted(st)) for st in self.stacks))

    def is_normalized(self) -> bool:
        return all(list(st) == sorted(st) for st in self.stacks)

    @property
    def deal_id(self) -> int:
        """The packed 64-bit deal id."""
        return int(deal_id_mask(*(np.uint64(m) for m in self.masks())))

    def base64(self) -> str:
        """The Base64 game id (Java's ``computeId()``)."""
        from bitcards.skat.ids.codec import format_deal_id

        return format_deal_id(self.deal_id)

    def decimal(self) -> int:
        """The decimal game id (Java's ``computeIdAsBigInteger()``)."""
        from bitcards.skat.ids.codec import deal_id_to_decimal

        return deal_id_to_decimal(self.deal_id)

    def __str__(self) -> str:
        from bitcards.skat.ids.text import format_game

        return format_game(self).rstrip("\n")
