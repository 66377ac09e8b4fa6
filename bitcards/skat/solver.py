"""Perfect-information (double-dummy) Skat: the declarer's card points under best play by both sides.

With all three hands open, :func:`solve` finds what the declarer scores when everyone plays
perfectly: the card points (the skat counts for the declarer in suit and grand games), won
(61 or more), schneider (90 or more), schwarz (every trick); in null, whether the declarer
can avoid taking any trick. With ``values=True`` it also gives the value of every legal card
for the player to move, so the best card and what each alternative loses can be read off.

The search is alpha-beta over card masks in Numba:

* **Zero-window probes**: the exact points come from a few zero-window probes (the first
  at 61, the winning line, then halving the range left), each a fail-soft alpha-beta search
  sharing one table; once the range left spans at most :data:`_WIDE` points, one search with
  that range as its window settles it (a bound it reaches at either end is then exact).
* **Transposition table**: a fixed size of :data:`TT_ENTRIES` = 2**18 entries of one ``uint64``
  each (2 MiB, small enough to stay mostly in the core's caches) for the trick boundaries
  with four or more tricks left, and a small one of :data:`TT3_ENTRIES` = 2**13 entries
  (64 KiB) for the three-trick boundaries, in one array: one per solve, or per thread in
  :func:`solve_many`. The small table stays in the core's own cache, where the four-trick
  ending, which meets the same few three-trick boundaries again and again, looks them up,
  and it leaves the big table to the rest of the search. An entry stands for the key of a position at a trick
  boundary (the hands themselves are fixed by the deal, so the cards still in play and who
  leads say the rest): its place in the table and a check word say which key (the key's
  hash is a bijection, split into the two). It holds a lower and an upper bound on the
  declarer's points from there on (the points taken so far are not part of the key: the
  search passes them as an offset of its window), the best lead found (not in the small
  table), and a generation stamp, so a new solve needs no clearing. In suit and grand games one key serves
  positions that differ only in which of a run of equal-point cards next to each other in
  rank (a suit's 9 8 7, the four jacks) are gone: the cards left of each run count as its
  top ones, with their owners, so the positions play alike and score alike.
* **Shape table** (suit and grand; Kupferschmid and Helmert's quasi-symmetry): two trick boundaries of one deal
  have the same shape when they hold, in each group (the trumps and each suit), as many cards owned by the same
  players in order (the same leader too). Mapping each group's cards of one onto the other's in order keeps every
  card's group, owner and order, so the same lines are legal in both and every trick goes to the same player; only the card
  points move, so the declarer's points differ by no more than the sum of what the map adds (or takes away). A table
  of :data:`SHAPE_ENTRIES` entries of two words (1 MiB, after the small table in the same array), placed by a hash
  of the shape, keeps the cards and the proven bounds of the last position stored with it; a boundary with four or
  more tricks left whose own entry leaves its window open reads the bounds of a position of the same shape, widened
  by that sum (:func:`_shape_shift`). The entry's cards are checked for the same shape, so a hash collision costs
  nothing.
* **Move ordering**: the table's best lead first; otherwise a side's top card of a suit with
  its points, a defender's low lead in a suit where his partner holds a card above all of the
  declarer's (who must follow), cards that win the trick (with points) before cards that do
  not, and cheap discards first. Moves are read off the cards in play in the game's order (a table per
  game turns a card mask into that order), not off every card of the deck.
* **Top-trump bounds**: at a trick boundary, the highest trumps still in play, as long as one
  side holds them all, win their tricks for that side, so their card points bound the
  declarer's points from below (the declarer's) or from above (the defenders').
* **Declarer's run**: at a trick boundary where the declarer leads, he can draw trumps with his
  top trumps and then cash every card above the defenders' cards of its suit that no defender
  can ruff (a defender with trumps left ruffs once void): their points bound his from below.
* **Endings**: the last trick plays itself; a trick boundary with two, three or four tricks
  left is settled by a plain alpha-beta over the lines of its tricks (one card of each class
  of equivalent cards, in the game's order), without the search's stack (four- and
  three-trick boundaries still look up and store their bounds in the table; two-trick
  endings are not stored, and one whose window lies outside the points still in play is
  settled without a line). The two-trick ending plays the at most eight lines of its first
  trick straight off each hand's two cards, the last trick's winner read with the first's,
  and is compiled into the three-trick ending.
* **Cost per node**: the three cards of a trick are three nested loops over their move lists, in one
  kernel per number of tricks left (each calling the next at the trick's end), so a card played costs
  no frame of its own and the windows and values stay in registers; the search's
  kernels keep no reference counts of the arrays they are handed, a table hit skips the static bounds
  (its bounds include them), the move list visits only the hand's legal cards (for a trick's last
  card each move carries who takes the trick and what the declarer gains), and the table hashes
  of the trick boundaries after a trick's last card, made for the ready cut-off check (whose table
  entries are asked of memory all at once, then read), serve those boundaries when they are searched.
* **Equivalent cards**: two cards of one hand that are next to each other in the game's
  order among the cards still in play (only cards of the same hand or already played lie
  between them) and carry the same card points are one move; in null (where points do not
  matter) any such run is one move.

>>> from bitcards import skat
>>> r = skat.solve(["CJ SJ CA", "HA HT H7", "DA DT D7"], skat="", game="clubs", declarer=0, leader=0)
>>> r.points, r.won, r.schwarz
(57, False, True)
>>> r = skat.solve(["H7 H8", "HA HK", "SA ST"], skat="", game="null", declarer=0, leader=0)
>>> r.won
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numba
import numpy as np

from bitcards._alphabeta import insert_move, narrow_window, pick, point_shift, proven_bounds
from bitcards._bits import ctz, mulhi64, pdep, pext, pext2, popcount, prefetch, select_bit
from bitcards._jit import cold, njit, warmup_task
from bitcards._memory import check_memory
from bitcards._parallel import BatchKernel, block_rows, blocks
from bitcards.errors import InvalidCardsError, PositionError
from bitcards.layouts import SKAT
from bitcards.skat.rules import (
    _POINT_MASKS,
    _POINT_VALUES,
    CARD_GROUP,
    CARD_POINTS,
    CARD_STRENGTH,
    GAME_NAMES,
    GROUP_MASK,
    NULL,
    TRUMPS,
    _card_points,
    _legal_cards,
    _strength_in,
    _trick_winner,
    as_hand_mask,
    parse_game,
)

__all__ = ["SHAPE_ENTRIES", "TT3_ENTRIES", "TT_ENTRIES", "SolveResult", "solve", "solve_many", "new_table", "needs_compile"]

#: entries of a transposition table (one uint64 each: 2 MiB)
TT_BITS = 18
TT_ENTRIES = 1 << TT_BITS

# search modes: what a trick is worth and who maximises
_POINTS = 0  # declarer's card points, the declarer maximises
_NULL = 1  # declarer's tricks, the declarer minimises
_TRICKS = 2  # declarer's tricks, the declarer maximises

# keys have 50 bits; an entry stands at the top TT_BITS bits of a key's hash (an odd multiple modulo 2**50, one
# hash per key) and holds the hash's other bits (the check: index and check give back the key), the lower bound
# (7 bits: card points are at most 120), the upper bound (7), the best lead + 1 (6) and the generation (the rest)
_KEY_BITS = 50
_CHECK_BITS = _KEY_BITS - TT_BITS
_CHECK_MASK = (1 << _CHECK_BITS) - 1
_LO_SHIFT = _CHECK_BITS
_HI_SHIFT = _CHECK_BITS + 7
_MOVE_SHIFT = _CHECK_BITS + 14
_GEN_SHIFT = _CHECK_BITS + 20
_GEN_LIMIT = 1 << (64 - _GEN_SHIFT)

#: entries of the small table of the three-trick boundaries (one uint64 each: 64 KiB), after the big one and
#: the generation counter in the same array
TT3_BITS = 13
TT3_ENTRIES = 1 << TT3_BITS
_TT3_START = TT_ENTRIES + 1
#: entries of the shape table (two words each: 1 MiB), after the small table in the same array: an entry holds the hash's
#: check bits and the solve's generation (12 bits), then the cards in play (search order), the bounds and the leader
SHAPE_BITS = 16
SHAPE_ENTRIES = 1 << SHAPE_BITS
_SHAPE_START = TT_ENTRIES + 1 + TT3_ENTRIES
_TT_SIZE = TT_ENTRIES + 1 + TT3_ENTRIES + 2 * SHAPE_ENTRIES
# its entries hold no best lead: the check (the hash's bits below the index), the lower bound, the upper bound, the
# generation (TT3_BITS bits, at least as many as the big table's)
_CHECK3_BITS = _KEY_BITS - TT3_BITS
_CHECK3_MASK = (1 << _CHECK3_BITS) - 1
_GEN3_SHIFT = _CHECK3_BITS + 14

# the card-point games' runs of cards of equal points next to each other in rank: each suit's 9 8 7
# (bits 0..2 of its byte; the lowest of a trump suit too) and the four jacks (CJ SJ HJ DJ, the highest trumps)
_LOW = 0x07070707
_JACKS = 0x10101010
_RUNS = _LOW | _JACKS
_SINGLE = 0xFFFFFFFF & ~_RUNS  # A T K Q: each the only card of its points and place in its suit


def _run_tables() -> tuple[np.ndarray, np.ndarray]:
    """Where the cards still in play of each run stand once moved up to the run's top places, keeping their order.

    ``low[pext(rem, _LOW)]`` for the four 9-8-7 runs at once, ``jacks[popcount(rem & _JACKS)]`` for the jacks.
    """
    top3 = (0, 4, 6, 7)  # k cards of a run of three: its top k places
    low = np.zeros(1 << 12, dtype=np.uint64)
    for x in range(1 << 12):
        low[x] = sum(top3[(x >> (3 * s) & 7).bit_count()] << (8 * s) for s in range(4))
    jacks = np.array([sum(1 << (28 - 8 * i) for i in range(k)) for k in range(5)], dtype=np.uint64)
    return low, jacks


_TOP_LOW, _TOP_JACKS = _run_tables()
#: ctx[_RUN_KEYS:]: the run parts of the table key for the deal (:func:`_run_key_tables`): 8 a suit, then 16 for the jacks
_RUN_KEYS = 14
_CTX_LEN = _RUN_KEYS + 48


def _search_order() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per game, the 32 cards by group (suits 0..3, trumps 4) and strongest first, and each group's slice of it.

    Read off the rules' tables (:data:`~bitcards.skat.rules.CARD_GROUP`, ``CARD_STRENGTH``).
    """
    order = np.zeros((6, 32), dtype=np.int64)
    start = np.zeros((6, 5), dtype=np.int64)
    end = np.zeros((6, 5), dtype=np.int64)
    for g in range(6):
        grp, strength = CARD_GROUP[g].tolist(), CARD_STRENGTH[g].tolist()
        seq = sorted(range(32), key=lambda c: (grp[c] != TRUMPS, grp[c], -strength[c]))
        order[g] = seq
        for k in range(5):
            idx = [i for i, c in enumerate(seq) if grp[c] == k]
            if idx:
                start[g, k], end[g, k] = idx[0], idx[-1] + 1
    return order, start, end


