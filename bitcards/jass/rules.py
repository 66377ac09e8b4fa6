"""Jass rules on masks: contracts, strength tables, legal cards, trick winners, card points.

Cards use the JASS layout: ``bit = suit * 9 + rank``, suits diamonds 0, hearts 1,
spades 2, clubs 3, ranks ``6 7 8 9 T J Q K A`` (rank index 0..8). A contract is
a small int: the trump suit's number ``0..3`` (``d h s c``), ``4`` Obenabe
(no trump, ace high), ``5`` Undenufe (no trump, six high), so "card is a trump"
is simply ``suit == contract``.

Strength is a table lookup, never a new layout:

* :data:`TRUMP_ORDER` gives each rank's strength inside the trump suit
  (J 8, 9 7, A 6, K 5, Q 4, T 3, 8 2, 7 1, 6 0: high to low J 9 A K Q T 8 7 6);
* :data:`ABOVE` is, for each card, the mask of the cards of its suit that are
  higher *as trumps* (the overtrumps of a trick whose best trump is that card);
* :data:`KEY` ranks every card in every contract (trumps 16 and up, side
  suits by face, Undenufe reversed); a card counts in a trick only if it is a
  trump or of the led suit.

The trump jack is never forced (the Jass card-play challenge: "You can never be forced to play the
highest trump, the jack, over other cards"). On a trump lead a player whose only
trump is the jack need not follow; on a side-suit lead a player void in it whose
only card that is not an undertrump is the jack may play any card. In both cases
the set the player must play from would be the jack alone, and it counts as empty.

>>> from bitcards.notation import format_cards
>>> format_cards(legal_mask(mask("hJ h6 h7"), SPADES, card("h9"), CONTRACTS["h"]), "jass")  # void, the rest undertrumps
'h6 h7 hJ'
>>> format_cards(legal_mask(mask("hA h6"), SPADES, card("hQ"), CONTRACTS["h"]), "jass")  # the ace is not the jack
'hA'
>>> format_cards(int(ABOVE[card("hA")]), "jass")      # trumps above the trump ace
'h9 hJ'
>>> format_cards(legal_mask(mask("hJ h7 d6"), HEARTS, -1, CONTRACTS["h"]), "jass")  # trump led
'h7 hJ'
>>> format_cards(legal_mask(mask("hJ d6"), HEARTS, -1, CONTRACTS["h"]), "jass")   # only the jack
'd6 hJ'
"""

from __future__ import annotations

import numpy as np

from bitcards._jit import njit, warmup_task
from bitcards.cardset import as_mask
from bitcards.errors import ParseError, shorten
from bitcards.layouts import CLUBS, DIAMONDS, HEARTS, JASS, SPADES
from bitcards.notation import lookup_name, parse_card, parse_mask

__all__ = [
    "CONTRACTS",
    "CONTRACT_NAMES",
    "OBENABE",
    "UNDENUFE",
    "DIAMONDS",
    "HEARTS",
    "SPADES",
    "CLUBS",
    "N_TRICKS",
    "TOTAL_POINTS",
    "LAST_TRICK_BONUS",
    "SUIT_MASKS",
    "JACKS",
    "TRUMP_ORDER",
    "ABOVE",
    "CAP",
    "TRUMP_MASKS",
    "NEVER_FORCED",
    "KEY",
    "POINTS",
    "card_points",
    "parse_contract",
    "format_contract",
    "legal_mask",
    "follow_mask",
    "card_key",
    "contenders",
    "key_among",
    "trick_lead",
    "trick_follow",
    "card",
    "mask",
]

#: contract codes: a trump suit has its suit number; Obenabe 4, Undenufe 5
CONTRACTS: dict[str, int] = {"d": 0, "h": 1, "s": 2, "c": 3, "o": 4, "u": 5}
OBENABE = 4
UNDENUFE = 5
#: long names of the contracts, by code
CONTRACT_NAMES = ("diamonds trump", "hearts trump", "spades trump", "clubs trump", "Obenabe", "Undenufe")
N_TRICKS = 9
LAST_TRICK_BONUS = 5
#: card points of a deal, the last-trick bonus included, in every contract
TOTAL_POINTS = 157

