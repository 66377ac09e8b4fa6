"""Plain-Python references for the simulate studies, written from the rules (seed 000, spec euchre.md).

Cards are (rank letter, suit letter) pairs decoded bit by bit from a mask, no bit tricks.
"""

from __future__ import annotations

SKAT_RANKS = "789TJQKA"
EUCHRE_RANKS = "9TJQKA"
SUITS = "DHSC"


def cards(mask: int, ranks: str) -> list[tuple[str, str]]:
    out = []
    for bit in range(len(ranks) * 4):
        if (int(mask) >> bit) & 1:
            out.append((ranks[bit % len(ranks)], SUITS[bit // len(ranks)]))
    return out


def skat_jacks(mask: int) -> int:
    return sum(1 for r, _ in cards(mask, SKAT_RANKS) if r == "J")


def skat_matadors(mask: int) -> int:
    """Seed 000: run of top jacks (clubs, spades, hearts, diamonds) held -> +N, missing -> -N."""
    held = {s for r, s in cards(mask, SKAT_RANKS) if r == "J"}
    order = ["C", "S", "H", "D"]
    with_ = "C" in held
    n = 0
    for s in order:
        if (s in held) == with_:
            n += 1
        else:
            break
    return n if with_ else -n


def skat_jack_factor(mask: int) -> int:
    return abs(skat_matadors(mask)) + 1


def skat_points(mask: int) -> int:
    value = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
    return sum(value.get(r, 0) for r, _ in cards(mask, SKAT_RANKS))


def euchre_partner(suit: str) -> str:
    return {"D": "H", "H": "D", "S": "C", "C": "S"}[suit]


def euchre_trumps(mask: int, trump: str) -> int:
    """Cards of the trump suit, plus the left bower (the jack of the same-colour suit)."""
    n = 0
    for r, s in cards(mask, EUCHRE_RANKS):
        if s == trump or (r == "J" and s == euchre_partner(trump)):
            n += 1
    return n


def euchre_bowers(mask: int, trump: str) -> int:
    return sum(1 for r, s in cards(mask, EUCHRE_RANKS) if r == "J" and s in (trump, euchre_partner(trump)))
