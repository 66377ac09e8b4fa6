"""The official Skat game value (ISkO): matadors, levels, won/lost, overbidding, bid values, tournament scores.

Spec ``skat-rules.md`` sections 3 to 8. In short:

* **Matadors** ("with/without N") count over the declarer's **12 cards** (hand + skat, also
  in hand games): the unbroken run of trumps held from ``CJ`` down ("with"), or, without
  ``CJ``, the run of trumps missing ("without"); up to 11 in suit games (the run goes on
  into the trump suit ``A T K Q 9 8 7``), 4 in grand.
* **Value** = base (diamonds 9, hearts 10, spades 11, clubs 12, grand 24) x (matadors +
  game + hand + schneider + schneider announced + schwarz + schwarz announced + ouvert);
  null games have fixed values (Null 23, Hand 35, Ouvert 46, Ouvert Hand 59).
* Schneider: a party with <= 30 card points (either side); schwarz: a party without a
  trick (decided by tricks, not points). Announced levels count even when missed; the
  schneider level is never counted twice ("no Eigenschneider"). Suit/grand ouvert implies
  hand and both announcements.
* Won: +value. Lost: -2 x value. **Overbid** (value < bid): lost, and the value charged is
  the smallest multiple of the base value >= the bid.
* **Policy for null under the bid**: a null game whose fixed value is below the bid is
  *refused* (:class:`ContractError`), as the ISkO requires the declarer to announce a game
  that can reach the bid (spec section 6; JSkat instead charges the next multiple of 23).

>>> r = game_value("CJ SJ DA DT D9 HA HK H7 S8 S7 C7 C8", "clubs", hand=True, points=70)
>>> r.matadors, r.multiplier, r.value, r.won, r.score
(2, 4, 48, True, 48)
>>> str(r)
'clubs hand, with 2: 12 x 4 = 48, won, +48'
>>> game_value("CJ SJ DA DT D9 HA HK H7 S8 S7 C7 C8", "clubs", points=70, bid=60).score   # overbid
-120
>>> BID_VALUES[:6], next_bid(23), len(BID_VALUES)
((18, 20, 22, 23, 24, 27), 24, 63)
>>> seeger_fabian(-96, players=3)
(-146, 40)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

import numba
import numpy as np

from bitcards._bits import ctz, popcount
from bitcards._jit import njit, warmup_task
from bitcards.batch import as_masks
from bitcards.errors import BitcardsError, InvalidCardsError, shorten
from bitcards.skat.rules import GAME_NAMES, NULL, _jack_nibble, as_hand_mask, parse_game

__all__ = [
    "ContractError",
    "Contract",
    "Matadors",
    "GameResult",
    "GameValues",
    "BID_VALUES",
    "NULL_VALUES",
    "LEVEL_NAMES",
    "matadors",
    "matadors_many",
    "game_value",
    "game_values",
    "max_bid",
    "max_bid_per_game",
    "next_bid",
    "is_bid_value",
    "seeger_fabian",
    "seeger_fabian_list",
    "matadors_rule",
    "game_value_rule",
    "seeger_fabian_rule",
]


class ContractError(BitcardsError, ValueError):
    """A contract or outcome the rules do not allow (announcement without hand, null under the bid, ...)."""


# contract flags (kernel input)
F_HAND, F_SCHNEIDER, F_SCHWARZ, F_OUVERT = 1, 2, 4, 8
# level bits (kernel output)
L_GAME, L_HAND, L_SCHNEIDER, L_SCHNEIDER_ANN, L_SCHWARZ, L_SCHWARZ_ANN, L_OUVERT = 1, 2, 4, 8, 16, 32, 64
#: names of the level bits, lowest bit first
LEVEL_NAMES = ("game", "hand", "schneider", "schneider announced", "schwarz", "schwarz announced", "ouvert")
#: fixed null values: Null, Null Hand, Null Ouvert, Null Ouvert Hand
NULL_VALUES = {"null": 23, "null hand": 35, "null ouvert": 46, "null ouvert hand": 59}

# kernel status codes
S_OK, S_NULL_UNDER_BID, S_ANNOUNCE_NO_HAND, S_ANNOUNCE_NULL = 0, 1, 2, 3
S_RANGE, S_INCONSISTENT, S_BAD_BID, S_BAD_CARDS = 4, 5, 6, 7


def _bid_values() -> tuple[int, ...]:
    vals = {b * m for b in (9, 10, 11, 12) for m in range(2, 19)} | {24 * m for m in range(2, 12)} | {23, 35, 46, 59}
    return tuple(sorted(vals))


#: the 63 legal bid values (every possible game value), ascending
BID_VALUES = _bid_values()
_LEGAL_BID = np.zeros(265, dtype=np.bool_)
_LEGAL_BID[list(BID_VALUES)] = True
_LEGAL_BID[0] = True  # 0 = no bid to check
_BASE = np.array([9, 10, 11, 12, 24, 0], dtype=np.int64)


def _suit_word_table() -> np.ndarray:
    # a suit's byte (ranks 7 8 9 T J Q K A at bits 0..7) -> its non-jack trumps top first: A T K Q 9 8 7 at bits 0..6
    order = (7, 3, 6, 5, 2, 1, 0)
    t = np.zeros(256, dtype=np.int64)
    for b in range(256):
        t[b] = sum(1 << i for i, r in enumerate(order) if b >> r & 1)
    return t


_SUIT_WORD = _suit_word_table()


# ---------------------------------------------------------------------------
# the rules, once, as njit functions


@njit
def matadors_rule(m, game):  # type: ignore[no-untyped-def]
    """Signed matadors of the cards ``m``: +N = "with N", -N = "without N", 0 in null.

    The trump word holds the trumps top first (CJ bit 0, SJ, HJ, DJ, then A T K Q 9 8 7 of
    the trump suit); N is the run of equal bits from bit 0, capped at the word width.
    """
    g = np.int64(game)
    if g >= 5:
        return np.int64(0)
    w = _jack_nibble(m)
    width = np.int64(4)
    if g < 4:
        byte = np.int64((np.uint64(m) >> np.uint64(8 * g)) & np.uint64(0xFF))
        w |= _SUIT_WORD[byte] << 4
        width = np.int64(11)
    stop = np.int64(1) << width
    if w & 1:
        return np.int64(ctz((~w) | stop))
    return -np.int64(ctz(w | stop))


@njit
def game_value_rule(m, game, flags, points, tricks, bid):  # type: ignore[no-untyped-def]
    """The game value of a contract and its outcome.

    ``m``: the declarer's 12 cards; ``flags``: F_HAND | F_SCHNEIDER | F_SCHWARZ | F_OUVERT;
    ``points``: declarer's card points incl. the skat (ignored in null); ``tricks``: the
    declarer's tricks; ``bid``: 0 or a legal bid value.
    Returns ``(status, matadors, levels, value, won, overbid, score)``.
    """
    g = np.int64(game)
    f = np.int64(flags)
    pts = np.int64(points)
    tr = np.int64(tricks)
    b = np.int64(bid)
    if b < 0 or b > 264 or not _LEGAL_BID[b]:
        return S_BAD_BID, 0, 0, 0, False, False, 0
    if tr < 0 or tr > 10 or pts < 0 or pts > 120:
        return S_RANGE, 0, 0, 0, False, False, 0
    if g == 5:
        if f & (F_SCHNEIDER | F_SCHWARZ):
            return S_ANNOUNCE_NULL, 0, 0, 0, False, False, 0
        levels = np.int64(0)
        v = np.int64(23)
        if f & F_HAND:
            levels |= L_HAND
            v = 35
        if f & F_OUVERT:
            levels |= L_OUVERT
            v = 59 if f & F_HAND else 46
        if b > v:
            return S_NULL_UNDER_BID, 0, levels, v, False, False, 0
        won = tr == 0
        return S_OK, 0, levels, v, won, False, v if won else -2 * v
    if (tr == 10 and pts != 120) or (tr == 0 and pts > 22):
        return S_INCONSISTENT, 0, 0, 0, False, False, 0
    ouvert = (f & F_OUVERT) != 0
    hand = ouvert or (f & F_HAND) != 0
    schw_ann = ouvert or (f & F_SCHWARZ) != 0
    sch_ann = schw_ann or (f & F_SCHNEIDER) != 0
    if sch_ann and not hand:
        return S_ANNOUNCE_NO_HAND, 0, 0, 0, False, False, 0
    n = matadors_rule(m, g)
    levels = np.int64(L_GAME)
    if hand:
        levels |= L_HAND
    if sch_ann or pts >= 90 or pts <= 30:
        levels |= L_SCHNEIDER
    if sch_ann:
        levels |= L_SCHNEIDER_ANN
    if schw_ann or tr == 10 or tr == 0:
        levels |= L_SCHWARZ
    if schw_ann:
        levels |= L_SCHWARZ_ANN
    if ouvert:
        levels |= L_OUVERT
    base = _BASE[g]
    v = base * (abs(n) + popcount(levels))
    won = pts >= 61 and (not sch_ann or pts >= 90) and (not schw_ann or tr == 10)
    overbid = v < b
    if overbid:
        won = False
        v = (b + base - 1) // base * base
    return S_OK, n, levels, v, won, overbid, v if won else -2 * v


@njit
def max_bid_rule(m):  # type: ignore[no-untyped-def]
    """``(value, game)``: the highest value of any game "if won simply" for the cards ``m`` (not a hand game).

    The same rule as :func:`bitcards.skat.max_bid_per_game` (max over its values); a tie goes to the
    higher game number (grand 4 over clubs 3 ..; null 5 only if nothing else reaches 23).

    >>> from bitcards.notation import parse_mask
    >>> [int(x) for x in max_bid_rule(parse_mask("JD AS 0S KS QS 9S 8S AD 8C 9C", "skat"))]   # grand without 3: 24 x 4
    [96, 4]
    """
    best = game_value_rule(m, 5, 0, 0, 0, 0)[3]  # null
    game = 5
    for g in range(5):
        v = game_value_rule(m, g, 0, 61, 5, 0)[3]
        if v >= best:
            best = v
            game = g
    return np.int64(best), np.int64(game)


@njit(parallel=True)
def _matadors_kernel(masks, game, out):  # type: ignore[no-untyped-def]
    for i in numba.prange(masks.shape[0]):
        out[i] = matadors_rule(masks[i], game)


@njit(parallel=True)
def _game_value_kernel(masks, game, flags, points, tricks, bids, status, mats, value, won, score):  # type: ignore[no-untyped-def]
    """Fill the outputs; return how many rows have a nonzero status (S_BAD_CARDS: not 12 Skat cards)."""
    n_bad = 0
    for i in numba.prange(masks.shape[0]):
        m = masks[i]
        st, n, _, v, w, _, sc = game_value_rule(m, game, flags, points[i], tricks[i], bids[i])
        if popcount(m) != 12 or (m >> np.uint64(32)) != np.uint64(0):
            st = S_BAD_CARDS
        status[i] = st
        mats[i] = n
        value[i] = v
        won[i] = w
        score[i] = sc
        n_bad += st != S_OK
    return n_bad


# ---------------------------------------------------------------------------
# public API


class Matadors(NamedTuple):
    """"with N" (``with_`` True) or "without N". ``signed`` is +N / -N; 0 (null) prints as "none"."""

    with_: bool
    n: int

    @property
    def signed(self) -> int:
        return self.n if self.with_ else -self.n

    def __str__(self) -> str:
        if self.n == 0:
            return "none"
        return f"{'with' if self.with_ else 'without'} {self.n}"


def matadors(cards: object, game: int | str) -> Matadors:
    """Matadors of ``cards`` in ``game``; pass the declarer's 12 cards (hand + skat).

    >>> str(matadors("CJ HJ", "clubs")), str(matadors("SJ HJ DJ", "grand")), str(matadors("DJ", "hearts"))
    ('with 1', 'without 1', 'without 3')
    >>> str(matadors("CJ SJ HJ DJ CA CT CQ", "clubs")), str(matadors("CA", "grand")), str(matadors("", "clubs"))
    ('with 6', 'without 4', 'without 11')
    """
    n = int(matadors_rule(np.uint64(as_hand_mask(cards)), np.int64(parse_game(game))))
    return Matadors(n > 0, abs(n))


def matadors_many(masks: object, game: int | str) -> np.ndarray:
    """Signed matadors (+N with, -N without) of each mask, ``int8``."""
    m = as_masks(masks).reshape(-1)
    if m.size and (m >> np.uint64(32)).any():
        raise InvalidCardsError(f"row {int(np.flatnonzero(m >> np.uint64(32))[0])}: bits outside the skat deck")
    out = np.empty(m.shape[0], dtype=np.int8)
    _matadors_kernel(m, np.int64(parse_game(game)), out)
    return out


_ANNOUNCE = {None: 0, "": 0, "none": 0, "schneider": F_SCHNEIDER, "schwarz": F_SCHWARZ | F_SCHNEIDER}


class Contract(NamedTuple):
    """A game as announced: ``game`` number, ``hand``, ``announce`` (None/"schneider"/"schwarz"), ``ouvert``.

    Suit/grand ouvert implies hand and schwarz announced (normalised by :meth:`make`).
    """

    game: int
    hand: bool = False
    announce: str | None = None
    ouvert: bool = False

    @classmethod
    def make(cls, game: int | str, hand: bool = False, announce: str | None = None, ouvert: bool = False) -> Contract:
        g = parse_game(game)
        a = announce.strip().lower() if isinstance(announce, str) else announce
        if a not in _ANNOUNCE:
            raise ContractError(f"unknown announcement {shorten(announce)} (expected schneider or schwarz)")
        a = a or None
        if g == NULL:
            if a:
                raise ContractError("null games have no schneider or schwarz to announce")
        else:
            if ouvert:
                hand, a = True, "schwarz"
            if a and not hand:
                raise ContractError(f"{a} can only be announced in a hand game")
        return cls(g, bool(hand), a, bool(ouvert))

    @property
    def flags(self) -> int:
        return (F_HAND if self.hand else 0) | _ANNOUNCE[self.announce] | (F_OUVERT if self.ouvert else 0)

    def __str__(self) -> str:
        words = [GAME_NAMES[self.game]]
        if self.game == NULL:
            words += ["ouvert"] * self.ouvert + ["hand"] * self.hand
        elif self.ouvert:
            words.append("ouvert")
        else:
            words += ["hand"] * self.hand + ([f"{self.announce} announced"] if self.announce else [])
        return " ".join(words)


class GameResult(NamedTuple):
    """The outcome of one game. ``score`` is the score-sheet entry (+value won, -2 x value lost)."""

    contract: Contract
    matadors: int  # signed: +N with, -N without, 0 null
    multiplier: int  # 0 for null
    levels: tuple[str, ...]
    value: int
    won: bool
    overbid: bool
    score: int

    def __str__(self) -> str:
        c = self.contract
        outcome = ("won" if self.won else "lost") + (" (overbid)" if self.overbid else "")
        if c.game == NULL:
            return f"{c}: {self.value}, {outcome}, {self.score:+d}"
        base = (9, 10, 11, 12, 24)[c.game]
        mat = str(Matadors(self.matadors > 0, abs(self.matadors)))
        calc = f"{base} x {self.multiplier} = {base * self.multiplier}"
        if self.overbid:
            calc += f" < bid, charged {self.value}"
        return f"{c}, {mat}: {calc}, {outcome}, {self.score:+d}"

    def to_dict(self) -> dict[str, object]:
        c = self.contract
        return {
            "game": GAME_NAMES[c.game],
            "hand": c.hand,
            "announce": c.announce,
            "ouvert": c.ouvert,
            "matadors": self.matadors,
            "matadors_text": str(Matadors(self.matadors > 0, abs(self.matadors))),
            "multiplier": self.multiplier,
            "levels": list(self.levels),
            "value": self.value,
            "won": self.won,
            "overbid": self.overbid,
            "score": self.score,
        }


_STATUS_TEXT = {
    S_NULL_UNDER_BID: "a null game worth {value} cannot be announced at a bid of {bid}: the declarer must announce "
    "a game that can reach the bid (ISkO; bitcards refuses it instead of charging a made-up value)",
    S_ANNOUNCE_NO_HAND: "schneider/schwarz can only be announced in a hand game",
    S_ANNOUNCE_NULL: "null games have no schneider or schwarz to announce",
    S_RANGE: "card points must be 0..120 and tricks 0..10",
    S_INCONSISTENT: "points and tricks do not fit: all 10 tricks means 120 points, no trick at most 22 (the skat)",
    S_BAD_BID: "the bid must be one of the 63 legal bid values (18, 20, 22, 23, ..., 264)",
    S_BAD_CARDS: "not the declarer's 12 skat cards",
}


def _checked_int(x: object, name: str, lo: int, hi: int, message: str) -> int:
    """``x`` as an int in ``lo..hi`` (ContractError ``message`` otherwise), checked before it meets an int64."""
    if isinstance(x, bool) or not isinstance(x, (int, np.integer)):
        raise TypeError(f"{name} must be an integer, not {type(x).__name__}")
    v = int(x)
    if not lo <= v <= hi:
        raise ContractError(f"{message} (got {name} {v})")
    return v


_NEED_TRICKS = "schwarz announced (or ouvert): give the declarer's tricks too, only all 10 win"


def _outcome(c: Contract, points: int | None, tricks: int | None) -> tuple[int, int]:
    """Fill in a missing outcome: nothing given = won simply."""
    if points is not None:
        points = _checked_int(points, "points", 0, 120, _STATUS_TEXT[S_RANGE])
    if tricks is not None:
        tricks = _checked_int(tricks, "tricks", 0, 10, _STATUS_TEXT[S_RANGE])
    if c.game == NULL:
        if tricks is None:
            tricks = 0
        return 0 if points is None else int(points), int(tricks)
    if points is None and tricks is None:
        if c.announce == "schwarz":
            return 120, 10
        return (90 if c.announce == "schneider" else 61), 5
    if points is None:
        if tricks == 10:
            return 120, 10
        if tricks == 0:
            return 0, 0
        raise ContractError("give the declarer's card points (only 0 or 10 tricks fix them)")
    if tricks is None:
        if c.announce == "schwarz":
            raise ContractError(_NEED_TRICKS)
        tricks = 5  # neither side schwarz
    return int(points), int(tricks)


def game_value(
    cards: object,
    game: int | str,
    *,
    hand: bool = False,
    announce: str | None = None,
    ouvert: bool = False,
    points: int | None = None,
    tricks: int | None = None,
    bid: int | None = None,
) -> GameResult:
    """The game value and score-sheet entry of a game.

    ``cards``: the declarer's 12 cards (hand + skat). ``points``: his card points including
    the skat; ``tricks``: his tricks (0..10; default: neither side schwarz, but with schwarz
    announced or ouvert the tricks must be given). With no outcome at all the game is taken
    as won simply (61 points, or what the announcement needs); tricks alone fix the points
    only for 0 (0 points) or 10 (120).
    ``bid``: the bid (a legal bid value); a value below it is overbid.
    Null: ``tricks=0`` (the default) is won, anything else lost.

    >>> str(game_value("CJ " + "DA DT DK DQ D9 D8 D7 HA HT HK HQ", "grand", points=55))
    'grand, with 1: 24 x 2 = 48, lost, -96'
    >>> str(game_value("CJ SJ HJ DJ " + "CA CT CK CQ C9 C8 C7 HA", "grand", ouvert=True))
    'grand ouvert, with 4: 24 x 11 = 264, won, +264'
    >>> str(game_value("CJ DA DT DK DQ D9 D8 D7 HA HT HK HQ", "null", hand=True, tricks=1))
    'null hand: 35, lost, -70'
    """
    c = Contract.make(game, hand=hand, announce=announce, ouvert=ouvert)
    m = as_hand_mask(cards, count=12, what="declarer's 12 cards")
    pts, tr = _outcome(c, points, tricks)
    b = 0 if bid is None else _checked_int(bid, "bid", 0, 264, _STATUS_TEXT[S_BAD_BID])
    st, n, lv, v, won, ob, sc = game_value_rule(
        np.uint64(m), np.int64(c.game), np.int64(c.flags), np.int64(pts), np.int64(tr), np.int64(b)
    )
    if st != S_OK:
        raise ContractError(_STATUS_TEXT[int(st)].format(value=int(v), bid=b))
    levels = tuple(name for i, name in enumerate(LEVEL_NAMES) if int(lv) >> i & 1)
    mult = 0 if c.game == NULL else abs(int(n)) + len(levels)
    return GameResult(c, int(n), mult, levels, int(v), bool(won), bool(ob), int(sc))


def max_bid(cards: object, game: int | str, *, hand: bool = False, announce: str | None = None, ouvert: bool = False) -> int:
    """The highest bid a hand can make for ``game`` from the cards it knows.

    Precisely: the game value if the game is won simply (61 points, or exactly what the
    announcement needs), with the matadors counted over the **given cards only** (usually
    the 10 dealt cards, no skat): base x (matadors + 1 + hand + announced levels), or the
    fixed null value. The real matadors are settled with the skat: a "with N" hand can only
    gain from it, but a "without N" hand loses matadors when a missing top trump lies in
    the skat, which is how a game ends up overbid (spec section 6).

    >>> max_bid("JD AS 0S KS QS 9S 8S AD 8C 9C", "spades")      # without 3 -> 11 x 4
    44
    >>> max_bid("JC JS AC KC 9C 8C AS 7H QD 8D", "clubs", hand=True), max_bid("", "null", ouvert=True)
    (48, 46)
    """
    c = Contract.make(game, hand=hand, announce=announce, ouvert=ouvert)
    m = as_hand_mask(cards, what="hand")
    pts, tr = _outcome(c, None, None)
    st, _, _, v, _, _, _ = game_value_rule(
        np.uint64(m), np.int64(c.game), np.int64(c.flags), np.int64(pts), np.int64(tr), np.int64(0)
    )
    if st != S_OK:  # pragma: no cover - Contract.make already validated
        raise ContractError(_STATUS_TEXT[int(st)].format(value=int(v), bid=0))
    return int(v)


def max_bid_per_game(cards: object, *, hand: bool = False) -> dict[str, int]:
    """:func:`max_bid` for every game (suit games, grand, null), same definition and caveat.

    >>> max_bid_per_game("JD AS 0S KS QS 9S 8S AD 8C 9C")
    {'diamonds': 36, 'hearts': 40, 'spades': 44, 'clubs': 48, 'grand': 96, 'null': 23}
    """
    return {g: max_bid(cards, g, hand=hand) for g in GAME_NAMES}


class GameValues(NamedTuple):
    """Batch results of :func:`game_values`: signed matadors, value, won, score (arrays)."""

    matadors: np.ndarray
    value: np.ndarray
    won: np.ndarray
    score: np.ndarray


def _column(x: object, n: int, name: str, default: int) -> np.ndarray:
    if x is None:
        return np.full(n, default, dtype=np.int64)
    a = np.asarray(x)
    if a.dtype.kind not in "iub":
        raise TypeError(f"{name} must be integers, not dtype {a.dtype}")
    if a.shape not in ((), (n,)):
        raise InvalidCardsError(f"{name} has shape {a.shape}; expected a scalar or {n} values, one per hand")
    return np.ascontiguousarray(np.broadcast_to(a.astype(np.int64), (n,)))


def _outcome_columns(c: Contract, points: object, tricks: object, n: int) -> tuple[np.ndarray, np.ndarray]:
    """The batch form of :func:`_outcome`: the same defaults, row by row."""
    p0, t0 = _outcome(c, None, None)
    if c.game == NULL or (points is None) == (tricks is None):
        return _column(points, n, "points", p0), _column(tricks, n, "tricks", t0)
    if points is None:
        tr = _column(tricks, n, "tricks", t0)
        bad = (tr != 0) & (tr != 10) & (tr >= 0) & (tr <= 10)
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            raise ContractError(f"row {i}: give the declarer's card points (only 0 or 10 tricks fix them)")
        return np.where(tr == 10, 120, 0).astype(np.int64), tr
    if c.announce == "schwarz":
        raise ContractError(_NEED_TRICKS)
    return _column(points, n, "points", p0), np.full(n, 5, dtype=np.int64)


def game_values(
    masks: object,
    game: int | str,
    *,
    hand: bool = False,
    announce: str | None = None,
    ouvert: bool = False,
    points: object = None,
    tricks: object = None,
    bid: object = None,
) -> GameValues:
    """:func:`game_value` over an array of 12-card masks; ``points``, ``tricks``, ``bid`` are scalars or arrays.

    Missing outcomes are filled in as in :func:`game_value`: neither given = won simply (61
    points and 5 tricks, 90 points with schneider announced, 120 and 10 tricks with schwarz;
    null: no trick); tricks alone fix the points only for 0 and 10 tricks; points alone mean
    5 tricks (not with schwarz announced). No bid by default.
    A row the rules reject raises :class:`ContractError` naming the first such row.

    >>> from bitcards.batch import cards_to_masks
    >>> m = cards_to_masks(["CJ SJ DA DT D9 HA HK H7 S8 S7 C7 C8", "HJ DA DT D9 HA HK H7 S8 S7 C7 C8 CA"], "skat")
    >>> r = game_values(m, "clubs", points=[70, 25])
    >>> r.matadors.tolist(), r.value.tolist(), r.score.tolist()
    ([2, -2], [36, 48], [36, -96])
    """
    c = Contract.make(game, hand=hand, announce=announce, ouvert=ouvert)
    m = as_masks(masks).reshape(-1)
    n = m.shape[0]
    pts, tr = _outcome_columns(c, points, tricks, n)
    bids = _column(bid, n, "bid", 0)
    status = np.empty(n, dtype=np.int8)
    mats = np.empty(n, dtype=np.int8)
    value = np.empty(n, dtype=np.int16)
    won = np.empty(n, dtype=np.bool_)
    score = np.empty(n, dtype=np.int16)
    if _game_value_kernel(m, np.int64(c.game), np.int64(c.flags), pts, tr, bids, status, mats, value, won, score):
        i = int(np.flatnonzero(status)[0])
        if status[i] == S_BAD_CARDS:
            raise InvalidCardsError(f"row {i}: mask {int(m[i]):#x} is not 12 skat cards", row=i)
        msg = _STATUS_TEXT[int(status[i])].format(value=int(value[i]), bid=int(bids[i]))
        raise ContractError(f"row {i}: {msg}")
    return GameValues(mats, value, won, score)


def is_bid_value(v: int) -> bool:
    """Whether ``v`` is one of the 63 legal bid values."""
    return isinstance(v, (int, np.integer)) and 0 < int(v) <= 264 and bool(_LEGAL_BID[int(v)])


def next_bid(v: int) -> int:
    """The next legal bid above ``v`` (0 -> 18); 264, the highest, has no successor and returns 264 (as JSkat).

    >>> next_bid(0), next_bid(18), next_bid(22), next_bid(216), next_bid(240), next_bid(264)
    (18, 20, 23, 240, 264, 264)
    """
    v = int(v)
    for b in BID_VALUES:
        if b > v:
            return b
    return BID_VALUES[-1]


@njit
def seeger_fabian_rule(score):  # type: ignore[no-untyped-def]
    """``(declarer, each other player)`` at a 3-player table for a score-sheet entry (0: nothing)."""
    s = np.int64(score)
    if s > 0:
        return s + 50, np.int64(0)
    if s < 0:
        return s - 50, np.int64(40)
    return np.int64(0), np.int64(0)


def seeger_fabian(score: int, players: int = 3) -> tuple[int, int]:
    """Seeger-Fabian tournament points of one game: ``(declarer, each other player at the table)``.

    Won: +value + 50. Lost: -2 x value - 50, and every other player at the table (at a
    4-player table the dealer too) gets 40 (3 players) or 30 (4 players). ``score`` is the
    score-sheet entry (+value / -2 x value); 0 is a passed deal and scores nothing.

    >>> seeger_fabian(18), seeger_fabian(-36), seeger_fabian(-36, players=4)
    ((68, 0), (-86, 40), (-86, 30))
    """
    if players not in (3, 4):
        raise ContractError(f"a Skat table has 3 or 4 players, not {players}")
    s = int(score)
    mine, others = seeger_fabian_rule(np.int64(s))
    if s < 0 and players == 4:
        others = 30
    return int(mine), int(others)


def seeger_fabian_list(games: Iterable[tuple[int, int]], players: int = 3) -> list[int]:
    """Tournament points per seat over a list: ``games`` holds ``(declarer seat, score-sheet entry)``.

    >>> seeger_fabian_list([(0, 48), (1, -96), (2, 0)], players=3)
    [138, -146, 40]
    """
    totals = [0] * players
    for seat, score in games:
        if not 0 <= int(seat) < players:
            raise ContractError(f"seat {seat} is not at a {players}-player table")
        mine, others = seeger_fabian(score, players)
        for i in range(players):
            totals[i] += mine if i == seat else others
    return totals


@warmup_task
def _warm() -> None:
    m = np.array([0xFFF], dtype=np.uint64)
    matadors_many(m, 0)
    game_values(m, 0)
    matadors(0xFFF, 4)
    game_value(0xFFF, 3, points=70)
