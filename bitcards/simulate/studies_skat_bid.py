"""Skat bidding studies: the simple bid value of each seat, and the full game's highest bid from 10 cards.

Seats are the deal's columns: front (Vorhand), middle (Mittelhand), rear
(Hinterhand); the two-card skat is the fourth column.

``skat-bid`` counts the simple bid value (:func:`bitcards.skat.batch.bid_value`:
jack factor x suit value of the longest suit, or pass) of each seat's 10 cards as
a value x suit histogram; each seat's hand is a uniform 10-card hand, so every
seat follows the exact law of :func:`bitcards.skat.bid_distribution`.

``skat-max-bid`` counts, for each seat, :func:`bitcards.skat.max_bid_per_game`'s highest
value over every game the hand can declare, "if won simply", with the matadors
counted over the 10 known cards (the usual way to find how high to bid); then
whether the skat spoils it (**overbid**: with the skat, no game of the 12 cards
is worth that bid any more; only "without N" hands lose matadors to the skat);
and the signed matadors of the 12 cards (hand + skat, as the game value counts
them) for every trump game, diamonds .. clubs (up to "with/without 11") and
grand (up to 4).

>>> from bitcards.simulate import simulate
>>> r = simulate("skat-bid", 3_000, seed=1)
>>> r.counts["bid"].sum(axis=(1, 2)).tolist()          # every seat sees every deal
[3000, 3000, 3000]
>>> {int(v) for v in r.field("bid").values[r.counts["bid"][0, 4] > 0]} <= {24, 36, 48, 60}   # clubs: 12 x jack factor
True
>>> m = simulate("skat-max-bid", 500, seed=1)
>>> int(m.counts["max_bid"][:, :48].sum())             # a grand is worth at least 24 x 2
0
"""

from __future__ import annotations

import numba
import numpy as np

from bitcards._jit import njit, warmup_task
from bitcards._parallel import HIST_BLOCKS, add_blocks, block_scratch, use_parallel
from bitcards.simulate.result import SimulationResult, put_share
from bitcards.simulate.study import Chunk, Field, Study, register_study
from bitcards.skat.bid import bid_rule
from bitcards.skat.value import matadors_rule, max_bid_rule

__all__ = ["SKAT_BID", "SKAT_MAX_BID", "max_bid_of", "exact_bid_shares", "exact_max_bid_shares", "exact_matadors"]

SEATS = ("front", "middle", "rear")
#: the bid histogram's suit axis: row 0 = pass, then the trump suit 0..3 in row 1..4
BID_SUITS = ("pass", "diamonds", "hearts", "spades", "clubs")
#: games of the matadors histogram (game numbers 0..4 of :data:`bitcards.skat.GAME_NAMES`)
TRUMP_GAMES = ("diamonds", "hearts", "spades", "clubs", "grand")
#: labels of the best-game field's values 0..5
BEST_GAMES = ("diamonds", "hearts", "spades", "clubs", "grand", "null")


# -- skat-bid ---------------------------------------------------------------------------------------------


@njit
def _bid_rows(deals, lo, hi, bid, top, bidders):  # type: ignore[no-untyped-def]
    # rows lo..hi-1 into one block's histograms
    for i in range(lo, hi):
        best = 0
        n = 0
        for c in range(3):
            v, s, _ = bid_rule(deals[i, c])
            bid[c, s + 1, v] += 1
            best = max(best, v)
            n += v != 0
        top[best] += 1
        bidders[n] += 1


