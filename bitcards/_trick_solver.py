"""The open-hand (perfect-information) search shared by the Euchre and Jass solvers.

Four seats in two teams (team 0 = seats 0 and 2, team 1 = seats 1 and 3), tricks of four
cards (three when a Euchre player goes alone: the seat in ``ctx[_SKIP]`` sits out). The
search value is what team 0 takes *from the node on*: tricks (Euchre) or card points with
the last trick's bonus, plus half the match bonus if team 0 takes every trick of the deal and
minus half of it if team 1 does (Jass: that is half the difference of the two teams' points,
less a constant, so both sides play for the difference); team 0 maximises, team 1 minimises.
The game's rules come from its own module, never written again here: the legal cards are
Jass's ``legal_mask`` and, for Euchre, the cards of the led suit if any, else all, with the suits
read from Euchre's ``suit_in`` into a table (a test holds it to Euchre's ``legal_mask``); the
tables of what takes a trick and the card points are read at import from Euchre's ``suit_in``
and ``strength_in`` and Jass's ``card_key`` and ``POINTS`` (plain Python, so importing
compiles nothing).

Euchre is searched in a layout of its own, the same for every trump (the hands are moved into
it once per deal, :func:`euchre_cards`): a byte per suit group (the suit a card counts as), the
trump group in the top byte, each group's cards by strength from bit 1 up. So the card that
takes a trick is the highest bit among its trumps and its cards of the led suit, the top
trumps one team holds are the trumps above the other team's highest, and equivalent cards are
runs of bits (one addition finds them all); tests hold each of these to the plain rules. Euchre
is searched by nested loops over each trick's lines (:func:`_eu_tricks_for`, one compiled kernel
per number of tricks left; a lead's value is the same search with the leader's first card given),
and never runs the search's frames, which are Jass's alone: Numba compiles every kernel a kernel may
call, so this way each game's first solve compiles only its own kernels (Euchre's about a minute of one
core; through the frames it compiled Jass's search too, 2.5 minutes more).

* **Alpha-beta**, fail-soft, over card masks, iterative: the rows of one ``int64`` scratch
  array are the stack (each node's frame and its move list), so every kernel is an ordinary
  cached Numba function. The exact value comes from zero-window probes that halve the range
  left (each probe's fail-soft result narrows the bounds); in Jass a probe at each end of the
  range comes first, so a deal that one team sweeps (the match) takes one probe, or two when
  team 0 sweeps and the bounds do not rule team 1's match out; Euchre's small range (0 to 5
  tricks, narrowed by the sure trumps) takes one full-window search.
* **Cut-offs from the points still at stake**: at every node team 0's value lies between
  what it is sure of and what the cards not yet won (and the match bonus while still open)
  can add; a window outside that range is settled at once. At a trick boundary the highest
  trumps still in play, as long as one team holds them all, narrow it: each wins the trick it
  falls in for that team, so their card points are that team's for sure (and, in Euchre, the
  most of them in one hand are sure tricks; in Jass a sure trick rules out the other team's match).
* **Endings**: the last trick plays itself (Euchre: a few bit operations); a trick boundary with
  two to five tricks left (Euchre: any) is settled by a plain alpha-beta over the lines of its
  tricks, without the search's frames (a boundary with three tricks left or more still looks up
  and stores its bounds in the table, a Jass four-trick boundary inside a five-trick ending too, with its best lead
  and its shape-table entry, and a Jass three-trick boundary inside a four-trick ending in a small table of its own,
  :data:`THREE_ENTRIES` entries in the search's context that stay in the core's cache, and in a shape table of
  its own, :data:`SHAPE3_ENTRIES` entries (1 MiB), which settles more than half the three-trick boundaries the first
  leaves open (on 70 bench deals, with 2**14 entries: 10.6 M three-trick searches and 64 M two-trick endings without
  it, 5.4 M and 33 M with it; 2**16 entries search 10% fewer than 2**14); a Euchre
  boundary with ``k`` tricks left whose window lies outside 0..k returns at once, and so does a Jass
  boundary with two or three tricks left whose window lies outside what the cards in play, the last
  trick's 5 and the match bonus while open can still give, before its table entry is read; Jass's two-trick
  ending plays its lines straight off each hand's two cards, the last trick read off the card each hand keeps, and
  keeps the exact value of each it solves in a small cache of its own (:data:`TWO_ENTRIES` entries in the search's
  context, 1 MiB), which the many three-trick endings that lead to it read; Euchre's loops
  play one card of each class of equivalent cards, the leader's strongest first and a follower's
  cheapest card that beats the other side's first).
* **Transposition table** at trick boundaries: ``(2**bits + 1, 2)`` ``uint64`` rows (16
  bytes each; a fixed size per game): the key (the mask of cards still in the hands, the
  leader and the match flags: whether each team has taken a trick; the hands are fixed by
  the deal, so this is the whole position) with a generation stamp, and a lower and an
  upper bound on team 0's future value plus the best lead found. A new solve bumps the
  generation, so the table never needs clearing. Two rows per key: a new entry replaces
  one of an earlier solve, else the one with fewer cards left. A Euchre deal solved in bulk
  (one search with the whole window, no card values) skips the table after its first trick:
  each of those positions comes from one first trick only, so none is met twice (``ctx[_NO_TT]``:
  the cards left where the table is skipped, 0 for none). Before the last card of a
  trick, a child position whose stored bound already cuts off ends the node
  (enhanced transposition cut-off).
* **Move ordering** (Jass's frames): the table's best lead first; then trumps first, and among trumps and among the
  other leads those whose tries cut off most often so far in this solve first (relative history: per card and hand
  size, the share of its tries that cut off, ``_HIST`` over ``_TRIES``, which the endings' leads share; by the count
  of cut-offs alone, a lead tried first everywhere piles up cut-offs and stays first where it fails), then the
  strongest (a trump lead is tried before the table's best lead: the other way round searched 1.8x the nodes on a
  clubs deal); cards that win the trick for the side that is not winning it (cheapest winner first), smearing points
  onto a partner's trick (the lowest card of equal points first), cheap discards. The endings' followers go the same
  way by masks: the cards that take the trick (of the led suit first) or, on the side's own trick, the cards of 10
  points or more, then of 2 to 9, then the rest (:func:`_split`); their discards go weakest first (lowest points
  first was slower there, and weakest first was slower in the frames).
* **Cost per node**: a node's set-up, children and closing are compiled into the search loop, and the
  search's kernels keep no reference counts of the arrays they are handed (``_nrt=False``).
* **Equivalent cards**: two legal cards of one hand that are next to each other in their
  suit's order among the cards still in the hands and the current trick's best card (cards of
  earlier tricks are gone; two cards below the best one lose the trick alike, whatever else
  the trick holds) and carry the same card points are one move. That is the frames' rule; Jass's
  endings apply it to the cards in play at the trick's start. In Jass both read it from a table per
  deal that gives, for each suit's cards in play, the cards with such a twin just above them
  (:func:`_twins`); Euchre's nested loops part a trick's cards by the cards in play at its start.
* **Shape table** (Jass; after Kupferschmid and Helmert's quasi-symmetry for Skat): two trick boundaries of one deal
  have the same shape when they hold, in each suit, as many cards owned by the same seats in rank order, the trump
  jack in both or in neither (it alone need never follow a trump lead), and the same leader and match flags. Mapping
  each suit's cards of one onto the other's in rank order keeps every card's suit, owner and order (the jack onto
  itself), so the same lines are legal in both (following suit, over- and undertrumping go by the order alone) and
  every trick goes to the same seat; only the card points move, so their values differ by no more than the sum of the
  points the map adds (or takes away). A second table, :data:`SHAPE_ENTRIES` entries of two words in a Jass search's
  context (4 MiB), is placed by a hash of the shape (each suit's shape read from the table of the deal, :data:`_DEAL`;
  the four suits' shapes packed into two words, each mixed once, :func:`_words_hash`) and keeps the cards, the proven
  bounds and the best lead of the last position stored with it; a boundary whose own entry leaves its window open
  reads the bounds of a position of the same shape, widened by that sum (:func:`_shape_shift`), and tries its best
  lead first (the card of the same place in its suit, when the table has no lead of its own). The entry's cards are
  checked for the same shape, so a hash collision costs nothing. Its bounds, not its best leads, are what it is for
  (the CHANGELOG gives the measurement). The three-trick boundaries inside the four-trick endings have one of their
  own (``_SHAPE3``, 1 MiB).
* **Merged table keys** (Jass): positions whose cards in play have, suit by suit, the same
  sequence of owners and points in rank order play alike and share one entry of the table and of
  the two-trick cache: a side suit's 9 8 7 6, the trump 8 7 6, Obenabe's 9 7 6 once its 8 is gone,
  Undenufe's A 9 7 once the cards between them are. The key holds the weakest cards of the deal
  that give that sequence (:func:`_canon_table`, a table per deal), and a stored lead is mapped to
  and from them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numba
import numpy as np

from bitcards._alphabeta import insert_move, narrow_window, pick, point_shift, proven_bounds
from bitcards._bits import ctz, msb, mulhi64, pext2, popcount, select_bit
from bitcards._jit import cold, njit
from bitcards._memory import check_memory
from bitcards._parallel import BatchKernel, block_rows, blocks
from bitcards.euchre.rules import strength_in, suit_in
from bitcards.jass.rules import POINTS, card_key, legal_mask

EUCHRE = 0
JASS = 1

# ctx slots (an int64 array per search)
_GAME, _TRUMP, _SKIP, _GEN, _H0, _NODES, _NPLAY, _VARIANT, _NO_TT = 0, 1, 2, 3, 4, 8, 9, 10, 11
#: ctx[_NO_SHAPE]: 1 to search a Jass deal without the shape table (the tests compare the two searches)
_NO_SHAPE = 12
#: ctx[_DEAL + 512 * s + x]: what the search reads of the cards ``x`` (nine bits) of suit ``s`` in play (Jass), packed
#: in one word so that one read (one cache line) serves them all: the table key's cards for them (bits 0..8,
#: :data:`_KEY_CARDS`); those whose next stronger card in ``x`` has the same owner and the same points, equivalent to
#: it, so the search never plays them (bits 9..17, :data:`_TWIN_CARDS`); the suit's shape (:func:`_shape_word`, bits
#: 18..40, :data:`_SHAPE_AT`); and for the trump suit its sure trumps (:func:`_sure_trumps`, from bit 41,
#: :data:`_SURE_AT`). The tables of the deal end here (filled by :func:`set_ctx`), the counts and caches of a solve
#: follow
_DEAL = 13
_KEY_CARDS, _TWIN_CARDS, _SHAPE_AT, _SURE_AT = 0, 9, 18, 41
#: ctx[_HIST + 36 * k + c]: how often the lead of card ``c`` from hands of ``k`` cards ended a node's search (a
#: cut-off) in this solve (Jass); ctx[_TRIES + 36 * k + c]: how often that lead was tried. The frames and the endings
#: try first the leads with the largest share of tries that cut off, trumps before the other suits (relative
#: history, :func:`_lead_share`); both cleared by :func:`next_generation`
_HIST = _DEAL + 4 * 512
_TRIES = _HIST + 10 * 36
#: ctx[_TWO:]: the exact values of the Jass two-trick endings met in this solve, :data:`TWO_ENTRIES` entries of one word
#: (the key: the table key's cards (:func:`_tt_cards`), the leader, the match flags and the solve's generation, below
#: bit :data:`_TWO_VALUE_AT`; the value plus ``_OFF`` above it, nine bits: a two-trick value lies in -50..153),
#: placed by a hash of the key; a new solve's generation retires the entries of earlier ones, so they are never cleared
#: one by one. One word an entry where the key and the value took two: twice the entries in the same 1 MiB
_TWO = _TRIES + 10 * 36
TWO_BITS = 17
TWO_ENTRIES = 1 << TWO_BITS
_TWO_VALUE_AT = 55
#: ctx[_SHAPE:]: the shape table of a Jass search (:func:`_shape_lookup`), :data:`SHAPE_ENTRIES` entries of two words
#: (the hash's check bits and the solve's generation; then the position's cards, its bounds, its leader and match
#: flags and its best lead), placed by the hash of the shape
_SHAPE = _TWO + TWO_ENTRIES
SHAPE_BITS = 18
SHAPE_ENTRIES = 1 << SHAPE_BITS
#: ctx[_THREE:]: the bounds of the Jass three-trick boundaries met in this solve's four-trick endings,
#: :data:`THREE_ENTRIES` entries of two words (the key as in the two-trick cache; then the lower and the upper bound),
#: placed by a hash of the key, a new entry replacing the old. Small enough to stay in the core's own cache, where the
#: four-trick endings meet the same three-trick boundaries again and again, and it leaves the transposition table to
#: the rest of the search
_THREE = _SHAPE + 2 * SHAPE_ENTRIES
THREE_BITS = 14
THREE_ENTRIES = 1 << THREE_BITS
#: ctx[_SHAPE3:]: the shape table of the three-trick boundaries in the four-trick endings (as :data:`_SHAPE`,
#: :data:`SHAPE3_ENTRIES` entries)
_SHAPE3 = _THREE + 2 * THREE_ENTRIES
SHAPE3_BITS = 16
SHAPE3_ENTRIES = 1 << SHAPE3_BITS
_CTX_LEN = _SHAPE3 + 2 * SHAPE3_ENTRIES

#: rows of the scratch array: one per card played (36) and a spare; columns 0..15 hold a node's
#: moves, 16..31 their ordering scores, 32.. the node's frame on the explicit search stack
_BUF_ROWS = 40
_F = 32
(_REM, _SEAT, _POS, _LEADC, _LED, _BEST, _BKEY, _BSEAT, _TM, _AL, _BE, _A0) = range(_F, _F + 12)
(_B0, _BV, _BC, _N, _I, _TKEY, _LO, _HI, _GAIN, _FL, _OPEN) = range(_F + 12, _F + 23)
_BUF_COLS = _F + 23

#: the match bonus of Jass: a team that takes every trick of the deal scores 100 more; the search
#: counts it as half that (the side's points minus the other side's, halved, is the zero-sum value
#: both sides play for: a card point moves one point from one side to the other, the match adds 100)
MATCH_BONUS = 100
_MB = MATCH_BONUS // 2
_OFF = 128  # table bounds are stored plus this offset (the value may be -_MB)

_FULL_WINDOW = 5
#: no guess of a node's value (:func:`exact`); the first step, in points, of the probes from a guess (:func:`_from_guess`)
NO_GUESS = -(1 << 20)
_GALLOP = 4
#: what a first guess of a whole Jass deal's value weighs (:func:`guess_features`), and for each kind of contract (a
#: trump suit, Obenabe, Undenufe) the weights: a least-squares fit to the values of two thirds of 3,000 solved deals that
#: are not the benchmark's (``bench/fit_guess.py`` prints this table), off by 12 points (sd) on the other third's trump deals
#: (the values spread by 47), by 15 and 16 without trumps. Only the order of the solver's probes depends on it, never
#: a value
GUESS_FEATURES = 21
_GUESS_W = np.array(
    [
        [  # a trump suit: the trump suit's ranks 6..A; the other suits' ranks; the leader's team, the longest trumps, 1
            -0.55, -0.51, -0.53, 11.89, 1.13, 25.51, 1.51, 2.91, 6.61,
            -6.72, -6.49, -6.53, -6.60, -6.04, -6.61, -5.30, -3.85, 0.18,
            1.65, 5.10, 78.50,
        ],
        [  # Obenabe: all suits' ranks 6..A; (none); the leader's team, (none), 1
            -3.29, -2.87, -3.91, -2.20, -2.96, -2.65, -1.34, 3.30, 15.92,
            0.00, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00,
            9.70, 0.00, 78.22,
        ],
        [  # Undenufe: all suits' ranks 6..A; (none); the leader's team, (none), 1
            15.85, 3.54, 0.24, -1.47, -2.66, -3.48, -4.57, -4.51, -2.95,
            0.00, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00,
            7.23, 0.00, 78.53,
        ],
    ]
)  # fmt: skip
_KEY_BITS = 44  # key: 36 card bits, leader at bits 40..41, the match flags at 42..43; the generation above
_KEY_MASK = (1 << _KEY_BITS) - 1
#: the solves a table serves before it is cleared (the generation fits the 15 bits a two-trick cache entry has for it)
_GEN_LIMIT = 1 << 15


def _key_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per variant (Euchre trump 0..3, then Jass contract 0..5 as 4..9, then Euchre in its own layout as
    :data:`_EUCHRE`), read from the rules: ``suit[v, c]`` the suit a card counts as (Euchre's left bower: trump;
    -1: no card), and ``key[v, led, c]`` how strongly ``c`` takes a trick led in suit ``led`` (-1: it cannot).
    Also ``perm[t, c]``: where Euchre's card ``c`` sits in the layout when suit ``t`` is trump."""
    eff, strg, ckey = (getattr(f, "py_func", f) for f in (suit_in, strength_in, card_key))
    suit = np.full((11, 36), -1, dtype=np.int64)
    key = np.full((11, 4, 36), -1, dtype=np.int64)
    for v in range(10):
        for c in range(24 if v < 4 else 36):
            suit[v, c] = eff(c, v) if v < 4 else c // 9
            for led in range(4):
                if v >= 4:
                    key[v, led, c] = ckey(c, led, v - 4)
                elif suit[v, c] == v:
                    key[v, led, c] = 100 + strg(c, v)  # a trump beats every card of the led suit
                elif suit[v, c] == led:
                    key[v, led, c] = strg(c, v)
    # Euchre's layout: byte f holds group ``groups[f]`` (the trump group in byte 3, the suit of its colour in byte
    # 2), weakest card at bit 1; the same tables serve every trump (checked: each trump's own tables map onto them)
    perm = np.full((4, 24), -1, dtype=np.int64)
    for t in range(4):
        colour = next(c // 6 for c in range(24) if suit[t, c] == t and c // 6 != t)  # the left bower's suit
        groups = [g for g in range(4) if g not in (t, colour)] + [colour, t]
        lkey = np.full((4, 36), -1, dtype=np.int64)
        for f, g in enumerate(groups):
            for i, c in enumerate(sorted((c for c in range(24) if suit[t, c] == g), key=lambda c: key[t, g, c])):
                perm[t, c] = 8 * f + 1 + i
        for c in range(24):
            lkey[:, perm[t, c]] = key[t, groups, c]
        if t == 0:
            key[_EUCHRE] = lkey
            suit[_EUCHRE, perm[t]] = [groups.index(int(suit[t, c])) for c in range(24)]
        assert (lkey == key[_EUCHRE]).all(), "Euchre's layout differs between trumps"
    return suit, key, perm


_UNDENUFE = 9  # Jass's Undenufe (contract 5): its cards are strongest at the lowest bit
_EUCHRE = 10  # Euchre's variant: its own layout, the same for every trump (see _key_tables)
_SUIT, _KEY, _EUCHRE_PERM = _key_tables()


def _variant_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per variant: the cards grouped by the suit they count as, strongest first (``order``, with
    ``gstart``/``gend`` per suit and ``gmask``), and each card's points (``pts``; 0 in Euchre, where
    a trick is a trick)."""
    order = np.full((11, 36), -1, dtype=np.int64)
    gstart = np.zeros((11, 4), dtype=np.int64)
    gend = np.zeros((11, 4), dtype=np.int64)
    gmask = np.zeros((11, 4), dtype=np.uint64)
    pts = np.zeros((11, 36), dtype=np.int64)
    for v in range(11):
        if 4 <= v < 10:
            pts[v] = POINTS[(v - 4) * 36 : (v - 3) * 36]
        i = 0
        for s in range(4):
            gstart[v, s] = i
            for c in sorted((c for c in range(36) if _SUIT[v, c] == s), key=lambda c: -_KEY[v, s, c]):
                order[v, i] = c
                gmask[v, s] |= np.uint64(1 << c)
                i += 1
            gend[v, s] = i
    return order, gstart, gend, gmask, pts


_ORDER, _GSTART, _GEND, _GMASK, _PTS = _variant_tables()


def _check_canon_order() -> None:
    """The table key maps a card to the card of the same place among its suit's cards in play counted by bit
    (:func:`_map_card`), while :func:`_canon_table` pairs cards in rank order; the two agree when, in every Jass suit,
    the cards of equal points keep the same order by bit as by rank relative to every card they can be paired
    across. Checked here for every contract: each suit's rank order is its bit order or its reverse, or (a trump
    suit) the cards that share their points with another are its lowest by rank and by bit."""
    for v in range(4, 10):
        for s in range(4):
            seq = [int(c) % 9 for c in _ORDER[v, _GSTART[v, s] : _GEND[v, s]]]
            if seq in (sorted(seq), sorted(seq, reverse=True)):
                continue
            pts = [int(_PTS[v, 9 * s + r]) for r in seq]
            shared = [i for i, p in enumerate(pts) if pts.count(p) > 1]
            tail = list(range(len(seq) - len(shared), len(seq)))
            low = sorted(seq)[: len(shared)]
            assert shared == tail and [seq[i] for i in shared] == sorted(low, reverse=True), (v, s)


_check_canon_order()


#: per variant, the group of the trump suit (-1: Obenabe and Undenufe have none)
_TRUMP_GROUP = np.array([0, 1, 2, 3, 0, 1, 2, 3, -1, -1, 3], dtype=np.int64)


def _beat_table() -> np.ndarray:
    """``beat[v, led, b]``: the cards that take a trick led in suit ``led`` from card ``b`` (variant ``v``)."""
    beat = np.zeros((11, 4, 36), dtype=np.uint64)
    for v in range(11):
        for led in range(4):
            for b in range(36):
                kb = _KEY[v, led, b]
                beat[v, led, b] = np.uint64(sum(1 << c for c in range(36) if _KEY[v, led, c] > kb))
    return beat


_BEAT = _beat_table()


def _smear_tiers() -> np.ndarray:
    """Per variant, the cards worth 10 points or more (``[v, 0]``) and those worth 2 to 9 (``[v, 1]``): the order in
    which an ending puts points onto its own side's trick (:func:`_split`)."""
    tiers = np.zeros((11, 2), dtype=np.uint64)
    for v in range(11):
        for c in range(36):
            p = int(_PTS[v, c])
            if p:
                tiers[v, 0 if p >= 10 else 1] |= np.uint64(1 << c)
    return tiers


