"""The play (pegging): score a recorded play, the cards that may be played, bulk scoring, his heels.

The pone (the dealer's opponent) plays first; the cards of a play say whose
they are through the two hands. The count runs to 31; 15 and 31 score 2; a
card of the same rank as the last one, two or three of the series scores 2, 6,
12; the last 3 to 7 cards of the series in consecutive ranks (any order) score
their number; a player who cannot play under 31 says "go", and when neither
can, the last player scores 1 (the last card of the play too; none after a 31)
and the count starts again. A player who can play must. His heels: a jack
turned as the starter gives the dealer 2.

>>> p = peg("5H 6D 9S KC", "5S 4C TD JH", "5H 5S 6D 4C KC TD 9S JH")
>>> p.totals, [c.points for c in p.cards]
((1, 9), [0, 2, 0, 3, 1, 0, 0, 4])
>>> print(p)
pone 5H (count 5)
dealer 5S (count 10): 2 for a pair
pone 6D (count 16)
dealer 4C (count 20): 3 for a run of 3
pone KC (count 30): 1 for the go
dealer TD (count 10)
pone 9S (count 19)
dealer JH (count 29): 3 for a run of 3, 1 for the last card
pone 1, dealer 9
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import prange

from bitcards._bits import popcount
from bitcards._jit import njit, warmup_task
from bitcards._parallel import BatchKernel, block_rows, blocks
from bitcards.batch import as_masks
from bitcards.cribbage import _peg
from bitcards.cribbage._cards import Card, Cards, bits_to_mask, card_bits
from bitcards.errors import IllegalPlayError, InvalidCardsError
from bitcards.layouts import FRENCH

__all__ = ["peg", "peg_legal", "peg_scores", "his_heels", "PegPlay", "PegCard", "ROLES"]

ROLES = ("pone", "dealer")
#: cards in a whole play
N_PLAY = 8


@dataclass(frozen=True)
class PegCard:
    """One card of the play: who played it, the count it reached and what it scored."""

    card: str
    player: str
    count: int
    points: int
    reasons: tuple[tuple[str, int], ...]

    def text(self) -> str:
        why = ", ".join(f"{pts} for {name}" for name, pts in self.reasons)
        return f"{self.player} {self.card} (count {self.count})" + (f": {why}" if why else "")


@dataclass(frozen=True)
class PegPlay:
    """A scored play: each card in order and the pone's and dealer's totals; ``str()`` lists the cards."""

    pone: tuple[str, ...]
    dealer: tuple[str, ...]
    cards: tuple[PegCard, ...]
    totals: tuple[int, int]

    def lines(self) -> list[str]:
        return [c.text() for c in self.cards] + [f"pone {self.totals[0]}, dealer {self.totals[1]}"]

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def as_dict(self) -> dict[str, object]:
        return {
            "pone": list(self.pone),
            "dealer": list(self.dealer),
            "points": {"pone": self.totals[0], "dealer": self.totals[1]},
            "cards": [
                {
                    "card": c.card,
                    "player": c.player,
                    "count": c.count,
                    "points": c.points,
                    "reasons": [{"reason": name, "points": pts} for name, pts in c.reasons],
                }
                for c in self.cards
            ],
        }


_PAIRS = ("", "a pair", "three of a kind", "four of a kind")


def reasons(why: int) -> tuple[tuple[str, int], ...]:
    """The reasons encoded in ``why`` (see :mod:`bitcards.cribbage._peg`) with their points."""
    out: list[tuple[str, int]] = []
    if why & _peg.FIFTEEN:
        out.append(("fifteen", 2))
    if why & _peg.THIRTY_ONE:
        out.append(("thirty-one", 2))
    k = why >> _peg.PAIR_SHIFT & 3
    if k:
        out.append((_PAIRS[k], int(_peg.PAIR_POINTS[k])))
    r = why >> _peg.RUN_SHIFT & 7
    if r:
        out.append((f"a run of {r}", r))
    if why & _peg.GO:
        out.append(("the go", 1))
    if why & _peg.LAST:
        out.append(("the last card", 1))
    return tuple(out)


def _four(cards: Cards, what: str) -> list[int]:
    bits = card_bits(cards, what)
    if len(bits) != 4:
        raise InvalidCardsError(f"the {what} holds 4 cards for the play, got {len(bits)}")
    return bits


def _hands(pone: Cards, dealer: Cards) -> tuple[list[int], list[int]]:
    a = _four(pone, "pone")
    b = _four(dealer, "dealer")
    both = set(a) & set(b)
    if both:
        raise InvalidCardsError(f"{FRENCH.card_name(min(both))} is in both hands")
    return a, b


def _played_bits(played: Cards) -> list[int]:
    """The played cards in order; a repeat is left in (the play's error names its position)."""
    if isinstance(played, str):
        from bitcards.notation import parse_cards

        return parse_cards(played, FRENCH, "english", unique=False)
    if isinstance(played, (int, np.integer)):
        raise TypeError("the played cards are an ordered sequence (text, names or bit indices), not a mask")
    items = list(played)  # type: ignore[arg-type]
    if items and all(isinstance(c, str) for c in items):
        from bitcards.notation import parse_cards

        return parse_cards([str(c) for c in items], FRENCH, "english", unique=False)
    return [int(c) for c in items]  # type: ignore[call-overload]


def _error(code: int, pos: int, pone: int, dealer: int, seq: np.ndarray) -> str:
    name = FRENCH.card_name
    c = int(seq[pos])
    where = f"card {pos + 1}"
    if code == _peg.BAD_CARD:
        return f"{where}: bit index {c} is outside the 52-card deck"
    cn = name(c)
    if code == _peg.TWICE:
        return f"{where}: {cn} is played twice"
    if code == _peg.NOT_HELD:
        return f"{where}: {cn} is in neither hand"
    p, count, fits = _peg.mover_before(np.uint64(pone), np.uint64(dealer), seq, pos)
    who = ROLES[int(p)]
    if code == _peg.WRONG_PLAYER:
        held = " ".join(name(b) for b in range(52) if int(fits) >> b & 1)
        other = ROLES[1 - int(p)]
        return f"{where}: {cn} is the {other}'s, but the {who} is to play at count {int(count)} and holds {held}, which fits"
    v = min(c % 13 + 1, 10)
    return f"{where}: {cn} takes the count from {int(count)} to {int(count) + v}, past 31"


def peg(pone: Cards, dealer: Cards, played: Cards) -> PegPlay:
    """Score a play: the pone's four, the dealer's four, the cards in the order played (all eight or the first few).

    Raises :class:`~bitcards.IllegalPlayError` naming the card and its position
    for a card that passes 31, is played twice, is in neither hand, or is the
    wrong player's (the player to move held a card that fitted).

    >>> peg("AH 2H 3H 4H", "AS 2S 3S 4S", "AH AS 2H 2S 3H 3S 4H 4S").totals  # four pairs, the last card
    (0, 9)
    >>> peg("7H 8D 7S 3C", "TS 8C 6H 9C", "7H 8C 7S 6H TS")
    Traceback (most recent call last):
    ...
    bitcards.errors.IllegalPlayError: card 5: TS is the dealer's, but the pone is to play at count 28 and holds 3C, which fits
    >>> peg("TH 9D", "5S 6C", "TH 5S")
    Traceback (most recent call last):
    ...
    bitcards.errors.InvalidCardsError: the pone holds 4 cards for the play, got 2
    """
    a, b = _hands(pone, dealer)
    bits = _played_bits(played)
    if len(bits) > N_PLAY:
        raise IllegalPlayError(f"a play has at most 8 cards, got {len(bits)}")
    seq = np.array(bits, dtype=np.int64)
    m0, m1 = bits_to_mask(a), bits_to_mask(b)
    k = len(bits)
    players = np.zeros(k, dtype=np.int64)
    points = np.zeros(k, dtype=np.int64)
    whys = np.zeros(k, dtype=np.int64)
    counts = np.zeros(k, dtype=np.int64)
    totals = np.zeros(2, dtype=np.int64)
    code, pos = _peg.score_play(np.uint64(m0), np.uint64(m1), seq, players, points, whys, counts, totals)
    if code:
        raise IllegalPlayError(_error(int(code), int(pos), m0, m1, seq))
    cards = tuple(
        PegCard(FRENCH.card_name(bits[i]), ROLES[int(players[i])], int(counts[i]), int(points[i]), reasons(int(whys[i])))
        for i in range(k)
    )
    name = FRENCH.card_name
    return PegPlay(tuple(name(x) for x in a), tuple(name(x) for x in b), cards, (int(totals[0]), int(totals[1])))


def peg_legal(hand: Cards, count: int) -> tuple[str, ...]:
    """The cards of ``hand`` that may be played at ``count`` (0..31): those not passing 31, in input order.

    >>> peg_legal("5H TD AS KC", 22), peg_legal("5H TD", 30)
    (('5H', 'AS'), ())
    """
    if isinstance(count, bool) or not isinstance(count, (int, np.integer)) or not 0 <= int(count) <= 31:
        raise InvalidCardsError(f"the count is 0..31, got {count!r}")
    bits = card_bits(hand, "hand")
    fits = int(_peg.FIT[31 - int(count)])
    return tuple(FRENCH.card_name(b) for b in bits if fits >> b & 1)


def his_heels(starter: Card) -> int:
    """What the starter gives the dealer: 2 for a jack ("his heels"), else 0.

    >>> his_heels("JD"), his_heels("QD")
    (2, 0)
    """
    st = card_bits(starter, "starter")  # type: ignore[arg-type]
    if len(st) != 1:
        raise InvalidCardsError(f"the starter is one card, got {len(st)}")
    return 2 if st[0] % 13 == 10 else 0


@njit(inline="always")
def _score_block(pones, dealers, plays, out, status, lo, hi):  # type: ignore[no-untyped-def]
    scratch = np.empty(1, dtype=np.int64)
    deck = np.uint64(0xFFFFFFFFFFFFF)
    for i in range(lo, hi):
        a = pones[i]
        b = dealers[i]
        if (a | b) & ~deck or a & b or popcount(a) != 4 or popcount(b) != 4:
            status[i] = -2
            continue
        code, pos, t0, t1 = _peg.play_totals(a, b, plays[i], scratch)
        if code:
            status[i] = pos
        else:
            status[i] = -1
            out[i, 0] = t0
            out[i, 1] = t1


@BatchKernel
def _score_kernel(pones, dealers, plays, out, status):  # type: ignore[no-untyped-def]
    n = pones.shape[0]
    for b in prange(blocks(n)):
        lo, hi = block_rows(b, n)
        _score_block(pones, dealers, plays, out, status, lo, hi)


def peg_scores(pone_masks: object, dealer_masks: object, sequences: object, out: np.ndarray | None = None) -> np.ndarray:
    """Pegging points of many plays: ``(n, 2)`` ``int16``, the pone's and the dealer's.

    ``pone_masks``, ``dealer_masks``: ``(n,)`` 4-card masks (``np.uint64``);
    ``sequences``: ``(n, k)`` card bits in the order played (``int8``, ``k <= 8``;
    ``-1`` ends a shorter play). A bad row raises the error :func:`peg` gives,
    naming the row. Runs in parallel.

    >>> from bitcards import parse_mask
    >>> pm = np.array([parse_mask("AH 2H 3H 4H", "french")], dtype=np.uint64)
    >>> dm = np.array([parse_mask("AS 2S 3S 4S", "french")], dtype=np.uint64)
    >>> seq = np.array([[13, 26, 14, 27, 15, 28, 16, 29]], dtype=np.int8)  # AH AS 2H 2S 3H 3S 4H 4S
    >>> peg_scores(pm, dm, seq).tolist()
    [[0, 9]]
    """
    a = as_masks(pone_masks, "pone_masks").reshape(-1)
    b = as_masks(dealer_masks, "dealer_masks").reshape(-1)
    s = np.asarray(sequences)
    if s.ndim != 2 or s.shape[0] != a.shape[0] or s.shape[1] > N_PLAY or not np.issubdtype(s.dtype, np.integer):
        raise InvalidCardsError(f"sequences must be ({a.shape[0]}, k<=8) card bits, got {s.dtype} {s.shape}")
    if b.shape != a.shape:
        raise InvalidCardsError(f"pone_masks has {a.size} rows but dealer_masks has {b.size}")
    if s.size and (s.min() < -1 or s.max() > 51):
        i = int(np.flatnonzero(((s < -1) | (s > 51)).any(axis=1))[0])
        j = int(np.flatnonzero((s[i] < -1) | (s[i] > 51))[0])
        raise IllegalPlayError(f"row {i}: card {j + 1}: bit index {int(s[i, j])} is outside the 52-card deck")
    s = np.ascontiguousarray(s, dtype=np.int8)
    if s.shape[1] < N_PLAY:  # pad to eight cards, so each play is one 64-bit word
        s = np.concatenate([s, np.full((s.shape[0], N_PLAY - s.shape[1]), -1, dtype=np.int8)], axis=1)
    plays = s.view("<u8").reshape(-1).astype(np.uint64, copy=False)
    if out is None:
        out = np.zeros((a.shape[0], 2), dtype=np.int16)
    elif out.dtype != np.int16 or out.shape != (a.shape[0], 2):
        raise TypeError(f"out must be an int16 array of shape {(a.shape[0], 2)}, got {out.dtype} {out.shape}")
    status = np.empty(a.shape[0], dtype=np.int8)
    _score_kernel(a.shape[0], a, b, plays, out, status)
    bad = np.flatnonzero(status != -1)
    if bad.size:
        i = int(bad[0])
        if status[i] == -2:
            ma, mb = int(a[i]), int(b[i])
            why = (
                "bits outside the 52-card deck" if (ma | mb) & ~FRENCH.mask_all
                else "the hands overlap" if ma & mb
                else f"the hands hold {ma.bit_count()} and {mb.bit_count()} cards, expected 4 each"
            )  # fmt: skip
            raise InvalidCardsError(f"row {i}: {why}", row=i)
        code, pos = _peg.score_play(a[i], b[i], s[i].astype(np.int64), *_scratch(s.shape[1]))
        raise IllegalPlayError(f"row {i}: {_error(int(code), int(pos), int(a[i]), int(b[i]), s[i].astype(np.int64))}")
    return out


def _scratch(k: int) -> tuple[np.ndarray, ...]:
    return tuple(np.zeros(k, dtype=np.int64) for _ in range(4)) + (np.zeros(2, dtype=np.int64),)


@warmup_task
def _warm() -> None:
    peg("AH 2H 3H 4H", "AS 2S 3S 4S", "AH AS 2H")
    peg_scores(
        np.array([0b1111], dtype=np.uint64), np.array([0b1111 << 26], dtype=np.uint64), np.array([[0, 26]], dtype=np.int8)
    )
