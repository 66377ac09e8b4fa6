"""The play (pegging) as small ``@njit`` rules on masks and packed card sequences.

The two players' unplayed cards are FRENCH masks. The cards of the current
series (since the last reset) are kept as their ranks plus one, 4 bits each,
the newest in bits 0..3 (``ser``; 0 where there is no card, so a series of no
cards is 0). Every scorer of the play in bitcards (a recorded play, bulk, the
whole game on the engine, the greedy policy) is built from :func:`play_points`
and :func:`peg_step`.

* :func:`play_points`: what playing one card onto the series scores at once:
  15 and 31 for 2; the same rank as the last 1, 2, 3 cards for 2, 6, 12; the
  last 3..7 cards of the series being distinct consecutive ranks, in any order,
  for their number (the longest such: :func:`longest_run`);
* :func:`peg_step`: play a card, then decide who moves next: the opponent if
  they hold a card that fits under 31, else the same player ("go"), else the
  series is over: 1 for the go (or for the last card when no cards remain; none
  after a 31, which already scored 2), the count starts again at 0 and the
  player who did not play the last card leads if they still hold cards.

``why`` records the reasons as bits: :data:`FIFTEEN`, :data:`THIRTY_ONE`, the
number of earlier cards paired (bits 2..3), the run length (bits 4..6),
:data:`GO`, :data:`LAST`.

Speed (the bulk scorer runs at tens of millions of plays a second): the common
outcomes are table look-ups rather than branches the processor would mispredict.
:data:`RUNS` holds, for every window of the last four cards of a series, the
run those cards make (3 or 4) and whether an older card could lengthen a run
(the four distinct within seven ranks, :data:`LONGER`); only then, about one
card in twenty in random plays, does :func:`longest_run` walk the series.
"""

from __future__ import annotations

import numpy as np

from bitcards._bits import ctz
from bitcards._jit import njit

FIFTEEN = 1
THIRTY_ONE = 2
PAIR_SHIFT = 2
RUN_SHIFT = 4
GO = 1 << 7
LAST = 1 << 8
#: points for the new card matching the last 0, 1, 2, 3 cards' rank
PAIR_POINTS = np.array([0, 2, 6, 12], dtype=np.int64)

#: next mover relative to the player who just played
SELF, OPP, OVER = 0, 1, 2

#: one in each of the eight nibbles a series can fill
_NIBBLES = np.uint64(0x11111111)


def _fit_table() -> np.ndarray:
    """``FIT[k]``: the mask of every card whose counting value is at most ``k`` (0..31)."""
    out = np.zeros(32, dtype=np.uint64)
    for k in range(32):
        m = 0
        for b in range(52):
            if min(b % 13 + 1, 10) <= k:
                m |= 1 << b
        out[k] = m
    return out


FIT = _fit_table()
#: rank (0 ace .. 12 king) and counting value of each card bit
RANK = np.array([b % 13 for b in range(52)], dtype=np.int64)
VALUE = np.array([min(b % 13 + 1, 10) for b in range(52)], dtype=np.int64)
#: what reaching each count (0..31) scores, and why
COUNT_WHY = np.array([FIFTEEN if k == 15 else THIRTY_ONE if k == 31 else 0 for k in range(32)], dtype=np.int64)
COUNT_POINTS = 2 * (COUNT_WHY != 0).astype(np.int64)
#: flag of :data:`RUNS`: the last four cards are distinct within seven ranks, so a fifth could lengthen a run
LONGER = 8


def _runs_table() -> np.ndarray:
    """:data:`RUNS`: for each window ``w`` of a series' last four cards (4 bits each, rank + 1, 0 for none).

    ``RUNS[w] & 7``: the longest run (3 or 4, else 0) ending with the newest
    card among those four, as :func:`longest_run` counts it on the window alone;
    ``RUNS[w] & LONGER``: four distinct cards within seven ranks. The same walk
    as :func:`longest_run`, on all windows at once.
    """
    w = np.arange(1 << 16, dtype=np.int64)
    seen = np.zeros(w.shape, dtype=np.int64)  # rank bits of the cards walked so far
    alive = np.ones(w.shape, dtype=bool)  # no empty slot nor repeated rank yet
    best = np.zeros(w.shape, dtype=np.int64)
    for j in range(4):
        v = (w >> (4 * j)) & 15
        b = np.left_shift(1, v)
        alive &= (v != 0) & (v <= 13) & ((seen & b) == 0)
        seen = np.where(alive, seen | b, seen)
        low = seen & -seen
        consecutive = ((seen + low) & seen) == 0  # one block of set bits
        if j >= 2:
            best = np.where(alive & consecutive, j + 1, best)
    within_seven = seen < (low << 7)  # the highest rank at most six above the lowest
    return (best | np.where(alive & within_seven, LONGER, 0)).astype(np.uint8)