_ORDER, _GSTART, _GEND = _search_order()


def _order_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Masks in search order (bit ``i`` for card ``_ORDER[game, i]``): per game, byte of a card mask and its value
    the bits it gives; each place's group; each group's places; each card's bit."""
    to_order = np.zeros((6, 4, 256), dtype=np.uint64)
    bit = np.zeros((6, 32), dtype=np.uint64)
    group = np.zeros((6, 32), dtype=np.int64)
    gmask = np.zeros((6, 5), dtype=np.uint64)
    for g in range(6):
        place = {int(c): i for i, c in enumerate(_ORDER[g])}
        for k in range(4):
            for v in range(256):
                to_order[g, k, v] = sum(1 << place[8 * k + b] for b in range(8) if v >> b & 1)
        for i, c in enumerate(_ORDER[g]):
            group[g, i] = CARD_GROUP[g, c]
            gmask[g, group[g, i]] |= np.uint64(1 << i)
            bit[g, c] = np.uint64(1 << i)
    return to_order, group, gmask, bit


_TO_ORDER, _ORDER_GROUP, _ORDER_GMASK, _ORDER_BIT = _order_tables()
#: per game, the card points of the card at each place of the search order
_PLACE_POINTS = np.array([[CARD_POINTS[c] for c in _ORDER[g]] for g in range(6)], dtype=np.int64)
#: per game, the cards of each card-point value (A T K Q J: :data:`_POINT_VALUES`) in search order
_ORDER_POINTS = np.array(
    [[sum(int(_TO_ORDER[g, k, int(m) >> (8 * k) & 255]) for k in range(4)) for m in _POINT_MASKS] for g in range(6)],
    dtype=np.uint64,
)


@njit(inline="always")
def _order_points(game, m):  # type: ignore[no-untyped-def]
    """Card points of a mask in search order."""
    total = np.int64(0)
    for i in range(_POINT_VALUES.shape[0]):
        total += _POINT_VALUES[i] * popcount(m & _ORDER_POINTS[game, i])
    return total


@njit(inline="always")
def _above(m):  # type: ignore[no-untyped-def]
    """The places before the first card of ``m`` in search order (all places if ``m`` is empty)."""
    if m == np.uint64(0):
        return ~np.uint64(0)
    return (m & (~m + np.uint64(1))) - np.uint64(1)


@njit(inline="always")
def _seat(x):  # type: ignore[no-untyped-def]
    """Seat ``x`` modulo 3 for ``x`` in 0..4 (a seat plus at most 2), without a division."""
    return x - 3 if x >= 3 else x


@njit(inline="always")
def _in_order(m, game):  # type: ignore[no-untyped-def]
    """The card mask ``m`` in search order (bit ``i`` for card ``_ORDER[game, i]``)."""
    m = np.uint64(m)
    b = np.uint64(255)
    return (
        _TO_ORDER[game, 0, m & b]
        | _TO_ORDER[game, 1, (m >> np.uint64(8)) & b]
        | _TO_ORDER[game, 2, (m >> np.uint64(16)) & b]
        | _TO_ORDER[game, 3, (m >> np.uint64(24)) & b]
    )


# ---------------------------------------------------------------------------
# the search

#: the search's kernels make no arrays and keep none, so they are compiled without Numba's reference counting
#: (``_nrt=False``): otherwise every node would pay atomic updates of the counts of the arrays it is handed
_no_refcounts = njit(_nrt=False)


@njit(inline="always")
def _tt_hash(key):  # type: ignore[no-untyped-def]
    """The hash of a table key: a bijection of the 50-bit keys (an odd multiple modulo 2**50; the product's low
    word by :func:`~bitcards._bits.mulhi64`, which wraps silently in plain Python too)."""
    return np.uint64(mulhi64(key, np.uint64(0x9E3779B97F4A7C15))[1]) & np.uint64((1 << _KEY_BITS) - 1)


@njit(inline="always")
def _tt_key(ctx, rem, lead):  # type: ignore[no-untyped-def]
    """The table key of the trick boundary ``rem, lead``; one key for equivalent positions in card-point searches.

    Two positions are equivalent when a bijection of the cards in play keeps each card's group,
    its order within the group, its card points and its owner: they have one future value. Only
    the cards of a run of equal points next to each other in rank (each suit's 9 8 7, the jacks)
    can be mapped to other cards; they are moved to their run's top places, keeping their order
    and owners. The key is the A T K Q still in play (their owners are fixed by the deal), the
    owner (or absence) of each run place, and the leader. (Null and the trick count keep
    ``rem`` and the leader.) The owners are fixed by the deal, so each run's part of the key is read from a
    table made per deal (:func:`_run_key_tables`) and the A T K Q are gathered by shifts: no PEXT or PDEP
    on the way, which are slow where they are microcoded (AMD before Zen 3) and the kernels take loops
    instead (the key spelled out with them is in the tests).
    """
    if ctx[2] != _POINTS:
        return rem | (np.uint64(lead) << np.uint64(32))
    key = _singles(rem) | np.uint64(ctx[_RUN_KEYS + 32 + _jack_index(rem)]) | (np.uint64(lead) << np.uint64(48))
    for s in range(4):
        key |= np.uint64(ctx[_RUN_KEYS + 8 * s + np.int64((rem >> np.uint64(8 * s)) & np.uint64(7))])
    return key


@njit(inline="always")
def _singles(rem):  # type: ignore[no-untyped-def]
    """``pext(rem, _SINGLE)`` by shifts: each suit's A T K Q (bits 3, 5, 6, 7 of its byte) as four bits, suit by suit."""
    t = ((rem >> np.uint64(3)) & np.uint64(0x01010101)) | ((rem >> np.uint64(4)) & np.uint64(0x0E0E0E0E))
    t = (t | (t >> np.uint64(4))) & np.uint64(0x00FF00FF)
    return (t | (t >> np.uint64(8))) & np.uint64(0xFFFF)


@njit(inline="always")
def _jack_index(rem):  # type: ignore[no-untyped-def]
    """The jacks of ``rem`` (bit 4 of each suit's byte) as four bits."""
    return np.int64(
        ((rem >> np.uint64(4)) & np.uint64(1))
        | ((rem >> np.uint64(11)) & np.uint64(2))
        | ((rem >> np.uint64(18)) & np.uint64(4))
        | ((rem >> np.uint64(25)) & np.uint64(8))
    )


@njit(inline="always")
def _run_key_tables(ctx):  # type: ignore[no-untyped-def]
    """Fill ``ctx[_RUN_KEYS:]`` for a deal: the table key's run part (the owner of each run place once the run's cards
    in play are moved to its top places) for each suit's 9 8 7 in play (8 sets a suit) and for the jacks in play (16
    sets); the key ORs the parts of the cards in play, as the parts of the runs are apart in every word."""
    low = np.uint64(_LOW)
    for s in range(4):
        for x in range(8):
            rl = np.uint64(x) << np.uint64(8 * s)
            ctx[_RUN_KEYS + 8 * s + x] = _run_part(ctx, rl, _TOP_LOW[pext(rl, low)])
    for j in range(16):
        rj = pdep(np.uint64(j), np.uint64(_JACKS))  # (the jacks of index j: _jack_index's inverse)
        ctx[_RUN_KEYS + 32 + j] = _run_part(ctx, rj, _TOP_JACKS[popcount(rj)])


@njit(inline="always")
def _run_part(ctx, r, top):  # type: ignore[no-untyped-def]
    """The table key's part for a run's cards ``r`` in play moved up to its places ``top``: each place's owner, as
    the two owner planes gathered at the runs' places."""
    runs = np.uint64(_RUNS)
    o0 = pdep(pext(np.uint64(ctx[8]), r), top)
    o1 = pdep(pext(np.uint64(ctx[9]), r), top)
    return np.int64((pext(o0, runs) << np.uint64(16)) | (pext(o1, runs) << np.uint64(32)))


@njit(inline="always")
def _map_card(ctx, rem, c, to_key):  # type: ignore[no-untyped-def]
    """Card ``c`` of the position ``rem`` as it stands in the table key's places (``to_key``), or back."""
    if ctx[2] != _POINTS or c < 0:
        return c
    bit = np.uint64(1) << np.uint64(c)
    if bit & np.uint64(_LOW):  # (a run's cards and places lie in its suit's byte, a card keeps its rank among them)
        sm = np.uint64(_LOW) & (np.uint64(0xFF) << np.uint64(c & 24))
        r = rem & sm
        k = _TOP_LOW[((r >> np.uint64(c & 24)) & np.uint64(7)) << np.uint64(3 * (c >> 3))]
    elif bit & np.uint64(_JACKS):
        r = rem & np.uint64(_JACKS)
        k = _TOP_JACKS[popcount(r)]
    else:
        return c
    if to_key:
        return select_bit(k, popcount(r & (bit - np.uint64(1))))
    return select_bit(r, popcount(k & (bit - np.uint64(1))))


