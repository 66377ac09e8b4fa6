"""Game-run ids: a whole Skat game (deal, bids, skat cards, game type, tricks) in 222 bits.

The layout is skat-game-id's ``GameRun`` id (stream bit ``i`` = bit ``i`` of the int; fields are
written most significant bit first into increasing positions):

=============  =====  ==========================================================
stream bits    width  field
=============  =====  ==========================================================
0-63           64     the deal id (:mod:`bitcards.skat.ids.game`)
64, 71, 78     7 each bids of front, middle, rear: indices into :data:`BID_TABLE`
85, 90         5 each the two cards put into the skat (or the skat of a hand game)
95             3      game kind: 0 null, 1 diamonds (S), 2 hearts (R), 3 spades (G), 4 clubs (E), 5 grand
98-101         1 each hand, ouvert, hand announced, ouvert announced
102 + 12t + 4j 4      trick ``t`` (0-9), player ``j`` (front, middle, rear): the card's index in that hand
=============  =====  ==========================================================

Base64 and decimal follow the game id's rules (:mod:`bitcards.skat.ids.codec`); for runs whose
hands are listed in card order (the form Java's decoder returns) every id is identical to Java's.

>>> run = parse_run_id("AABQVVWqqvpwKETIPCAhMbGwqKipuXl4ZCQkIA==")
>>> run.bids, run.kind_name, run.hand, [format_card(c, "skat", "german") for c in run.trick_cards(1)]
((7, 5, 4), 'clubs', True, ['S8', 'RU', 'GA'])

(Java's ``trickAsCards(1)`` says ``S8 RX GO``: it ignores the stored indices ``1 2 3`` and returns
the second card of each hand.)
>>> run_to_decimal(run)
129090697728898356188161029675937060363232303187716560461767712

Where skat-game-id loses information, bitcards does not:

* a run listed with unsorted hands is normalised before encoding (hands sorted, trick indices
  remapped to the same cards), so its id decodes to the same game (Java encodes the indices as
  listed but decodes them against sorted hands, so they point at other cards);
* bids are indices 0..72, card indices 0..9, kinds 0..5, and every card of a hand is played
  exactly once over 10 tricks (or no tricks are recorded at all, e.g. for a passed game); anything
  else is refused with :class:`~bitcards.errors.InvalidCardsError` instead of being wrapped into
  the field width;
* decoding refuses non-zero bits beyond bit 221 (Java ignores them, e.g. an 11th trick).

bitcards' encoder always writes the full 222 bits, but trailing zero bytes are dropped, so a run
without tricks has a short id. bitcards decodes any id up to 28 bytes by reading missing bits as
zeros (Java's ``GameRun.ofId`` refuses ids shorter than 25 bytes, even its own); an all-zero trick
field means "no tricks recorded".
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, field, replace

from bitcards.errors import CodecError, InvalidCardsError
from bitcards.notation import format_card
from bitcards.skat.ids.codec import _readings, bytes_to_id, id_to_bytes, java_base64_decode
from bitcards.skat.ids.game import Game, explain_deal_id

__all__ = [
    "BID_TABLE",
    "GAME_KINDS",
    "RUN_BITS",
    "GameRun",
    "encode_run",
    "decode_run",
    "format_run_id",
    "parse_run_id",
    "run_to_decimal",
    "run_from_decimal",
    "run_decimal_readings",
]

#: skat-game-id's 73 bid values; a run stores indices into this table (0 = pass). Not the same as
#: ``bitcards.skat.BID_VALUES``: it has 0 and some values no game reaches (171, 189, 207, ...), as Java's has.
BID_TABLE: tuple[int, ...] = (
    0, 18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48,
    50, 54, 55, 59, 60, 63, 66, 70, 72, 77, 80, 81, 84, 88, 90, 96,
    99, 100, 108, 110, 117, 120, 121, 126, 130, 132, 135, 140, 143,
    144, 150, 153, 154, 156, 160, 162, 165, 168, 170, 171, 176, 180,
    187, 189, 190, 192, 198, 200, 204, 207, 209, 210, 216, 220, 228,
    240, 264,
)  # fmt: skip
#: game kinds by their 3-bit code
GAME_KINDS: tuple[str, ...] = ("null", "diamonds", "hearts", "spades", "clubs", "grand")
#: bits of a run id with 10 tricks
RUN_BITS = 222
_MAX_BYTES = (RUN_BITS + 7) // 8  # 28


def _german(c: int) -> str:
    return format_card(c, "skat", "german")


@dataclass(frozen=True)
class GameRun:
    """One Skat game as skat-game-id's ``GameRun``: the deal and how it was played.

    ``game`` lists the hands in any order; ``tricks`` holds 10 triples of card *indices* into
    the front, middle and rear hands as listed (or is empty: no tricks recorded). ``bids`` are
    indices into :data:`BID_TABLE`; ``skat_cards`` are the two cards put into the skat (card
    numbers); ``kind`` indexes :data:`GAME_KINDS`.

    >>> g = Game.from_id("AABQVVWqqvo=")
    >>> run = GameRun(g, (7, 5, 4), (8, 9), 4, True, True, True, True,
    ...               tuple(((t) % 10, (t + 1) % 10, (t + 2) % 10) for t in range(10)))
    >>> format_run_id(run)
    'AABQVVWqqvpwKETIPCAhMbGwqKipuXl4ZCQkIA=='
    >>> run.solo_player, run.bid_values
    ('front', (30, 24, 23))

    ``check_play=False`` skips the one game-logic check (each card of a hand played exactly once);
    the fields must still be representable. Use it for runs such as the 27-byte example of the
    format description, whose last trick ``9 4 0`` plays middle's card 4 twice.
    """

    game: Game
    bids: tuple[int, int, int] = (0, 0, 0)
    skat_cards: tuple[int, int] = (0, 0)
    kind: int = 0
    hand: bool = False
    ouvert: bool = False
    hand_announced: bool = False
    ouvert_announced: bool = False
    tricks: tuple[tuple[int, int, int], ...] = field(default=())
    check_play: bool = field(default=True, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.game, Game):
            raise TypeError(f"game must be a Game, got {type(self.game).__name__}")
        bids = tuple(int(b) for b in self.bids)
        if len(bids) != 3:
            raise InvalidCardsError(f"a run has 3 bids (front, middle, rear), got {len(bids)}")
        for who, b in zip(("front", "middle", "rear"), bids):
            if not 0 <= b < len(BID_TABLE):
                raise InvalidCardsError(
                    f"bid of {who} is {b}: bids are indices 0..{len(BID_TABLE) - 1} into BID_TABLE"
                    " (a 7-bit field; Java would store it wrapped)"
                )
        cards = tuple(int(c) for c in self.skat_cards)
        if len(cards) != 2 or not all(0 <= c < 32 for c in cards):
            raise InvalidCardsError(f"skat_cards must be two card numbers 0..31, got {self.skat_cards!r}")
        kind = int(self.kind)
        if not 0 <= kind < len(GAME_KINDS):
            raise InvalidCardsError(f"game kind {kind} is not one of 0..5 ({', '.join(GAME_KINDS)})")
        tricks = tuple(tuple(int(i) for i in t) for t in self.tricks)
        if tricks:
            if len(tricks) != 10:
                raise InvalidCardsError(f"a run has 10 tricks (or none recorded), got {len(tricks)}")
            for t, tr in enumerate(tricks):
                if len(tr) != 3 or not all(0 <= i <= 9 for i in tr):
                    raise InvalidCardsError(f"trick {t + 1} must be 3 card indices 0..9, got {tr!r}")
            if all(tr == (0, 0, 0) for tr in tricks):
                raise InvalidCardsError("10 tricks of 0 0 0 cannot be stored: an all-zero trick field means no tricks recorded")
            for j, who in enumerate(("front", "middle", "rear") if self.check_play else ()):
                played = sorted(tr[j] for tr in tricks)
                if played != list(range(10)):
                    twice = sorted({i for i in played if played.count(i) > 1})
                    raise InvalidCardsError(
                        f"{who} must play each of its 10 cards exactly once, but plays index {twice[0]} more than once"
                    )
        object.__setattr__(self, "bids", bids)
        object.__setattr__(self, "skat_cards", cards)
        object.__setattr__(self, "kind", kind)
        for name in ("hand", "ouvert", "hand_announced", "ouvert_announced"):
            object.__setattr__(self, name, bool(getattr(self, name)))
        object.__setattr__(self, "tricks", tricks)

    @property
    def kind_name(self) -> str:
        return GAME_KINDS[self.kind]

    @property
    def flags(self) -> tuple[bool, bool, bool, bool]:
        """``(hand, ouvert, hand_announced, ouvert_announced)``."""
        return (self.hand, self.ouvert, self.hand_announced, self.ouvert_announced)

    @property
    def bid_values(self) -> tuple[int, int, int]:
        """The bids as game values (``BID_TABLE[index]``)."""
        return (BID_TABLE[self.bids[0]], BID_TABLE[self.bids[1]], BID_TABLE[self.bids[2]])

    @property
    def solo_player(self) -> str | None:
        """skat-game-id's rule: no one if all bids are 0, else front if its bid beats both, else middle if
        middle's beats rear's, else rear."""
        b0, b1, b2 = self.bids
        if b0 == b1 == b2 == 0:
            return None
        if b0 > b1 and b0 > b2:
            return "front"
        return "middle" if b1 > b2 else "rear"

    def trick_cards(self, t: int) -> tuple[int, int, int]:
        """The card numbers played in trick ``t`` (0..9) by front, middle and rear.

        (Java's ``trickAsCards`` ignores the stored indices; this uses them.)
        """
        i, j, k = self.tricks[t]
        return (self.game.front[i], self.game.middle[j], self.game.rear[k])

    def normalized(self) -> GameRun:
        """The same game with every hand sorted and the trick indices remapped to the same cards."""
        norm = self.game.normalized()
        hands = (self.game.front, self.game.middle, self.game.rear)
        new_hands = (norm.front, norm.middle, norm.rear)
        remap = [[new.index(card) for card in old] for old, new in zip(hands, new_hands)]
        tricks = tuple((remap[0][a], remap[1][b], remap[2][c]) for a, b, c in self.tricks)
        return replace(self, game=norm, tricks=tricks)

    def is_normalized(self) -> bool:
        return self.game.is_normalized()

    def __str__(self) -> str:
        from bitcards.skat.ids.text import format_game_run

        return format_game_run(self).rstrip("\n")


def _put(value: int, pos: int, width: int) -> int:
    """``value`` written MSB first into stream bits ``pos .. pos + width - 1``."""
    return int(format(value, f"0{width}b")[::-1], 2) << pos


def _get(x: int, pos: int, width: int) -> int:
    return int(format((x >> pos) & ((1 << width) - 1), f"0{width}b")[::-1], 2)


def encode_run(run: GameRun) -> int:
    """The run id as an ``int`` (stream bit ``i`` = bit ``i``); the run is normalised first.

    >>> run = decode_run(encode_run(GameRun(Game.from_id("r6qqVVUF"), (1, 0, 0))))
    >>> run.bids, run.tricks
    ((1, 0, 0), ())
    """
    r = run.normalized()
    x = r.game.deal_id
    for j, b in enumerate(r.bids):
        x |= _put(b, 64 + 7 * j, 7)
    x |= _put(r.skat_cards[0], 85, 5) | _put(r.skat_cards[1], 90, 5)
    x |= _put(r.kind, 95, 3)
    for j, f in enumerate(r.flags):
        x |= int(f) << (98 + j)
    for t, tr in enumerate(r.tricks):
        for j, i in enumerate(tr):
            x |= _put(i, 102 + 12 * t + 4 * j, 4)
    return x


def decode_run(x: int, *, check_play: bool = True) -> GameRun:
    """The (normalized) :class:`GameRun` of a run id ``int``; :class:`CodecError` if it is not one.

    ``check_play=False`` accepts tricks that do not play every card exactly once.

    >>> decode_run(0)
    Traceback (most recent call last):
    ...
    bitcards.errors.CodecError: run id 0x0 is not a game run: card 10 (R9) would be the 11th card of front
    """
    x = int(x)
    if x < 0:
        raise CodecError(f"a run id is a non-negative bit stream, got {x}")
    if x >> RUN_BITS:
        raise CodecError(
            f"run id has non-zero bits beyond bit {RUN_BITS - 1} (a 10-trick run has {RUN_BITS} bits;"
            " Java ignores them, bitcards refuses to drop data)"
        )
    deal = x & ((1 << 64) - 1)
    why = explain_deal_id(deal)
    if why is not None:
        raise CodecError(f"run id {x:#x} is not a game run: {why}")
    kind = _get(x, 95, 3)
    if kind >= len(GAME_KINDS):
        raise CodecError(f"run id has game kind {kind}, not one of 0..5")
    tricks: tuple[tuple[int, int, int], ...] = ()
    if x >> 102:
        tricks = tuple(
            (_get(x, 102 + 12 * t, 4), _get(x, 106 + 12 * t, 4), _get(x, 110 + 12 * t, 4)) for t in range(10)
        )
    try:
        return GameRun(
            Game.from_id(deal),
            (_get(x, 64, 7), _get(x, 71, 7), _get(x, 78, 7)),
            (_get(x, 85, 5), _get(x, 90, 5)),
            kind,
            hand=bool(x >> 98 & 1),
            ouvert=bool(x >> 99 & 1),
            hand_announced=bool(x >> 100 & 1),
            ouvert_announced=bool(x >> 101 & 1),
            tricks=tricks,
            check_play=check_play,
        )
    except InvalidCardsError as e:
        raise CodecError(f"run id is not a valid game run: {e}") from None


def format_run_id(run: GameRun) -> str:
    """The Base64 run id (Java's ``GameRun.computeId()`` for a run with sorted hands)."""
    return base64.b64encode(id_to_bytes(encode_run(run))).decode("ascii")


def parse_run_id(text: str, *, check_play: bool = True) -> GameRun:
    """The :class:`GameRun` of a Base64 run id.

    Base64 is read as Java reads it (padding optional, unused bits ignored, no whitespace or
    URL-safe characters). Unlike Java, ids shorter than 25 bytes are read with the missing bits as zeros.

    >>> parse_run_id("AABQVVWqqvpwKETIPCAhMbGwqKipuXl4ZCSk", check_play=False).tricks[9]
    (9, 4, 0)
    """
    if not isinstance(text, str):
        raise TypeError(f"run id must be a str, got {type(text).__name__}")
    if len(text) < 2:
        raise CodecError(f"run id {text!r} is too short")
    data = java_base64_decode(text, "run id")
    try:
        return decode_run(bytes_to_id(data), check_play=check_play)
    except CodecError as e:
        raise CodecError(f"run id {text!r}: {e}") from None


def run_to_decimal(run: GameRun) -> int:
    """The decimal run id (Java's ``computeIdAsBigInteger()``): the id's bytes read big-endian, signed."""
    return int.from_bytes(id_to_bytes(encode_run(run)), "big", signed=True)


def _decode_run_bytes(data: bytes, check_play: bool = True) -> GameRun:
    return decode_run(bytes_to_id(data), check_play=check_play)


def run_decimal_readings(value: int) -> list[tuple[int, GameRun]]:
    """Every ``(byte length, run)`` whose decimal run id is ``value`` (lengths up to 28 bytes)."""
    return _readings(value, _MAX_BYTES, _decode_run_bytes, None, "decimal run id")  # type: ignore[return-value]


def run_from_decimal(value: int, length: int | None = None, *, check_play: bool = True) -> GameRun:
    """The :class:`GameRun` of a decimal run id; ``length`` (bytes) picks one reading when several are valid.

    >>> run_from_decimal(129090697728898356188161029675937060363232303187716560461767712).skat_cards
    (8, 9)
    """
    v = int(value)
    found = _readings(v, _MAX_BYTES, lambda d: _decode_run_bytes(d, check_play), length, f"decimal run id {v}")
    if not found:
        raise CodecError(f"decimal run id {v} is not the decimal of any game run id")
    if len(found) > 1:
        listed = ", ".join(f"{n} bytes: {format_run_id(r)}" for n, r in found)  # type: ignore[arg-type]
        raise CodecError(
            f"decimal run id {v} is ambiguous: {len(found)} runs have it ({listed}); give the byte length (length=, --length)"
        )
    return found[0][1]  # type: ignore[return-value]
