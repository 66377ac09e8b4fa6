"""Skat double-dummy studies: how often the declarer wins with all hands open (perfect play by everyone).

``skat-dd-win`` deals at random and solves each deal (:func:`bitcards.skat.batch.solve`) for
each of the six games, the declarer at seat ``seat`` (0 front, the default), forehand leading,
the skat as dealt counting for the declarer (a hand game). It counts won/lost by game and by the
declarer's number of jacks, won/lost by the simple bid value of the declarer's 10 cards (jack
factor x trump suit value, 0 = pass) for each game, for the suit game the bid value names and for
the best of the six games, and the declarer's card points (suit and grand games). With
``pickup=1`` the declarer instead picks up the skat and lays away the two cards that give the
best result under perfect play, per game: each deal is solved for all 66 discards of each game
(66 times the work; the jacks and bid value are still those of the 10 cards dealt).

``skat-pimc`` takes one 10-card hand (``hand``, any notation) for the forehand declarer, deals
the 22 other cards at random (two hands of 10 and the skat) many times and solves each deal for
each game: the winning chance of the hand per game type under perfect play with open cards
(perfect-information Monte Carlo, which overrates the defenders' knowledge and the declarer's).

Both solve a whole deal per game and row (milliseconds to tenths of a second each): run
thousands of deals, not millions, or spread them over workers.

>>> from bitcards.simulate import get_study
>>> get_study("skat-dd-win").field_names
('won', 'won_by_bid', 'won_named', 'won_any', 'points')
>>> get_study("skat-pimc").params["hand"]
'CJ SJ HJ CA CT CK SA ST HA H7'

(``tests/simulate/test_studies_skat_dd.py`` checks both studies' counts against solving each deal
with :func:`bitcards.skat.solve`.)
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

import numpy as np

from bitcards._bits import popcount
from bitcards._jit import njit
from bitcards._rng import draw_state, row_state
from bitcards.errors import BitcardsError
from bitcards.simulate.result import SimulationResult, put_share
from bitcards.simulate.study import Chunk, Field, SimulationError, Study, register_study
from bitcards.skat.bid import bid_values
from bitcards.skat.rules import GAME_NAMES, MASK_JACKS, as_hand_mask
from bitcards.skat.solver import solve_many

__all__ = ["SKAT_DD_WIN", "SKAT_PIMC"]

GAMES = GAME_NAMES
TRUMP_GAMES = GAME_NAMES[:5]
JACKS = ("0", "1", "2", "3", "4")
ALL_GAMES = (0, 1, 2, 3, 4, 5)
RESULT = ("lost", "won")
#: the ways to lay away 2 of the declarer's 12 cards after picking up the skat
N_DISCARDS = 66
#: memory per row: the solver's rows (6 games) and, per block, one transposition table shared by its rows
_ROW_BYTES = 6 * 64 + 64
#: the same when the skat is picked up: every discard of every game
_ROW_BYTES_PICKUP = N_DISCARDS * 6 * 64 + 64


def _solve_games(hands: np.ndarray, skats: np.ndarray, declarer: int, games: tuple[int, ...] = ALL_GAMES) -> np.ndarray:
    """``(n, len(games))``: per deal and game, the declarer's points (games 0..4) or 1/0 won (null)."""
    n, k = len(hands), len(games)
    rows = np.repeat(hands, k, axis=0)
    out = solve_many(rows, np.repeat(skats, k), np.tile(np.array(games, dtype=np.int64), n), declarer, 0)
    return out.reshape(n, k)


def _discards(hands: np.ndarray, skats: np.ndarray, declarer: int) -> tuple[np.ndarray, np.ndarray]:
    """Per deal, its :data:`N_DISCARDS` rows: the declarer keeps 10 of his 12 cards, the other 2 are the skat."""
    n = len(hands)
    rows = np.repeat(hands, N_DISCARDS, axis=0)
    laid = np.zeros(n * N_DISCARDS, dtype=np.uint64)
    for i in range(n):
        twelve = int(hands[i, declarer]) | int(skats[i])
        bits = [b for b in range(32) if twelve >> b & 1]
        for k, (a, b) in enumerate(itertools.combinations(bits, 2)):
            rows[i * N_DISCARDS + k, declarer] = twelve & ~((1 << a) | (1 << b))
            laid[i * N_DISCARDS + k] = (1 << a) | (1 << b)
    return rows, laid


def _solve_picked_up(hands: np.ndarray, skats: np.ndarray, declarer: int, games: tuple[int, ...] = ALL_GAMES) -> np.ndarray:
    """As :func:`_solve_games`, the declarer picking up the skat and laying away the best two cards."""
    rows, laid = _discards(hands, skats, declarer)
    return _solve_games(rows, laid, declarer, games).reshape(len(hands), N_DISCARDS, len(games)).max(axis=1)


def _count(acc: dict[str, np.ndarray], hand: np.ndarray, res: np.ndarray, with_bid: bool) -> None:
    won = res >= 61
    won[:, 5] = res[:, 5] == 1
    jacks = np.array([int(m & MASK_JACKS).bit_count() for m in hand], dtype=np.int64)
    for g in range(6):
        np.add.at(acc["won"][g], (jacks, won[:, g].astype(np.int64)), 1)
        if g < 5:
            np.add.at(acc["points"][g], res[:, g], 1)
    if with_bid:
        bids, suits = bid_values(hand)
        b = bids.astype(np.int64)
        for g in range(6):
            np.add.at(acc["won_by_bid"][g], (won[:, g].astype(np.int64), b), 1)
        named = suits >= 0
        np.add.at(acc["won_named"], (won[named, suits[named].astype(np.int64)].astype(np.int64), b[named]), 1)
        np.add.at(acc["won_any"], (won.any(axis=1).astype(np.int64), b), 1)