_CONTRACT_WORDS: dict[str, int] = {
    "d": 0, "h": 1, "s": 2, "c": 3, "o": 4, "u": 5,
    "♦": 0, "◇": 0, "♢": 0, "♥": 1, "♡": 1, "♠": 2, "♤": 2, "♣": 3, "♧": 3,
    "diamonds": 0, "hearts": 1, "spades": 2, "clubs": 3,
    "obenabe": 4, "obeabe": 4, "undenufe": 5, "undeufe": 5, "uneufe": 5,
}  # fmt: skip


def parse_contract(text: str | int | np.integer, *, notes: list[str] | None = None) -> int:
    """A contract code from its letter (``c d h s o u``), suit symbol, name, or code.

    Look-alike characters are read as Latin and reported (in ``notes``, or as a warning;
    see :mod:`bitcards.notation`).

    >>> parse_contract("h"), parse_contract("♣"), parse_contract("Obenabe"), parse_contract(5)
    (1, 3, 4, 5)
    """
    if isinstance(text, (int, np.integer)) and not isinstance(text, bool):
        if 0 <= int(text) <= 5:
            return int(text)
        raise ParseError(f"unknown contract code {int(text)}; expected 0..5 (d h s c o u)", token=str(text))
    if not isinstance(text, str):
        raise TypeError(f"contract must be a str or an int, not {type(text).__name__}")
    code = lookup_name(text, _CONTRACT_WORDS, notes)
    if code is None:
        raise ParseError(
            f"unknown contract {shorten(text)}; expected c d h s (trump), o (Obenabe) or u (Undenufe)", token=text
        )
    return code


def format_contract(code: int) -> str:
    """The contract's letter: ``d h s c o u``.

    >>> format_contract(3), format_contract(4)
    ('c', 'o')
    """
    return "dhscou"[parse_contract(code)]


def card(text: str) -> int:
    """One Jass card's bit (``card("hJ") == 14``)."""
    return parse_card(text, JASS)


def mask(text: str) -> int:
    """A mask of Jass cards (``mask("d6 d7") == 3``)."""
    return parse_mask(text, JASS)


# --- tables ------------------------------------------------------------------
_NR = JASS.n_ranks
_J = JASS.rank_index("J")

