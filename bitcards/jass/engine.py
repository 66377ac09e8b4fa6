"""Jass on the engine: nine tricks of four cards under one contract, card points per side.

Players 0 and 2 (columns 1 and 3 of a play record) form one side, 1 and 3 the
other. Player 0 leads the first trick; the winner of a trick leads the next.
An action is a card's bit (``suit * 9 + rank``). The contract is a state field,
set from the ``contract`` option at the start: change the ``contract`` column
of :func:`bitcards.engine.initial_states` to play a different one per row.

:func:`returns` gives each player its side's card points (the last trick's 5
included), so the two sides' returns add up to 157.

>>> import bitcards
>>> st = bitcards.new_game("jass", deal=["d6 d7 d8 d9 dT dJ dQ dK dA", "h6 h7 h8 h9 hT hJ hQ hK hA",
...                                       "s6 s7 s8 s9 sT sJ sQ sK sA", "c6 c7 c8 c9 cT cJ cQ cK cA"], contract="h")
>>> st.apply("dA").legal_actions() == [bitcards.jass.card(c) for c in "h6 h7 h8 h9 hT hJ hQ hK hA".split()]
True
>>> st.apply("h6")["best"] == bitcards.jass.card("h6")          # trumped in
True
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from bitcards import engine
from bitcards._jit import njit
from bitcards.jass.rules import (
    CONTRACT_NAMES,
    LAST_TRICK_BONUS,
    POINTS,
    follow_mask,
    format_contract,
    parse_contract,
    trick_follow,
    trick_lead,
)
from bitcards.layouts import JASS
from bitcards.notation import format_card, parse_card

__all__ = ["JassGame", "FIELDS", "PHASES", "SPEC", "play_order_to_matrix"]

FIELDS = (
    "player", "phase", "moves",
    "contract", "leader", "trick", "n_in_trick", "lead_suit", "contenders", "best", "best_player", "best_key",
    "trick_points", "points0", "points1", "hand0", "hand1", "hand2", "hand3", "winners",
)  # fmt: skip
(
    _CONTRACT, _LEADER, _TRICK, _N_IN, _LEAD_SUIT, _CONT, _BEST, _BEST_P, _BEST_KEY,
    _TRICK_PTS, _PTS0, _PTS1, _HAND0, _HAND1, _HAND2, _HAND3, _WINNERS,
) = range(engine.HEADER, len(FIELDS))  # fmt: skip
PHASES = ("play", "over")
_PLAY, _OVER = 0, 1


class JassGame(NamedTuple):
    """The configuration of a Jass game: the contract code (0..3 trump ``d h s c``, 4 Obenabe, 5 Undenufe)."""

    contract: int


# --- the rules on a state row ---------------------------------------------------------------
@njit(inline="always")
def _init(g, s, deal):  # type: ignore[no-untyped-def]
    for f in range(s.shape[0]):
        s[f] = 0
    s[_CONTRACT] = g.contract
    for p in range(4):
        s[_HAND0 + p] = np.int64(deal[p])
    s[_LEAD_SUIT] = -1
    s[engine.PLAYER] = 0
    s[engine.PHASE] = _PLAY


@njit(inline="always")
def _legal(g, s):  # type: ignore[no-untyped-def]
    p = s[engine.PLAYER]
    if p < 0:
        return np.uint64(0)
    hand = np.uint64(s[np.uint64(_HAND0 + p)])  # unsigned index: no check for a negative one
    if s[_N_IN] == 0:
        return hand
    return follow_mask(hand, s[_LEAD_SUIT], s[_BEST], s[_CONTRACT])


@njit(inline="always")
def _apply(g, s, a):  # type: ignore[no-untyped-def]
    p = s[engine.PLAYER]
    contract = s[_CONTRACT]
    bit = np.uint64(1) << np.uint64(a)
    h = np.uint64(_HAND0 + p)
    s[h] = np.int64(np.uint64(s[h]) ^ bit)
    pts = POINTS[np.uint64(contract * 36 + a)]
    if s[_N_IN] == 0:
        lead_suit, cont, best, best_p, best_key = trick_lead(a, p, contract)
        s[_LEAD_SUIT] = lead_suit
        s[_CONT] = np.int64(cont)
        s[_TRICK_PTS] = pts
    else:
        best, best_p, best_key = trick_follow(
            a, bit, p, np.uint64(s[_CONT]), contract, s[_BEST], s[_BEST_P], s[_BEST_KEY]
        )
        s[_TRICK_PTS] += pts
    s[_BEST] = best
    s[_BEST_P] = best_p
    s[_BEST_KEY] = best_key
    s[_N_IN] += 1
    if s[_N_IN] < 4:
        s[engine.PLAYER] = (p + 1) & 3
        return
    t = s[_TRICK]
    s[_TRICK] = t + 1
    if t == 8:
        s[_TRICK_PTS] += LAST_TRICK_BONUS
    s[np.uint64(_PTS0 + (best_p & 1))] += s[_TRICK_PTS]
    s[_WINNERS] |= best_p << (2 * t)
    s[_LEADER] = best_p
    s[_N_IN] = 0
    s[_LEAD_SUIT] = -1
    if t == 8:
        s[engine.PLAYER] = engine.TERMINAL
        s[engine.PHASE] = _OVER
    else:
        s[engine.PLAYER] = best_p


@njit(inline="always")
def _returns(g, s, out):  # type: ignore[no-untyped-def]
    for p in range(4):
        out[p] = s[_PTS0 + (p & 1)]


@njit(inline="always")
def _observe(g, s, player, out):  # type: ignore[no-untyped-def]
    for f in range(s.shape[0]):
        out[f] = s[f]
    for p in range(4):
        if p != player:
            out[_HAND0 + p] = 0


# --- text -------------------------------------------------------------------------------------
def _make_config(contract: Any) -> JassGame:
    return JassGame(parse_contract(contract))


def _options(g: JassGame) -> dict[str, Any]:
    return {"contract": format_contract(g.contract)}


def _action_name(g: JassGame, s: np.ndarray, a: int) -> str:
    return format_card(a, JASS)


def _parse_action(g: JassGame, s: np.ndarray, text: str) -> int:
    return parse_card(text, JASS)


def _describe(st: engine.GameState) -> str:
    s = st.row
    lines = [f"Jass, {CONTRACT_NAMES[int(s[_CONTRACT])]}, trick {min(int(s[_TRICK]) + 1, 9)} of 9"]
    lines += st.hand_lines(_HAND0, JASS)
    lines.append(f"  points: players 0+2 {int(s[_PTS0])}, players 1+3 {int(s[_PTS1])}")
    return "\n".join(lines)


SPEC = engine.register_module(
    __name__, game="jass", config=JassGame, n_players=4,
    max_actions=36, deal_game="jass", example_options={"contract": "h"},
)


# --- play order <-> the 9 x 4 record ------------------------------------------------------------
@njit
def _to_matrix_kernel(actions, contracts, out):  # type: ignore[no-untyped-def]
    for i in range(actions.shape[0]):
        leader = np.int64(0)
        contract = np.int64(contracts[i])
        for t in range(9):
            c = np.int64(actions[i, 4 * t])
            out[i, 4 * t + leader] = c
            lead_suit, cont, best, best_p, best_key = trick_lead(c, leader, contract)
            for j in range(1, 4):
                p = (leader + j) & 3
                c = np.int64(actions[i, 4 * t + j])
                out[i, 4 * t + p] = c
                best, best_p, best_key = trick_follow(
                    c, np.uint64(1) << np.uint64(c), p, cont, contract, best, best_p, best_key
                )
            leader = best_p


def play_order_to_matrix(actions: np.ndarray, contracts: np.ndarray) -> np.ndarray:
    """Whole games' cards in play order (``(n, 36)``) as 9 x 4 play records (matrix order, ``int8``)."""
    out = np.empty((actions.shape[0], 36), dtype=np.int8)
    _to_matrix_kernel(actions, contracts, out)
    return out
