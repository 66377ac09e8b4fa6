"""Card and action numbers of OpenSpiel's Skat, Euchre and Cribbage, and bitcards' card bits.

OpenSpiel (DeepMind's framework for games and reinforcement learning) numbers
the cards of each game its own way; these converters move between its card
ids and bitcards' bits (see :mod:`bitcards.layouts`), one card at a time, a
mask at a time (as the sorted id list OpenSpiel's legal actions use) or many
masks at a time (as the multi-hot rows of its observation tensors).
``docs/openspiel.md`` says how whole states and observations correspond.

=============  ================================  ==========================================
game           OpenSpiel card id                 what differs from bitcards' bit
=============  ================================  ==========================================
``skat``       suit * 8 + rank, suits D H S C,   ranks ordered 7 8 9 Q K T A J
               ranks 7 8 9 Q K T A J             (bitcards: 7 8 9 T J Q K A)
``euchre``     rank * 4 + suit, ranks 9 T J Q    rank-major; suits ordered C D H S
               K A, suits C D H S                (bitcards: suit * 6 + rank, D H S C)
``cribbage``   suit * 13 + rank, suits C D H S,  suits ordered C D H S
               ranks A 2 .. K                    (bitcards: D H S C)
=============  ================================  ==========================================

A card is played (and dealt, and discarded) in OpenSpiel by the action whose
number is its card id: :func:`openspiel_action_for_card`. The other actions
(passes, bids, trump choices, Cribbage's two-card throws) have their own
numbers, given by :data:`SKAT_ACTIONS`, :data:`EUCHRE_ACTIONS`,
:func:`openspiel_throw_action` and :data:`CRIBBAGE_PASS`.

:func:`skat_observation_tensor` and :func:`euchre_information_state_tensor` build
OpenSpiel's whole observation vectors for those games from bitcards masks and
card bits (OpenSpiel's Cribbage has no tensor).

>>> import bitcards
>>> jc = bitcards.parse_card("JC", "skat")
>>> jc, to_openspiel_card("skat", jc), openspiel_card_string("skat", 31)
(28, 31, 'CJ')
>>> to_openspiel_cards("euchre", bitcards.parse_mask("9C 9D AS", "euchre")).tolist()
[0, 1, 23]
>>> bitcards.format_cards(from_openspiel_cards("cribbage", [0, 13, 51]), "cribbage")
'AD KS AC'
>>> openspiel_throw_action("cribbage", bitcards.parse_mask("2C KC", "cribbage"))
116
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import overload

import numpy as np

from bitcards.errors import InvalidCardsError, ParseError, shorten
from bitcards.layouts import EUCHRE, FRENCH, SKAT, SUIT_LETTERS, Layout

__all__ = [
    "OPENSPIEL_GAMES",
    "SKAT_ACTIONS",
    "EUCHRE_ACTIONS",
    "CRIBBAGE_PASS",
    "to_openspiel_card",
    "from_openspiel_card",
    "to_openspiel_cards",
    "from_openspiel_cards",
    "openspiel_card_string",
    "openspiel_action_for_card",
    "card_for_openspiel_action",
    "openspiel_multi_hot",
    "from_openspiel_multi_hot",
    "openspiel_throw_action",
    "cards_for_openspiel_throw",
    "SKAT_PHASES",
    "SKAT_OBSERVATION_SIZE",
    "skat_observation_tensor",
    "EUCHRE_INFORMATION_STATE_SIZE",
    "euchre_information_state_tensor",
]


@dataclass(frozen=True)
class _Deck:
    """How OpenSpiel numbers one game's cards: its suit and rank letters, and which comes first."""

    game: str
    layout: Layout
    suits: str  # OpenSpiel's suit order (letters as bitcards writes them)
    ranks: str  # OpenSpiel's rank order within a suit
    rank_major: bool  # id = rank * n_suits + suit (Euchre) instead of suit * n_ranks + rank
    suit_first: bool  # OpenSpiel writes a card suit letter first ("D7") instead of rank first ("AC")

    def os_id(self, bit: int) -> int:
        suit = SUIT_LETTERS[self.layout.suit_of(bit)]
        rank = self.layout.ranks[self.layout.rank_of(bit)]
        s, r = self.suits.index(suit), self.ranks.index(rank)
        return r * len(self.suits) + s if self.rank_major else s * len(self.ranks) + r


