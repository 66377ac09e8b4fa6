"""Perfect-information (open-hand) Jass: the card points each team takes under best play.

:func:`solve` takes the four hands (9 cards each, or equal smaller hands: a position at a
trick boundary), the contract (``d h s c`` trump, ``o`` Obenabe, ``u`` Undenufe) and the
leader, and returns the card points of team 0 (seats 0 and 2) and team 1 (seats 1 and 3)
from there on when both sides play perfectly with all cards seen, the last trick's 5
points included (no match bonus: a team taking every trick scores the 157 card points,
not 257). It also gives the value of every legal lead for the side to move: the points
that side takes if it leads that card. :func:`solve_many` does whole arrays of deals.

The search (:mod:`bitcards._trick_solver`, shared with Euchre) is alpha-beta over card
masks with zero-window probes (the exact points by halving the range), a transposition
table of :data:`TT_ENTRIES` entries (16 bytes each: 4 MiB, one per solve or per thread),
move ordering and equivalent-card merging. The rules are those of
:mod:`bitcards.jass.rules`: :func:`~bitcards.jass.rules.legal_mask`, the trick keys
(:func:`~bitcards.jass.rules.card_key`) and the card points table
:data:`~bitcards.jass.rules.POINTS`.

>>> from bitcards.jass import solve
>>> r = solve(["hJ h9", "hA hK", "s6 s7", "sA sK"], "h", leader=0)
>>> r.points, r.values
((69, 0), {'h9': 69, 'hJ': 69})
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numba
import numpy as np

from bitcards import _trick_solver
from bitcards._jit import warmup_task
from bitcards._memory import check_memory
from bitcards._parallel import BatchKernel, block_rows, blocks
from bitcards._trick_solver import (
    JASS,
    NO_CACHE,
    best_and_losses,
    card_values_dict,
    check_hands,
    check_seat,
    column,
    future_max,
    make_ctx,
    new_buf,
    next_generation,
    popcounts,
    solve_boundary,
)
from bitcards.errors import InvalidCardsError, PositionError
from bitcards.jass.rules import CONTRACT_NAMES, format_contract, parse_contract

__all__ = ["TT_BITS", "TT_ENTRIES", "SolveResult", "solve", "solve_many", "new_table"]

#: a transposition table has 2**TT_BITS entries of 16 bytes (4 MiB)
TT_BITS = 18
TT_ENTRIES = 1 << TT_BITS


@dataclass(frozen=True)
class SolveResult:
    """A Jass position under best play by both sides, all hands open.

    ``points``: the card points team 0 (seats 0 and 2) and team 1 (seats 1 and 3) take
    from this position on, the last trick's 5 included. ``to_move``: the seat to lead.
    ``values``: for each legal card of that seat (text), the points *its* team takes if it
    leads that card (higher is better); :attr:`best` and :attr:`losses` read them.
    """

    contract: str
    to_move: int
    points: tuple[int, int]
    values: dict[str, int] = field(default_factory=dict)

    @property
    def best(self) -> list[str]:
        """The best leads for the side to move."""
        return best_and_losses(self.values)[0]

    @property
    def losses(self) -> dict[str, int]:
        """The points each legal lead loses against the best one (0 for a best card)."""
        return best_and_losses(self.values)[1]

    def __str__(self) -> str:
        name = CONTRACT_NAMES["dhscou".index(self.contract)]
        return f"{self.contract} ({name}): team 0 takes {self.points[0]}, team 1 takes {self.points[1]}"


def new_table() -> np.ndarray:
    """A transposition table for :func:`solve` (:data:`TT_ENTRIES` entries, 4 MiB)."""
    check_memory((TT_ENTRIES + 1) * 16, "a solver transposition table", "free some memory")
    return _trick_solver.new_table(TT_BITS)


def solve(
    hands: Sequence[object],
    contract: int | str,
    leader: int = 0,
    *,
    values: bool = True,
    table: np.ndarray | None = None,
) -> SolveResult:
    """Solve a Jass position at a trick boundary with all hands open; see the module docstring.

    ``hands``: the cards of seats 0..3 (any notation, equal sizes, at most 9); ``contract``:
    a letter ``d h s c o u``, a name or a code 0..5. ``values``: also the value of each legal
    lead. ``table``: a table from :func:`new_table` to reuse across calls.
    Bad input raises :class:`~bitcards.errors.PositionError` (a card in two hands, unequal
    hands) or a ``ParseError`` (unknown card or contract).
    """
    ct = parse_contract(contract)
    ld = check_seat(leader, "the leader")
    masks = check_hands(hands, "jass", 9)
    tt = new_table() if table is None else table
    if tt.dtype != np.uint64 or tt.shape != (TT_ENTRIES + 1, 2):
        raise TypeError("table must come from bitcards.jass.solver.new_table()")
    ctx = make_ctx(JASS, ct, -1, *masks)
    next_generation(ctx, tt)
    rem = np.uint64(sum(masks))
    total = int(future_max(ctx, rem, np.uint64(0)))
    ours = int(solve_boundary(ctx, tt, new_buf(), rem, np.int64(ld)))
    vals = card_values_dict(ctx, tt, int(rem), ld, "jass", total) if values else {}
    return SolveResult(format_contract(ct), ld, (ours, total - ours), vals)


def _solve_many_kernel(hands, contracts, leaders, result):  # type: ignore[no-untyped-def]
    n = hands.shape[0]
    for blk in numba.prange(blocks(n)):
        lo, hi = block_rows(blk, n)
        tt = np.zeros((TT_ENTRIES + 1, 2), dtype=np.uint64)
        buf = np.zeros((40, 32), dtype=np.int64)
        for i in range(lo, hi):
            h = hands[i]
            ctx = make_ctx(JASS, contracts[i], -1, h[0], h[1], h[2], h[3])
            next_generation(ctx, tt)
            rem = h[0] | h[1] | h[2] | h[3]
            result[i] = solve_boundary(ctx, tt, buf, rem, leaders[i])


_solve_many = BatchKernel(_solve_many_kernel, cache=NO_CACHE)


def solve_many(hands: object, contracts: object, leaders: object = 0) -> np.ndarray:
    """Team 0's card points (seats 0 and 2, the last trick's 5 included) under best play, for arrays of positions.

    ``hands``: ``(n, 4)`` masks (equal hand sizes per row, at most 9, no card twice);
    ``contracts`` (codes 0..5: ``d h s c o u``) and ``leaders``: one value or one per row.
    Returns ``int64``; team 1 takes the rest. One transposition table per block of rows;
    every answer is exact, so results do not depend on the thread count.
    """
    h = np.asarray(hands)
    if h.dtype.kind not in "iu":
        raise TypeError(f"hands must be an integer array of masks, not dtype {h.dtype}")
    if h.ndim != 2 or h.shape[1] != 4:
        raise InvalidCardsError(f"hands must have shape (n, 4), got {h.shape}")
    h = np.ascontiguousarray(h.astype(np.uint64))
    n = h.shape[0]
    if isinstance(contracts, str):
        contracts = parse_contract(contracts)
    ct = column(contracts, n, "contract", 0, 5)
    ld = column(leaders, n, "leader", 0, 3)
    if n:
        deck = np.uint64((1 << 36) - 1)
        counts = popcounts(h)
        union = np.bitwise_or.reduce(h, axis=1)
        total = popcounts(union)
        ok = (counts == counts[:, :1]).all(axis=1) & (counts[:, 0] >= 1) & (counts[:, 0] <= 9)
        ok &= (total == counts.sum(axis=1)) & ~(h & ~deck).any(axis=1)
        if not ok.all():
            i = int(np.flatnonzero(~ok)[0])
            raise PositionError(f"row {i}: not a position (four equal hands of 1 to 9 Jass cards, no card twice)")
    tables = min(blocks(n), max(1, numba.get_num_threads()))
    check_memory(tables * (TT_ENTRIES + 1) * 16, "solver transposition tables", "use fewer threads")
    result = np.zeros(n, dtype=np.int64)
    _solve_many(n, h, ct, ld, result)
    return result


@warmup_task
def _warm() -> None:
    solve(["hJ h9", "hA hK", "s6 s7", "sA sK"], "h", 0)
    solve_many(np.array([[1, 2, 4, 8]], dtype=np.uint64), 0, 0)
