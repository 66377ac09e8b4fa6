"""A plain-Python cribbage scorer written straight from the seed's rules (no bit tricks).

Cards are ``(rank, suit)`` pairs with rank 1 (ace) .. 13 (king) and suit 0..3,
or bitcards FRENCH bit indices (``suit * 13 + rank - 1``) through :func:`from_bit`.

* 2 points for each pair of cards of the same rank;
* 4 points when the four held cards share a suit, 5 when the starter does too
  (crib: only the 5-card flush counts);
* for each *distinct* straight of 3, 4 or 5 cards that is not contained in a
  longer one: its length;
* 2 points for each subset of two or more cards whose values sum to 15
  (ace 1, face cards 10), found by enumerating all subsets;
* 1 point for a held jack of the starter's suit.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

Card = tuple[int, int]  # (rank 1..13, suit 0..3)


def from_bit(bit: int) -> Card:
    return (bit % 13 + 1, bit // 13)


def value(card: Card) -> int:
    return min(card[0], 10)


def pairs(cards: list[Card]) -> int:
    return sum(2 for a, b in combinations(cards, 2) if a[0] == b[0])


def fifteens(cards: list[Card]) -> int:
    n = 0
    for k in range(2, len(cards) + 1):
        for combo in combinations(cards, k):
            if sum(value(c) for c in combo) == 15:
                n += 1
    return 2 * n


def is_straight(combo: tuple[Card, ...]) -> bool:
    ranks = sorted(c[0] for c in combo)
    return all(ranks[i + 1] == ranks[i] + 1 for i in range(len(ranks) - 1))


def runs(cards: list[Card]) -> int:
    """Longest straights only: each distinct straight of the longest length found (>= 3)."""
    for k in range(len(cards), 2, -1):
        found = [combo for combo in combinations(cards, k) if is_straight(combo)]
        if found:
            return k * len(found)
    return 0


def flush(held: list[Card], starter: Card, crib: bool = False) -> int:
    suits = {c[1] for c in held}
    if len(suits) != 1:
        return 0
    if starter[1] in suits:
        return 5
    return 0 if crib else 4


def nobs(held: list[Card], starter: Card) -> int:
    return 1 if (11, starter[1]) in held else 0


def score(held: list[Card], starter: Card, crib: bool = False) -> int:
    five = [*held, starter]
    return pairs(five) + fifteens(five) + runs(five) + flush(held, starter, crib) + nobs(held, starter)


def score_bits(held_bits: list[int], starter_bit: int, crib: bool = False) -> int:
    """:func:`score` on FRENCH bit indices."""
    return score([from_bit(b) for b in held_bits], from_bit(starter_bit), crib)


def discard_table(six_bits: list[int], crib: bool = False) -> dict[frozenset[int], tuple[int, int, int]]:
    """For each kept 4-subset: (sum of scores over the 46 starters, min, max)."""
    rest = [b for b in range(52) if b not in six_bits]
    out = {}
    for keep in combinations(six_bits, 4):
        scores = [score_bits(list(keep), s, crib) for s in rest]
        out[frozenset(keep)] = (sum(scores), min(scores), max(scores))
    return out


# --- the play (pegging) ---------------------------------------------------------------------


def peg_play(pone_bits: list[int], dealer_bits: list[int], played: list[int]) -> tuple[list[tuple[int, int]], str | None]:
    """Play the cards in order as the rules describe; ``([(player, points) per card], error)``.

    Player 0 is the pone, who leads. ``error`` names the first illegal card
    ("twice", "not held", "wrong player", "past 31") with the cards before it scored.
    """
    hands = [[from_bit(b) for b in pone_bits], [from_bit(b) for b in dealer_bits]]
    seen: list[Card] = []
    series: list[Card] = []
    out: list[tuple[int, int]] = []
    turn = 0
    for bit in played:
        card = from_bit(bit)
        if card in seen:
            return out, "twice"
        if card not in hands[0] and card not in hands[1]:
            return out, "not held"
        if card not in hands[turn]:
            return out, "wrong player"
        total = sum(value(c) for c in series)
        if total + value(card) > 31:
            return out, "past 31"
        seen.append(card)
        hands[turn].remove(card)
        series.append(card)
        total += value(card)
        pts = 0
        if total == 15 or total == 31:
            pts += 2
        # pairs: how many cards at the end of the series share the new card's rank
        same = 0
        for c in reversed(series):
            if c[0] != card[0]:
                break
            same += 1
        pts += {1: 0, 2: 2, 3: 6, 4: 12}[same]
        # runs: the longest tail of the series whose ranks are all different and consecutive
        best = 0
        for k in range(3, len(series) + 1):
            ranks = sorted(c[0] for c in series[-k:])
            if all(ranks[i + 1] == ranks[i] + 1 for i in range(k - 1)):
                best = k
        pts += best
        player = turn
        other = 1 - turn
        if total == 31:
            series = []
            turn = other if hands[other] else player
        else:
            if any(total + value(c) <= 31 for c in hands[other]):
                turn = other
            elif any(total + value(c) <= 31 for c in hands[player]):
                turn = player
            else:
                pts += 1  # the go, or the last card
                series = []
                turn = other if hands[other] else player
        out.append((player, pts))
    return out, None


def peg_legal(hand_bits: list[int], count: int) -> list[int]:
    """The cards of a hand that do not take the count past 31."""
    return [b for b in hand_bits if count + value(from_bit(b)) <= 31]


def crib_table(
    six_bits: list[int], unseen: list[int], weight: Callable[[int, int], int] | None = None
) -> dict[frozenset[int], tuple[int, int]]:
    """For each pair thrown: (hand score summed over the unseen starters, crib score summed over every
    opponent's pair of unseen cards and every unseen starter left), by brute force. ``weight(a, b)``:
    how many times the opponent's pair of bits ``a, b`` counts (once each without it)."""
    out = {}
    for thrown in combinations(six_bits, 2):
        keep = [b for b in six_bits if b not in thrown]
        hand = sum(score_bits(keep, s) for s in unseen)
        crib = 0
        for opp in combinations(unseen, 2):
            w = 1 if weight is None else weight(*opp)
            for s in unseen:
                if s not in opp:
                    crib += w * score_bits([*thrown, *opp], s, crib=True)
        out[frozenset(thrown)] = (hand, crib)
    return out


def throw_weight(counts: list[int], a: int, b: int) -> int:
    """The weight of the opponent's pair of bits ``a, b`` from counts of thrown kinds (low rank, high rank,
    suited): the kind's count over the card pairs of that kind in a deck (6 of one rank, 4 suited, 12
    offsuit), times 12."""
    ra, rb = a % 13, b % 13
    suited = a // 13 == b // 13
    kind = (min(ra, rb) * 13 + max(ra, rb)) * 2 + (1 if suited else 0)
    pairs_of_kind = 6 if ra == rb else (4 if suited else 12)
    return counts[kind] * 12 // pairs_of_kind


# --- a whole game to 121 --------------------------------------------------------------------


def play_game(p1: list[int], p2: list[int], starter: int, actions: list[int], first_dealer: int = 0) -> dict[str, object]:
    """Referee a recorded game: the cards dealt (after the first deal), each player's throw (the index of the
    pair among the six held, pairs in bit order), the cut, the cards played; the show. Stops the moment a
    player reaches 121. Returns the scores, the number of actions used and each player's result."""
    acts = iter(actions)
    used = 0

    def take() -> int:
        nonlocal used
        used += 1
        return next(acts)

    scores = [0, 0]
    dealer = first_dealer
    first = True

    def gain(p: int, pts: int) -> bool:
        scores[p] += pts
        return scores[p] >= 121

    while True:
        pone = 1 - dealer
        if first:
            hands = [sorted(p1), sorted(p2)]
        else:
            hands = [[], []]
            for k in range(12):
                hands[pone if k % 2 == 0 else dealer].append(take())
            hands = [sorted(h) for h in hands]
        kept: list[list[int]] = [[], []]
        crib: list[int] = []
        for p in (pone, dealer):
            thrown = list(combinations(hands[p], 2))[take()]
            kept[p] = [c for c in hands[p] if c not in thrown]
            crib += thrown
        cut = take()
        if first:
            assert cut == starter
        first = False
        won = cut % 13 == 10 and gain(dealer, 2)
        seq: list[int] = []
        while not won and len(seq) < 8:
            seq.append(take())
            per_card, err = peg_play(kept[pone], kept[dealer], seq)
            assert err is None, (seq, err)
            who, pts = per_card[-1]
            won = gain(pone if who == 0 else dealer, pts)
        won = won or gain(pone, score_bits(kept[pone], cut))
        won = won or gain(dealer, score_bits(kept[dealer], cut))
        won = won or gain(dealer, score_bits(crib, cut, crib=True))
        if won:
            w = 0 if scores[0] >= 121 else 1
            lose = scores[1 - w]
            k = 3 if lose < 61 else 2 if lose < 91 else 1
            result = [k, -k] if w == 0 else [-k, k]
            return {"scores": scores, "actions": used, "returns": result}
        dealer = pone
