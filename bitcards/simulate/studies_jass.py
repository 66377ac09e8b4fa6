"""Jass study: random legal play under each of the six contracts, card points per side, trumping in.

Every deal is played six times, once under each contract (d h s c trump,
Obenabe, Undenufe), by :func:`bitcards.jass.random_games`: the same deal and
the same random stream each time (row ``i`` of the run is row ``i`` of
``random_games(n, contract, seed)``), every card uniform among the legal ones.
:func:`bitcards.jass.batch.score` gives the trick winners and card points.

Sides: ``p1+p3`` (columns 1 and 3; p1 leads the first trick) and ``p2+p4``;
their points add up to 157 (last trick +5).

**Trumping in**: a player who follows a trick led in a side suit (not trump)
plays a trump. ``trump_ins`` counts these plays per game, ``side_lead_plays``
counts every follower's play to a side-suit lead (the occasions), so the
trump-in rate is the ratio of their sums. Obenabe and Undenufe have no trump.

>>> from bitcards.simulate import simulate
>>> r = simulate("jass-play", 200, seed=1)
>>> r.counts["points"].sum(axis=2)[:, 0].tolist()          # every contract plays every deal
[200, 200, 200, 200, 200, 200]
>>> bool((r.mean("points").sum(axis=1) == 157).all())        # the two sides always share 157 points
True
"""

from __future__ import annotations

import numpy as np

from bitcards._jit import njit, warmup_task
from bitcards.jass import batch, random_games
from bitcards.jass.rules import CONTRACT_NAMES, TOTAL_POINTS
from bitcards.simulate.result import SimulationResult, put_share
from bitcards.simulate.study import Chunk, Field, Study, register_study, tally

__all__ = ["JASS_PLAY", "trump_ins"]

SIDES = ("p1+p3", "p2+p4")
TRUMP_CONTRACTS = CONTRACT_NAMES[:4]


@njit
def _trump_in_rows(records, winners, trump, ins, plays):  # type: ignore[no-untyped-def]
    for i in range(records.shape[0]):
        leader = 0
        n_in = 0
        n_plays = 0
        for t in range(9):
            lead = np.int64(records[i, 4 * t + leader])
            if lead // 9 != trump:
                for j in range(1, 4):
                    p = (leader + j) & 3
                    n_plays += 1
                    n_in += np.int64(records[i, 4 * t + p]) // 9 == trump
            leader = np.int64(winners[i, t])
        ins[i] = n_in
        plays[i] = n_plays


def trump_ins(records: np.ndarray, winners: np.ndarray, trump: int) -> tuple[np.ndarray, np.ndarray]:
    """Per game: ``(trump-in plays, follower plays to side-suit leads)`` under trump suit ``trump`` (0..3).

    ``records`` are ``(n, 36)`` card indices in matrix order, ``winners`` the ``(n, 9)``
    trick winners' columns **from 0** (``score_games``'s minus one).

    >>> from bitcards.jass import batch, random_games
    >>> g = random_games(3, "h", seed=2)
    >>> ins, plays = trump_ins(g, batch.score(g, "h")[0] - 1, 1)
    >>> bool((ins <= plays).all() and (plays <= 27).all())
    True
    """
    n = records.shape[0]
    ins = np.empty(n, dtype=np.int64)
    plays = np.empty(n, dtype=np.int64)
    _trump_in_rows(np.ascontiguousarray(records), np.ascontiguousarray(winners, dtype=np.int8), np.int64(trump), ins, plays)
    return ins, plays


def _jass_play(deals: None, acc: dict[str, np.ndarray], chunk: Chunk) -> None:
    for code in range(6):
        games = random_games(chunk.n, code, chunk.seed, start=chunk.start)
        winners, points = batch.score(games, code)
        tally(acc["points"][code], points)
        tally(acc["tricks"][code], (winners % 2 == 1).sum(axis=1))  # columns 1 and 3 are side p1+p3
        if code < 4:
            ins, plays = trump_ins(games, winners - np.int8(1), code)
            tally(acc["trump_ins"][code], ins)
            tally(acc["side_lead_plays"][code], plays)


def _jass_summary(r: SimulationResult) -> dict[str, float]:
    out: dict[str, float] = {}
    mu, lo, hi = r.mean_ci("points")
    letters = "dhscou"
    tricks = r.counts["tricks"]
    for code, letter in enumerate(letters):
        out[f"mean_points_p1p3_{letter}"] = float(mu[code, 0])
        out[f"mean_points_p1p3_{letter}_lo"] = float(lo[code, 0])
        out[f"mean_points_p1p3_{letter}_hi"] = float(hi[code, 0])
        n = int(tricks[code].sum())
        out[f"p_match_{letter}"] = int(tricks[code, 0] + tricks[code, 9]) / n if n else float("nan")
    ins = (r.counts["trump_ins"] * np.arange(28)).sum(axis=1)
    plays = (r.counts["side_lead_plays"] * np.arange(28)).sum(axis=1)
    for code in range(4):
        put_share(out, f"trump_in_rate_{letters[code]}", int(ins[code]), int(plays[code]))
    return out


JASS_PLAY = register_study(
    Study(
        name="jass-play",
        game=None,  # random_games deals the rows itself (the same deals as bitcards.deal(n, "jass", seed))
        row_bytes=192,  # the games, their contracts, deals, winners, points and counts: about 160 bytes a row
        description="random legal Jass play under each contract: points and tricks per side, trumping in",
        fields=(
            Field(
                "points",
                bins=TOTAL_POINTS + 1,
                axes=(("contract", CONTRACT_NAMES), ("side", SIDES)),
                value="points",
                description="card points of each side (157 in all, last trick +5)",
            ),
            Field(
                "tricks",
                bins=10,
                axes=(("contract", CONTRACT_NAMES),),
                value="tricks",
                description="tricks won by p1+p3 (0 or 9: one side took every trick)",
            ),
            Field(
                "trump_ins",
                bins=28,
                axes=(("contract", TRUMP_CONTRACTS),),
                value="plays",
                description="plays per game of a trump by a follower to a side-suit lead",
            ),
            Field(
                "side_lead_plays",
                bins=28,
                axes=(("contract", TRUMP_CONTRACTS),),
                value="plays",
                description="follower plays per game to a side-suit lead (the occasions to trump in)",
            ),
        ),
        kernel=_jass_play,
        summary=_jass_summary,
    )
)


@warmup_task
def _warm() -> None:
    g = random_games(2, 1, 0)
    trump_ins(g, batch.score(g, 1)[0] - np.int8(1), 1)