_SMEAR = _smear_tiers()


@njit(inline="always")
def _split(ctx, m, led, w, winning):  # type: ignore[no-untyped-def]
    """The legal cards ``m`` in the order an ending tries them, as ``(f, g, fa, fb)``: the cards ``f`` first, those of
    ``fa`` among them before those of ``fb`` and both before the rest, then ``g`` (:func:`_take`). When the seat's side
    is not winning the trick (its best card ``w``), ``f`` is the cards that take it, those of the led suit first (a
    trump kept); else ``f`` is the others, the cards of 10 points or more first, then those of 2 to 9 (points put onto
    the side's own trick). Against the weakest first alone (``bench/compare.py``, two alternating sessions, AMD Zen 2,
    2026-12-03): the 60 whole deals 1.06x as fast (within its noise), the small three-trick endgames 0.93x."""
    v = ctx[_VARIANT]
    b = m & _BEAT[v, led, w]
    if winning:
        return m & ~b, b, _SMEAR[v, 0], _SMEAR[v, 1]
    return b, m & ~b, _GMASK[v, led], np.uint64(0)


def _late_table() -> np.ndarray:
    """Per variant, the cards that the bit order puts too early among the weakest: a trump contract's nine and jack,
    its two strongest cards (a trump suit runs 6 7 8 T Q K A 9 J by strength, 6 7 8 9 T J Q K A by bit)."""
    late = np.zeros(11, dtype=np.uint64)
    for v in range(4, 8):  # the Jass trump contracts; _ORDER has each suit's cards strongest first
        i = _GSTART[v, _TRUMP_GROUP[v]]
        late[v] = np.uint64(sum(1 << int(c) for c in _ORDER[v, i : i + 2]))
    return late


_LATE = _late_table()