def _dd_win(deals: np.ndarray, acc: dict[str, np.ndarray], chunk: Chunk) -> None:
    seat = int(chunk.params["seat"])
    hands = np.ascontiguousarray(deals[:, :3])
    solve = _solve_picked_up if chunk.params["pickup"] else _solve_games
    res = solve(hands, np.ascontiguousarray(deals[:, 3]), seat)
    _count(acc, hands[:, seat], res, True)


def _summary(r: SimulationResult) -> dict[str, float]:
    out: dict[str, float] = {}
    w = r.counts["won"]
    for g, name in enumerate(GAMES):
        put_share(out, f"p_won_{name}", int(w[g, :, 1].sum()), int(w[g].sum()))
    pts = r.counts["points"]
    for g, name in enumerate(TRUMP_GAMES):
        n = int(pts[g].sum())
        out[f"mean_points_{name}"] = float((pts[g] * np.arange(121)).sum() / n) if n else float("nan")
    return out


def _check_seat(params: Mapping[str, Any]) -> None:
    if params["seat"] not in (0, 1, 2):
        raise SimulationError(f"seat must be 0 (front), 1 (middle) or 2 (rear), got {params['seat']}")
    if params["pickup"] not in (0, 1):
        raise SimulationError(f"pickup must be 0 (a hand game) or 1 (pick up the skat, best discard), got {params['pickup']}")


_WON = Field(
    "won", bins=2, axes=(("game", GAMES), ("jacks", JACKS)), value="won",
    description="declarer won (1) under perfect play, by game and the declarer's jacks (null: took no trick)",
)  # fmt: skip
_POINTS = Field(
    "points", bins=121, axes=(("game", TRUMP_GAMES),), value="points",
    description="declarer's card points under perfect play, skat included",
)  # fmt: skip

SKAT_DD_WIN = register_study(
    Study(
        name="skat-dd-win",
        game="skat",
        description="share of random deals the declarer wins with all hands open, by game, jacks and simple bid value",
        fields=(
            _WON,
            Field(
                "won_by_bid", bins=61, axes=(("game", GAMES), ("result", RESULT)), value="bid",
                description="the simple bid value of the declarer's 10 cards (0 = pass), by game and lost/won",
            ),  # fmt: skip
            Field(
                "won_named", bins=61, axes=(("result", RESULT),), value="bid",
                description="the simple bid value of the declarer's 10 cards, by lost/won of the suit game it names",
            ),  # fmt: skip
            Field(
                "won_any", bins=61, axes=(("result", RESULT),), value="bid",
                description="the simple bid value of the declarer's 10 cards (0 = pass), by whether any of the six games wins",
            ),  # fmt: skip
            _POINTS,
        ),
        kernel=_dd_win,
        params={"seat": 0, "pickup": 0},
        check=_check_seat,
        summary=_summary,
        row_bytes=_ROW_BYTES_PICKUP,
    )
)


# -- skat-pimc ----------------------------------------------------------------------------------------------


@njit
def _deal_rest(hand, key, start, n, out):  # type: ignore[no-untyped-def]
    """Rows ``start..start+n-1``: the 22 cards outside ``hand`` shuffled into two hands of 10 and a skat."""
    rest = np.empty(22, dtype=np.int64)
    for i in range(n):
        k = 0
        for c in range(32):  # every row starts from the same ordered list
            if not (np.uint64(hand) >> np.uint64(c)) & np.uint64(1):
                rest[k] = c
                k += 1
        st = row_state(key, start + i)
        for j in range(21, 0, -1):  # Fisher-Yates from the row's own stream
            st, r = draw_state(st, j + 1)
            t = rest[j]
            rest[j] = rest[r]
            rest[r] = t
        h1 = np.uint64(0)
        h2 = np.uint64(0)
        sk = np.uint64(0)
        for j in range(22):
            bit = np.uint64(1) << np.uint64(rest[j])
            if j < 10:
                h1 |= bit
            elif j < 20:
                h2 |= bit
            else:
                sk |= bit
        out[i, 0] = np.uint64(hand)
        out[i, 1] = h1
        out[i, 2] = h2
        out[i, 3] = sk
    return popcount(np.uint64(hand))


def _pimc(deals: Any, acc: dict[str, np.ndarray], chunk: Chunk) -> None:
    hand = as_hand_mask(chunk.params["hand"], count=10)
    out = np.zeros((chunk.n, 4), dtype=np.uint64)
    _deal_rest(np.uint64(hand), np.uint64(chunk.key), np.int64(chunk.start), np.int64(chunk.n), out)
    res = _solve_games(np.ascontiguousarray(out[:, :3]), np.ascontiguousarray(out[:, 3]), 0)
    _count(acc, out[:, 0], res, False)


def _check_hand(params: Mapping[str, Any]) -> None:
    try:
        as_hand_mask(params["hand"], count=10)
    except BitcardsError as e:
        raise SimulationError(f"hand: {e}") from None


SKAT_PIMC = register_study(
    Study(
        name="skat-pimc",
        game=None,
        description="one 10-card hand (parameter hand) as forehand declarer: its winning chance per game, open cards",
        fields=(_WON, _POINTS),
        kernel=_pimc,
        params={"hand": "CJ SJ HJ CA CT CK SA ST HA H7"},
        check=_check_hand,
        summary=_summary,
        row_bytes=_ROW_BYTES + 32,
    )
)
