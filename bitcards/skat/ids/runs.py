"""Game-run ids in bulk: columns of runs to ``(n, 4)`` words and back, and Base64 for arrays of them.

A run id has 222 bits (:mod:`bitcards.skat.ids.run`), too many for one integer column, so the bulk
form is four little-endian 64-bit words per run: word ``k`` holds stream bits ``64k .. 64k + 63``,
and word 0 is the deal id. Runs come and go as :class:`RunArrays`, one NumPy array per field:

* ``deals``: ``(n, 4)`` masks front, middle, rear, skat, as :func:`~bitcards.skat.ids.encode_deals` takes;
* ``bids``: ``(n, 3)`` indices into :data:`~bitcards.skat.ids.BID_TABLE`;
* ``skat_cards``: ``(n, 2)`` card numbers put into the skat;
* ``kinds``: ``(n,)`` game kinds (:data:`~bitcards.skat.ids.GAME_KINDS`);
* ``flags``: ``(n, 4)`` booleans hand, ouvert, hand announced, ouvert announced;
* ``tricks``: ``(n, 10, 3)`` the *card numbers* front, middle and rear play in each trick, or all
  ``-1`` for a run without recorded tricks.

Tricks are card numbers, not the id's indices: an index is the card's position in its hand sorted
by card number (``popcount(hand & ((1 << card) - 1))``), so hands given as masks are always in the
normalised order, and a bulk id equals :func:`~bitcards.skat.ids.encode_run` of the same run.

>>> from bitcards.skat.ids import parse_run_id
>>> runs = RunArrays.from_runs([parse_run_id("AABQVVWqqvpwKETIPCAhMbGwqKipuXl4ZCQkIA==")])
>>> words = encode_runs(runs)
>>> format_run_ids(words)
['AABQVVWqqvpwKETIPCAhMbGwqKipuXl4ZCQkIA==']
>>> decode_runs(words).tricks[0, 1].tolist()
[1, 12, 23]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numba
import numpy as np

from bitcards._bits import popcount, select_bit
from bitcards._jit import njit, warmup_task
from bitcards._parallel import BatchKernel
from bitcards.errors import CodecError, InvalidCardsError
from bitcards.skat.ids.codec import _line_bounds, b64_decode_rows, b64_encode_rows
from bitcards.skat.ids.game import STACKS, Game, _hands_bad, _id_bad, as_ids, deal_id_mask, deal_masks
from bitcards.skat.ids.run import BID_TABLE, GAME_KINDS, GameRun, decode_run, parse_run_id

__all__ = [
    "RunArrays",
    "encode_runs",
    "decode_runs",
    "format_run_ids",
    "parse_run_ids",
    "run_ids_to_ints",
    "ints_to_run_ids",
    "decode_run_words",
]

_N_BIDS = len(BID_TABLE)
_N_KINDS = len(GAME_KINDS)
#: stream position of the first trick field; trick ``t``, player ``j`` is at ``_TRICKS + 12t + 4j``
_TRICKS = 102


#: byte ``b`` with its 8 bits in reverse order
_REV8 = np.array([int(f"{b:08b}"[::-1], 2) for b in range(256)], dtype=np.uint64)


@njit(inline="always")
def _rev(v, width):  # type: ignore[no-untyped-def]
    """The low ``width`` (at most 8) bits of ``v`` in reverse order (fields are stored MSB first)."""
    return _REV8[np.uint64(v) & np.uint64(0xFF)] >> np.uint64(8 - width)


@njit(inline="always")
def _field(w1, off, width):  # type: ignore[no-untyped-def]
    """The ``width``-bit field at bit ``off`` of word 1 (stream bit ``64 + off``), stored MSB first."""
    return _rev(w1 >> np.uint64(off), width)


# Every field but the tricks lies in word 1 (stream bits 64-101): bids at offsets 0, 7, 14, skat
# cards at 21, 26, the kind at 31, the flags at 34-37. The 30 trick fields of 4 bits are a stream of
# nibbles from bit 102 (offset 38 of word 1): nibble k = 3 * trick + player, kept in two accumulators
# (nibbles 0-15 and 16-29) and shifted into words 1-3 at the end.
_NIBBLES_LO = 16
_THI_MASK = (1 << (4 * (30 - _NIBBLES_LO))) - 1


@njit(inline="always")
def _with_nibble(tlo, thi, k, nib):  # type: ignore[no-untyped-def]
    """The accumulators with nibble ``k`` (0-29) of the trick stream set to ``nib``."""
    if k < _NIBBLES_LO:
        return tlo | (nib << np.uint64(4 * k)), thi
    return tlo, thi | (nib << np.uint64(4 * (k - _NIBBLES_LO)))


@njit(inline="always")
def _nibble(tlo, thi, k):  # type: ignore[no-untyped-def]
    """Nibble ``k`` (0-29) of the trick stream (as stored: most significant bit first)."""
    if k < _NIBBLES_LO:
        return (tlo >> np.uint64(4 * k)) & np.uint64(15)
    return (thi >> np.uint64(4 * (k - _NIBBLES_LO))) & np.uint64(15)


@BatchKernel
def _encode_runs_kernel(deals, bids, cards, kinds, flags, tricks, check_play, out, bad):  # type: ignore[no-untyped-def]
    for i in numba.prange(deals.shape[0]):
        f = deals[i, 0]
        m = deals[i, 1]
        r = deals[i, 2]
        s = deals[i, 3]
        b = np.uint8(0)
        if _hands_bad(f, m, r, s) != 0:
            b = np.uint8(1)
        w1 = np.uint64(0)
        for j in range(3):
            v = bids[i, j]
            if v < 0 or v >= _N_BIDS:
                b = np.uint8(1)
            w1 |= _rev(v, 7) << np.uint64(7 * j)
        for j in range(2):
            v = cards[i, j]
            if v < 0 or v > 31:
                b = np.uint8(1)
            w1 |= _rev(v, 5) << np.uint64(21 + 5 * j)
        if kinds[i] < 0 or kinds[i] >= _N_KINDS:
            b = np.uint8(1)
        w1 |= _rev(kinds[i], 3) << np.uint64(31)
        for j in range(4):
            if flags[i, j]:
                w1 |= np.uint64(1) << np.uint64(34 + j)
        tlo = np.uint64(0)
        thi = np.uint64(0)
        if tricks[i, 0, 0] < 0:
            for t in range(10):
                for j in range(3):
                    if tricks[i, t, j] != -1:
                        b = np.uint8(1)
        else:
            hands = (f, m, r)
            for j in range(3):
                hand = hands[j]
                played = np.uint64(0)
                for t in range(10):
                    c = tricks[i, t, j]
                    if c < 0 or c > 31 or not (hand >> np.uint64(c)) & np.uint64(1):
                        b = np.uint8(1)
                        c = 0
                    bit = np.uint64(1) << np.uint64(c)
                    played |= bit
                    tlo, thi = _with_nibble(tlo, thi, 3 * t + j, _rev(popcount(hand & (bit - np.uint64(1))), 4))
                if check_play and played != hand:
                    b = np.uint8(1)
            if tlo == 0 and thi == 0:
                b = np.uint8(1)
        out[i, 0] = deal_id_mask(f, m, r, s)
        out[i, 1] = w1 | (tlo << np.uint64(38))
        out[i, 2] = (tlo >> np.uint64(26)) | (thi << np.uint64(38))
        out[i, 3] = thi >> np.uint64(26)
        bad[i] = b


@BatchKernel
def _decode_runs_kernel(words, check_play, deals, bids, cards, kinds, flags, tricks, bad):  # type: ignore[no-untyped-def]
    for i in numba.prange(words.shape[0]):
        w1 = words[i, 1]
        w2 = words[i, 2]
        w3 = words[i, 3]
        b = np.uint8(0)
        if _id_bad(words[i, 0]) != 0:
            b = np.uint8(1)
        f, m, r, s = deal_masks(words[i, 0])
        deals[i, 0] = f
        deals[i, 1] = m
        deals[i, 2] = r
        deals[i, 3] = s
        for j in range(3):
            v = _field(w1, 7 * j, 7)
            if v >= _N_BIDS:
                b = np.uint8(1)
            bids[i, j] = v
        for j in range(2):
            cards[i, j] = _field(w1, 21 + 5 * j, 5)
        kind = _field(w1, 31, 3)
        if kind >= _N_KINDS:
            b = np.uint8(1)
        kinds[i] = kind
        for j in range(4):
            flags[i, j] = (w1 >> np.uint64(34 + j)) & np.uint64(1) != 0
        if w3 >> np.uint64(222 - 192) != 0:
            b = np.uint8(1)
        tlo = (w1 >> np.uint64(38)) | (w2 << np.uint64(26))
        thi = ((w2 >> np.uint64(38)) | (w3 << np.uint64(26))) & np.uint64(_THI_MASK)
        if tlo == 0 and thi == 0:
            tricks[i, :, :] = -1
        else:
            hands = (f, m, r)
            for j in range(3):
                hand = hands[j]
                played = 0
                for t in range(10):
                    index = np.int64(_rev(_nibble(tlo, thi, 3 * t + j), 4))
                    if index > 9:
                        b = np.uint8(1)
                        tricks[i, t, j] = -1
                    else:
                        tricks[i, t, j] = select_bit(hand, index)
                        played |= 1 << index
                if check_play and played != 0x3FF:
                    b = np.uint8(1)
        bad[i] = b


@dataclass(frozen=True, eq=False)
class RunArrays:
    """Game runs as columns: row ``i`` of every array is run ``i`` (see the module docstring)."""

    deals: np.ndarray
    bids: np.ndarray
    skat_cards: np.ndarray
    kinds: np.ndarray
    flags: np.ndarray
    tricks: np.ndarray

    def __len__(self) -> int:
        return int(self.deals.shape[0])

    @classmethod
    def from_runs(cls, runs: Iterable[GameRun]) -> RunArrays:
        """Columns of :class:`GameRun` objects (hands in any order: the tricks become card numbers)."""
        rs = list(runs)
        n = len(rs)
        tricks = np.full((n, 10, 3), -1, dtype=np.int8)
        for i, run in enumerate(rs):
            for t in range(len(run.tricks)):
                tricks[i, t] = run.trick_cards(t)
        return cls(
            np.array([r.game.masks() for r in rs], dtype=np.uint64).reshape(n, 4),
            np.array([r.bids for r in rs], dtype=np.uint8).reshape(n, 3),
            np.array([r.skat_cards for r in rs], dtype=np.uint8).reshape(n, 2),
            np.array([r.kind for r in rs], dtype=np.uint8).reshape(n),
            np.array([r.flags for r in rs], dtype=bool).reshape(n, 4),
            tricks,
        )

    def run(self, i: int, *, check_play: bool = True) -> GameRun:
        """Row ``i`` as a :class:`GameRun` (hands in card order, so trick indices are positions in them).

        Raises :class:`InvalidCardsError` if the row is not a run, as :func:`encode_runs` would.
        """
        game = Game.from_masks([int(v) for v in np.asarray(self.deals)[i]])
        hands = (game.front, game.middle, game.rear)
        cards = [[int(c) for c in trick] for trick in np.asarray(self.tricks)[i]]
        tricks: tuple[tuple[int, ...], ...] = ()
        if any(c < 0 for trick in cards for c in trick):
            if any(c != -1 for trick in cards for c in trick):
                raise InvalidCardsError("tricks must be 10 x 3 card numbers, or all -1 for a run without tricks")
        else:
            for t, trick in enumerate(cards):
                for j, c in enumerate(trick):
                    if c not in hands[j]:
                        raise InvalidCardsError(f"trick {t + 1}: card {c} is not in the hand of {STACKS[j]}")
            tricks = tuple(tuple(hands[j].index(c) for j, c in enumerate(trick)) for trick in cards)
        hand, ouvert, hand_announced, ouvert_announced = (bool(v) for v in np.asarray(self.flags)[i])
        return GameRun(
            game,
            tuple(int(v) for v in np.asarray(self.bids)[i]),  # type: ignore[arg-type]
            tuple(int(v) for v in np.asarray(self.skat_cards)[i]),  # type: ignore[arg-type]
            int(np.asarray(self.kinds)[i]),
            hand=hand,
            ouvert=ouvert,
            hand_announced=hand_announced,
            ouvert_announced=ouvert_announced,
            tricks=tricks,  # type: ignore[arg-type]
            check_play=check_play,
        )

    def to_runs(self, *, check_play: bool = True) -> list[GameRun]:
        return [self.run(i, check_play=check_play) for i in range(len(self))]


def _column(a: object, name: str, shape: tuple[int, ...], default: int = 0) -> np.ndarray:
    """``a`` as a C-contiguous ``int8`` array of ``shape`` (``None``: filled with ``default``).

    No field holds a value outside -1..72, so values beyond ``int8`` are clipped to -128 or 127,
    which stay invalid for every field: the kernel still finds the first bad row.
    """
    if a is None:
        return np.full(shape, default, dtype=np.int8)
    arr = np.asarray(a)
    if arr.size == 0 and shape[0] == 0:  # no rows: ``[]`` reads as float64 of shape (0,)
        arr = np.empty(shape, dtype=np.int8)
    if arr.dtype == bool and name != "flags":
        raise InvalidCardsError(f"{name} must be integers, got booleans")
    if arr.dtype.kind not in "biu":
        raise InvalidCardsError(f"{name} must be integers, got dtype {arr.dtype}")
    if arr.shape != shape:
        raise InvalidCardsError(f"{name} must have shape {shape}, got {arr.shape}")
    if arr.dtype.kind != "b" and arr.dtype.itemsize > 1 or arr.dtype == np.uint8:
        arr = np.clip(arr, -128 if arr.dtype.kind == "i" else 0, 127)
    return np.ascontiguousarray(arr, dtype=np.int8)


def encode_runs(runs: RunArrays, *, check_play: bool = True, out: np.ndarray | None = None) -> np.ndarray:
    """Run ids of :class:`RunArrays` as ``(n, 4)`` ``np.uint64`` words (word 0 is the deal id).

    Row ``i`` equals :func:`~bitcards.skat.ids.encode_run` of ``runs.run(i)`` split into words. The
    first row that is not a representable run raises :class:`InvalidCardsError` naming it and why
    (as :class:`GameRun` says it). ``check_play=False`` allows tricks that play a card more than once.
    A column given as ``None`` is the default: zeros, and no tricks. The tricks column needs a signed
    dtype to hold -1. ``out`` reuses a buffer.

    >>> from bitcards.skat.ids import decode_deals, encode_deal
    >>> deals = decode_deals([encode_deal([0x3FF, 0xFFC00, 0x3FF00000, 0xC0000000])] * 2)
    >>> words = encode_runs(RunArrays(deals, [[1, 0, 0], [1, 0, 0]], [[30, 31], [30, 31]], [5, 5], [[0] * 4] * 2,
    ...                                np.full((2, 10, 3), -1)))
    >>> format_run_ids(words)
    ['AABQVVWqqvpAAOD9Ag==', 'AABQVVWqqvpAAOD9Ag==']
    >>> encode_runs(RunArrays(deals, [[1, 0, 0], [99, 0, 0]], [[30, 31], [30, 31]], [5, 5], [[0] * 4] * 2,
    ...                       np.full((2, 10, 3), -1)))
    Traceback (most recent call last):
    ...
    bitcards.errors.InvalidCardsError: row 1: bid of front is 99: bids are indices 0..72 into BID_TABLE ...
    """
    deals = as_ids(runs.deals, "deals")
    if deals.ndim != 2 or deals.shape[1] != 4:
        raise InvalidCardsError(f"deals must have shape (n, 4) (front, middle, rear, skat), got {deals.shape}")
    n = deals.shape[0]
    shapes = {"bids": (n, 3), "skat_cards": (n, 2), "kinds": (n,), "flags": (n, 4), "tricks": (n, 10, 3)}
    given = {name: getattr(runs, name) for name in shapes}
    cols = {name: _column(a, name, shapes[name], -1 if name == "tricks" else 0) for name, a in given.items()}
    res = _words_out(out, n)
    bad = np.empty(n, dtype=np.uint8)
    _encode_runs_kernel(n, deals, cols["bids"], cols["skat_cards"], cols["kinds"], cols["flags"] != 0, cols["tricks"],
                        bool(check_play), res, bad)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        # the reason in GameRun's words, from the values as given (the kernel saw them narrowed)
        shown = RunArrays(deals, **{name: cols[name] if a is None else a for name, a in given.items()})
        try:
            shown.run(i, check_play=check_play)
        except InvalidCardsError as e:
            raise InvalidCardsError(f"row {i}: {e}", row=i) from None
        raise InvalidCardsError(f"row {i}: not a representable run", row=i)  # pragma: no cover - kernel and GameRun agree
    return res


def _words_out(out: np.ndarray | None, n: int) -> np.ndarray:
    if out is None:
        return np.empty((n, 4), dtype=np.uint64)
    if not isinstance(out, np.ndarray) or out.dtype != np.uint64 or out.shape != (n, 4) or not out.flags.c_contiguous:
        raise TypeError(f"out must be a C-contiguous np.uint64 array of shape {(n, 4)}")
    return out


def _as_words(words: object) -> np.ndarray:
    try:
        w = as_ids(words, "run id words")
    except InvalidCardsError as e:
        raise CodecError(f"run ids are non-negative 64-bit words: {e}") from None
    if w.ndim != 2 or w.shape[1] != 4:
        raise CodecError(f"run ids must have shape (n, 4) (four 64-bit words each), got {w.shape}")
    return w


def decode_runs(words: object, *, check_play: bool = True) -> RunArrays:
    """:class:`RunArrays` of ``(n, 4)`` run-id words; the first id that is not a run raises :class:`CodecError`.

    Columns come back as ``uint64`` deals, ``uint8`` bids, skat cards and kinds, ``bool`` flags and
    ``int8`` tricks: card numbers, all ``-1`` for a run without tricks. ``check_play=False`` accepts
    tricks that do not play every card exactly once, as :func:`~bitcards.skat.ids.decode_run` does.

    >>> decode_runs(np.zeros((1, 4), dtype=np.uint64))
    Traceback (most recent call last):
    ...
    bitcards.errors.CodecError: row 0: run id 0x0 is not a game run: card 10 (R9) would be the 11th card of front
    """
    w = _as_words(words)
    runs, bad = decode_run_words(w, check_play)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        x = _to_int(w[i])
        try:
            decode_run(x, check_play=check_play)
        except CodecError as e:
            raise CodecError(f"row {i}: {e}") from None
        raise CodecError(f"row {i}: run id {x:#x} is not valid")  # pragma: no cover - kernel and decode_run agree
    return runs


def decode_run_words(w: np.ndarray, check_play: bool) -> tuple[RunArrays, np.ndarray]:
    """The columns of ``(n, 4)`` run-id words, and per row 0 or a non-zero code if the row is not a
    run: the unchecked form of :func:`decode_runs`, for a caller that reports bad rows itself."""
    n = w.shape[0]
    deals = np.empty((n, 4), dtype=np.uint64)
    bids = np.empty((n, 3), dtype=np.uint8)
    cards = np.empty((n, 2), dtype=np.uint8)
    kinds = np.empty(n, dtype=np.uint8)
    flags = np.empty((n, 4), dtype=bool)
    tricks = np.empty((n, 10, 3), dtype=np.int8)
    bad = np.empty(n, dtype=np.uint8)
    _decode_runs_kernel(n, w, bool(check_play), deals, bids, cards, kinds, flags, tricks, bad)
    return RunArrays(deals, bids, cards, kinds, flags, tricks), bad


def _to_int(row: np.ndarray) -> int:
    return sum(int(v) << (64 * k) for k, v in enumerate(row))


def run_ids_to_ints(words: object) -> list[int]:
    """Run-id words as Python ints (the form :func:`~bitcards.skat.ids.decode_run` takes)."""
    return [_to_int(row) for row in _as_words(words)]


def ints_to_run_ids(ids: Iterable[int]) -> np.ndarray:
    """Python-int run ids (as :func:`~bitcards.skat.ids.encode_run` returns) as ``(n, 4)`` words."""
    rows = []
    for i, x in enumerate(ids):
        if isinstance(x, bool) or not isinstance(x, (int, np.integer)):
            raise TypeError(f"row {i}: a run id is an int, got {type(x).__name__}")
        v = int(x)
        if v < 0 or v >> 256:
            raise CodecError(f"row {i}: a run id is a non-negative integer below 2**256, got {v}")
        rows.append([(v >> (64 * k)) & 0xFFFFFFFFFFFFFFFF for k in range(4)])
    return np.array(rows, dtype=np.uint64).reshape(-1, 4)


def format_run_ids(words: object, *, check: bool = True) -> list[str]:
    """Base64 run ids (Java's ``computeId()``) of ``(n, 4)`` words, without a Python loop per id.

    A Numba kernel writes every id's padded Base64 into one newline-separated buffer, which one
    ``decode().split()`` turns into strings. With ``check`` the ids are validated first as any stored
    run (:func:`decode_runs` with ``check_play=False``, the form :func:`~bitcards.skat.ids.format_run_id` writes).

    >>> format_run_ids(np.array([[0xFAAAAA5555500000, 0, 0, 0]], dtype=np.uint64))
    ['AABQVVWqqvo=']
    """
    w = _as_words(words)
    if check:
        decode_runs(w, check_play=False)
    return b64_encode_rows(w)


def parse_run_ids(texts: Iterable[str] | Sequence[str], *, check_play: bool = True) -> np.ndarray:
    """``(n, 4)`` words of Base64 run ids, read as :func:`~bitcards.skat.ids.parse_run_id` reads one.

    The texts are joined into one buffer and decoded by a Numba kernel (Java's Base64 rules), then
    validated in one more kernel pass (:func:`decode_runs`): Python only checks each is an ASCII
    ``str`` and joins them. A NumPy bytes array (``S`` dtype) works too. The first bad id raises
    :class:`CodecError` naming its row and the reason.

    >>> [hex(v) for v in parse_run_ids(["AABQVVWqqvo=", "AABQVVWqqvpAAOD9Ag=="])[:, 1]]
    ['0x0', '0x2fde00040']
    >>> parse_run_ids(["AABQVVWqqvo=", "AABQ VVWqqvo="])
    Traceback (most recent call last):
    ...
    bitcards.errors.CodecError: row 1: run id 'AABQ VVWqqvo=' is not Base64: character ' ' at position 5 ...
    """
    if isinstance(texts, np.ndarray) and texts.dtype.kind == "S":
        items: list[object] = [t.decode("latin-1") for t in texts.reshape(-1).tolist()]
    else:
        items = texts if isinstance(texts, list) else list(texts)
    n = len(items)
    if n == 0:
        return np.empty((0, 4), dtype=np.uint64)
    try:
        joined = "\n".join(items)  # type: ignore[arg-type]
    except TypeError:
        joined = ""
    if not joined.isascii() or joined.count("\n") != n - 1:  # a text that is not one line of ASCII, or not a str
        odd = next(i for i, t in enumerate(items) if not isinstance(t, str) or not t.isascii() or "\n" in t)
        for i in range(odd + 1):  # it is bad, but an earlier row may be bad first
            _raise_parse_error(items, i, check_play, only_if_bad=True)
    raw = joined.encode("ascii")
    if not raw:  # one empty text
        _raise_parse_error(items, 0, check_play)
    buf = np.frombuffer(raw, dtype=np.uint8)
    starts, ends = _line_bounds(buf, n)
    words, bad = b64_decode_rows(buf, starts, ends, 4)
    bad |= decode_run_words(words, check_play)[1]
    if bad.any():
        _raise_parse_error(items, int(np.flatnonzero(bad)[0]), check_play)
    return words


def _raise_parse_error(items: Sequence[object], i: int, check_play: bool, only_if_bad: bool = False) -> None:
    """Raise :func:`~bitcards.skat.ids.parse_run_id`'s error for row ``i``, naming the row (``only_if_bad``:
    return quietly if the row is good)."""
    try:
        parse_run_id(items[i], check_play=check_play)  # type: ignore[arg-type]
    except (CodecError, TypeError) as e:
        raise type(e)(f"row {i}: {e}") from None
    if not only_if_bad:
        raise CodecError(f"row {i}: run id {items[i]!r} is not valid")  # pragma: no cover - parse_run_id agrees


@warmup_task
def _warm() -> None:
    w = np.zeros((1, 4), dtype=np.uint64)
    w[0, 0] = 0xFAAAAA5555500000
    runs = decode_runs(w)
    bad = np.empty(1, dtype=np.uint8)
    cols = (runs.deals, runs.bids, runs.skat_cards, runs.kinds, runs.flags, runs.tricks)
    _decode_runs_kernel.warm(w, True, *(np.empty_like(a) for a in cols), bad)
    ints = (_column(a, "", a.shape) for a in (runs.bids, runs.skat_cards, runs.kinds))
    _encode_runs_kernel.warm(runs.deals, *ints, runs.flags, _column(runs.tricks, "", runs.tricks.shape), True, w.copy(), bad)
