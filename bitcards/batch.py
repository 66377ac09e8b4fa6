"""Batch primitives on arrays of ``np.uint64`` masks.

>>> import numpy as np
>>> m = indices_to_masks(np.array([[0, 1, 31], [4, 5, 6]]))
>>> m.tolist(), popcount(m).tolist()
([2147483651, 112], [3, 3])
>>> masks_to_indices(m, 3).tolist()
[[0, 1, 31], [4, 5, 6]]
>>> masks_to_cards(m, "skat")
[['7D', '8D', 'AC'], ['JD', 'QD', 'KD']]
>>> flags = validate(np.array([[1, 2], [3, 1], [1 << 40, 2]], dtype=np.uint64), "skat", raise_errors=False)
>>> flags.tolist()
[0, 2, 1]
>>> validate(np.array([[1, 2], [3, 1]], dtype=np.uint64), "skat")
Traceback (most recent call last):
...
bitcards.errors.InvalidCardsError: row 1: hands overlap (cards 7D)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from bitcards._bits import ctz
from bitcards._bits import popcount as _popcount1
from bitcards._jit import njit, warmup_task
from bitcards._memory import empty
from bitcards.errors import InvalidCardsError
from bitcards.layouts import Layout, get_layout
from bitcards.notation import format_card, parse_mask

__all__ = [
    "as_masks",
    "popcount",
    "masks_to_indices",
    "indices_to_masks",
    "masks_to_cards",
    "cards_to_masks",
    "validate",
    "OUTSIDE_DECK",
    "OVERLAP",
    "WRONG_COUNT",
]

#: validate() flag: a mask has bits outside the deck
OUTSIDE_DECK = 1
#: validate() flag: two hands of the row share a card
OVERLAP = 2
#: validate() flag: a hand has the wrong number of cards
WRONG_COUNT = 4


def as_masks(a: object, name: str = "masks") -> np.ndarray:
    """``a`` as a C-contiguous ``np.uint64`` array; other integer dtypes are checked and converted.

    Raises :class:`TypeError` naming the dtype for non-integer input, and
    :class:`InvalidCardsError` for negative values.
    """
    if isinstance(a, (list, tuple)):
        # Python ints up to 2**64 - 1, which numpy would otherwise read as float64
        obj = np.array(a, dtype=object)
        flat = list(obj.flat)
        if flat and all(isinstance(x, (int, np.integer)) and not isinstance(x, bool) for x in flat):
            if min(flat) < 0:
                row = next(i for i, r in enumerate(obj.reshape(obj.shape[0], -1)) if min(r) < 0)
                raise InvalidCardsError(f"{name}: negative mask at row {row}", row=row)
            if max(flat) >= 1 << 64:
                raise InvalidCardsError(f"{name}: a mask does not fit 64 bits")
            return obj.astype(np.uint64)
    arr = np.asarray(a)
    if arr.dtype == np.uint64:
        return np.ascontiguousarray(arr)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"{name} must be an integer array (np.uint64), not dtype {arr.dtype}")
    if arr.dtype.kind == "i" and arr.size and arr.min() < 0:
        row = int(np.argmax((arr < 0).reshape(arr.shape[0], -1).any(axis=1))) if arr.ndim else 0
        raise InvalidCardsError(f"{name}: negative mask at row {row}", row=row)
    return np.ascontiguousarray(arr.astype(np.uint64))


@njit
def _popcount_kernel(masks, out):  # type: ignore[no-untyped-def]
    for i in range(masks.shape[0]):
        out[i] = _popcount1(masks[i])


def popcount(masks: object) -> np.ndarray:
    """Number of cards in each mask (same shape, ``int64``; a scalar for a scalar).

    >>> popcount(np.uint64(7)), popcount([[1, 3], [7, 0]]).tolist()
    (np.int64(3), [[1, 2], [3, 0]])
    """
    m = as_masks(masks)
    out = np.empty(m.size, dtype=np.int64)
    _popcount_kernel(m.reshape(-1), out)
    if np.ndim(masks) == 0:  # type: ignore[arg-type]
        return out[0]  # type: ignore[no-any-return]
    return out.reshape(m.shape)


@njit
def _to_indices(masks, k, out):  # type: ignore[no-untyped-def]
    # returns the first row whose popcount is not k, or -1
    for i in range(masks.shape[0]):
        m = masks[i]
        if _popcount1(m) != k:
            return i
        for j in range(k):
            out[i, j] = ctz(m)
            m &= m - np.uint64(1)
    return -1


def masks_to_indices(masks: object, k: int) -> np.ndarray:
    """Card indices of each mask, ascending: shape ``(n, k)``, ``int8``.

    Every mask must hold exactly ``k`` cards (``0 <= k <= 64``).
    """
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)):
        raise TypeError(f"k must be an int, not {type(k).__name__}")
    if not 0 <= k <= 64:
        raise InvalidCardsError(f"k must be 0..64 (the cards of a 64-bit mask), got {k}")
    m = as_masks(masks).reshape(-1)
    out = empty((m.shape[0], int(k)), np.int8, f"cannot hold the card indices of {m.shape[0]:,} masks", "convert them in chunks")
    bad = _to_indices(m, np.int64(k), out)
    if bad >= 0:
        raise InvalidCardsError(f"row {bad}: {int(m[bad]).bit_count()} cards, expected {k}", row=int(bad))
    return out


@njit
def _from_indices(idx, out):  # type: ignore[no-untyped-def]
    for i in range(idx.shape[0]):
        m = np.uint64(0)
        for j in range(idx.shape[1]):
            v = idx[i, j]
            if v < 0 or v > 63:
                return i
            bit = np.uint64(1) << np.uint64(v)
            if m & bit:
                return i
            m |= bit
        out[i] = m
    return -1


def indices_to_masks(indices: object) -> np.ndarray:
    """Masks from an ``(n, k)`` array of card indices; repeated or out-of-range indices are errors."""
    idx = np.asarray(indices)
    if idx.dtype.kind not in "iu":
        raise TypeError(f"indices must be an integer array, not dtype {idx.dtype}")
    if idx.ndim == 1:
        idx = idx[None, :]
    idx = np.ascontiguousarray(idx.astype(np.int64))
    out = np.empty(idx.shape[0], dtype=np.uint64)
    bad = _from_indices(idx, out)
    if bad >= 0:
        raise InvalidCardsError(f"row {bad}: repeated or out-of-range card index in {idx[bad].tolist()}", row=int(bad))
    return out


def masks_to_cards(masks: object, game: str | Layout) -> list[list[str]]:
    """Each mask as a list of card names, low bit first."""
    layout = get_layout(game)
    out = []
    for m in as_masks(masks).reshape(-1).tolist():
        out.append([format_card(b, layout) for b in range(layout.n_cards) if m >> b & 1])
    return out


def cards_to_masks(hands: Iterable[str | Sequence[str]], game: str | Layout) -> np.ndarray:
    """Masks from card lists (text or lists of card strings); parse errors name the row."""
    layout = get_layout(game)
    out = []
    for i, h in enumerate(hands):
        try:
            out.append(parse_mask(h, layout))
        except InvalidCardsError as e:
            raise InvalidCardsError(f"row {i}: {e}", row=i) from None
        except ValueError as e:
            raise type(e)(f"row {i}: {e}") from None
    return np.array(out, dtype=np.uint64)


@njit
def _validate_kernel(hands, deck, counts, flags):  # type: ignore[no-untyped-def]
    n, k = hands.shape
    for i in range(n):
        f = 0
        seen = np.uint64(0)
        for j in range(k):
            m = hands[i, j]
            if m & ~deck:
                f |= 1
            if m & seen:
                f |= 2
            seen |= m
            if counts[j] >= 0 and _popcount1(m) != counts[j]:
                f |= 4
        flags[i] = f


def validate(
    hands: object,
    game: str | Layout,
    counts: Sequence[int] | None = None,
    *,
    raise_errors: bool = True,
) -> np.ndarray:
    """Check rows of hand masks; return a flag per row (0 = fine).

    ``hands`` is ``(n,)`` (one hand per row) or ``(n, k)`` (k hands per row).
    Flags: :data:`OUTSIDE_DECK`, :data:`OVERLAP`, :data:`WRONG_COUNT`
    (``counts[j]`` is the size hand ``j`` must have; ``None`` skips the check,
    a negative entry skips one column). With ``raise_errors`` the first bad row
    raises :class:`InvalidCardsError` naming the row and the problem.
    """
    layout = get_layout(game)
    h = as_masks(hands, "hands")
    if h.ndim == 1:
        h = h[:, None]
    if h.ndim != 2:
        raise InvalidCardsError(f"hands must be 1- or 2-dimensional, got shape {h.shape}")
    k = h.shape[1]
    if counts is None:
        cnt = np.full(k, -1, dtype=np.int64)
    else:
        cnt = np.asarray(counts, dtype=np.int64)
        if cnt.shape != (k,):
            raise InvalidCardsError(f"counts has {cnt.size} entries for {k} hands per row")
    flags = np.empty(h.shape[0], dtype=np.uint8)
    _validate_kernel(h, np.uint64(layout.mask_all), cnt, flags)
    if raise_errors and flags.any():
        i = int(np.flatnonzero(flags)[0])
        raise InvalidCardsError(f"row {i}: {_explain(h[i], layout, cnt, int(flags[i]))}", row=i)
    return flags


def _explain(row: np.ndarray, layout: Layout, counts: np.ndarray, f: int) -> str:
    ms = [int(x) for x in row]
    if f & OUTSIDE_DECK:
        extra = 0
        for m in ms:
            extra |= m & ~layout.mask_all
        return f"bits outside the {layout.name} deck: {[b for b in range(64) if extra >> b & 1]}"
    if f & OVERLAP:
        dup = 0
        seen = 0
        for m in ms:
            dup |= m & seen
            seen |= m
        return "hands overlap (cards " + " ".join(format_card(b, layout) for b in range(64) if dup >> b & 1) + ")"
    for j, m in enumerate(ms):
        if counts[j] >= 0 and m.bit_count() != counts[j]:
            return f"hand {j} has {m.bit_count()} cards, expected {int(counts[j])}"
    return "invalid"  # pragma: no cover


@warmup_task
def _warm() -> None:
    m = np.array([3, 12], dtype=np.uint64)
    popcount(m)
    masks_to_indices(m, 2)
    indices_to_masks(np.array([[0, 1]]))
    validate(np.array([[1, 2]], dtype=np.uint64), "skat", [1, 1])

