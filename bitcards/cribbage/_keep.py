"""The expected hand of a kept four from a table of rank points: the fast discard of whole-game playouts.

A hand's score over the starters splits into a part that sees only ranks
(pairs, runs, fifteens) and one that sees suits (flush, nobs). The rank part of
four kept ranks with a starter of rank ``r`` is tabulated once
(:data:`RANK_TABLE`: 1,820 multisets of four ranks x 13 starter ranks, built
with :func:`bitcards.cribbage._rules.rank_points`, so no rule is written twice);
over the starters a player has not seen it is weighted by how many of each rank
are left. The suit part is counted from how many unseen cards each suit has.
:func:`keep_total` equals :func:`bitcards.cribbage._hoist.starter_stats`' sum
(checked in the tests) at a fraction of the cost, without any array of its own
(a six's best keep takes about 100 ns).

The table is stored in :mod:`bitcards.cribbage._rank_table` (so importing the
engine compiles nothing); the tests rebuild it from the rule and compare.
"""

from __future__ import annotations

import base64
import zlib

import numpy as np

from bitcards._bits import ctz, popcount
from bitcards._jit import njit
from bitcards.cribbage import _rules

#: C(n, k) for n < 20, k <= 4
_BINOM = np.array([[0 if k > n else int(np.prod(range(n - k + 1, n + 1)) // np.prod(range(1, k + 1))) for k in range(5)]
                   for n in range(20)], dtype=np.int64)  # fmt: skip
N_MULTISETS = 1820


@njit(inline="always")
def multiset_index(r0, r1, r2, r3):  # type: ignore[no-untyped-def]
    """Index 0..1819 of four ranks ``r0 <= r1 <= r2 <= r3``."""
    return _BINOM[r0, 1] + _BINOM[r1 + 1, 2] + _BINOM[r2 + 2, 3] + _BINOM[r3 + 3, 4]


@njit
def _build(out):  # type: ignore[no-untyped-def]
    one = np.uint64(1)
    for r0 in range(13):
        for r1 in range(r0, 13):
            for r2 in range(r1, 13):
                for r3 in range(r2, 13):
                    idx = multiset_index(r0, r1, r2, r3)
                    for r in range(13):
                        # the kept cards in suits 0..3, the starter in the first suit free at its rank
                        w0 = one << np.uint64(r0)
                        w1 = one << np.uint64(r1)
                        w2 = one << np.uint64(r2)
                        w3 = one << np.uint64(r3)
                        b = one << np.uint64(r)
                        if not w0 & b:
                            w0 |= b
                        elif not w1 & b:
                            w1 |= b
                        elif not w2 & b:
                            w2 |= b
                        elif not w3 & b:
                            w3 |= b
                        else:
                            out[idx, r] = 0  # four of the rank are kept: no such starter
                            continue
                        out[idx, r] = _rules.rank_points(w0, w1, w2, w3)


def _table() -> np.ndarray:
    """The table built from the rule (compiles :func:`_build`)."""
    out = np.zeros((N_MULTISETS, 13), dtype=np.int8)
    _build(out)
    return out


def _stored() -> np.ndarray:
    from bitcards.cribbage._rank_table import DATA

    return np.frombuffer(zlib.decompress(base64.b64decode(DATA)), dtype=np.int8).reshape(N_MULTISETS, 13).copy()


def _source(table: np.ndarray) -> str:
    """The text of :mod:`bitcards.cribbage._rank_table` for ``table``."""
    from bitcards.cribbage import _rank_table

    b = base64.b64encode(zlib.compress(table.astype(np.int8).tobytes(), 9)).decode()
    head = (_rank_table.__doc__ or "").strip()
    body = "".join(f'    "{b[i : i + 100]}"\n' for i in range(0, len(b), 100))
    return f'"""{head.removeprefix(chr(34) * 3).removesuffix(chr(34) * 3)}\n"""\n\nDATA = (\n{body})\n'


RANK_TABLE = _stored()


#: the sum of each row of :data:`RANK_TABLE` (the rank points over one starter of each rank)
ROW_SUM = RANK_TABLE.astype(np.int64).sum(axis=1)
_SUIT = np.uint64(0x1FFF)


@njit(inline="always")
def keep_total(keep, six):  # type: ignore[no-untyped-def]
    """The kept four's hand score summed over the 46 starters unseen by the holder of ``six`` (``keep`` within it).

    Rank part: each starter rank ``r`` counts as often as there are unseen cards of
    that rank, ``4 - (cards of rank r in six)``, so the sum is four times the
    table row's sum less the row's entry for each card of the six. Suit part: a
    flush of the four scores 4 with every starter and 1 more with each unseen
    card of its suit; each kept jack scores 1 (nobs) with each unseen card of its suit.
    """
    m = np.uint64(six)
    x = np.uint64(keep)
    b0 = ctz(x)
    x &= x - np.uint64(1)
    b1 = ctz(x)
    x &= x - np.uint64(1)
    b2 = ctz(x)
    x &= x - np.uint64(1)
    b3 = ctz(x)
    a, b, c, d = b0 % 13, b1 % 13, b2 % 13, b3 % 13
    # sort four ranks (five compare-exchanges)
    if a > b:
        a, b = b, a
    if c > d:
        c, d = d, c
    if a > c:
        a, c = c, a
    if b > d:
        b, d = d, b
    if b > c:
        b, c = c, b
    row = multiset_index(a, b, c, d)
    total = 4 * ROW_SUM[row]
    y = m
    while y:
        total -= RANK_TABLE[row, ctz(y) % 13]
        y &= y - np.uint64(1)
    s0 = b0 // 13
    if b3 // 13 == s0:  # bits ascend, so one suit: first and last agree
        total += 4 * 46 + 13 - popcount((m >> np.uint64(13 * s0)) & _SUIT)
    for bb in (b0, b1, b2, b3):
        if bb % 13 == _rules.JACK:
            total += 13 - popcount((m >> np.uint64(13 * (bb // 13))) & _SUIT)
    return total


@njit(inline="always")
def best_keep(six):  # type: ignore[no-untyped-def]
    """``(keep, total)``: the four of ``six`` with the highest hand total over the 46 unseen starters (the first
    of equals, pairs thrown in bit order)."""
    m = np.uint64(six)
    x = m
    one = np.uint64(1)
    c0 = x & (~x + one)
    x ^= c0
    c1 = x & (~x + one)
    x ^= c1
    c2 = x & (~x + one)
    x ^= c2
    c3 = x & (~x + one)
    x ^= c3
    c4 = x & (~x + one)
    bits = (c0, c1, c2, c3, c4, x ^ c4)
    best = np.uint64(0)
    best_t = -1
    for i in range(6):
        for j in range(i + 1, 6):
            keep = m ^ bits[i] ^ bits[j]
            t = keep_total(keep, m)
            if t > best_t:
                best = keep
                best_t = t
    return best, best_t


if __name__ == "__main__":  # regenerate the stored table from the rule
    import pathlib

    pathlib.Path(__file__).with_name("_rank_table.py").write_text(_source(_table()))
