"""Euchre's rules on masks: trump names, the effective suit, card strength, legal plays, trick winners.

Cards are bits of the :data:`~bitcards.layouts.EUCHRE` layout, ``bit = suit * 6 + rank``
with suits diamonds 0, hearts 1, spades 2, clubs 3 and ranks ``9 T J Q K A`` = 0..5::

    Diamonds  0=9D  1=TD  2=JD  3=QD  4=KD  5=AD
    Hearts    6=9H  7=TH  8=JH  9=QH 10=KH 11=AH
    Spades   12=9S 13=TS 14=JS 15=QS 16=KS 17=AS
    Clubs    18=9C 19=TC 20=JC 21=QC 22=KC 23=AC

Once trump is fixed, the jack of trump is the *right bower* (the highest card), the
other jack of the same colour the *left bower* (second highest), and the left bower
belongs to trump for every purpose: its **effective suit** is trump. ``trump=-1``
(:data:`NO_TRUMP`) means no trump yet: every card keeps its printed suit and plain rank.

Strength (higher is better, comparable across suits only through trump):
plain cards ``9 T J Q K A`` = 0..5, trumps ``9 T Q K A`` = 6..10, left bower 11,
right bower 12.

>>> from bitcards.notation import format_cards, parse_card
>>> jh, jd = parse_card("Jh", "euchre"), parse_card("Jd", "euchre")
>>> effective_suit(jh, "Diamonds"), card_strength(jh, "d"), card_strength(jd, "♦")
(0, 11, 12)
>>> format_cards(legal_cards_mask("Jh Ah Kd 9c", lead="Th", trump="Diamonds"), "euchre")
'Ah'
>>> trick_winner("Ah Jh Kc As", trump="Diamonds")   # the left bower (a trump) wins
1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from bitcards._jit import njit, warmup_task
from bitcards.cardset import CardSet, as_mask
from bitcards.errors import IllegalPlayError, InvalidCardsError, ParseError, shorten
from bitcards.layouts import EUCHRE, SUIT_NAMES
from bitcards.notation import format_cards, lookup_name, parse_card, parse_cards

__all__ = [
    "NO_TRUMP",
    "MASK_DECK",
    "JACK",
    "parse_trump",
    "trump_name",
    "as_trump",
    "as_hand_mask",
    "is_red",
    "partner_suit",
    "right_bower",
    "left_bower",
    "effective_suit",
    "effective_suit_mask",
    "card_strength",
    "legal_cards",
    "legal_cards_mask",
    "is_legal_play",
    "trick_winner",
    "trick_winners",
    "legal_plays_batch",
    "bowers_mask",
    "trump_mask",
    "suit_in",
    "strength_in",
    "legal_mask",
]

#: ``trump`` value meaning "no trump": printed suits and plain ranks
NO_TRUMP = -1
#: mask of the 24-card deck
MASK_DECK = EUCHRE.mask_all
#: rank index of the jack (ranks 9 T J Q K A = 0..5)
JACK = EUCHRE.rank_index("J")
_N_RANKS = EUCHRE.n_ranks

_TRUMP_WORDS: dict[str, int] = {}
for _s, _name in enumerate(SUIT_NAMES):
    _TRUMP_WORDS[_name.lower()] = _s  # diamonds
    _TRUMP_WORDS[_name.lower()[:-1]] = _s  # diamond
    _TRUMP_WORDS[_name[0].lower()] = _s  # d
for _sym, _s in {"♦": 0, "♢": 0, "◇": 0, "♥": 1, "♡": 1, "♠": 2, "♤": 2, "♣": 3, "♧": 3}.items():
    _TRUMP_WORDS[_sym] = _s


def parse_trump(text: str, *, notes: list[str] | None = None) -> int:
    """The suit index (diamonds 0, hearts 1, spades 2, clubs 3) of a trump name.

    Accepts the names in any case (``Diamonds``, ``diamond``), Ruby Quiz #55's suit letters
    ``d h s c`` and the suit symbols ``♦ ♥ ♠ ♣``; look-alike characters are read as Latin
    and reported (in ``notes``, or as a warning; see :mod:`bitcards.notation`).

    >>> parse_trump("Diamonds"), parse_trump("CLUBS"), parse_trump("s"), parse_trump("♥")
    (0, 3, 2, 1)
    >>> parse_trump("Trumps")
    Traceback (most recent call last):
    ...
    bitcards.errors.ParseError: unknown trump 'Trumps': expected Diamonds, Hearts, Spades, Clubs (or d h s c, ♦ ♥ ♠ ♣)
    """
    suit = lookup_name(text, _TRUMP_WORDS, notes)
    if suit is not None:
        return suit
    raise ParseError(
        f"unknown trump {shorten(text.strip())}: expected Diamonds, Hearts, Spades, Clubs (or d h s c, ♦ ♥ ♠ ♣)",
        token=text,
    )


def trump_name(trump: int | str) -> str:
    """The canonical capitalised name: ``Diamonds``, ``Hearts``, ``Spades``, ``Clubs``.

    >>> trump_name(3), trump_name("d")
    ('Clubs', 'Diamonds')
    """
    return SUIT_NAMES[as_trump(trump)]


def as_trump(trump: int | str | np.integer | None, allow_none: bool = False) -> int:
    """A trump argument (a suit index 0..3 or a trump name) as the suit index.

    With ``allow_none``, :data:`NO_TRUMP` (``-1``) and ``None`` are accepted too.
    """
    if trump is None and allow_none:
        return NO_TRUMP
    if isinstance(trump, str):
        return parse_trump(trump)
    if isinstance(trump, (int, np.integer)) and not isinstance(trump, bool):
        t = int(trump)
        if 0 <= t < 4 or (allow_none and t == NO_TRUMP):
            return t
        raise InvalidCardsError(f"trump must be a suit 0..3 (diamonds, hearts, spades, clubs), got {t}")
    raise TypeError(f"trump must be a suit index or a trump name, not {type(trump).__name__}")


def as_hand_mask(hand: CardSet | int | str | Iterable[str] | np.integer) -> int:
    """A hand given as a :class:`CardSet`, a mask or card text, as an ``int`` mask of the Euchre deck."""
    return as_mask(hand, EUCHRE)


def _as_card(card: int | str | np.integer) -> int:
    if isinstance(card, str):
        return parse_card(card, EUCHRE)
    if isinstance(card, (int, np.integer)) and not isinstance(card, bool):
        c = int(card)
        if not 0 <= c < 24:
            raise InvalidCardsError(f"card {c} is outside the euchre deck (0..23)")
        return c
    raise TypeError(f"a card must be a bit index or card text, not {type(card).__name__}")


# --- the rules, once, as njit functions on integers ---------------------------------


@njit(inline="always")
def _is_red(suit):  # type: ignore[no-untyped-def]
    return suit < 2


@njit(inline="always")
def _partner_suit(suit):  # type: ignore[no-untyped-def]
    return suit ^ 1


#: the bowers of each trump suit 0..3, card bits: the jack of trump, and the jack of the other suit of its colour
RIGHT_BOWERS = np.array([EUCHRE.bit(t, JACK) for t in range(4)], dtype=np.int64)
LEFT_BOWERS = np.array([EUCHRE.bit(t ^ 1, JACK) for t in range(4)], dtype=np.int64)


@njit(inline="always")
def _right_bower(trump):  # type: ignore[no-untyped-def]
    return RIGHT_BOWERS[trump]


@njit(inline="always")
def _left_bower(trump):  # type: ignore[no-untyped-def]
    return LEFT_BOWERS[trump]


@njit
def suit_in(card, trump):  # type: ignore[no-untyped-def]
    """Kernel of :func:`effective_suit`: the suit ``card`` counts as (unchecked ints; ``trump`` -1: no trump)."""
    if trump >= 0 and card == _left_bower(trump):
        return trump
    return card // 6


@njit
def _effective_suit_mask(suit, trump):  # type: ignore[no-untyped-def]
    m = np.uint64(0x3F) << np.uint64(suit * 6)
    if trump >= 0:
        left = np.uint64(1) << np.uint64(_left_bower(trump))
        if suit == trump:
            m |= left
        elif suit == _partner_suit(trump):
            m &= ~left
    return m


@njit
def bowers_mask(trump):  # type: ignore[no-untyped-def]
    """Kernel: the right and left bower of ``trump`` (a suit index 0..3, unchecked) as a mask.

    >>> format_cards(int(bowers_mask(3)), "euchre")
    'Js Jc'
    """
    return (np.uint64(1) << np.uint64(_right_bower(trump))) | (np.uint64(1) << np.uint64(_left_bower(trump)))


@njit
def trump_mask(trump):  # type: ignore[no-untyped-def]
    """Kernel: the seven trumps of ``trump`` (a suit index 0..3, unchecked): its suit plus the left bower.

    >>> format_cards(int(trump_mask(1)), "euchre")
    'Jd 9h Th Jh Qh Kh Ah'
    """
    return _effective_suit_mask(trump, trump)


@njit
def strength_in(card, trump):  # type: ignore[no-untyped-def]
    """Kernel of :func:`card_strength`: how strong ``card`` is under ``trump`` (unchecked ints)."""
    rank = card % 6
    if trump < 0:
        return rank
    if card == _left_bower(trump):
        return 11
    if card // 6 == trump:
        if rank == 0:
            return 6
        if rank == 1:
            return 7
        if rank == 2:
            return 12
        return rank + 5
    return rank


@njit
def legal_mask(hand, lead, trump):  # type: ignore[no-untyped-def]
    """Kernel of :func:`legal_cards_mask`: the cards of mask ``hand`` that may be played to a trick led by card
    ``lead`` (-1: the player leads and may play anything), unchecked."""
    h = np.uint64(hand)
    if lead < 0:
        return h
    follow = h & _effective_suit_mask(suit_in(lead, trump), trump)
    if follow != np.uint64(0):
        return follow
    return h


@njit
def _trick_winner(cards, row, n, trump):  # type: ignore[no-untyped-def]
    # index (in play order) of the winning card among cards[row, 0:n]
    first = np.int64(cards[row, 0])
    led = suit_in(first, trump)
    best = 0
    best_score = strength_in(first, trump)
    for i in range(1, n):
        c = np.int64(cards[row, i])
        s = suit_in(c, trump)
        if s == trump or s == led:  # noqa: SIM109 (plain compares for Numba)
            score = strength_in(c, trump)
            if score > best_score:
                best = i
                best_score = score
    return best


@njit
def _trick_winners_kernel(cards, trumps, out):  # type: ignore[no-untyped-def]
    # returns the first bad row (card out of range, repeated card, bad trump) or -1
    n, k = cards.shape
    for i in range(n):
        t = trumps[i]
        if t < -1 or t > 3:
            return i
        seen = np.uint64(0)
        for j in range(k):
            c = cards[i, j]
            if c < 0 or c > 23:
                return i
            b = np.uint64(1) << np.uint64(c)
            if seen & b:
                return i
            seen |= b
        out[i] = _trick_winner(cards, i, k, np.int64(t))
    return -1


@njit
def _legal_plays_kernel(hands, leads, trumps, out):  # type: ignore[no-untyped-def]
    deck = np.uint64(0xFFFFFF)
    for i in range(hands.shape[0]):
        t = trumps[i]
        ld = leads[i]
        if t < -1 or t > 3 or ld < -1 or ld > 23 or hands[i] & ~deck:
            return i
        out[i] = legal_mask(hands[i], ld, t)
    return -1


# --- public scalar API ---------------------------------------------------------------


def is_red(suit: int | str) -> bool:
    """True for diamonds and hearts.

    >>> is_red("Hearts"), is_red(3)
    (True, False)
    """
    return bool(_is_red(as_trump(suit)))


def partner_suit(suit: int | str) -> int:
    """The other suit of the same colour (diamonds <-> hearts, spades <-> clubs), as a suit index.

    >>> trump_name(partner_suit("Spades"))
    'Clubs'
    """
    return int(_partner_suit(as_trump(suit)))


def right_bower(trump: int | str) -> int:
    """The right bower, the jack of trump, as a card bit.

    >>> format_cards([right_bower("Spades")], "euchre"), right_bower(0)
    ('Js', 2)
    """
    return int(RIGHT_BOWERS[as_trump(trump)])


def left_bower(trump: int | str) -> int:
    """The left bower, the jack of the other suit of trump's colour, as a card bit.

    >>> format_cards([left_bower("Spades")], "euchre")
    'Jc'
    >>> left_bower(7)
    Traceback (most recent call last):
    ...
    bitcards.errors.InvalidCardsError: trump must be a suit 0..3 (diamonds, hearts, spades, clubs), got 7
    """
    return int(LEFT_BOWERS[as_trump(trump)])


def effective_suit(card: int | str, trump: int | str | None) -> int:
    """The suit a card counts as: trump for the left bower, else its printed suit.

    >>> effective_suit("Jc", "Spades"), effective_suit("Jc", "Hearts"), effective_suit("Jc", None)
    (2, 3, 3)
    """
    return int(suit_in(_as_card(card), as_trump(trump, allow_none=True)))


def effective_suit_mask(suit: int | str, trump: int | str | None) -> int:
    """Mask of the cards whose effective suit is ``suit`` (7 for trump, 5 for its partner suit).

    >>> format_cards(effective_suit_mask("Spades", "Spades"), "euchre")
    '9s Ts Js Qs Ks As Jc'
    >>> format_cards(effective_suit_mask("c", "s"), "euchre")
    '9c Tc Qc Kc Ac'
    """
    return int(_effective_suit_mask(as_trump(suit), as_trump(trump, allow_none=True)))


def card_strength(card: int | str, trump: int | str | None) -> int:
    """Strength of a card, higher is better: plain ranks 0..5, trumps 6..12 (right bower 12).

    Two cards compare only if they share the effective suit or one is trump.

    >>> [card_strength(c, "Spades") for c in ("9s", "As", "Jc", "Js", "Ah", "Jh")]
    [6, 10, 11, 12, 5, 2]
    """
    return int(strength_in(_as_card(card), as_trump(trump, allow_none=True)))


def legal_cards_mask(
    hand: CardSet | int | str | Iterable[str], lead: int | str | None, trump: int | str | None
) -> int:
    """Mask of the cards the player may play: the led effective suit if the hand holds one, else anything.

    ``lead`` is the card led to the trick (``None`` when the player leads).

    >>> format_cards(legal_cards_mask("Jc 9s Ah Kd", lead="As", trump="Spades"), "euchre")  # the left bower follows
    '9s Jc'
    >>> format_cards(legal_cards_mask("Jc Ah Kd", lead="Ac", trump="Spades"), "euchre")     # void in clubs
    'Kd Ah Jc'
    """
    ld = NO_TRUMP if lead is None else _as_card(lead)
    return int(legal_mask(np.uint64(as_hand_mask(hand)), ld, as_trump(trump, allow_none=True)))


def legal_cards(hand: CardSet | int | str | Iterable[str], lead: int | str | None, trump: int | str | None) -> CardSet:
    """:func:`legal_cards_mask` as a :class:`~bitcards.CardSet`.

    >>> str(legal_cards("Jc 9s Ah Kd", lead="As", trump="Spades"))
    '9s Jc'
    """
    return CardSet(legal_cards_mask(hand, lead, trump), EUCHRE)


def is_legal_play(
    hand: CardSet | int | str | Iterable[str], card: int | str, lead: int | str | None, trump: int | str | None
) -> bool:
    """True if ``card`` is in ``hand`` and may be played to the trick led by ``lead``."""
    c = _as_card(card)
    return bool(legal_cards_mask(hand, lead, trump) >> c & 1)


def trick_winner(cards: str | Sequence[int | str], trump: int | str | None) -> int:
    """Index (in play order) of the card that wins the trick.

    The highest trump wins; without trumps the highest card of the led effective suit.

    >>> trick_winner("Kh Ah 9s Qh", "Diamonds"), trick_winner("Kh Ah 9s Qh", "Spades")
    (1, 2)
    """
    if isinstance(cards, str):
        bits = parse_cards(cards, EUCHRE, unique=True)
    else:
        bits = [_as_card(c) for c in cards]
    if not bits:
        raise IllegalPlayError("a trick needs at least one card")
    if len(set(bits)) != len(bits):
        raise IllegalPlayError(f"a card appears twice in the trick {format_cards(bits, EUCHRE)}")
    arr = np.array([bits], dtype=np.int8)
    return int(_trick_winner(arr, 0, len(bits), as_trump(trump, allow_none=True)))


# --- batch API ------------------------------------------------------------------------


def _trump_array(trumps: object, n: int) -> np.ndarray:
    if isinstance(trumps, (str, int, np.integer)):
        return np.full(n, as_trump(trumps, allow_none=True), dtype=np.int8)
    t = np.asarray(trumps)
    if t.dtype.kind not in "iu":
        raise TypeError(f"trumps must be an integer array (suits 0..3), not dtype {t.dtype}")
    if t.shape != (n,):
        raise InvalidCardsError(f"trumps has shape {t.shape}, expected ({n},)")
    if t.dtype != np.int8:
        if t.size and (t.min() < -1 or t.max() > 3):
            row = int(np.flatnonzero((t < -1) | (t > 3))[0])
            raise InvalidCardsError(f"row {row}: trump {int(t[row])} is not a suit 0..3", row=row)
        t = t.astype(np.int8)
    return np.ascontiguousarray(t)


def trick_winners(cards: object, trumps: object) -> np.ndarray:
    """Winner (index in play order) of each trick: ``cards`` ``(n, k)`` card bits (``int8`` used as is), ``trumps`` ``(n,)``.

    >>> import numpy as np
    >>> tricks = np.array([[11, 8, 22, 17], [11, 8, 22, 17]])     # Ah Jh Kc As
    >>> trick_winners(tricks, np.array([0, 2])).tolist()            # diamonds: Jh; spades: As
    [1, 3]
    """
    c = np.asarray(cards)
    if c.dtype.kind not in "iu":
        raise TypeError(f"cards must be an integer array of card bits, not dtype {c.dtype}")
    if c.ndim != 2 or c.shape[1] == 0:
        raise InvalidCardsError(f"cards must have shape (n, k) with k >= 1, got {c.shape}")
    if c.dtype != np.int8:
        if c.size and (c.min() < 0 or c.max() > 23):
            row = int(np.flatnonzero(((c < 0) | (c > 23)).any(axis=1))[0])
            raise InvalidCardsError(f"row {row}: card index outside the euchre deck (0..23) in {c[row].tolist()}", row=row)
        c = c.astype(np.int8)
    c = np.ascontiguousarray(c)
    t = _trump_array(trumps, c.shape[0])
    out = np.empty(c.shape[0], dtype=np.int8)
    bad = _trick_winners_kernel(c, t, out)
    if bad >= 0:
        raise InvalidCardsError(
            f"row {bad}: bad trick {c[bad].tolist()} or trump {int(t[bad])} (cards 0..23, no repeats; trump -1..3)",
            row=int(bad),
        )
    return out


def legal_plays_batch(hands: object, leads: object, trumps: object) -> np.ndarray:
    """:func:`legal_cards_mask` for arrays: ``hands`` ``(n,)`` masks, ``leads`` ``(n,)`` card bits (-1: leading).

    >>> import numpy as np
    >>> from bitcards.notation import parse_mask
    >>> hands = np.array([parse_mask("Jc 9s Ah Kd", "euchre")] * 2, dtype=np.uint64)
    >>> [format_cards(int(m), "euchre") for m in legal_plays_batch(hands, np.array([17, 23]), 2)]
    ['9s Jc', 'Kd Ah 9s Jc']
    """
    from bitcards.batch import as_masks

    h = as_masks(hands, "hands").reshape(-1)
    ld = np.asarray(leads)
    if ld.dtype.kind not in "iu":
        raise TypeError(f"leads must be an integer array of card bits, not dtype {ld.dtype}")
    if ld.shape != h.shape:
        raise InvalidCardsError(f"leads has shape {ld.shape}, expected {h.shape}")
    ld = np.ascontiguousarray(ld.astype(np.int64))
    t = _trump_array(trumps, h.shape[0])
    out = np.empty(h.shape[0], dtype=np.uint64)
    bad = _legal_plays_kernel(h, ld, t, out)
    if bad >= 0:
        raise InvalidCardsError(
            f"row {bad}: hand {int(h[bad]):#x}, lead {int(ld[bad])}, trump {int(t[bad])} out of range", row=int(bad)
        )
    return out


@warmup_task
def _warm() -> None:
    effective_suit(2, 1)
    effective_suit_mask(0, 1)
    card_strength(8, 0)
    legal_cards_mask(0b111, 8, 0)
    trick_winner([0, 1, 2, 3], 0)
    trick_winners(np.array([[0, 1, 2, 3]], dtype=np.int8), np.array([0], dtype=np.int8))
    legal_plays_batch(np.array([7], dtype=np.uint64), np.array([8]), np.array([0], dtype=np.int8))