@njit(inline="always")
def _tt_slot(h, three):  # type: ignore[no-untyped-def]
    """Where the key hashed to ``h`` stands (in the small table of three-trick boundaries if ``three``, a constant in
    each caller): its index in the table array, its check word, the shift of its bounds and of its generation."""
    if three:
        return (
            np.int64(_TT3_START) + np.int64(h >> np.uint64(_CHECK3_BITS)),
            h & np.uint64(_CHECK3_MASK),
            np.uint64(_CHECK3_BITS),
            np.uint64(_GEN3_SHIFT),
        )
    return np.int64(h >> np.uint64(_CHECK_BITS)), h & np.uint64(_CHECK_MASK), np.uint64(_CHECK_BITS), np.uint64(_GEN_SHIFT)


@njit(inline="always")
def _tt_probe(ctx, tt, h, three):  # type: ignore[no-untyped-def]
    """The entry of the key hashed to ``h`` (in the small table if ``three``) in this search's generation:
    ``(True, lo, hi, best lead in key places)`` or ``(False, ...)``."""
    i, check, shift, gen_shift = _tt_slot(h, three)
    d = tt[i]
    if d & ((np.uint64(1) << shift) - np.uint64(1)) != check or d >> gen_shift != np.uint64(ctx[3]):
        return False, np.int64(0), np.int64(0), np.int64(-1)
    lo = np.int64((d >> shift) & np.uint64(127))
    hi = np.int64((d >> (shift + np.uint64(7))) & np.uint64(127))
    if three:
        return True, lo, hi, np.int64(-1)
    return True, lo, hi, np.int64((d >> np.uint64(_MOVE_SHIFT)) & np.uint64(63)) - 1


@_no_refcounts
def _moves(ctx, buf, ply, rem, rem_o, lead, pos, c0, c1, ttmove):  # type: ignore[no-untyped-def]
    """Fill ``buf[ply]`` with one card per class of equivalent legal cards, best first; return how many.
    (``rem_o``: the cards in the hands, ``rem``, in search order.) For the trick's last card (``pos`` 2) each move
    also carries who takes the trick and what the declarer gains by it: ``card + 32 * seat + 128 * gain``."""
    game = ctx[0]
    mode = ctx[2]
    p = _seat(lead + pos)
    hand_o = np.uint64(ctx[10 + p]) & rem_o
    inplay = rem_o
    if pos > 0:
        inplay |= _ORDER_BIT[game, c0]
    if pos > 1:
        inplay |= _ORDER_BIT[game, c1]
    # the trick so far: who is winning it and how strongly
    if pos > 0:
        follow = CARD_GROUP[game, c0]
        ws = CARD_STRENGTH[game, c0]
        wpos = 0
        if pos > 1:
            s1 = _strength_in(c1, follow, game)
            if s1 > ws:
                ws = s1
                wpos = 1
        decl = ctx[1]
        ours = (_seat(lead + wpos) == decl) == (p == decl)
    else:
        follow = np.int64(-1)
        ws = np.int64(0)
        ours = False
    n = 0
    # the legal cards (the rules' _legal_cards, in search order: groups in turn, strongest first)
    lo_ = hand_o
    if pos > 0 and hand_o & _ORDER_GMASK[game, follow]:
        lo_ = hand_o & _ORDER_GMASK[game, follow]
    one = np.uint64(1)
    m = lo_
    prev_pts = np.int64(-1)
    while m:
        i = ctz(m)
        m &= m - one
        grp = _ORDER_GROUP[game, i]
        above = inplay & _ORDER_GMASK[game, grp] & ((one << np.uint64(i)) - one)  # the group's cards before it
        c = _ORDER[game, i]
        pts = CARD_POINTS[c]
        last = prev_pts  # the card before it in the hand (of this group if the one before it in play is his)
        prev_pts = pts
        if above & lo_ > above & ~lo_ and (pts == last or mode != 0):
            continue  # the card before it in play is his: equivalent to it
        master = above == np.uint64(0)
        # score for ordering
        if c == ttmove:
            sc = 100000
        elif pos == 0:
            s = CARD_STRENGTH[game, c]
            if mode == 1:
                sc = -s
            elif master:
                sc = 2000 + pts * 16 + s
            else:
                sc = 500 - s * 16 - pts
            if p != ctx[1] and s < 100 and np.uint64(ctx[4 + ctx[1]]) & rem & GROUP_MASK[game, grp]:
                sc += 300  # defenders lead a suit the declarer must follow
                gm = _ORDER_GMASK[game, grp]
                if not master and np.uint64(ctx[13 - p - ctx[1]]) & rem_o & gm & _above(np.uint64(ctx[10 + ctx[1]]) & rem_o & gm):
                    sc += 400  # ... to the partner, who holds a card above all of the declarer's
        else:
            s = _strength_in(c, follow, game)
            beats = s > ws
            if pos == 2:  # the move carries the trick's outcome
                w, gain = _trick_gain(ctx, c0, c1, c, lead)
                c += 32 * w + 128 * gain
            if mode == 1:
                sc = 500 + s if not beats else -s
            elif ours:
                sc = 200 + pts if not beats else 100 + pts
            elif beats:
                sc = 1000 + pts * 16 - s
            else:
                sc = 100 - pts
        n = insert_move(buf, ply, n, c, sc)
    return n


@njit(inline="always")
def _sure_trumps(ctx, rem_o, total):  # type: ignore[no-untyped-def]
    """Bounds ``(lo, hi)`` on the declarer's points from a trick boundary (``rem_o``: the cards in play in search
    order; ``total``: their points) from the top trumps.

    The highest trumps left, as long as one side holds them all, win their tricks for that side
    whenever they are played (only that side's own trumps are higher), so their points go to it.
    Trumps come first in search order, strongest first, so the run is the trumps before the
    other side's first one.
    """
    game = ctx[0]
    t = np.uint64(rem_o) & _ORDER_GMASK[game, TRUMPS]
    d = np.uint64(ctx[10 + ctx[1]]) & t
    if d and d & (~t + np.uint64(1)):  # the declarer holds the highest trump (none when d is empty, nor t then)
        return _order_points(game, d & _above(t & ~d)), total
    return np.int64(0), total - _order_points(game, t & _above(d))


@_no_refcounts
def _declarer_run(ctx, rem_o):  # type: ignore[no-untyped-def]
    """A lower bound on the declarer's points from a trick boundary where he leads (``rem_o``: search order).

    He leads his top trumps (each higher than every defender's trump: each wins), which draws as
    many trumps from each defender. A defender with no trump left cannot take a trick the
    declarer leads with a card above every defender's card of its suit; one with trumps left can
    only while he holds cards of that suit. So the declarer can take his top trumps, then in each
    suit as many of his top cards as every defender who still has trumps can follow, and once no
    defender has trumps, all his trumps too, keeping the lead throughout: their card points.
    """
    game = ctx[0]
    decl = ctx[1]
    rem_o = np.uint64(rem_o)
    d = np.uint64(ctx[10 + decl]) & rem_o
    e = rem_o & ~d
    h1 = np.uint64(ctx[10 + _seat(decl + 1)]) & rem_o
    h2 = np.uint64(ctx[10 + _seat(decl + 2)]) & rem_o
    trumps = _ORDER_GMASK[game, TRUMPS]
    dt = d & trumps
    top = dt & _above(e & trumps)
    k = popcount(top)
    ruff1 = popcount(h1 & trumps) > k
    ruff2 = popcount(h2 & trumps) > k
    sure = top if ruff1 or ruff2 else dt
    for grp in range(4):
        gm = _ORDER_GMASK[game, grp]
        seq = d & gm & _above(e & gm)
        m = popcount(seq)
        if ruff1:
            m = min(m, popcount(h1 & gm))
        if ruff2:
            m = min(m, popcount(h2 & gm))
        for _ in range(m):  # the first m cards of seq
            sure |= seq & (~seq + np.uint64(1))
            seq &= seq - np.uint64(1)
    return _order_points(game, sure)


@njit(inline="always")
def _trick_gain(ctx, c0, c1, c2, lead):  # type: ignore[no-untyped-def]
    """Who takes the trick ``c0 c1 c2`` led by ``lead``, and what the declarer gains by it (points or a trick)."""
    w = _seat(lead + _trick_winner(c0, c1, c2, ctx[0]))
    if w != ctx[1]:
        return w, np.int64(0)
    if ctx[2] == _POINTS:
        return w, CARD_POINTS[c0] + CARD_POINTS[c1] + CARD_POINTS[c2]
    return w, np.int64(1)


@njit(inline="always")
def _last_trick(ctx, rem, lead):  # type: ignore[no-untyped-def]
    """What the declarer gains from the last trick (one card left in each hand), led by ``lead``: it plays itself."""
    x0 = ctz(np.uint64(ctx[4 + lead]) & rem)
    x1 = ctz(np.uint64(ctx[4 + _seat(lead + 1)]) & rem)
    x2 = ctz(np.uint64(ctx[4 + _seat(lead + 2)]) & rem)
    return _trick_gain(ctx, x0, x1, x2, lead)[1]


@njit(inline="always")
def _next_class(game, points, m, last, others):  # type: ignore[no-untyped-def]
    """The first card place of ``m`` (search order) that does not play like ``last`` (the place tried before, -1 for
    none), and ``m`` without the places passed over: ``(-1, 0)`` once none is left. Two places play alike when they
    are of one group, only the hand's own cards or played ones lie between them (``others``: the other hands' cards
    in play) and, in a card-point search (``points``), they carry the same points."""
    one = np.uint64(1)
    while m:
        i = ctz(m)
        m &= m - one
        if (
            last < 0
            or _ORDER_GROUP[game, i] != _ORDER_GROUP[game, last]
            or others & ((one << np.uint64(i)) - (one << np.uint64(last + 1)))
            or (points and CARD_POINTS[_ORDER[game, i]] != CARD_POINTS[_ORDER[game, last]])
        ):
            return i, m
    return np.int64(-1), m


