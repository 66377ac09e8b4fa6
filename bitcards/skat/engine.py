"""Skat on the engine: bidding, skat and discard, declaration, ten tricks, settlement.

Players are seats: 0 forehand (front), 1 middlehand (middle), 2 rearhand (rear);
the deal is one row of :func:`bitcards.deal` ``"skat"`` (front, middle, rear, skat).

**Bidding** in the official order: middlehand bids to forehand (forehand answers
"hold" or "pass"), then rearhand bids to the winner; if nobody has bid, forehand
may still bid or pass. Action codes in the bidding phase: ``0`` pass, ``1 + k``
"bid ``BID_VALUES[k]``" for the 63 game values 18, 20, 22, 23, ... 240, 264 (the
values of the 73-entry bid table of skat-game-id's run ids that a game can be
worth), so the whole ladder fits the 64-bit action mask. The answerer's "hold"
is the code of the bid it holds (saying "yes" to that value): its legal actions
are pass and that one code. All pass: the deal is thrown in (every return 0),
or, with ``ramsch=True``, Ramsch is played.

**Declarer**: ``0`` "pickup" (the skat goes to the hand, then two discards, each
a card's bit) or ``1`` "hand". Then the declaration, code ``game + 6 * m``
(games ``diamonds hearts spades clubs grand null`` = 0..5; ``m`` 0 plain,
1 schneider announced, 2 schwarz announced, 3 ouvert). Announcements and suit or
grand ouvert need a hand game; a null game whose fixed value is below the bid is
not legal (the declarer must announce a game that can reach the bid).

**Play**: forehand leads the first trick, the winner of a trick leads the next;
all ten tricks are played (a null game's result is settled by the first trick
the declarer takes). **Settlement** uses the official game value
(:mod:`bitcards.skat.value`: matadors over the declarer's 12 cards, levels,
overbidding) and Seeger-Fabian points: :func:`returns` gives the declarer +value
+ 50 won, -2 x value - 50 lost, and each defender 40 when the declarer lost.

Variants, off by default (options of :func:`bitcards.new_game` /
:func:`bitcards.playout`):

* ``ramsch``: when all pass, Ramsch (grand's trumps, no declarer; the skat goes
  to the winner of the last trick). The player with the most card points loses
  them (ties: each loses); doubled if a player took no trick (Jungfrau); one
  player taking every trick (Durchmarsch) wins 120. Returns are these scores.
* ``kontra``: after the declaration each defender in seat order may say
  "kontra" (``1``) or "pass" (``0``); after a kontra the declarer may say "re"
  (``1``). Kontra doubles the score-sheet entry, re doubles it again.
* ``bock``: the deal is played in a Bock round: the score-sheet entry is doubled.

>>> import bitcards
>>> st = bitcards.new_game("skat", seed=3)
>>> st.phase_name, st.current_player, [st.action_name(a) for a in st.legal_actions()[:3]]
('bidding', 1, ['pass', 'bid 18', 'bid 20'])
>>> r = bitcards.playout("skat", 10_000, seed=1)
>>> bool(((r.field("points0") + r.field("points1") + r.field("points2")) % 120 == 0).all())
True
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from bitcards import engine
from bitcards._bits import popcount
from bitcards._jit import njit
from bitcards.errors import ParseError, shorten
from bitcards.layouts import SKAT
from bitcards.notation import format_card, format_cards, parse_card
from bitcards.skat.rules import GAME_NAMES, GRAND, NULL, _card_points, _legal_cards, _trick_winner, _trump_mask
from bitcards.skat.value import BID_VALUES, F_HAND, F_OUVERT, F_SCHNEIDER, F_SCHWARZ, game_value_rule, seeger_fabian_rule

__all__ = [
    "SkatGame",
    "FIELDS",
    "PHASES",
    "SPEC",
    "RAMSCH",
    "MAX_BID",
    "bid_code",
    "declaration_code",
    "declaration_name",
    "parse_declaration",
]

FIELDS = (
    "player", "phase", "moves",
    "hand0", "hand1", "hand2", "skat", "skat0", "dealt",
    "stage", "bidder", "answerer", "bid", "said0", "said1", "said2",
    "declarer", "game", "rules", "hand", "announce", "ouvert", "kontra",
    "leader", "trick", "n_in_trick", "c0", "c1", "c2", "winners",
    "points0", "points1", "points2", "tricks0", "tricks1", "tricks2",
    "matadors", "value", "won", "overbid", "score", "ret0", "ret1", "ret2",
)  # fmt: skip
(
    _HAND0, _HAND1, _HAND2, _SKAT, _SKAT0, _DEALT,
    _STAGE, _BIDDER, _ANSWERER, _BID, _SAID0, _SAID1, _SAID2,
    _DECL, _GAME, _RULES, _HANDG, _ANN, _OUV, _KONTRA,
    _LEADER, _TRICK, _N_IN, _C0, _C1, _C2, _WINNERS,
    _PTS0, _PTS1, _PTS2, _TR0, _TR1, _TR2,
    _MAT, _VALUE, _WON, _OVERBID, _SCORE, _RET0, _RET1, _RET2,
) = range(engine.HEADER, len(FIELDS))  # fmt: skip
PHASES = ("bidding", "pickup", "discard", "declare", "kontra", "play", "over")
_BIDDING, _PICKUP, _DISCARD, _DECLARE, _KONTRA_PH, _PLAY, _OVER = range(7)
#: the ``game`` field of a Ramsch deal
RAMSCH = 6
#: the highest bid (the top of the ladder: grand ouvert with 4)
MAX_BID = max(BID_VALUES)

# bid code -> value (code 0: pass), and value -> code (0 for a value no game is worth)
_CODE_VALUE = np.zeros(64, dtype=np.int64)
_CODE_VALUE[1:] = sorted(BID_VALUES)
_VALUE_CODE = np.zeros(MAX_BID + 1, dtype=np.int64)
_VALUE_CODE[_CODE_VALUE[1:]] = np.arange(1, 64)


def _bids_above_table() -> np.ndarray:
    """For a current bid value v (0..264): the mask of bid codes worth more than v."""
    t = np.zeros(MAX_BID + 1, dtype=np.uint64)
    for v in range(MAX_BID + 1):
        m = 0
        for c in range(64):
            if _CODE_VALUE[c] > v:
                m |= 1 << c
        t[v] = m
    return t


_BIDS_ABOVE = _bids_above_table()


def _trick_keys() -> tuple[np.ndarray, np.ndarray]:
    """Per rules (the 6 games) and card: its strength as a trump (0: no trump), and as a card of
    the led suit (0 for trumps); a trick goes to the highest trump, else the highest card of the
    led suit. The same order as :func:`bitcards.skat.rules._trick_winner`, as tables."""
    plain = (1, 2, 3, 6, 0, 4, 5, 7)  # 7 8 9 T J Q K A: A T K Q 9 8 7, jacks apart
    trump = np.zeros((6, 32), dtype=np.int64)
    follow = np.zeros((6, 32), dtype=np.int64)
    for g in range(6):
        for c in range(32):
            suit, rank = divmod(c, 8)
            if g == NULL:
                follow[g, c] = 1 + rank  # 7 8 9 T J Q K A
            elif rank == 4:
                trump[g, c] = 108 + suit
            elif suit == g:
                trump[g, c] = 100 + plain[rank]
            else:
                follow[g, c] = plain[rank]
    return trump, follow


_TRUMP_KEY, _PLAIN_KEY = _trick_keys()
_NEXT = np.array([1, 2, 0], dtype=np.int64)
_NULL_FIXED = np.array([23, 35, 46, 59], dtype=np.int64)  # null, hand, ouvert, ouvert hand
_M_PLAIN, _M_SCHNEIDER, _M_SCHWARZ, _M_OUVERT = 0, 1, 2, 3


class SkatGame(NamedTuple):
    """The options of a Skat deal: the variants Ramsch, Kontra/Re and a Bock round (all off by default)."""

    ramsch: bool = False
    kontra: bool = False
    bock: bool = False


# --- the rules on a state row ---------------------------------------------------------------
@njit(inline="always")
def _init(g, s, deal):  # type: ignore[no-untyped-def]
    for f in range(s.shape[0]):
        s[f] = 0
    for p in range(3):
        s[_HAND0 + p] = np.int64(deal[p])
    s[_SKAT] = np.int64(deal[3])
    s[_SKAT0] = np.int64(deal[3])
    s[_STAGE] = 1
    s[_BIDDER] = 1
    s[_ANSWERER] = 0
    s[_DECL] = -1
    s[_GAME] = -1
    s[_RULES] = -1
    s[_C0] = -1
    s[_C1] = -1
    s[_C2] = -1
    s[engine.PLAYER] = 1
    s[engine.PHASE] = _BIDDING


@njit(inline="always")
def _declare_legal(s):  # type: ignore[no-untyped-def]
    """Legal declaration codes: every game plain; announcements and suit/grand ouvert in hand games;
    null variants whose fixed value reaches the bid."""
    hand = s[_HANDG] != 0
    m = np.uint64(0x1F)  # diamonds .. grand, plain
    if hand:
        m |= np.uint64(0x1F) << np.uint64(6 * _M_SCHNEIDER)
        m |= np.uint64(0x1F) << np.uint64(6 * _M_SCHWARZ)
        m |= np.uint64(0x1F) << np.uint64(6 * _M_OUVERT)
    h = np.int64(1) if hand else np.int64(0)
    if _NULL_FIXED[h] >= s[_BID]:
        m |= np.uint64(1) << np.uint64(NULL)
    if _NULL_FIXED[2 + h] >= s[_BID]:
        m |= np.uint64(1) << np.uint64(NULL + 6 * _M_OUVERT)
    return m


@njit
def _legal(g, s):  # type: ignore[no-untyped-def]
    p = s[engine.PLAYER]
    if p < 0:
        return np.uint64(0)
    ph = s[engine.PHASE]
    if ph == _PLAY:
        hand = np.uint64(s[_HAND0 + p])
        if s[_N_IN] == 0:
            return hand
        return _legal_cards(hand, s[_C0], s[_RULES])
    if ph == _BIDDING:
        if p == s[_ANSWERER] and s[_STAGE] != 3:
            return np.uint64(1) | (np.uint64(1) << np.uint64(_VALUE_CODE[s[_BID]]))  # pass, hold
        return np.uint64(1) | _BIDS_ABOVE[s[_BID]]
    if ph == _PICKUP:
        return np.uint64(3)  # pickup, hand
    if ph == _KONTRA_PH:
        return np.uint64(3)  # pass, kontra (or re)
    if ph == _DISCARD:
        return np.uint64(s[_HAND0 + p])
    return _declare_legal(s)


@njit(inline="always")
def _start_play(g, s):  # type: ignore[no-untyped-def]
    s[engine.PHASE] = _PLAY
    s[engine.PLAYER] = 0
    s[_LEADER] = 0


@njit(inline="always")
def _end_bidding(g, s, declarer):  # type: ignore[no-untyped-def]
    if declarer >= 0:
        s[_DECL] = declarer
        s[engine.PHASE] = _PICKUP
        s[engine.PLAYER] = declarer
    elif g.ramsch:
        s[_GAME] = RAMSCH
        s[_RULES] = GRAND
        _start_play(g, s)
    else:
        s[engine.PHASE] = _OVER
        s[engine.PLAYER] = engine.TERMINAL


@njit(inline="always")
def _apply_bidding(g, s, p, a):  # type: ignore[no-untyped-def]
    stage = s[_STAGE]
    if stage == 3:  # forehand alone, nobody has bid
        if a == 0:
            _end_bidding(g, s, np.int64(-1))
        else:
            s[_BID] = _CODE_VALUE[a]
            s[_SAID0] = s[_BID]
            _end_bidding(g, s, np.int64(0))
        return
    winner = np.int64(-1)
    if p == s[_BIDDER]:
        if a == 0:
            winner = s[_ANSWERER]
        else:
            s[_BID] = _CODE_VALUE[a]
            s[_SAID0 + p] = s[_BID]
            s[engine.PLAYER] = s[_ANSWERER]
            return
    else:
        if a != 0:  # hold
            s[_SAID0 + p] = s[_BID]
            s[engine.PLAYER] = s[_BIDDER]
            return
        winner = s[_BIDDER]
    if stage == 1:
        s[_STAGE] = 2
        s[_BIDDER] = 2
        s[_ANSWERER] = winner
        s[engine.PLAYER] = 2
    elif s[_BID] > 0:
        _end_bidding(g, s, winner)
    else:  # middlehand and rearhand passed without a bid: forehand may still bid
        s[_STAGE] = 3
        s[_BIDDER] = 0
        s[_ANSWERER] = -1
        s[engine.PLAYER] = 0


@njit(inline="always")
def _declare(g, s, d, a):  # type: ignore[no-untyped-def]
    game = a % 6
    m = a // 6
    s[_GAME] = game
    s[_RULES] = game
    s[_OUV] = 1 if m == _M_OUVERT else 0
    if m == _M_OUVERT and game != NULL:
        s[_ANN] = 2
    elif _M_SCHNEIDER <= m <= _M_SCHWARZ:
        s[_ANN] = m
    if g.kontra:
        s[engine.PHASE] = _KONTRA_PH
        s[engine.PLAYER] = 1 if d == 0 else 0
    else:
        _start_play(g, s)


@njit(inline="always")
def _apply_kontra(g, s, p, a):  # type: ignore[no-untyped-def]
    d = s[_DECL]
    if p == d:  # answering a kontra
        if a == 1:
            s[_KONTRA] = 2
        _start_play(g, s)
        return
    if a == 1:
        s[_KONTRA] = 1
        s[engine.PLAYER] = d
        return
    nxt = p + 1
    if nxt == d:
        nxt += 1
    if nxt > 2:
        _start_play(g, s)
    else:
        s[engine.PLAYER] = nxt


@njit(inline="always")
def _settle_ramsch(g, s):  # type: ignore[no-untyped-def]
    mult = np.int64(2) if g.bock else np.int64(1)
    for p in range(3):
        if s[_TR0 + p] == 10:  # Durchmarsch
            for q in range(3):
                s[_RET0 + q] = 120 * mult if q == p else 0
            return
    most = max(s[_PTS0], max(s[_PTS1], s[_PTS2]))
    jungfrau = np.int64(1)
    for p in range(3):
        if s[_TR0 + p] == 0:
            jungfrau = 2
    for p in range(3):
        s[_RET0 + p] = -most * jungfrau * mult if s[_PTS0 + p] == most else 0
    s[_SCORE] = -most * jungfrau * mult


@njit(inline="always")
def _settle(g, s):  # type: ignore[no-untyped-def]
    last = s[_LEADER]  # the winner of the last trick
    skat_pts = _card_points(np.uint64(s[_SKAT]))
    if s[_GAME] == RAMSCH:
        s[_PTS0 + last] += skat_pts
        _settle_ramsch(g, s)
        return
    d = s[_DECL]
    s[_PTS0 + d] += skat_pts
    flags = np.int64(0)
    if s[_HANDG]:
        flags |= F_HAND
    if s[_ANN] >= 1:
        flags |= F_SCHNEIDER
    if s[_ANN] == 2:
        flags |= F_SCHWARZ
    if s[_OUV]:
        flags |= F_OUVERT
    _, n, _, v, won, overbid, sc = game_value_rule(
        np.uint64(s[_DEALT]), s[_GAME], flags, s[_PTS0 + d], s[_TR0 + d], s[_BID]
    )
    if s[_KONTRA] >= 1:
        sc *= 2
    if s[_KONTRA] == 2:
        sc *= 2
    if g.bock:
        sc *= 2
    s[_MAT] = n
    s[_VALUE] = v
    s[_WON] = 1 if won else 0
    s[_OVERBID] = 1 if overbid else 0
    s[_SCORE] = sc
    mine, others = seeger_fabian_rule(sc)
    for p in range(3):
        s[_RET0 + p] = mine if p == d else others


@njit(inline="always")
def _apply_play(g, s, p, a):  # type: ignore[no-untyped-def]
    bit = np.uint64(1) << np.uint64(a)
    s[_HAND0 + p] = np.int64(np.uint64(s[_HAND0 + p]) ^ bit)
    n = s[_N_IN]
    s[_C0 + n] = a
    if n < 2:
        s[_N_IN] = n + 1
        s[engine.PLAYER] = p + 1 if p < 2 else 0
        return
    leader = s[_LEADER]
    i = _trick_winner(s[_C0], s[_C1], s[_C2], s[_RULES])
    w = leader + i
    if w > 2:
        w -= 3
    three = (np.uint64(1) << np.uint64(s[_C0])) | (np.uint64(1) << np.uint64(s[_C1])) | bit
    s[_PTS0 + w] += _card_points(three)
    s[_TR0 + w] += 1
    t = s[_TRICK]
    s[_WINNERS] |= w << (2 * t)
    s[_TRICK] = t + 1
    s[_LEADER] = w
    s[_N_IN] = 0
    s[_C0] = -1
    s[_C1] = -1
    s[_C2] = -1
    if t == 9:
        _settle(g, s)
        s[engine.PHASE] = _OVER
        s[engine.PLAYER] = engine.TERMINAL
    else:
        s[engine.PLAYER] = w


@njit
def _apply(g, s, a):  # type: ignore[no-untyped-def]
    p = s[engine.PLAYER]
    ph = s[engine.PHASE]
    if ph == _PLAY:
        _apply_play(g, s, p, a)
    elif ph == _BIDDING:
        _apply_bidding(g, s, p, a)
    elif ph == _PICKUP:
        s[_DEALT] = s[_HAND0 + p] | s[_SKAT0]
        if a == 0:
            s[_HAND0 + p] |= s[_SKAT]
            s[_SKAT] = 0
            s[engine.PHASE] = _DISCARD
        else:
            s[_HANDG] = 1
            s[engine.PHASE] = _DECLARE
    elif ph == _DISCARD:
        bit = np.int64(1) << np.int64(a)
        s[_HAND0 + p] ^= bit
        s[_SKAT] |= bit
        if popcount(np.uint64(s[_SKAT])) == 2:
            s[engine.PHASE] = _DECLARE
    elif ph == _DECLARE:
        _declare(g, s, p, a)
    else:
        _apply_kontra(g, s, p, a)


@njit(inline="always")
def _random_step(g, s, pst, actions, record, t):  # type: ignore[no-untyped-def]
    """One random action through the general rules: ``(t + 1, pst)``."""
    a, pst = engine._pick(_legal(g, s), pst)
    _apply(g, s, a)
    if record and t < actions.shape[0]:
        actions[t] = a
    return t + 1, pst


@njit(inline="always")
def _random_play(g, s, pst, cst, actions, record):  # type: ignore[no-untyped-def]
    """The random policy from ``s`` to the end: the generic loop's games, draw for draw, faster.

    Bidding, skat and declaration go through :func:`_legal`/:func:`_apply`; the tricks are
    played in one loop with the trick in registers and no unpredictable branch (the draw,
    the follow rule and the trick winner are selects and table lookups).
    """
    t = 0
    while s[engine.PLAYER] >= 0 and (s[engine.PHASE] != _PLAY or s[_N_IN] != 0):
        t, pst = _random_step(g, s, pst, actions, record, t)
    if s[engine.PLAYER] < 0:
        s[engine.MOVES] += t
        return t
    rules = s[_RULES]
    trumps = _trump_mask(rules)
    tk = _TRUMP_KEY[rules]
    pk = _PLAIN_KEY[rules]
    leader = s[_LEADER]
    winners = s[_WINNERS]
    one = np.uint64(1)
    for trick in range(s[_TRICK], 10):
        # seats in play order; the hands stay in the row (no branch picks a hand)
        p0 = leader
        p1 = _NEXT[p0]
        p2 = _NEXT[p1]
        h = np.uint64(s[_HAND0 + p0])
        c0, pst = engine._pick(h, pst)
        bit0 = one << np.uint64(c0)
        s[_HAND0 + p0] = np.int64(h ^ bit0)
        suit = np.uint64(0xFF) << np.uint64(c0 & 56)
        follow = trumps if bit0 & trumps else suit & ~trumps
        h = np.uint64(s[_HAND0 + p1])
        f = h & follow
        c1, pst = engine._pick(f if f else h, pst)
        bit1 = one << np.uint64(c1)
        s[_HAND0 + p1] = np.int64(h ^ bit1)
        h = np.uint64(s[_HAND0 + p2])
        f = h & follow
        c2, pst = engine._pick(f if f else h, pst)
        bit2 = one << np.uint64(c2)
        s[_HAND0 + p2] = np.int64(h ^ bit2)
        if record and t + 2 < actions.shape[0]:
            actions[t] = c0
            actions[t + 1] = c1
            actions[t + 2] = c2
        t += 3
        # the winner without branches: trump key, or plain key for a card that follows
        k0 = tk[c0] + pk[c0]
        k1 = tk[c1] + (pk[c1] if bit1 & follow else 0)
        k2 = tk[c2] + (pk[c2] if bit2 & follow else 0)
        w = p0
        w = p1 if (k1 > k0) & (k1 > k2) else w
        w = p2 if (k2 > k0) & (k2 > k1) else w
        s[_PTS0 + w] += _card_points(bit0 | bit1 | bit2)
        s[_TR0 + w] += 1
        winners |= w << (2 * trick)
        leader = w
    s[_WINNERS] = winners
    s[_TRICK] = 10
    s[_LEADER] = leader
    _settle(g, s)
    s[engine.PHASE] = _OVER
    s[engine.PLAYER] = engine.TERMINAL
    s[engine.MOVES] += t
    return t


@njit(inline="always")
def _returns(g, s, out):  # type: ignore[no-untyped-def]
    for p in range(3):
        out[p] = s[_RET0 + p]


@njit(inline="always")
def _observe(g, s, player, out):  # type: ignore[no-untyped-def]
    for f in range(s.shape[0]):
        out[f] = s[f]
    d = s[_DECL]
    for p in range(3):
        if p != player and not (p == d and s[_OUV] and s[engine.PHASE] >= _KONTRA_PH):
            out[_HAND0 + p] = 0
    out[_SKAT0] = 0
    if player != d or s[_HANDG] or s[engine.PHASE] == _PICKUP:
        out[_SKAT] = 0
    if player != d:
        out[_DEALT] = 0
    if player == d and not s[_HANDG] and s[engine.PHASE] > _PICKUP:
        out[_SKAT0] = s[_SKAT0]


# --- text -------------------------------------------------------------------------------------
_MOD_WORDS = ("", "schneider", "schwarz", "ouvert")


def declaration_code(game: int | str, *, schneider: bool = False, schwarz: bool = False, ouvert: bool = False) -> int:
    """The declaration action code ``game + 6 * m`` (m: 1 schneider, 2 schwarz, 3 ouvert announced)."""
    from bitcards.skat.rules import parse_game

    g = parse_game(game)
    m = _M_OUVERT if ouvert else _M_SCHWARZ if schwarz else _M_SCHNEIDER if schneider else _M_PLAIN
    return g + 6 * m


def declaration_name(code: int, hand: bool) -> str:
    """``"grand hand schneider"``, ``"null ouvert"``, ``"clubs"``: the game, ``hand``, then the announcement."""
    game, m = code % 6, code // 6
    words = [GAME_NAMES[game]]
    if game == NULL:
        if m == _M_OUVERT:
            words.append("ouvert")
        if hand:
            words.append("hand")
        return " ".join(words)
    if hand:
        words.append("hand")
    if m:
        words.append(_MOD_WORDS[m])
    return " ".join(words)


def parse_declaration(text: str, hand: bool | None = None) -> int:
    """The code of a declaration such as ``"clubs"``, ``"grand hand schneider"``, ``"null ouvert"``.

    ``hand`` (when known) must agree with a ``hand`` word: a hand game is chosen before the declaration.
    """
    from bitcards.skat.rules import parse_game

    words = text.strip().lower().replace(",", " ").split()
    if not words:
        raise ParseError("an empty declaration (expected a game such as clubs, grand or null)")
    g = parse_game(words[0])
    rest = [w for w in words[1:] if w != "announced"]
    said_hand = "hand" in rest
    rest = [w for w in rest if w != "hand"]
    if len(rest) > 1 or (rest and rest[0] not in _MOD_WORDS[1:]):
        raise ParseError(
            f"unknown declaration {shorten(text)} (expected e.g. clubs, grand hand schneider, null ouvert)", token=text
        )
    m = _MOD_WORDS.index(rest[0]) if rest else 0
    if g == NULL and m in (_M_SCHNEIDER, _M_SCHWARZ):
        raise ParseError(f"{shorten(text)}: null games have no schneider or schwarz to announce", token=text)
    if hand is not None and said_hand and not hand:
        raise ParseError(f"{shorten(text)}: the skat was picked up, so this is no hand game", token=text)
    return g + 6 * m


def bid_code(value: int) -> int:
    """The bidding action code of a bid value (``1 + k`` for ``BID_VALUES[k]``: 18 is 1, 264 is 63);
    also the answerer's "hold" at that value."""
    v = int(value)
    if v not in BID_VALUES:
        raise ParseError(f"{v} is not a bid value (18, 20, 22, 23, 24, 27, ... 264)", token=str(v))
    return int(_VALUE_CODE[v])


