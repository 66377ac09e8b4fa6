"""Card layouts: which bit of a mask is which card.

One convention for every game: **suit-major, ranks in face order low to
high**, ``bit = suit * n_ranks + rank``. Suits are always numbered
diamonds 0, hearts 1, spades 2, clubs 3 (the order of Skat's base values, and
of skat-game-id's card numbers). A game's *strength* order is a table lookup
on top of this, never a different layout.

==========  =====  =========================================  ===========
layout      cards  ranks, low to high (rank index 0, 1, ...)  bit
==========  =====  =========================================  ===========
``skat``    32     7 8 9 T J Q K A                            suit*8 + r
``jass``    36     6 7 8 9 T J Q K A                          suit*9 + r
``euchre``  24     9 T J Q K A                                suit*6 + r
``french``  52     A 2 3 4 5 6 7 8 9 T J Q K                  suit*13 + r
==========  =====  =========================================  ===========

The Skat layout is exactly the card number of the Java library skat-game-id
(S7 = 0, ..., SA = 7, R7 = 8, ..., EA = 31), so a deal id is a bit interleave
of the four hand masks.

>>> SKAT.bit(SPADES, SKAT.rank_index("J")), SKAT.card_name(31)
(20, 'AC')
>>> [SKAT.card_name(b) for b in range(0, 32, 8)]
['7D', '7H', '7S', '7C']
>>> hex(SKAT.suit_mask(CLUBS)), hex(SKAT.rank_mask(SKAT.rank_index("J")))
('0xff000000', '0x10101010')
>>> FRENCH.card_name(FRENCH.bit(HEARTS, 0)), len(FRENCH), JASS.n_cards, EUCHRE.n_cards
('AH', 52, 36, 24)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

__all__ = [
    "DIAMONDS",
    "HEARTS",
    "SPADES",
    "CLUBS",
    "SUIT_LETTERS",
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "Layout",
    "SKAT",
    "JASS",
    "EUCHRE",
    "FRENCH",
    "LAYOUTS",
    "get_layout",
]

DIAMONDS, HEARTS, SPADES, CLUBS = 0, 1, 2, 3
SUIT_LETTERS = "DHSC"
SUIT_NAMES = ("Diamonds", "Hearts", "Spades", "Clubs")
SUIT_SYMBOLS = "♦♥♠♣"
#: German suit letters of skat-game-id: Schellen, Rot, Grün, Eicheln.
GERMAN_SUIT_LETTERS = "SRGE"


@dataclass(frozen=True)
class Layout:
    """A deck: its ranks and the bit of each card.

    ``ranks`` are the rank letters, low to high (``T`` is the ten).
    """

    name: str
    ranks: str
    n_suits: int = 4
    #: the default card notation of this deck (see :func:`bitcards.format_card`)
    style: str = "english"
    _rank_pos: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_rank_pos", {r: i for i, r in enumerate(self.ranks)})

    # sizes --------------------------------------------------------------
    @property
    def n_ranks(self) -> int:
        return len(self.ranks)

    @property
    def n_cards(self) -> int:
        return self.n_ranks * self.n_suits

    def __len__(self) -> int:
        return self.n_cards

    # masks --------------------------------------------------------------
    @property
    def mask_all(self) -> int:
        """Mask of every card of the deck."""
        return (1 << self.n_cards) - 1

    def suit_mask(self, suit: int) -> int:
        """Mask of the printed suit ``suit`` (0 diamonds .. 3 clubs)."""
        return ((1 << self.n_ranks) - 1) << (suit * self.n_ranks)

    def rank_mask(self, rank: int) -> int:
        """Mask of the four cards of rank index ``rank``."""
        return sum(1 << (s * self.n_ranks + rank) for s in range(self.n_suits))

    # cards --------------------------------------------------------------
    def bit(self, suit: int, rank: int) -> int:
        """The bit index of a card."""
        return suit * self.n_ranks + rank

    def suit_of(self, bit: int) -> int:
        return bit // self.n_ranks

    def rank_of(self, bit: int) -> int:
        return bit % self.n_ranks

    def rank_index(self, letter: str) -> int:
        """Rank index of a rank letter (``T`` for the ten)."""
        return self._rank_pos[letter]

    def has_rank(self, letter: str) -> bool:
        return letter in self._rank_pos

    def card_name(self, bit: int) -> str:
        """Canonical name, rank then suit letter: ``JC``, ``TS``, ``5H``."""
        return self.ranks[self.rank_of(bit)] + SUIT_LETTERS[self.suit_of(bit)]

    def bits(self) -> Iterator[int]:
        return iter(range(self.n_cards))

    def bit_table(self) -> str:
        """The full bit table as text, one suit per line."""
        lines = []
        for s in range(self.n_suits):
            cells = [f"{self.bit(s, r):2d}={self.card_name(self.bit(s, r))}" for r in range(self.n_ranks)]
            lines.append(f"{SUIT_NAMES[s]:<8} " + " ".join(cells))
        return "\n".join(lines)


SKAT = Layout("skat", "789TJQKA")
JASS = Layout("jass", "6789TJQKA", style="suitfirst")
EUCHRE = Layout("euchre", "9TJQKA", style="euchre")
FRENCH = Layout("french", "A23456789TJQK")

#: the decks by name
LAYOUTS: dict[str, Layout] = {lay.name: lay for lay in (SKAT, JASS, EUCHRE, FRENCH)}


def get_layout(game: str | Layout) -> Layout:
    """The layout of a deck (``skat``, ``jass``, ``euchre``, ``french``) or of a game in :data:`bitcards.GAMES`."""
    if isinstance(game, Layout):
        return game
    if not isinstance(game, str):
        raise TypeError(f"a game or deck is named by a str, not {type(game).__name__}")
    lay = LAYOUTS.get(game.strip().lower())
    if lay is not None:
        return lay
    from bitcards.games import GAMES

    spec = GAMES.get(game.strip().lower())
    if spec is not None:
        return spec.layout
    from bitcards.errors import ParseError, shorten

    names = sorted(set(LAYOUTS) | set(GAMES))
    raise ParseError(f"unknown game {shorten(game)}; expected one of {', '.join(names)}", token=str(game))
