"""Crib-aware discard advice: what each of the 15 throws is worth to the dealer and to the pone.

For six dealt cards and each way to throw two into the crib, exactly:

* ``hand``: the kept four's expected score over the 46 starters the player has not seen;
* ``crib``: the crib's expected score over every pair the opponent may throw
  (taken as uniform over the 46 unseen cards: 1,035 pairs) and every starter
  among the 44 cards left (45,540 cribs);
* to the dealer, whose crib it is, the throw is worth ``hand + crib``; to the
  pone ``hand - crib``.

``weighted=True`` weighs the opponent's pair instead by how often a player who
follows this very advice (uniform model, the opponent's role) throws a pair of
those ranks, suited or not: the frequencies of :mod:`bitcards.cribbage._throw_table`,
counted once over many simulated deals (:func:`throw_counts`), divided by how
many card pairs each kind has (6 of a rank pair, 4 suited, 12 offsuit). A pone
keeps fives and throws apart, so the dealer's crib is worth less than the
uniform model says, and the dealer's crib the pone feeds gets fewer fives from
the dealer's side too.

The crib sums are enumerated in Numba with the starter loop hoisted per crib
(:func:`bitcards.cribbage._hoist.starter_stats`); both roles come from one pass.

>>> best = crib_discards("5H 5D 6C 7S JD KD", "dealer")[0]
>>> best.discard, round(best.hand, 3), round(best.crib, 3), round(best.value, 3)
(('6C', '7S'), 12.391, 5.318, 17.71)
>>> best = crib_discards("5H 5D 6C 7S JD KD", "pone")[0]
>>> best.discard, round(best.value, 3)
(('JD', 'KD'), 8.218)
>>> best = crib_discards("5H 5D 6C 7S JD KD", "dealer", weighted=True)[0]  # a pone who follows the advice
>>> best.discard, round(best.crib, 3)
(('6C', '7S'), 4.79)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import prange

from bitcards._bits import ctz, popcount, select_mask
from bitcards._jit import njit, warmup_task
from bitcards._parallel import BatchKernel, block_rows, blocks
from bitcards.batch import as_masks
from bitcards.cribbage._cards import Cards, card_bits
from bitcards.cribbage._hoist import starter_stats
from bitcards.errors import InvalidCardsError
from bitcards.layouts import FRENCH

__all__ = ["CribDiscard", "crib_discards", "ROLES"]

ROLES = ("dealer", "pone")
_DECK = (1 << 52) - 1


#: the uniform opponent: every pair of ranks, suited or not, weight 1
UNIFORM = np.ones(13 * 13 * 2, dtype=np.int64)


@njit(inline="always")
def pair_kind(a, b):  # type: ignore[no-untyped-def]
    """Index of the kind of the card pair ``a, b`` (bits) in a weight table: ``(rank_a * 13 + rank_b) * 2 + suited``."""
    return ((a % 13) * 13 + b % 13) * 2 + (1 if a // 13 == b // 13 else 0)


@njit
def crib_table(six, unseen, weights, keeps, hand_totals, crib_totals):  # type: ignore[no-untyped-def]
    """For the 15 throws of ``six`` (pairs i < j in bit order): the kept mask, the hand's score summed over
    the starters in ``unseen``, and the crib's score summed over every opponent's pair of ``unseen``
    (each counted ``weights[pair_kind(a, b)]`` times: :data:`UNIFORM` counts each once) and every
    starter of ``unseen`` left. Returns the weights' sum over the opponent's pairs."""
    m = np.uint64(six)
    u = np.uint64(unseen)
    deck = np.uint64(_DECK)
    ub = np.empty(52, dtype=np.uint64)
    ui = np.empty(52, dtype=np.int64)
    nu = 0
    x = u
    while x:
        low = x & (~x + np.uint64(1))
        ub[nu] = low
        ui[nu] = ctz(low)
        nu += 1
        x ^= low
    wsum = 0
    for a in range(nu):
        for b in range(a + 1, nu):
            wsum += weights[pair_kind(ui[a], ui[b])]
    outside = deck & ~u
    k = 0
    for i in range(6):
        bi = select_mask(m, i)
        for j in range(i + 1, 6):
            thrown = bi | select_mask(m, j)
            keep = m ^ thrown
            keeps[k] = keep
            t, _, _, _ = starter_stats(keep, outside, False)
            hand_totals[k] = t
            ct = 0
            for a in range(nu):
                for b in range(a + 1, nu):
                    w = weights[pair_kind(ui[a], ui[b])]
                    if w == 0:
                        continue
                    o = ub[a] | ub[b]
                    c, _, _, _ = starter_stats(thrown | o, outside | o, True)
                    ct += w * c
            crib_totals[k] = ct
            k += 1
    return wsum


@dataclass(frozen=True)
class CribDiscard:
    """One throw: kept and thrown cards (input order), expected hand and crib points, and the value to ``role``.

    ``hand_total`` sums the hand's score over ``n_starters`` starters,
    ``crib_total`` the crib's over ``n_cribs`` (opponent's pair, starter) cases
    (weighted: each case counted as often as its pair's weight, ``n_cribs`` the sum).
    """

    role: str
    keep: tuple[str, ...]
    discard: tuple[str, ...]
    hand_total: int
    crib_total: int
    n_starters: int
    n_cribs: int

    @property
    def hand(self) -> float:
        return self.hand_total / self.n_starters

    @property
    def crib(self) -> float:
        return self.crib_total / self.n_cribs

    @property
    def value(self) -> float:
        """``hand + crib`` for the dealer, ``hand - crib`` for the pone."""
        return self.hand + self.crib if self.role == "dealer" else self.hand - self.crib

    def as_dict(self) -> dict[str, object]:
        return {
            "keep": list(self.keep),
            "discard": list(self.discard),
            "hand": round(self.hand, 6),
            "crib": round(self.crib, 6),
            "value": round(self.value, 6),
            "hand_total": self.hand_total,
            "crib_total": self.crib_total,
        }


def crib_discards(six_cards: Cards, role: str, weighted: bool = False) -> list[CribDiscard]:
    """The 15 throws of six cards for the ``"dealer"`` or the ``"pone"``, best first (ties in enumeration order).

    ``weighted=True``: the opponent's throw weighted by how often a player following
    this advice throws each kind of pair (see the module's text), not uniform.

    >>> [o.discard for o in crib_discards("5H 5D 6C 7S JD KD", "dealer")[:2]]
    [('6C', '7S'), ('JD', 'KD')]
    """
    if role not in ROLES:
        raise InvalidCardsError(f"role is 'dealer' or 'pone', got {role!r}")
    if not weighted:
        return _order(crib_table_of(six_cards), role)
    # the opponent of the dealer is the pone, and the other way round
    other = ROLES[1 - ROLES.index(role)]
    return _order(crib_table_of(six_cards, opponent_weights(other)), role)


def crib_table_of(six_cards: Cards, weights: np.ndarray | None = None) -> list[tuple[CribDiscard, CribDiscard]]:
    """Both roles' options for each throw, in enumeration order (one pass); ``weights`` as :func:`crib_table`'s."""
    bits = card_bits(six_cards, "six_cards")
    if len(bits) != 6:
        raise InvalidCardsError(f"discard advice needs 6 cards, got {len(bits)}")
    m = sum(1 << b for b in bits)
    keeps = np.empty(15, dtype=np.uint64)
    hand = np.empty(15, dtype=np.int64)
    crib = np.empty(15, dtype=np.int64)
    w = UNIFORM if weights is None else weights
    wsum = int(crib_table(np.uint64(m), np.uint64(_DECK & ~m), w, keeps, hand, crib))
    out = []
    for k in range(15):
        km = int(keeps[k])
        keep = tuple(FRENCH.card_name(b) for b in bits if km >> b & 1)
        thrown = tuple(FRENCH.card_name(b) for b in bits if not km >> b & 1)
        pair = tuple(CribDiscard(r, keep, thrown, int(hand[k]), int(crib[k]), 46, wsum * 44) for r in ROLES)
        out.append(pair)
    return out  # type: ignore[return-value]


# --- the opponent's throws, as a player following this advice makes them ---------------------
def opponent_weights(role: str) -> np.ndarray:
    """Integer weights per pair kind (:func:`pair_kind`) of the throws a ``role`` player makes following this advice.

    From the stored counts (:mod:`bitcards.cribbage._throw_table`): a kind's weight
    is its count times 12 over the number of card pairs of that kind (so a pair of
    cards is weighted by how likely that exact pair is thrown).
    """
    from bitcards.cribbage._throw_table import COUNTS

    counts = np.asarray(COUNTS[role], dtype=np.int64).reshape(13, 13, 2)
    w = np.zeros((13, 13, 2), dtype=np.int64)
    for a in range(13):
        for b in range(13):
            lo, hi = min(a, b), max(a, b)
            if a == b:
                w[a, b, 0] = counts[lo, hi, 0] * 2
            else:
                w[a, b, 0] = counts[lo, hi, 0] * 1
                w[a, b, 1] = counts[lo, hi, 1] * 3
    return w.reshape(-1)


@njit(inline="always")
def best_throw(hand_totals, crib_totals, wsum, role):  # type: ignore[no-untyped-def]
    """Index of the best of the 15 throws of :func:`crib_table` for the dealer (``role`` 0) or the pone (1).

    Exact: compares ``hand_total * n_cribs +- crib_total * 46`` on integers; the
    first of equals, as :func:`crib_discards` orders them.
    """
    n_cribs = wsum * 44
    sign = 1 if role == 0 else -1
    best = 0
    best_key = hand_totals[0] * n_cribs + sign * crib_totals[0] * 46
    for k in range(1, 15):
        key = hand_totals[k] * n_cribs + sign * crib_totals[k] * 46
        if key > best_key:
            best = k
            best_key = key
    return best


@njit
def _best_rows(sixes, role, weights, keep_out, value_out):  # type: ignore[no-untyped-def]
    keeps = np.empty(15, dtype=np.uint64)
    hand = np.empty(15, dtype=np.int64)
    crib = np.empty(15, dtype=np.int64)
    deck = np.uint64(_DECK)
    sign = 1.0 if role == 0 else -1.0
    for i in range(sixes.shape[0]):
        m = np.uint64(sixes[i])
        if popcount(m) != 6 or m & ~deck:
            keep_out[i] = np.uint64(0)
            value_out[i] = np.nan
            continue
        wsum = crib_table(m, deck & ~m, weights, keeps, hand, crib)
        k = best_throw(hand, crib, wsum, role)
        keep_out[i] = keeps[k]
        value_out[i] = hand[k] / 46.0 + sign * crib[k] / (wsum * 44.0)


def _best_blocks(sixes, role, weights, keep_out, value_out):  # type: ignore[no-untyped-def]
    n = sixes.shape[0]
    for b in prange(blocks(n)):
        lo, hi = block_rows(b, n)
        _best_rows(sixes[lo:hi], role, weights, keep_out[lo:hi], value_out[lo:hi])


_best_kernel = BatchKernel(_best_blocks)


def best_crib_discards(six_card_masks: object, role: str, weighted: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Crib-aware: the best four to keep of each six for ``role``: ``(keep masks uint64, value float64)``.

    The same choice and value as ``crib_discards(six, role, weighted)[0]``, about
    2 ms a row (parallel). A row that is not six cards of the deck raises
    :class:`~bitcards.InvalidCardsError` naming the row.
    """
    if role not in ROLES:
        raise InvalidCardsError(f"role is 'dealer' or 'pone', got {role!r}")
    six = as_masks(six_card_masks, "six_card_masks").reshape(-1)
    w = opponent_weights(ROLES[1 - ROLES.index(role)]) if weighted else UNIFORM
    keep = np.empty(six.shape[0], dtype=np.uint64)
    value = np.empty(six.shape[0], dtype=np.float64)
    _best_kernel(six.shape[0], six, ROLES.index(role), w, keep, value)
    bad = np.flatnonzero(np.isnan(value))
    if bad.size:
        i = int(bad[0])
        m = int(six[i])
        why = "bits outside the 52-card deck" if m & ~FRENCH.mask_all else f"{m.bit_count()} cards, expected 6"
        raise InvalidCardsError(f"row {i}: {why}", row=i)
    return keep, value


@njit
def _advised_throws(sixes, counts):  # type: ignore[no-untyped-def]
    """Add to ``counts[role, lo_rank, hi_rank, suited]`` the pair each six throws as dealer (0) and pone (1)."""
    keeps = np.empty(15, dtype=np.uint64)
    hand = np.empty(15, dtype=np.int64)
    crib = np.empty(15, dtype=np.int64)
    deck = np.uint64(_DECK)
    for i in range(sixes.shape[0]):
        m = np.uint64(sixes[i])
        wsum = crib_table(m, deck & ~m, UNIFORM, keeps, hand, crib)
        for role in range(2):
            best = best_throw(hand, crib, wsum, role)
            thrown = m ^ keeps[best]
            a = ctz(thrown)
            b = ctz(thrown & (thrown - np.uint64(1)))
            lo = min(a % 13, b % 13)
            hi = max(a % 13, b % 13)
            counts[role, lo, hi, 1 if a // 13 == b // 13 else 0] += 1


def throw_counts(n_deals: int, seed: int, start: int = 0) -> dict[str, list[int]]:
    """How often each kind of pair is thrown by a player following this advice (uniform model), per role.

    Both six-card hands of ``n_deals`` deals of :func:`bitcards.deal` (``seed``,
    from deal ``start``) are advised as dealer and as pone; each role's counts
    (``13 * 13 * 2``: low rank, high rank, suited) sum to ``2 * n_deals``.
    About 2 ms a hand on one core.
    """
    from bitcards.deal import deal

    d = deal(n_deals, "cribbage", seed, start=start)
    sixes = np.ascontiguousarray(np.concatenate([d[:, 0], d[:, 1]]), dtype=np.uint64)
    counts = np.zeros((2, 13, 13, 2), dtype=np.int64)
    _advised_throws(sixes, counts)
    return {r: counts[k].reshape(-1).tolist() for k, r in enumerate(ROLES)}


def throw_table_source(n_deals: int, seed: int, check_deals: int) -> str:
    """The text of :mod:`bitcards.cribbage._throw_table`: the counts over ``n_deals`` deals and over the first ``check_deals``."""
    first = throw_counts(check_deals, seed)
    rest = throw_counts(n_deals - check_deals, seed, start=check_deals)
    total = {r: [x + y for x, y in zip(first[r], rest[r])] for r in ROLES}
    return _throw_table_text(n_deals, seed, check_deals, total, first)


def _throw_table_text(
    n_deals: int, seed: int, check_deals: int, total: dict[str, list[int]], first: dict[str, list[int]]
) -> str:
    from bitcards.cribbage import _throw_table

    def block(name: str, counts: dict[str, list[int]]) -> str:
        # two lines per low rank: the 13 high ranks, each offsuit then suited
        lines = "".join(
            f'    "{r}": [\n' + "".join(f"        {', '.join(map(str, counts[r][k : k + 13]))},\n" for k in range(0, 338, 13))
            + "    ],\n"
            for r in ROLES
        )
        return f"{name} = {{\n{lines}}}\n"

    head = (_throw_table.__doc__ or "").strip()
    return (
        f'"""{head}\n"""\n\nN_DEALS = {n_deals}\nSEED = {seed}\nCHECK_DEALS = {check_deals}\n\n'
        "# fmt: off\n" + block("COUNTS", total) + "\n" + block("FIRST", first) + "# fmt: on\n" + _REGENERATE
    )


_REGENERATE = """

if __name__ == "__main__":  # regenerate this file: python -m bitcards.cribbage._throw_table [N_DEALS]
    import pathlib
    import sys

    from bitcards.cribbage.crib import throw_table_source

    n = int(sys.argv[1]) if len(sys.argv) > 1 else N_DEALS
    pathlib.Path(__file__).write_text(throw_table_source(n, SEED, CHECK_DEALS))
"""


def _order(table: list[tuple[CribDiscard, CribDiscard]], role: str) -> list[CribDiscard]:
    r = ROLES.index(role)
    sign = 1 if role == "dealer" else -1
    # exact comparison on integers: value * 46 * 45540 = hand_total * 45540 +/- crib_total * 46
    opts = [pair[r] for pair in table]
    key = [o.hand_total * o.n_cribs + sign * o.crib_total * o.n_starters for o in opts]
    order = sorted(range(15), key=lambda k: (-key[k], k))
    return [opts[k] for k in order]


@warmup_task
def _warm() -> None:
    keeps = np.empty(15, dtype=np.uint64)
    t = np.empty(15, dtype=np.int64)
    crib_table(np.uint64(0b111111), np.uint64(0b111 << 6), UNIFORM, keeps, t, t.copy())