SUIT_MASKS = np.array([JASS.suit_mask(s) for s in range(4)], dtype=np.uint64)
JACKS = np.array([1 << JASS.bit(s, _J) for s in range(4)], dtype=np.uint64)
SUIT_OF = np.array([b // _NR for b in range(JASS.n_cards)], dtype=np.int64)

#: strength of each rank index inside the trump suit, higher is stronger
TRUMP_ORDER = np.zeros(_NR, dtype=np.int64)
for _strength, _r in enumerate(["6", "7", "8", "T", "Q", "K", "A", "9", "J"]):
    TRUMP_ORDER[JASS.rank_index(_r)] = _strength

#: trump suit mask by contract (0 in Obenabe and Undenufe)
TRUMP_MASKS = np.array([JASS.suit_mask(s) for s in range(4)] + [0, 0], dtype=np.uint64)
#: by contract: the card never forced, the trump jack (0 without trump)
NEVER_FORCED = np.array([1 << JASS.bit(s, _J) for s in range(4)] + [0, 0], dtype=np.uint64)

#: ABOVE[c]: the cards of c's suit that beat c as trumps
ABOVE = np.zeros(JASS.n_cards, dtype=np.uint64)
for _c in range(JASS.n_cards):
    _s, _ri = divmod(_c, _NR)
    ABOVE[_c] = sum(1 << JASS.bit(_s, r2) for r2 in range(_NR) if TRUMP_ORDER[r2] > TRUMP_ORDER[_ri])

#: CAP[contract * 36 + best]: the trumps that overtrump a trick won by ``best``
#: (the trumps above it if it is a trump, else every card)
CAP = np.full(6 * JASS.n_cards, (1 << 64) - 1, dtype=np.uint64)
for _ct in range(4):
    for _c in range(JASS.n_cards):
        if _c // _NR == _ct:
            CAP[_ct * JASS.n_cards + _c] = ABOVE[_c]

_TRUMP_BASE = 16


def _key_row(contract: int) -> list[int]:
    out = []
    for c in range(JASS.n_cards):
        s, r = divmod(c, _NR)
        if contract < 4 and s == contract:
            out.append(_TRUMP_BASE + int(TRUMP_ORDER[r]))
        elif contract == UNDENUFE:
            out.append(_NR - 1 - r)
        else:
            out.append(r)  # side suits and Obenabe: face order, ace high
    return out


#: KEY[contract * 36 + c]: how strongly c takes a trick (if it is a trump or of the led suit)
KEY = np.array([k for ct in range(6) for k in _key_row(ct)], dtype=np.int64)

#: card points by rank: in a trump contract (the trump J and 9 aside), in Obenabe, in Undenufe
_RANK_POINTS = (
    {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2},
    {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "8": 8},
    {"6": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "8": 8},  # the low card counts as the ace does
)
_TRUMP_POINTS = {"J": 20, "9": 14}


def _points_row(contract: int) -> list[int]:
    table = _RANK_POINTS[max(0, contract - 3)]
    out = []
    for c in range(JASS.n_cards):
        s, r = divmod(c, _NR)
        rank = JASS.ranks[r]
        if s == contract and rank in _TRUMP_POINTS:
            out.append(_TRUMP_POINTS[rank])
        else:
            out.append(table.get(rank, 0))
    return out


#: POINTS[contract * 36 + c]: card points of c (trump J 20, trump 9 14, A 11, T 10, K 4, Q 3, J 2;
#: in Obenabe the 8 counts 8; in Undenufe the 8 counts 8, the 6 counts 11 and the ace 0)
POINTS = np.array([p for ct in range(6) for p in _points_row(ct)], dtype=np.int64)


def card_points(cards: object, contract: str | int) -> int:
    """The card points of ``cards`` under ``contract`` (the last trick's bonus of 5 not included).

    ``cards``: card text, a list of card names, an ``int`` mask or a Jass :class:`CardSet`.
    Trump J 20, trump 9 14, A 11, T 10, K 4, Q 3, J 2; in Obenabe and Undenufe the 8
    counts 8, and in Undenufe the 6 counts 11 and the ace nothing.

    >>> card_points("sA sK sQ sJ", "u") + LAST_TRICK_BONUS    # Undenufe, the last trick
    14
    >>> card_points("sA sK sQ sJ", "o"), card_points("sJ s9 s6", "s")
    (20, 34)
    """
    code = parse_contract(contract)
    m = as_mask(cards, JASS, "cards")
    row = POINTS[code * JASS.n_cards : (code + 1) * JASS.n_cards]
    return int(sum(int(row[b]) for b in range(JASS.n_cards) if m >> b & 1))


# --- the rules -----------------------------------------------------------------
# Tables are indexed with unsigned ints: Numba then skips the check for negative indices (Python's
# wrap-around), which sits on the critical path of every play (the kernels pass valid indices only).
@njit(inline="always")
def _ix(contract, c):  # type: ignore[no-untyped-def]
    """The index of card ``c`` in a per-contract table (``KEY``, ``POINTS``, ``CAP``)."""
    return np.uint64(contract) * np.uint64(36) + np.uint64(c)


@njit(inline="always")
def contenders(lead_suit, contract):  # type: ignore[no-untyped-def]
    """The cards that can win a trick led in ``lead_suit``: that suit and the trumps."""
    return SUIT_MASKS[np.uint64(lead_suit)] | TRUMP_MASKS[np.uint64(contract)]


@njit(inline="always")
def key_among(c, bit, cont, contract):  # type: ignore[no-untyped-def]
    """How strongly card ``c`` (``bit`` its mask) takes a trick whose :func:`contenders` are ``cont``; ``-1`` if it cannot."""
    return KEY[_ix(contract, c)] if bit & cont else np.int64(-1)


@njit(inline="always")
def trick_lead(c, leader, contract):  # type: ignore[no-untyped-def]
    """A trick led with card ``c`` by column ``leader``: ``(lead_suit, cont, best, best_p, best_key)``.

    ``cont`` is the trick's :func:`contenders`; ``best``,
    ``best_p`` and ``best_key`` are the card winning so far, its column and its
    key (the lead always contends). :func:`trick_follow` plays the other three cards.
    """
    lead_suit = SUIT_OF[np.uint64(c)]
    return lead_suit, contenders(lead_suit, contract), c, leader, KEY[_ix(contract, c)]


@njit(inline="always")
def trick_follow(c, bit, p, cont, contract, best, best_p, best_key):  # type: ignore[no-untyped-def]
    """Card ``c`` (``bit`` its mask) played by column ``p`` into a trick begun by :func:`trick_lead`.

    The trick's new ``(best, best_p, best_key)``: ``c`` takes over if it beats ``best``.
    """
    k = key_among(c, bit, cont, contract)
    better = k > best_key
    return (c if better else best), (p if better else best_p), (k if better else best_key)


@njit(inline="always")
def card_key(c, lead_suit, contract):  # type: ignore[no-untyped-def]
    """How strongly card ``c`` takes a trick led in ``lead_suit``; ``-1`` if it cannot win it."""
    return key_among(c, np.uint64(1) << np.uint64(c), contenders(lead_suit, contract), contract)


@njit(inline="always")
def follow_mask(hand, lead_suit, best, contract):  # type: ignore[no-untyped-def]
    """The cards of ``hand`` that may be played to a trick led in ``lead_suit`` and won so far by ``best``.

    One branch-free formula covers the whole table (``TRUMP_MASKS`` and
    ``NEVER_FORCED`` are 0 in Obenabe and Undenufe, so there no card is a
    trump and the rule reduces to "follow suit if you can"):

    * ``must``: the cards of the led suit, the trump jack excepted on a trump lead;
    * ``over``: the overtrumps, i.e. the trumps above ``best`` if it is a trump, else every trump;
    * holding ``must``: ``must`` or an overtrump; otherwise anything but an undertrump;
    * if that leaves nothing but the trump jack (it is never forced), or nothing, any card.
    """
    hand = np.uint64(hand)
    jack = NEVER_FORCED[np.uint64(contract)]
    trumps = hand & TRUMP_MASKS[np.uint64(contract)]
    must = hand & SUIT_MASKS[np.uint64(lead_suit)] & ~jack
    # a signed index on purpose: best -1 (no card yet) wraps to the previous row's last entry, which lets every trump through
    over = trumps & CAP[contract * 36 + best]
    allowed = (must | over) if must else ((hand & ~trumps) | over)
    return allowed if allowed & ~jack else hand


@njit(inline="always")
def legal_mask(hand, lead_suit, best, contract):  # type: ignore[no-untyped-def]
    """The cards of ``hand`` that may be played.

    ``lead_suit`` is the suit led to this trick (``-1`` when leading: any card);
    ``best`` is the card winning the trick so far, from which the overtrumps
    follow: if it is a trump, only trumps above it. See :func:`follow_mask`.
    """
    if lead_suit < 0:
        return np.uint64(hand)
    return follow_mask(hand, lead_suit, best, contract)


@njit(inline="always")
def _winning_position(trick, n_trick, contract):  # type: ignore[no-untyped-def]
    """The position (0..n_trick-1) of the card that takes the first ``n_trick`` cards of ``trick`` so far."""
    lead_suit = SUIT_OF[trick[0]]
    best_j = 0
    best_key = card_key(trick[0], lead_suit, contract)
    for j in range(1, n_trick):
        k = card_key(trick[j], lead_suit, contract)
        if k > best_key:
            best_key = k
            best_j = j
    return best_j


@njit
def _winner_of(trick, contract):  # type: ignore[no-untyped-def]
    """The position of the card that takes ``trick`` (1..4 cards in play order)."""
    return _winning_position(trick, trick.shape[0], contract)


@njit
def _legal_after(hand, trick, n_trick, contract):  # type: ignore[no-untyped-def]
    """legal_mask for a hand after the ``n_trick`` cards ``trick`` were played to the trick."""
    if n_trick == 0:
        return legal_mask(hand, -1, -1, contract)
    return legal_mask(hand, SUIT_OF[trick[0]], trick[_winning_position(trick, n_trick, contract)], contract)


@warmup_task
def _warm() -> None:
    _legal_after(np.uint64(7), np.zeros(3, dtype=np.int64), np.int64(2), np.int64(1))
    _winner_of(np.arange(4, dtype=np.int64), np.int64(1))