@njit(inline="always")
def _follow(game, hand_o, i0):  # type: ignore[no-untyped-def]
    """The legal cards of ``hand_o`` (search order) to a trick led with the card at place ``i0``."""
    f = hand_o & _ORDER_GMASK[game, _ORDER_GROUP[game, i0]]
    return f if f else hand_o


@njit(inline="always")
def _in_play(ctx, m):  # type: ignore[no-untyped-def]
    """What the cards ``m`` (whole tricks' worth) are still worth to the declarer at most: their points in a
    card-point search, else the tricks they make."""
    return _card_points(m) if ctx[2] == _POINTS else popcount(m) // 3


@njit(inline="always")
def _trick_seats(ctx, rem_o, lead):  # type: ignore[no-untyped-def]
    """The seats of a trick led by ``lead`` (the two after it), whether each of the three maximises (the declarer
    in a card-point or trick search, the defenders in null), and their hands among ``rem_o`` (search order)."""
    decl = ctx[1]
    null = ctx[2] == _NULL
    s1 = _seat(lead + 1)
    s2 = _seat(lead + 2)
    max0 = (lead == decl) != null
    max1 = (s1 == decl) != null
    max2 = (s2 == decl) != null
    h0 = np.uint64(ctx[10 + lead]) & rem_o
    h1 = np.uint64(ctx[10 + s1]) & rem_o
    h2 = np.uint64(ctx[10 + s2]) & rem_o
    return s1, s2, max0, max1, max2, h0, h1, h2


@njit(inline="always")
def _ending(ctx, tt, rem, rem_o, lead, alpha, beta, four):  # type: ignore[no-untyped-def]
    """The declarer's value (fail-soft in ``alpha..beta``) of a trick boundary with three tricks left (``four``:
    four): plain alpha-beta over the lines of its first trick, each ending in the two-trick ending
    (:func:`_two_tricks`) or at a three-trick boundary looked up in the table, without the search's stack. The
    cards go in search order (trumps, then each suit, strongest first), one card of each class of equivalent ones
    (see :func:`_next_class`). ``rem_o``: ``rem`` in search order. ``four`` is a constant in each caller, so Numba
    drops the branches not taken and no kernel calls itself (its disk cache cannot load a kernel that does)."""
    game = ctx[0]
    points = ctx[2] == _POINTS
    s1, s2, max0, max1, max2, h0, h1, h2 = _trick_seats(ctx, rem_o, lead)
    one = np.uint64(1)
    worst = np.int64(1000)
    if four:  # the value lies in 0..what is left (the points in play, or the tricks left)
        done, v, _, _ = narrow_window(np.int64(0), _in_play(ctx, rem), alpha, beta)
        if done:
            return v
    a0, b0 = alpha, beta
    v0 = -worst if max0 else worst
    m0 = h0
    i0 = np.int64(-1)
    while a0 < b0:
        i0, m0 = _next_class(game, points, m0, i0, rem_o & ~h0)
        if i0 < 0:
            break
        c0 = _ORDER[game, i0]
        a1, b1 = a0, b0
        v1 = -worst if max1 else worst
        m1 = _follow(game, h1, i0)
        i1 = np.int64(-1)
        while a1 < b1:
            i1, m1 = _next_class(game, points, m1, i1, rem_o & ~h1)
            if i1 < 0:
                break
            c1 = _ORDER[game, i1]
            a2, b2 = a1, b1
            v2 = -worst if max2 else worst
            m2 = _follow(game, h2, i0)
            i2 = np.int64(-1)
            while a2 < b2:
                i2, m2 = _next_class(game, points, m2, i2, rem_o & ~h2)
                if i2 < 0:
                    break
                c2 = _ORDER[game, i2]
                w, gain = _trick_gain(ctx, c0, c1, c2, lead)
                r = rem & ~((one << np.uint64(c0)) | (one << np.uint64(c1)) | (one << np.uint64(c2)))
                r_o = rem_o & ~((one << np.uint64(i0)) | (one << np.uint64(i1)) | (one << np.uint64(i2)))
                if four:
                    v = gain + _three_left(ctx, tt, r, r_o, w, a2 - gain, b2 - gain, _tt_hash(_tt_key(ctx, r, w)))
                else:
                    v = gain + _two_left(ctx, r, r_o, w, a2 - gain, b2 - gain)
                v2, a2, b2 = pick(max2, v2, v, a2, b2)
            v1, a1, b1 = pick(max1, v1, v2, a1, b1)
        v0, a0, b0 = pick(max0, v0, v1, a0, b0)
    return v0


@njit(inline="always")
def _pair(game, points, h_o, others):  # type: ignore[no-untyped-def]
    """The two card places of a hand of two (search order, ``h_o``), their cards and groups, and whether they play
    alike (see :func:`_next_class`; ``others``: the other hands' cards in play)."""
    one = np.uint64(1)
    ia = ctz(h_o)
    ib = ctz(h_o & (h_o - one))
    ca = _ORDER[game, ia]
    cb = _ORDER[game, ib]
    ga = _ORDER_GROUP[game, ia]
    gb = _ORDER_GROUP[game, ib]
    alike = (
        ga == gb
        and not others & ((one << np.uint64(ib)) - (one << np.uint64(ia + 1)))
        and (not points or CARD_POINTS[ca] == CARD_POINTS[cb])
    )
    return ca, cb, ga, gb, alike


@njit(inline="always")
def _two_line(ctx, lead, top, c0, c1, c2, d0, d1, d2):  # type: ignore[no-untyped-def]
    """What the declarer gains from the last two tricks when the first is ``c0 c1 c2`` led by ``lead`` and the hands
    keep ``d0 d1 d2`` (in the same seat order) for the last one; ``top``: what both tricks are worth together."""
    t = _trick_winner(c0, c1, c2, ctx[0])
    if t == 0:
        t2 = _trick_winner(d0, d1, d2, ctx[0])
    elif t == 1:
        t2 = _seat(1 + _trick_winner(d1, d2, d0, ctx[0]))
    else:
        t2 = _seat(2 + _trick_winner(d2, d0, d1, ctx[0]))
    decl = ctx[1]
    w1 = _seat(lead + t) == decl
    w2 = _seat(lead + t2) == decl
    if ctx[2] == _POINTS:
        p1 = CARD_POINTS[c0] + CARD_POINTS[c1] + CARD_POINTS[c2]
        return (p1 if w1 else np.int64(0)) + (top - p1 if w2 else np.int64(0))
    return np.int64(w1) + np.int64(w2)


@njit(inline="always")
def _two_left(ctx, rem, rem_o, lead, alpha, beta):  # type: ignore[no-untyped-def]
    """The declarer's value (fail-soft in ``alpha..beta``) of a trick boundary with two tricks left: plain alpha-beta
    over the at most eight lines of its first trick, each hand's two cards in search order, the second skipped where
    it plays like the first (see :func:`_next_class`); the last trick plays itself. (Inlined into the three-trick
    ending, its one caller in the search.)"""
    game = ctx[0]
    points = ctx[2] == _POINTS
    top = _in_play(ctx, rem)  # the value lies in 0..what is left
    done, v, _, _ = narrow_window(np.int64(0), top, alpha, beta)
    if done:
        return v
    s1, s2, max0, max1, max2, h0, h1, h2 = _trick_seats(ctx, rem_o, lead)
    x0, y0, g0x, g0y, same0 = _pair(game, points, h0, rem_o & ~h0)
    x1, y1, g1x, g1y, same1 = _pair(game, points, h1, rem_o & ~h1)
    x2, y2, g2x, g2y, same2 = _pair(game, points, h2, rem_o & ~h2)
    worst = np.int64(1000)
    a0, b0 = alpha, beta
    v0 = -worst if max0 else worst
    for j0 in range(1 if same0 else 2):
        if a0 >= b0:
            break
        c0, d0, f = (x0, y0, g0x) if j0 == 0 else (y0, x0, g0y)
        # the followers' legal cards: those of the led group, else both
        k1 = (g1x == f) + 2 * (g1y == f)
        k1 = 3 if k1 == 0 else k1
        k2 = (g2x == f) + 2 * (g2y == f)
        k2 = 3 if k2 == 0 else k2
        if k1 == 3 and same1:
            k1 = 1
        if k2 == 3 and same2:
            k2 = 1
        a1, b1 = a0, b0
        v1 = -worst if max1 else worst
        for j1 in range(2):
            if a1 >= b1:
                break
            if not k1 & (1 << j1):
                continue
            c1, d1 = (x1, y1) if j1 == 0 else (y1, x1)
            a2, b2 = a1, b1
            v2 = -worst if max2 else worst
            for j2 in range(2):
                if a2 >= b2:
                    break
                if not k2 & (1 << j2):
                    continue
                c2, d2 = (x2, y2) if j2 == 0 else (y2, x2)
                v = _two_line(ctx, lead, top, c0, c1, c2, d0, d1, d2)
                v2, a2, b2 = pick(max2, v2, v, a2, b2)
            v1, a1, b1 = pick(max1, v1, v2, a1, b1)
        v0, a0, b0 = pick(max0, v0, v1, a0, b0)
    return v0


@_no_refcounts
def _two_tricks(ctx, rem, rem_o, lead, alpha, beta):  # type: ignore[no-untyped-def]
    """:func:`_two_left` as a kernel of its own, for a search that starts with two tricks left."""
    return _two_left(ctx, rem, rem_o, lead, alpha, beta)


@_no_refcounts
def _three_tricks(ctx, tt, rem, rem_o, lead, alpha, beta):  # type: ignore[no-untyped-def]
    """The declarer's value (fail-soft in ``alpha..beta``) of a trick boundary with three tricks left: see
    :func:`_ending`."""
    return _ending(ctx, tt, rem, rem_o, lead, alpha, beta, False)


