"""The open-hand (perfect-information) search shared by the Euchre and Jass solvers.

Four seats in two teams (team 0 = seats 0 and 2, team 1 = seats 1 and 3), tricks of four
cards (three when a Euchre player goes alone: the seat in ``ctx[_SKIP]`` sits out). The
search value is what team 0 takes *from the node on*: tricks (Euchre) or card points with
the last trick's bonus (Jass); team 0 maximises, team 1 minimises. The game's rules come
from its own module, never written again here: the legal cards are Euchre's ``_legal_plays``
and Jass's ``legal_mask``; the tables of what takes a trick and the card points are read at
import from Euchre's ``_effective_suit`` and ``_card_strength`` and Jass's ``card_key`` and
``POINTS`` (plain Python, so importing compiles nothing).

* **Alpha-beta**, fail-soft, recursive over card masks; the exact value comes from
  zero-window probes that halve the range left (MTD-style: each probe's fail-soft result
  narrows the bounds).
* **Transposition table** at trick boundaries: ``(2**bits, 2)`` ``uint64`` entries (16
  bytes each): the key (the mask of cards still in the hands and the leader; the hands
  are fixed by the deal, so this is the whole position) with a generation stamp, and a
  lower and an upper bound on team 0's future value plus the best lead found. A new solve
  bumps the generation, so the table never needs clearing. Always replace.
* **Move ordering**: the table's best lead first; then cards that win the trick for the
  side that is not winning it (cheapest winner first), smearing points onto a partner's
  trick, cheap discards.
* **Equivalent cards**: two legal cards of one hand that are next to each other in their
  suit's order among the cards still in play (cards of earlier tricks are gone; cards of
  the current trick count as in play) and carry the same card points are one move.
"""

from __future__ import annotations

import numpy as np

from bitcards._bits import ctz, popcount
from bitcards._jit import njit
from bitcards.euchre.rules import _card_strength, _effective_suit, _legal_plays
from bitcards.jass.rules import POINTS, card_key, legal_mask

EUCHRE = 0
JASS = 1

# ctx slots (an int64 array per search)
_GAME, _TRUMP, _SKIP, _GEN, _H0, _NODES, _NPLAY, _VARIANT = 0, 1, 2, 3, 4, 8, 9, 10
_CTX_LEN = 11

#: the search calls itself, and Numba cannot load a recursive function from its on-disk cache (numba
#: issue 6061: the cached code calls a null pointer), so the search and every kernel that calls it compile
#: in memory, once per process
NO_CACHE = False

#: rows of the move buffer: one per card played (36) and a spare
_BUF_ROWS = 40
_BUF_COLS = 32  # 0..15 moves, 16..31 their ordering scores

#: value ranges up to this wide are solved by one full-window search, wider ones by zero-window probes
_FULL_WINDOW = 5
_KEY_BITS = 42  # key: 36 card bits, leader at bits 40..41; the generation above
_KEY_MASK = (1 << _KEY_BITS) - 1
_GEN_LIMIT = 1 << 20


def _key_tables() -> tuple[np.ndarray, np.ndarray]:
    """Per variant (Euchre trump 0..3, then Jass contract 0..5 as 4..9), read from the rules:
    ``suit[v, c]`` the suit a card counts as (Euchre's left bower: trump), and ``key[v, led, c]``
    how strongly ``c`` takes a trick led in suit ``led`` (-1: it cannot)."""
    eff, strg, ckey = (getattr(f, "py_func", f) for f in (_effective_suit, _card_strength, card_key))
    suit = np.zeros((10, 36), dtype=np.int64)
    key = np.full((10, 4, 36), -1, dtype=np.int64)
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
    return suit, key


_SUIT, _KEY = _key_tables()


