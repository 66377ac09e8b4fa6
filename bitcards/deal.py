"""Seeded dealing: uniform random deals as arrays of hand masks.

``deal(n, game, seed)`` returns an ``(n, k)`` array of ``np.uint64`` masks,
one column per hand:

============  ===========================================  =====
game          columns                                      sizes
============  ===========================================  =====
``skat``      front, middle, rear, skat                    10 10 10 2
``jass``      player 1, 2, 3, 4                             9 9 9 9
``euchre``    player 1, 2, 3, 4, kitty                      5 5 5 5 4
``cribbage``  player 1, player 2, starter                   6 6 1
============  ===========================================  =====

Row ``i`` depends only on ``seed`` and ``start + i``: the same seed gives the
same deals whatever the thread count and however the rows are split into
chunks (``deal(10, g, s)[5:]`` equals ``deal(5, g, s, start=5)``).

Each card is drawn uniformly from the cards not yet dealt (a partial
Fisher-Yates shuffle on a mask): a ranged draw picks the rank ``j`` among the
``r`` remaining cards and ``select_mask`` (one PDEP where the CPU has it)
finds the card. The draws are batched: one 64-bit random number serves up to
13 of them, exactly uniformly (see ``_batches``).

>>> d = deal(3, "skat", seed=7)
>>> d.shape, d.dtype.name
((3, 4), 'uint64')
>>> [int(x).bit_count() for x in d[0]]
[10, 10, 10, 2]
>>> bool((d[:, 0] | d[:, 1] | d[:, 2] | d[:, 3] == 0xFFFFFFFF).all())
True
>>> bool((deal(2, "skat", seed=7, start=1) == d[1:]).all())
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numba
import numpy as np

from bitcards._bits import mulhi64, select_mask
from bitcards._jit import njit, warmup_task
from bitcards._memory import empty
from bitcards._parallel import BatchKernel
from bitcards._rng import check_rows, next_u64, row_state, seed_key
from bitcards.errors import InvalidCardsError, shorten
from bitcards.layouts import Layout

__all__ = ["DealSpec", "DEAL_SPECS", "deal", "deal_spec"]


@dataclass(frozen=True)
class DealSpec:
    """How a game deals: the layout, the hand names and their sizes."""

    game: str
    layout: Layout
    columns: tuple[str, ...]
    sizes: tuple[int, ...]
    #: the order in which hands are drawn; when a deal uses the whole deck the
    #: last hand drawn is the cards left over, so it is the largest
    draw_order: tuple[int, ...]

    @property
    def dealt(self) -> int:
        return sum(self.sizes)


def _specs() -> dict[str, DealSpec]:
    from bitcards.games import GAMES

    return {
        g.name: DealSpec(g.name, g.layout, g.deal_columns, g.deal_sizes, g.draw_order) for g in GAMES.values()
    }


#: how each game of :data:`bitcards.GAMES` deals
DEAL_SPECS: dict[str, DealSpec] = _specs()


def deal_spec(game: str) -> DealSpec:
    try:
        return DEAL_SPECS[str(game).lower()]
    except KeyError:
        raise InvalidCardsError(f"cannot deal {shorten(game)}; games: {', '.join(DEAL_SPECS)}") from None


def _batches(n_cards: int, n_draws: int) -> np.ndarray:
    """Group the draws' ranges ``n_cards, n_cards - 1, ...`` into batches whose product fits 64 bits.

    Row b: first draw, last draw + 1, the product P mod 2**64, and 2**64 mod P.
    One 64-bit number x serves a whole batch: each draw is the high word of
    ``x * r`` and x becomes the low word. The low word left at the end is
    ``x * P mod 2**64``, and accepting x only when it is ``>= 2**64 mod P``
    (Lemire's test) makes every combination of the batch's draws equally likely
    (Brackett-Rozinsky and Lemire, "Batched ranged random integer generation", 2024).
    """
    rows = []
    t = 0
    while t < n_draws:
        prod = 1
        end = t
        while end < n_draws and prod * (n_cards - end) <= 1 << 64:
            prod *= n_cards - end
            end += 1
        rows.append((t, end, prod % (1 << 64), (1 << 64) % prod))
        t = end
    return np.array(rows, dtype=np.uint64).reshape(-1, 4)


@njit(inline="always")
def _deal_row(out, i, row, key, n_cards, sizes, order, batches):  # type: ignore[no-untyped-def]
    """Deal row ``row`` of the stream into ``out[i]``.

    ``sizes[h]`` is the size of the h-th hand drawn and ``order[h]`` its column.
    """
    n_hands = sizes.shape[0]
    state = row_state(key, np.uint64(row))
    rem = (np.uint64(1) << np.uint64(n_cards)) - np.uint64(1)
    h = 0
    left = sizes[0]
    m = np.uint64(0)
    for b in range(batches.shape[0]):
        prod = batches[b, 2]
        thresh = batches[b, 3]
        while True:
            state, x = next_u64(state)
            if mulhi64(x, prod)[1] >= thresh:  # the low word of x * prod
                break
        for t in range(np.int64(batches[b, 0]), np.int64(batches[b, 1])):
            d, x = mulhi64(x, np.uint64(n_cards - t))
            bit = select_mask(rem, d)
            rem ^= bit
            m |= bit
            left -= 1
            if left == 0:
                out[i, order[h]] = m
                m = np.uint64(0)
                h += 1
                if h < n_hands:
                    left = sizes[h]
    if h < n_hands:
        out[i, order[n_hands - 1]] = rem


def _deal_rows(n, start, key, n_cards, sizes, order, batches, out):  # type: ignore[no-untyped-def]
    for i in numba.prange(n):
        _deal_row(out, i, start + i, key, n_cards, sizes, order, batches)


_deal_batch = BatchKernel(_deal_rows)


def deal(
    n: int,
    game: str,
    seed: int | None = None,
    *,
    start: int = 0,
    out: np.ndarray | None = None,
) -> np.ndarray:
    """Deal ``n`` uniform random deals of ``game``: an ``(n, k)`` ``np.uint64`` array.

    Rows ``start .. start+n-1`` of the stream for ``seed`` (``None`` draws a
    fresh seed). See the module docstring for the columns. ``out`` is an
    optional C-contiguous ``(n, k)`` ``uint64`` buffer to fill (reuse one in a
    loop over chunks to avoid allocating).
    """
    spec = deal_spec(game)
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError(f"n must be an int, not {type(n).__name__}")
    check_rows(start, n)
    _, key = seed_key(seed)
    shape = (int(n), len(spec.sizes))
    if out is None:
        out = empty(shape, np.uint64, f"cannot hold {int(n):,} deals", "deal them in chunks (start=)")
    elif not isinstance(out, np.ndarray) or out.dtype != np.uint64:
        raise TypeError(f"out must be a numpy uint64 array, not {getattr(out, 'dtype', type(out).__name__)}")
    elif out.shape != shape or not out.flags.c_contiguous:
        raise InvalidCardsError(f"out must be a C-contiguous array of shape {shape}, got {out.shape}")
    order = np.array(spec.draw_order, dtype=np.int64)
    sizes = np.array([spec.sizes[c] for c in spec.draw_order], dtype=np.int64)
    dealt = spec.dealt
    # when every card is dealt the last hand drawn is simply what is left
    n_draws = dealt - int(sizes[-1]) if dealt == spec.layout.n_cards else dealt
    batches = _batches(spec.layout.n_cards, n_draws)
    _deal_batch(n, np.int64(n), np.int64(start), np.uint64(key), np.int64(spec.layout.n_cards), sizes, order, batches, out)
    return out


@warmup_task
def _warm() -> None:
    for g in DEAL_SPECS:
        deal(2, g, seed=0)
