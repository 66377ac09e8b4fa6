"""Cribbage studies: the hand after the best discard, and the crib it leaves.

The deal's columns are p1, p2 (six cards each) and the starter. Each player
keeps the four cards with the highest expected hand score over the 46 starters
he has not seen (:func:`bitcards.cribbage.batch.best_discard`: ties to the higher
minimum, then the first keep in enumeration order) and throws the other two to
the crib. Both players play for their own hand only: the discards' value in the
crib is not weighed (a real dealer would keep crib-friendly cards, a real pone
would not).

Beside the best keep every study also counts a **random keep** (one of the 15
ways uniformly, from its own counter-based stream keyed on the seed and the
row): the kept four are then a uniform 4-card hand and the starter a uniform
other card, so those rows follow the exhaustive law of
:func:`bitcards.cribbage.score_distribution` exactly, a built-in control.

``cribbage-discard``: the expected score of the best keep, stored exactly as its
total over the 46 unseen starters (``expected * 46``, an integer 0..1334), and
the score the kept hand makes with the dealt starter.

``cribbage-crib``: the crib (the four discards of both players plus the
starter), scored by crib rules (a flush needs all five cards).

>>> from bitcards.simulate import simulate
>>> r = simulate("cribbage-discard", 200, seed=1)
>>> r.counts["hand"].sum(axis=2).tolist()              # every player and keep sees every deal
[[200, 200], [200, 200]]
>>> bool(abs(r.mean("expected")[0] / 46 - r.mean("hand")[0, 0]) < 1)   # E[realised] = E[expected]
True
>>> c = simulate("cribbage-crib", 200, seed=1)
>>> int(c.counts["crib"][:, [19, 25, 26, 27]].sum())   # scores no crib can make
0
"""

from __future__ import annotations

from statistics import NormalDist

import numba
import numpy as np

from bitcards._bits import ctz, mix64, mulhi64, select_mask
from bitcards._jit import njit, warmup_task
from bitcards._parallel import HIST_BLOCKS, add_blocks, block_scratch, use_parallel
from bitcards._rng import next_u64, row_state
from bitcards.cribbage.discard import N_STARTERS, best_discard_rule
from bitcards.cribbage.score import MAX_SCORE, score5
from bitcards.simulate.result import SimulationResult, put_share
from bitcards.simulate.study import Chunk, Field, Study, register_study

__all__ = ["CRIBBAGE_DISCARD", "CRIBBAGE_CRIB", "random_key", "random_discards"]

PLAYERS = ("p1", "p2")
KEEPS = ("best", "random")
#: the random keep's stream: the seed's key mixed with this tag, so it never equals the deal's stream
_RANDOM_TAG = 0x63726962_6B656570  # "cribkeep"
#: 15 * 15 = the two players' discard pairs; 2**64 mod 225 is the rejection threshold (Lemire)
_PAIRS2 = 225
_THRESH = (1 << 64) % _PAIRS2
#: the 15 discard pairs (i < j, bit positions within the six) in the enumeration order of batch.best_discard
_PAIR_I = np.array([i for i in range(6) for j in range(i + 1, 6)], dtype=np.int64)
_PAIR_J = np.array([j for i in range(6) for j in range(i + 1, 6)], dtype=np.int64)


def random_key(key: int) -> int:
    """The key of the random-keep stream of a run whose deal key is ``key``."""
    return mix64(key ^ _RANDOM_TAG)


@njit
def random_discards(rkey, row, six1, six2):  # type: ignore[no-untyped-def]
    """The random keep's discards of both players in row ``row``: two 2-card masks, each pair uniform of 15.

    One 64-bit draw gives both pairs (multiply-high by 15 twice), redrawn in the rare
    case that would bias them, so each of the 225 combinations is exactly equally likely.
    """
    state = row_state(rkey, np.uint64(row))
    while True:
        state, x = next_u64(state)
        if x * np.uint64(_PAIRS2) >= np.uint64(_THRESH):
            break
    a, x = mulhi64(x, np.uint64(15))
    b, x = mulhi64(x, np.uint64(15))
    a = np.int64(a)
    b = np.int64(b)
    d1 = select_mask(six1, _PAIR_I[a]) | select_mask(six1, _PAIR_J[a])
    d2 = select_mask(six2, _PAIR_I[b]) | select_mask(six2, _PAIR_J[b])
    return d1, d2


@njit
def _discard_rows(deals, lo, hi, start, rkey, expected, hand):  # type: ignore[no-untyped-def]
    for i in range(lo, hi):
        st = ctz(deals[i, 2])
        r1, r2 = random_discards(rkey, start + i, deals[i, 0], deals[i, 1])
        for p in range(2):
            six = deals[i, p]
            keep, total = best_discard_rule(six, False)
            expected[p, total] += 1
            hand[p, 0, score5(keep, st, False)] += 1
            hand[p, 1, score5(six ^ (r1 if p == 0 else r2), st, False)] += 1


@njit
def _crib_rows(deals, lo, hi, start, rkey, crib):  # type: ignore[no-untyped-def]
    for i in range(lo, hi):
        st = ctz(deals[i, 2])
        k1, _ = best_discard_rule(deals[i, 0], False)
        k2, _ = best_discard_rule(deals[i, 1], False)
        crib[0, score5((deals[i, 0] ^ k1) | (deals[i, 1] ^ k2), st, True)] += 1
        r1, r2 = random_discards(rkey, start + i, deals[i, 0], deals[i, 1])
        crib[1, score5(r1 | r2, st, True)] += 1


