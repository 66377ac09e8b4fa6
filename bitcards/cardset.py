"""CardSet: an immutable set of cards, a mask bound to a layout.

>>> h = CardSet.parse("JC JS AC", "skat")
>>> len(h), "JC" in h, "JD" in h, str(h)
(3, True, False, 'JS JC AC')
>>> h
CardSet.parse('JS JC AC', 'skat')
>>> h | CardSet.parse("JD", "skat")
CardSet.parse('JD JS JC AC', 'skat')
>>> h.mask == (1 << 20) | (1 << 28) | (1 << 31)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import numpy as np

from bitcards.errors import InvalidCardsError
from bitcards.layouts import SUIT_SYMBOLS, Layout, get_layout
from bitcards.notation import Dialect, Style, format_card, parse_card, parse_mask

__all__ = ["CardSet", "as_mask"]

_RED = {0, 1}


class CardSet:
    """An immutable set of cards of one layout.

    Iteration runs in bit order (suits diamonds, hearts, spades, clubs; ranks
    low to high). ``| & ^ -`` combine sets of the same layout; ``in`` takes a
    card text or a bit index; equal sets hash equal.
    """

    __slots__ = ("_mask", "_layout")

    def __init__(self, mask: int, game: str | Layout) -> None:
        layout = get_layout(game)
        m = int(mask)
        if m < 0 or m & ~layout.mask_all:
            raise InvalidCardsError(
                f"mask {m:#x} has bits outside the {layout.name} deck (0..{layout.n_cards - 1})"
            )
        self._mask = m
        self._layout = layout

    # constructors ------------------------------------------------------
    @classmethod
    def parse(cls, text: str | Iterable[str], game: str | Layout, dialect: Dialect = "auto") -> CardSet:
        """Parse a list of cards; duplicates and cards outside the deck are errors."""
        return cls(parse_mask(text, game, dialect), game)

    @classmethod
    def from_bits(cls, bits: Iterable[int], game: str | Layout) -> CardSet:
        m = 0
        for b in bits:
            m |= 1 << int(b)
        return cls(m, game)

    @classmethod
    def full(cls, game: str | Layout) -> CardSet:
        layout = get_layout(game)
        return cls(layout.mask_all, layout)

    # views ---------------------------------------------------------------
    @property
    def mask(self) -> int:
        """The raw mask (an ``int``)."""
        return self._mask

    @property
    def layout(self) -> Layout:
        return self._layout

    def bits(self) -> list[int]:
        m = self._mask
        return [b for b in range(m.bit_length()) if m >> b & 1]

    def names(self, style: Style | None = None) -> list[str]:
        return [format_card(b, self._layout, style) for b in self.bits()]

    def format(self, style: Style | None = None, sep: str = " ") -> str:
        return sep.join(self.names(style))

    # set protocol ----------------------------------------------------------
    def __len__(self) -> int:
        return self._mask.bit_count()

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            b = parse_card(card, self._layout)
        elif isinstance(card, int):
            b = card
        else:
            return False
        return 0 <= b < self._layout.n_cards and bool(self._mask >> b & 1)

    def __bool__(self) -> bool:
        return self._mask != 0

    def _other(self, other: object) -> int:
        if not isinstance(other, CardSet):
            return NotImplemented  # type: ignore[return-value]
        if other._layout is not self._layout:
            raise InvalidCardsError(f"cannot combine a {self._layout.name} set with a {other._layout.name} set")
        return other._mask

    def __or__(self, other: CardSet) -> CardSet:
        m = self._other(other)
        return m if m is NotImplemented else CardSet(self._mask | m, self._layout)  # type: ignore[comparison-overlap]

    def __and__(self, other: CardSet) -> CardSet:
        m = self._other(other)
        return m if m is NotImplemented else CardSet(self._mask & m, self._layout)  # type: ignore[comparison-overlap]

    def __xor__(self, other: CardSet) -> CardSet:
        m = self._other(other)
        return m if m is NotImplemented else CardSet(self._mask ^ m, self._layout)  # type: ignore[comparison-overlap]

    def __sub__(self, other: CardSet) -> CardSet:
        m = self._other(other)
        return m if m is NotImplemented else CardSet(self._mask & ~m, self._layout)  # type: ignore[comparison-overlap]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CardSet):
            return NotImplemented
        return self._mask == other._mask and self._layout is other._layout

    def __hash__(self) -> int:
        return hash((self._layout.name, self._mask))

    def __le__(self, other: CardSet) -> bool:
        m = self._other(other)
        return self._mask & ~m == 0

    def __ge__(self, other: CardSet) -> bool:
        return other <= self

    # display -------------------------------------------------------------
    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"CardSet.parse({self.format()!r}, {self._layout.name!r})"

    def _repr_html_(self) -> str:
        spans = []
        for b in self.bits():
            rank = self._layout.ranks[self._layout.rank_of(b)]
            suit = self._layout.suit_of(b)
            # black suits take the text colour of the page, so they stay visible on a dark theme
            colour = "#d22" if suit in _RED else "currentColor"
            spans.append(f'<span style="color:{colour};font-family:monospace">{rank}{SUIT_SYMBOLS[suit]}</span>')
        return " ".join(spans) if spans else "<i>no cards</i>"


def as_mask(cards: object, game: str | Layout, what: str = "hand") -> int:
    """An ``int`` mask of ``game``'s deck from a :class:`CardSet`, an ``int`` mask, card text or a list of card names.

    ``what`` names the argument in errors: :class:`InvalidCardsError` for a card set of
    another deck or bits outside the deck, :class:`ParseError` for bad card text,
    ``TypeError`` for anything else.

    >>> as_mask("d6 d7", "jass"), as_mask(CardSet(5, "jass"), "jass"), as_mask(["JC"], "skat") == 1 << 28
    (3, 5, True)
    """
    layout = get_layout(game)
    if isinstance(cards, CardSet):
        if cards.layout is not layout:
            raise InvalidCardsError(f"{what}: a {cards.layout.name} card set is not a {layout.name} hand")
        return cards.mask
    if isinstance(cards, (int, np.integer)) and not isinstance(cards, bool):
        m = int(cards)
        if m < 0 or m & ~layout.mask_all:
            raise InvalidCardsError(f"{what}: mask {m:#x} has bits outside the {layout.name} deck (0..{layout.n_cards - 1})")
        return m
    if isinstance(cards, (str, Iterable)):
        return parse_mask(cards, layout)  # type: ignore[arg-type]
    raise TypeError(f"{what} must be a CardSet, a mask or card text, not {type(cards).__name__}")