_DECKS = {
    d.game: d
    for d in (
        # open_spiel/games/skat.h: enum Suit kDiamonds..kClubs, enum Rank kSeven, kEight, kNine, kQueen,
        # kKing, kTen, kAce, kJack; skat.cc: CardSuit = card / 8, CardRank = card % 8
        _Deck("skat", SKAT, "DHSC", "789QKTAJ", rank_major=False, suit_first=True),
        # open_spiel/games/euchre/euchre.h: card = rank * kNumSuits + suit, kSuitChar "CDHS", kRankChar "9TJQKA"
        _Deck("euchre", EUCHRE, "CDHS", "9TJQKA", rank_major=True, suit_first=True),
        # open_spiel/games/cribbage/cribbage.h/.cc: kAllCards id = suit * 13 + rank, suits "CDHS", ranks "A23456789TJQK"
        _Deck("cribbage", FRENCH, "CDHS", "A23456789TJQK", rank_major=False, suit_first=False),
    )
}

#: the games OpenSpiel and bitcards both have
OPENSPIEL_GAMES = tuple(_DECKS)

#: bit -> OpenSpiel card id, and back, per game
_TO_OS = {g: np.array([d.os_id(b) for b in range(d.layout.n_cards)], dtype=np.int64) for g, d in _DECKS.items()}
_FROM_OS = {g: np.argsort(t).astype(np.int64) for g, t in _TO_OS.items()}

#: OpenSpiel's Skat actions besides cards (open_spiel/games/skat.h: kBiddingActionBase = 32 + SkatGameType)
SKAT_ACTIONS = {"pass": 32, "diamonds": 33, "hearts": 34, "spades": 35, "clubs": 36, "grand": 37, "null": 38}
#: OpenSpiel's Euchre actions besides cards (open_spiel/games/euchre/euchre.h: kPassAction .. kPlayWithPartnerAction)
EUCHRE_ACTIONS = {"pass": 24, "clubs": 25, "diamonds": 26, "hearts": 27, "spades": 28, "alone": 29, "partner": 30}
#: OpenSpiel's Cribbage pass (a player with no card that fits under 31; bitcards' engine says "go" by itself)
CRIBBAGE_PASS = 2756
_CRIBBAGE_PAIRS = 52  # first two-card throw action: 52 + 52 * first + second (open_spiel/games/cribbage/cribbage.cc)


def _deck(game: object) -> _Deck:
    if not isinstance(game, str):
        raise TypeError(f"a game is named by a str, not {type(game).__name__}")
    d = _DECKS.get(game.strip().lower())
    if d is None:
        raise ParseError(f"no OpenSpiel mapping for {shorten(game)}; games with one: {', '.join(OPENSPIEL_GAMES)}", token=game)
    return d


def _int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{what} must be an int, not {type(value).__name__}")
    return int(value)


def _int_array(values: object, what: str) -> np.ndarray:
    arr = np.asarray(values)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"{what} must be integers, not dtype {arr.dtype}")
    return arr.astype(np.int64)


def _check_range(arr: np.ndarray, n: int, what: str) -> None:
    bad = np.flatnonzero((arr < 0) | (arr >= n))
    if bad.size:
        i = int(bad[0])
        at = f" at index {i}" if arr.ndim else ""
        raise InvalidCardsError(f"{what} {int(arr.reshape(-1)[i])}{at} is outside 0..{n - 1}", row=i if arr.ndim else None)


# --- one card, or an array of cards ---------------------------------------------------------------
def _lookup(table: np.ndarray, value: object, what: str) -> int | np.ndarray:
    """``table[value]`` for an int or an integer array, ``value`` checked against the deck's size."""
    n = table.shape[0]
    if isinstance(value, (np.ndarray, list, tuple)):
        arr = _int_array(value, what + "s")
        _check_range(arr, n, what)
        return table[arr]
    v = _int(value, what)
    if not 0 <= v < n:
        raise InvalidCardsError(f"{what} {v} is outside 0..{n - 1}")
    return int(table[v])