@njit(parallel=True)
def _discard_kernel(deals, start, rkey, expected, hand):  # type: ignore[no-untyped-def]
    n = deals.shape[0]
    nblk = min(n, HIST_BLOCKS)
    pe = block_scratch(nblk, expected)
    ph = block_scratch(nblk, hand)
    for b in numba.prange(nblk):
        _discard_rows(deals, b * n // nblk, (b + 1) * n // nblk, start, rkey, pe[b], ph[b])
    add_blocks(expected, pe)
    add_blocks(hand, ph)


@njit(parallel=True)
def _crib_kernel(deals, start, rkey, crib):  # type: ignore[no-untyped-def]
    n = deals.shape[0]
    nblk = min(n, HIST_BLOCKS)
    pc = block_scratch(nblk, crib)
    for b in numba.prange(nblk):
        _crib_rows(deals, b * n // nblk, (b + 1) * n // nblk, start, rkey, pc[b])
    add_blocks(crib, pc)




def _discard(deals: np.ndarray, acc: dict[str, np.ndarray], chunk: Chunk) -> None:
    rkey, start = np.uint64(random_key(chunk.key)), np.int64(chunk.start)
    if not use_parallel(len(deals)):
        _discard_rows(deals, 0, len(deals), start, rkey, acc["expected"], acc["hand"])
    else:
        _discard_kernel(deals, start, rkey, acc["expected"], acc["hand"])


def _crib(deals: np.ndarray, acc: dict[str, np.ndarray], chunk: Chunk) -> None:
    rkey, start = np.uint64(random_key(chunk.key)), np.int64(chunk.start)
    if not use_parallel(len(deals)):
        _crib_rows(deals, 0, len(deals), start, rkey, acc["crib"])
    else:
        _crib_kernel(deals, start, rkey, acc["crib"])


def _discard_summary(r: SimulationResult) -> dict[str, float]:
    out: dict[str, float] = {}
    exp_mu, exp_lo, exp_hi = r.mean_ci("expected")
    for p, name in enumerate(PLAYERS):
        out[f"mean_expected_{name}"] = float(exp_mu[p]) / N_STARTERS
        out[f"mean_expected_{name}_lo"] = float(exp_lo[p]) / N_STARTERS
        out[f"mean_expected_{name}_hi"] = float(exp_hi[p]) / N_STARTERS
    both = r.counts["hand"].sum(axis=0)  # (keep, score): both players pooled
    z = NormalDist().inv_cdf(0.975)
    for k, keep in enumerate(KEEPS):
        n = int(both[k].sum())
        mu = float((both[k] * np.arange(both.shape[1])).sum() / n) if n else float("nan")
        sd = float(np.sqrt((both[k] * (np.arange(both.shape[1]) - mu) ** 2).sum() / n)) if n else float("nan")
        out[f"mean_hand_{keep}_keep"] = mu
        out[f"mean_hand_{keep}_keep_lo"] = mu - z * sd / float(np.sqrt(n)) if n else float("nan")
        out[f"mean_hand_{keep}_keep_hi"] = mu + z * sd / float(np.sqrt(n)) if n else float("nan")
    h = r.counts["hand"][:, 0].sum(axis=0)
    put_share(out, "p_zero_hand_best_keep", int(h[0]), int(h.sum()))
    return out


def _crib_summary(r: SimulationResult) -> dict[str, float]:
    mu, lo, hi = r.mean_ci("crib")
    c = r.counts["crib"]
    out = {
        "mean_crib_best_discards": float(mu[0]),
        "mean_crib_best_discards_lo": float(lo[0]),
        "mean_crib_best_discards_hi": float(hi[0]),
        "mean_crib_random_discards": float(mu[1]),
    }
    put_share(out, "p_zero_crib_best_discards", int(c[0, 0]), int(c[0].sum()))
    return out


CRIBBAGE_DISCARD = register_study(
    Study(
        name="cribbage-discard",
        game="cribbage",
        description="expected hand score after the best discard (x46, exact) and the score with the dealt starter",
        fields=(
            Field(
                "expected",
                bins=MAX_SCORE * N_STARTERS + 1,
                axes=(("player", PLAYERS),),
                value="expected_x46",
                description="the best keep's total score over the 46 unseen starters (= expected score x 46, exact)",
            ),
            Field(
                "hand",
                bins=MAX_SCORE + 1,
                axes=(("player", PLAYERS), ("keep", KEEPS)),
                value="score",
                description="hand score of the kept four with the dealt starter (best keep; a uniformly random keep)",
            ),
        ),
        kernel=_discard,
        summary=_discard_summary,
    )
)

CRIBBAGE_CRIB = register_study(
    Study(
        name="cribbage-crib",
        game="cribbage",
        description="crib score (crib rules) of both players' best discards plus the starter",
        fields=(
            Field(
                "crib",
                bins=MAX_SCORE + 1,
                axes=(("discards", KEEPS),),
                value="score",
                description="the crib's score: both players' discards after their best keep (a random keep) and the starter",
            ),
        ),
        kernel=_crib,
        summary=_crib_summary,
    )
)


@warmup_task
def _warm() -> None:
    from bitcards.deal import deal

    d = deal(2, "cribbage", seed=0)
    rkey, start = np.uint64(random_key(1)), np.int64(0)
    expected, hand, crib = np.zeros((2, 1335), np.int64), np.zeros((2, 2, 30), np.int64), np.zeros((2, 30), np.int64)
    _discard_rows(d, 0, 2, start, rkey, expected, hand)
    _discard_kernel(d, start, rkey, expected, hand)
    _crib_rows(d, 0, 2, start, rkey, crib)
    _crib_kernel(d, start, rkey, crib)