@_no_refcounts
def _four_tricks(ctx, tt, rem, rem_o, lead, alpha, beta):  # type: ignore[no-untyped-def]
    """The declarer's value (fail-soft in ``alpha..beta``) of a trick boundary with four tricks left: see
    :func:`_ending`."""
    return _ending(ctx, tt, rem, rem_o, lead, alpha, beta, True)


@njit(inline="always")
def _shape_code(ctx, x):  # type: ignore[no-untyped-def]
    """The shape of a group whose cards in play are ``x`` (search order): how many, and the owner of each in order (its
    seat's two bit planes, one word each). (No card of Skat has a rule of its own, so even the trumps are mapped by
    their order.)"""
    p0 = np.uint64(ctx[10] | ctx[12]) & x
    p1 = np.uint64(ctx[11] | ctx[12]) & x
    e0, e1 = pext2(p0, p1, x)
    return np.uint64(popcount(x)) | (e0 << np.uint64(8)), e1


@njit(inline="always")
def _shape_hash(ctx, rem_o, lead):  # type: ignore[no-untyped-def]
    """A hash of the shape of the trick boundary ``rem_o, lead``: each group's :func:`_shape_code` and the leader."""
    game = ctx[0]
    h = np.uint64(lead + 1)
    for g in range(5):
        a, b = _shape_code(ctx, rem_o & _ORDER_GMASK[game, g])
        h = np.uint64(mulhi64(h ^ a ^ (b << np.uint64(32)), np.uint64(0x9E3779B97F4A7C15))[1])
    return h


@njit(inline="always")
def _same_shape(ctx, ra, rb):  # type: ignore[no-untyped-def]
    """Whether the cards in play ``ra`` and ``rb`` (search order, the same deal) have the same shape, group by group."""
    game = ctx[0]
    for g in range(5):
        a0, a1 = _shape_code(ctx, ra & _ORDER_GMASK[game, g])
        b0, b1 = _shape_code(ctx, rb & _ORDER_GMASK[game, g])
        if a0 != b0 or a1 != b1:
            return False
    return True


@njit(inline="always")
def _shape_shift(ctx, ra, rb):  # type: ignore[no-untyped-def]
    """How much the declarer's points can differ between two trick boundaries of the same shape, ``ra`` and ``rb``
    (search order): ``rb`` is worth at most ``up`` more and at least ``down`` less than ``ra``. The map that sends each
    group's cards of ``ra`` to those of ``rb`` in order keeps every card's group, owner and order within its group,
    so the same lines are legal in both positions and each trick goes to the same seat; a line's points move by the
    difference between each card the declarer takes and its image: at most the sum of the rises, at least minus the
    sum of the falls, and best play moves by no more."""
    game = ctx[0]
    return point_shift(ra, rb, _PLACE_POINTS[game])


@njit(inline="always")
def _shape_lookup(ctx, tt, rem_o, lead, lo, hi):  # type: ignore[no-untyped-def]
    """The bounds ``lo..hi`` of a trick boundary narrowed by the shape table: a position of the same shape met in
    this solve (:func:`_same_shape`) stored its bounds, and this one's lie within them moved by :func:`_shape_shift`."""
    if ctx[13]:
        return lo, hi
    h = _shape_hash(ctx, rem_o, lead)
    j = _SHAPE_START + 2 * np.int64(h >> np.uint64(64 - SHAPE_BITS))
    check = ((h >> np.uint64(12)) << np.uint64(12)) | np.uint64(ctx[3])
    if tt[j] != check:
        return lo, hi
    d = tt[j + 1]
    rs = d & np.uint64(0xFFFFFFFF)
    if (d >> np.uint64(46)) & np.uint64(3) != np.uint64(lead) or not _same_shape(ctx, rs, rem_o):
        return lo, hi
    up, down = _shape_shift(ctx, rs, rem_o)
    slo = np.int64((d >> np.uint64(32)) & np.uint64(127)) - down
    shi = np.int64((d >> np.uint64(39)) & np.uint64(127)) + up
    return max(lo, slo), min(hi, shi)


@njit(inline="always")
def _shape_store(ctx, tt, rem_o, lead, lo, hi):  # type: ignore[no-untyped-def]
    """Keep the proven bounds ``lo..hi`` of a trick boundary in the shape table (replacing what stood there)."""
    if ctx[13]:
        return
    h = _shape_hash(ctx, rem_o, lead)
    j = _SHAPE_START + 2 * np.int64(h >> np.uint64(64 - SHAPE_BITS))
    tt[j] = ((h >> np.uint64(12)) << np.uint64(12)) | np.uint64(ctx[3])
    bounds = (np.uint64(lo) << np.uint64(32)) | (np.uint64(hi) << np.uint64(39))
    tt[j + 1] = np.uint64(rem_o) | bounds | (np.uint64(lead) << np.uint64(46))


@njit(inline="always")
def _static_bounds(ctx, rem, rem_o, lead):  # type: ignore[no-untyped-def]
    """Bounds on the declarer's points (or tricks) from the trick boundary ``rem, lead`` without a search."""
    hi = _in_play(ctx, rem)
    if ctx[2] != _POINTS:
        return np.int64(0), hi
    lo, hi = _sure_trumps(ctx, rem_o, hi)
    if lead == ctx[1]:
        lo = max(lo, _declarer_run(ctx, rem_o))
    return lo, hi


@njit(inline="always")
def _settle(ctx, tt, rem, rem_o, lead, alpha, beta, h, four):  # type: ignore[no-untyped-def]
    """The declarer's value (fail-soft in ``alpha..beta``) of a trick boundary with three tricks left (``four``:
    four), its bounds looked up in and kept in the table (``h``: the hash of its key). ``four`` is a constant in
    each caller."""
    ctx[7] += 1  # nodes visited
    hit, lo, hi, _ = _tt_probe(ctx, tt, h, not four)
    if not hit:
        lo, hi = _static_bounds(ctx, rem, rem_o, lead)
    if four and ctx[2] == _POINTS and lo < beta and hi > alpha and lo < hi:
        lo, hi = _shape_lookup(ctx, tt, rem_o, lead, lo, hi)
    done, v, a, b = narrow_window(lo, hi, alpha, beta)
    if done:
        return v
    if four:
        v = _four_tricks(ctx, tt, rem, rem_o, lead, a, b)
    else:
        v = _three_tricks(ctx, tt, rem, rem_o, lead, a, b)
    lo, hi = proven_bounds(v, a, b, lo, hi)
    _tt_store(ctx, tt, h, lo, hi, np.int64(-1), not four)
    if four and ctx[2] == _POINTS:
        _shape_store(ctx, tt, rem_o, lead, lo, hi)
    return v


@_no_refcounts
def _three_left(ctx, tt, rem, rem_o, lead, alpha, beta, h):  # type: ignore[no-untyped-def]
    """:func:`_settle` with three tricks left."""
    return _settle(ctx, tt, rem, rem_o, lead, alpha, beta, h, False)


@_no_refcounts
def _four_left(ctx, tt, rem, rem_o, lead, alpha, beta, h):  # type: ignore[no-untyped-def]
    """:func:`_settle` with four tricks left."""
    return _settle(ctx, tt, rem, rem_o, lead, alpha, beta, h, True)


@njit(inline="always")
def _tt_store(ctx, tt, h, lo, hi, best, three):  # type: ignore[no-untyped-def]
    """Put the bounds ``lo..hi`` and the best lead (in key places; -1: none; not kept in the small table) of the key
    hashed to ``h`` into the table (the small one if ``three``)."""
    i, check, shift, gen_shift = _tt_slot(h, three)
    d = check | (np.uint64(lo) << shift) | (np.uint64(hi) << (shift + np.uint64(7))) | (np.uint64(ctx[3]) << gen_shift)
    if not three:
        d |= np.uint64(best + 1) << np.uint64(_MOVE_SHIFT)
    tt[i] = d


# the move lists: row ``3 * (10 - k) + pos`` of ``buf`` for the card at ``pos`` of the trick with ``k`` tricks left
# (its first one included); columns 0..15 the moves, 16..31 their scores (or, for the trick's last card, the table
# hashes of the trick boundaries after them)
_BUF_COLS = 32
_BUF_ROWS = 30


@njit(inline="always")
def _after(ctx, tt, buf, rem, rem_o, lead, alpha, beta, h, k):  # type: ignore[no-untyped-def]
    """The declarer's value (fail-soft in ``alpha..beta``) of the trick boundary ``rem, lead`` (``rem_o``: ``rem`` in
    search order; ``h``: the hash of its key, from three tricks left) that ends a trick of :func:`_tricks` with ``k``
    tricks left (its own included). ``k`` is a constant in each kernel of :func:`_tricks`, so Numba drops the
    branches not taken and no kernel calls itself; :func:`_ab` starts a search at a trick boundary with it too."""
    if k == 1:
        return np.int64(0)
    if k == 2:  # the last trick plays itself
        return _last_trick(ctx, rem, lead)
    if k == 3:  # two tricks left: their own plain search, not in the table
        return _two_tricks(ctx, rem, rem_o, lead, alpha, beta)
    if k == 4:  # three or four tricks left: their own plain search, its bounds kept in the table
        return _three_left(ctx, tt, rem, rem_o, lead, alpha, beta, h)
    if k == 5:
        return _four_left(ctx, tt, rem, rem_o, lead, alpha, beta, h)
    if k == 6:
        return _tricks5(ctx, tt, buf, rem, rem_o, lead, np.int64(0), np.int64(-1), np.int64(-1), alpha, beta, h)
    if k == 7:
        return _tricks6(ctx, tt, buf, rem, rem_o, lead, np.int64(0), np.int64(-1), np.int64(-1), alpha, beta, h)
    if k == 8:
        return _tricks7(ctx, tt, buf, rem, rem_o, lead, np.int64(0), np.int64(-1), np.int64(-1), alpha, beta, h)
    if k == 9:
        return _tricks8(ctx, tt, buf, rem, rem_o, lead, np.int64(0), np.int64(-1), np.int64(-1), alpha, beta, h)
    if k == 10:
        return _tricks9(ctx, tt, buf, rem, rem_o, lead, np.int64(0), np.int64(-1), np.int64(-1), alpha, beta, h)
    return _tricks10(ctx, tt, buf, rem, rem_o, lead, np.int64(0), np.int64(-1), np.int64(-1), alpha, beta, h)