@overload
def to_openspiel_card(game: str, bit: int) -> int: ...
@overload
def to_openspiel_card(game: str, bit: np.ndarray | list[int]) -> np.ndarray: ...
def to_openspiel_card(game: str, bit: int | np.ndarray | list[int]) -> int | np.ndarray:
    """OpenSpiel's card id of a card bit (an int), or of each bit of an integer array (same shape).

    >>> to_openspiel_card("skat", 0), to_openspiel_card("euchre", [0, 23]).tolist()
    (0, [1, 20])
    """
    d = _deck(game)
    return _lookup(_TO_OS[d.game], bit, f"{d.game} card bit")


@overload
def from_openspiel_card(game: str, card_id: int) -> int: ...
@overload
def from_openspiel_card(game: str, card_id: np.ndarray | list[int]) -> np.ndarray: ...
def from_openspiel_card(game: str, card_id: int | np.ndarray | list[int]) -> int | np.ndarray:
    """bitcards' bit of an OpenSpiel card id (an int), or of each id of an integer array (same shape).

    >>> import bitcards
    >>> bitcards.format_card(from_openspiel_card("skat", 7), "skat")      # OpenSpiel's DJ
    'JD'
    """
    d = _deck(game)
    return _lookup(_FROM_OS[d.game], card_id, f"OpenSpiel {d.game} card id")


def openspiel_card_string(game: str, card_id: int) -> str:
    """The card as OpenSpiel's ``ActionToString`` writes it: ``"D7"``, ``"CJ"`` (Skat), ``"S9"`` (Euchre),
    ``"AC"`` (Cribbage, which adds ``"Deal "`` or ``"Choose "`` in front).

    >>> openspiel_card_string("skat", 0), openspiel_card_string("euchre", 0), openspiel_card_string("cribbage", 0)
    ('D7', 'C9', 'AC')
    """
    d = _deck(game)
    b = from_openspiel_card(d.game, _int(card_id, "an OpenSpiel card id"))
    name = d.layout.card_name(b)  # rank letter then suit letter, T for the ten
    return name[1] + name[0] if d.suit_first else name


# --- masks ------------------------------------------------------------------------------------------
def _mask(d: _Deck, mask: object) -> int:
    m = _int(mask, "a mask")
    if m < 0 or m & ~d.layout.mask_all:
        raise InvalidCardsError(f"mask {m:#x} has bits outside the {d.game} deck (0..{d.layout.n_cards - 1})")
    return m


def to_openspiel_cards(game: str, mask: int) -> np.ndarray:
    """The OpenSpiel card ids of a mask's cards, ascending (the order of OpenSpiel's legal actions), ``int64``.

    >>> import bitcards
    >>> to_openspiel_cards("skat", bitcards.parse_mask("JC TD 7D", "skat")).tolist()
    [0, 5, 31]
    """
    d = _deck(game)
    m = _mask(d, mask)
    bits = np.array([b for b in range(d.layout.n_cards) if m >> b & 1], dtype=np.int64)
    return np.sort(_TO_OS[d.game][bits])


def from_openspiel_cards(game: str, card_ids: Iterable[int] | np.ndarray) -> int:
    """The mask of some OpenSpiel card ids (any order; a repeated id is an error).

    >>> import bitcards
    >>> bitcards.format_cards(from_openspiel_cards("skat", [31, 0]), "skat")
    '7D JC'
    """
    d = _deck(game)
    ids = _int_array(list(card_ids) if not isinstance(card_ids, np.ndarray) else card_ids, f"OpenSpiel {d.game} card ids")
    if ids.ndim != 1:
        raise InvalidCardsError(f"OpenSpiel {d.game} card ids must be one list, got shape {ids.shape}")
    _check_range(ids, d.layout.n_cards, f"OpenSpiel {d.game} card id")
    m = 0
    for i, c in enumerate(ids.tolist()):
        b = int(_FROM_OS[d.game][c])
        if m >> b & 1:
            raise InvalidCardsError(f"OpenSpiel {d.game} card id {c} at index {i} is repeated", row=i)
        m |= 1 << b
    return m


