"""Euchre studies that need only the deal: the bowers of each side, trumps per hand.

**Seats.** The deal's columns p1, p2, p3, p4 sit clockwise with **p4 the dealer**:
p1 (left of the dealer) leads first, p1 + p3 are one side and **p2 + p4 the
dealer's side**; the kitty is the four undealt cards.

**Trump.** Every one of the four suits is counted as trump in turn (so every
deal gives four observations, one per suit; by symmetry their laws are equal,
and the per-suit rows check each other). Diamonds and hearts have the same two
bowers (JD, JH), as do spades and clubs (JS, JC), so their bower rows are equal. The turned-up card is not modelled:
the deal returns the kitty as a set. The right bower is the jack of trump, the
left bower the jack of the same-colour suit (diamonds <-> hearts, spades <->
clubs), and a hand's trumps are the trump suit's cards minus nothing plus the
left bower (7 trumps in the deck).

>>> from bitcards.simulate import simulate
>>> r = simulate("euchre-bowers", 5_000, seed=3)
>>> r.counts["bowers"].sum(axis=2).tolist()[0]   # every (side, trump) cell sees every deal
[5000, 5000, 5000, 5000]
"""

from __future__ import annotations

import numba
import numpy as np

from bitcards._bits import popcount
from bitcards._jit import njit, warmup_task
from bitcards._parallel import HIST_BLOCKS, add_blocks, block_scratch, use_parallel
from bitcards.euchre.rules import bowers_mask, trump_mask
from bitcards.layouts import SUIT_NAMES
from bitcards.simulate.result import SimulationResult, put_share
from bitcards.simulate.study import Chunk, Field, Study, register_study

__all__ = ["trump_mask", "bowers_mask", "EUCHRE_BOWERS", "exact_trumps"]

TRUMPS = tuple(s.lower() for s in SUIT_NAMES)  # diamonds hearts spades clubs (suit index order)
SIDES = ("p1+p3", "p2+p4 (dealer)", "kitty")


@njit
def _bowers_rows(deals, lo, hi, trumps, bowers):  # type: ignore[no-untyped-def]
    # rows lo..hi-1 into one block's histograms
    for i in range(lo, hi):
        for t in range(4):
            tm = trump_mask(t)
            bm = bowers_mask(t)
            for p in range(4):
                trumps[p, t, popcount(deals[i, p] & tm)] += 1
            bowers[0, t, popcount((deals[i, 0] | deals[i, 2]) & bm)] += 1
            bowers[1, t, popcount((deals[i, 1] | deals[i, 3]) & bm)] += 1
            bowers[2, t, popcount(deals[i, 4] & bm)] += 1


@njit(parallel=True)
def _bowers_kernel(deals, trumps, bowers):  # type: ignore[no-untyped-def]
    # one partial histogram per block, summed at the end: the same counts for any thread count
    n = deals.shape[0]
    nblk = min(n, HIST_BLOCKS)
    pt = block_scratch(nblk, trumps)
    pb = block_scratch(nblk, bowers)
    for b in numba.prange(nblk):
        _bowers_rows(deals, b * n // nblk, (b + 1) * n // nblk, pt[b], pb[b])
    add_blocks(trumps, pt)
    add_blocks(bowers, pb)


def _bowers(deals: np.ndarray, acc: dict[str, np.ndarray], chunk: Chunk) -> None:
    if not use_parallel(len(deals)):
        _bowers_rows(deals, 0, len(deals), acc["trumps"], acc["bowers"])
    else:
        _bowers_kernel(deals, acc["trumps"], acc["bowers"])


def _bowers_summary(r: SimulationResult) -> dict[str, float]:
    b = r.counts["bowers"]
    n = int(b[1, 0].sum())
    out: dict[str, float] = {}
    for t, name in enumerate(TRUMPS):
        put_share(out, f"p_dealer_side_both_bowers_{name}", int(b[1, t, 2]), n)
    out["mean_trumps_per_hand"] = float(r.mean("trumps").mean())
    return out


EUCHRE_BOWERS = register_study(
    Study(
        name="euchre-bowers",
        game="euchre",
        description="bowers held by each side (dealer's side p2+p4) and trumps per hand, for each trump suit",
        fields=(
            Field(
                "bowers",
                bins=3,
                axes=(("side", SIDES), ("trump", TRUMPS)),
                value="bowers",
                description="how many of the two bowers the side (or the kitty) holds",
            ),
            Field(
                "trumps",
                bins=6,
                axes=(("seat", ("p1", "p2", "p3", "p4 (dealer)")), ("trump", TRUMPS)),
                value="trumps",
                description="trumps in each hand, the left bower counted as trump",
            ),
        ),
        kernel=_bowers,
        summary=_bowers_summary,
    )
)


def exact_trumps(hand_size: int = 5) -> np.ndarray:
    """Exact distribution of trumps in a hand: hypergeometric, 7 trumps in 24 cards.

    >>> round(float(exact_trumps()[0]), 4)
    0.1456
    """
    from math import comb

    return np.array([comb(7, k) * comb(17, hand_size - k) / comb(24, hand_size) for k in range(6)])


@warmup_task
def _warm() -> None:
    d = np.zeros((2, 5), dtype=np.uint64)
    _bowers_kernel(d, np.zeros((4, 4, 6), np.int64), np.zeros((3, 4, 3), np.int64))
    _bowers_rows(d, 0, 2, np.zeros((4, 4, 6), np.int64), np.zeros((3, 4, 3), np.int64))
