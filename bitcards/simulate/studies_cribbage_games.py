"""Cribbage games to 121 on the engine: the dealer's advantage, pegging per deal, the value of the crib.

``cribbage-games`` plays one whole game per row, exactly as :func:`bitcards.playout` plays it (the
deal of the row, the policy's and chance's random streams of the row; ``-p policy=random`` or the
default ``baseline``), stepping it in a Numba kernel with the engine's own rule and policy
functions so that every deal's points can be counted as they are scored. Player 0 deals first.
A row is a game: the driver's ``deals`` (``-n``) counts games here.

Per game: the winner (the first dealer or the first pone) and the result (1 a single game, 2 a
skunk, 3 a double skunk), the deals played, the loser's score, and each player's points by kind.

Per deal: the dealer's and the pone's points by kind (pegging, hand, crib, his heels, total) and
the dealer's margin (dealer - pone). The deal in which the game ended is cut short at 121 (the
show may not have been reached), so it is counted apart: the ``deal`` axis holds ``complete``
deals and the ``final`` one. The per-deal means of the summary are over complete deals only.
The pone's crib and heels are 0 by the rules (they are the dealer's).

>>> from bitcards.simulate import simulate
>>> r = simulate("cribbage-games", 200, seed=1)
>>> int(r.counts["result"].sum()), int(r.counts["points"][1, 0, 0].sum())   # 200 games, 200 final deals
(200, 200)
>>> int(r.counts["points"][:, 1, 2:4, 1:].sum())    # the pone never scores a crib or his heels
0
>>> s = r.summary()
>>> s["p_first_dealer_wins_lo"] < s["p_first_dealer_wins"] < s["p_first_dealer_wins_hi"]
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numba
import numpy as np

from bitcards import engine
from bitcards._jit import njit, warmup_task
from bitcards._parallel import BatchKernel, add_blocks, block_rows, block_scratch, blocks
from bitcards._rng import row_state
from bitcards.cribbage import engine as crib
from bitcards.simulate.result import SimulationResult, wilson
from bitcards.simulate.study import Chunk, Field, SimulationError, Study, register_study

__all__ = ["CRIBBAGE_GAMES", "KINDS", "ROLES", "POLICIES"]

POLICIES = ("baseline", "random")
ROLES = ("dealer", "pone")
#: points by kind: the state fields pegged*, shown*, cribbed*, heels*, then their sum
KINDS = ("pegging", "hand", "crib", "heels", "total")
DEALS = ("complete", "final")
PLAYERS = ("first dealer", "first pone")
#: the most a player scores in one deal (or one game): from at most 120 to at most 120 + 29
MAX_POINTS = crib.WIN - 1 + 29
#: a game has at most 241 deals (see bitcards.cribbage.engine.MAX_ACTIONS)
MAX_DEALS = 241
_KIND0 = crib._PEG0  # pegged0, pegged1, shown0, shown1, cribbed0, cribbed1, heels0, heels1: consecutive fields
_N_KINDS = 4


@njit(inline="always")
def _tally_role(s, p, r, snap, final, points):  # type: ignore[no-untyped-def]
    """Count player ``p``'s points of one deal in role ``r`` by kind (``snap``: the kind fields when it began)."""
    tot = 0
    for k in range(_N_KINDS):
        v = s[_KIND0 + 2 * k + p] - snap[2 * k + p]
        points[final, r, k, v] += 1
        tot += v
    points[final, r, _N_KINDS, tot] += 1
    return tot