def openspiel_multi_hot(game: str, masks: object) -> np.ndarray:
    """Masks as OpenSpiel's card segments: one ``float32`` row of deck length per mask, 1 at each card id.

    A scalar mask gives one row ``(n_cards,)``; an array of masks ``(..., n_cards)``.
    These are the hand, skat and trick segments of OpenSpiel's tensors (``docs/openspiel.md``).

    >>> import bitcards
    >>> v = openspiel_multi_hot("skat", bitcards.parse_mask("JC 7D", "skat"))
    >>> v.shape, v.nonzero()[0].tolist()
    ((32,), [0, 31])
    """
    from bitcards.batch import as_masks

    d = _deck(game)
    scalar = np.ndim(masks) == 0  # type: ignore[arg-type]
    m = as_masks(masks, f"{d.game} masks")
    if scalar:
        m = m.reshape(())
    extra = m & ~np.uint64(d.layout.mask_all)
    bad = np.flatnonzero(extra.reshape(-1))
    if bad.size:
        i = int(bad[0])
        raise InvalidCardsError(
            f"mask {int(m.reshape(-1)[i]):#x} (index {i}) has bits outside the {d.game} deck (0..{d.layout.n_cards - 1})",
            row=i,
        )
    n = d.layout.n_cards
    bits = (m[..., None] >> np.arange(n, dtype=np.uint64)) & np.uint64(1)
    return bits[..., _FROM_OS[d.game]].astype(np.float32)


def from_openspiel_multi_hot(game: str, rows: object) -> np.ndarray | int:
    """The masks of OpenSpiel card segments (the inverse of :func:`openspiel_multi_hot`): an int for one row,
    ``uint64`` masks for ``(..., n_cards)``. Entries must be 0 or 1.

    >>> import bitcards
    >>> row = [0.0] * 24
    >>> row[20] = 1.0                                                      # OpenSpiel's CA
    >>> bitcards.format_cards(from_openspiel_multi_hot("euchre", row), "euchre")
    'Ac'
    """
    d = _deck(game)
    arr = np.asarray(rows)
    n = d.layout.n_cards
    if arr.ndim == 0 or arr.shape[-1] != n:
        raise InvalidCardsError(f"an OpenSpiel {d.game} card segment has {n} entries, got shape {arr.shape}")
    if arr.dtype.kind not in "biuf":
        raise TypeError(f"an OpenSpiel card segment must be numbers, not dtype {arr.dtype}")
    flat = arr.reshape(-1, n)
    bad = np.flatnonzero(((flat != 0) & (flat != 1)).any(axis=1))
    if bad.size:
        i = int(bad[0])
        raise InvalidCardsError(f"OpenSpiel {d.game} card segment {i} has entries other than 0 and 1", row=i)
    bits = flat[:, _TO_OS[d.game]].astype(np.uint64)  # column b = the entry of bit b's card id
    masks = (bits << np.arange(n, dtype=np.uint64)).sum(axis=1, dtype=np.uint64)
    if arr.ndim == 1:
        return int(masks[0])
    return masks.reshape(arr.shape[:-1])


# --- actions ------------------------------------------------------------------------------------------
def openspiel_action_for_card(game: str, bit: int) -> int:
    """OpenSpiel's action that deals, discards or plays a card: the card id itself in all three games.

    >>> import bitcards
    >>> openspiel_action_for_card("euchre", bitcards.parse_card("JH", "euchre"))    # OpenSpiel's HJ
    10
    """
    return to_openspiel_card(game, _int(bit, "a card bit"))


