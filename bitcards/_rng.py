"""Counter-based random streams for kernels.

Row ``i`` of any seeded kernel draws from its own stream, keyed by the seed
and ``i`` only, so a result never depends on the thread count or on how the
rows were split into chunks. A stream is SplitMix64 (Steele, Lea and Flood,
2014) started at ``mix64(key ^ mix64(i))``.

Ranged draws are batched (Brackett-Rozinsky and Lemire, 2024): one 64-bit
number yields several draws ``x * n1``, ``frac * n2``, ... by multiply-high, and
the batch is redrawn in the rare case that would make it biased, so every draw
is exactly uniform.
"""

from __future__ import annotations

import secrets

import numpy as np

from bitcards._bits import add64, mix64, mulhi64
from bitcards._jit import njit
from bitcards.errors import InvalidCardsError

GAMMA = np.uint64(0x9E3779B97F4A7C15)
_M64 = (1 << 64) - 1


def check_rows(start: int, n: int) -> None:
    """Refuse rows ``start .. start + n - 1`` that are negative or beyond a stream's 2**63 rows (rows are int64).

    >>> check_rows(2**63 - 10, 20)
    Traceback (most recent call last):
    ...
    bitcards.errors.InvalidCardsError: rows 9223372036854775798..9223372036854775817 are beyond the stream's 2**63 rows
    """
    if n < 0 or start < 0:
        raise InvalidCardsError(f"n and start must be >= 0, got n={n}, start={start}")
    if int(start) + int(n) >= 1 << 63:
        raise InvalidCardsError(f"rows {start}..{int(start) + int(n) - 1} are beyond the stream's 2**63 rows")


def seed_key(seed: int | None) -> tuple[int, int]:
    """``(seed, key)``: the seed actually used (fresh entropy if ``None``) and its 64-bit key."""
    if seed is None:
        seed = secrets.randbits(63)
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    s = int(seed)
    # fold any size of int into 64 bits, keeping distinct small seeds distinct
    key = 0
    while True:
        key = mix64(key ^ (s & _M64) ^ 0x5EED)
        s >>= 64
        if s in (0, -1):
            break
    if s == -1:  # a negative seed: its two's-complement words alone equal those of a positive one (-1 and 2**64 - 1)
        key = mix64(key ^ 0x5EED ^ 0xD1CE)
    return int(seed), key


@njit(inline="always")
def row_state(key, row):  # type: ignore[no-untyped-def]
    """Starting state of row ``row``'s stream."""
    return mix64(np.uint64(key) ^ mix64(add64(mulhi64(np.uint64(row), GAMMA)[1], 1)))  # row * GAMMA + 1, wrapping


@njit(inline="always")
def next_u64(state):  # type: ignore[no-untyped-def]
    """One SplitMix64 step: ``(new_state, output)``."""
    s = np.uint64(add64(state, GAMMA))
    return s, mix64(s)


#: Lemire's rejection threshold ``2**64 mod k`` for a uniform draw in [0, k)
_THRESH = np.array([0] + [(1 << 64) % k for k in range(1, 65)], dtype=np.uint64)


@njit(inline="always")
def draw_state(state, k):  # type: ignore[no-untyped-def]
    """``(state, j)``: a uniform ``j`` in ``[0, k)`` (``1 <= k <= 64``) and the stream's next state.

    Lemire's multiply-high method on one 64-bit output, with exact rejection (the
    low half below ``2**64 mod k``), so every value is exactly equally likely.
    """
    while True:
        state, x = next_u64(state)
        hi, lo = mulhi64(x, np.uint64(k))
        if lo >= _THRESH[k]:
            return state, np.int64(hi)


@njit(inline="always")
def draw_state_skip1(state, k):  # type: ignore[no-untyped-def]
    """``(state, j)`` as :func:`draw_state`, except that ``k == 1`` draws nothing (``j = 0``, the
    stream stays where it was).

    The same results as ``(state, 0) if k == 1 else draw_state(state, k)``, without that branch:
    in a playout whether a player has one legal action or several is not predictable, and a
    mispredicted branch costs more than the draw. The number is always computed; the stream
    advances (a select, not a jump) when ``k != 1``. The rare rejection redraws from ``state``.
    """
    s1, x = next_u64(state)
    hi, lo = mulhi64(x, np.uint64(k))
    if lo < _THRESH[k]:
        return draw_state(state, k)
    out = state if k == 1 else s1
    return out, np.int64(hi)
