"""Reading the cards a cribbage function is given: text, card names, bit indices, masks, CardSet."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from bitcards.cardset import CardSet
from bitcards.errors import InvalidCardsError
from bitcards.layouts import FRENCH
from bitcards.notation import parse_cards

#: What the scalar functions accept for a set of cards: ``"5H 5D 7D JD"``, ``["5H", "5D"]``,
#: a sequence of FRENCH bit indices, an ``int`` mask, or a :class:`~bitcards.CardSet`.
Cards = str | Iterable[str] | Iterable[int] | int | CardSet
#: What the scalar functions accept for one card: ``"8D"``, a 1-card ``int`` mask, or a 1-card CardSet.
Card = str | int | CardSet

DECK_MASK = FRENCH.mask_all


def _mask_bits(m: int, what: str) -> list[int]:
    if m < 0 or m & ~DECK_MASK:
        raise InvalidCardsError(f"{what}: mask {m:#x} has bits outside the 52-card deck")
    return [b for b in range(52) if m >> b & 1]


def card_bits(cards: Cards, what: str = "cards", notes: list[str] | None = None) -> list[int]:
    """FRENCH bit indices of ``cards``, in the given order (masks: low bit first). Duplicates are errors."""
    if isinstance(cards, CardSet):
        if cards.layout.n_cards != 52:
            raise InvalidCardsError(f"{what}: a {cards.layout.name} CardSet is not a cribbage (52-card) hand")
        return cards.bits()
    if isinstance(cards, bool):
        raise TypeError(f"{what}: expected cards, got a bool")
    if isinstance(cards, (int, np.integer)):
        return _mask_bits(int(cards), what)
    if isinstance(cards, str):
        return parse_cards(cards, FRENCH, "english", unique=True, notes=notes)
    items: list[object] = list(cards)
    if all(isinstance(c, str) for c in items):
        return parse_cards([str(c) for c in items], FRENCH, "english", unique=True, notes=notes)
    bits: list[int] = []
    for c in items:
        if isinstance(c, bool) or not isinstance(c, (int, np.integer)):
            raise TypeError(f"{what}: expected card names or bit indices, got {type(c).__name__}")
        b = int(c)
        if not 0 <= b < 52:
            raise InvalidCardsError(f"{what}: bit index {b} is outside the 52-card deck (0..51)")
        if b in bits:
            raise InvalidCardsError(f"{what}: card {FRENCH.card_name(b)} given twice")
        bits.append(b)
    return bits


def hand_and_starter(hand: Cards, starter: Card) -> tuple[list[int], int]:
    """Held bits (4, input order) and the starter bit; checks counts and overlap."""
    held = card_bits(hand, "hand")
    if len(held) != 4:
        raise InvalidCardsError(f"a cribbage hand holds 4 cards, got {len(held)}")
    st = card_bits(starter, "starter")  # type: ignore[arg-type]
    if len(st) != 1:
        raise InvalidCardsError(f"the starter is one card, got {len(st)}")
    if st[0] in held:
        raise InvalidCardsError(f"the starter {FRENCH.card_name(st[0])} is also in the hand")
    return held, st[0]


def bits_to_mask(bits: Iterable[int]) -> int:
    m = 0
    for b in bits:
        m |= 1 << b
    return m