RUNS = _runs_table()


@njit(inline="always")
def value_of(card):  # type: ignore[no-untyped-def]
    """Counting value of a card bit: ace 1 .. 9, ten and faces 10."""
    return min(card % 13 + 1, 10)


@njit(inline="always")
def fitting(hand, count):  # type: ignore[no-untyped-def]
    """The cards of ``hand`` that may be played at ``count`` (not passing 31)."""
    return np.uint64(hand) & FIT[31 - count]


@njit
def longest_run(ser):  # type: ignore[no-untyped-def]
    """The longest run ending with the newest card of the series ``ser`` (newest in bits 0..3): 3..7, or 0.

    The last ``L`` cards make a run when their ranks are distinct and consecutive;
    the walk back stops at the first repeated rank or at the start of the series.
    """
    s = np.uint64(ser)
    seen = np.uint64(0)
    best = 0
    for j in range(8):
        v = (s >> np.uint64(4 * j)) & np.uint64(15)
        if v == 0:
            break
        b = np.uint64(1) << v
        if seen & b:
            break
        seen |= b
        if j >= 2 and (seen >> np.uint64(ctz(seen))) == (np.uint64(1) << np.uint64(j + 1)) - np.uint64(1):
            best = j + 1
    return best


@njit(inline="always")
def play_points(ser, rank, count):  # type: ignore[no-untyped-def]
    """``(points, why)`` for a card of ``rank`` played onto the series ``ser`` making ``count``."""
    r1 = np.uint64(rank + 1)
    s = np.uint64(ser)
    # pairs: the trailing nibbles of ser equal to the new rank (at most 3: a rank has four cards)
    k = ctz(s ^ (r1 * _NIBBLES)) >> 2
    s = (s << np.uint64(4)) | r1
    t = RUNS[s & np.uint64(0xFFFF)]
    run = np.int64(t & 7)
    if t & LONGER and s >> np.uint64(16):
        run = longest_run(s)
    c = np.uint64(count)
    pts = COUNT_POINTS[c] + PAIR_POINTS[k] + run
    why = COUNT_WHY[c] | (k << PAIR_SHIFT) | (run << RUN_SHIFT)
    return pts, why


@njit(inline="always")
def peg_step(hp, ho, count, ser, card):  # type: ignore[no-untyped-def]
    """Player p plays ``card`` (held in ``hp``, fitting; nothing is checked); ``ho`` is the opponent's cards.

    Returns ``(hp, count, ser, points, why, nxt)`` with ``nxt`` :data:`SELF`,
    :data:`OPP` or :data:`OVER` (no cards left).
    """
    hp = np.uint64(hp) ^ (np.uint64(1) << np.uint64(card))
    ho = np.uint64(ho)
    rank = RANK[card]
    count = count + VALUE[card]
    pts, why = play_points(ser, rank, count)
    ser = (np.uint64(ser) << np.uint64(4)) | np.uint64(rank + 1)
    room = FIT[np.uint64(31 - count)]
    opp = (ho & room) != 0
    go = not (opp or (hp & room) != 0)
    if go:  # neither can play (always after 31): the series is over
        if count != 31:
            pts += 1
            why |= GO if (hp | ho) else LAST
        count = 0
        ser = np.uint64(0)
    nxt = OPP if opp or (go and ho != 0) else SELF
    if not (hp | ho):
        nxt = OVER
    return hp, count, ser, pts, why, nxt


# --- a recorded play ---------------------------------------------------------------------------
#: error codes of :func:`score_play` (0: the play is legal)
BAD_CARD, NOT_HELD, TWICE, WRONG_PLAYER, PAST_31 = 1, 2, 3, 4, 5