def card_for_openspiel_action(game: str, action: int) -> int:
    """bitcards' bit of the card an OpenSpiel card action deals, discards or plays.

    Other actions (passes, bids, trump choices, two-card throws) are an
    :class:`InvalidCardsError` naming the action.

    >>> card_for_openspiel_action("skat", 31), card_for_openspiel_action("cribbage", 51)
    (28, 38)
    """
    d = _deck(game)
    a = _int(action, "an OpenSpiel action")
    if not 0 <= a < d.layout.n_cards:
        raise InvalidCardsError(f"OpenSpiel {d.game} action {a} is not a card (card actions are 0..{d.layout.n_cards - 1})")
    return int(_FROM_OS[d.game][a])


def _cribbage_order(bit: int) -> tuple[int, int]:
    """OpenSpiel's Cribbage hand order: by rank, then suit C D H S (cribbage.cc operator<)."""
    os_id = int(_TO_OS["cribbage"][bit])
    return os_id % 13, os_id // 13


def openspiel_throw_action(game: str, mask: int) -> int:
    """OpenSpiel's two-player Cribbage action that throws the two cards of ``mask`` to the crib.

    ``52 + 52 * first + second`` of the two card ids, ``first`` the lower card in
    OpenSpiel's hand order (rank, then suit C D H S). Only Cribbage has it.

    >>> import bitcards
    >>> openspiel_throw_action("cribbage", bitcards.parse_mask("2S KC", "cribbage"))   # 2S comes first
    2144
    """
    d = _deck(game)
    if d.game != "cribbage":
        raise ParseError(f"only cribbage has two-card throw actions, not {d.game}", token=game)
    m = _mask(d, mask)
    if m.bit_count() != 2:
        raise InvalidCardsError(f"a throw is two cards, got {m.bit_count()} (mask {m:#x})")
    a, b = sorted((x for x in range(52) if m >> x & 1), key=_cribbage_order)
    return _CRIBBAGE_PAIRS + 52 * int(_TO_OS["cribbage"][a]) + int(_TO_OS["cribbage"][b])


def cards_for_openspiel_throw(game: str, action: int) -> int:
    """The mask of the two cards an OpenSpiel Cribbage throw action puts in the crib.

    >>> import bitcards
    >>> bitcards.format_cards(cards_for_openspiel_throw("cribbage", 116), "cribbage")
    '2C KC'
    """
    d = _deck(game)
    if d.game != "cribbage":
        raise ParseError(f"only cribbage has two-card throw actions, not {d.game}", token=game)
    a = _int(action, "an OpenSpiel action")
    if not _CRIBBAGE_PAIRS <= a < CRIBBAGE_PASS:
        raise InvalidCardsError(f"OpenSpiel cribbage action {a} is not a two-card throw ({_CRIBBAGE_PAIRS}..{CRIBBAGE_PASS - 1})")
    first, second = divmod(a - _CRIBBAGE_PAIRS, 52)
    if first == second:
        raise InvalidCardsError(f"OpenSpiel cribbage action {a} throws one card twice")
    return (1 << int(_FROM_OS["cribbage"][first])) | (1 << int(_FROM_OS["cribbage"][second]))


# --- whole tensors ------------------------------------------------------------------------------------
#: OpenSpiel's Skat phases that have an entry in its observation tensor (entries 3-5), then "over"
SKAT_PHASES = ("bidding", "discard", "play", "over")
#: the size of OpenSpiel's Skat ObservationTensor
SKAT_OBSERVATION_SIZE = 299
_SKAT_GAME_TYPES = ("pass", "diamonds", "hearts", "spades", "clubs", "grand", "null")


def _skat_game_type(name: str | None, what: str) -> int:
    if name is None:
        return 0
    if not isinstance(name, str) or name.strip().lower() not in _SKAT_GAME_TYPES:
        raise ParseError(f"{what} {shorten(name)} is not an OpenSpiel Skat game type ({', '.join(_SKAT_GAME_TYPES)})")
    return _SKAT_GAME_TYPES.index(name.strip().lower())


