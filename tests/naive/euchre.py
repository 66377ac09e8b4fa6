"""Plain-Python Euchre references, written from the rules and the quiz's posted solutions.

Cards are strings in the quiz's notation: rank ``9 T J Q K A`` + suit ``d h s c``
(``"Kc"``, ``"Jh"``). Nothing here uses bitcards or numpy.
"""

from __future__ import annotations

from itertools import permutations

RANKS_LOW_HIGH = "9TJQKA"
SUIT_LETTERS = "dhsc"  # bitcards' suit numbering: diamonds 0, hearts 1, spades 2, clubs 3
SUIT_NAMES = {"d": "Diamonds", "h": "Hearts", "s": "Spades", "c": "Clubs"}
RED = {"d", "h"}
PARTNER = {"d": "h", "h": "d", "s": "c", "c": "s"}

DECK = [r + s for s in SUIT_LETTERS for r in RANKS_LOW_HIGH]


def card_to_bit(card: str) -> int:
    return SUIT_LETTERS.index(card[1]) * 6 + RANKS_LOW_HIGH.index(card[0])


def bit_to_card(bit: int) -> str:
    return RANKS_LOW_HIGH[bit % 6] + SUIT_LETTERS[bit // 6]


# --- sorting: Bob Showalter's solution, line by line ---------------------------------


def sort_bob(trump_name: str, hand: list[str], swap: bool = True) -> list[str]:
    """Bob Showalter's Ruby solution (quiz summary) translated line by line."""
    deck = bob_deck(trump_name, hand, swap)
    # output sorted hand
    return [card for card in deck if card in hand]


def bob_deck(trump_name: str, hand: list[str], swap: bool = True) -> list[str]:
    """The 24-card sort order Bob's solution builds for this trump and hand."""
    cards = ["A", "K", "Q", "J", "T", "9"]
    suits = ["Spades", "Hearts", "Clubs", "Diamonds"]
    # rotate trump suit to front
    while suits[0] != trump_name:
        suits.append(suits.pop(0))
    # if hand is void in second suit, swap second and fourth
    if swap and not any(card[1] == suits[1][0].lower() for card in hand):
        suits[1], suits[3] = suits[3], suits[1]
    # generate a sort order
    deck = []
    for suit in suits:
        for card in cards:
            deck.append(card + suit[0].lower())
    # move bowers to front
    deck.insert(0, deck.pop(3))
    deck.insert(1, deck.pop(15))
    return deck


# Dominik Bathon's four prebuilt orders (spec section 3.2), as posted.
DOMINIK_ORDERS = {
    "Spades": "JsJcAsKsQsTs9sAdKdQdJdTd9dAcKcQcTc9cAhKhQhJhTh9h",
    "Hearts": "JhJdAhKhQhTh9hAsKsQsJsTs9sAdKdQdTd9dAcKcQcJcTc9c",
    "Clubs": "JcJsAcKcQcTc9cAhKhQhJhTh9hAsKsQsTs9sAdKdQdJdTd9d",
    "Diamonds": "JdJhAdKdQdTd9dAcKcQcJcTc9cAhKhQhTh9hAsKsQsJsTs9s",
}


def sort_dominik(trump_name: str, hand: list[str]) -> list[str]:
    """Dominik Bathon's Ruby solution translated: index into a 48-character order string."""
    o = DOMINIK_ORDERS[trump_name]
    # do we have a card of the 2nd suit (o[15] is its suit letter)
    if not any(card[1] == o[15] for card in hand):
        o = o[:14] + o[36:48] + o[26:]  # o[14, 12] = o[36, 12]
    return sorted(hand, key=lambda card: o.index(card))


def sort_golf(trump_name: str, hand: list[str]) -> list[str]:
    """The golfed weighted sort from the quiz thread: Bob's cycle without the void swap."""
    suits = "SHCD"  # alternating colours; a suit's colour partner is two steps away
    ranks = "AKQJT9"
    t = suits.index(trump_name[0])

    def key(card: str) -> int:
        s = suits.index(card[1].upper())
        if card[0] == "J" and s == t:
            return -2
        if card[0] == "J" and s == (t + 2) % 4:
            return -1
        return ranks.index(card[0]) + 10 * ((s - t) % 4)

    return sorted(hand, key=key)


# --- the rules ---------------------------------------------------------------------


def effective_suit(card: str, trump: str | None) -> str:
    """Suit letter a card counts as: the left bower (jack of trump's colour partner) is trump."""
    if trump is not None and card[0] == "J" and card[1] == PARTNER[trump]:
        return trump
    return card[1]


def strength(card: str, trump: str | None) -> int:
    """Rank within the effective suit, higher better; any trump above any plain card."""
    if trump is None or effective_suit(card, trump) != trump:
        return RANKS_LOW_HIGH.index(card[0])
    trump_low_high = ["9" + trump, "T" + trump, "Q" + trump, "K" + trump, "A" + trump, "J" + PARTNER[trump], "J" + trump]
    return 6 + trump_low_high.index(card)


def legal_plays(hand: list[str], lead: str | None, trump: str | None) -> list[str]:
    if lead is None:
        return list(hand)
    led = effective_suit(lead, trump)
    follow = [c for c in hand if effective_suit(c, trump) == led]
    return follow if follow else list(hand)


def trick_winner(cards: list[str], trump: str | None) -> int:
    led = effective_suit(cards[0], trump)
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        cs, bs = effective_suit(c, trump), effective_suit(b, trump)
        if cs == trump and bs != trump:  # noqa: SIM114 (one rule per branch)
            best = i
        elif cs == bs and cs in (led, trump) and strength(c, trump) > strength(b, trump):
            best = i
    return best


# --- what "colours alternate where possible" means ------------------------------------


def blocks(sorted_hand: list[str], trump: str) -> list[tuple[str, list[str]]]:
    """Split a sorted hand into runs of equal effective suit: ``[(suit, cards), ...]``."""
    out: list[tuple[str, list[str]]] = []
    for c in sorted_hand:
        s = effective_suit(c, trump)
        if out and out[-1][0] == s:
            out[-1][1].append(c)
        else:
            out.append((s, [c]))
    return out


def alternates(suit_sequence: list[str]) -> bool:
    return all((a in RED) != (b in RED) for a, b in zip(suit_sequence, suit_sequence[1:]))


def alternating_possible(hand: list[str], trump: str) -> bool:
    """Is there an order of the non-trump suit blocks, after the trump block, with colours alternating?"""
    present = {effective_suit(c, trump) for c in hand}
    head = [trump] if trump in present else []
    others = sorted(present - {trump})
    return any(alternates(head + list(p)) for p in permutations(others))
