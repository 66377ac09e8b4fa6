"""Skat studies of whole deals played on the engine: random play and the baseline policy.

``skat-random-play`` plays every deal with every action (bids too) uniform among the legal ones,
and counts the declarer's card points (skat included) and the results by game type; with random
bidding most games are overbid, so it shows the rules' mechanics, not good play.

``skat-baseline`` plays every deal with the documented baseline policy
(:mod:`bitcards.skat.baseline`) and counts how often its declarer wins, by game type and bid.

Deal ``i`` of a run plays from the random streams of row ``i`` only (as :func:`bitcards.playout`),
so the counts do not depend on the chunking or the threads.

>>> from bitcards.simulate import simulate
>>> r = simulate("skat-baseline", 2_000, seed=1)
>>> int(r.counts["bid"].sum()) + int(r.counts["passed"][1]) == 2_000
True
>>> 0.5 < r.summary()["p_win"] < 0.8
True
"""

from __future__ import annotations

import numpy as np

from bitcards.simulate.result import SimulationResult, put_share
from bitcards.simulate.study import Chunk, Field, Study, register_study

__all__ = ["SKAT_RANDOM_PLAY", "SKAT_BASELINE", "GAMES"]

#: game types (the ``game`` state field 0..5)
GAMES = ("diamonds", "hearts", "spades", "clubs", "grand", "null")
_OUTCOMES = ("lost", "won")
_SCORE_OFFSET = -600


def _play(deals: np.ndarray, chunk: Chunk, policy: str) -> tuple[np.ndarray, ...]:
    import bitcards

    r = bitcards.playout("skat", deals=deals, seed=chunk.seed, start=chunk.start, policy=policy)
    game = r.field("game")
    d = r.field("declarer")
    played = d >= 0
    rows = np.flatnonzero(played)
    pts = r.states[rows, r.spec.field("points0") + d[rows]]
    return played, game[rows], pts, r.field("won")[rows], r.field("score")[rows], r.field("bid")[rows]


def _random_kernel(deals: np.ndarray, acc: dict[str, np.ndarray], chunk: Chunk) -> None:
    played, game, pts, won, score, _ = _play(deals, chunk, "random")
    np.add.at(acc["points"], (game, pts), 1)
    np.add.at(acc["result"], (game, won), 1)
    np.add.at(acc["score"], (game, score - _SCORE_OFFSET), 1)
    acc["passed"][1] += int((~played).sum())
    acc["passed"][0] += int(played.sum())


def _baseline_kernel(deals: np.ndarray, acc: dict[str, np.ndarray], chunk: Chunk) -> None:
    played, game, pts, won, _, bid = _play(deals, chunk, "baseline")
    np.add.at(acc["bid"], (game, won, bid), 1)
    np.add.at(acc["points"], (game, pts), 1)
    acc["passed"][1] += int((~played).sum())
    acc["passed"][0] += int(played.sum())


def _win_shares(won: np.ndarray, lost: np.ndarray, out: dict[str, float], prefix: str) -> None:
    for g, name in enumerate(GAMES):
        put_share(out, f"{prefix}{name}", int(won[g]), int(won[g] + lost[g]))
    put_share(out, prefix.rstrip("_"), int(won.sum()), int(won.sum() + lost.sum()))


def _passed_share(r: SimulationResult, out: dict[str, float]) -> None:
    p = r.counts["passed"]
    n = int(p.sum())
    out["p_passed_in"] = int(p[1]) / n if n else float("nan")


def _random_summary(r: SimulationResult) -> dict[str, float]:
    out: dict[str, float] = {}
    res = r.counts["result"]
    _win_shares(res[:, 1], res[:, 0], out, "p_win_")
    pts = r.counts["points"]
    vals = np.arange(121)
    for g, name in enumerate(GAMES):
        n = int(pts[g].sum())
        out[f"mean_points_{name}"] = float((pts[g] * vals).sum() / n) if n else float("nan")
    _passed_share(r, out)
    return out


def _baseline_summary(r: SimulationResult) -> dict[str, float]:
    out: dict[str, float] = {}
    b = r.counts["bid"].sum(axis=-1)
    _win_shares(b[:, 1], b[:, 0], out, "p_win_")
    _passed_share(r, out)
    return out


_GAME_AXIS = (("game", GAMES),)

SKAT_RANDOM_PLAY = register_study(
    Study(
        name="skat-random-play",
        game="skat",
        description="whole deals under random play (bids too): declarer card points and results per game type",
        fields=(
            Field("points", bins=121, axes=_GAME_AXIS, value="points", description="the declarer's card points, skat included"),
            Field("result", bins=2, axes=_GAME_AXIS, value="won", description="the declarer lost (0) or won (1)"),
            Field("score", bins=1201, axes=_GAME_AXIS, offset=_SCORE_OFFSET, value="score",
                  description="the score-sheet entry (+value won, -2 x value lost)"),  # fmt: skip
            Field("passed", bins=2, value="passed", description="deals played (0) and passed in (1)"),
        ),
        kernel=_random_kernel,
        summary=_random_summary,
    )
)

SKAT_BASELINE = register_study(
    Study(
        name="skat-baseline",
        game="skat",
        description="whole deals played by the baseline policy: how often its declarer wins, by game type and bid",
        fields=(
            Field("bid", bins=199, axes=(*_GAME_AXIS, ("outcome", _OUTCOMES)), value="bid",
                  description="games by type, outcome and the bid they were played at"),  # fmt: skip
            Field("points", bins=121, axes=_GAME_AXIS, value="points", description="the declarer's card points, skat included"),
            Field("passed", bins=2, value="passed", description="deals played (0) and passed in (1)"),
        ),
        kernel=_baseline_kernel,
        summary=_baseline_summary,
    )
)