@njit(inline="always")
def _tricks(ctx, tt, buf, rem, rem_o, lead, pos, c0, c1, alpha, beta, h, k):  # type: ignore[no-untyped-def]
    """Fail-soft alpha-beta: the declarer's points (or tricks) within ``alpha..beta`` from a position with ``k``
    tricks left (``rem``: the cards in the hands, ``rem_o`` the same in search order; ``pos`` cards of the current
    trick played, ``c0`` and ``c1``). The three cards of the trick are nested loops over their move lists; each line
    goes on to the trick boundary after it (:func:`_after`). At a trick boundary (``pos`` 0; ``h`` the hash of its
    key) the table's bounds (else the static ones) come first and the proven bounds and best lead go into it; before
    a trick's last card, a trick boundary after it whose table entry already settles the position ends it (enhanced
    transposition cutoff)."""
    game = ctx[0]
    decl = ctx[1]
    null = ctx[2] == _NULL
    one = np.uint64(1)
    ply = 3 * (10 - k)
    lo = np.int64(0)
    hi = np.int64(0)
    ttmove = np.int64(-1)
    if pos == 0:
        ctx[7] += 1  # nodes visited
        hit, lo, hi, tmove = _tt_probe(ctx, tt, h, False)
        if hit:  # its bounds include the static ones
            ttmove = _map_card(ctx, rem, tmove, False)
        else:
            lo, hi = _static_bounds(ctx, rem, rem_o, lead)
        if ctx[2] == _POINTS and lo < beta and hi > alpha and lo < hi:
            lo, hi = _shape_lookup(ctx, tt, rem_o, lead, lo, hi)
        done, v, alpha, beta = narrow_window(lo, hi, alpha, beta)
        if done:
            return v
        n0 = _moves(ctx, buf, ply, rem, rem_o, lead, np.int64(0), np.int64(-1), np.int64(-1), ttmove)
    else:
        buf[ply, 0] = c0
        n0 = 1
    max0 = (lead == decl) != null
    max1 = (_seat(lead + 1) == decl) != null
    max2 = (_seat(lead + 2) == decl) != null
    worst = np.int64(1000)
    a0, b0 = alpha, beta
    v0 = -worst if max0 else worst
    best = np.int64(-1)
    i0 = 0
    while i0 < n0 and a0 < b0:
        x0 = buf[ply, i0]
        i0 += 1
        r1 = rem & ~(one << np.uint64(x0))
        r1_o = rem_o & ~_ORDER_BIT[game, x0]
        if pos == 2:
            buf[ply + 1, 0] = c1
            n1 = 1
        else:
            n1 = _moves(ctx, buf, ply + 1, r1, r1_o, lead, np.int64(1), x0, np.int64(-1), np.int64(-1))
        a1, b1 = a0, b0
        v1 = -worst if max1 else worst
        i1 = 0
        while i1 < n1 and a1 < b1:
            x1 = buf[ply + 1, i1]
            i1 += 1
            r2 = r1 & ~(one << np.uint64(x1))
            r2_o = r1_o & ~_ORDER_BIT[game, x1]
            n2 = _moves(ctx, buf, ply + 2, r2, r2_o, lead, np.int64(2), x0, x1, np.int64(-1))
            a2, b2 = a1, b1
            v2 = -worst if max2 else worst
            if k >= 4:  # enhanced transposition cutoff (the trick boundaries after it are in the table)
                for i in range(n2):  # their entries are fetched together, then read
                    x2 = buf[ply + 2, i]
                    th = _tt_hash(_tt_key(ctx, r2 & ~(one << np.uint64(x2 & 31)), (x2 >> 5) & 3))
                    buf[ply + 2, 16 + i] = np.int64(th)
                    prefetch(tt, np.int64(th >> np.uint64(_CHECK_BITS)))
                for i in range(n2):
                    gain = buf[ply + 2, i] >> 7
                    hit, tlo, thi, _ = _tt_probe(ctx, tt, np.uint64(buf[ply + 2, 16 + i]), False)
                    if hit:
                        if max2 and gain + tlo >= b2:
                            v2 = gain + tlo
                            n2 = 0
                            break
                        if not max2 and gain + thi <= a2:
                            v2 = gain + thi
                            n2 = 0
                            break
            i2 = 0
            while i2 < n2 and a2 < b2:
                x2 = buf[ply + 2, i2]
                th = np.uint64(buf[ply + 2, 16 + i2]) if k >= 4 else np.uint64(0)
                i2 += 1
                w = (x2 >> 5) & 3
                gain = x2 >> 7
                x2 &= 31
                r3 = r2 & ~(one << np.uint64(x2))
                r3_o = r2_o & ~_ORDER_BIT[game, x2]
                v = gain + _after(ctx, tt, buf, r3, r3_o, w, a2 - gain, b2 - gain, th, k)
                v2, a2, b2 = pick(max2, v2, v, a2, b2)
            v1, a1, b1 = pick(max1, v1, v2, a1, b1)
        if (v1 > v0) if max0 else (v1 < v0):
            best = x0
        v0, a0, b0 = pick(max0, v0, v1, a0, b0)
    if pos == 0:
        lo, hi = proven_bounds(v0, alpha, beta, lo, hi)
        _tt_store(ctx, tt, h, lo, hi, _map_card(ctx, rem, best, True), False)
        if ctx[2] == _POINTS:
            _shape_store(ctx, tt, rem_o, lead, lo, hi)
    return v0


# one kernel a trick count, so that none calls itself: _tricks is compiled into each with ``k`` fixed
@_no_refcounts
def _tricks5(ctx, tt, buf, rem, rem_o, lead, pos, c0, c1, alpha, beta, h):  # type: ignore[no-untyped-def]
    return _tricks(ctx, tt, buf, rem, rem_o, lead, pos, c0, c1, alpha, beta, h, 5)


@_no_refcounts
def _tricks6(ctx, tt, buf, rem, rem_o, lead, pos, c0, c1, alpha, beta, h):  # type: ignore[no-untyped-def]
    return _tricks(ctx, tt, buf, rem, rem_o, lead, pos, c0, c1, alpha, beta, h, 6)


@_no_refcounts
def _tricks7(ctx, tt, buf, rem, rem_o, lead, pos, c0, c1, alpha, beta, h):  # type: ignore[no-untyped-def]
    return _tricks(ctx, tt, buf, rem, rem_o, lead, pos, c0, c1, alpha, beta, h, 7)


@_no_refcounts
def _tricks8(ctx, tt, buf, rem, rem_o, lead, pos, c0, c1, alpha, beta, h):  # type: ignore[no-untyped-def]
    return _tricks(ctx, tt, buf, rem, rem_o, lead, pos, c0, c1, alpha, beta, h, 8)


@_no_refcounts
def _tricks9(ctx, tt, buf, rem, rem_o, lead, pos, c0, c1, alpha, beta, h):  # type: ignore[no-untyped-def]
    return _tricks(ctx, tt, buf, rem, rem_o, lead, pos, c0, c1, alpha, beta, h, 9)


@_no_refcounts
def _tricks10(ctx, tt, buf, rem, rem_o, lead, pos, c0, c1, alpha, beta, h):  # type: ignore[no-untyped-def]
    return _tricks(ctx, tt, buf, rem, rem_o, lead, pos, c0, c1, alpha, beta, h, 10)


@_no_refcounts
def _tricks_end(ctx, tt, buf, rem, rem_o, lead, pos, c0, c1, alpha, beta, k):  # type: ignore[no-untyped-def]
    """:func:`_tricks` in the middle of a trick with ``k`` tricks left (a search's first node only: ``k`` is not a
    constant here, and the trick boundaries after the trick go on in the kernels of one trick count each)."""
    return _tricks(ctx, tt, buf, rem, rem_o, lead, pos, c0, c1, alpha, beta, np.uint64(0), k)


@_no_refcounts
def _ab(ctx, tt, buf, rem, lead, pos, c0, c1, alpha, beta):  # type: ignore[no-untyped-def]
    """Fail-soft alpha-beta: the declarer's points (or tricks) from this node on, within ``alpha..beta``."""
    rem_o = _in_order(rem, ctx[0])
    k = (popcount(rem) + pos + 2) // 3  # tricks left, the current one included
    if pos > 0:
        return _tricks_end(ctx, tt, buf, rem, rem_o, lead, pos, c0, c1, alpha, beta, k)
    h = _tt_hash(_tt_key(ctx, rem, lead)) if k >= 3 else np.uint64(0)
    return _after(ctx, tt, buf, rem, rem_o, lead, alpha, beta, h, k + 1)  # the boundary that ends a trick before it


@njit
def _new_generation(tt):  # type: ignore[no-untyped-def]
    """Start a new search in ``tt``: its entries from earlier searches stop matching."""
    g = np.int64(tt[TT_ENTRIES]) + 1
    if g >= _GEN_LIMIT:
        tt[:] = 0
        g = 1
    tt[TT_ENTRIES] = np.uint64(g)
    return g


#: the widest range of points left that :func:`_exact` settles by one search with that range as its window (not by
#: more zero-window probes): wider windows cost more than the probes they save
_WIDE = 4


@njit
def _exact(ctx, tt, buf, rem, lead, pos, c0, c1, lo, hi, guess):  # type: ignore[no-untyped-def]
    """The exact value in ``lo..hi`` by zero-window probes: the first at ``guess``, then halving the range, until
    at most :data:`_WIDE` points are left, which one search with the range as its window settles.

    Each probe is fail-soft, so its answer may close the range by more than half. (MTD(f)'s
    steps from the last answer crawl here: a fail-soft bound is often one point off.)
    """
    beta = guess
    while lo < hi:
        if hi - lo <= _WIDE:  # one search with the window lo..hi settles it (outside it, the bound it reaches is exact)
            g = _ab(ctx, tt, buf, rem, lead, pos, c0, c1, lo, hi)
            return min(max(g, lo), hi)
        if beta <= lo:
            beta = lo + 1
        if beta > hi:
            beta = hi
        g = _ab(ctx, tt, buf, rem, lead, pos, c0, c1, beta - 1, beta)
        if g < beta:
            hi = g
        else:
            lo = g
        beta = (lo + hi + 1) // 2
    return lo