@njit(parallel=True)
def _bid_kernel(deals, bid, top, bidders):  # type: ignore[no-untyped-def]
    n = deals.shape[0]
    nblk = min(n, HIST_BLOCKS)
    pb = block_scratch(nblk, bid)
    pt = block_scratch(nblk, top)
    pn = block_scratch(nblk, bidders)
    for b in numba.prange(nblk):
        _bid_rows(deals, b * n // nblk, (b + 1) * n // nblk, pb[b], pt[b], pn[b])
    add_blocks(bid, pb)
    add_blocks(top, pt)
    add_blocks(bidders, pn)


def _bid(deals: np.ndarray, acc: dict[str, np.ndarray], chunk: Chunk) -> None:
    if not use_parallel(len(deals)):
        _bid_rows(deals, 0, len(deals), acc["bid"], acc["top_bid"], acc["bidders"])
    else:
        _bid_kernel(deals, acc["bid"], acc["top_bid"], acc["bidders"])


def _bid_summary(r: SimulationResult) -> dict[str, float]:
    b = r.counts["bid"]
    out: dict[str, float] = {}
    for c, seat in enumerate(SEATS):
        put_share(out, f"p_pass_{seat}", int(b[c, 0, 0]), int(b[c].sum()))
    played = b[0, 1:]
    n_played = int(played.sum())
    vals = r.field("bid").values
    out["mean_bid_front_when_bidding"] = float((played.sum(axis=0) * vals).sum() / n_played) if n_played else float("nan")
    nb = r.counts["bidders"]
    put_share(out, "p_all_three_pass", int(nb[0]), int(nb.sum()))
    return out


SKAT_BID = register_study(
    Study(
        name="skat-bid",
        game="skat",
        description="simple bid value (jack factor x trump suit value, or pass) per seat; the deal's top bid",
        fields=(
            Field(
                "bid",
                bins=61,
                axes=(("seat", SEATS), ("suit", BID_SUITS)),
                value="bid",
                description="simple bid value of each seat's 10 cards by trump suit (value 0 = pass, in row 'pass')",
            ),
            Field("top_bid", bins=61, value="bid", description="the highest simple bid value of the three seats (0: all pass)"),
            Field("bidders", bins=4, value="seats", description="how many of the three seats have a simple bid value"),
        ),
        kernel=_bid,
        summary=_bid_summary,
    )
)


def exact_bid_shares() -> np.ndarray:
    """The exact probability of each (suit row, value) cell of a seat's ``bid`` histogram, shape ``(5, 61)``.

    From :func:`bitcards.skat.bid_distribution` (all 64,512,240 ten-card hands, a few seconds).
    """
    from bitcards.skat.stats import bid_distribution

    d = bid_distribution()
    p = np.zeros((len(BID_SUITS), 61))
    for s in range(4):
        for jf in range(2, 6):
            p[s + 1, (9 + s) * jf] = d.counts[s, jf] / d.total
    p[0, 0] = d.passes / d.total
    return p


# -- skat-max-bid -----------------------------------------------------------------------------------------


def exact_max_bid_shares() -> np.ndarray:
    """The exact probability of each value (0..264) of a seat's ``max_bid`` histogram, shape ``(265,)``.

    From :func:`bitcards.skat.stats.max_bid_distribution` (all 64,512,240 ten-card hands, a few seconds).
    """
    from bitcards.skat.stats import N_HANDS, max_bid_distribution

    return max_bid_distribution() / N_HANDS


#: the highest game value "if won simply" of ten cards: the rule :func:`bitcards.skat.value.max_bid_rule`
max_bid_of = max_bid_rule


@njit
def _max_bid_rows(deals, lo, hi, max_bid, best_game, overbid, mats):  # type: ignore[no-untyped-def]
    for i in range(lo, hi):
        skat = deals[i, 3]
        for c in range(3):
            m10 = deals[i, c]
            m12 = m10 | skat
            v10, g10 = max_bid_of(m10)
            v12, _ = max_bid_of(m12)
            max_bid[c, v10] += 1
            best_game[c, g10] += 1
            overbid[c, np.int64(v12 < v10)] += 1
            for g in range(5):
                mats[c, g, matadors_rule(m12, g) + 11] += 1


@njit(parallel=True)
def _max_bid_kernel(deals, max_bid, best_game, overbid, mats):  # type: ignore[no-untyped-def]
    n = deals.shape[0]
    nblk = min(n, HIST_BLOCKS)
    pm = block_scratch(nblk, max_bid)
    pg = block_scratch(nblk, best_game)
    po = block_scratch(nblk, overbid)
    pt = block_scratch(nblk, mats)
    for b in numba.prange(nblk):
        _max_bid_rows(deals, b * n // nblk, (b + 1) * n // nblk, pm[b], pg[b], po[b], pt[b])
    add_blocks(max_bid, pm)
    add_blocks(best_game, pg)
    add_blocks(overbid, po)
    add_blocks(mats, pt)


def _max_bid(deals: np.ndarray, acc: dict[str, np.ndarray], chunk: Chunk) -> None:
    args = (acc["max_bid"], acc["best_game"], acc["overbid"], acc["matadors"])
    if not use_parallel(len(deals)):
        _max_bid_rows(deals, 0, len(deals), *args)
    else:
        _max_bid_kernel(deals, *args)


def _max_bid_summary(r: SimulationResult) -> dict[str, float]:
    out: dict[str, float] = {}
    ob = r.counts["overbid"]
    bg = r.counts["best_game"]
    for c, seat in enumerate(SEATS):
        out[f"mean_max_bid_{seat}"] = float(r.mean("max_bid")[c])
        n = int(ob[c].sum())
        put_share(out, f"p_overbid_{seat}", int(ob[c, 1]), n)
        out[f"p_grand_is_highest_{seat}"] = int(bg[c, 4]) / n if n else float("nan")
    return out


SKAT_MAX_BID = register_study(
    Study(
        name="skat-max-bid",
        game="skat",
        description="highest game value 'if won simply' from each seat's 10 cards; overbid by the skat; matadors of 12 cards",
        fields=(
            Field(
                "max_bid",
                bins=265,
                axes=(("seat", SEATS),),
                value="bid",
                description=(
                    "max over all games of the value if won simply, matadors over the 10 cards"
                    " (bitcards.skat.max_bid_per_game)"
                ),
            ),
            Field(
                "best_game",
                bins=6,
                axes=(("seat", SEATS),),
                value="game",
                description="the game giving max_bid: 0 diamonds, 1 hearts, 2 spades, 3 clubs, 4 grand, 5 null (ties: higher)",
            ),
            Field(
                "overbid",
                bins=2,
                axes=(("seat", SEATS),),
                value="overbid",
                description="1 if, with the skat, no game of the 12 cards is worth max_bid (the bid would be overbid)",
            ),
            Field(
                "matadors",
                bins=23,
                offset=-11,
                axes=(("seat", SEATS), ("game", TRUMP_GAMES)),
                value="matadors",
                description="signed matadors (with N > 0, without N < 0) of the seat's 10 cards plus the skat, per trump game",
            ),
        ),
        kernel=_max_bid,
        summary=_max_bid_summary,
    )
)


def exact_matadors(game: int, cards: int = 12) -> np.ndarray:
    """Exact law of the signed matadors of ``cards`` uniform Skat cards in ``game`` (0..3 suit, 4 grand).

    Index ``N + 11`` holds P(matadors = N), N = -11 .. 11. "With N": the top N trumps held and the
    next one not (or no next one); "without N": the top N missing and the next one held.

    >>> p = exact_matadors(4)
    >>> round(float(p.sum()), 12), round(float(p[11 + 1]), 4)     # grand, "with 1": CJ held, SJ not
    (1.0, 0.2419)
    """
    from math import comb

    def c(n: int, k: int) -> int:
        return comb(n, k) if 0 <= k <= n else 0

    width = 4 if game == 4 else 11
    total = comb(32, cards)
    p = np.zeros(23)
    for n in range(1, width + 1):
        if n < width:
            # with n: top n held, the (n+1)-th missing; without n: top n missing, the (n+1)-th held
            p[11 + n] = c(32 - n - 1, cards - n) / total
            p[11 - n] = c(32 - n - 1, cards - 1) / total
        else:
            p[11 + n] = c(32 - n, cards - n) / total
            p[11 - n] = c(32 - n, cards) / total
    return p


@warmup_task
def _warm() -> None:
    d = np.zeros((2, 4), dtype=np.uint64)
    d[:, 0] = 0x3FF
    d[:, 1] = 0x3FF << 10
    d[:, 2] = 0x3FF << 20
    d[:, 3] = 0b11 << 30
    bid, top, bidders = np.zeros((3, 5, 61), np.int64), np.zeros(61, np.int64), np.zeros(4, np.int64)
    _bid_rows(d, 0, 2, bid, top, bidders)
    _bid_kernel(d, bid, top, bidders)
    args = (np.zeros((3, 265), np.int64), np.zeros((3, 6), np.int64), np.zeros((3, 2), np.int64), np.zeros((3, 5, 23), np.int64))
    _max_bid_rows(d, 0, 2, *args)
    _max_bid_kernel(d, *args)