@njit
def _play_rows(g, deals, lo, hi, start, pkey, ckey, random, points, margin, game, result, deals_h, loser):  # type: ignore[no-untyped-def]
    """Play rows ``lo .. hi - 1`` to the end as :func:`bitcards.playout` does, counting every deal."""
    s = np.zeros(len(crib.FIELDS), dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    snap = np.zeros(2 * _N_KINDS, dtype=np.int64)
    ret = np.zeros(2, dtype=np.int64)
    for i in range(lo, hi):
        crib._init(g, s, deals[i])
        row = np.uint64(start + i)
        pst = row_state(pkey, row)
        cst = row_state(ckey, row)
        snap[:] = 0
        dealer = s[crib._DEALER]
        deal_no = s[crib._DEALS]
        while s[engine.PLAYER] != engine.TERMINAL:
            legal = crib._legal(g, s)
            if s[engine.PLAYER] == engine.CHANCE:
                a, cst = engine._pick(legal, cst)
            elif random:
                a, pst = engine._pick(legal, pst)
            else:
                rng[0] = pst
                a = crib.baseline(s, legal, rng)
                pst = rng[0]
            crib._apply(g, s, a)
            over = s[engine.PLAYER] == engine.TERMINAL
            if over or s[crib._DEALS] != deal_no:
                final = 1 if over else 0
                d = _tally_role(s, dealer, 0, snap, final, points)
                d -= _tally_role(s, 1 - dealer, 1, snap, final, points)
                margin[final, d + MAX_POINTS] += 1
                for j in range(2 * _N_KINDS):
                    snap[j] = s[_KIND0 + j]
                dealer = s[crib._DEALER]
                deal_no = s[crib._DEALS]
        crib._returns(g, s, ret)
        w = 0 if ret[0] > 0 else 1
        # player 0 deals first (g.first_dealer is 0 here): players are the first dealer and the first pone
        result[w, ret[w] - 1] += 1
        deals_h[s[crib._DEALS] - 1] += 1
        loser[s[crib._SCORE0 + 1 - w]] += 1
        for p in range(2):
            for k in range(_N_KINDS):
                game[p, k, s[_KIND0 + 2 * k + p]] += 1
            game[p, _N_KINDS, s[crib._SCORE0 + p]] += 1


@BatchKernel
def _games_kernel(g, deals, start, pkey, ckey, random, points, margin, game, result, deals_h, loser):  # type: ignore[no-untyped-def]
    n = deals.shape[0]
    nb = blocks(n)
    # each block its own histograms: threads never share counts
    bp = block_scratch(nb, points)
    bm = block_scratch(nb, margin)
    bg = block_scratch(nb, game)
    br = block_scratch(nb, result)
    bd = block_scratch(nb, deals_h)
    bl = block_scratch(nb, loser)
    for b in numba.prange(nb):
        lo, hi = block_rows(b, n)
        _play_rows(g, deals, lo, hi, start, pkey, ckey, random, bp[b], bm[b], bg[b], br[b], bd[b], bl[b])
    add_blocks(points, bp)
    add_blocks(margin, bm)
    add_blocks(game, bg)
    add_blocks(result, br)
    add_blocks(deals_h, bd)
    add_blocks(loser, bl)


def _kernel(deals: np.ndarray, acc: dict[str, np.ndarray], chunk: Chunk) -> None:
    pkey, ckey = engine.stream_keys(chunk.key)
    _games_kernel(
        len(deals), crib.CribbageGame(0), deals, np.int64(chunk.start), pkey, ckey,
        chunk.params["policy"] == "random", acc["points"], acc["margin"], acc["game"], acc["result"],
        acc["deals"], acc["loser"],
    )  # fmt: skip


def _check(params: Mapping[str, Any]) -> None:
    if params["policy"] not in POLICIES:
        raise SimulationError(f"policy={params['policy']!r}: cribbage-games plays the policies {', '.join(POLICIES)}")


def _share(out: dict[str, float], name: str, hits: int, n: int) -> None:
    lo, hi = wilson(hits, n)
    out[name] = hits / n if n else float("nan")
    out[f"{name}_lo"] = float(lo)
    out[f"{name}_hi"] = float(hi)


def _summary(r: SimulationResult) -> dict[str, float]:
    out: dict[str, float] = {}
    res = r.counts["result"]
    n = int(res.sum())
    _share(out, "p_first_dealer_wins", int(res[0].sum()), n)
    _share(out, "p_skunk", int(res[:, 1].sum()), n)
    _share(out, "p_double_skunk", int(res[:, 2].sum()), n)
    out["mean_deals"] = float(r.mean("deals"))
    mu, lo, hi = r.mean_ci("points")
    for ri, role in enumerate(ROLES):
        for k, kind in enumerate(KINDS):
            if role == "pone" and kind in ("crib", "heels"):
                continue
            name = f"mean_{role}_{kind}"
            out[name] = float(mu[0, ri, k])
            if kind in ("pegging", "total", "crib"):
                out[f"{name}_lo"] = float(lo[0, ri, k])
                out[f"{name}_hi"] = float(hi[0, ri, k])
    m_mu, m_lo, m_hi = r.mean_ci("margin")
    out["mean_dealer_margin"] = float(m_mu[0])
    out["mean_dealer_margin_lo"] = float(m_lo[0])
    out["mean_dealer_margin_hi"] = float(m_hi[0])
    return out


CRIBBAGE_GAMES = register_study(
    Study(
        name="cribbage-games",
        game="cribbage",
        description="whole games to 121, one a row (-p policy=baseline|random): wins, skunks, "
        "each deal's points by role and kind",
        fields=(
            Field("result", bins=3, offset=1, axes=(("winner", PLAYERS),), value="game_points",
                  description="games by winner (player 0 deals first) and result: 1 a game, 2 a skunk, 3 a double skunk"),
            Field("deals", bins=MAX_DEALS, offset=1, value="deals", description="deals per game, the last one included"),
            Field("loser", bins=crib.WIN, value="points", description="the loser's score"),
            Field("game", bins=MAX_POINTS + 1, axes=(("player", PLAYERS), ("kind", KINDS)), value="points",
                  description="each player's points in the game by kind"),
            Field("points", bins=MAX_POINTS + 1, axes=(("deal", DEALS), ("role", ROLES), ("kind", KINDS)),
                  value="points", description="points of one deal by role and kind: complete deals, and the deal "
                  "the game ended in (cut short at 121)"),
            Field("margin", bins=2 * MAX_POINTS + 1, offset=-MAX_POINTS, axes=(("deal", DEALS),), value="points",
                  description="the dealer's points less the pone's in one deal"),
        ),  # fmt: skip
        kernel=_kernel,
        params={"policy": "baseline"},
        check=_check,
        summary=_summary,
        # the deal row, and each block of 4,096 rows its own histograms (about 40 kB)
        row_bytes=64 + 16,
    )
)


@warmup_task
def _warm() -> None:
    from bitcards.deal import deal

    acc = CRIBBAGE_GAMES.zeros()
    pkey, ckey = engine.stream_keys(1)
    _games_kernel.warm(crib.CribbageGame(0), deal(2, "cribbage", seed=0), np.int64(0), pkey, ckey, False,
                       acc["points"], acc["margin"], acc["game"], acc["result"], acc["deals"], acc["loser"])  # fmt: skip