def _make_config(ramsch: bool = False, kontra: bool = False, bock: bool = False, variant: Any = None) -> SkatGame:
    flags = {"ramsch": bool(ramsch), "kontra": bool(kontra), "bock": bool(bock)}
    if variant:
        names = variant.split(",") if isinstance(variant, str) else list(variant)
        for name in names:
            w = str(name).strip().lower()
            if w not in flags:
                raise ParseError(f"unknown Skat variant {shorten(str(name))} (expected ramsch, kontra or bock)", token=str(name))
            flags[w] = True
    return SkatGame(**flags)


def _options(g: SkatGame) -> dict[str, Any]:
    return {k: True for k in ("ramsch", "kontra", "bock") if getattr(g, k)}


def _action_name(g: SkatGame, s: np.ndarray, a: int) -> str:
    ph = int(s[engine.PHASE])
    a = int(a)
    if ph in (_PLAY, _DISCARD):
        return format_card(a, SKAT)
    if ph == _BIDDING:
        if a == 0:
            return "pass"
        if int(s[engine.PLAYER]) == int(s[_ANSWERER]) and int(s[_STAGE]) != 3:
            return "hold" if a == int(_VALUE_CODE[int(s[_BID])]) else f"action {a}"
        return f"bid {int(_CODE_VALUE[a])}" if 0 < a < 64 else f"action {a}"
    if ph == _PICKUP:
        return ("pickup", "hand")[a] if a in (0, 1) else f"action {a}"
    if ph == _DECLARE:
        return declaration_name(a, bool(s[_HANDG])) if a < 24 else f"action {a}"
    if ph == _KONTRA_PH:
        if a == 0:
            return "pass"
        return "re" if int(s[engine.PLAYER]) == int(s[_DECL]) else "kontra"
    return f"action {a}"


