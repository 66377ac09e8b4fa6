"""Exact statistics over all C(32,10) = 64,512,240 ten-card Skat hands, enumerated inside a kernel.

The hands are split into a fixed number of chunks (independent of the thread count).
Each chunk starts at its first hand by colex unranking and walks on with Gosper's hack
(the next mask with the same number of bits), counting into its own histogram row; the
rows are summed at the end, so the result is exact and deterministic.

>>> N_HANDS
64512240
>>> d = bid_distribution_of([unrank_colex(r) for r in range(0, N_HANDS, 9_999_991)])
>>> d.total, d.passes + sum(d.by_value().values()) == d.total
(7, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numba
import numpy as np

from bitcards._bits import ctz
from bitcards._jit import njit, warmup_task
from bitcards.batch import as_masks
from bitcards.batch import popcount as _pc
from bitcards.layouts import SUIT_NAMES
from bitcards.skat.bid import bid_rule, bid_values
from bitcards.skat.value import max_bid_rule

__all__ = ["BidDistribution", "bid_distribution", "bid_distribution_of", "max_bid_distribution", "N_HANDS", "unrank_colex"]

#: number of 10-card hands
N_HANDS = math.comb(32, 10)
#: histogram bins: row * 4 + (jack factor - 2), row = the trump suit (0..3) or PASS_ROW for a pass
PASS_ROW = 4
N_BINS = 20
N_CHUNKS = 256

_BINOM = np.array([[math.comb(n, k) for k in range(11)] for n in range(33)], dtype=np.int64)


@njit
def _unrank_colex(rank, k, binom):  # type: ignore[no-untyped-def]
    """The ``rank``-th k-subset of 0..31 in colex order, as a mask."""
    m = np.uint64(0)
    r = np.int64(rank)
    c = np.int64(31)
    for i in range(k, 0, -1):
        while binom[c, i] > r:
            c -= 1
        r -= binom[c, i]
        m |= np.uint64(1) << np.uint64(c)
        c -= 1
    return m


@njit
def _next_same_popcount(x):  # type: ignore[no-untyped-def]
    """Gosper's hack: the next larger mask with as many bits as ``x``."""
    low = x & (~x + np.uint64(1))
    r = x + low
    return (((r ^ x) >> np.uint64(2)) >> np.uint64(ctz(x))) | r


@njit
def _bin(m):  # type: ignore[no-untyped-def]
    v, s, jf = bid_rule(m)
    return (PASS_ROW if v == 0 else s) * 4 + jf - 2


#: what :func:`_exhaustive_kernel` counts: the simple bid value's bin, or the highest game value "if won simply"
BY_BID_BIN = 0
BY_MAX_BID = 1


@njit
def _code(m, what):  # type: ignore[no-untyped-def]
    if what == BY_MAX_BID:
        return max_bid_rule(m)[0]
    return _bin(m)


@njit(parallel=True)
def _exhaustive_kernel(total, k, n_chunks, binom, hist, what=BY_BID_BIN):  # type: ignore[no-untyped-def]
    """Histogram (``what``: by the bid-value bins, or by the highest bid) of the colex ranks ``0 .. total-1``, one row per chunk.

    Each chunk unranks its first hand, then walks with Gosper's hack. The walk is a serial
    chain, the rule is not: masks are generated into a small buffer, the rule runs over the
    buffer in a vectorisable loop, and four interleaved counter rows take the increments
    (no store-to-load chain when the same bin repeats, as "pass" does).
    """
    block = 512
    for ch in numba.prange(n_chunks):
        start = total * ch // n_chunks
        stop = total * (ch + 1) // n_chunks
        m = _unrank_colex(start, k, binom)
        buf = np.empty(block, dtype=np.uint64)
        codes = np.empty(block, dtype=np.int64)
        n_bins = hist.shape[1]
        local = np.zeros((4, n_bins), dtype=np.int64)
        done = start
        while done < stop:
            cnt = min(block, stop - done)
            for j in range(cnt):
                buf[j] = m
                m = _next_same_popcount(m)
            for j in range(cnt):
                codes[j] = _code(buf[j], what)
            j = 0
            while j + 3 < cnt:
                local[0, codes[j]] += 1
                local[1, codes[j + 1]] += 1
                local[2, codes[j + 2]] += 1
                local[3, codes[j + 3]] += 1
                j += 4
            while j < cnt:
                local[0, codes[j]] += 1
                j += 1
            done += cnt
        for b in range(n_bins):
            hist[ch, b] = local[0, b] + local[1, b] + local[2, b] + local[3, b]


