"""The International Skat Server's game records, read and replayed through the engine.

The server's archives hold one game a line::

    (;GM[Skat]PC[International Skat Server]...ID[541932]...P0[zoot]P1[kermit]P2[foo]...
     MV[w HA.SK.... 1 p 2 18 0 p 2 s w H8.CK 2 D.ST.H8 0 SA 1 S7 ...]R[d:2 loss v:-54 m:-2 bidok p:59 t:4 ...] ;)

How bitcards reads the moves (``MV``), each a player (``0 1 2`` = forehand, middlehand,
rearhand; ``w`` = the server) and what he did:

* ``w`` and 32 cards: the deal, 10 each for players 0, 1, 2, then the skat. Cards are suit
  then rank (``C S H D``; ``7 8 9 T J Q K A``).
* bidding: a number is a bid, ``y`` holds, ``p`` passes;
* ``s``: the declarer picks up the skat (``w`` and its two cards follow); no ``s``: a hand game;
* the declaration: a game letter (``D H S C G N``) with modifiers ``H`` hand, ``O`` ouvert,
  ``S`` schneider and ``Z`` schwarz announced, then ``.`` and the two discards (``G.S8.C9``);
  the discards may also come as a move of their own;
* a card: played to the trick;
* ``SC`` (showing the cards), ``RE`` (resigning): the game ends before the tenth trick;
  ``w LE.p`` / ``w TI.p``: player ``p`` left or timed out and the game was abandoned.

The result (``R``): ``passed``, or ``d:`` the declarer (-1 none), ``win``/``loss``/``penalty``,
``v:`` the score-sheet entry, ``m:`` matadors, ``bidok``/``overbid``, ``p:`` and ``t:`` the
declarer's card points and tricks, ``s:``/``z:`` schneider/schwarz.

:func:`read_iss` streams lines into :class:`IssGame` records (plain Python, the reference);
:func:`replay_iss` replays a batch in one kernel (every action checked against the rules) and
compares each finished game with the server's result. :func:`replay_iss_bytes` does the same
for whole byte buffers with the reading in a kernel too (what ``bitcards skat iss`` uses); the
two readers are tested to agree line by line. Games passed in, abandoned, or ended early are counted apart; a line that
cannot be read is an :class:`IssLineError` for that line only.

>>> line = ("(;GM[Skat]PC[International Skat Server]ID[756788]P0[xskat]P1[bonsai]P2[bernie]MV[w "
...         "C8.DQ.DJ.HK.S9.SK.SQ.HQ.CK.D9.S8.DT.SJ.C9.CQ.SA.DK.HT.D7.H7.ST.HJ.C7.H8.S7.DA.CJ.CT.D8.H9.CA.HA "
...         "1 p 2 p 0 p ]R[passed] ;)")
>>> g = parse_iss_line(line)
>>> g.status, g.players, g.actions
('passed', ('xskat', 'bonsai', 'bernie'), [0, 0, 0])
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Iterator
from typing import Any

import numba
import numpy as np

from bitcards._jit import njit, warmup_task
from bitcards._parallel import BatchKernel, block_rows, blocks
from bitcards.errors import ParseError, shorten
from bitcards.skat import engine as sk
from bitcards.skat.value import BID_VALUES

__all__ = [
    "IssGame", "IssLineError", "parse_iss_line", "read_iss", "replay_iss", "IssReplay", "STATUSES",
    "IssBatch", "replay_iss_bytes", "line_bounds",
]  # fmt: skip

#: what a line can be
STATUSES = ("played", "passed", "abandoned", "ended early")

_CARD = {s + r: 8 * i + j for i, s in enumerate("DHSC") for j, r in enumerate("789TJQKA")}
_GAME_LETTER = {"D": 0, "H": 1, "S": 2, "C": 3, "G": 4, "N": 5}
_PROP = re.compile(r"([A-Z][A-Z0-9]*)\[([^\]]*)\]")
_BID_CODE = {v: sk.bid_code(v) for v in BID_VALUES}


class IssLineError(ParseError):
    """A line of an ISS file that is not a readable game record."""


@dataclasses.dataclass
class IssGame:
    """One ISS game record: ``actions`` are engine action codes, ``who`` the player of each."""

    line: int
    game_id: str
    players: tuple[str, str, str]
    deal: tuple[int, int, int, int]
    actions: list[int]
    who: list[int]
    status: str
    result: dict[str, Any]


def _card(tok: str, line: int) -> int:
    c = _CARD.get(tok)
    if c is None:
        raise IssLineError(f"line {line}: {shorten(tok)} is not a card (suit C S H D, rank 7 8 9 T J Q K A)", line=line)
    return c


def _result(text: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for tok in text.split():
        if ":" in tok:
            k, _, v = tok.partition(":")
            try:
                out[k] = int(v)
            except ValueError:
                out[k] = v
        else:
            out.setdefault(tok, True)  # a word never hides a value ("p" beside "p:85")
    return out


def parse_iss_line(text: str, line: int = 1) -> IssGame:
    """One ISS record as an :class:`IssGame` (:class:`IssLineError` names the line and the token)."""
    props = dict(_PROP.findall(text))
    if "MV" not in props or not text.lstrip().startswith("(;"):
        raise IssLineError(f"line {line}: not an ISS game record (expected '(;GM[Skat]...MV[...]...)')", line=line)
    players = (props.get("P0", ""), props.get("P1", ""), props.get("P2", ""))
    result = _result(props.get("R", ""))
    toks = props["MV"].split()
    if len(toks) < 2 or toks[0] != "w":
        raise IssLineError(f"line {line}: the moves do not start with the deal ('w' and 32 cards)", line=line)
    cards = toks[1].split(".")
    if len(cards) != 32 or len(set(cards)) != 32:
        raise IssLineError(f"line {line}: the deal {shorten(toks[1])} is not 32 different cards", line=line)
    masks = [0, 0, 0, 0]
    for k, c in enumerate(cards):
        masks[min(k // 10, 3)] |= 1 << _card(c, line)
    acts: list[int] = []
    who: list[int] = []
    status = "played"
    pending = (0, 0)
    phase = "bidding"  # bidding, declare (after the bidding), discard (game named, discards to come), play
    picked = False
    last_bid = 0  # the code of the last bid: "y" holds it
    i = 2
    n = len(toks)
    while i < n:
        p_tok = toks[i]
        if i + 1 >= n:
            raise IssLineError(f"line {line}: move {shorten(p_tok)} has no action", line=line)
        a = toks[i + 1]
        i += 2
        if p_tok == "w":
            if a.startswith(("LE.", "TI.")):
                status = "abandoned"
                break
            continue  # the skat shown to the declarer, cards shown
        if p_tok not in ("0", "1", "2"):
            raise IssLineError(f"line {line}: {shorten(p_tok)} is not a player (0, 1, 2 or w)", line=line)
        p = int(p_tok)
        if a == "RE" or a.startswith("SC"):
            status = "ended early"
            break
        if phase == "bidding":
            if a in ("p", "y", "s") or a.isdigit():
                if a == "y" and not last_bid:
                    raise IssLineError(f"line {line}: 'y' (hold) before any bid", line=line)
                if a == "p" or a == "y":
                    acts.append(0 if a == "p" else last_bid)
                elif a == "s":
                    acts.append(0)  # pickup
                    picked = True
                    phase = "declare"
                else:
                    code = _BID_CODE.get(int(a))
                    if code is None:
                        raise IssLineError(f"line {line}: bid {shorten(a)} is not a game value", line=line)
                    acts.append(code)
                    last_bid = code
                who.append(p)
                continue
            phase = "declare"  # a declaration right after the bidding: a hand game
        if phase == "declare":
            head, *discards = a.split(".")
            if not head or head[0] not in _GAME_LETTER or any(m not in "HOSZ" for m in head[1:]):
                raise IssLineError(f"line {line}: {shorten(a)} is not a declaration (e.g. G, CH, NO.HA.HQ)", line=line)
            if not picked:
                acts.append(1)  # hand
                who.append(p)
            game = _GAME_LETTER[head[0]]
            mods = head[1:]
            m = 3 if "O" in mods else 2 if "Z" in mods else 1 if "S" in mods else 0
            if picked and discards:
                if len(discards) != 2:
                    raise IssLineError(f"line {line}: {shorten(a)} does not name two discards", line=line)
                for c in discards:
                    acts.append(_card(c, line))
                    who.append(p)
            declare = game + 6 * m
            if picked and not discards:
                phase = "discard"
                pending = (declare, p)
                continue
            acts.append(declare)
            who.append(p)
            phase = "play"
            continue
        if phase == "discard":
            discards = a.split(".")
            if len(discards) != 2:
                raise IssLineError(f"line {line}: {shorten(a)} is not the two discards", line=line)
            for c in discards:
                acts.append(_card(c, line))
                who.append(p)
            acts.append(pending[0])
            who.append(pending[1])
            phase = "play"
            continue
        acts.append(_card(a, line))
        who.append(p)
    if "passed" in result:
        status = "passed"
    elif result.get("penalty") and status == "played":
        status = "abandoned"
    if len(acts) > sk.SPEC.max_actions:
        raise IssLineError(f"line {line}: {len(acts)} moves, more than a deal can have", line=line)
    return IssGame(line, props.get("ID", ""), players, (masks[0], masks[1], masks[2], masks[3]), acts, who, status, result)


def read_iss(lines: Iterable[tuple[int, str]], errors: list[IssLineError] | None = None) -> Iterator[IssGame]:
    """Stream ``(line number, text)`` pairs into games; blank lines are skipped. An unreadable line is
    appended to ``errors`` (and skipped) when a list is given, else raised."""
    for no, text in lines:
        if not text.strip():
            continue
        try:
            yield parse_iss_line(text, no)
        except IssLineError as e:
            if errors is None:
                raise
            errors.append(e)


# --- the batch replay -------------------------------------------------------------------------
@BatchKernel
def _replay_kernel(g, deals, acts, who, lengths, states, bad):  # type: ignore[no-untyped-def]
    """Replay each row's actions, checking the player and the legality of each; ``bad[i]`` = the
    index of the first wrong action, or -1."""
    n = states.shape[0]
    for b in numba.prange(blocks(n)):
        lo, hi = block_rows(b, n)
        for i in range(lo, hi):
            s = states[i]
            sk._init(g, s, deals[i])
            bad[i] = -1
            for t in range(lengths[i]):
                a = np.int64(acts[i, t])
                legal = sk._legal(g, s)
                if s[0] != who[i, t] or a < 0 or a > 63 or not (legal >> np.uint64(a)) & np.uint64(1):
                    bad[i] = t
                    break
                sk._apply(g, s, a)
                s[2] += 1


@dataclasses.dataclass
class IssReplay:
    """A replayed batch: the games, their final states, and per game ``error`` (or None) and
    ``agrees`` (the settlement equals the server's result; None when there is nothing to compare)."""

    games: list[IssGame]
    states: np.ndarray
    errors: list[str | None]
    agrees: list[bool | None]


def _illegal_message(game: IssGame, t: int) -> str:
    from bitcards import engine

    st = engine.new_game("skat", deal=game.deal)
    for a in game.actions[:t]:
        st.apply(a)
    if st.current_player != game.who[t]:
        return f"action {t + 1}: player {game.who[t]} moves, but player {st.current_player} is to act"
    try:
        st.apply(game.actions[t])
    except Exception as e:  # noqa: BLE001 - the engine's own message is the one to report
        return f"action {t + 1}: {e}"
    return f"action {t + 1}: not legal"  # pragma: no cover - the kernel and GameState agree


def _compare(game: IssGame, s: np.ndarray) -> bool | None:
    f = sk.SPEC.field
    r = game.result
    if game.status == "passed":
        return int(s[f("game")]) < 0 and int(s[0]) == -1
    if game.status != "played":
        return None
    d = int(s[f("declarer")])
    if int(s[0]) != -1 or d < 0:
        return False
    ok = r.get("d") == d and r.get("v") == int(s[f("score")])
    ok = ok and r.get("p", -1) == int(s[f(f"points{d}")]) and r.get("t", -1) == int(s[f(f"tricks{d}")])
    ok = ok and bool(r.get("win")) == bool(s[f("won")]) and bool(r.get("overbid")) == bool(s[f("overbid")])
    if int(s[f("game")]) != 5:
        ok = ok and r.get("m") == int(s[f("matadors")])
    return bool(ok)


def replay_iss(games: list[IssGame]) -> IssReplay:
    """Replay a batch of games through the engine in one kernel and compare with the server's results."""
    n = len(games)
    width = sk.SPEC.max_actions
    deals = np.zeros((n, 4), dtype=np.uint64)
    acts = np.full((n, width), -1, dtype=np.int8)
    who = np.full((n, width), -1, dtype=np.int8)
    lengths = np.zeros(n, dtype=np.int64)
    for i, gm in enumerate(games):
        deals[i] = gm.deal
        k = len(gm.actions)
        acts[i, :k] = gm.actions
        who[i, :k] = gm.who
        lengths[i] = k
    states = np.zeros((n, sk.SPEC.width), dtype=np.int64)
    bad = np.zeros(n, dtype=np.int64)
    _replay_kernel(n, sk.SkatGame(), deals, acts, who, lengths, states, bad)
    errors: list[str | None] = [None] * n
    agrees: list[bool | None] = [None] * n
    for i in range(n):
        if bad[i] >= 0:
            errors[i] = f"line {games[i].line}: {_illegal_message(games[i], int(bad[i]))}"
        else:
            agrees[i] = _compare(games[i], states[i])
    return IssReplay(games, states, errors, agrees)


# --- the fast path: whole byte buffers parsed in a kernel ---------------------------------------
# status codes of a parsed line
ST_PLAYED, ST_PASSED, ST_ABANDONED, ST_EARLY, ST_BAD = 0, 1, 2, 3, -1
# result columns
R_D, R_WIN, R_V, R_M, R_P, R_T, R_OVERBID, R_HAS = range(8)


def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    suit = np.full(256, -1, dtype=np.int64)
    rank = np.full(256, -1, dtype=np.int64)
    for i, s in enumerate("DHSC"):
        suit[ord(s)] = i
    for j, r in enumerate("789TJQKA"):
        rank[ord(r)] = j
    game = np.full(256, -1, dtype=np.int64)
    for k, v in _GAME_LETTER.items():
        game[ord(k)] = v
    bid = np.full(1000, -1, dtype=np.int64)
    for v, c in _BID_CODE.items():
        bid[v] = c
    return suit, rank, game, bid


_SUIT, _RANK, _GAME, _BIDC = _tables()


@njit(inline="always")
def _card_at(buf, i, hi):  # type: ignore[no-untyped-def]
    if i + 1 >= hi:
        return np.int64(-1)
    s = _SUIT[buf[i]]
    r = _RANK[buf[i + 1]]
    if s < 0 or r < 0:
        return np.int64(-1)
    return s * 8 + r


@njit(inline="always")
def _find(buf, lo, hi, a, b):  # type: ignore[no-untyped-def]
    """The first i in [lo, hi - 1) with buf[i] == a and buf[i + 1] == b, else -1."""
    for i in range(lo, hi - 1):
        if buf[i] == a and buf[i + 1] == b:
            return i
    return -1


@njit(inline="always")
def _int_at(buf, i, hi):  # type: ignore[no-untyped-def]
    """(value, end) of a decimal int (optional '-') at i; end == i when there is none."""
    neg = False
    j = i
    if j < hi and buf[j] == 45:
        neg = True
        j += 1
    v = np.int64(0)
    k = j
    while k < hi and 48 <= buf[k] <= 57:
        v = v * 10 + (buf[k] - 48)
        k += 1
    if k == j:
        return np.int64(0), i
    return (-v if neg else v), k


@njit
def _parse_line(buf, lo, hi, acts, who, res):  # type: ignore[no-untyped-def]
    """Parse one record into acts/who (returns (status, n_actions, deal0..3)); status -1 = unreadable."""
    z = np.uint64(0)
    while lo < hi and (buf[lo] == 32 or buf[lo] == 9):
        lo += 1
    if hi - lo < 2 or buf[lo] != 40 or buf[lo + 1] != 59:  # "(;"
        return ST_BAD, 0, z, z, z, z
    m = _find(buf, lo, hi, 77, 86)  # "MV"
    if m < 0 or m + 2 >= hi or buf[m + 2] != 91:
        return ST_BAD, 0, z, z, z, z
    i = m + 3
    # the deal: "w " then 32 cards joined by '.'
    if i + 2 + 95 > hi or buf[i] != 119 or buf[i + 1] != 32:
        return ST_BAD, 0, z, z, z, z
    i += 2
    masks = np.zeros(4, dtype=np.uint64)
    seen = np.uint64(0)
    for k in range(32):
        c = _card_at(buf, i, hi)
        if c < 0:
            return ST_BAD, 0, z, z, z, z
        bit = np.uint64(1) << np.uint64(c)
        if seen & bit:
            return ST_BAD, 0, z, z, z, z
        seen |= bit
        masks[min(k // 10, 3)] |= bit
        i += 2
        if k < 31:
            if buf[i] != 46:
                return ST_BAD, 0, z, z, z, z
            i += 1
    n = 0
    status = ST_PLAYED
    phase = 0  # 0 bidding, 1 declare, 2 discard, 3 play
    picked = False
    pend_code = np.int64(0)
    pend_who = np.int64(0)
    last_bid = np.int64(0)  # the code of the last bid: "y" holds it
    width = acts.shape[0]
    while True:
        while i < hi and buf[i] == 32:
            i += 1
        if i >= hi:
            return ST_BAD, 0, z, z, z, z
        if buf[i] == 93:  # ']': end of the moves
            break
        p0 = i
        while i < hi and buf[i] != 32 and buf[i] != 93:
            i += 1
        p1 = i
        while i < hi and buf[i] == 32:
            i += 1
        a0 = i
        while i < hi and buf[i] != 32 and buf[i] != 93:
            i += 1
        a1 = i
        if a1 == a0 or n + 3 > width:
            return ST_BAD, 0, z, z, z, z
        if p1 - p0 != 1:
            return ST_BAD, 0, z, z, z, z
        pb = buf[p0]
        if pb == 119:  # 'w'
            if a1 - a0 >= 3 and buf[a0 + 2] == 46 and (
                (buf[a0] == 76 and buf[a0 + 1] == 69) or (buf[a0] == 84 and buf[a0 + 1] == 73)
            ):  # LE. / TI.
                status = ST_ABANDONED
                break
            continue
        if pb < 48 or pb > 50:
            return ST_BAD, 0, z, z, z, z
        p = np.int64(pb - 48)
        ab = buf[a0]
        if (a1 - a0 == 2 and ab == 82 and buf[a0 + 1] == 69) or (a1 - a0 >= 2 and ab == 83 and buf[a0 + 1] == 67):
            status = ST_EARLY  # RE, SC
            break
        if phase == 0:
            if a1 - a0 == 1 and (ab == 112 or ab == 121 or ab == 115):  # p y s
                if ab == 121:
                    if last_bid == 0:
                        return ST_BAD, 0, z, z, z, z
                    acts[n] = last_bid
                else:
                    acts[n] = 0
                if ab == 115:
                    picked = True
                    phase = 1
                who[n] = p
                n += 1
                continue
            if 48 <= ab <= 57:
                v, e = _int_at(buf, a0, a1)
                if e != a1 or v >= 1000 or _BIDC[v] < 0:
                    return ST_BAD, 0, z, z, z, z
                acts[n] = _BIDC[v]
                last_bid = _BIDC[v]
                who[n] = p
                n += 1
                continue
            phase = 1
        if phase == 1:
            g = _GAME[ab]
            if g < 0:
                return ST_BAD, 0, z, z, z, z
            mod = np.int64(0)
            k = a0 + 1
            while k < a1 and buf[k] != 46:
                mb = buf[k]
                if mb == 79:
                    mod = 3
                elif mb == 90:
                    if mod < 2:
                        mod = 2
                elif mb == 83:
                    if mod < 1:
                        mod = 1
                elif mb != 72:
                    return ST_BAD, 0, z, z, z, z
                k += 1
            if not picked:
                acts[n] = 1
                who[n] = p
                n += 1
            code = g + 6 * mod
            if k < a1:  # ".c1.c2"
                if not picked or a1 - k != 6 or buf[k + 3] != 46:
                    return ST_BAD, 0, z, z, z, z
                for q in range(2):
                    c = _card_at(buf, k + 1 + 3 * q, a1)
                    if c < 0:
                        return ST_BAD, 0, z, z, z, z
                    acts[n] = c
                    who[n] = p
                    n += 1
            elif picked:
                phase = 2
                pend_code = code
                pend_who = p
                continue
            acts[n] = code
            who[n] = p
            n += 1
            phase = 3
            continue
        if phase == 2:
            if a1 - a0 != 5 or buf[a0 + 2] != 46:
                return ST_BAD, 0, z, z, z, z
            for q in range(2):
                c = _card_at(buf, a0 + 3 * q, a1)
                if c < 0:
                    return ST_BAD, 0, z, z, z, z
                acts[n] = c
                who[n] = p
                n += 1
            acts[n] = pend_code
            who[n] = pend_who
            n += 1
            phase = 3
            continue
        if a1 - a0 != 2:
            return ST_BAD, 0, z, z, z, z
        c = _card_at(buf, a0, a1)
        if c < 0:
            return ST_BAD, 0, z, z, z, z
        acts[n] = c
        who[n] = p
        n += 1
    # the result R[...] after the moves
    r = _find(buf, i, hi, 82, 91)  # "R["
    for k in range(res.shape[0]):
        res[k] = 0
    res[R_D] = -1
    res[R_WIN] = -1
    r_end = hi
    if r >= 0:
        r_end = r + 2
        while r_end < hi and buf[r_end] != 93:
            r_end += 1
    if r >= 0 and r_end < hi:  # a complete R[...]
        j = r + 2
        while j < r_end:
            while j < hi and buf[j] == 32:
                j += 1
            t0 = j
            while j < hi and buf[j] != 32 and buf[j] != 93:
                j += 1
            ln = j - t0
            if ln >= 3 and buf[t0 + 1] == 58:  # "k:value"
                v, e = _int_at(buf, t0 + 2, j)
                key = buf[t0]
                if key == 100:
                    res[R_D] = v
                    res[R_HAS] = 1
                elif key == 118:
                    res[R_V] = v
                elif key == 109:
                    res[R_M] = v
                elif key == 112:
                    res[R_P] = v
                elif key == 116:
                    res[R_T] = v
            elif ln == 6 and buf[t0] == 112 and buf[t0 + 1] == 97:  # passed
                status = ST_PASSED
            elif ln == 7 and buf[t0] == 112 and buf[t0 + 1] == 101:  # penalty
                if status == ST_PLAYED:
                    status = ST_ABANDONED
            elif ln == 3 and buf[t0] == 119:  # win
                res[R_WIN] = 1
            elif ln == 4 and buf[t0] == 108:  # loss
                res[R_WIN] = 0
            elif ln == 7 and buf[t0] == 111:  # overbid
                res[R_OVERBID] = 1
    return status, n, masks[0], masks[1], masks[2], masks[3]


@BatchKernel
def _parse_kernel(buf, starts, ends, deals, acts, who, lengths, status, res):  # type: ignore[no-untyped-def]
    n = starts.shape[0]
    for b in numba.prange(blocks(n)):
        lo, hi = block_rows(b, n)
        for i in range(lo, hi):
            st, k, d0, d1, d2, d3 = _parse_line(buf, starts[i], ends[i], acts[i], who[i], res[i])
            status[i] = st
            lengths[i] = k
            deals[i, 0] = d0
            deals[i, 1] = d1
            deals[i, 2] = d2
            deals[i, 3] = d3


@dataclasses.dataclass
class IssBatch:
    """A batch of lines parsed and replayed in kernels (:func:`replay_iss_bytes`).

    Per line: ``status`` (:data:`STATUSES` index, -1 unreadable or illegal), ``states`` (the
    engine rows), ``agrees`` (1 the settlement equals the server's result, 0 it differs, -1
    nothing to compare), ``errors`` (line number -> message).
    """

    line_numbers: np.ndarray
    status: np.ndarray
    deals: np.ndarray
    actions: np.ndarray
    lengths: np.ndarray
    states: np.ndarray
    result: np.ndarray
    agrees: np.ndarray
    errors: dict[int, str]


def line_bounds(buf: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Start and end offsets of the lines of a byte buffer (a final line without newline included)."""
    nl = np.flatnonzero(buf == 10)
    ends = nl if (buf.size == 0 or buf[-1] == 10) else np.append(nl, buf.size)
    starts = np.concatenate(([0], nl + 1))[: ends.size]
    return starts.astype(np.int64), ends.astype(np.int64)


def replay_iss_bytes(data: bytes, first_line: int = 1) -> IssBatch:
    """Parse, replay and compare every non-blank line of ``data`` (whole lines of an ISS file) in kernels.

    Unreadable lines get the message of :func:`parse_iss_line`; illegal ones name the action and
    the legal set, as :func:`replay_iss` does.
    """
    buf = np.frombuffer(data, dtype=np.uint8)
    starts, ends = line_bounds(buf)
    nonblank = np.array([bool(data[a:b].strip()) for a, b in zip(starts.tolist(), ends.tolist())], dtype=bool) \
        if starts.size < 64 else _nonblank(buf, starts, ends)  # fmt: skip
    keep = np.flatnonzero(nonblank)
    starts, ends = starts[keep], ends[keep]
    numbers = keep.astype(np.int64) + first_line
    n = starts.size
    width = sk.SPEC.max_actions
    deals = np.zeros((n, 4), dtype=np.uint64)
    acts = np.full((n, width), -1, dtype=np.int8)
    who = np.full((n, width), -1, dtype=np.int8)
    lengths = np.zeros(n, dtype=np.int64)
    status = np.zeros(n, dtype=np.int64)
    res = np.zeros((n, 8), dtype=np.int64)
    _parse_kernel(n, buf, starts, ends, deals, acts, who, lengths, status, res)
    states = np.zeros((n, sk.SPEC.width), dtype=np.int64)
    bad = np.zeros(n, dtype=np.int64)
    _replay_kernel(n, sk.SkatGame(), deals, acts, who, lengths, states, bad)
    errors: dict[int, str] = {}
    for i in np.flatnonzero(status == ST_BAD).tolist():
        text = data[starts[i] : ends[i]].decode("utf-8", "replace")
        try:
            parse_iss_line(text, int(numbers[i]))
            errors[int(numbers[i])] = f"line {int(numbers[i])}: not a readable ISS game record"
        except IssLineError as e:
            errors[int(numbers[i])] = str(e)
    for i in np.flatnonzero((status != ST_BAD) & (bad >= 0)).tolist():
        text = data[starts[i] : ends[i]].decode("utf-8", "replace")
        g = parse_iss_line(text, int(numbers[i]))
        errors[int(numbers[i])] = f"line {g.line}: {_illegal_message(g, int(bad[i]))}"
        status[i] = ST_BAD
    agrees = _agreement(status, states, res)
    return IssBatch(numbers, status, deals, acts, lengths, states, res, agrees, errors)


@njit
def _nonblank_kernel(buf, starts, ends, out):  # type: ignore[no-untyped-def]
    for i in range(starts.shape[0]):
        out[i] = False
        for k in range(starts[i], ends[i]):
            c = buf[k]
            if c != 32 and c != 9 and c != 13:
                out[i] = True
                break


def _nonblank(buf: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    out = np.zeros(starts.size, dtype=np.bool_)
    _nonblank_kernel(buf, starts, ends, out)
    return out


def _agreement(status: np.ndarray, states: np.ndarray, res: np.ndarray) -> np.ndarray:
    f = sk.SPEC.field
    rows = np.arange(states.shape[0])
    d = states[:, f("declarer")]
    dc = np.clip(d, 0, 2)
    pts = states[rows, f("points0") + dc]
    trk = states[rows, f("tricks0") + dc]
    ok = (states[:, 0] == -1) & (d >= 0) & (res[:, R_D] == d) & (res[:, R_V] == states[:, f("score")])
    ok &= (res[:, R_P] == pts) & (res[:, R_T] == trk) & ((res[:, R_WIN] == 1) == (states[:, f("won")] == 1))
    ok &= (res[:, R_OVERBID] == 1) == (states[:, f("overbid")] == 1)
    ok &= (states[:, f("game")] == 5) | (res[:, R_M] == states[:, f("matadors")])
    passed_ok = (states[:, 0] == -1) & (states[:, f("game")] < 0)
    out = np.full(status.shape[0], -1, dtype=np.int8)
    out[status == ST_PLAYED] = ok[status == ST_PLAYED]
    out[status == ST_PASSED] = passed_ok[status == ST_PASSED]
    return out


_WARM_LINE = (
    b"(;GM[Skat]PC[International Skat Server]ID[756788]P0[xskat]P1[bonsai]P2[bernie]MV[w "
    b"C8.DQ.DJ.HK.S9.SK.SQ.HQ.CK.D9.S8.DT.SJ.C9.CQ.SA.DK.HT.D7.H7.ST.HJ.C7.H8.S7.DA.CJ.CT.D8.H9.CA.HA "
    b"1 18 0 y 1 p 2 p 0 s w CA.HA 0 G.C8.DQ 0 DJ 1 SJ 2 HJ ]R[d:0 win v:48 m:1 bidok p:61 t:5] ;)\n"
)


@warmup_task
def _warm() -> None:
    """The reading and replay kernels, both builds (``bitcards skat iss`` reads big files in parallel)."""
    replay_iss_bytes(_WARM_LINE)
    buf = np.frombuffer(_WARM_LINE, dtype=np.uint8)
    starts, ends = line_bounds(buf)
    _nonblank(buf, starts, ends)
    width = sk.SPEC.max_actions
    deals = np.zeros((1, 4), dtype=np.uint64)
    acts = np.full((1, width), -1, dtype=np.int8)
    who = np.full((1, width), -1, dtype=np.int8)
    lengths = np.zeros(1, dtype=np.int64)
    status = np.zeros(1, dtype=np.int64)
    res = np.zeros((1, 8), dtype=np.int64)
    _parse_kernel.parallel(buf, starts, ends, deals, acts, who, lengths, status, res)
    states = np.zeros((1, sk.SPEC.width), dtype=np.int64)
    _replay_kernel.parallel(sk.SkatGame(), deals, acts, who, lengths, states, np.zeros(1, dtype=np.int64))