def _parse_action(g: SkatGame, s: np.ndarray, text: str) -> int:
    ph = int(s[engine.PHASE])
    t = text.strip().lower()
    if ph in (_PLAY, _DISCARD):
        return parse_card(text, SKAT)
    if ph == _BIDDING:
        if t == "pass":
            return 0
        if t == "hold":
            return int(_VALUE_CODE[int(s[_BID])]) if int(s[_BID]) > 0 else -1
        num = t[4:].strip() if t.startswith("bid ") else t
        if num.isdigit():
            return bid_code(int(num))
        raise ParseError(f"{shorten(text)} is no bidding action (pass, hold, bid 18, ...)", token=text)
    if ph == _PICKUP:
        if t in ("pickup", "hand"):
            return ("pickup", "hand").index(t)
        raise ParseError(f"{shorten(text)}: the declarer says pickup or hand", token=text)
    if ph == _DECLARE:
        return parse_declaration(text, bool(s[_HANDG]))
    if ph == _KONTRA_PH:
        if t in ("pass", "kontra", "re"):
            return 0 if t == "pass" else 1
        raise ParseError(f"{shorten(text)}: say kontra, re or pass", token=text)
    raise ParseError(f"{shorten(text)}: the game is over", token=text)


def contract_text(s: np.ndarray) -> str:
    """The declared game of a state row (``"grand hand"``, ``"ramsch"``, ``"passed"``; ``""`` while undecided)."""
    game = int(s[_GAME])
    if game == RAMSCH:
        return "ramsch"
    if game < 0:
        return "passed" if int(s[engine.PHASE]) == _OVER else ""
    m = _M_OUVERT if s[_OUV] else int(s[_ANN])
    return declaration_name(game + 6 * m, bool(s[_HANDG]))


