"""Perfect-information (open-hand) Jass: the card points each team takes under best play.

:func:`solve` takes the four hands (9 cards each, or equal smaller hands: a position at a
trick boundary), the contract (``d h s c`` trump, ``o`` Obenabe, ``u`` Undenufe) and the
leader, and returns the card points of team 0 (seats 0 and 2) and team 1 (seats 1 and 3)
from there on when both sides play perfectly with all cards seen: the card points, the
last trick's 5, and the match bonus (:data:`MATCH_BONUS`, 100: a team that takes every
trick of the deal scores 257; with ``earlier`` a position after some tricks knows whether
each team has already taken one). Both sides play for the difference of the two teams'
points, so a match is worth giving up card points for. It also gives the value of every
legal lead for the side to move: the points that side takes if it leads that card. :func:`solve_many` does whole arrays of deals.

The search (:mod:`bitcards._trick_solver`, shared with Euchre) is an iterative alpha-beta
over card masks with zero-window probes (a probe at each end of the range first, which settles a match in one or
two probes; for a whole deal, probes from a guess of its points, a linear function of who holds which cards, fitted
to solved deals; then halving what is left), a transposition
table of :data:`TT_ENTRIES` entries (16 bytes each: 4 MiB, one per solve or per thread)
whose key merges positions with the same owners and card points in rank order in every suit (which
cards of equal points are gone does not matter), a cache of the exact values of the two-trick endings
met in a solve (1 MiB beside the table, the same key), a small table of the bounds of the three-trick boundaries (256 KiB,
the same key, in the core's cache), a shape table (4 MiB: a position's bounds, moved
by the points at most, and its best lead serve the positions of the same shape: the same owners in rank order in
every suit, the trump jack in both or neither; and a 1 MiB one for the three-trick boundaries), move ordering
and equivalent-card merging. The rules are those of
:mod:`bitcards.jass.rules`: :func:`~bitcards.jass.rules.legal_mask`, the trick keys
(:func:`~bitcards.jass.rules.card_key`) and the card points table
:data:`~bitcards.jass.rules.POINTS`.

>>> from bitcards.jass import solve
>>> r = solve(["hJ h9", "hA hK", "s6 s7", "sA sK"], "h", leader=0)
>>> r.points, r.values
((169, 0), {'h9': 169, 'hJ': 169})
>>> solve(["hJ h9", "hA hK", "s6 s7", "sA sK"], "h", leader=0, earlier=(5, 2)).points  # no match left
(69, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from bitcards import _trick_solver
from bitcards._jit import warmup_task
from bitcards._memory import check_memory
from bitcards._trick_solver import (
    JASS,
    MATCH_BONUS,
    OpenHandResult,
    check_hands,
    check_seat,
    column,
    popcounts,
    solve_position,
    solve_rows,
)
from bitcards.batch import as_masks
from bitcards.errors import InvalidCardsError, PositionError
from bitcards.jass.rules import CONTRACT_NAMES, POINTS, format_contract, parse_contract

__all__ = ["MATCH_BONUS", "TT_BITS", "TT_ENTRIES", "SolveResult", "solve", "solve_many", "new_table", "needs_compile"]

#: a transposition table has 2**TT_BITS entries of 16 bytes (4 MiB). Smaller is faster up to a point: the search
#: reads the table at random, and a whole deal's proof keeps few of its entries. On the 180 bench deals 120..299
#: (2026-12-02, Intel Xeon, one at a time, the same answers): 2**20 entries took 130 s in all, median 89 ms a deal;
#: 2**18 127 s, 76 ms (the faster three quarters of the deals 11-15% faster, the slowest 10 deals 1.5% faster); 2**16 and
#: 2**17 as fast on the faster deals but 5-8% slower on the slowest 10, which need the room
TT_BITS = 18
TT_ENTRIES = 1 << TT_BITS


@dataclass(frozen=True, kw_only=True)
class SolveResult(OpenHandResult):
    """A Jass position under best play by both sides, all hands open.

    ``points``: the points team 0 (seats 0 and 2) and team 1 (seats 1 and 3) take from this
    position on: card points, the last trick's 5 and the match bonus. ``to_move``: the seat
    to lead. ``values``: for each legal card of that seat (text), the points *its* team takes
    if it leads that card; :attr:`best` and :attr:`losses` (in points) read them.
    """

    contract: str
    points: tuple[int, int]

    def __str__(self) -> str:
        name = CONTRACT_NAMES["dhscou".index(self.contract)]
        return f"{self.contract} ({name}): team 0 takes {self.points[0]}, team 1 takes {self.points[1]}"


def needs_compile(values: bool = True) -> bool:
    """Whether the next :func:`solve` (``values``: with the value of each lead, as by default) compiles the solver's
    kernels first, which takes a minute or two of one core once per install (then they load from the on-disk
    cache in a second); :func:`bitcards.warmup` compiles everything up front. Always ``False`` with the JIT off."""
    return _trick_solver.needs_compile(JASS, values)


def new_table() -> np.ndarray:
    """A transposition table for :func:`solve` (:data:`TT_ENTRIES` entries, 4 MiB)."""
    check_memory((TT_ENTRIES + 1) * 16, "a solver transposition table", "free some memory")
    return _trick_solver.new_table(TT_BITS)


def _points(value: int, total: int) -> tuple[int, int]:
    """The two teams' points from the search value (team 0's card points, plus half the match bonus for a
    match by team 0, minus half of it for one by team 1); ``total``: the card points left and the last 5."""
    if value > total:
        return total + MATCH_BONUS, 0
    if value < 0:
        return 0, total + MATCH_BONUS
    return value, total - value


def _flags(earlier: object, what: str) -> int:
    """The match flags (bit 0: team 0 took a trick before the position, bit 1: team 1) from ``(t0, t1)``."""
    e = np.asarray(earlier)
    if e.shape != (2,) or e.dtype.kind not in "iub" or (e < 0).any():
        raise PositionError(f"{what} must be two trick counts (team 0, team 1), not {earlier!r}")
    return int(e[0] > 0) | int(e[1] > 0) << 1


def solve(
    hands: Sequence[object],
    contract: int | str,
    leader: int = 0,
    *,
    earlier: tuple[int, int] = (0, 0),
    values: bool = True,
    table: np.ndarray | None = None,
) -> SolveResult:
    """Solve a Jass position at a trick boundary with all hands open; see the module docstring.

    ``hands``: the cards of seats 0..3 (any notation, equal sizes, at most 9); ``contract``:
    a letter ``d h s c o u``, a name or a code 0..5. ``earlier``: the tricks team 0 and team 1
    took before this position (only whether each is 0 counts: a team that has lost a trick
    can no longer make the match). ``values``: also the value of each legal lead.
    ``table``: a table from :func:`new_table` to reuse across calls.
    Bad input raises :class:`~bitcards.errors.PositionError` (a card in two hands, unequal
    hands) or a ``ParseError`` (unknown card or contract).
    """
    ct = parse_contract(contract)
    ld = check_seat(leader, "the leader")
    flags = _flags(earlier, "earlier")
    masks = check_hands(hands, "jass", 9)
    pts = POINTS[ct * 36 : ct * 36 + 36]
    total = int(sum(int(pts[c]) for m in masks for c in range(36) if m >> c & 1)) + 5
    ours, vals = solve_position(JASS, ct, masks, ld, -1, flags, table, TT_BITS, values)
    mine = {c: _points(v, total)[ld % 2] for c, v in vals.items()}
    return SolveResult(to_move=ld, values=mine, contract=format_contract(ct), points=_points(ours, total))


def solve_many(hands: object, contracts: object, leaders: object = 0, earlier: object = None) -> np.ndarray:
    """Team 0's points (seats 0 and 2: card points, the last trick's 5, the match bonus) under best play, for
    arrays of positions.

    ``hands``: ``(n, 4)`` masks (equal hand sizes per row, at most 9, no card twice);
    ``contracts`` (codes 0..5: ``d h s c o u``) and ``leaders``: one value or one per row;
    ``earlier``: ``(n, 2)`` tricks each team took before the position (default: none, as in a
    whole deal). Returns ``int64``; team 1 takes the card points and 5 left over, or 0 against a
    match by team 0 (:data:`MATCH_BONUS` above the cards' total), or the cards, 5 and the bonus
    if team 0 takes 0 after no trick of its own.
    One transposition table per block of rows; every answer is exact, so results do not depend
    on the thread count.
    """
    h = as_masks(hands, "hands")
    if h.ndim != 2 or h.shape[1] != 4:
        raise InvalidCardsError(f"hands must have shape (n, 4), got {h.shape}")
    n = h.shape[0]
    if isinstance(contracts, str):
        contracts = parse_contract(contracts)
    ct = column(contracts, n, "contract", 0, 5)
    ld = column(leaders, n, "leader", 0, 3)
    flags = np.zeros(n, dtype=np.int64)
    if earlier is not None:
        e = np.asarray(earlier)
        if e.shape != (n, 2) or e.dtype.kind not in "iub":
            raise InvalidCardsError(f"earlier must be integers of shape ({n}, 2), got {e.dtype} {e.shape}")
        flags = ((e[:, 0] > 0) | (e[:, 1] > 0) << 1).astype(np.int64)
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
    value = solve_rows(JASS, TT_BITS, h, ct, ld, np.full(n, -1, dtype=np.int64), flags)
    if not n:
        return value
    bits = (np.bitwise_or.reduce(h, axis=1)[:, None] >> np.arange(36, dtype=np.uint64)) & np.uint64(1)
    cards = (bits.astype(np.int64) * POINTS.reshape(6, 36)[ct]).sum(axis=1) + 5
    return np.where(value > cards, cards + MATCH_BONUS, np.maximum(value, 0))


@warmup_task
def _warm() -> None:
    solve(["hJ h9", "hA hK", "s6 s7", "sA sK"], "h", 0)
    solve_many(np.array([[1, 2, 4, 8]], dtype=np.uint64), 0, 0)
