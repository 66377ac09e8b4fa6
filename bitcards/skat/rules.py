"""Skat play rules on masks: trumps, card points, the cards a player may play, the trick winner.

Cards are bits of the Skat layout (``bit = suit * 8 + rank``, suits diamonds 0,
hearts 1, spades 2, clubs 3; ranks ``7 8 9 T J Q K A`` = 0..7). Games are small
ints: :data:`DIAMONDS` 0, :data:`HEARTS` 1, :data:`SPADES` 2, :data:`CLUBS` 3
(a suit game is its trump suit's number), :data:`GRAND` 4, :data:`NULL` 5.

* Suit game: the four jacks (``CJ > SJ > HJ > DJ``) and the trump suit
  (``A T K Q 9 8 7``) are trumps, 11 cards. A jack is *not* a card of its
  printed suit.
* Grand: only the four jacks are trumps.
* Null: no trumps; every suit runs ``A K Q J T 9 8 7``.

Each rule is written once, as tables per game and card that the njit rules here and the
solver (:mod:`bitcards.skat.solver`) read: :data:`CARD_GROUP` (the suit a card follows, or
:data:`TRUMPS`), :data:`CARD_STRENGTH` (which card beats which), :data:`GROUP_MASK` (the cards
that follow a led card) and :data:`CARD_POINTS`.

>>> hex(trump_mask("clubs")), hex(trump_mask("grand")), trump_mask("null")
('0xff101010', '0x10101010', 0)
>>> card_points("AC TC KC QC JC 9C 8C 7C")
30
>>> str(legal_cards("C7 HK HJ", "HT", "diamonds"))   # HJ is a trump in diamonds, not a heart
'KH'
>>> trick_winner("H7 C7 D7", "clubs"), trick_winner("H7 HT HQ", "null")
(1, 2)
"""

from __future__ import annotations

from collections.abc import Sequence

import numba
import numpy as np

from bitcards._bits import popcount
from bitcards._jit import njit, warmup_task
from bitcards.batch import as_masks
from bitcards.cardset import CardSet, as_mask
from bitcards.errors import IllegalPlayError, InvalidCardsError, ParseError, shorten
from bitcards.layouts import SKAT
from bitcards.notation import lookup_name, parse_card, parse_cards

__all__ = [
    "DIAMONDS",
    "HEARTS",
    "SPADES",
    "CLUBS",
    "GRAND",
    "NULL",
    "GAME_NAMES",
    "BASE_VALUES",
    "MASK_JACKS",
    "MASK_ACES",
    "RANK_POINTS",
    "CARD_POINTS",
    "TRUMPS",
    "CARD_GROUP",
    "CARD_STRENGTH",
    "GROUP_MASK",
    "parse_game",
    "game_name",
    "as_hand_mask",
    "trump_mask",
    "card_points",
    "legal_cards",
    "legal_cards_mask",
    "trick_winner",
    "card_points_many",
    "legal_cards_many",
    "trick_winners",
]

DIAMONDS, HEARTS, SPADES, CLUBS, GRAND, NULL = 0, 1, 2, 3, 4, 5
#: lower-case game names, indexed by game number
GAME_NAMES = ("diamonds", "hearts", "spades", "clubs", "grand", "null")
#: base values ("Grundwert") by game number; null games have fixed values instead (0 here)
BASE_VALUES = (9, 10, 11, 12, 24, 0)
#: the four jacks
MASK_JACKS = 0x10101010
#: the four aces
MASK_ACES = 0x80808080

_GAME_ALIASES = {
    "d": 0, "diamonds": 0, "diamond": 0, "karo": 0, "schellen": 0,
    "h": 1, "hearts": 1, "heart": 1, "herz": 1, "rot": 1,
    "s": 2, "spades": 2, "spade": 2, "pik": 2, "gruen": 2, "grün": 2,
    "c": 3, "clubs": 3, "club": 3, "kreuz": 3, "eichel": 3, "eicheln": 3,
    "g": 4, "grand": 4,
    "n": 5, "null": 5,
}  # fmt: skip


def parse_game(game: int | str) -> int:
    """The game number of ``game`` (a number 0..5 or a name such as ``"clubs"``, ``"grand"``, ``"null"``).

    >>> parse_game("Clubs"), parse_game("grand"), parse_game(5), parse_game("kreuz")
    (3, 4, 5, 3)
    """
    if isinstance(game, (int, np.integer)) and not isinstance(game, bool):
        if 0 <= int(game) <= 5:
            return int(game)
        raise ParseError(f"game number {int(game)} is not 0..5 (diamonds hearts spades clubs grand null)")
    if isinstance(game, str):
        code = lookup_name(game, _GAME_ALIASES)  # look-alikes read as Latin, with a warning
        if code is not None:
            return code
        raise ParseError(f"unknown game {shorten(game)} (expected clubs, spades, hearts, diamonds, grand or null)", token=game)
    raise TypeError(f"game must be a name or a number, not {type(game).__name__}")