@njit(inline="always")
def score_play(pone, dealer, seq, players, points, whys, counts, totals):  # type: ignore[no-untyped-def]
    """Score the cards ``seq`` (bits, at most 8; ``-1`` ends a shorter play) played from the pone's and dealer's four.

    Fills ``players`` (0 pone, 1 dealer), ``points``, ``whys`` and ``counts``
    (the count the card reached) per card and ``totals[0..1]``.
    Returns ``(code, position)``: code 0 and the number of cards when legal, else
    an error code and the position of the first bad card.
    """
    packed = np.uint64(0)
    for i in range(seq.shape[0]):
        c = np.int64(seq[i])
        byte = 255 if c == -1 else (c if 0 <= c < 52 else 52)  # 52: a bit outside the deck
        packed |= np.uint64(byte) << np.uint64(8 * i)
    code, end, t0, t1 = _score(pone, dealer, packed, seq.shape[0], True, players, points, whys, counts)
    totals[0] = t0
    totals[1] = t1
    return code, end


@njit(inline="always")
def play_totals(pone, dealer, packed, scratch):  # type: ignore[no-untyped-def]
    """:func:`score_play` of a whole play, packed: ``(code, position, pone's points, dealer's points)``.

    ``packed``: the eight cards played, card ``i`` in bits ``8i .. 8i+7`` (a
    little-endian ``uint64`` view of eight ``int8`` card bits; ``-1``, i.e. 255,
    ends a shorter play). ``scratch``: any ``int64`` array (it stands in for the
    per-card record, which is not kept).
    """
    return _score(pone, dealer, packed, 8, False, scratch, scratch, scratch, scratch)


@njit(inline="always")
def _score(pone, dealer, packed, k, record, players, points, whys, counts):  # type: ignore[no-untyped-def]
    # the player to move holds hp and has scored tp; the other ho, to
    hp = np.uint64(pone)
    ho = np.uint64(dealer)
    p = 0
    tp = 0
    to = 0
    count = 0
    ser = np.uint64(0)
    code = 0
    end = k
    rest = np.uint64(packed)
    for i in range(k):
        c = np.int64(rest & np.uint64(255))
        rest >>= np.uint64(8)
        if c == 255:
            end = i
            break
        if c >= 52 or not (hp >> np.uint64(c)) & np.uint64(1) or count + VALUE[c] > 31:
            code = _why_illegal(np.uint64(pone) | np.uint64(dealer), hp, ho, count, c)
            end = i
            break
        if record:
            players[i] = p
            counts[i] = count + VALUE[c]
        hp, count, ser, pts, why, nxt = peg_step(hp, ho, count, ser, c)
        tp += pts
        if record:
            points[i] = pts
            whys[i] = why
        if nxt == OPP:
            hp, ho = ho, hp
            tp, to = to, tp
            p = 1 - p
        elif nxt == OVER:
            end = i + 1
            break
    if p == 0:
        return code, end, tp, to
    return code, end, to, tp


@njit
def _why_illegal(dealt, hp, ho, count, c):  # type: ignore[no-untyped-def]
    """The error code of card ``c`` when the player to move holds ``hp`` (the other ``ho``) at ``count``."""
    if c >= 52:
        return BAD_CARD
    bit = np.uint64(1) << np.uint64(c)
    if not (dealt & bit):
        return NOT_HELD
    if not ((hp | ho) & bit):
        return TWICE
    if not (hp & bit):
        return WRONG_PLAYER
    return PAST_31


@njit
def mover_before(pone, dealer, seq, upto):  # type: ignore[no-untyped-def]
    """``(player, count, cards that fit)`` before the card at position ``upto`` of a legal prefix ``seq[:upto]``."""
    h0 = np.uint64(pone)
    h1 = np.uint64(dealer)
    p = 0
    count = 0
    ser = np.uint64(0)
    for i in range(upto):
        c = np.int64(seq[i])
        if p == 0:
            h0, count, ser, pts, why, nxt = peg_step(h0, h1, count, ser, c)
        else:
            h1, count, ser, pts, why, nxt = peg_step(h1, h0, count, ser, c)
        if nxt == OPP:
            p = 1 - p
    return p, count, fitting(h0 if p == 0 else h1, count)
