"""The cribbage scoring rules as small ``@njit`` functions on integer masks.

FRENCH layout: bit = suit * 13 + rank, ranks A 2 .. 9 T J Q K (0..12), suits
D H S C (0..3). Every scorer in bitcards (scalar, bulk, discard advice,
exhaustive distribution) is built from these functions; nothing else encodes
the rules.

Formulation:

* a 5-card set is held as four 13-bit **suit words** ``w0..w3``;
* **pairs**: a pair is a rank held in two suits ``i < j``, i.e. a bit of
  ``wi & wj``; the six intersections are packed into three words (three popcounts);
* **runs**: ``R = w0 | w1 | w2 | w3`` is the set of ranks; :data:`RUN_OF_WORD`
  maps it to the ranks of its longest run of 3+ consecutive ranks (found with
  ``R & R>>1 & R>>2`` ...). Five cards hold at most one such run. Its
  multiplicity (product of the rank counts inside it) follows from the number
  ``p`` of pairs inside the run: p = 0, 1, 2, 3 -> 1, 2, 4 (two pairs), 3 (three
  of a kind);
* **fifteens**: the subset-sum polynomial ``prod(1 + x^v)`` with one 4-bit
  field per exponent 0..15 of a ``uint64``; multiplying by ``1 + x^v`` is
  ``P + (P << 4v)``; exponents above 15 fall off the top and never feed lower
  ones. The coefficient of ``x^15`` (bits 60..63) counts the fifteens. The
  polynomial of each 13-bit suit word is tabulated (:data:`POLY_OF_WORD`) and the
  four are multiplied as plain integers (Kronecker substitution: with no field
  above 15 no carry crosses a field). No field overflows: for five cards no
  exponent <= 15 has more than 8 subsets (the worst is A A A A 2: eight subsets
  sum to 3), checked exactly against subset enumeration in the tests;
* **flush** and **nobs** depend only on the held mask and the starter's suit.

Under ``NUMBA_DISABLE_JIT=1`` these run as Python on NumPy scalars.
"""

from __future__ import annotations

import numpy as np

from bitcards._bits import ctz, popcount
from bitcards._jit import njit

N_RANKS = 13
RANK_WORD = 0x1FFF
JACK = 10
#: highest possible score (5 5 5 J + 5 of the jack's suit)
MAX_SCORE = 29
#: ``(0x3421 >> 4p) & 15``: run multiplicity for p pairs inside the run
_MULT = 0x3421


@njit
def suit_words(mask):  # type: ignore[no-untyped-def]
    """The four 13-bit suit words of a FRENCH mask."""
    m = np.uint64(mask)
    rw = np.uint64(RANK_WORD)
    return m & rw, (m >> np.uint64(13)) & rw, (m >> np.uint64(26)) & rw, (m >> np.uint64(39)) & rw


#: a 13-bit word repeated at bits 0, 13, 26 (x3) and 0, 13 (x2) by multiplication
_REP3 = 1 | 1 << 13 | 1 << 26
_REP2 = 1 | 1 << 13


@njit
def suit_pairs(w0, w1, w2, w3):  # type: ignore[no-untyped-def]
    """The six intersections ``wi & wj`` (i < j), packed in three words; each set bit is one pair.

    ``a`` holds w0&w1, w0&w2, w0&w3 at bits 0, 13, 26; ``b`` holds w1&w2, w1&w3; ``c`` is w2&w3.
    """
    a = (w0 * np.uint64(_REP3)) & (w1 | (w2 << np.uint64(13)) | (w3 << np.uint64(26)))
    b = (w1 * np.uint64(_REP2)) & (w2 | (w3 << np.uint64(13)))
    return a, b, w2 & w3


@njit
def pair_points(w0, w1, w2, w3):  # type: ignore[no-untyped-def]
    """2 per pair of equal ranks."""
    a, b, c = suit_pairs(w0, w1, w2, w3)
    return 2 * (popcount(a) + popcount(b) + popcount(c))


def _run_of_word(r: int) -> int:
    """Ranks of the longest (then lowest) run of 3+ consecutive ranks in a 13-bit rank set, or 0."""
    best = 0
    length = 0
    for start in range(13):
        n = 0
        while start + n < 13 and r >> (start + n) & 1:
            n += 1
        if n >= 3 and n > length:
            best, length = ((1 << n) - 1) << start, n
    return best


#: rank set (13 bits) -> ranks of its longest run of three or more, 0 if none
RUN_OF_WORD = np.array([_run_of_word(r) for r in range(1 << 13)], dtype=np.uint64)