def _skat_trick(out: np.ndarray, at: int, leader: int, cards: Iterable[int], what: str) -> None:
    if not 0 <= _int(leader, what + " leader") < 3:
        raise InvalidCardsError(f"{what} leader must be 0, 1 or 2, got {leader}")
    out[at + leader] = 1
    cs = list(cards)
    if len(cs) > 3:
        raise InvalidCardsError(f"{what} has at most 3 cards, got {len(cs)}")
    for j, b in enumerate(cs):
        out[at + 3 + 32 * j + to_openspiel_card("skat", _int(b, what + " card"))] = 1


def skat_observation_tensor(
    player: int,
    phase: str,
    hand: int,
    *,
    bids: tuple[str | None, str | None, str | None] = (None, None, None),
    solo: int = -1,
    skat: int = 0,
    game: str | None = None,
    trick_leader: int = -1,
    trick: Iterable[int] = (),
    previous_leader: int = -1,
    previous_trick: Iterable[int] = (),
) -> np.ndarray:
    """OpenSpiel's Skat ObservationTensor (299 ``float32``) for ``player``, from bitcards masks and bits.

    ``phase`` is one of :data:`SKAT_PHASES`; ``hand`` the player's cards; ``bids`` each player's
    OpenSpiel bid (``None`` or ``"pass"`` before or without one, else the game named); ``solo`` the solo
    player (-1 before there is one); ``skat`` the solo player's two discards (shown to the solo player
    only); ``game`` the game played; ``trick_leader``/``trick`` the current trick's leader and card bits
    in play order; ``previous_leader``/``previous_trick`` the last completed trick. As OpenSpiel does,
    the current trick is written only while playing, and before the game's first card OpenSpiel has no
    leader yet and sets entry 100 (open_spiel/games/skat.cc).

    >>> import bitcards
    >>> hand = bitcards.parse_mask("JC JS AH TH 7D 8D 9D QD KD AD", "skat")
    >>> v = skat_observation_tensor(0, "bidding", hand)
    >>> v.shape, v.nonzero()[0].tolist()[:6]
    ((299,), [0, 3, 6, 7, 8, 9])
    """
    p = _int(player, "player")
    if not 0 <= p < 3:
        raise InvalidCardsError(f"player must be 0, 1 or 2, got {p}")
    if not isinstance(phase, str) or phase.strip().lower() not in SKAT_PHASES:
        raise ParseError(f"phase {shorten(phase)} is not one of OpenSpiel's Skat phases ({', '.join(SKAT_PHASES)})")
    ph = SKAT_PHASES.index(phase.strip().lower())
    out = np.zeros(SKAT_OBSERVATION_SIZE, dtype=np.float32)
    out[p] = 1
    if ph < 3:
        out[3 + ph] = 1
    out[6:38] = openspiel_multi_hot("skat", _int(hand, "hand"))
    if len(bids) != 3:
        raise InvalidCardsError(f"bids has one entry per player (3), got {len(bids)}")
    for q, bid in enumerate(bids):
        out[38 + 7 * q + _skat_game_type(bid, f"player {q}'s bid")] = 1
    s = _int(solo, "solo")
    if not -1 <= s < 3:
        raise InvalidCardsError(f"solo must be -1, 0, 1 or 2, got {s}")
    if s >= 0:
        out[59 + s] = 1
    if p == s:
        out[62:94] = openspiel_multi_hot("skat", _int(skat, "skat"))
    out[94 + _skat_game_type(game, "game")] = 1
    if ph == 2:
        cards = list(trick)
        if not cards and previous_leader < 0:
            out[100] = 1  # OpenSpiel's first trick has no leader before its first card
        else:
            _skat_trick(out, 101, trick_leader, cards, "the current trick")
    if previous_leader >= 0:
        _skat_trick(out, 200, previous_leader, previous_trick, "the previous trick")
    return out


#: the size of OpenSpiel's Euchre InformationStateTensor
EUCHRE_INFORMATION_STATE_SIZE = 935
_EUCHRE_SUITS = ("clubs", "diamonds", "hearts", "spades")  # OpenSpiel's suit order