def game_name(game: int | str) -> str:
    """The lower-case name of a game: ``game_name(3) == "clubs"``."""
    return GAME_NAMES[parse_game(game)]


def as_hand_mask(cards: object, count: int | None = None, what: str = "hand") -> int:
    """A mask from a :class:`CardSet`, an ``int`` mask, card text or a list of card strings.

    ``count`` checks the number of cards (:class:`InvalidCardsError` otherwise).

    >>> as_hand_mask("JC AC") == (1 << 28) | (1 << 31)
    True
    """
    m = as_mask(cards, SKAT, what)
    if count is not None and m.bit_count() != count:
        raise InvalidCardsError(f"{what}: expected {count} cards, got {m.bit_count()}")
    return m


def _as_card(card: object) -> int:
    if isinstance(card, (int, np.integer)) and not isinstance(card, bool):
        b = int(card)
        if not 0 <= b < 32:
            raise InvalidCardsError(f"card bit {b} is outside the skat deck (0..31)")
        return b
    if isinstance(card, str):
        return parse_card(card, SKAT)
    raise TypeError(f"a card must be a bit index or card text, not {type(card).__name__}")


# ---------------------------------------------------------------------------
# the rules, once, as njit functions on integers

#: card points by rank 7 8 9 T J Q K A (the deck holds 120)
RANK_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)
#: card points per card bit (the one table: the solver and :func:`_card_points` read it)
CARD_POINTS = np.array(RANK_POINTS * 4, dtype=np.int64)
#: the group of the trumps in :data:`CARD_GROUP` (the suits are groups 0..3)
TRUMPS = 4