@njit
def _future_max(ctx, rem, pos, c0, c1):  # type: ignore[no-untyped-def]
    """The most the declarer can still gain: points (or tricks) of the cards in play, the current trick's included."""
    m = rem
    if pos > 0:
        m |= np.uint64(1) << np.uint64(c0)
    if pos > 1:
        m |= np.uint64(1) << np.uint64(c1)
    return _in_play(ctx, m)


@njit
def _solve_node(ctx, tt, buf, rem, lead, pos, c0, c1, guess):  # type: ignore[no-untyped-def]
    """The exact value of a node in the current mode (a new generation of ``tt``)."""
    ctx[3] = _new_generation(tt)
    return _exact(ctx, tt, buf, rem, lead, pos, c0, c1, np.int64(0), _future_max(ctx, rem, pos, c0, c1), guess)


@njit
def _test_node(ctx, tt, buf, rem, lead, pos, c0, c1, target):  # type: ignore[no-untyped-def]
    """Whether the value of a node in the current mode is at least ``target`` (one zero-window probe)."""
    ctx[3] = _new_generation(tt)
    return _ab(ctx, tt, buf, rem, lead, pos, c0, c1, target - 1, target) >= target


@njit
def _child(ctx, rem, lead, pos, c0, c1, c):  # type: ignore[no-untyped-def]
    """The node after playing ``c``, and what the declarer gained (``rem, lead, pos, c0, c1, gain``)."""
    r = rem & ~(np.uint64(1) << np.uint64(c))
    if pos == 0:
        return r, lead, np.int64(1), c, np.int64(-1), np.int64(0)
    if pos == 1:
        return r, lead, np.int64(2), c0, c, np.int64(0)
    w, gain = _trick_gain(ctx, c0, c1, c, lead)
    return r, w, np.int64(0), np.int64(-1), np.int64(-1), gain


@njit
def _card_values(ctx, tt, buf, rem, lead, pos, c0, c1, out):  # type: ignore[no-untyped-def]
    """``out[c]`` = the value after the player to move plays legal card ``c`` (-1 for other cards)."""
    p = (lead + pos) % 3
    hand = np.uint64(ctx[4 + p]) & rem
    legal = _legal_cards(hand, c0 if pos > 0 else np.int64(-1), ctx[0])
    out[:] = -1
    for c in range(32):
        if legal & (np.uint64(1) << np.uint64(c)):
            r, ld, ps, d0, d1, gain = _child(ctx, rem, lead, pos, c0, c1, c)
            if ps == 0 and r == np.uint64(0):
                out[c] = gain
            elif ctx[2] == _NULL:
                out[c] = gain + (1 if _ab(ctx, tt, buf, r, ld, ps, d0, d1, np.int64(0), np.int64(1)) >= 1 else 0)
            else:
                hi = _future_max(ctx, r, ps, d0, d1)
                out[c] = gain + _exact(ctx, tt, buf, r, ld, ps, d0, d1, np.int64(0), hi, np.int64(min(61, hi)))
    return 0


@njit
def _make_ctx(game, decl, mode, h0, h1, h2):  # type: ignore[no-untyped-def]
    ctx = np.zeros(_CTX_LEN, dtype=np.int64)  # ctx[13]: 1 to search without the shape table (the tests compare the two)
    ctx[0] = game
    ctx[1] = decl
    ctx[2] = mode
    ctx[4] = h0
    ctx[5] = h1
    ctx[6] = h2
    ctx[8] = h0 | h2  # the owner of a card as two bit planes (seat 0: 01, 1: 10, 2: 11), for the table keys
    ctx[9] = h1 | h2
    for p in range(3):  # the hands in search order
        ctx[10 + p] = np.int64(_in_order(ctx[4 + p], game))
    if mode == _POINTS:
        _run_key_tables(ctx)
    return ctx


def needs_compile(values: bool = False) -> bool:
    """Whether the next :func:`solve` (``values``: with the value of each legal card) compiles the solver's kernels
    first, which takes a minute or two of one core once per install (then they load from the on-disk cache in a
    second); :func:`bitcards.warmup` compiles everything up front. Always ``False`` with the JIT off."""
    return cold(_solve_node, *([_card_values] if values else []))


def new_table() -> np.ndarray:
    """A fresh transposition table: :data:`TT_ENTRIES` entries of one word, a generation counter, then the small
    table of the three-trick boundaries (:data:`TT3_ENTRIES` words) and the shape table (:data:`SHAPE_ENTRIES`
    entries of two words); about 3.06 MiB in all."""
    check_memory(_TT_SIZE * 8, "a solver transposition table", "free some memory")
    return np.zeros(_TT_SIZE, dtype=np.uint64)


def _new_buf() -> np.ndarray:
    return np.zeros((_BUF_ROWS, _BUF_COLS), dtype=np.int64)


# ---------------------------------------------------------------------------
# the deal solver shared by solve() and solve_many(): whole deals from the first trick


@njit
def _solve_deal(tt, buf, h0, h1, h2, skat, game, decl, lead):  # type: ignore[no-untyped-def]
    """Declarer's points of a whole deal under best play (skat included); null: 1 won, 0 lost."""
    rem = np.uint64(h0) | np.uint64(h1) | np.uint64(h2)
    if game == 5:
        ctx = _make_ctx(game, decl, _NULL, h0, h1, h2)
        lost = _test_node(ctx, tt, buf, rem, lead, np.int64(0), np.int64(-1), np.int64(-1), np.int64(1))
        return np.int64(0) if lost else np.int64(1)
    ctx = _make_ctx(game, decl, _POINTS, h0, h1, h2)
    base = _card_points(np.uint64(skat))
    guess = max(np.int64(0), min(np.int64(61) - base, _future_max(ctx, rem, 0, -1, -1)))
    return base + _solve_node(ctx, tt, buf, rem, lead, np.int64(0), np.int64(-1), np.int64(-1), guess)


def _solve_many_kernel(hands, skats, games, decls, leads, out):  # type: ignore[no-untyped-def]
    n = hands.shape[0]
    for blk in numba.prange(blocks(n)):
        lo, hi = block_rows(blk, n)
        tt = np.zeros(_TT_SIZE, dtype=np.uint64)
        buf = np.zeros((_BUF_ROWS, _BUF_COLS), dtype=np.int64)
        for i in range(lo, hi):
            out[i] = _solve_deal(tt, buf, hands[i, 0], hands[i, 1], hands[i, 2], skats[i], games[i], decls[i], leads[i])


_solve_many = BatchKernel(_solve_many_kernel)


# ---------------------------------------------------------------------------
# public API


@dataclass(frozen=True)
class SolveResult:
    """The outcome of a Skat position under best play by both sides (all hands open).

    ``points`` are the declarer's card points at the end (skat and tricks already played
    included; ``None`` in null). ``won``: 61 or more (null: the declarer takes no trick).
    ``schneider``: the declarer reaches 90; ``schneider_against``: 30 or fewer.
    ``schwarz``: the declarer can take every trick; ``schwarz_against``: the defenders can
    keep him from taking any (in null that is the declarer's win). ``to_move`` is the seat
    to play; ``values`` maps each legal card (text) to the declarer's final points if it is
    played (null: 1 won, 0 lost), when asked for; :attr:`best` and :attr:`losses` read them.
    Higher is better for the declarer.
    """

    game: str
    declarer: int
    to_move: int
    points: int | None
    won: bool
    schneider: bool
    schneider_against: bool
    schwarz: bool
    schwarz_against: bool
    values: dict[str, int] = field(default_factory=dict)

    @property
    def best(self) -> list[str]:
        """The best cards for the player to move (best for its side)."""
        if not self.values:
            return []
        decl_side = self.to_move == self.declarer
        target = max(self.values.values()) if decl_side else min(self.values.values())
        return [c for c, v in self.values.items() if v == target]

    @property
    def losses(self) -> dict[str, int]:
        """What each legal card loses against the best one, for the side to move (0 for a best card)."""
        if not self.values:
            return {}
        decl_side = self.to_move == self.declarer
        target = max(self.values.values()) if decl_side else min(self.values.values())
        return {c: abs(target - v) for c, v in self.values.items()}

    def __str__(self) -> str:
        if self.points is None:
            return f"{self.game}: declarer {'wins (takes no trick)' if self.won else 'loses (must take a trick)'}"
        flags = (
            ("schneider: 90 or more", self.schneider), ("schwarz: takes every trick", self.schwarz),
            ("schneider against: 30 or fewer", self.schneider_against),
            ("schwarz against: takes no trick", self.schwarz_against),
        )  # fmt: skip
        extra = [w for w, f in flags if f]
        tail = f" ({'; '.join(extra)})" if extra else ""
        return f"{self.game}: declarer {self.points} points, {'won' if self.won else 'lost'}{tail}"


def _as_seat(value: object, what: str) -> int:
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool) and 0 <= int(value) <= 2:
        return int(value)
    raise PositionError(f"{what} must be a seat 0, 1 or 2, not {value!r}")


@dataclass
class _Position:
    game: int
    declarer: int
    hands: tuple[int, int, int]
    skat: int
    rem: int
    lead: int
    pos: int
    c0: int
    c1: int
    points: int  # declarer's card points so far, skat included (suit and grand)
    tricks: int  # declarer's tricks so far
    defender_tricks: int