def euchre_information_state_tensor(
    player: int,
    dealer: int,
    upcard: int,
    hand: int,
    *,
    calls: Iterable[str] = (),
    alone: bool | None = None,
    lone_defender: int = -1,
    tricks: Iterable[tuple[int, Iterable[int]]] = (),
) -> np.ndarray:
    """OpenSpiel's Euchre InformationStateTensor (935 ``float32``) for seat ``player`` (N 0, E 1, S 2, W 3).

    ``upcard`` is a card bit and ``hand`` the player's mask; ``calls`` the calls so far from the
    dealer's left, each ``"pass"`` or the suit named (``"clubs"`` ...); ``alone`` whether the declarer
    plays alone (``None`` before the choice); ``lone_defender`` a defender's seat that plays alone (the
    ``allow_lone_defender`` option), else -1; ``tricks`` each trick begun as ``(leader, card bits in play
    order)``. OpenSpiel's own placement is kept (open_spiel/games/euchre/euchre.cc): a pass marks the
    first entry of the next call row, entry 68 means the declarer has chosen, and entries 69-70 are set
    while there is no declarer; after eight passes only the dealer, upcard and calls are written.

    >>> import bitcards
    >>> v = euchre_information_state_tensor(2, 1, bitcards.parse_card("AC", "euchre"),
    ...                                     bitcards.parse_mask("9D TD JD QD KD", "euchre"), calls=["pass"])
    >>> v.shape, v.nonzero()[0].tolist()
    ((935,), [1, 24, 33, 69, 70, 72, 76, 80, 84, 88])
    """
    p, dl = _int(player, "player"), _int(dealer, "dealer")
    for name, seat in (("player", p), ("dealer", dl)):
        if not 0 <= seat < 4:
            raise InvalidCardsError(f"{name} must be a seat 0..3, got {seat}")
    out = np.zeros(EUCHRE_INFORMATION_STATE_SIZE, dtype=np.float32)
    out[dl] = 1
    out[4 + to_openspiel_card("euchre", _int(upcard, "upcard"))] = 1
    said = [c.strip().lower() if isinstance(c, str) else c for c in calls]
    passes, trump = 0, -1
    for k, c in enumerate(said):
        if trump >= 0 or k >= 8:
            raise InvalidCardsError(f"call {k + 1} ({c!r}) follows the end of the calls")
        if c == "pass":
            passes += 1
            out[28 + 5 * passes] = 1  # OpenSpiel marks a pass in the next row's first entry
        elif c in _EUCHRE_SUITS:
            trump = _EUCHRE_SUITS.index(c)
            out[28 + 5 * passes + trump] = 1
        else:
            raise ParseError(f"call {k + 1} {shorten(c)} is not pass or a suit ({', '.join(_EUCHRE_SUITS)})")
    if passes == 8:
        return out
    declarer = (dl + 1 + passes) % 4 if trump >= 0 else -1
    lone = _int(lone_defender, "lone_defender")
    if alone is not None:
        out[68] = 1  # OpenSpiel sets it once the declarer has chosen, alone or not
    if declarer < 0 or lone == (declarer + 1) % 4:
        out[69] = 1
    if declarer < 0 or lone == (declarer + 3) % 4:
        out[70] = 1
    out[71:95] = openspiel_multi_hot("euchre", _int(hand, "hand"))
    sitting_out = {(declarer + 2) % 4} if alone else set()
    if lone >= 0:
        sitting_out.add((lone + 2) % 4)
    for i, (leader, cards) in enumerate(tricks):
        if i >= 5:
            raise InvalidCardsError("a hand has 5 tricks, got more")
        ld = _int(leader, "trick leader")
        if not 0 <= ld < 4 or ld in sitting_out:
            raise InvalidCardsError(f"trick {i + 1}: leader {ld} is not a seat in play")
        seat = ld
        for j, b in enumerate(cards):
            if j >= 4 - len(sitting_out):
                raise InvalidCardsError(f"trick {i + 1} has too many cards")
            row = ld + (seat - ld) % 4  # rows N E S W N E S: the leader's seat, then round the table
            out[95 + 168 * i + 24 * row + to_openspiel_card("euchre", _int(b, "trick card"))] = 1
            seat = (seat + 1) % 4
            while seat in sitting_out:
                seat = (seat + 1) % 4
    return out