def _trick_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per game and card: its group and strength; per game and group: its cards (see :data:`CARD_GROUP`)."""
    group = np.zeros((6, 32), dtype=np.int64)
    strength = np.zeros((6, 32), dtype=np.int64)
    gmask = np.zeros((6, 5), dtype=np.uint64)
    plain = (7, 3, 6, 5, 2, 1, 0)  # A T K Q 9 8 7
    jacks = [s * 8 + 4 for s in (3, 2, 1, 0)]  # CJ SJ HJ DJ
    for g in range(6):
        groups: list[tuple[int, list[int]]] = []
        if g == NULL:  # no trumps; A K Q J T 9 8 7 in every suit
            groups += [(s, [s * 8 + r for r in range(7, -1, -1)]) for s in range(4)]
        else:  # the jacks, then the trump suit in a suit game, are the trumps
            groups.append((TRUMPS, jacks + ([g * 8 + r for r in plain] if g < 4 else [])))
            groups += [(s, [s * 8 + r for r in plain]) for s in range(4) if s != g]
        for k, cards in groups:
            for i, c in enumerate(cards):
                group[g, c] = k
                strength[g, c] = 12 - i + (100 if k == TRUMPS else 0)
                gmask[g, k] |= np.uint64(1 << c)
    for t in (group, strength, gmask):
        t.flags.writeable = False
    return group, strength, gmask


#: the trick rules as tables, written once; njit code reads them as globals.
#: ``CARD_GROUP[game, card]``: the card's suit 0..3 for following, or :data:`TRUMPS` (a jack in a suit
#: or grand game is a trump, not a card of its printed suit). ``CARD_STRENGTH[game, card]``: higher
#: beats lower within a group, trumps (100 and up) beat every other card. ``GROUP_MASK[game, group]``:
#: the cards of a group (``GROUP_MASK[game, TRUMPS]`` are the game's trumps).
CARD_GROUP, CARD_STRENGTH, GROUP_MASK = _trick_tables()

# card points as five (points, cards) pairs, from RANK_POINTS
_POINT_VALUES = np.array([p for p in RANK_POINTS if p], dtype=np.int64)
_POINT_MASKS = np.array([0x01010101 << r for r, p in enumerate(RANK_POINTS) if p], dtype=np.uint64)


@njit
def _jack_nibble(m):  # type: ignore[no-untyped-def]
    """The four jacks as a nibble, top jack first: CJ bit 0, SJ bit 1, HJ bit 2, DJ bit 3."""
    x = (np.uint64(m) >> np.uint64(4)) & np.uint64(0x01010101)
    # DJ lands at bit 0, HJ 8, SJ 16, CJ 24; the multiply moves them to bits 27, 26, 25, 24 without carries
    return np.int64(((x * np.uint64(0x08040201)) >> np.uint64(24)) & np.uint64(15))


@njit
def _trump_mask(game):  # type: ignore[no-untyped-def]
    """Trumps of a game: suit game = jacks + suit, grand = jacks, null = none."""
    return GROUP_MASK[np.int64(game), TRUMPS]


@njit
def _card_points(m):  # type: ignore[no-untyped-def]
    """Card points: A 11, T 10, K 4, Q 3, J 2, 9 8 7 nothing."""
    m = np.uint64(m)
    total = np.int64(0)
    for i in range(_POINT_VALUES.shape[0]):
        total += _POINT_VALUES[i] * popcount(m & _POINT_MASKS[i])
    return total


@njit
def _follow_mask(led, game):  # type: ignore[no-untyped-def]
    """The cards that follow a led card: all trumps if a trump was led, else the led suit minus its trumps."""
    return GROUP_MASK[np.int64(game), CARD_GROUP[np.int64(game), np.int64(led)]]


@njit
def _legal_cards(hand, led, game):  # type: ignore[no-untyped-def]
    """The cards of ``hand`` that may be played to a trick led with ``led`` (-1: leading, any card)."""
    hand = np.uint64(hand)
    if led < 0:
        return hand
    f = hand & _follow_mask(led, game)
    return f if f else hand


@njit
def _strength_in(card, group, game):  # type: ignore[no-untyped-def]
    """How strong a card is in a trick whose led card is of ``group``: -1 cannot win."""
    k = CARD_GROUP[np.int64(game), np.int64(card)]
    if k == TRUMPS or k == group:  # noqa: SIM109 (plain compares for Numba)
        return CARD_STRENGTH[np.int64(game), np.int64(card)]
    return np.int64(-1)


@njit
def _strength(card, follow, game):  # type: ignore[no-untyped-def]
    """How strong a card is in a trick whose led suit is the mask ``follow``: -1 cannot win."""
    k = CARD_GROUP[np.int64(game), np.int64(card)]
    if k == TRUMPS or (np.uint64(1) << np.uint64(card)) & np.uint64(follow):
        return CARD_STRENGTH[np.int64(game), np.int64(card)]
    return np.int64(-1)


@njit
def _trick_winner(c0, c1, c2, game):  # type: ignore[no-untyped-def]
    """Index (0, 1, 2) of the card that wins the trick ``c0 c1 c2`` (played in that order)."""
    k = CARD_GROUP[np.int64(game), np.int64(c0)]
    best = 0
    s_best = CARD_STRENGTH[np.int64(game), np.int64(c0)]
    s1 = _strength_in(c1, k, game)
    if s1 > s_best:
        best = 1
        s_best = s1
    if _strength_in(c2, k, game) > s_best:
        best = 2
    return best


# ---------------------------------------------------------------------------
# batch kernels


@njit(parallel=True)
def _card_points_kernel(masks, out):  # type: ignore[no-untyped-def]
    for i in numba.prange(masks.shape[0]):
        out[i] = _card_points(masks[i])


@njit(parallel=True)
def _legal_kernel(hands, leds, game, out):  # type: ignore[no-untyped-def]
    """Fill ``out``; return how many rows are bad (led card outside -1..31 or in the hand, hand outside the deck)."""
    n_bad = 0
    for i in numba.prange(hands.shape[0]):
        led = np.int64(leds[i])
        ok = -1 <= led <= 31 and (hands[i] >> np.uint64(32)) == np.uint64(0)
        if ok and led >= 0:
            ok = (hands[i] >> np.uint64(led)) & np.uint64(1) == np.uint64(0)
        out[i] = _legal_cards(hands[i], led if ok else -1, game)
        n_bad += not ok
    return n_bad


@njit(parallel=True)
def _winner_kernel(tricks, game, out):  # type: ignore[no-untyped-def]
    """Fill ``out`` (-1 for a bad trick: a card outside 0..31 or twice); return how many are bad."""
    n_bad = 0
    for i in numba.prange(tricks.shape[0]):
        a = np.int64(tricks[i, 0])
        b = np.int64(tricks[i, 1])
        c = np.int64(tricks[i, 2])
        ok = 0 <= a <= 31 and 0 <= b <= 31 and 0 <= c <= 31 and a != b and a != c and b != c
        out[i] = _trick_winner(a, b, c, game) if ok else -1
        n_bad += not ok
    return n_bad


# ---------------------------------------------------------------------------
# public API


def trump_mask(game: int | str) -> int:
    """The trumps of a game as a mask (``0`` in null)."""
    return int(_trump_mask(np.int64(parse_game(game))))


def card_points(cards: object) -> int:
    """Card points of a set of cards (the deck holds 120).

    >>> card_points("AS TS"), card_points(0xFFFFFFFF)
    (21, 120)
    """
    return int(_card_points(np.uint64(as_hand_mask(cards, what="cards"))))


def legal_cards_mask(hand: object, led: object | None, game: int | str) -> int:
    """Mask of the cards of ``hand`` that may be played to a trick led with ``led`` (``None``: leading).

    Must follow the led suit (a led jack in a suit or grand game asks for trumps; a suit's
    jack is not a card of that suit, except in null); otherwise any card.
    ``led`` must not be in ``hand``.
    """
    m = as_hand_mask(hand)
    g = parse_game(game)
    if led is None:
        return m
    b = _as_card(led)
    if m >> b & 1:
        raise IllegalPlayError(f"the led card {SKAT.card_name(b)} is in the hand")
    return int(_legal_cards(np.uint64(m), np.int64(b), np.int64(g)))


def legal_cards(hand: object, led: object | None, game: int | str) -> CardSet:
    """:func:`legal_cards_mask` as a :class:`CardSet`.

    >>> str(legal_cards("C9 H9", "C7", "clubs")), str(legal_cards("CJ H9", "HJ", "grand"))
    ('9C', 'JC')
    >>> str(legal_cards("CJ H9", "HJ", "null")), str(legal_cards("CJ D9", "HJ", "null"))
    ('9H', '9D JC')
    """
    return CardSet(legal_cards_mask(hand, led, game), SKAT)


def trick_winner(cards: str | Sequence[object], game: int | str) -> int:
    """Index (0, 1 or 2) of the card that wins a trick, cards given in play order.

    The highest trump wins if a trump was played, otherwise the highest card of the led suit.

    >>> trick_winner("HJ CJ DJ", "grand"), trick_winner("HJ CJ DJ", "null"), trick_winner("H7 HT HQ", "clubs")
    (1, 0, 1)
    """
    bits = parse_cards(cards, SKAT) if isinstance(cards, str) else [_as_card(c) for c in cards]
    if len(bits) != 3:
        raise InvalidCardsError(f"a trick has 3 cards, got {len(bits)}")
    if len(set(bits)) != 3:
        raise InvalidCardsError("a trick cannot hold the same card twice")
    return int(_trick_winner(np.int64(bits[0]), np.int64(bits[1]), np.int64(bits[2]), np.int64(parse_game(game))))


def card_points_many(masks: object) -> np.ndarray:
    """Card points of each mask (``int64`` array)."""
    m = as_masks(masks).reshape(-1)
    if m.size and int(m.max()) >> 32:
        raise InvalidCardsError(f"row {int(np.flatnonzero(m >> np.uint64(32))[0])}: bits outside the skat deck")
    out = np.empty(m.shape[0], dtype=np.int64)
    _card_points_kernel(m, out)
    return out


def legal_cards_many(hands: object, leds: object, game: int | str) -> np.ndarray:
    """Legal-card masks for arrays of hands and led cards (bit index, -1 = leading)."""
    h = as_masks(hands, "hands").reshape(-1)
    led = np.asarray(leds)
    if led.dtype.kind not in "iu":
        raise TypeError(f"leds must be an integer array of card bits, not dtype {led.dtype}")
    led = np.ascontiguousarray(led.reshape(-1))
    if led.shape != h.shape:
        raise InvalidCardsError(f"{h.shape[0]} hands but {led.shape[0]} led cards")
    out = np.empty(h.shape[0], dtype=np.uint64)
    if _legal_kernel(h, led, np.int64(parse_game(game)), out):
        led64 = led.astype(np.int64)
        bad = (led64 < -1) | (led64 > 31) | ((h >> np.uint64(32)) != 0)
        bad |= (led64 >= 0) & ((h >> np.clip(led64, 0, 63).astype(np.uint64)) & np.uint64(1) == 1)
        i = int(np.flatnonzero(bad)[0])
        raise InvalidCardsError(f"row {i}: led card {int(led[i])} is outside -1..31 or in the hand {int(h[i]):#x}", row=i)
    return out


def trick_winners(tricks: object, game: int | str) -> np.ndarray:
    """Winner index (0..2) of each trick of an ``(n, 3)`` array of card bits in play order (``int8``)."""
    t = np.asarray(tricks)
    if t.dtype.kind not in "iu":
        raise TypeError(f"tricks must be an integer array of card bits, not dtype {t.dtype}")
    if t.ndim != 2 or t.shape[1] != 3:
        raise InvalidCardsError(f"tricks must have shape (n, 3), got {t.shape}")
    t = np.ascontiguousarray(t)
    out = np.empty(t.shape[0], dtype=np.int8)
    if _winner_kernel(t, np.int64(parse_game(game)), out):
        i = int(np.flatnonzero(out < 0)[0])
        raise InvalidCardsError(f"row {i}: {t[i].tolist()} is not three different cards 0..31", row=i)
    return out


@warmup_task
def _warm() -> None:
    card_points_many(np.array([3], dtype=np.uint64))
    legal_cards_many(np.array([3], dtype=np.uint64), np.array([-1]), 0)
    trick_winners(np.array([[0, 1, 2]]), 0)