def _position(
    hands: Sequence[object], skat: object, game: int | str, declarer: object, leader: object, played: object
) -> _Position:
    g = parse_game(game)
    d = _as_seat(declarer, "declarer")
    lead = _as_seat(leader, "leader")
    if isinstance(hands, (str, bytes)) or len(hands) != 3:
        raise PositionError("give the three hands, as a list of three card sets")
    masks = [as_hand_mask(h, what=f"hand {i}") for i, h in enumerate(hands)]
    s = as_hand_mask(skat, what="skat") if skat is not None else 0
    seen = 0
    for i, m in enumerate([*masks, s]):
        both = seen & m
        if both:
            where = f"hand {i}" if i < 3 else "the skat"
            raise PositionError(f"card {SKAT.card_name((both & -both).bit_length() - 1)} is given twice (again in {where})")
        seen |= m
    if s.bit_count() > 2:
        raise PositionError(f"the skat holds 2 cards, not {s.bit_count()}")
    sizes = [m.bit_count() for m in masks]
    if played is None:
        seq: list[int] = []
    elif isinstance(played, str):
        from bitcards.notation import parse_cards

        seq = parse_cards(played, SKAT)
    else:
        seq = [as_hand_mask(c, count=1, what="played card").bit_length() - 1 for c in played]  # type: ignore[attr-defined]
    # replay: every hand given before any card of `played`
    if len(set(sizes)) != 1:
        raise PositionError(f"hands of unequal size: {sizes[0]}, {sizes[1]} and {sizes[2]} cards")
    if sizes[0] == 0:
        raise PositionError("the hands are empty: the game is over")
    if sizes[0] > 10:
        raise PositionError(f"a Skat hand holds at most 10 cards, not {sizes[0]}")
    pts = _card_points(np.uint64(s)) if g != NULL else 0
    pos = _Position(g, d, (masks[0], masks[1], masks[2]), s, seen & ~s, lead, 0, -1, -1, int(pts), 0, 0)
    for k, c in enumerate(seq):
        if pos.rem == 0 or (g == NULL and pos.tricks > 0 and pos.pos == 0):
            raise PositionError(f"played card {k + 1} ({SKAT.card_name(c)}) comes after the end of the game")
        p = (pos.lead + pos.pos) % 3
        hand = masks[p] & pos.rem
        if not hand >> c & 1:
            raise PositionError(f"played card {k + 1} ({SKAT.card_name(c)}) is not in the hand of seat {p}, whose turn it is")
        legal = int(_legal_cards(np.uint64(hand), np.int64(pos.c0 if pos.pos else -1), np.int64(g)))
        if not legal >> c & 1:
            raise PositionError(f"played card {k + 1} ({SKAT.card_name(c)}) does not follow suit")
        ctx = _make_ctx(g, d, _POINTS, *masks)
        node = (np.uint64(pos.rem), np.int64(pos.lead), np.int64(pos.pos), np.int64(pos.c0), np.int64(pos.c1))
        r, ld, ps, d0, d1, gain = _child(ctx, *node, np.int64(c))
        if ps == 0:
            if ld == d:
                pos.tricks += 1
                pos.points += int(gain)
            else:
                pos.defender_tricks += 1
        pos.rem, pos.lead, pos.pos, pos.c0, pos.c1 = int(r), int(ld), int(ps), int(d0), int(d1)
    if pos.rem == 0 and pos.pos == 0:
        raise PositionError("every card has been played: the game is over")
    if g == NULL and pos.tricks > 0:
        raise PositionError("the null declarer has already taken a trick: the game is over")
    return pos


def solve(
    hands: Sequence[object],
    skat: object = None,
    game: int | str = "grand",
    declarer: int = 0,
    leader: int = 0,
    played: object = None,
    *,
    values: bool = False,
    table: np.ndarray | None = None,
) -> SolveResult:
    """Solve a Skat position with all hands open; see the module docstring.

    ``hands`` are the three seats' cards (equal sizes, any notation) before the cards of
    ``played`` (cards in the order played, the first by ``leader``); ``skat`` the two skat
    cards (or ``None``/empty when they do not matter); ``game`` a game name or number.
    ``values=True`` adds the value of every legal card for the player to move. ``table`` is a
    transposition table from :func:`new_table` to reuse (one is made otherwise).

    Bad input raises :class:`~bitcards.errors.PositionError` (a card in two hands, hands of
    unequal size, a position after the game's end) or a ``ParseError`` (an unknown game or card).

    In clubs, the declarer's jack first pulls the ten of clubs; the ace of hearts first would
    be trumped by it (21 points lost):

    >>> r = solve(["HA CJ", "S8 CT", "D8 H9"], "", "clubs", declarer=0, leader=0, values=True)
    >>> r.points, r.values, r.best, r.losses
    (23, {'AH': 2, 'JC': 23}, ['JC'], {'AH': 21, 'JC': 0})
    """
    pos = _position(hands, skat, game, declarer, leader, played)
    tt = new_table() if table is None else table
    if tt.dtype != np.uint64 or tt.shape != (_TT_SIZE,):
        raise TypeError("table must come from bitcards.skat.solve.new_table()")
    buf = _new_buf()
    h = pos.hands
    rem = np.uint64(pos.rem)
    args = (rem, np.int64(pos.lead), np.int64(pos.pos), np.int64(pos.c0), np.int64(pos.c1))
    to_move = (pos.lead + pos.pos) % 3
    card_vals: dict[str, int] = {}
    out = np.zeros(32, dtype=np.int64)
    if pos.game == NULL:
        ctx = _make_ctx(pos.game, pos.declarer, _NULL, *h)
        won = not _test_node(ctx, tt, buf, *args, np.int64(1))
        if values:  # in the same table generation as the test
            _card_values(ctx, tt, buf, *args, out)
            card_vals = {SKAT.card_name(c): int(out[c] == 0) for c in range(32) if out[c] >= 0}
        return SolveResult(GAME_NAMES[pos.game], pos.declarer, to_move, None, won, False, False, False, won, card_vals)
    ctx = _make_ctx(pos.game, pos.declarer, _POINTS, *h)
    top = int(_future_max(ctx, rem, *args[2:]))
    guess = max(0, min(61 - pos.points, top))
    future = int(_solve_node(ctx, tt, buf, *args, np.int64(guess)))
    points = pos.points + future
    if values:
        _card_values(ctx, tt, buf, *args, out)
        card_vals = {SKAT.card_name(c): pos.points + int(out[c]) for c in range(32) if out[c] >= 0}
    tctx = _make_ctx(pos.game, pos.declarer, _TRICKS, *h)
    left = int(_future_max(tctx, rem, *args[2:]))
    schwarz = pos.defender_tricks == 0 and bool(_test_node(tctx, tt, buf, *args, np.int64(left)))
    schwarz_against = pos.tricks == 0 and not _test_node(tctx, tt, buf, *args, np.int64(1))
    return SolveResult(
        GAME_NAMES[pos.game], pos.declarer, to_move, points, points >= 61, points >= 90, points <= 30,
        schwarz, schwarz_against, card_vals,
    )  # fmt: skip


def solve_many(hands: object, skats: object, games: object, declarers: object = 0, leaders: object = 0) -> np.ndarray:
    """Solve whole deals in bulk: ``hands`` an ``(n, 3)`` array of masks (10 cards each), ``skats`` ``(n,)``.

    ``games``, ``declarers`` and ``leaders`` are one value or one per row. Returns ``int64``:
    the declarer's card points under best play (skat included) for suit and grand rows, and
    for null rows 1 if the declarer takes no trick, else 0. One transposition table per block
    of rows (per thread); every row's answer is exact, so the results do not depend on the
    thread count.
    """
    h = np.ascontiguousarray(np.asarray(hands))
    if h.dtype.kind not in "iu":
        raise TypeError(f"hands must be an integer array of masks, not dtype {h.dtype}")
    if h.ndim != 2 or h.shape[1] != 3:
        raise InvalidCardsError(f"hands must have shape (n, 3), got {h.shape}")
    h = h.astype(np.uint64)
    n = h.shape[0]
    s = np.broadcast_to(np.asarray(skats), (n,)).astype(np.uint64)

    def col(v: object, what: str) -> np.ndarray:
        a = np.asarray(v)
        if a.dtype.kind in "US" or a.dtype == object:
            a = np.array([parse_game(x) for x in np.broadcast_to(a, (n,))], dtype=np.int64)
        if a.dtype.kind not in "iu":
            raise TypeError(f"{what} must be integers, not dtype {a.dtype}")
        return np.ascontiguousarray(np.broadcast_to(a, (n,)).astype(np.int64))

    g = col(games, "games")
    d = col(declarers, "declarers")
    ld = col(leaders, "leaders")
    for what, a, top in (("game", g, 5), ("declarer", d, 2), ("leader", ld, 2)):
        bad = np.flatnonzero((a < 0) | (a > top))
        if bad.size:
            i = int(bad[0])
            raise InvalidCardsError(f"row {i}: {what} {int(a[i])} is not 0..{top}", row=i)
    if n:
        counts = np.array([[int(x).bit_count() for x in row] for row in h], dtype=np.int64)
        union = np.bitwise_or.reduce(h, axis=1) | s
        total = np.array([int(u).bit_count() for u in union]) if n else np.zeros(0)
        sk = np.array([int(x).bit_count() for x in s])
        ok = (counts == 10).all(axis=1) & (total == 32) & (sk == 2)
        if not ok.all():
            i = int(np.flatnonzero(~ok)[0])
            raise InvalidCardsError(f"row {i}: not a whole deal (three hands of 10 and a skat of 2, no card twice)", row=i)
    tables = min(blocks(n), max(1, numba.get_num_threads()))
    check_memory(tables * _TT_SIZE * 8, "solver transposition tables", "free some memory or use fewer threads")
    out = np.zeros(n, dtype=np.int64)
    _solve_many(n, h, s, g, d, ld, out)
    return out


@warmup_task
def _warm() -> None:
    solve(["CJ SJ CA", "HA HT H7", "DA DT D7"], "", "clubs", 0, 0, values=True)
    solve(["H7 H8", "HA HK", "SA ST"], "", "null", 0, 0, values=True)
