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

:func:`read_iss` streams lines into :class:`IssGame` records; :func:`replay_iss` replays a batch
in one kernel (every action checked against the rules) and compares each finished game with the
server's result. Games passed in, abandoned, or ended early are counted apart; a line that
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

from bitcards._parallel import BatchKernel, block_rows, blocks
from bitcards.errors import ParseError, shorten
from bitcards.skat import engine as sk
from bitcards.skat.value import BID_VALUES

__all__ = ["IssGame", "IssLineError", "parse_iss_line", "read_iss", "replay_iss", "IssReplay", "STATUSES"]

#: what a line can be
STATUSES = ("played", "passed", "abandoned", "ended early")

_CARD = {s + r: 8 * i + j for i, s in enumerate("DHSC") for j, r in enumerate("789TJQKA")}
_GAME_LETTER = {"D": 0, "H": 1, "S": 2, "C": 3, "G": 4, "N": 5}
_PROP = re.compile(r"([A-Z][A-Z0-9]*)\[([^\]]*)\]")
_BID_CODE = {v: sk.bid_code(v) for v in BID_VALUES if v <= sk.MAX_BID}


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
            out[tok] = True
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
                if a == "p" or a == "y":
                    acts.append(0 if a == "p" else 1)
                elif a == "s":
                    acts.append(0)  # pickup
                    picked = True
                    phase = "declare"
                else:
                    code = _BID_CODE.get(int(a))
                    if code is None:
                        why = "is not a game value"
                        if int(a) in BID_VALUES:
                            why = f"is above the engine's highest bid {sk.MAX_BID}"
                        raise IssLineError(f"line {line}: bid {shorten(a)} {why}", line=line)
                    acts.append(code)
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
