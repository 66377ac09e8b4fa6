"""Perfect-information (open-hand) Euchre: the tricks each side takes under best play.

:func:`solve` takes the four hands (equal sizes, up to 5 cards: a position at a trick
boundary), the trump and the leader, and optionally a player going alone (whose partner's
hand sits out). It returns the tricks of each side (team 0 = seats 0 and 2) when both
sides play perfectly with all cards seen, and the value of every legal lead for the side
to move: the tricks that side takes if that card is led. :func:`solve_many` does whole
arrays of deals.

The search (:mod:`bitcards._trick_solver`, shared with Jass) is an alpha-beta over card masks
with a transposition table of :data:`TT_ENTRIES` entries (16 bytes each: 64 KiB, one per
solve or per thread), bounds from the top trumps, move ordering and equivalent-card merging;
Euchre's cards are searched in a layout of their own (a byte per suit, trumps on top, by
strength), so a trick's winner, the top trumps and the classes of equivalent cards are a few
bit operations, and the search is nested loops over each trick's lines (about 120,000 whole
deals a second on one core; a lead's value is the same search with that card led). The rules are
:func:`~bitcards.euchre.rules.legal_plays` and the card strengths of
:mod:`bitcards.euchre.rules`.

>>> from bitcards.euchre import solve
>>> r = solve(["Js Jc As", "Ah Kh Qh", "9s Ts Qs", "Ad Kd Qd"], "Spades", leader=0)
>>> r.tricks, r.values
((3, 0), {'Js': 3, 'As': 3, 'Jc': 3})
>>> solve(["Ah Kh", "9s 9c", "", "Qh Jh"], "Spades", leader=0, alone=0).tricks   # seat 0 alone: 2 is out
(0, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from bitcards import _trick_solver
from bitcards._jit import warmup_task
from bitcards._trick_solver import EUCHRE, OpenHandResult, check_hands, check_seat, column, popcounts, solve_position, solve_rows
from bitcards.batch import as_masks
from bitcards.errors import InvalidCardsError, PositionError
from bitcards.euchre.rules import as_trump, trump_name

__all__ = ["TT_BITS", "TT_ENTRIES", "SolveResult", "solve", "solve_many", "new_table", "needs_compile"]

#: a transposition table has 2**TT_BITS entries of 16 bytes (64 KiB)
TT_BITS = 12
TT_ENTRIES = 1 << TT_BITS


@dataclass(frozen=True, kw_only=True)
class SolveResult(OpenHandResult):
    """A Euchre position under best play by both sides, all hands open.

    ``tricks``: the tricks team 0 (seats 0 and 2) and team 1 (seats 1 and 3) take from this
    position on. ``to_move``: the seat to lead. ``values``: for each legal card of that seat
    (text), the tricks *its* side takes if it leads that card; :attr:`best` and :attr:`losses`
    (in tricks) read them.
    """

    trump: str
    alone: int | None
    tricks: tuple[int, int]

    def __str__(self) -> str:
        alone = f", seat {self.alone} alone" if self.alone is not None else ""
        return f"{self.trump}{alone}: team 0 takes {self.tricks[0]}, team 1 takes {self.tricks[1]}"


def solve(
    hands: Sequence[object],
    trump: int | str,
    leader: int = 0,
    *,
    alone: int | None = None,
    values: bool = True,
    table: np.ndarray | None = None,
) -> SolveResult:
    """Solve a Euchre position at a trick boundary with all hands open; see the module docstring.

    ``hands``: the cards of seats 0..3 (any notation, equal sizes, at most 5); ``alone``: the
    seat playing alone (its partner's hand is left out: give it empty or full). ``values``:
    also the value of each legal lead. ``table``: a table from :func:`new_table` to reuse.
    Bad input raises :class:`~bitcards.errors.PositionError` (a card in two hands, unequal
    hands, a leader sitting out) or a ``ParseError`` (unknown card or trump).
    """
    t = as_trump(trump)
    out = -1
    if alone is not None:
        out = (check_seat(alone, "the player going alone") + 2) % 4
    ld = check_seat(leader, "the leader")
    if ld == out:
        raise PositionError(f"seat {ld} sits out (its partner plays alone) and cannot lead")
    masks = check_hands(hands, "euchre", 5, out)
    total = max(m.bit_count() for m in masks)
    ours, vals = solve_position(EUCHRE, t, masks, ld, out, 3, table, TT_BITS, values)
    mine = {c: v if ld % 2 == 0 else total - v for c, v in vals.items()}
    alone_seat = None if alone is None else int(alone)
    return SolveResult(to_move=ld, values=mine, trump=trump_name(t), alone=alone_seat, tricks=(ours, total - ours))


def needs_compile(values: bool = True) -> bool:
    """Whether the next :func:`solve` (``values``: with the value of each lead, as by default) compiles the solver's
    kernels first, which takes a minute or two of one core once per install (then they load from the on-disk
    cache in a second); :func:`bitcards.warmup` compiles everything up front. Always ``False`` with the JIT off."""
    return _trick_solver.needs_compile(EUCHRE, values)


def new_table() -> np.ndarray:
    """A transposition table for :func:`solve` (:data:`TT_ENTRIES` entries, 64 KiB)."""
    return _trick_solver.new_table(TT_BITS)


def solve_many(hands: object, trumps: object, leaders: object = 0, alone: object = -1) -> np.ndarray:
    """Tricks team 0 (seats 0 and 2) takes under best play, for arrays of positions.

    ``hands``: ``(n, 4)`` masks (equal hand sizes per row, at most 5, no card twice);
    ``trumps`` (suits 0..3), ``leaders`` and ``alone`` (the seat going alone, -1 for none):
    one value or one per row. Returns ``int64``; team 1 takes the rest. One transposition
    table per block of rows; every answer is exact, so results do not depend on the thread count.

    >>> import bitcards
    >>> deals = bitcards.deal(3, "euchre", seed=1)[:, :4]
    >>> solve_many(deals, 2, 0).tolist() == [solve(d.tolist(), 2, 0, values=False).tricks[0] for d in deals]
    True
    """
    h = as_masks(hands, "hands")
    if h.ndim != 2 or h.shape[1] != 4:
        raise InvalidCardsError(f"hands must have shape (n, 4), got {h.shape}")
    n = h.shape[0]
    t = column(trumps, n, "trump", 0, 3)
    ld = column(leaders, n, "leader", 0, 3)
    al = column(alone, n, "alone", -1, 3)
    outs = np.where(al >= 0, (al + 2) % 4, -1).astype(np.int64)
    if n:
        if (h & ~np.uint64(0xFFFFFF)).any():
            i = int(np.flatnonzero((h & ~np.uint64(0xFFFFFF)).any(axis=1))[0])
            raise InvalidCardsError(f"row {i}: a mask has bits outside the euchre deck (0..23)", row=i)
        counts = popcounts(h)
        playing = counts.copy()
        rows = np.flatnonzero(outs >= 0)
        playing[rows, outs[rows]] = -1
        size = playing.max(axis=1)
        ok = ((playing == size[:, None]) | (playing < 0)).all(axis=1) & (size >= 1) & (size <= 5) & (ld != outs)
        ok[rows] &= (counts[rows, outs[rows]] == 0) | (counts[rows, outs[rows]] == size[rows])
        union = np.bitwise_or.reduce(h, axis=1)
        total = popcounts(union)
        ok &= total == counts.sum(axis=1)
        if not ok.all():
            i = int(np.flatnonzero(~ok)[0])
            raise PositionError(
                f"row {i}: not a position (equal hands of 1 to 5 cards, no card twice, the leader not sitting out)"
            )
    return solve_rows(EUCHRE, TT_BITS, h, t, ld, outs, np.full(n, 3, dtype=np.int64))


@warmup_task
def _warm() -> None:
    solve(["Js Jc As", "Ah Kh Qh", "9s Ts Qs", "Ad Kd Qd"], "Spades", 0)
    solve_many(np.array([[1, 2, 4, 8]], dtype=np.uint64), 0, 0)
