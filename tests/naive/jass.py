"""A slow, plain Jass checker written from the rules table of /work/shared/specs/jass.md.

Cards are strings, suit then rank: ``"h9"``, ``"sT"``. A record is a list of
nine rows of four cards. Nothing here uses masks, tables of bits or numpy.
"""

from __future__ import annotations

SUITS = "dhsc"
RANKS = "6789TJQKA"
#: trump order, high to low
TRUMP_ORDER = ["J", "9", "A", "K", "Q", "T", "8", "7", "6"]
#: side suits and Obenabe, high to low
PLAIN_ORDER = ["A", "K", "Q", "J", "T", "9", "8", "7", "6"]
#: Undenufe, high to low
UNDE_ORDER = ["6", "7", "8", "9", "T", "J", "Q", "K", "A"]

CONTRACT_LETTERS = "dhscou"  # code = position


def suit(card: str) -> str:
    return card[0]


def rank(card: str) -> str:
    return card[1]


def is_trump(card: str, contract: str) -> bool:
    return contract in "dhsc" and suit(card) == contract


def strength(card: str, contract: str) -> int:
    """Higher is stronger, within the card's own order (trump order, plain order, Undenufe order)."""
    if is_trump(card, contract):
        return 100 - TRUMP_ORDER.index(rank(card))
    if contract == "u":
        return 100 - UNDE_ORDER.index(rank(card))
    return 100 - PLAIN_ORDER.index(rank(card))


def trick_winner_index(cards_in_play_order: list[str], contract: str) -> int:
    """Index (in play order) of the card that wins the trick."""
    led = suit(cards_in_play_order[0])
    trumps = [i for i, c in enumerate(cards_in_play_order) if is_trump(c, contract)]
    if trumps:
        return max(trumps, key=lambda i: strength(cards_in_play_order[i], contract))
    followers = [i for i, c in enumerate(cards_in_play_order) if suit(c) == led]
    return max(followers, key=lambda i: strength(cards_in_play_order[i], contract))


def is_overtrump(card: str, trick_so_far: list[str], contract: str) -> bool:
    """A trump higher than every trump already in the trick (any trump, if there is none)."""
    if not is_trump(card, contract):
        return False
    mine = strength(card, contract)
    higher = [other for other in trick_so_far if is_trump(other, contract) and strength(other, contract) > mine]
    return not higher


def is_undertrump(card: str, trick_so_far: list[str], contract: str) -> bool:
    return is_trump(card, contract) and not is_overtrump(card, trick_so_far, contract)


def allowed_cards(hand: list[str], trick_so_far: list[str], contract: str) -> list[str]:
    """The cards of ``hand`` that may be played, straight from the spec's table."""
    if not trick_so_far:
        return list(hand)
    led = suit(trick_so_far[0])
    if contract in "ou":
        must = [c for c in hand if suit(c) == led]
        return must if must else list(hand)
    if led == contract:
        # trump led: follow with trumps, the trump jack excepted (it is never forced)
        must = [c for c in hand if is_trump(c, contract) and rank(c) != "J"]
        if not must:
            return list(hand)
        jack = [c for c in hand if is_trump(c, contract) and rank(c) == "J"]
        return must + jack
    holds_led = any(suit(c) == led for c in hand)
    if holds_led:
        return [c for c in hand if suit(c) == led or is_overtrump(c, trick_so_far, contract)]
    must = [c for c in hand if not is_undertrump(c, trick_so_far, contract)]
    # the trump jack is never forced: if it is the only such card, any card may be played
    if must == [contract + "J"]:
        return list(hand)
    return must if must else list(hand)


def card_points(card: str, contract: str) -> int:
    r = rank(card)
    if is_trump(card, contract) and r == "J":
        return 20
    if is_trump(card, contract) and r == "9":
        return 14
    if r == "8":
        return 8 if contract in "ou" else 0
    if contract == "u" and r == "6":
        return 11
    if contract == "u" and r == "A":
        return 0
    return {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}.get(r, 0)


def check(matrix: list[list[str]], contract: str) -> dict:
    """Walk the record in play order.

    Returns ``legal``, the first illegal play's ``trick``/``column`` (from 1),
    ``card``, ``allowed`` (a sorted list), ``winners`` (columns from 1) and
    ``points`` (columns 1+3, columns 2+4).
    """
    hands = [[matrix[t][p] for t in range(9)] for p in range(4)]
    leader = 0
    first = None
    winners = []
    points = [0, 0]
    for t in range(9):
        order = [(leader + j) % 4 for j in range(4)]
        trick: list[str] = []
        for p in order:
            c = matrix[t][p]
            allowed = allowed_cards(hands[p], trick, contract)
            if first is None and c not in allowed:
                first = {"trick": t + 1, "column": p + 1, "card": c, "allowed": sorted(allowed)}
            hands[p].remove(c)
            trick.append(c)
        w = order[trick_winner_index(trick, contract)]
        winners.append(w + 1)
        pts = sum(card_points(c, contract) for c in trick)
        if t == 8:
            pts += 5
        points[w % 2] += pts
        leader = w
    out = {"legal": first is None, "winners": winners, "points": points}
    if first is not None:
        out.update(first)
    return out


def name(index: int) -> str:
    """Card name of a bitcards Jass index (suit * 9 + rank)."""
    return SUITS[index // 9] + RANKS[index % 9]


def matrix_of(record: list[int]) -> list[list[str]]:
    """A flat list of 36 card indices in matrix order as nine rows of card names."""
    return [[name(record[4 * t + p]) for p in range(4)] for t in range(9)]
