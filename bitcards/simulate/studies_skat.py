"""Skat studies that need only the deal: jacks per hand, the skat and the jack factor, card points in the skat.

Seats are the deal's columns: front (Vorhand), middle (Mittelhand), rear
(Hinterhand), and the two-card skat.

**Jack factor** (the simple bid value's rule): the run of top jacks (CJ, SJ, HJ, DJ) held,
or if CJ is missing the run of top jacks missing, plus one, so 2..5. In
Skat's words that is "with N" or "without N" for N = 1..4 over the jacks alone
(the matadors of a grand). The study counts the jack factor of one seat's 10
cards beside that of the same 10 cards plus the skat (12 cards, the declarer's
after picking up the skat), as a signed matadors value: "with N" is ``+N``,
"without N" is ``-N``.

>>> from bitcards.simulate import simulate
>>> r = simulate("skat-jacks", 10_000, seed=1)
>>> r.counts["jacks"][3, 3:].tolist()   # the skat never holds 3 or 4 jacks
[0, 0]
>>> int(r.counts["matadors"][4].sum())  # "with 0" does not exist
0
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numba
import numpy as np

from bitcards._bits import popcount
from bitcards._jit import njit, warmup_task
from bitcards._parallel import HIST_BLOCKS, add_blocks, block_scratch, use_parallel
from bitcards.layouts import SKAT
from bitcards.simulate.result import SimulationResult, put_share
from bitcards.simulate.study import Chunk, Field, SimulationError, Study, register_study, tally
from bitcards.skat.rules import GRAND
from bitcards.skat.value import matadors_rule

__all__ = ["jack_factor", "matadors", "SKAT_JACKS", "SKAT_POINTS"]

SEATS = ("front", "middle", "rear")
_JACK = SKAT.rank_index("J")
#: the four jack bits, clubs (highest) first
JACK_BITS = tuple(SKAT.bit(s, _JACK) for s in (3, 2, 1, 0))
MASK_JACKS = SKAT.rank_mask(_JACK)
#: labels of the signed matadors value -4 .. 4 (0 never happens)
MATADOR_LABELS = ("without 4", "without 3", "without 2", "without 1", "-", "with 1", "with 2", "with 3", "with 4")


@njit
def matadors(mask):  # type: ignore[no-untyped-def]
    """Signed matadors over the jacks alone (a grand's): ``+N`` "with N", ``-N`` "without N".

    The rule lives in :mod:`bitcards.skat.value`; this is it for the game grand.

    >>> from bitcards.notation import parse_mask
    >>> [int(matadors(parse_mask(h, "skat"))) for h in ("JC JH", "JC JS JD", "JS JH JD", "", "JC JS JH JD")]
    [1, 2, -1, -4, 4]
    """
    return matadors_rule(mask, GRAND)


@njit
def jack_factor(mask):  # type: ignore[no-untyped-def]
    """The simple bid value's jack factor: run of top jacks held or missing, plus one (2..5).

    >>> from bitcards.notation import parse_mask
    >>> [int(jack_factor(parse_mask(h, "skat"))) for h in ("JC JD", "JC JS JD", "JS JH JD", "JC JS JH JD", "")]
    [2, 3, 2, 5, 5]
    """
    return abs(matadors(mask)) + 1


@njit
def _skat_jacks_rows(deals, lo, hi, seat, jacks, mat):  # type: ignore[no-untyped-def]
    # rows lo..hi-1 into one block's histograms
    jm = np.uint64(MASK_JACKS)
    for i in range(lo, hi):
        for c in range(4):
            jacks[c, popcount(deals[i, c] & jm)] += 1
        h = deals[i, seat]
        mat[matadors(h) + 4, matadors(h | deals[i, 3]) + 4] += 1


@njit(parallel=True)
def _skat_jacks_kernel(deals, seat, jacks, mat):  # type: ignore[no-untyped-def]
    # one partial histogram per block, summed at the end: the same counts for any thread count
    n = deals.shape[0]
    nblk = min(n, HIST_BLOCKS)
    pj = block_scratch(nblk, jacks)
    pm = block_scratch(nblk, mat)
    for b in numba.prange(nblk):
        _skat_jacks_rows(deals, b * n // nblk, (b + 1) * n // nblk, seat, pj[b], pm[b])
    add_blocks(jacks, pj)
    add_blocks(mat, pm)


def _skat_jacks(deals: np.ndarray, acc: dict[str, np.ndarray], chunk: Chunk) -> None:
    seat = np.int64(chunk.params["seat"])
    if not use_parallel(len(deals)):
        _skat_jacks_rows(deals, 0, len(deals), seat, acc["jacks"], acc["matadors"])
    else:
        _skat_jacks_kernel(deals, seat, acc["jacks"], acc["matadors"])


def _check_seat(params: Mapping[str, Any]) -> None:
    if params["seat"] not in (0, 1, 2):
        raise SimulationError(f"seat must be 0 (front), 1 (middle) or 2 (rear), got {params['seat']}")


def _skat_jacks_summary(r: SimulationResult) -> dict[str, float]:
    m = r.counts["matadors"]
    n = int(m.sum())
    before = np.abs(np.arange(-4, 5))
    changed = int(sum(m[i, j] for i in range(9) for j in range(9) if before[i] != before[j]))
    flipped = int(m[:4, 5:].sum() + m[5:, :4].sum())
    four = r.counts["jacks"][:3, 4].sum()
    out = {
        "mean_jacks_front": float(r.mean("jacks")[0]),
        "p_four_jacks_in_a_hand": float(four / (3 * n)) if n else float("nan"),
    }
    put_share(out, "p_skat_changes_jack_factor", changed, n)
    out["p_skat_flips_with_without"] = flipped / n if n else float("nan")
    return out


SKAT_JACKS = register_study(
    Study(
        name="skat-jacks",
        game="skat",
        description="jacks per hand; how the skat changes one seat's jack factor (with/without N)",
        fields=(
            Field("jacks", bins=5, axes=(("hand", (*SEATS, "skat")),), value="jacks", description="jacks in each hand"),
            Field(
                "matadors",
                bins=9,
                offset=-4,
                axes=(("matadors_10", MATADOR_LABELS),),
                value="matadors_12",
                description="signed matadors (with N > 0, without N < 0) of the seat's 10 cards (rows) "
                "and of those 10 plus the skat (value)",
            ),
        ),
        kernel=_skat_jacks,
        params={"seat": 0},
        summary=_skat_jacks_summary,
        check=_check_seat,
    )
)


# -- a study written with NumPy and tally() only: the pattern for quick studies ------------------------------

_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}


def _skat_points(deals: np.ndarray, acc: dict[str, np.ndarray], chunk: Chunk) -> None:
    from bitcards.batch import popcount as popcounts

    skat = deals[:, 3]
    points = np.zeros(len(skat), dtype=np.int64)
    for rank, value in _POINTS.items():
        points += value * popcounts(skat & np.uint64(SKAT.rank_mask(SKAT.rank_index(rank))))
    tally(acc["points"], points)


SKAT_POINTS = register_study(
    Study(
        name="skat-skat-points",
        game="skat",
        description="card points lying in the skat (0..22)",
        fields=(Field("points", bins=23, value="points", description="card points in the skat"),),
        kernel=_skat_points,
        summary=lambda r: {"mean_skat_points": float(r.mean("points"))},
    )
)


def exact_jacks(hand_size: int = 10) -> np.ndarray:
    """Exact distribution of the jacks in a ``hand_size``-card hand (hypergeometric: 4 jacks in 32 cards).

    >>> exact_jacks(2).round(4).tolist()
    [0.7621, 0.2258, 0.0121, 0.0, 0.0]
    """
    from math import comb

    return np.array([comb(4, j) * comb(28, hand_size - j) / comb(32, hand_size) if j <= hand_size else 0.0 for j in range(5)])


@warmup_task
def _warm() -> None:
    d = np.zeros((2, 4), dtype=np.uint64)
    _skat_jacks_kernel(d, np.int64(0), np.zeros((4, 5), np.int64), np.zeros((9, 9), np.int64))
    _skat_jacks_rows(d, 0, 2, np.int64(0), np.zeros((4, 5), np.int64), np.zeros((9, 9), np.int64))
    matadors(np.uint64(0))
    jack_factor(np.uint64(0))