@njit(parallel=True)
def _masks_hist_kernel(masks, n_chunks, hist):  # type: ignore[no-untyped-def]
    n = masks.shape[0]
    for ch in numba.prange(n_chunks):
        for i in range(n * ch // n_chunks, n * (ch + 1) // n_chunks):
            hist[ch, _bin(masks[i])] += 1


def unrank_colex(rank: int, k: int = 10) -> int:
    """The ``rank``-th ``k``-card hand in colex order (rank 0 = the lowest ``k`` bits).

    >>> unrank_colex(0), unrank_colex(1), bin(unrank_colex(N_HANDS - 1)).count("1")
    (1023, 1535, 10)
    """
    if not 0 <= rank < math.comb(32, k):
        raise ValueError(f"rank {rank} is outside 0..C(32,{k})-1")
    return int(_unrank_colex(np.int64(rank), np.int64(k), _BINOM))


@dataclass(frozen=True)
class BidDistribution:
    """How many hands get each simple bid value.

    ``counts[suit, jack_factor]`` (shape ``(4, 6)``, jack factors 2..5 used) counts the hands
    that play ``suit`` with that factor; ``passes_by_jack_factor[jf]`` (shape ``(6,)``) the
    hands that pass, by their jack factor; ``total`` all hands.
    """

    counts: np.ndarray
    passes_by_jack_factor: np.ndarray
    total: int
    exhaustive: bool = field(default=True)

    @classmethod
    def from_hist(cls, hist: np.ndarray, exhaustive: bool) -> BidDistribution:
        h = np.asarray(hist, dtype=np.int64).sum(axis=0).reshape(5, 4)
        counts = np.zeros((4, 6), dtype=np.int64)
        counts[:, 2:] = h[:4]
        passes = np.zeros(6, dtype=np.int64)
        passes[2:] = h[PASS_ROW]
        return cls(counts, passes, int(h.sum()), exhaustive)

    def __add__(self, other: BidDistribution) -> BidDistribution:
        """The table of both sets of hands together (e.g. a sample taken in chunks).

        >>> from bitcards.deal import deal
        >>> d = deal(300, "skat", seed=1)[:, 0]
        >>> (bid_distribution_of(d[:100]) + bid_distribution_of(d[100:])).to_dict() == bid_distribution_of(d).to_dict()
        True
        """
        return BidDistribution(
            self.counts + other.counts,
            self.passes_by_jack_factor + other.passes_by_jack_factor,
            self.total + other.total,
            exhaustive=False,
        )

    @property
    def passes(self) -> int:
        """Hands that pass."""
        return int(self.passes_by_jack_factor.sum())

    def jack_factor_counts(self) -> dict[int, int]:
        """Hands per jack factor (2..5), playing or not."""
        tot = self.counts.sum(axis=0) + self.passes_by_jack_factor
        return {jf: int(tot[jf]) for jf in range(2, 6)}

    def by_value(self) -> dict[int, int]:
        """Hands per bid value (ascending; values reached by two suits are merged)."""
        out: dict[int, int] = {}
        for s in range(4):
            for jf in range(2, 6):
                c = int(self.counts[s, jf])
                if c:
                    out[(9 + s) * jf] = out.get((9 + s) * jf, 0) + c
        return dict(sorted(out.items()))

    def rows(self) -> list[tuple[int, str, int, int, float]]:
        """``(value, suit name, jack factor, hands, fraction)`` for each game with hands, then ``(0, "pass", 0, ...)``."""
        rows = []
        for s in range(3, -1, -1):
            for jf in range(2, 6):
                c = int(self.counts[s, jf])
                rows.append(((9 + s) * jf, SUIT_NAMES[s], jf, c, c / self.total if self.total else 0.0))
        rows.sort(key=lambda r: (-r[0], r[1]))
        rows.append((0, "pass", 0, self.passes, self.passes / self.total if self.total else 0.0))
        return rows

    def to_dict(self) -> dict[str, object]:
        return {
            "total": self.total,
            "exhaustive": self.exhaustive,
            "passes": self.passes,
            "games": [
                {"value": v, "suit": name.lower(), "jack_factor": jf, "hands": c, "fraction": f}
                for v, name, jf, c, f in self.rows()
                if name != "pass"
            ],
        }

    def format(self) -> str:
        """A text table with percentages."""
        kind = "all" if self.exhaustive else "sampled"
        lines = [
            f"simple bid value over {kind} {self.total:,} ten-card hands",
            f"{'value':>5}  {'suit':<8} {'jf':>2}  {'hands':>12}  {'%':>9}",
        ]
        for v, name, jf, c, f in self.rows():
            if name == "pass":
                lines.append(f"{'pass':>5}  {'':<8} {'':>2}  {c:>12,}  {100 * f:>8.4f}%")
            elif c:
                lines.append(f"{v:>5}  {name:<8} {jf:>2}  {c:>12,}  {100 * f:>8.4f}%")
        played = self.total - self.passes
        lines.append(f"{'play':>5}  {'':<8} {'':>2}  {played:>12,}  {100 * played / max(self.total, 1):>8.4f}%")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.format()


def bid_distribution(n_chunks: int = N_CHUNKS, *, limit: int | None = None) -> BidDistribution:
    """The exact distribution of the simple bid value over all C(32,10) ten-card hands.

    Enumerated in a parallel kernel; the counts do not depend on the thread count or ``n_chunks``.
    ``limit`` enumerates only the first ``limit`` hands in colex order (for tests and benchmarks).

    >>> bid_distribution(limit=1000).total
    1000
    """
    if n_chunks < 1:
        raise ValueError("n_chunks must be >= 1")
    total = N_HANDS if limit is None else int(limit)
    if not 0 <= total <= N_HANDS:
        raise ValueError(f"limit must be 0..{N_HANDS}")
    hist = np.zeros((n_chunks, N_BINS), dtype=np.int64)
    _exhaustive_kernel(np.int64(total), np.int64(10), np.int64(n_chunks), _BINOM, hist)
    return BidDistribution.from_hist(hist, exhaustive=total == N_HANDS)


def max_bid_distribution(n_chunks: int = N_CHUNKS, *, limit: int | None = None) -> np.ndarray:
    """How many ten-card hands have each highest bid: ``counts[v]`` for v in 0..264, over all C(32,10) hands.

    The highest bid is the highest value "if won simply" of any game the ten cards could declare
    (:func:`bitcards.skat.max_bid_per_game`, not a hand game: matadors over the ten cards). Enumerated
    like :func:`bid_distribution` (about ten times the work per hand: every game is valued);
    ``limit`` enumerates only the first ``limit`` hands in colex order.

    >>> c = max_bid_distribution(limit=1000)   # the 1,000 first hands in colex order
    >>> {int(v): int(c[v]) for v in c.nonzero()[0]}
    {72: 714, 96: 220, 144: 66}

    Over all hands only seven values occur: a grand is worth at least 48 and every hand has one.
    """
    if n_chunks < 1:
        raise ValueError("n_chunks must be >= 1")
    total = N_HANDS if limit is None else int(limit)
    if not 0 <= total <= N_HANDS:
        raise ValueError(f"limit must be 0..{N_HANDS}")
    hist = np.zeros((n_chunks, 265), dtype=np.int64)
    _exhaustive_kernel(np.int64(total), np.int64(10), np.int64(n_chunks), _BINOM, hist, BY_MAX_BID)
    return hist.sum(axis=0)


def bid_distribution_of(masks: object) -> BidDistribution:
    """The same table for given 10-card masks (e.g. a sample from :func:`bitcards.deal`)."""
    m = as_masks(masks).reshape(-1)
    if m.size and ((_pc(m) != 10) | ((m >> np.uint64(32)) != 0)).any():
        bid_values(m)  # raises, naming the first bad row
    n_chunks = 64
    hist = np.zeros((n_chunks, N_BINS), dtype=np.int64)
    _masks_hist_kernel(m, np.int64(n_chunks), hist)
    return BidDistribution.from_hist(hist, exhaustive=False)


@warmup_task
def _warm() -> None:
    hist = np.zeros((2, N_BINS), dtype=np.int64)
    _exhaustive_kernel(np.int64(math.comb(12, 10)), np.int64(10), np.int64(2), _BINOM, hist)
    max_bid_distribution(2, limit=10)
    bid_distribution_of(np.array([0x3FF], dtype=np.uint64))