def _describe(st: engine.GameState) -> str:
    s = st.row
    seat = ("forehand", "middlehand", "rearhand")
    game = contract_text(s)
    head = f"Skat, {st.phase_name}"
    d = int(s[_DECL])
    if d >= 0:
        head += f", declarer {seat[d]} at {int(s[_BID])}"
    if game:
        head += f", {game}"
    if st.phase_name == "play":
        head += f", trick {int(s[_TRICK]) + 1} of 10"
    lines = [head]
    lines += st.hand_lines(_HAND0, SKAT, seat, [f"  ({int(s[_PTS0 + p])} points)" for p in range(3)], verb="act")
    lines.append(f"  skat: {format_cards(int(s[_SKAT]), SKAT) or '-'}")
    if st.is_terminal() and game and game != "passed":
        if game == "ramsch":
            lines.append(f"  result: {', '.join(str(int(x)) for x in s[_RET0:_RET0 + 3])}")
        else:
            lines.append(
                f"  result: value {int(s[_VALUE])}, {'won' if s[_WON] else 'lost'}"
                f"{' (overbid)' if s[_OVERBID] else ''}, score {int(s[_SCORE]):+d}"
            )
    return "\n".join(lines)


SPEC = engine.register_module(
    __name__, game="skat", config=SkatGame, n_players=3, max_actions=192, deal_game="skat", random_play=_random_play
)

import bitcards.skat.baseline  # noqa: E402, F401  (registers the "baseline" policy; it reads this module's fields)
import bitcards.skat.iss  # noqa: E402, F401  (registers the ISS kernels' warm-up with bitcards.warmup())
