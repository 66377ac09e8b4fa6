"""The play (pegging) as small ``@njit`` rules on masks and packed card sequences.

The two players' unplayed cards are FRENCH masks. The cards of the current
series (since the last reset) are kept as their ranks, 4 bits each, the newest
in bits 0..3 (``ser``), with their number ``n``. Every scorer of the play in
bitcards (a recorded play, bulk, the whole game on the engine, the greedy
policy) is built from :func:`play_points` and :func:`peg_step`.

* :func:`play_points`: what playing one card onto the series scores at once:
  15 and 31 for 2; the same rank as the last 1, 2, 3 cards for 2, 6, 12; the
  last 3..7 cards of the series being distinct consecutive ranks, in any order,
  for their number (the longest such);
* :func:`peg_step`: play a card, then decide who moves next: the opponent if
  they hold a card that fits under 31, else the same player ("go"), else the
  series is over: 1 for the go (or for the last card when no cards remain; none
  after a 31, which already scored 2), the count starts again at 0 and the
  player who did not play the last card leads if they still hold cards.

``why`` records the reasons as bits: :data:`FIFTEEN`, :data:`THIRTY_ONE`, the
number of earlier cards paired (bits 2..3), the run length (bits 4..6),
:data:`GO`, :data:`LAST`.
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


@njit(inline="always")
def value_of(card):  # type: ignore[no-untyped-def]
    """Counting value of a card bit: ace 1 .. 9, ten and faces 10."""
    return min(card % 13 + 1, 10)


@njit(inline="always")
def fitting(hand, count):  # type: ignore[no-untyped-def]
    """The cards of ``hand`` that may be played at ``count`` (not passing 31)."""
    return np.uint64(hand) & FIT[31 - count]


@njit(inline="always")
def play_points(ser, n, rank, count):  # type: ignore[no-untyped-def]
    """``(points, why)`` for a card of ``rank`` played onto the series ``ser`` (``n`` cards) making ``count``."""
    pts = 0
    why = 0
    if count == 15:
        pts += 2
        why |= FIFTEEN
    elif count == 31:
        pts += 2
        why |= THIRTY_ONE
    s = np.uint64(ser)
    # pairs: the trailing nibbles of ser equal to rank (a sentinel bit caps them at min(n, 3))
    x = (s ^ (np.uint64(rank) * np.uint64(0x11111111))) | (np.uint64(1) << np.uint64(4 * min(n, 3)))
    k = ctz(x) >> 2
    if k > 0:
        pts += PAIR_POINTS[k]
        why |= k << PAIR_SHIFT
        return pts, why
    if n < 2:
        return pts, why
    # a run ends with the new card: the last j + 2 cards are distinct and consecutive. Its last
    # three cards are then distinct and span at most 6 ranks: most cards fail that at once.
    r1 = np.int64(s & np.uint64(15))
    r2 = np.int64((s >> np.uint64(4)) & np.uint64(15))
    if r1 == r2 or r2 == rank or max(rank, r1, r2) - min(rank, r1, r2) > 6:
        return pts, why
    m = np.uint64(1) << np.uint64(rank)
    best = 0
    for j in range(min(n, 6)):
        b = np.uint64(1) << ((s >> np.uint64(4 * j)) & np.uint64(15))
        if m & b:
            break
        m |= b
        if j >= 1 and (m >> np.uint64(ctz(m))) == (np.uint64(1) << np.uint64(j + 2)) - np.uint64(1):
            best = j + 2
    if best:
        pts += best
        why |= best << RUN_SHIFT
    return pts, why


@njit(inline="always")
def peg_step(hp, ho, count, ser, n, card):  # type: ignore[no-untyped-def]
    """Player p plays ``card`` (held in ``hp``, fitting; nothing is checked); ``ho`` is the opponent's cards.

    Returns ``(hp, count, ser, n, points, why, nxt)`` with ``nxt`` :data:`SELF`,
    :data:`OPP` or :data:`OVER` (no cards left).
    """
    hp = np.uint64(hp) ^ (np.uint64(1) << np.uint64(card))
    ho = np.uint64(ho)
    rank = card % 13
    count = count + min(rank + 1, 10)
    pts, why = play_points(ser, n, rank, count)
    ser = (np.uint64(ser) << np.uint64(4)) | np.uint64(rank)
    n = n + 1
    if count == 31:
        count = 0
        ser = np.uint64(0)
        n = 0
        nxt = OPP if ho else SELF
    else:
        room = FIT[31 - count]
        if ho & room:
            nxt = OPP
        elif hp & room:
            nxt = SELF
        else:
            pts += 1
            why |= GO if (hp | ho) else LAST
            count = 0
            ser = np.uint64(0)
            n = 0
            nxt = OPP if ho else SELF
    if not (hp | ho):
        nxt = OVER
    return hp, count, ser, n, pts, why, nxt


# --- a recorded play ---------------------------------------------------------------------------
#: error codes of :func:`score_play` (0: the play is legal)
BAD_CARD, NOT_HELD, TWICE, WRONG_PLAYER, PAST_31 = 1, 2, 3, 4, 5


@njit(inline="always")
def score_play(pone, dealer, seq, players, points, whys, counts, totals):  # type: ignore[no-untyped-def]
    """Score the cards ``seq`` (bits; ``-1`` ends a shorter play) played from the pone's and dealer's four.

    Fills ``players`` (0 pone, 1 dealer), ``points``, ``whys`` and ``counts``
    (the count the card reached) per card and ``totals[0..1]``.
    Returns ``(code, position)``: code 0 and the number of cards when legal, else
    an error code and the position of the first bad card.
    """
    h0 = np.uint64(pone)
    h1 = np.uint64(dealer)
    totals[0] = 0
    totals[1] = 0
    played = np.uint64(0)
    p = 0
    count = 0
    ser = np.uint64(0)
    n = 0
    for i in range(seq.shape[0]):
        c = np.int64(seq[i])
        if c < 0:
            return 0, i
        if c >= 52:
            return BAD_CARD, i
        bit = np.uint64(1) << np.uint64(c)
        if played & bit:
            return TWICE, i
        if not ((h0 | h1) & bit):
            return NOT_HELD, i
        if not ((h0 if p == 0 else h1) & bit):
            return WRONG_PLAYER, i
        if count + min(c % 13 + 1, 10) > 31:
            return PAST_31, i
        played |= bit
        counts[i] = count + min(c % 13 + 1, 10)
        if p == 0:
            h0, count, ser, n, pts, why, nxt = peg_step(h0, h1, count, ser, n, c)
        else:
            h1, count, ser, n, pts, why, nxt = peg_step(h1, h0, count, ser, n, c)
        players[i] = p
        points[i] = pts
        whys[i] = why
        totals[p] += pts
        if nxt == OPP:
            p = 1 - p
        elif nxt == OVER:
            return 0, i + 1
    return 0, seq.shape[0]


@njit
def mover_before(pone, dealer, seq, upto):  # type: ignore[no-untyped-def]
    """``(player, count, cards that fit)`` before the card at position ``upto`` of a legal prefix ``seq[:upto]``."""
    h0 = np.uint64(pone)
    h1 = np.uint64(dealer)
    p = 0
    count = 0
    ser = np.uint64(0)
    n = 0
    for i in range(upto):
        c = np.int64(seq[i])
        if p == 0:
            h0, count, ser, n, pts, why, nxt = peg_step(h0, h1, count, ser, n, c)
        else:
            h1, count, ser, n, pts, why, nxt = peg_step(h1, h0, count, ser, n, c)
        if nxt == OPP:
            p = 1 - p
    return p, count, fitting(h0 if p == 0 else h1, count)