def _trump_rank_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A Jass trump suit's cards in rank order: ``rank[x]``, the nine bits ``x`` of the suit (by card, 6 to A) moved
    to their places by strength (the weakest at bit 0: 6 7 8 T Q K A 9 J), ``card[j]`` the card bit at place ``j``,
    and ``pts[v, j]`` the points of the card at place ``j`` of a trump contract ``v``."""
    v = 4  # (the order is the same for every trump suit)
    places = [int(c) % 9 for c in _ORDER[v, _GSTART[v, 0] : _GEND[v, 0]]][::-1]  # card of each place, weakest first
    card = np.array(places, dtype=np.int64)
    rank = np.zeros(512, dtype=np.uint64)
    for x in range(512):
        rank[x] = np.uint64(sum(1 << j for j, r in enumerate(places) if x >> r & 1))
    pts = np.zeros((11, 9), dtype=np.int64)
    for w in range(4, 8):
        tg = int(_TRUMP_GROUP[w])
        pts[w] = [_PTS[w, 9 * tg + r] for r in places]
    return rank, card, pts


_TRUMP_RANK, _TRUMP_CARD, _TRUMP_RPTS = _trump_rank_tables()


@njit(inline="always")
def _first(m, rev, late):  # type: ignore[no-untyped-def]
    """The weakest card of ``m`` in its suit: the lowest bit, or the highest where the order is reversed (``rev``:
    Undenufe, whose six is its strongest card); the cards ``late`` (a trump suit's nine and jack, :data:`_LATE`)
    only when ``m`` holds nothing else."""
    if rev:
        return msb(m)
    x = m & ~late
    return ctz(x if x else m)


@njit(inline="always")
def _take(f, g, rev, late, fa, fb):  # type: ignore[no-untyped-def]
    """The next card of the order :func:`_split` gives (``f``: those of ``fa``, then of ``fb``, then the rest; then
    ``g``; the weakest first within each, :func:`_first`), and what is left of ``f`` and ``g``."""
    if f:
        x = f & fa
        if not x:
            x = f & fb
        c = _first(x if x else f, rev, late)
        return c, f & ~(np.uint64(1) << np.uint64(c)), g
    c = _first(g, rev, late)
    return c, f, g & ~(np.uint64(1) << np.uint64(c))


# ---------------------------------------------------------------------------
# Euchre's kernels on its own layout (see _key_tables): a byte a suit group, the trump group in the top byte,
# each group's cards by strength from bit 1 up; bit 0 of every byte is never a card

_EU_TRUMPS = _GMASK[_EUCHRE, 3]
_EU_GAPS = np.uint64(0x01010101)


@njit(inline="always")
def _eu_group(c):  # type: ignore[no-untyped-def]
    """The cards of the group of Euchre's card ``c`` (its byte)."""
    return np.uint64(0xFF) << np.uint64(c & ~7)


@njit(inline="always")
def _eu_winner(t, c0):  # type: ignore[no-untyped-def]
    """The card that takes Euchre's trick ``t`` (a mask, or the cards still to come and those played) led with
    ``c0``: the highest trump, else the highest card of the led suit."""
    return msb(t & (_EU_TRUMPS | _eu_group(c0)))


@njit(inline="always")
def _eu_last(ctx, rem, seat):  # type: ignore[no-untyped-def]
    """Euchre: team 0's tricks in the last trick (the cards ``rem``), led by ``seat``."""
    w = _eu_winner(rem, ctz(np.uint64(ctx[_H0 + seat]) & rem))
    return np.int64((np.uint64(ctx[_H0] | ctx[_H0 + 2]) >> np.uint64(w)) & np.uint64(1))


@njit(inline="always")
def _eu_classes(h, inplay):  # type: ignore[no-untyped-def]
    """One card of each class of equivalent cards of ``h`` (Euchre): the lowest of each run of ``h``'s cards next
    to each other in their group among the cards ``inplay``. Adding ``h`` to ``h`` with the cards out of play set
    carries each card of ``h`` up to the next card in play, so the sum marks the cards in play whose next lower
    one in play is ``h``'s; the gap bit under each group stops a carry from crossing into the next group."""
    p = inplay | _EU_GAPS
    return h & ~((((~p & np.uint64(0xFFFFFFFF)) | h) + h) & p)  # (the layout's 32 bits: the sum cannot wrap)


@njit(inline="always")
def euchre_cards(trump, m):  # type: ignore[no-untyped-def]
    """The Euchre cards ``m`` (a mask) in the search's layout for ``trump`` (see :func:`_key_tables`)."""
    m = np.uint64(m)
    out = np.uint64(0)
    while m:
        out |= np.uint64(1) << np.uint64(_EUCHRE_PERM[trump, ctz(m)])
        m &= m - np.uint64(1)
    return out


@njit(inline="always")
def ctx_len(game):  # type: ignore[no-untyped-def]
    """The length of a search context: Jass's holds the two-trick cache and the shape table, Euchre's ends before them."""
    return _CTX_LEN if game == JASS else _TWO


@njit
def make_ctx(game, trump, skip, h0, h1, h2, h3):  # type: ignore[no-untyped-def]
    """A search context: the game (:data:`EUCHRE` or :data:`JASS`), its trump/contract, the
    seat sitting out (-1: none) and the four hands' masks."""
    ctx = np.zeros(ctx_len(game), dtype=np.int64)
    set_ctx(ctx, game, trump, skip, h0, h1, h2, h3)
    return ctx


@njit(inline="always")
def set_ctx(ctx, game, trump, skip, h0, h1, h2, h3):  # type: ignore[no-untyped-def]
    """Fill ``ctx`` (see :func:`make_ctx`) for a new position (Euchre's hands go into its layout: :func:`euchre_cards`)."""
    if game == EUCHRE:
        h0, h1, h2, h3 = euchre_cards(trump, h0), euchre_cards(trump, h1), euchre_cards(trump, h2), euchre_cards(trump, h3)
    ctx[:_DEAL] = 0  # (the two-trick cache and the shape table keep their entries: their generation tells them apart;
    # the key table is filled for every set of cards the hands can hold)
    ctx[_GAME] = game
    ctx[_TRUMP] = trump
    ctx[_SKIP] = skip
    ctx[_H0] = h0
    ctx[_H0 + 1] = h1
    ctx[_H0 + 2] = h2
    ctx[_H0 + 3] = h3
    ctx[_NPLAY] = 4 if skip < 0 else 3
    ctx[_VARIANT] = _EUCHRE if game == EUCHRE else 4 + trump
    if game == JASS:
        _canon_table(ctx)


@njit(inline="always")
def _canon_table(ctx):  # type: ignore[no-untyped-def]
    """Fill ``ctx[_DEAL:]`` for a Jass deal: for each suit and each set ``x`` of its cards in the hands, the cards
    that stand for ``x`` in the table key. Read ``x`` from its weakest card up and give each card the weakest card of
    the suit above the one given last with the same points and the same owner (the card itself qualifies, so there is
    always one). Two positions with the same key have, suit by suit, the same sequence of owners and points in rank
    order: the map between them keeps every card's suit, owner, order and points, so they play alike and have one
    value (a side suit's 9 8 7 6 merge, so do Obenabe's 9 7 6 once its 8 is gone, Undenufe's A 9 7 once the cards
    between them are)."""
    v = ctx[_VARIANT]
    tg = _TRUMP_GROUP[v]
    one = np.uint64(1)
    for s in range(4):
        sh = np.uint64(9 * s)
        g0 = _GSTART[v, s]
        g1 = _GEND[v, s]
        held = np.uint64(0)
        owners = np.int64(0)  # two bits a card (bit 2 * rank)
        for o in range(4):
            m = (np.uint64(ctx[_H0 + o]) >> sh) & np.uint64(511)
            held |= m
            while m:
                r = ctz(m)
                m &= m - one
                owners |= np.int64(o) << np.int64(2 * r)
        x = np.uint64(0)
        while True:  # each subset of the suit's cards in the hands
            k = np.uint64(0)
            twins = np.uint64(0)
            j = g1  # the place (in _ORDER) below which the next pick lies
            below = np.int64(-1)  # the card of x just below (weaker), its points and owner
            pb = ob = np.int64(-1)
            for i in range(g1 - 1, g0 - 1, -1):  # weakest first
                c = _ORDER[v, i]
                r = c - 9 * s
                if not (x >> np.uint64(r)) & one:
                    continue
                pc = _PTS[v, c]
                oc = (owners >> np.int64(2 * r)) & 3
                if below >= 0 and pb == pc and ob == oc:
                    twins |= one << np.uint64(below)
                below, pb, ob = r, pc, oc
                j -= 1
                while True:
                    d = _ORDER[v, j]
                    rd = d - 9 * s
                    if (held >> np.uint64(rd)) & one and _PTS[v, d] == pc and (owners >> np.int64(2 * rd)) & 3 == oc:
                        break
                    j -= 1
                k |= one << np.uint64(rd)
            e = k | (twins << np.uint64(_TWIN_CARDS)) | (_shape_word(ctx, x, s, tg) << np.uint64(_SHAPE_AT))
            if s == tg:
                team, tricks, pts = _scan_sure_trumps(ctx, x << sh)
                e |= np.uint64((team + 1) | (tricks << 2) | (pts << 8)) << np.uint64(_SURE_AT)
            ctx[_DEAL + 512 * s + np.int64(x)] = np.int64(e)
            x = (x - held) & held
            if x == np.uint64(0):
                break


@njit(inline="always")
def _by_suit(ctx, at, rem):  # type: ignore[no-untyped-def]
    """The union over the four suits of the cards of the Jass table of the deal (``ctx[_DEAL:]``) from bit ``at`` of
    its words (:data:`_KEY_CARDS` or :data:`_TWIN_CARDS`) read at each suit's cards of ``rem``."""
    m = np.uint64(511)
    out = np.uint64(0)
    for s in range(4):
        sh = np.uint64(9 * s)
        e = np.uint64(ctx[_DEAL + 512 * s + np.int64((rem >> sh) & m)])
        out |= ((e >> np.uint64(at)) & m) << sh
    return out


@njit(inline="always")
def _tt_cards(ctx, rem):  # type: ignore[no-untyped-def]
    """The cards part of the table key of ``rem`` (Jass: equivalent cards merged, see :func:`_canon_table`)."""
    if ctx[_GAME] != JASS:
        return rem
    return _by_suit(ctx, _KEY_CARDS, rem)


@njit(inline="always")
def _twins(ctx, rem):  # type: ignore[no-untyped-def]
    """The cards of ``rem`` the search need not play (Jass): each is equivalent to the next stronger card of its suit
    in ``rem``, in the same hand with the same points (see :data:`_DEAL`). Equivalent as long as ``rem`` holds the best
    card of the trick being played, so that it never lies between the two (the endings pass the cards in play at the
    trick's start, the frames the cards in the hands and the trick's best card)."""
    return _by_suit(ctx, _TWIN_CARDS, rem)


@njit(inline="always")
def _map_card(ctx, rem, c, to_key):  # type: ignore[no-untyped-def]
    """Card ``c`` of the position ``rem`` as it stands among the table key's cards (``to_key``), or back: a card
    keeps its place among its suit's cards in play (the order of the bits is the suit's order, or its reverse, or,
    in the trump suit, keeps the cards of equal points below all others: see :func:`_check_canon_order`)."""
    if ctx[_GAME] != JASS or c < 0:
        return c
    s = c // 9
    sh = np.uint64(9 * s)
    x = (rem >> sh) & np.uint64(511)
    k = np.uint64(ctx[_DEAL + 512 * s + np.int64(x)]) & np.uint64(511)
    bit = np.uint64(1) << np.uint64(c % 9)
    if to_key:
        return 9 * s + select_bit(k, popcount(x & (bit - np.uint64(1))))
    return 9 * s + select_bit(x, popcount(k & (bit - np.uint64(1))))


#: the search's kernels make no arrays and keep none, so they are compiled without Numba's reference counting
#: (``_nrt=False``): otherwise every node would pay atomic updates of the counts of the arrays it is handed
_no_refcounts = njit(_nrt=False)


def new_table(bits: int) -> np.ndarray:
    """A transposition table of ``2**bits`` entries (16 bytes each) and its generation counter (row 0)."""
    return np.zeros(((1 << bits) + 1, 2), dtype=np.uint64)


@njit
def next_generation(ctx, tt):  # type: ignore[no-untyped-def]
    """Start a new solve on ``tt``: entries of earlier solves no longer match."""
    g = tt[0, 0] + np.uint64(1)
    if g >= np.uint64(_GEN_LIMIT):
        tt[:, :] = np.uint64(0)
        ctx[_TWO:] = 0  # (nothing in Euchre's context)
        g = np.uint64(1)
    tt[0, 0] = g
    ctx[_GEN] = np.int64(g)
    if ctx[_GAME] == JASS:
        ctx[_HIST:_TWO] = 0


@njit(inline="always")
def _next_seat(ctx, seat):  # type: ignore[no-untyped-def]
    s = (seat + 1) & 3
    if s == ctx[_SKIP]:
        s = (s + 1) & 3
    return s


@njit(inline="always")
def _suit(ctx, c):  # type: ignore[no-untyped-def]
    return _SUIT[ctx[_VARIANT], c]


@njit(inline="always")
def _key(ctx, c, led):  # type: ignore[no-untyped-def]
    """How strongly ``c`` takes a trick led in suit ``led``: -1 if it cannot."""
    return _KEY[ctx[_VARIANT], led, c]


@njit(inline="always")
def _legal(ctx, hand, lead_card, led, best):  # type: ignore[no-untyped-def]
    if ctx[_GAME] == EUCHRE:
        if lead_card < 0:
            return hand
        follow = hand & _GMASK[ctx[_VARIANT], led]
        return follow if follow else hand
    return legal_mask(hand, led, best, ctx[_TRUMP])


@njit(inline="always")
def _mask_points(ctx, m):  # type: ignore[no-untyped-def]
    v = ctx[_VARIANT]
    total = np.int64(0)
    while m:
        c = ctz(m)
        total += _PTS[v, c]
        m &= m - np.uint64(1)
    return total


@njit(inline="always")
def _trick_value(ctx, tmask, last):  # type: ignore[no-untyped-def]
    if ctx[_GAME] == EUCHRE:
        return np.int64(1)
    return _mask_points(ctx, tmask) + (5 if last else 0)


@njit(inline="always")
def _bonus(ctx, flags):  # type: ignore[no-untyped-def]
    """Team 0's match bonus at the end of the deal: ``flags`` bit 0 is set once team 0 took a trick, bit 1 team 1."""
    if ctx[_GAME] != JASS or flags == 3:
        return np.int64(0)
    return np.int64(_MB) if flags == 1 else np.int64(-_MB)


@njit(inline="always")
def _eu_sure_trumps(ctx, rem):  # type: ignore[no-untyped-def]
    """:func:`_sure_trumps` for Euchre, on its layout: the trumps above the other team's highest."""
    t = rem & _EU_TRUMPS
    if not t:
        return np.int64(-1), np.int64(0), np.int64(0)
    t0 = np.uint64(ctx[_H0] | ctx[_H0 + 2])
    team = np.int64(0) if (t0 >> np.uint64(msb(t))) & np.uint64(1) else np.int64(1)
    theirs = t & ~t0 if team == 0 else t & t0
    if theirs:
        t &= ~((np.uint64(2) << np.uint64(msb(theirs))) - np.uint64(1))
    a = popcount(t & np.uint64(ctx[_H0 + team]))
    b = popcount(t & np.uint64(ctx[_H0 + team + 2]))
    return team, max(a, b), np.int64(0)


@njit(inline="always")
def _sure_trumps(ctx, rem):  # type: ignore[no-untyped-def]
    """The highest trumps still in the hands, as long as one team holds them all: each wins the trick it falls in
    for that team (nothing left can beat it). Returns that team (-1: none, or no trump), the most of them in one
    hand (each falls in a trick of its own: the tricks the team is sure of) and their card points. Jass reads them
    from the table of the deal (:data:`_DEAL`, filled by :func:`_scan_sure_trumps`)."""
    if ctx[_GAME] == EUCHRE:
        return _eu_sure_trumps(ctx, rem)
    t = _TRUMP_GROUP[ctx[_VARIANT]]
    if t < 0:
        return np.int64(-1), np.int64(0), np.int64(0)
    e = ctx[_DEAL + 512 * t + np.int64((rem >> np.uint64(9 * t)) & np.uint64(511))] >> _SURE_AT
    return (e & 3) - 1, (e >> 2) & 15, e >> 8


@njit(inline="always")
def _scan_sure_trumps(ctx, rem):  # type: ignore[no-untyped-def]
    """:func:`_sure_trumps` of a Jass deal, from the trumps themselves (the table of the deal, :data:`_DEAL`, keeps it)."""
    v = ctx[_VARIANT]
    t = _TRUMP_GROUP[v]
    team = np.int64(-1)
    pts = np.int64(0)
    per = np.int64(0)  # 16 bits a seat
    if t < 0:
        return team, np.int64(0), pts
    for i in range(_GSTART[v, t], _GEND[v, t]):
        c = _ORDER[v, i]
        bit = np.uint64(1) << np.uint64(c)
        if not rem & bit:
            continue
        s = 0
        while not np.uint64(ctx[_H0 + s]) & bit:
            s += 1
        if team < 0:
            team = s & 1
        elif s & 1 != team:
            break
        per += np.int64(1) << np.int64(16 * s)
        pts += _PTS[v, c]
    a = max(per & 0xFFFF, (per >> 32) & 0xFFFF)
    b = max((per >> 16) & 0xFFFF, (per >> 48) & 0xFFFF)
    return team, max(a, b), pts


@njit(inline="always")
def _jass_range(flags, opn):  # type: ignore[no-untyped-def]
    """Jass: the least and the most team 0 can take from a node on, from the match flags and ``opn``, the card
    points still in play: nothing (or minus the match bonus while team 0 has no trick) up to all of them, the last
    trick's 5 and the match bonus while team 1 has no trick."""
    lo = np.int64(0) if flags & 1 else np.int64(-_MB)
    hi = opn + 5 + (0 if flags & 2 else _MB)
    return lo, hi


@njit(inline="always")
def _bounds(ctx, rem, tmask, flags, opn):  # type: ignore[no-untyped-def]
    """The least and the most team 0 can take from a node on (``opn``: the points of ``rem | tmask``); at a trick
    boundary (``tmask`` empty) narrowed by the sure trumps."""
    team = np.int64(-1)
    tricks = np.int64(0)
    pts = np.int64(0)
    if tmask == np.uint64(0):
        team, tricks, pts = _sure_trumps(ctx, rem)
    if ctx[_GAME] == EUCHRE:
        lo = np.int64(0)
        hi = (popcount(rem) + popcount(tmask)) // ctx[_NPLAY]
        if team == 0:
            lo = tricks
        elif team == 1:
            hi -= tricks
        return lo, hi
    lo, hi = _jass_range(flags, opn)
    if team == 0:  # team 0 takes a trick: no match for team 1
        lo = pts
    elif team == 1:
        hi = opn + 5 - pts
    return lo, hi


@njit
def future_max(ctx, rem, tmask):  # type: ignore[no-untyped-def]
    """The most the tricks from here can be worth in cards: the cards in the hands and in the current trick."""
    if ctx[_GAME] == EUCHRE:
        return (popcount(rem) + popcount(tmask)) // ctx[_NPLAY]
    return _mask_points(ctx, rem | tmask) + 5


@_no_refcounts
def _moves(ctx, buf, ply, hand, legal, inplay, led, bestkey, we_win, ttmove):  # type: ignore[no-untyped-def]
    """Fill ``buf[ply]`` with one legal card per class of equivalent cards, best first; return how many."""
    v = ctx[_VARIANT]
    n = 0
    m = legal & ~_twins(ctx, inplay)  # one card of each class of equivalent ones: the strongest
    while m:
        c = ctz(m)
        m &= m - np.uint64(1)
        p = _PTS[v, c]
        if c == ttmove:
            sc = np.int64(1 << 20)
        elif led < 0:  # trumps first, then the leads that cut off most often, the strongest first
            sc = _lead_order(ctx, c, popcount(hand)) * 1024 + _key(ctx, c, _suit(ctx, c)) * 4 + p
        else:
            k = _key(ctx, c, led)
            if k > bestkey:
                sc = (200 - k) * 4 + p if not we_win else 200 + p - k
            else:
                sc = 300 + 64 * p - k if we_win else 300 - p * 4 - k
        n = insert_move(buf, ply, n, c, sc)
    return n


@njit(inline="always")
def _hist_slot(k, c):  # type: ignore[no-untyped-def]
    """Where ``ctx`` counts the cut-offs of the lead of card ``c`` from hands of ``k`` cards (``_HIST``)."""
    return _HIST + 36 * k + c


@njit(inline="always")
def _tries_slot(k, c):  # type: ignore[no-untyped-def]
    """Where ``ctx`` counts the tries of that lead (``_TRIES``): the share :func:`_lead_share` reads is the cut-offs
    at :func:`_hist_slot` over the tries here."""
    return _TRIES + 36 * k + c


@njit(inline="always")
def _lead_share(ctx, c, k):  # type: ignore[no-untyped-def]
    """Jass: how early to try the lead of card ``c`` from hands of ``k`` cards, as ``(trump, cuts, tries)``: trumps
    first (``trump`` 1), then by the share ``cuts / tries`` of its tries in this solve that cut off (relative history:
    ``_HIST`` and ``_TRIES``; one more try, so a lead never tried has share 0)."""
    trump = np.int64(1) if _SUIT[ctx[_VARIANT], c] == _TRUMP_GROUP[ctx[_VARIANT]] else np.int64(0)
    return trump, ctx[_hist_slot(k, c)], ctx[_tries_slot(k, c)] + 1


@njit(inline="always")
def _lead_order(ctx, c, k):  # type: ignore[no-untyped-def]
    """:func:`_lead_share` as one number, larger first (the frames' move scores): the share in steps of 1/1024, trumps
    above 2**40."""
    trump, cuts, tries = _lead_share(ctx, c, k)
    return (trump << np.int64(40)) + (cuts << np.int64(10)) // tries


@njit(inline="always")
def _top_leads(ctx, m, k):  # type: ignore[no-untyped-def]
    """Of the leads ``m`` from hands of ``k`` cards, those that come first by :func:`_lead_share` (the shares
    compared without dividing)."""
    one = np.uint64(1)
    r0, n0, d0 = np.int64(-1), np.int64(0), np.int64(1)
    ties = np.uint64(0)
    x = m
    while x:
        c = ctz(x)
        x &= x - one
        r, n, d = _lead_share(ctx, c, k)
        if r > r0 or (r == r0 and n * d0 > n0 * d):
            r0, n0, d0 = r, n, d
            ties = np.uint64(0)
        if r == r0 and n * d0 == n0 * d:
            ties |= one << np.uint64(c)
    return ties


@njit(inline="always")
def _mix(key):  # type: ignore[no-untyped-def]
    """A key times the golden-ratio constant modulo 2**64 (the product's low word, by :func:`mulhi64`: it wraps in
    plain Python too), whose high bits place the key in the table or the two-trick cache."""
    return np.uint64(mulhi64(np.uint64(key), np.uint64(0x9E3779B97F4A7C15))[1])


@njit(inline="always")
def _tt_pair(tt, key):  # type: ignore[no-untyped-def]
    """The first of the two rows where ``key`` may stand (rows 1.. of the table; row 0 is the generation)."""
    h = _mix(key) >> np.uint64(32)
    return np.int64(h & np.uint64(tt.shape[0] - 3)) + 1


@njit(inline="always")
def _shape_word(ctx, x, s, tg):  # type: ignore[no-untyped-def]
    """The shape of suit ``s`` (Jass) whose cards in play are ``x`` (its nine bits), one word: how many (bits 0..3)
    and the owner of each in rank order (its seat's two bit planes, bits 4..12 and 13..21); for the trump suit ``tg``
    the order is by strength (:data:`_TRUMP_RANK`) and bit 22 says whether the jack is in play."""
    sh = np.uint64(9 * s)
    o1 = (np.uint64(ctx[_H0 + 1] | ctx[_H0 + 3]) >> sh) & x
    o2 = (np.uint64(ctx[_H0 + 2] | ctx[_H0 + 3]) >> sh) & x
    jack = np.uint64(0)
    if s == tg:  # the trumps in rank order, and whether the jack is among them
        x, o1, o2 = _TRUMP_RANK[x], _TRUMP_RANK[o1], _TRUMP_RANK[o2]
        jack = (x >> np.uint64(8)) << np.uint64(22)
    e1, e2 = pext2(o1, o2, x)
    return np.uint64(popcount(x)) | (e1 << np.uint64(4)) | (e2 << np.uint64(13)) | jack


@njit(inline="always")
def _shape_code(ctx, rem, s):  # type: ignore[no-untyped-def]
    """:func:`_shape_word` of suit ``s`` in the cards in play ``rem``, read from the table of the deal (:data:`_DEAL`)."""
    x = (rem >> np.uint64(9 * s)) & np.uint64(511)
    return (np.uint64(ctx[_DEAL + 512 * s + np.int64(x)]) >> np.uint64(_SHAPE_AT)) & np.uint64((1 << 23) - 1)


@njit(inline="always")
def _shape_words(ctx, rem):  # type: ignore[no-untyped-def]
    """The four suits' :func:`_shape_code` of the cards in play ``rem`` (Jass)."""
    return _shape_code(ctx, rem, 0), _shape_code(ctx, rem, 1), _shape_code(ctx, rem, 2), _shape_code(ctx, rem, 3)


@njit(inline="always")
def _words_hash(w, seat, flags):  # type: ignore[no-untyped-def]
    """A hash of a shape from its suits' words ``w`` (:func:`_shape_words`, each below 2**23: the trump suit's jack
    flag is bit 22), the leader and the match flags: the words packed into two 64-bit words (no bit lost), each mixed
    once (two multiplications a lookup, where mixing suit by suit took four)."""
    a = w[0] | (w[1] << np.uint64(23)) | (w[2] << np.uint64(46))
    b = (w[2] >> np.uint64(18)) | (w[3] << np.uint64(5)) | (np.uint64(seat * 4 + flags + 1) << np.uint64(28))
    return _mix(a ^ _mix(b))


@njit(inline="always")
def _shape_hash(ctx, rem, seat, flags):  # type: ignore[no-untyped-def]
    """A hash of the shape of a Jass trick boundary: each suit's :func:`_shape_code`, the leader and the match flags."""
    return _words_hash(_shape_words(ctx, rem), seat, flags)


@njit(inline="always")
def _same_shape(ctx, ra, rb):  # type: ignore[no-untyped-def]
    """Whether the cards ``ra`` and ``rb`` in play (Jass, the same deal) have the same shape: suit by suit."""
    return _has_shape(ctx, ra, _shape_words(ctx, rb))


@njit(inline="always")
def _has_shape(ctx, r, w):  # type: ignore[no-untyped-def]
    """Whether the cards ``r`` in play (Jass) have the shape whose suits' words are ``w`` (:func:`_shape_words`)."""
    d = np.uint64(0)
    for s in range(4):
        d |= _shape_code(ctx, r, s) ^ w[s]
    return d == np.uint64(0)


@njit(inline="always")
def _shape_shift(ctx, ra, rb):  # type: ignore[no-untyped-def]
    """How much team 0's value can differ between two Jass positions of the same shape, ``ra`` and ``rb`` (the cards
    in play): the position ``rb`` is worth at most ``up`` more and at least ``down`` less than ``ra``. The map that
    sends each suit's cards of ``ra`` to those of ``rb`` in rank order (the trumps by strength) keeps every card's
    suit, owner and order within its suit, so every line of play is legal in both positions alike and
    each trick goes to the same seat; a line's value moves by the points of the cards team 0 takes, each card by the
    difference of its points and its image's: at most the sum of the rises (``up``), at least minus the sum of the
    falls (``down``), and best play moves by no more."""
    v = ctx[_VARIANT]
    tg = _TRUMP_GROUP[v]
    if tg < 0:  # (each suit holds as many cards in both: pairing in order stays in suits)
        return point_shift(ra, rb, _PTS[v])
    t = _GMASK[v, tg]
    up, down = point_shift(ra & ~t, rb & ~t, _PTS[v])
    sh = np.uint64(9 * tg)
    m = np.uint64(511)
    tu, td = point_shift(_TRUMP_RANK[(ra >> sh) & m], _TRUMP_RANK[(rb >> sh) & m], _TRUMP_RPTS[v])
    return up + tu, down + td


@njit(inline="always")
def _shape_lookup(ctx, rem, seat, flags, lo, hi, base=_SHAPE, bits=SHAPE_BITS):  # type: ignore[no-untyped-def]
    """Jass: the bounds ``lo..hi`` of a trick boundary narrowed by the shape table at ``ctx[base:]`` (``2**bits``
    entries): a position of the same shape met in this solve (:func:`_same_shape`) stored its bounds, and this one's
    lie within them moved by :func:`_shape_shift`. Returns the bounds, that position's best lead as the card of the
    same place here (-1: none) and the shape's hash, for :func:`_shape_store`."""
    w = _shape_words(ctx, rem)
    h = _words_hash(w, seat, flags)
    j = base + 2 * np.int64(h >> np.uint64(64 - bits))
    check = ((h >> np.uint64(20)) << np.uint64(20)) | np.uint64(ctx[_GEN])
    if np.uint64(ctx[j]) != check:
        return lo, hi, np.int64(-1), h
    d = np.uint64(ctx[j + 1])
    rs = d & np.uint64((1 << 36) - 1)
    if (d >> np.uint64(54)) & np.uint64(15) != np.uint64(seat * 4 + flags) or not _has_shape(ctx, rs, w):
        return lo, hi, np.int64(-1), h
    up, down = _shape_shift(ctx, rs, rem)
    slo = np.int64((d >> np.uint64(36)) & np.uint64(511)) - _OFF - down
    shi = np.int64((d >> np.uint64(45)) & np.uint64(511)) - _OFF + up
    move = np.int64(d >> np.uint64(58)) - 1
    if move >= 0:  # its best lead, as the card of the same place in its suit here (the trumps' places by rank)
        s = move // 9
        sh = np.uint64(9 * s)
        bit = np.uint64(1) << np.uint64(move % 9)
        there = (rs >> sh) & np.uint64(511)
        here = (rem >> sh) & np.uint64(511)
        trump = s == _TRUMP_GROUP[ctx[_VARIANT]]
        if trump:
            bit, there, here = _TRUMP_RANK[bit], _TRUMP_RANK[there], _TRUMP_RANK[here]
        place = select_bit(here, popcount(there & (bit - np.uint64(1))))
        move = 9 * s + (_TRUMP_CARD[place] if trump else place)
    return max(lo, slo), min(hi, shi), move, h


@njit(inline="always")
def _shape_store(ctx, rem, seat, flags, lo, hi, move, base=_SHAPE, bits=SHAPE_BITS, h=0):  # type: ignore[no-untyped-def]
    """Jass: keep the proven bounds ``lo..hi`` and the best lead ``move`` (-1: none) of a trick boundary in the shape
    table at ``ctx[base:]`` (``2**bits`` entries), replacing what stood there; ``h``: the shape's hash if the lookup
    gave it, else 0."""
    if ctx[_GAME] != JASS or ctx[_NO_SHAPE]:
        return
    h = np.uint64(h)
    if h == np.uint64(0):  # (no lookup computed it)
        h = _shape_hash(ctx, rem, seat, flags)
    j = base + 2 * np.int64(h >> np.uint64(64 - bits))
    ctx[j] = np.int64(((h >> np.uint64(20)) << np.uint64(20)) | np.uint64(ctx[_GEN]))
    ctx[j + 1] = np.int64(
        rem
        | (np.uint64(lo + _OFF) << np.uint64(36))
        | (np.uint64(hi + _OFF) << np.uint64(45))
        | (np.uint64(seat * 4 + flags) << np.uint64(54))
        | (np.uint64(move + 1) << np.uint64(58))
    )


@njit(inline="always")
def _tt_find(tt, full):  # type: ignore[no-untyped-def]
    """The row holding ``full`` (key and generation), or -1."""
    i = _tt_pair(tt, full & np.uint64(_KEY_MASK))
    if tt[i, 0] == full:
        return i
    if tt[i + 1, 0] == full:
        return i + 1
    return np.int64(-1)


@njit(inline="always")
def _tt_slot(tt, full):  # type: ignore[no-untyped-def]
    """The row to store ``full`` in: its own, else an entry of an earlier solve, else the one of the two with fewer
    cards left (the smaller search to do again)."""
    i = _tt_pair(tt, full & np.uint64(_KEY_MASK))
    if tt[i, 0] == full:
        return i
    if tt[i + 1, 0] == full:
        return i + 1
    gen = full >> np.uint64(_KEY_BITS)
    if tt[i, 0] >> np.uint64(_KEY_BITS) != gen:
        return i
    if tt[i + 1, 0] >> np.uint64(_KEY_BITS) != gen:
        return i + 1
    cards = np.uint64((1 << 36) - 1)
    return i if popcount(tt[i, 0] & cards) < popcount(tt[i + 1, 0] & cards) else i + 1


@njit(inline="always")
def _set_node(buf, p, rem, seat, pos, leadc, led, best, bkey, bseat, tm, flags, opn, alpha, beta):  # type: ignore[no-untyped-def]
    buf[p, _REM] = np.int64(rem)
    buf[p, _SEAT] = seat
    buf[p, _POS] = pos
    buf[p, _LEADC] = leadc
    buf[p, _LED] = led
    buf[p, _BEST] = best
    buf[p, _BKEY] = bkey
    buf[p, _BSEAT] = bseat
    buf[p, _TM] = np.int64(tm)
    buf[p, _FL] = flags
    buf[p, _OPEN] = opn
    buf[p, _AL] = alpha
    buf[p, _BE] = beta


@njit(inline="always")
def _last_trick(ctx, rem, seat, flags):  # type: ignore[no-untyped-def]
    """Jass: team 0's value of the last trick (one card left in each hand), led by ``seat``."""
    s = seat
    wk = np.int64(-2)
    ws = seat
    ld = np.int64(-1)
    for _ in range(ctx[_NPLAY]):
        c = ctz(np.uint64(ctx[_H0 + s]) & rem)
        if ld < 0:
            ld = _suit(ctx, c)
        k = _key(ctx, c, ld)
        if k > wk:
            wk = k
            ws = s
        s = _next_seat(ctx, s)
    gain = _trick_value(ctx, rem, True) if ws & 1 == 0 else np.int64(0)
    return gain + _bonus(ctx, flags | (1 << (ws & 1)))


def _after_first_for(k: int):  # type: ignore[no-untyped-def]
    """The kernel (inlined into its caller) giving team 0's value of an ending with ``k`` (3 to 5) tricks left once its
    first trick is played: ``after_first(ctx, tt, rem, top, tm, tp, ws, flags, a, b)``, the ending's cards ``rem``
    (worth ``top``), the first trick's cards ``tm`` (worth ``tp``) gone to seat ``ws``, the tricks left searched in the
    window ``a..b``. ``k`` is a constant of the kernel, so Numba drops the branches for the other ``k`` before it
    compiles, and only one of the three boundaries is in each ending's code."""

    @njit(inline="always")
    def after_first(ctx, tt, rem, top, tm, tp, ws, flags, a, b):  # type: ignore[no-untyped-def]
        gain = tp if ws & 1 == 0 else np.int64(0)
        f = flags | (1 << (ws & 1))
        if k == 5:
            return gain + _boundary4(ctx, tt, rem & ~tm, top - tp, ws, f, a - gain, b - gain)
        if k == 4:
            return gain + _boundary3(ctx, rem & ~tm, top - tp, ws, f, a - gain, b - gain)
        return gain + _two_known(ctx, rem & ~tm, top - tp, ws, f, a - gain, b - gain)

    return after_first


@njit(inline="always")
def _followers(ctx, rem, leader):  # type: ignore[no-untyped-def]
    """The seats after ``leader`` in a trick, their cards among ``rem``, and whether four seats play."""
    s1 = _next_seat(ctx, leader)
    s2 = _next_seat(ctx, s1)
    s3 = _next_seat(ctx, s2)
    h1 = np.uint64(ctx[_H0 + s1]) & rem
    h2 = np.uint64(ctx[_H0 + s2]) & rem
    h3 = np.uint64(ctx[_H0 + s3]) & rem
    return s1, s2, s3, h1, h2, h3, ctx[_NPLAY] == 4


def _ending_for(k: int):  # type: ignore[no-untyped-def]
    """The Jass ending of ``k`` (3 to 5) tricks: a kernel, inlined into its caller,
    ``ending(ctx, tt, rem, top, leader, flags, alpha, beta, first)`` that gives team 0's value (fail-soft in
    ``alpha..beta``) of a trick boundary with ``k`` tricks left (``top``: the points of its cards) and the best lead
    found: plain alpha-beta over the first trick's lines (at most ``k`` cards a hand), each ending in the two-trick
    ending (:func:`_jass_two`), a three-trick boundary looked up in the three-trick table (``k`` = 4, :func:`_boundary3`) or a
    four-trick boundary looked up in the table and the shape table (``k`` = 5, :func:`_boundary4`). ``k`` is a
    constant of the kernel, so Numba drops the branches for the other ``k`` before it compiles it (an inlined
    function's argument is not pruned: with ``k`` an argument, each of the three kernels carried all three
    boundaries' code and took about six times as long to compile), and no kernel calls itself (its disk cache
    cannot load a kernel that does). The leader tries ``first`` first (-1: none), then the leads no other card can
    take, then the others in the order of :func:`_lead_share` (ties: the weakest card first); a follower tries the
    cards that take the trick first when its side is not winning it (those of the led suit before its trumps), else
    the others first (the cards of most points first: points onto its side's trick), the weakest first within each
    (:func:`_split`, :func:`_first`: in Undenufe the six is the lowest bit and the strongest card; a trump suit's nine
    and jack, its strongest cards, come after its others). Jass always has four seats a trick."""
    after_first = _after_first_for(k)

    @njit(inline="always")
    def ending(ctx, tt, rem, top, leader, flags, alpha, beta, first):  # type: ignore[no-untyped-def]
        s1, s2, s3, h1, h2, h3, _ = _followers(ctx, rem, leader)
        var = ctx[_VARIANT]
        rev = var == _UNDENUFE
        late = _LATE[var]
        one = np.uint64(1)
        worst = np.int64(1 << 20)
        a0, b0 = alpha, beta
        v0 = -worst if leader & 1 == 0 else worst
        m0 = np.uint64(ctx[_H0 + leader]) & rem
        others = rem & ~m0
        tw = _twins(ctx, rem)
        m0 &= ~tw
        f0 = np.uint64(0)
        x = m0
        while x:  # the leads no other card can take first
            c = ctz(x)
            x &= x - one
            if not others & _BEAT[var, _SUIT[var, c], c]:
                f0 |= one << np.uint64(c)
        if first >= 0 and (one << np.uint64(first)) & m0:
            f0 = one << np.uint64(first)
        m0 &= ~f0
        best = np.int64(-1)
        while (f0 | m0) and a0 < b0:
            if f0:
                c0, f0, m0 = _take(f0, m0, rev, late, np.uint64(0), np.uint64(0))
            else:  # the other leads in the order of _lead_share, ties the weakest card first
                c0 = _first(_top_leads(ctx, m0, k), rev, late)
                m0 &= ~(one << np.uint64(c0))
            ctx[_tries_slot(k, c0)] += 1
            led = _suit(ctx, c0)
            k0 = _key(ctx, c0, led)
            p0 = _PTS[var, c0]
            a1, b1 = a0, b0
            v1 = -worst if s1 & 1 == 0 else worst
            f1, g1, p1a, p1b = _split(ctx, _legal(ctx, h1, c0, led, c0) & ~tw, led, c0, False)
            while (f1 | g1) and a1 < b1:
                c1, f1, g1 = _take(f1, g1, rev, late, p1a, p1b)
                k1 = _key(ctx, c1, led)
                w1, wk1, ws1 = (c1, k1, s1) if k1 > k0 else (c0, k0, leader)
                t1 = (one << np.uint64(c0)) | (one << np.uint64(c1))
                p1 = p0 + _PTS[var, c1]
                a2, b2 = a1, b1
                v2 = -worst if s2 & 1 == 0 else worst
                f2, g2, p2a, p2b = _split(ctx, _legal(ctx, h2, c0, led, w1) & ~tw, led, w1, (ws1 & 1) == (s2 & 1))
                while (f2 | g2) and a2 < b2:
                    c2, f2, g2 = _take(f2, g2, rev, late, p2a, p2b)
                    k2 = _key(ctx, c2, led)
                    w2, wk2, ws2 = (c2, k2, s2) if k2 > wk1 else (w1, wk1, ws1)
                    t2 = t1 | (one << np.uint64(c2))
                    p2 = p1 + _PTS[var, c2]
                    a3, b3 = a2, b2
                    v3 = -worst if s3 & 1 == 0 else worst
                    f3, g3, p3a, p3b = _split(ctx, _legal(ctx, h3, c0, led, w2) & ~tw, led, w2, (ws2 & 1) == (s3 & 1))
                    while (f3 | g3) and a3 < b3:
                        c3, f3, g3 = _take(f3, g3, rev, late, p3a, p3b)
                        ws3 = s3 if _key(ctx, c3, led) > wk2 else ws2
                        t3 = t2 | (one << np.uint64(c3))
                        w = after_first(ctx, tt, rem, top, t3, p2 + _PTS[var, c3], ws3, flags, a3, b3)
                        v3, a3, b3 = pick(s3 & 1 == 0, v3, w, a3, b3)
                    v = v3
                    v2, a2, b2 = pick(s2 & 1 == 0, v2, v, a2, b2)
                v1, a1, b1 = pick(s1 & 1 == 0, v1, v2, a1, b1)
            if best < 0 or (v1 > v0 if leader & 1 == 0 else v1 < v0):
                best = c0
            v0, a0, b0 = pick(leader & 1 == 0, v0, v1, a0, b0)
            if a0 >= b0:  # this lead cut off
                ctx[_hist_slot(k, c0)] += 1
        return v0, best

    return ending


_ending3 = _ending_for(3)
_ending4 = _ending_for(4)
_ending5 = _ending_for(5)


# ---------------------------------------------------------------------------
# Euchre's search from a trick boundary on, on its layout: nested loops over each trick's lines, no frames


@njit(inline="always")
def _eu_beaters_first(m, seat, wseat, w):  # type: ignore[no-untyped-def]
    """The next card of ``m`` to try for ``seat`` when ``wseat`` wins the trick so far with ``w``: if that is the
    other side, the cheapest card that beats ``w``, else (and when none does) the lowest card."""
    if (seat ^ wseat) & 1:
        b = m & (_EU_TRUMPS | _eu_group(w)) & ~((np.uint64(2) << np.uint64(w)) - np.uint64(1))
        if b:
            return ctz(b)
    return ctz(m)


@njit(inline="always")
def _eu_follow(h, g, classes):  # type: ignore[no-untyped-def]
    """Euchre: the cards of ``h`` to try on a trick led in group ``g`` (its cards if any, else all; one a class)."""
    return (h & g if h & g else h) & classes


@njit(inline="always")
def _eu_play(m, seat, t, c0, w, ws):  # type: ignore[no-untyped-def]
    """Euchre: ``seat`` plays its next card from ``m`` (:func:`_eu_beaters_first`) to the trick ``t`` led with
    ``c0``, best so far ``w`` of seat ``ws``: the cards left to try, the trick, its best card and that card's seat."""
    c = _eu_beaters_first(m, seat, ws, w)
    bit = np.uint64(1) << np.uint64(c)
    t |= bit
    w = _eu_winner(t, c0)
    return m & ~bit, t, w, seat if w == c else ws


def _eu_tricks_for(k: int):  # type: ignore[no-untyped-def]
    """Euchre's search of ``k`` (2 to 5) tricks from a trick boundary, a kernel inlined into its caller: see
    ``tricks`` within. ``k`` is a constant of the kernel, so Numba drops the branches for the other ``k`` before it
    compiles, and no kernel calls itself (its disk cache cannot load one that does)."""
    after = _eu_after_for(k)

    @njit(inline="always")
    def tricks(ctx, tt, rem, leader, alpha, beta, lead):  # type: ignore[no-untyped-def]
        """Euchre: team 0's tricks (fail-soft in ``alpha..beta``) from a trick boundary with ``k`` tricks left (the
        cards ``rem``, ``leader`` to lead, with the card ``lead`` if not -1): a plain alpha-beta over the lines of the
        first trick, one card of each class of equivalent cards a seat (the leader's strongest first, a follower's
        cheapest card that beats the other side's first), each line going on to the last trick, the two-trick search
        or (four or five tricks) the next trick boundary (``_eu_node_for``)."""
        if alpha >= k:
            return np.int64(k)
        if beta <= 0:
            return np.int64(0)
        s1, s2, s3, h1, h2, h3, four = _followers(ctx, rem, leader)
        if lead < 0:
            m0 = _eu_classes(np.uint64(ctx[_H0 + leader]) & rem, rem)
        else:
            m0 = np.uint64(1) << np.uint64(lead)
        e1, e2, e3 = _eu_classes(h1, rem), _eu_classes(h2, rem), _eu_classes(h3, rem)
        one = np.uint64(1)
        worst = np.int64(1 << 20)
        a0, b0 = alpha, beta
        v0 = -worst if leader & 1 == 0 else worst
        while m0 and a0 < b0:
            c0 = msb(m0)
            m0 &= ~(one << np.uint64(c0))
            g = _eu_group(c0)
            a1, b1 = a0, b0
            v1 = -worst if s1 & 1 == 0 else worst
            m1 = _eu_follow(h1, g, e1)
            while m1 and a1 < b1:
                m1, t1, w1, ws1 = _eu_play(m1, s1, one << np.uint64(c0), c0, c0, leader)
                a2, b2 = a1, b1
                v2 = -worst if s2 & 1 == 0 else worst
                m2 = _eu_follow(h2, g, e2)
                while m2 and a2 < b2:
                    m2, t2, w2, ws2 = _eu_play(m2, s2, t1, c0, w1, ws1)
                    if four:
                        a3, b3 = a2, b2
                        v3 = -worst if s3 & 1 == 0 else worst
                        m3 = _eu_follow(h3, g, e3)
                        while m3 and a3 < b3:
                            m3, t3, _, ws3 = _eu_play(m3, s3, t2, c0, w2, ws2)
                            x = after(ctx, tt, rem & ~t3, ws3, a3, b3)
                            v3, a3, b3 = pick(s3 & 1 == 0, v3, x, a3, b3)
                        v = v3
                    else:
                        v = after(ctx, tt, rem & ~t2, ws2, a2, b2)
                    v2, a2, b2 = pick(s2 & 1 == 0, v2, v, a2, b2)
                v1, a1, b1 = pick(s1 & 1 == 0, v1, v2, a1, b1)
            v0, a0, b0 = pick(leader & 1 == 0, v0, v1, a0, b0)
        return v0

    return tricks


def _eu_after_for(k: int):  # type: ignore[no-untyped-def]
    """Euchre: the kernel (inlined) giving team 0's tricks (fail-soft in ``alpha..beta``) from a trick of the search
    of ``k`` tricks on, once seat ``ws`` took it (``rem``: the cards left): ``after(ctx, tt, rem, ws, alpha, beta)``."""
    node = _eu_node_for(k - 1)

    @njit(inline="always")
    def after(ctx, tt, rem, ws, alpha, beta):  # type: ignore[no-untyped-def]
        gain = np.int64(1) if ws & 1 == 0 else np.int64(0)
        if k == 2:
            return gain + _eu_last(ctx, rem, ws)
        if k == 3:
            return gain + _eu_two(ctx, rem, ws, alpha - gain, beta - gain, -1)
        return gain + node(ctx, tt, rem, ws, alpha - gain, beta - gain)

    return after


def _eu_node_for(k: int):  # type: ignore[no-untyped-def]
    """Euchre: the kernel (inlined) giving team 0's tricks (fail-soft in ``alpha..beta``) from a trick boundary with
    ``k`` (3 or 4; others are never called) tricks left inside the search: ``node(ctx, tt, rem, seat, alpha, beta)``,
    its static bounds and table entry (unless the table is skipped there) first, then its own search, whose proven
    bounds go into the table."""

    @njit(inline="always")
    def node(ctx, tt, rem, seat, alpha, beta):  # type: ignore[no-untyped-def]
        lo, hi = _bounds(ctx, rem, np.uint64(0), 3, 0)
        use = popcount(rem) != ctx[_NO_TT]
        key = _tt_key(ctx, rem, seat, 3)
        if use:
            hit, tlo, thi, _ = _lookup(ctx, tt, key)
            if hit:
                lo, hi = tlo, thi
        done, v, a, b = narrow_window(lo, hi, alpha, beta)
        if done:
            return v
        if k == 3:
            v = _eu_three(ctx, rem, seat, a, b, -1)
        else:
            v = _eu_four(ctx, tt, rem, seat, a, b, -1)
        if use:
            lo, hi = proven_bounds(v, a, b, lo, hi)
            _store(tt, key, ctx[_GEN], lo, hi, -1)
        return v

    return node


_eu_tricks2 = _eu_tricks_for(2)
_eu_tricks3 = _eu_tricks_for(3)
_eu_tricks4 = _eu_tricks_for(4)
_eu_tricks5 = _eu_tricks_for(5)


# one kernel a depth, so that none calls itself
@_no_refcounts
def _eu_two(ctx, rem, leader, alpha, beta, lead):  # type: ignore[no-untyped-def]
    return _eu_tricks2(ctx, None, rem, leader, alpha, beta, lead)


@_no_refcounts
def _eu_three(ctx, rem, leader, alpha, beta, lead):  # type: ignore[no-untyped-def]
    return _eu_tricks3(ctx, None, rem, leader, alpha, beta, lead)


@_no_refcounts
def _eu_four(ctx, tt, rem, leader, alpha, beta, lead):  # type: ignore[no-untyped-def]
    return _eu_tricks4(ctx, tt, rem, leader, alpha, beta, lead)


@_no_refcounts
def _eu_search(ctx, tt, rem, leader, alpha, beta, lead):  # type: ignore[no-untyped-def]
    """Euchre: team 0's tricks (fail-soft in ``alpha..beta``) from a trick boundary (one to five tricks left),
    ``leader`` leading the card ``lead`` (-1: any of its cards)."""
    k = popcount(rem) // ctx[_NPLAY]
    if k <= 1:
        return _eu_last(ctx, rem, leader) if k else np.int64(0)
    if k == 2:
        return _eu_two(ctx, rem, leader, alpha, beta, lead)
    if k == 3:
        return _eu_three(ctx, rem, leader, alpha, beta, lead)
    if k == 4:
        return _eu_four(ctx, tt, rem, leader, alpha, beta, lead)
    return _eu_tricks5(ctx, tt, rem, leader, alpha, beta, lead)


@njit
def euchre_boundary(ctx, tt, rem, leader):  # type: ignore[no-untyped-def]
    """Euchre: team 0's exact tricks from a trick boundary (the cards ``rem``, ``leader`` to lead), one search with
    the whole window."""
    lo, hi = _bounds(ctx, rem, np.uint64(0), 3, 0)
    if lo == hi:
        return lo
    return _eu_search(ctx, tt, rem, leader, lo - 1, hi + 1, np.int64(-1))


@njit
def euchre_values(ctx, tt, rem, leader, out):  # type: ignore[no-untyped-def]
    """Euchre: ``out[c]``, team 0's exact tricks from a trick boundary if the leader leads ``c`` (``-1 << 20`` for
    the cards it does not hold)."""
    out[:] = -1 << 20
    m = np.uint64(ctx[_H0 + leader]) & rem
    lo, hi = _bounds(ctx, rem, np.uint64(0), 3, 0)  # the sure tricks are sure whatever is led
    while m:
        c = ctz(m)
        m &= m - np.uint64(1)
        out[c] = lo if lo == hi else _eu_search(ctx, tt, rem, leader, lo - 1, hi + 1, np.int64(c))


@njit(inline="always")
def _jass_two(ctx, rem, leader, flags, alpha, beta, top):  # type: ignore[no-untyped-def]
    """Jass: team 0's value (fail-soft in ``alpha..beta``) of a trick boundary with two tricks left (``top``: the
    points of its cards), straight off each hand's two cards: a plain alpha-beta over the lines of the first trick
    (the legal cards of each seat in turn), the last trick read off the card each hand keeps (it goes to the card
    that takes it most strongly, led by the first trick's taker)."""
    s1, s2, s3, h1, h2, h3, _ = _followers(ctx, rem, leader)
    h0 = np.uint64(ctx[_H0 + leader]) & rem
    tw = ~_twins(ctx, rem)
    var = ctx[_VARIANT]
    rev = var == _UNDENUFE
    late = _LATE[var]
    one = np.uint64(1)
    worst = np.int64(1 << 20)
    a0, b0 = alpha, beta
    v0 = -worst if leader & 1 == 0 else worst
    m0 = h0 & tw
    while m0 and a0 < b0:
        c0 = _first(m0, rev, late)
        m0 &= ~(one << np.uint64(c0))
        led = _SUIT[var, c0]
        k0 = _KEY[var, led, c0]
        p0 = _PTS[var, c0]
        a1, b1 = a0, b0
        v1 = -worst if s1 & 1 == 0 else worst
        m1 = _legal(ctx, h1, c0, led, c0) & tw
        while m1 and a1 < b1:
            c1 = _first(m1, rev, late)
            m1 &= ~(one << np.uint64(c1))
            k1 = _KEY[var, led, c1]
            w1, wk1, ws1 = (c1, k1, s1) if k1 > k0 else (c0, k0, leader)
            p1 = p0 + _PTS[var, c1]
            a2, b2 = a1, b1
            v2 = -worst if s2 & 1 == 0 else worst
            m2 = _legal(ctx, h2, c0, led, w1) & tw
            while m2 and a2 < b2:
                c2 = _first(m2, rev, late)
                m2 &= ~(one << np.uint64(c2))
                k2 = _KEY[var, led, c2]
                w2, wk2, ws2 = (c2, k2, s2) if k2 > wk1 else (w1, wk1, ws1)
                p2 = p1 + _PTS[var, c2]
                a3, b3 = a2, b2
                v3 = -worst if s3 & 1 == 0 else worst
                m3 = _legal(ctx, h3, c0, led, w2) & tw
                while m3 and a3 < b3:
                    c3 = _first(m3, rev, late)
                    m3 &= ~(one << np.uint64(c3))
                    ws = s3 if _KEY[var, led, c3] > wk2 else ws2
                    first = p2 + _PTS[var, c3]
                    # the last trick: each seat's other card, led by ``ws``
                    d = (
                        h0 & ~(one << np.uint64(c0)),
                        h1 & ~(one << np.uint64(c1)),
                        h2 & ~(one << np.uint64(c2)),
                        h3 & ~(one << np.uint64(c3)),
                    )
                    seats = (leader, s1, s2, s3)
                    lc = np.int64(-1)
                    for j in range(4):
                        if seats[j] == ws:
                            lc = ctz(d[j])
                    led2 = _SUIT[var, lc]
                    wk = np.int64(-1)
                    w2s = ws
                    for j in range(4):
                        kk = _KEY[var, led2, ctz(d[j])]
                        if kk > wk:
                            wk = kk
                            w2s = seats[j]
                    x = np.int64(0)
                    if ws & 1 == 0:
                        x += first
                    if w2s & 1 == 0:
                        x += top - first + 5
                    x += _bonus(ctx, flags | (1 << (ws & 1)) | (1 << (w2s & 1)))
                    v3, a3, b3 = pick(s3 & 1 == 0, v3, x, a3, b3)
                v2, a2, b2 = pick(s2 & 1 == 0, v2, v3, a2, b2)
            v1, a1, b1 = pick(s1 & 1 == 0, v1, v2, a1, b1)
        v0, a0, b0 = pick(leader & 1 == 0, v0, v1, a0, b0)
    return v0


@_no_refcounts
def _two_tricks(ctx, rem, leader, flags, alpha, beta):  # type: ignore[no-untyped-def]
    """Team 0's value (fail-soft in ``alpha..beta``) of a trick boundary with two tricks left: :func:`_jass_two`.
    Euchre has its own: :func:`_eu_tricks_for`."""
    if ctx[_GAME] == EUCHRE:
        return _eu_two(ctx, rem, leader, alpha, beta, -1)
    return _two_known(ctx, rem, _mask_points(ctx, rem), leader, flags, alpha, beta)


@njit(inline="always")
def _cache_slot(ctx, base, bits, rem, leader, flags, words=2):  # type: ignore[no-untyped-def]
    """The key of a Jass trick boundary in a cache of the search's context (the table key's cards, :func:`_tt_cards`,
    the leader, the match flags and the solve's generation; never 0, as cards are in it, and below 2**55) and the index
    of its entry in the cache of ``2**bits`` entries of ``words`` words at ``ctx[base:]``."""
    gen = np.uint64(ctx[_GEN])
    who = (np.uint64(leader) << np.uint64(36)) | (np.uint64(flags) << np.uint64(38))
    key = np.int64(_tt_cards(ctx, rem) | who | (gen << np.uint64(40)))
    return key, base + words * np.int64(_mix(key) >> np.uint64(64 - bits))


@njit(inline="always")
def _two_known(ctx, rem, top, leader, flags, alpha, beta):  # type: ignore[no-untyped-def]
    """Jass's :func:`_two_tricks`, given ``top``, the points of both tricks: the exact value from the two-trick cache,
    else from :func:`_two_new` (and then kept in the cache). Inlined into its callers: only a miss calls a kernel."""
    lo, hi = _jass_range(flags, top)
    done, v, _, _ = narrow_window(lo, hi, alpha, beta)
    if done:  # the window lies outside all the two tricks can give
        return v
    key, j = _cache_slot(ctx, _TWO, TWO_BITS, rem, leader, flags, 1)
    e = np.uint64(ctx[j])
    if e & np.uint64((1 << _TWO_VALUE_AT) - 1) == np.uint64(key):  # met before in this solve: its exact value (a key
        return np.int64(e >> np.uint64(_TWO_VALUE_AT)) - _OFF  # is never 0: eight cards are in it)
    return _two_new(ctx, rem, top, leader, flags, key, j)


@_no_refcounts
def _two_new(ctx, rem, top, leader, flags, key, j):  # type: ignore[no-untyped-def]
    """The exact value of a two-trick ending not in the cache (:func:`_jass_two`), kept in the cache's entry ``j``."""
    lo, hi = _jass_range(flags, top)
    v = _jass_two(ctx, rem, leader, flags, lo - 1, hi + 1, top)
    ctx[j] = np.int64(np.uint64(key) | (np.uint64(v + _OFF) << np.uint64(_TWO_VALUE_AT)))
    return v


@_no_refcounts
def _three_tricks(ctx, rem, leader, flags, alpha, beta):  # type: ignore[no-untyped-def]
    """Team 0's value (fail-soft in ``alpha..beta``) of a trick boundary with three tricks left: see :func:`_ending_for`.
    Euchre has its own: :func:`_eu_tricks_for`."""
    if ctx[_GAME] == EUCHRE:
        return _eu_three(ctx, rem, leader, alpha, beta, -1)
    return _three_known(ctx, rem, _mask_points(ctx, rem), leader, flags, alpha, beta)[0]


@_no_refcounts
def _three_known(ctx, rem, top, leader, flags, alpha, beta, first=-1):  # type: ignore[no-untyped-def]
    """Jass's :func:`_three_tricks`, given ``top``, the points of the three tricks, and its best lead (``first``: the
    lead to try first, -1: none)."""
    return _ending3(ctx, None, rem, top, leader, flags, alpha, beta, first)


@njit(inline="always")
def _table_bounds(ctx, tt, rem, flags, key, top):  # type: ignore[no-untyped-def]
    """A trick boundary's bounds from its table entry (``key``: its table key), else its static bounds (``top``: the
    points of its cards), and the entry's best lead on its cards (-1: none)."""
    hit, lo, hi, move = _lookup(ctx, tt, key)
    if not hit:
        lo, hi = _bounds(ctx, rem, np.uint64(0), flags, top)
        return lo, hi, np.int64(-1)
    return lo, hi, _map_card(ctx, rem, move, False)


@njit(inline="always")
def _boundary3(ctx, rem, top, leader, flags, alpha, beta):  # type: ignore[no-untyped-def]
    """Jass: team 0's value (fail-soft in ``alpha..beta``) of a trick boundary with three tricks left inside a
    four-trick ending: its bounds from the three-trick table (``ctx[_THREE:]``; else its static bounds), narrowed by
    its shape table (``ctx[_SHAPE3:]``, :func:`_shape_lookup`) first, then :func:`_three_known` (the shape table's
    best lead tried first), whose proven bounds go into both tables (``top``: the points of its cards)."""
    lo, hi = _jass_range(flags, top)
    done, v, _, _ = narrow_window(lo, hi, alpha, beta)
    if done:  # the window lies outside all the three tricks can give
        return v
    key, j = _cache_slot(ctx, _THREE, THREE_BITS, rem, leader, flags)
    if ctx[j] == key:
        lo = (ctx[j + 1] & 0xFFFF) - _OFF
        hi = (ctx[j + 1] >> 16) - _OFF
    else:
        lo, hi = _bounds(ctx, rem, np.uint64(0), flags, top)
    done, v, a, b = narrow_window(lo, hi, alpha, beta)
    if done:
        return v
    move = np.int64(-1)
    h = np.uint64(0)
    if not ctx[_NO_SHAPE]:
        lo, hi, move, h = _shape_lookup(ctx, rem, leader, flags, lo, hi, _SHAPE3, SHAPE3_BITS)
        done, v, a, b = narrow_window(lo, hi, alpha, beta)
        if done:
            return v
    v, bm = _three_known(ctx, rem, top, leader, flags, a, b, move)
    lo, hi = proven_bounds(v, a, b, lo, hi)
    ctx[j] = key
    ctx[j + 1] = (lo + _OFF) | ((hi + _OFF) << 16)
    _shape_store(ctx, rem, leader, flags, lo, hi, bm, _SHAPE3, SHAPE3_BITS, h)
    return v


@_no_refcounts
def _four_tricks(ctx, tt, rem, top, leader, flags, alpha, beta, first):  # type: ignore[no-untyped-def]
    """Jass: team 0's value (fail-soft in ``alpha..beta``) of a trick boundary with four tricks left (``top``: the
    points of its cards) and its best lead, ``first`` tried first: see :func:`_ending_for`; the three-trick boundaries
    within keep their bounds in the three-trick table (:func:`_boundary3`)."""
    return _ending4(ctx, tt, rem, top, leader, flags, alpha, beta, first)


@njit(inline="always")
def _boundary4(ctx, tt, rem, top, leader, flags, alpha, beta):  # type: ignore[no-untyped-def]
    """Jass: team 0's value (fail-soft in ``alpha..beta``) of a trick boundary with four tricks left inside a
    five-trick ending: what the table and the shape table know of it (else its static bounds) first, then
    :func:`_four_tricks` (the best lead they know tried first), whose proven bounds and best lead go into both tables
    (``top``: the points of its cards)."""
    lo, hi = _jass_range(flags, top)
    done, v, _, _ = narrow_window(lo, hi, alpha, beta)
    if done:  # the window lies outside all the four tricks can give
        return v
    key = _tt_key(ctx, rem, leader, flags)
    lo, hi, move, h = _boundary_bounds(ctx, tt, rem, leader, flags, key, top, alpha, beta)
    done, v, a, b = narrow_window(lo, hi, alpha, beta)
    if done:
        return v
    v, bm = _four_tricks(ctx, tt, rem, top, leader, flags, a, b, move)
    _boundary_store(ctx, tt, rem, leader, flags, key, v, a, b, lo, hi, bm, h)
    return v


@_no_refcounts
def _five_tricks(ctx, tt, rem, top, leader, flags, alpha, beta, first):  # type: ignore[no-untyped-def]
    """Jass: team 0's value (fail-soft in ``alpha..beta``) of a trick boundary with five tricks left (``top``: the
    points of its cards) and its best lead, ``first`` tried first: see :func:`_ending_for`; the four-trick boundaries
    within keep their entries in the table and the shape table (:func:`_boundary4`)."""
    return _ending5(ctx, tt, rem, top, leader, flags, alpha, beta, first)


@njit(inline="always")
def _boundary_bounds(ctx, tt, rem, seat, flags, key, top, alpha, beta):  # type: ignore[no-untyped-def]
    """What the table (else the static bounds) and, in Jass, the shape table know of a trick boundary (``key``: its
    table key; ``top``: the points of its cards) with the window ``alpha..beta``: its bounds and a lead to try first
    (-1: none): :func:`_table_bounds`, narrowed by the shape table."""
    lo, hi, move = _table_bounds(ctx, tt, rem, flags, key, top)
    h = np.uint64(0)
    if not ctx[_NO_SHAPE] and lo < beta and hi > alpha and lo < hi:
        lo, hi, smove, h = _shape_lookup(ctx, rem, seat, flags, lo, hi)
        if move < 0:
            move = smove
    return lo, hi, move, h


@njit(inline="always")
def _boundary_store(ctx, tt, rem, seat, flags, key, v, alpha, beta, lo, hi, move, h=0):  # type: ignore[no-untyped-def]
    """Keep what a search of a trick boundary (``key``: its table key) in the window ``alpha..beta`` found (its
    fail-soft value ``v``, its best lead ``move``), with the bounds ``lo..hi`` known before, in the table and, in Jass,
    the shape table."""
    lo, hi = proven_bounds(v, alpha, beta, lo, hi)
    _store(tt, key, ctx[_GEN], lo, hi, _map_card(ctx, rem, move, True))
    _shape_store(ctx, rem, seat, flags, lo, hi, move, _SHAPE, SHAPE_BITS, h)


@njit(inline="always")
def _enter(ctx, tt, buf, p):  # type: ignore[no-untyped-def]
    """Open the node of frame ``p``: its value if known at once (``True, value``), else its moves are in ``buf[p]``."""
    ctx[_NODES] += 1
    nplay = ctx[_NPLAY]
    rem = np.uint64(buf[p, _REM])
    seat = buf[p, _SEAT]
    pos = buf[p, _POS]
    flags = buf[p, _FL]
    alpha = buf[p, _AL]
    beta = buf[p, _BE]
    tmask = np.uint64(buf[p, _TM])
    if pos == 0:
        if rem == np.uint64(0):
            return True, _bonus(ctx, flags)
        left = popcount(rem)
        if left == nplay:  # the last trick plays itself
            return True, _last_trick(ctx, rem, seat, flags)
        if left == 2 * nplay:
            return True, _two_known(ctx, rem, buf[p, _OPEN], seat, flags, alpha, beta)
    ttmove = np.int64(-1)
    h = np.uint64(0)
    if pos == 0:  # a trick boundary: the node's bounds go into the table
        key = _tt_key(ctx, rem, seat, flags)
        buf[p, _TKEY] = np.int64(key)
        lo, hi, ttmove, h = _boundary_bounds(ctx, tt, rem, seat, flags, key, buf[p, _OPEN], alpha, beta)
    else:
        lo, hi = _bounds(ctx, rem, tmask, flags, buf[p, _OPEN])
    done, v, alpha, beta = narrow_window(lo, hi, alpha, beta)
    if done:
        return True, v
    if pos == 0 and popcount(rem) <= 5 * nplay:  # an ending's own search, its bounds kept
        bm = np.int64(-1)
        if popcount(rem) == 3 * nplay:
            v = _three_known(ctx, rem, buf[p, _OPEN], seat, flags, alpha, beta)[0]
        elif popcount(rem) == 4 * nplay:
            v, bm = _four_tricks(ctx, tt, rem, buf[p, _OPEN], seat, flags, alpha, beta, ttmove)
        else:
            v, bm = _five_tricks(ctx, tt, rem, buf[p, _OPEN], seat, flags, alpha, beta, ttmove)
        _boundary_store(ctx, tt, rem, seat, flags, np.uint64(buf[p, _TKEY]), v, alpha, beta, lo, hi, bm, h)
        return True, v
    buf[p, _AL] = alpha
    buf[p, _BE] = beta
    buf[p, _A0] = alpha
    buf[p, _B0] = beta
    buf[p, _LO] = lo
    buf[p, _HI] = hi
    hand = np.uint64(ctx[_H0 + seat]) & rem
    legal = _legal(ctx, hand, buf[p, _LEADC], buf[p, _LED], buf[p, _BEST])
    we_win = pos > 0 and (buf[p, _BSEAT] & 1) == (seat & 1)
    # the cards that part equivalent ones: those in the hands and the trick's best card (two cards below it lose the
    # trick alike, whatever else the trick holds)
    sep = rem if pos == 0 else rem | (np.uint64(1) << np.uint64(buf[p, _BEST]))
    n = _moves(ctx, buf, p, hand, legal, sep, buf[p, _LED], buf[p, _BKEY], we_win, ttmove)
    buf[p, _N] = n
    buf[p, _I] = 0
    buf[p, _BV] = np.int64(-1 << 20) if seat & 1 == 0 else np.int64(1 << 20)
    buf[p, _BC] = -1
    # enhanced transposition cutoff: a child position the table already settles ends the node (not before two-trick
    # endings, which are never in the table); in Jass what the shape table knows of it counts too (on 70 bench deals:
    # 8% fewer five-trick endings searched; the CHANGELOG gives the timing)
    if pos + 1 == nplay and popcount(rem) > 2 * nplay + 1:
        bkey = buf[p, _BKEY]
        led = buf[p, _LED]
        for i in range(n):
            c = buf[p, i]
            bit = np.uint64(1) << np.uint64(c)
            ns = seat if _key(ctx, c, led) > bkey else buf[p, _BSEAT]
            r = rem & ~bit
            gain = _trick_value(ctx, tmask | bit, r == np.uint64(0)) if ns & 1 == 0 else np.int64(0)
            nf = flags | (1 << (ns & 1))
            hit, tlo, thi, _ = _lookup(ctx, tt, _tt_key(ctx, r, ns, nf))
            if ctx[_GAME] == JASS and not ctx[_NO_SHAPE]:
                if not hit:
                    tlo, thi = _bounds(ctx, r, np.uint64(0), nf, buf[p, _OPEN] - _mask_points(ctx, tmask | bit))
                tlo, thi, _, _ = _shape_lookup(ctx, r, ns, nf, tlo, thi)
                hit = True
            if hit:
                if seat & 1 == 0:
                    v = gain + tlo
                    if v >= beta:
                        return True, v
                else:
                    v = gain + thi
                    if v <= alpha:
                        return True, v
    return False, np.int64(0)


@njit(inline="always")
def _child(ctx, buf, p, c):  # type: ignore[no-untyped-def]
    """Set frame ``p + 1`` to the node after ``c`` is played at frame ``p``; ``buf[p, _GAIN]``: what the trick gave team 0."""
    rem = np.uint64(buf[p, _REM])
    seat = buf[p, _SEAT]
    pos = buf[p, _POS]
    bit = np.uint64(1) << np.uint64(c)
    r = rem & ~bit
    tm = np.uint64(buf[p, _TM]) | bit
    flags = buf[p, _FL]
    opn = buf[p, _OPEN]
    alpha = buf[p, _AL]
    beta = buf[p, _BE]
    buf[p, _GAIN] = 0
    if pos == 0:
        ctx[_tries_slot(popcount(np.uint64(ctx[_H0 + seat]) & rem), c)] += 1  # a lead tried: count it (_TRIES)
        ld = _suit(ctx, c)
        _set_node(buf, p + 1, r, _next_seat(ctx, seat), 1, c, ld, c, _key(ctx, c, ld), seat, tm, flags, opn, alpha, beta)
        return
    led = buf[p, _LED]
    k = _key(ctx, c, led)
    nb, nk, ns = buf[p, _BEST], buf[p, _BKEY], buf[p, _BSEAT]
    if k > nk:
        nb, nk, ns = c, k, seat
    if pos + 1 == ctx[_NPLAY]:
        tp = _mask_points(ctx, tm)
        gain = np.int64(0)
        if ns & 1 == 0:
            gain = _trick_value(ctx, tm, r == np.uint64(0))
        buf[p, _GAIN] = gain
        nf = flags | (1 << (ns & 1))
        _set_node(buf, p + 1, r, ns, 0, -1, -1, -1, -1, ns, np.uint64(0), nf, opn - tp, alpha - gain, beta - gain)
    else:
        _set_node(buf, p + 1, r, _next_seat(ctx, seat), pos + 1, buf[p, _LEADC], led, nb, nk, ns, tm, flags, opn, alpha, beta)


@njit(inline="always")
def _store(tt, key, gen, lo, hi, move):  # type: ignore[no-untyped-def]
    """Put the bounds ``lo..hi`` and the best lead (-1: none) of the trick-boundary position ``key`` into the table."""
    full = np.uint64(key) | (np.uint64(gen) << np.uint64(_KEY_BITS))
    i = _tt_slot(tt, full)
    tt[i, 0] = full
    tt[i, 1] = np.uint64(lo + _OFF) | (np.uint64(hi + _OFF) << np.uint64(16)) | (np.uint64(move + 1) << np.uint64(32))


@njit(inline="always")
def _tt_key(ctx, rem, seat, flags):  # type: ignore[no-untyped-def]
    """The table key of the trick boundary where ``seat`` leads with the cards ``rem`` in the hands and the match
    flags ``flags`` (Jass: equivalent cards merged, :func:`_tt_cards`)."""
    return _tt_cards(ctx, rem) | (np.uint64(seat) << np.uint64(40)) | (np.uint64(flags) << np.uint64(42))


@njit(inline="always")
def _lookup(ctx, tt, key):  # type: ignore[no-untyped-def]
    """The entry of ``key`` in this solve (see :func:`_store`): ``(True, lo, hi, best lead)`` or ``(False, ...)``."""
    i = _tt_find(tt, key | (np.uint64(ctx[_GEN]) << np.uint64(_KEY_BITS)))
    if i < 0:
        return False, np.int64(0), np.int64(0), np.int64(-1)
    d = tt[i, 1]
    lo = np.int64(d & np.uint64(0xFFFF)) - _OFF
    hi = np.int64((d >> np.uint64(16)) & np.uint64(0xFFFF)) - _OFF
    return True, lo, hi, np.int64(d >> np.uint64(32)) - 1


@njit(inline="always")
def _finish(ctx, tt, buf, p):  # type: ignore[no-untyped-def]
    """Close frame ``p``: store its bounds in the table (at a trick boundary) and return its value."""
    bestv = buf[p, _BV]
    if buf[p, _POS] == 0:
        _boundary_store(ctx, tt, np.uint64(buf[p, _REM]), buf[p, _SEAT], buf[p, _FL], np.uint64(buf[p, _TKEY]), bestv,
                        buf[p, _A0], buf[p, _B0], buf[p, _LO], buf[p, _HI], buf[p, _BC])  # fmt: skip
    return bestv


@_no_refcounts
def search(ctx, tt, buf, alpha, beta):  # type: ignore[no-untyped-def]
    """Fail-soft alpha-beta from the node in frame 0 of ``buf`` (set by :func:`_set_node`): team 0's value from
    that node on (the current trick included). Iterative: the frames of ``buf`` are the stack.
    """
    buf[0, _AL] = alpha
    buf[0, _BE] = beta
    p = 0
    done, v = _enter(ctx, tt, buf, p)
    while True:
        if not done:
            i = buf[p, _I]
            if i < buf[p, _N]:
                buf[p, _I] = i + 1
                _child(ctx, buf, p, buf[p, i])
                p += 1
                done, v = _enter(ctx, tt, buf, p)
                continue
            v = _finish(ctx, tt, buf, p)
        if p == 0:
            return v
        p -= 1
        v += buf[p, _GAIN]
        if buf[p, _SEAT] & 1 == 0:
            if v > buf[p, _BV]:
                buf[p, _BV] = v
                buf[p, _BC] = buf[p, buf[p, _I] - 1]
                if v > buf[p, _AL]:
                    buf[p, _AL] = v
        elif v < buf[p, _BV]:
            buf[p, _BV] = v
            buf[p, _BC] = buf[p, buf[p, _I] - 1]
            if v < buf[p, _BE]:
                buf[p, _BE] = v
        if buf[p, _AL] >= buf[p, _BE]:
            if buf[p, _POS] == 0:  # a lead cut off: count it (_HIST)
                k = popcount(np.uint64(buf[p, _REM]) & np.uint64(ctx[_H0 + buf[p, _SEAT]]))
                ctx[_hist_slot(k, buf[p, _BC])] += 1
            v = _finish(ctx, tt, buf, p)
            done = True
        else:
            done = False


@njit
def exact(ctx, tt, buf, lo, hi, guess=NO_GUESS):  # type: ignore[no-untyped-def]
    """Team 0's exact value of the node in frame 0 of ``buf``, known to lie in ``lo..hi``: in Jass a zero-window
    probe at each end of the range first (:func:`_ends`), then, given a ``guess`` of the value, probes from it
    (:func:`_from_guess`), then zero-window probes halving what is left (:func:`halve`)."""
    if hi - lo <= _FULL_WINDOW:  # a small range (Euchre's tricks): one search with the whole window
        return search(ctx, tt, buf, lo - 1, hi + 1)
    node = buf[0, _F:].copy()
    if ctx[_GAME] == JASS:
        done, lo, hi = _ends(ctx, tt, buf, node, lo, hi)
        if done:
            return lo
        if guess != NO_GUESS and lo < hi:
            lo, hi = _from_guess(ctx, tt, buf, node, lo, hi, guess)
    return halve(ctx, tt, buf, node, lo, hi)


@njit
def _from_guess(ctx, tt, buf, node, lo, hi, guess):  # type: ignore[no-untyped-def]
    """The range ``lo..hi`` (``lo < hi``) of the node ``node`` (frame 0's fields) narrowed by zero-window probes
    from ``guess``: the first there, then away from it, in the direction the first went, by steps doubling from
    :data:`_GALLOP` points, until one goes the other way or the range ends. A probe costs most near the value, and
    halving a range of a hundred points spends several probes on the way there; from a good guess the first probes
    land near the value at once (the CHANGELOG gives what the fitted guess saves)."""
    m = min(max(guess, lo + 1), hi)
    buf[0, _F:] = node
    g = search(ctx, tt, buf, m - 1, m)
    up = g >= m
    if up:
        lo = g
    else:
        hi = g
    step = np.int64(_GALLOP)
    while lo < hi:
        m = lo + step + 1 if up else hi - step
        if m <= lo or m > hi:
            break
        buf[0, _F:] = node
        g = search(ctx, tt, buf, m - 1, m)
        if g >= m:
            lo = g
            if not up:
                break
        else:
            hi = g
            if up:
                break
        step *= 2
    return lo, hi


@njit(inline="always")
def guess_features(contract, h0, h1, h2, h3, leader, out):  # type: ignore[no-untyped-def]
    """Fill ``out`` (:data:`GUESS_FEATURES` floats) with what :data:`_GUESS_W` weighs in a Jass deal of the contract
    ``contract`` (0..5) and the four hands' masks, ``leader`` to lead: for each card role (the trump suit's nine ranks,
    then the other suits' nine ranks added up; without trumps, the four suits' ranks added up) +1 if team 0 holds it,
    -1 if team 1; +1 or -1 for the leader's team; team 0's longest trump hand less team 1's; and 1 (the constant)."""
    out[:] = 0.0
    hands = (np.uint64(h0), np.uint64(h1), np.uint64(h2), np.uint64(h3))
    longest = np.zeros(2, dtype=np.int64)
    for s in range(4):
        sign = 1.0 if s & 1 == 0 else -1.0
        m = hands[s]
        while m:
            c = ctz(m)
            m &= m - np.uint64(1)
            side = contract < 4 and c // 9 != contract
            out[c % 9 + (9 if side else 0)] += sign
        if contract < 4:
            longest[s & 1] = max(longest[s & 1], popcount((hands[s] >> np.uint64(9 * contract)) & np.uint64(511)))
    out[18] = 1.0 if leader & 1 == 0 else -1.0
    out[19] = longest[0] - longest[1]
    out[20] = 1.0


@njit(inline="always")
def jass_guess(contract, h0, h1, h2, h3, leader):  # type: ignore[no-untyped-def]
    """A guess of team 0's value of a whole Jass deal (:data:`_GUESS_W` times :func:`guess_features`), in points."""
    f = np.empty(GUESS_FEATURES, dtype=np.float64)
    guess_features(contract, h0, h1, h2, h3, leader, f)
    w = _GUESS_W[0 if contract < 4 else contract - 3]
    x = 0.0
    for k in range(GUESS_FEATURES):
        x += w[k] * f[k]
    return np.int64(np.round(x))


@njit
def _ends(ctx, tt, buf, node, lo, hi):  # type: ignore[no-untyped-def]
    """Jass: a probe at each end of the range ``lo..hi`` of the node ``node`` (frame 0's fields): at the least while
    it is team 1's match (``-_MB``), then at the most (team 0's match while the bounds leave it possible):
    ``(True, value, value)`` if one settles the value, else ``(False, lo, hi)`` narrowed by them. Nearly a fifth of
    random deals end in a match (53 of the first 300 bench deals), and proving one takes a probe of forced play
    where the halving approaches it with probes in the middle of the range, each as costly as a whole proof: on
    those 300 deals a match deal's median time went from 17 to 3 ms, the deals' median from 108 to 98 ms, the
    other deals' times unchanged (own script, 2026-11-29)."""
    if lo == -_MB:
        buf[0, _F:] = node
        g = search(ctx, tt, buf, lo, lo + 1)
        if g <= lo:
            return True, lo, lo
        lo = g
    if lo < hi:
        buf[0, _F:] = node
        g = search(ctx, tt, buf, hi - 1, hi)
        if g >= hi:
            return True, hi, hi
        hi = g
    return lo >= hi, lo, hi


@njit
def halve(ctx, tt, buf, node, lo, hi):  # type: ignore[no-untyped-def]
    """Team 0's exact value of the node ``node`` (frame 0's fields), known to lie in ``lo..hi``: zero-window probes
    halving the range."""
    while lo < hi:
        mid = (lo + hi + 1) // 2
        buf[0, _F:] = node
        g = search(ctx, tt, buf, mid - 1, mid)
        if g >= mid:
            lo = g
        else:
            hi = g
    return lo


@njit
def solve_boundary(ctx, tt, buf, rem, leader, flags):  # type: ignore[no-untyped-def]
    """Team 0's exact future value of a position at a trick boundary (``flags``: the match flags, 3 in Euchre)."""
    opn = _mask_points(ctx, rem)
    _set_node(buf, 0, rem, leader, 0, -1, -1, -1, -1, leader, np.uint64(0), flags, opn, 0, 0)
    lo, hi = _bounds(ctx, rem, np.uint64(0), flags, opn)
    guess = NO_GUESS
    if ctx[_GAME] == JASS and popcount(rem) == 36:  # a whole deal: start the probes at a guess of its value
        guess = jass_guess(ctx[_TRUMP], ctx[_H0], ctx[_H0 + 1], ctx[_H0 + 2], ctx[_H0 + 3], leader)
    return exact(ctx, tt, buf, lo, hi, guess)


@njit
def card_values(ctx, tt, buf, rem, leader, flags, out, root=NO_GUESS):  # type: ignore[no-untyped-def]
    """``out[c]``: team 0's exact future value if the leader leads ``c`` (``-1 << 20`` for cards not legal). ``root``:
    the position's own value, if known: no lead gives the leader's side more, so it bounds each lead's value, and the
    probe at that end of the range settles a best lead."""
    out[:] = -1 << 20
    hand = np.uint64(ctx[_H0 + leader]) & rem
    legal = _legal(ctx, hand, -1, -1, -1)
    opn = _mask_points(ctx, rem)
    m = legal
    while m:
        c = ctz(m)
        m &= m - np.uint64(1)
        _set_node(buf, 1, rem, leader, 0, -1, -1, -1, -1, leader, np.uint64(0), flags, opn, 0, 0)
        _child(ctx, buf, 1, c)
        buf[0, _F:] = buf[2, _F:]
        lo, hi = _bounds(ctx, rem, np.uint64(0), flags, opn)
        guess = NO_GUESS
        if root != NO_GUESS and leader & 1 == 0:  # team 0 leads: at most the root's value (probed by _ends)
            hi = min(hi, root)
        elif root != NO_GUESS:  # team 1 leads: at least the root's value; the probes from the guess start just above
            lo = max(lo, root)
            guess = lo + 1
        out[c] = exact(ctx, tt, buf, lo, hi, guess)


def needs_compile(game: int, values: bool) -> bool:
    """Whether the next Euchre or Jass solve (``values``: with the value of each lead) compiles its kernels first: a
    minute or two of one core with an empty kernel cache, once per install (:func:`bitcards._jit.cold`)."""
    if game == EUCHRE:
        return cold(euchre_boundary, *([euchre_values] if values else []))
    return cold(solve_boundary, *([card_values] if values else []))


def new_buf() -> np.ndarray:
    """The scratch of one search: move lists and the explicit stack."""
    return np.zeros((_BUF_ROWS, _BUF_COLS), dtype=np.int64)


# ---------------------------------------------------------------------------
# the Python side shared by the Euchre and Jass solvers


def check_hands(hands: object, game: str, max_cards: int, out: int = -1) -> list[int]:
    """The four hands as ``int`` masks, checked: four of them, no card twice, equal sizes of 1..``max_cards``.

    Seat ``out`` (a Euchre partner of a player going alone) sits out: its hand may be empty
    or of the same size, and is not played. Raises :class:`~bitcards.errors.PositionError`.
    """
    from bitcards.cardset import CardSet
    from bitcards.errors import InvalidCardsError, PositionError
    from bitcards.layouts import get_layout
    from bitcards.notation import format_card, parse_mask

    layout = get_layout(game)

    def as_mask(cards: object, what: str) -> int:
        if isinstance(cards, CardSet):
            if cards.layout is not layout:
                raise InvalidCardsError(f"{what}: a {cards.layout.name} card set is not a {game} hand")
            return cards.mask
        if isinstance(cards, (int, np.integer)) and not isinstance(cards, bool):
            m = int(cards)
            if m < 0 or m & ~layout.mask_all:
                raise InvalidCardsError(f"{what}: mask {m:#x} has bits outside the {game} deck (0..{layout.n_cards - 1})")
            return m
        if isinstance(cards, (str, list, tuple)):
            return parse_mask(cards, layout)
        raise TypeError(f"{what} must be a CardSet, a mask or card text, not {type(cards).__name__}")

    seq = list(hands) if isinstance(hands, (list, tuple, np.ndarray)) else []
    if len(seq) != 4:
        raise PositionError("give the four hands, as a list of four card sets (seats 0 to 3)")
    masks = [as_mask(h, f"hand {i}") for i, h in enumerate(seq)]
    seen = 0
    for i, m in enumerate(masks):
        both = seen & m
        if both:
            card = format_card((both & -both).bit_length() - 1, game)
            raise PositionError(f"card {card} is in two hands (again in hand {i})")
        seen |= m
    sizes = [m.bit_count() for m in masks]
    playing = [s for i, s in enumerate(sizes) if i != out]
    if out >= 0 and sizes[out] not in (0, playing[0]):
        raise PositionError(
            f"hand {out} sits out (its partner plays alone): give it empty or as large as the others, not {sizes[out]} cards"
        )
    if len(set(playing)) != 1:
        raise PositionError("hands of unequal size: " + ", ".join(str(s) for s in sizes) + " cards")
    if playing[0] == 0:
        raise PositionError("the hands are empty: the game is over")
    if playing[0] > max_cards:
        raise PositionError(f"a {game.capitalize()} hand holds at most {max_cards} cards, not {playing[0]}")
    if out >= 0:
        masks[out] = 0
    return masks


def check_seat(value: object, what: str) -> int:
    """A seat number 0..3, or a :class:`~bitcards.errors.PositionError` naming ``what``."""
    from bitcards.errors import PositionError

    if isinstance(value, (int, np.integer)) and not isinstance(value, bool) and 0 <= int(value) <= 3:
        return int(value)
    raise PositionError(f"{what} must be a seat 0, 1, 2 or 3, not {value!r}")


def solve_position(
    game: int,
    variant: int,
    masks: list[int],
    leader: int,
    out: int,
    flags: int,
    table: np.ndarray | None,
    bits: int,
    values: bool,
) -> tuple[int, dict[str, int]]:
    """Team 0's exact value of a checked position at a trick boundary, and (with ``values``) team 0's value after
    each legal lead of ``leader`` by card text. ``table``: one from :func:`new_table` of ``2**bits`` entries, or None."""
    from bitcards.notation import format_card

    tt = new_table(bits) if table is None else table
    if not isinstance(tt, np.ndarray) or tt.dtype != np.uint64 or tt.shape != ((1 << bits) + 1, 2):
        raise TypeError("table must come from the same game's solver new_table()")
    ctx = make_ctx(game, variant, out, *masks)
    next_generation(ctx, tt)
    rem = np.uint64(0)
    for s in range(4):
        rem |= np.uint64(ctx[_H0 + s])
    buf = new_buf()
    if game == EUCHRE:
        ours = int(euchre_boundary(ctx, tt, rem, np.int64(leader)))
    else:
        ours = int(solve_boundary(ctx, tt, buf, rem, np.int64(leader), np.int64(flags)))
    vals: dict[str, int] = {}
    if values:
        out_v = np.zeros(36, dtype=np.int64)
        if game == EUCHRE:
            euchre_values(ctx, tt, rem, np.int64(leader), out_v)
        else:
            card_values(ctx, tt, buf, rem, np.int64(leader), np.int64(flags), out_v, np.int64(ours))
        name = "euchre" if game == EUCHRE else "jass"
        cards = np.flatnonzero(out_v > -1 << 20).tolist()
        if game == EUCHRE:  # back from the search's layout
            cards = sorted(_EUCHRE_PERM[variant].tolist().index(c) for c in cards)
        vals = {format_card(c, name): int(out_v[_EUCHRE_PERM[variant, c] if game == EUCHRE else c]) for c in cards}
    return ours, vals


@njit(inline="always")
def _set_row(ctx, tt, game, hands, variants, outs, i):  # type: ignore[no-untyped-def]
    """Set the search context to row ``i`` (its hands, variant and the seat left out) for a new solve; return the cards
    in the hands."""
    o = outs[i]
    h = hands[i]
    set_ctx(ctx, game, variants[i], o, h[0], h[1], h[2], h[3])
    if o >= 0:
        ctx[_H0 + o] = 0
    next_generation(ctx, tt)
    rem = np.uint64(0)
    for s in range(4):
        rem |= np.uint64(ctx[_H0 + s])
    return rem


def _jass_rows_kernel(bits, hands, variants, leaders, outs, flags, result):  # type: ignore[no-untyped-def]
    n = hands.shape[0]
    for blk in numba.prange(blocks(n)):
        lo, hi = block_rows(blk, n)
        tt = np.zeros(((1 << bits) + 1, 2), dtype=np.uint64)
        buf = np.zeros((_BUF_ROWS, _BUF_COLS), dtype=np.int64)
        ctx = np.zeros(ctx_len(JASS), dtype=np.int64)
        for i in range(lo, hi):
            rem = _set_row(ctx, tt, JASS, hands, variants, outs, i)
            result[i] = solve_boundary(ctx, tt, buf, rem, leaders[i], flags[i])


def _euchre_rows_kernel(bits, hands, variants, leaders, outs, flags, result):  # type: ignore[no-untyped-def]
    n = hands.shape[0]
    for blk in numba.prange(blocks(n)):
        lo, hi = block_rows(blk, n)
        tt = np.zeros(((1 << bits) + 1, 2), dtype=np.uint64)
        ctx = np.zeros(ctx_len(EUCHRE), dtype=np.int64)
        for i in range(lo, hi):
            rem = _set_row(ctx, tt, EUCHRE, hands, variants, outs, i)
            ctx[_NO_TT] = popcount(rem) - ctx[_NPLAY]  # each position after the first trick comes from one line only
            result[i] = euchre_boundary(ctx, tt, rem, leaders[i])


_jass_rows = BatchKernel(_jass_rows_kernel)
_euchre_rows = BatchKernel(_euchre_rows_kernel)


def solve_rows(
    game: int, bits: int, hands: np.ndarray, variants: np.ndarray, leaders: np.ndarray, outs: np.ndarray, flags: np.ndarray
) -> np.ndarray:
    """Team 0's exact value of each checked row (``uint64`` hands ``(n, 4)``, ``int64`` columns), one table of
    ``2**bits`` entries per block of rows; every answer is exact, so results do not depend on the thread count."""
    n = hands.shape[0]
    tables = min(blocks(n), max(1, numba.get_num_threads()))
    per = ((1 << bits) + 1) * 16 + int(ctx_len(game)) * 8  # a table and a search context
    check_memory(tables * per, "solver transposition tables", "use fewer threads")
    result = np.zeros(n, dtype=np.int64)
    rows = _euchre_rows if game == EUCHRE else _jass_rows
    rows(n, np.int64(bits), hands, variants, leaders, outs, flags, result)
    return result


@dataclass(frozen=True)
class OpenHandResult:
    """What the Euchre and Jass solvers share: ``to_move``, the seat to lead, and ``values``: for each legal
    card of that seat (text), what *its* side takes if it leads that card (higher is better);
    :attr:`best` and :attr:`losses` read them."""

    to_move: int
    values: dict[str, int] = field(default_factory=dict)

    @property
    def best(self) -> list[str]:
        """The best leads for the side to move."""
        return best_and_losses(self.values)[0]

    @property
    def losses(self) -> dict[str, int]:
        """What each legal lead loses against the best one (0 for a best card)."""
        return best_and_losses(self.values)[1]


def best_and_losses(values: dict[str, int]) -> tuple[list[str], dict[str, int]]:
    """The best cards (highest value) and what each card loses against them."""
    if not values:
        return [], {}
    top = max(values.values())
    return [c for c, v in values.items() if v == top], {c: top - v for c, v in values.items()}


def column(v: object, n: int, what: str, lo: int, hi: int) -> np.ndarray:
    """One value or one per row, as an ``int64`` column of ``n`` checked to lie in ``lo..hi``."""
    from bitcards.errors import InvalidCardsError

    a = np.asarray(v)
    if a.dtype.kind not in "iu":
        raise TypeError(f"{what} must be integers, not dtype {a.dtype}")
    try:
        a = np.broadcast_to(a, (n,))
    except ValueError:
        raise InvalidCardsError(f"{what} has shape {a.shape}, expected ({n},) or one value") from None
    bad = np.flatnonzero((a < lo) | (a > hi))
    if bad.size:
        i = int(bad[0])
        raise InvalidCardsError(f"row {i}: {what} {int(a[i])} is not {lo}..{hi}", row=i)
    return np.ascontiguousarray(a.astype(np.int64))


def popcounts(a: np.ndarray) -> np.ndarray:
    """The number of cards in each mask of ``a``, as ``int64``."""
    from bitcards.batch import popcount

    return np.asarray(popcount(a), dtype=np.int64)
