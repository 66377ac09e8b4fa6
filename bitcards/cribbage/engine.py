"""Cribbage on the engine: whole two-player games to 121.

Each deal: the cards are dealt (chance: six each, one card at a time, the pone
first; the first deal is the dealt row of :func:`bitcards.deal`), each player
throws two into the dealer's crib (the pone first), the starter is cut
(chance; a jack gives the dealer 2, his heels), the play (pegging, see
:mod:`bitcards.cribbage.peg`), then the show: the pone's hand, the dealer's
hand, the dealer's crib. The deal passes to the other player. The game ends
the moment a player reaches 121, during the play or the show too.

Actions: a card's bit while dealing, cutting and playing; while throwing, the
index 0..14 of the pair thrown (pairs ``i < j`` of the six held cards in bit
order; named ``"throw 6C 7S"``). Player 0 holds the ``p1`` column of the deal
and deals first unless ``first_dealer=1``.

:func:`returns`: the winner +1, +2 if the loser has fewer than 91 points (a
skunk), +3 under 61 (a double skunk); the loser the negative.

Policies: ``"random"`` (uniform over the legal actions) and ``"baseline"``:
throw the pair that leaves the best expected hand over the 46 unseen starters
(as :func:`bitcards.cribbage.batch.best_discard`; among equals the first pair in bit
order rather than the higher minimum) and play the card that pegs the most at
once, the lowest card among equals.

>>> import bitcards
>>> r = bitcards.playout("cribbage", 20, seed=1, policy="baseline")
>>> winner = r.returns[:, 1] > 0
>>> bool((np.where(winner, r.field("score1"), r.field("score0")) >= 121).all()), int(r.returns.sum())
(True, 0)
>>> st = bitcards.new_game("cribbage", deal=["5H 5D 6C 7S JD KD", "AS 2S 3S 4S 9H KC", "JC"])
>>> st.phase_name, st.current_player, st.action_name(st.legal_actions()[0])
('throw', 1, 'throw 9H AS')
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from bitcards import engine
from bitcards._bits import ctz, popcount, select_mask
from bitcards._jit import njit
from bitcards.cribbage import _keep, _peg, _rules
from bitcards.errors import InvalidCardsError, ParseError
from bitcards.layouts import FRENCH
from bitcards.notation import format_card, format_cards, parse_card, parse_cards

__all__ = ["CribbageGame", "FIELDS", "PHASES", "SPEC", "WIN", "pair_index"]

WIN = 121
SKUNK = 91
DOUBLE_SKUNK = 61

FIELDS = (
    "player", "phase", "moves",
    "dealer", "score0", "score1", "hand0", "hand1", "kept0", "kept1", "crib", "starter", "next_starter",
    "dealt", "n_dealt", "count", "series", "deals",
    "pegged0", "pegged1", "shown0", "shown1", "cribbed0", "cribbed1", "heels0", "heels1",
    "dealer_points", "pone_points",
)  # fmt: skip
(
    _DEALER, _SCORE0, _SCORE1, _HAND0, _HAND1, _KEPT0, _KEPT1, _CRIB, _STARTER, _NEXT_STARTER,
    _DEALT, _N_DEALT, _COUNT, _SERIES, _DEALS,
    _PEG0, _PEG1, _SHOWN0, _SHOWN1, _CRIBBED0, _CRIBBED1, _HEELS0, _HEELS1, _DEALER_PTS, _PONE_PTS,
) = range(engine.HEADER, len(FIELDS))  # fmt: skip
PHASES = ("deal", "throw", "cut", "play", "over")
_DEAL, _THROW, _CUT, _PLAY, _OVER = range(5)
#: the most actions a game can take: a deal is 12 cards, 2 throws, a cut and 8 plays, and every
#: deal's play scores at least 1 (the go or 31 that ends it), so 241 deals bring a player to 121
MAX_ACTIONS = 241 * 23

_DECK = (1 << 52) - 1
#: pair index -> positions i < j among the six held cards (bit order)
_PAIR_I = np.array([i for i in range(6) for j in range(i + 1, 6)], dtype=np.int64)
_PAIR_J = np.array([j for i in range(6) for j in range(i + 1, 6)], dtype=np.int64)


class CribbageGame(NamedTuple):
    """The configuration of a Cribbage game: who deals first (player 0 or 1)."""

    first_dealer: int


# --- the rules on a state row ---------------------------------------------------------------
@njit(inline="always")
def _add(s, p, pts, kind):  # type: ignore[no-untyped-def]
    """Player ``p`` scores ``pts`` (``kind``: the field of pegged0, shown0, ...); True when that wins."""
    if pts == 0:
        return False
    s[_SCORE0 + p] += pts
    s[kind + p] += pts
    if p == s[_DEALER]:
        s[_DEALER_PTS] += pts
    else:
        s[_PONE_PTS] += pts
    if s[_SCORE0 + p] >= WIN:
        s[engine.PLAYER] = engine.TERMINAL
        s[engine.PHASE] = _OVER
        return True
    return False


@njit(inline="always")
def _init(g, s, deal):  # type: ignore[no-untyped-def]
    for f in range(s.shape[0]):
        s[f] = 0
    dealer = g.first_dealer
    s[_DEALER] = dealer
    s[_HAND0] = np.int64(deal[0])
    s[_HAND1] = np.int64(deal[1])
    s[_DEALT] = np.int64(deal[0] | deal[1])
    s[_N_DEALT] = 12
    s[_STARTER] = -1
    s[_NEXT_STARTER] = ctz(np.uint64(deal[2]))
    s[_DEALS] = 1
    s[engine.PHASE] = _THROW
    s[engine.PLAYER] = 1 - dealer


@njit(inline="always")
def _legal(g, s):  # type: ignore[no-untyped-def]
    ph = s[engine.PHASE]
    if ph == _PLAY:
        return _peg.fitting(s[_HAND0 + s[engine.PLAYER]], s[_COUNT])
    if ph == _THROW:
        return np.uint64(0x7FFF)
    if ph == _DEAL:
        return np.uint64(_DECK) & ~np.uint64(s[_DEALT])
    if ph == _CUT:
        if s[_NEXT_STARTER] >= 0:
            return np.uint64(1) << np.uint64(s[_NEXT_STARTER])
        return np.uint64(_DECK) & ~np.uint64(s[_DEALT])
    return np.uint64(0)


@njit(inline="always")
def _show(s):  # type: ignore[no-untyped-def]
    """The show: the pone's hand, the dealer's hand, the crib; then the next deal."""
    dealer = s[_DEALER]
    pone = 1 - dealer
    st = s[_STARTER]
    if _add(s, pone, _rules.score5(np.uint64(s[_KEPT0 + pone]), st, False), _SHOWN0):
        return
    if _add(s, dealer, _rules.score5(np.uint64(s[_KEPT0 + dealer]), st, False), _SHOWN0):
        return
    if _add(s, dealer, _rules.score5(np.uint64(s[_CRIB]), st, True), _CRIBBED0):
        return
    s[_DEALER] = pone
    s[_HAND0] = 0
    s[_HAND1] = 0
    s[_KEPT0] = 0
    s[_KEPT1] = 0
    s[_CRIB] = 0
    s[_STARTER] = -1
    s[_DEALT] = 0
    s[_N_DEALT] = 0
    s[_DEALS] += 1
    s[engine.PHASE] = _DEAL
    s[engine.PLAYER] = engine.CHANCE


@njit(inline="always")
def _apply(g, s, a):  # type: ignore[no-untyped-def]
    ph = s[engine.PHASE]
    p = s[engine.PLAYER]
    dealer = s[_DEALER]
    if ph == _PLAY:
        hp, count, ser, pts, why, nxt = _peg.peg_step(s[_HAND0 + p], s[_HAND1 - p], s[_COUNT], s[_SERIES], a)
        s[_HAND0 + p] = np.int64(hp)
        s[_COUNT] = count
        s[_SERIES] = np.int64(ser)
        if _add(s, p, pts, _PEG0):
            return
        if nxt == _peg.OPP:
            s[engine.PLAYER] = 1 - p
        elif nxt == _peg.OVER:
            _show(s)
        return
    if ph == _THROW:
        h = np.uint64(s[_HAND0 + p])
        thrown = select_mask(h, _PAIR_I[a]) | select_mask(h, _PAIR_J[a])
        s[_HAND0 + p] = np.int64(h ^ thrown)
        s[_KEPT0 + p] = np.int64(h ^ thrown)
        s[_CRIB] = np.int64(np.uint64(s[_CRIB]) | thrown)
        if p != dealer:
            s[engine.PLAYER] = dealer
        else:
            s[engine.PHASE] = _CUT
            s[engine.PLAYER] = engine.CHANCE
        return
    if ph == _DEAL:
        bit = np.uint64(1) << np.uint64(a)
        s[_DEALT] = np.int64(np.uint64(s[_DEALT]) | bit)
        to = 1 - dealer if s[_N_DEALT] % 2 == 0 else dealer
        s[_HAND0 + to] = np.int64(np.uint64(s[_HAND0 + to]) | bit)
        s[_N_DEALT] += 1
        if s[_N_DEALT] == 12:
            s[engine.PHASE] = _THROW
            s[engine.PLAYER] = 1 - dealer
        return
    # the cut
    s[_STARTER] = a
    s[_NEXT_STARTER] = -1
    s[_DEALT] = np.int64(np.uint64(s[_DEALT]) | (np.uint64(1) << np.uint64(a)))
    s[_COUNT] = 0
    s[_SERIES] = 0
    if a % 13 == _rules.JACK and _add(s, dealer, 2, _HEELS0):
        return
    s[engine.PHASE] = _PLAY
    s[engine.PLAYER] = 1 - dealer


@njit(inline="always")
def _returns(g, s, out):  # type: ignore[no-untyped-def]
    out[0] = 0
    out[1] = 0
    if s[engine.PLAYER] != engine.TERMINAL:
        return
    w = 0 if s[_SCORE0] >= WIN else 1
    lose = s[_SCORE0 + 1 - w]
    k = 3 if lose < DOUBLE_SKUNK else (2 if lose < SKUNK else 1)
    out[w] = k
    out[1 - w] = -k


@njit(inline="always")
def _observe(g, s, player, out):  # type: ignore[no-untyped-def]
    for f in range(s.shape[0]):
        out[f] = s[f]
    other = 1 - player
    out[_HAND0 + other] = 0
    out[_KEPT0 + other] = 0
    out[_CRIB] = 0
    out[_NEXT_STARTER] = -1
    out[_DEALT] = 0


# --- policies ---------------------------------------------------------------------------------
@njit
def pair_index(hand, thrown):  # type: ignore[no-untyped-def]
    """The throw action (0..14) that throws the two cards ``thrown`` from the six held in ``hand``."""
    h = np.uint64(hand)
    t = np.uint64(thrown)
    below = np.uint64(1) << np.uint64(ctz(t))
    i = popcount(h & (below - np.uint64(1)))
    hi = t ^ below
    j = popcount(h & (hi - np.uint64(1)))
    return i * (11 - i) // 2 + j - i - 1


@njit(inline="always")
def greedy_card(s, legal):  # type: ignore[no-untyped-def]
    """The legal card that pegs the most at once (the go and last card included), the lowest among equals."""
    p = s[engine.PLAYER]
    best = -1
    best_pts = -1
    x = np.uint64(legal)
    while x:
        c = ctz(x)
        x &= x - np.uint64(1)
        _, _, _, pts, _, _ = _peg.peg_step(s[_HAND0 + p], s[_HAND1 - p], s[_COUNT], s[_SERIES], c)
        if pts > best_pts:
            best = c
            best_pts = pts
    return np.int64(best)


@njit
def baseline(s, legal, rng):  # type: ignore[no-untyped-def]
    """Throw for the best expected hand over the 46 unseen starters (the first of equals); peg greedily."""
    if s[engine.PHASE] == _THROW:
        h = np.uint64(s[_HAND0 + s[engine.PLAYER]])
        keep, _ = _keep.best_keep(h)
        return pair_index(h, h ^ keep)
    return greedy_card(s, legal)


# --- text -------------------------------------------------------------------------------------
def _make_config(first_dealer: Any = 0) -> CribbageGame:
    if isinstance(first_dealer, bool) or first_dealer not in (0, 1):
        raise InvalidCardsError(f"first_dealer is player 0 or 1, got {first_dealer!r}")
    return CribbageGame(int(first_dealer))


def _options(g: CribbageGame) -> dict[str, Any]:
    return {"first_dealer": g.first_dealer}


def _thrown_bits(s: np.ndarray, a: int) -> tuple[int, int]:
    h = int(s[_HAND0 + int(s[engine.PLAYER])])
    bits = [b for b in range(52) if h >> b & 1]
    return bits[int(_PAIR_I[a])], bits[int(_PAIR_J[a])]


def _action_name(g: CribbageGame, s: np.ndarray, a: int) -> str:
    if int(s[engine.PHASE]) == _THROW and 0 <= a < 15 and int(s[_HAND0 + int(s[engine.PLAYER])]).bit_count() == 6:
        i, j = _thrown_bits(s, a)
        return f"throw {format_card(i, FRENCH)} {format_card(j, FRENCH)}"
    return format_card(a, FRENCH)


def _parse_action(g: CribbageGame, s: np.ndarray, text: str) -> int:
    if int(s[engine.PHASE]) != _THROW:
        return parse_card(text, FRENCH)
    words = text.split()
    if words and words[0].lower() == "throw":
        words = words[1:]
    bits = parse_cards(words, FRENCH, "english", unique=True)
    h = int(s[_HAND0 + int(s[engine.PLAYER])])
    if len(bits) != 2 or any(not h >> b & 1 for b in bits):
        raise ParseError(f"a throw is two of the cards held ({format_cards(h, FRENCH)}), got {text!r}")
    return int(pair_index(np.uint64(h), np.uint64((1 << bits[0]) | (1 << bits[1]))))


def _describe(st: engine.GameState) -> str:
    s = st.row
    dealer = int(s[_DEALER])
    lines = [
        f"Cribbage, deal {int(s[_DEALS])}, {st.phase_name}: player 0 {int(s[_SCORE0])}, player 1 {int(s[_SCORE1])}"
        f" (player {dealer} deals)"
    ]
    lines += st.hand_lines(_HAND0, FRENCH)
    if int(s[_STARTER]) >= 0:
        lines.append(f"  starter {format_card(int(s[_STARTER]), FRENCH)}, count {int(s[_COUNT])}")
    return "\n".join(lines)


SPEC = engine.register_module(
    __name__, game="cribbage", config=CribbageGame, n_players=2,
    max_actions=MAX_ACTIONS, deal_game="cribbage", policies={"baseline": baseline}
)