def _variant_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per variant: the cards grouped by the suit they count as, strongest first (``order``, with
    ``gstart``/``gend`` per suit and ``gmask``), and each card's points (``pts``; 0 in Euchre, where
    a trick is a trick)."""
    order = np.full((10, 36), -1, dtype=np.int64)
    gstart = np.zeros((10, 4), dtype=np.int64)
    gend = np.zeros((10, 4), dtype=np.int64)
    gmask = np.zeros((10, 4), dtype=np.uint64)
    pts = np.zeros((10, 36), dtype=np.int64)
    for v in range(10):
        cards = range(24 if v < 4 else 36)
        if v >= 4:
            pts[v, : len(cards)] = POINTS[(v - 4) * 36 : (v - 3) * 36]
        i = 0
        for s in range(4):
            gstart[v, s] = i
            for c in sorted((c for c in cards if _SUIT[v, c] == s), key=lambda c: -_KEY[v, s, c]):
                order[v, i] = c
                gmask[v, s] |= np.uint64(1 << c)
                i += 1
            gend[v, s] = i
    return order, gstart, gend, gmask, pts


_ORDER, _GSTART, _GEND, _GMASK, _PTS = _variant_tables()


@njit
def make_ctx(game, trump, skip, h0, h1, h2, h3):  # type: ignore[no-untyped-def]
    """A search context: the game (:data:`EUCHRE` or :data:`JASS`), its trump/contract, the
    seat sitting out (-1: none) and the four hands' masks."""
    ctx = np.zeros(_CTX_LEN, dtype=np.int64)
    ctx[_GAME] = game
    ctx[_TRUMP] = trump
    ctx[_SKIP] = skip
    ctx[_H0] = h0
    ctx[_H0 + 1] = h1
    ctx[_H0 + 2] = h2
    ctx[_H0 + 3] = h3
    ctx[_NPLAY] = 4 if skip < 0 else 3
    ctx[_VARIANT] = trump if game == EUCHRE else 4 + trump
    return ctx


def new_table(bits: int) -> np.ndarray:
    """A transposition table of ``2**bits`` entries (16 bytes each) and its generation counter (row 0)."""
    return np.zeros(((1 << bits) + 1, 2), dtype=np.uint64)


@njit
def next_generation(ctx, tt):  # type: ignore[no-untyped-def]
    """Start a new solve on ``tt``: entries of earlier solves no longer match."""
    g = tt[0, 0] + np.uint64(1)
    if g >= np.uint64(_GEN_LIMIT):
        tt[:, :] = np.uint64(0)
        g = np.uint64(1)
    tt[0, 0] = g
    ctx[_GEN] = np.int64(g)


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
        return _legal_plays(hand, lead_card, ctx[_TRUMP])
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


@njit
def future_max(ctx, rem, tmask):  # type: ignore[no-untyped-def]
    """The most the tricks from here can be worth: the cards in the hands and in the current trick."""
    if ctx[_GAME] == EUCHRE:
        return (popcount(rem) + popcount(tmask)) // ctx[_NPLAY]
    return _mask_points(ctx, rem | tmask) + 5


@njit
def _moves(ctx, buf, ply, hand, legal, inplay, led, bestkey, we_win, ttmove):  # type: ignore[no-untyped-def]
    """Fill ``buf[ply]`` with one legal card per class of equivalent cards, best first; return how many."""
    v = ctx[_VARIANT]
    n = 0
    for g in range(4):
        if not legal & _GMASK[v, g]:
            continue
        prev_mine = False
        prev_pts = np.int64(-1)
        for i in range(_GSTART[v, g], _GEND[v, g]):
            c = _ORDER[v, i]
            bit = np.uint64(1) << np.uint64(c)
            if not inplay & bit:
                continue
            if not legal & bit:
                prev_mine = False
                continue
            p = _PTS[v, c]
            if prev_mine and p == prev_pts:
                continue  # equivalent to the card just above it
            prev_mine = True
            prev_pts = p
            if c == ttmove:
                sc = np.int64(1 << 20)
            elif led < 0:
                sc = _key(ctx, c, _suit(ctx, c)) * 4 + p
            else:
                k = _key(ctx, c, led)
                if k > bestkey:
                    sc = (100 - k) * 4 + p if not we_win else 200 + p - k
                else:
                    sc = 300 + p if we_win else 300 - p * 4 - k
            j = n
            while j > 0 and buf[ply, 16 + j - 1] < sc:
                buf[ply, j] = buf[ply, j - 1]
                buf[ply, 16 + j] = buf[ply, 16 + j - 1]
                j -= 1
            buf[ply, j] = c
            buf[ply, 16 + j] = sc
            n += 1
    return n