@njit
def run_points(w0, w1, w2, w3):  # type: ignore[no-untyped-def]
    """Length x number of distinct longest runs (3, 4 or 5 ranks) among at most five cards."""
    run = RUN_OF_WORD[w0 | w1 | w2 | w3]
    a, b, c = suit_pairs(w0, w1, w2, w3)
    p = popcount(a & (run * np.uint64(_REP3))) + popcount(b & (run * np.uint64(_REP2))) + popcount(c & run)
    return popcount(run) * ((_MULT >> (4 * p)) & 15)


@njit
def card_value(rank):  # type: ignore[no-untyped-def]
    """Counting value of a rank index: ace 1 .. 9, ten and faces 10."""
    return min(rank + 1, 10)


@njit
def poly_add(poly, value):  # type: ignore[no-untyped-def]
    """Multiply the packed subset-sum polynomial by ``1 + x^value``."""
    p = np.uint64(poly)
    return p + (p << np.uint64(4 * value))


def _poly_table() -> np.ndarray:
    """:data:`POLY_OF_WORD`, built with the same ``P + (P << 4v)`` step as :func:`poly_add`."""
    words = np.arange(1 << 13, dtype=np.uint64)
    poly = np.ones(1 << 13, dtype=np.uint64)
    for r in range(13):
        has = ((words >> np.uint64(r)) & np.uint64(1)).astype(bool)
        poly = np.where(has, poly + (poly << np.uint64(4 * min(r + 1, 10))), poly)
    return poly


#: suit word (13 bits) -> subset-sum polynomial of its cards (4-bit fields, exponents 0..15)
POLY_OF_WORD = _poly_table()


@njit
def poly_of_words(w0, w1, w2, w3):  # type: ignore[no-untyped-def]
    """The subset-sum polynomial of a card set given as suit words: the product of the suits' polynomials."""
    return POLY_OF_WORD[w0] * POLY_OF_WORD[w1] * POLY_OF_WORD[w2] * POLY_OF_WORD[w3]


@njit
def fifteen_points(poly):  # type: ignore[no-untyped-def]
    """2 per subset summing to 15: the x^15 field of the polynomial."""
    return 2 * np.int64((np.uint64(poly) >> np.uint64(60)) & np.uint64(15))


@njit
def flush_points(hand, starter_suit, crib):  # type: ignore[no-untyped-def]
    """4 for four held cards (``hand`` holds four) of one suit, 5 if the starter matches; crib: only the 5."""
    h = np.uint64(hand)
    s0 = ctz(h) // N_RANKS
    if popcount((h >> np.uint64(13 * s0)) & np.uint64(RANK_WORD)) != 4:
        return 0
    if s0 == starter_suit:
        return 5
    return 0 if crib else 4


@njit
def nobs_points(hand, starter_suit):  # type: ignore[no-untyped-def]
    """1 for the held jack of the starter's suit."""
    return np.int64((np.uint64(hand) >> np.uint64(13 * starter_suit + JACK)) & np.uint64(1))


@njit
def rank_points(w0, w1, w2, w3):  # type: ignore[no-untyped-def]
    """Pairs + runs + fifteens of the five cards: the part that ignores suits."""
    return pair_points(w0, w1, w2, w3) + run_points(w0, w1, w2, w3) + fifteen_points(poly_of_words(w0, w1, w2, w3))


@njit
def suit_points(hand, starter_suit, crib):  # type: ignore[no-untyped-def]
    """Flush + nobs: the part that depends on suits."""
    return flush_points(hand, starter_suit, crib) + nobs_points(hand, starter_suit)


@njit
def score5(hand, starter_bit, crib):  # type: ignore[no-untyped-def]
    """Score of 4 held cards (mask) and the starter (bit index)."""
    h = np.uint64(hand)
    w0, w1, w2, w3 = suit_words(h | (np.uint64(1) << np.uint64(starter_bit)))
    return rank_points(w0, w1, w2, w3) + suit_points(h, starter_bit // N_RANKS, crib)


@njit
def add_rank(w0, w1, w2, w3, suit, rank):  # type: ignore[no-untyped-def]
    """Suit words with card (suit, rank) added."""
    b = np.uint64(1) << np.uint64(rank)
    if suit == 0:
        w0 = w0 | b
    elif suit == 1:
        w1 = w1 | b
    elif suit == 2:
        w2 = w2 | b
    else:
        w3 = w3 | b
    return w0, w1, w2, w3


@njit
def hand_rank_points(hw0, hw1, hw2, hw3, hpoly, suit, rank):  # type: ignore[no-untyped-def]
    """:func:`rank_points` of a 4-card hand plus starter (suit, rank), with the hand's polynomial hoisted.

    Same rules as :func:`rank_points` (the fifteens reuse the hand's
    polynomial and multiply in only the starter).
    """
    w0, w1, w2, w3 = add_rank(hw0, hw1, hw2, hw3, suit, rank)
    return pair_points(w0, w1, w2, w3) + run_points(w0, w1, w2, w3) + fifteen_points(poly_add(hpoly, card_value(rank)))