@njit
def _tt_index(key, n):  # type: ignore[no-untyped-def]
    h = (np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(40)
    return np.int64(h & np.uint64(n - 1)) + 1


@njit(cache=NO_CACHE)
def search(ctx, tt, buf, ply, rem, seat, pos, lead_card, led, best, bestkey, bestseat, tmask, alpha, beta):  # type: ignore[no-untyped-def]
    """Fail-soft alpha-beta: team 0's value from this node on (the current trick included).

    ``seat`` is to play the ``pos``-th card of the trick (``lead_card``, ``led`` its suit,
    ``best``/``bestkey``/``bestseat`` the card winning it so far, ``tmask`` its cards).
    """
    ctx[_NODES] += 1
    nplay = ctx[_NPLAY]
    ttidx = np.int64(-1)
    ttmove = np.int64(-1)
    key = np.uint64(0)
    lo = np.int64(0)
    hi = np.int64(0)
    if pos == 0:
        if rem == np.uint64(0):
            return np.int64(0)
        if popcount(rem) == nplay:  # the last trick plays itself
            s = seat
            wk = np.int64(-2)
            ws = seat
            ld = np.int64(-1)
            for _ in range(nplay):
                c = ctz(np.uint64(ctx[_H0 + s]) & rem)
                if ld < 0:
                    ld = _suit(ctx, c)
                k = _key(ctx, c, ld)
                if k > wk:
                    wk = k
                    ws = s
                s = _next_seat(ctx, s)
            return _trick_value(ctx, rem, True) if ws & 1 == 0 else np.int64(0)
        key = rem | (np.uint64(seat) << np.uint64(40))
        ntt = tt.shape[0] - 1
        ttidx = _tt_index(key, ntt)
        hi = future_max(ctx, rem, np.uint64(0))
        if tt[ttidx, 0] == key | (np.uint64(ctx[_GEN]) << np.uint64(_KEY_BITS)):
            d = tt[ttidx, 1]
            lo = np.int64(d & np.uint64(0xFF))
            hi = np.int64((d >> np.uint64(8)) & np.uint64(0xFF))
            ttmove = np.int64(d >> np.uint64(16)) - 1
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        if lo > alpha:
            alpha = lo
        if hi < beta:
            beta = hi
    a0 = alpha
    b0 = beta
    hand = np.uint64(ctx[_H0 + seat]) & rem
    legal = _legal(ctx, hand, lead_card, led, best)
    we_win = pos > 0 and (bestseat & 1) == (seat & 1)
    n = _moves(ctx, buf, ply, hand, legal, rem | tmask, led, bestkey, we_win, ttmove)
    maxnode = seat & 1 == 0
    bestv = np.int64(-1) if maxnode else np.int64(1 << 20)
    bestc = np.int64(-1)
    for i in range(n):
        c = buf[ply, i]
        bit = np.uint64(1) << np.uint64(c)
        r = rem & ~bit
        tm = tmask | bit
        if pos == 0:
            ld = _suit(ctx, c)
            k = _key(ctx, c, ld)
            v = search(ctx, tt, buf, ply + 1, r, _next_seat(ctx, seat), 1, c, ld, c, k, seat, tm, alpha, beta)
        else:
            k = _key(ctx, c, led)
            nb, nk, ns = best, bestkey, bestseat
            if k > bestkey:
                nb, nk, ns = c, k, seat
            if pos + 1 == nplay:
                gain = _trick_value(ctx, tm, r == np.uint64(0)) if ns & 1 == 0 else np.int64(0)
                v = gain + search(ctx, tt, buf, ply + 1, r, ns, 0, -1, -1, -1, -1, ns, np.uint64(0), alpha - gain, beta - gain)
            else:
                v = search(ctx, tt, buf, ply + 1, r, _next_seat(ctx, seat), pos + 1, lead_card, led, nb, nk, ns, tm, alpha, beta)
        if maxnode:
            if v > bestv:
                bestv = v
                bestc = c
                if v > alpha:
                    alpha = v
        else:
            if v < bestv:
                bestv = v
                bestc = c
                if v < beta:
                    beta = v
        if alpha >= beta:
            break
    if ttidx >= 0:
        if bestv <= a0:
            if bestv < hi:
                hi = bestv
        elif bestv >= b0:
            if bestv > lo:
                lo = bestv
        else:
            lo = bestv
            hi = bestv
        tt[ttidx, 0] = key | (np.uint64(ctx[_GEN]) << np.uint64(_KEY_BITS))
        tt[ttidx, 1] = np.uint64(lo) | (np.uint64(hi) << np.uint64(8)) | (np.uint64(bestc + 1) << np.uint64(16))
    return bestv


@njit(cache=NO_CACHE)
def exact(ctx, tt, buf, rem, seat, pos, lead_card, led, best, bestkey, bestseat, tmask, lo, hi):  # type: ignore[no-untyped-def]
    """Team 0's exact value from a node, known to lie in ``lo..hi``: zero-window probes halving the range."""
    if hi - lo <= _FULL_WINDOW:  # a small range (Euchre's tricks): one search with the whole window
        return search(ctx, tt, buf, 0, rem, seat, pos, lead_card, led, best, bestkey, bestseat, tmask, lo - 1, hi + 1)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        g = search(ctx, tt, buf, 0, rem, seat, pos, lead_card, led, best, bestkey, bestseat, tmask, mid - 1, mid)
        if g >= mid:
            lo = g
        else:
            hi = g
    return lo


@njit(cache=NO_CACHE)
def solve_boundary(ctx, tt, buf, rem, leader):  # type: ignore[no-untyped-def]
    """Team 0's exact future value of a position at a trick boundary."""
    return exact(
        ctx, tt, buf, rem, leader, 0, -1, -1, -1, -1, leader, np.uint64(0), np.int64(0), future_max(ctx, rem, np.uint64(0))
    )


@njit(cache=NO_CACHE)
def card_values(ctx, tt, buf, rem, leader, out):  # type: ignore[no-untyped-def]
    """``out[c]``: team 0's exact future value if the leader leads ``c`` (-1 for cards not legal)."""
    out[:] = -1
    hand = np.uint64(ctx[_H0 + leader]) & rem
    legal = _legal(ctx, hand, -1, -1, -1)
    top = future_max(ctx, rem, np.uint64(0))
    m = legal
    while m:
        c = ctz(m)
        m &= m - np.uint64(1)
        bit = np.uint64(1) << np.uint64(c)
        ld = _suit(ctx, c)
        k = _key(ctx, c, ld)
        out[c] = exact(ctx, tt, buf, rem & ~bit, _next_seat(ctx, leader), 1, c, ld, c, k, leader, bit, np.int64(0), top)


def new_buf() -> np.ndarray:
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


def card_values_dict(ctx: np.ndarray, tt: np.ndarray, rem: int, leader: int, game: str, total: int) -> dict[str, int]:
    """The value of each legal lead for the leader's side (team 0's value, or ``total`` minus it for team 1)."""
    from bitcards.notation import format_card

    out = np.zeros(36, dtype=np.int64)
    card_values(ctx, tt, new_buf(), np.uint64(rem), np.int64(leader), out)
    vals = {}
    for c in np.flatnonzero(out >= 0).tolist():
        v = int(out[c])
        vals[format_card(c, game)] = v if leader % 2 == 0 else total - v
    return vals


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
    return np.vectorize(lambda x: int(x).bit_count(), otypes=[np.int64])(a) if a.size else np.zeros(a.shape, np.int64)
