"""Plain-Python Skat rules written straight from the spec (skat-rules.md), for comparison with the kernels.

No bit tricks: cards are (suit letter, rank letter) pairs, the rules are lists and loops.
Card bits follow the Skat layout only to convert: bit = suit * 8 + rank, suits D H S C,
ranks 7 8 9 T J Q K A.
"""

from __future__ import annotations

from math import comb

SUITS = "DHSC"
RANKS = "789TJQKA"
SUIT_VALUE = {"C": 12, "S": 11, "H": 10, "D": 9}
SUIT_NAME = {"C": "Clubs", "S": "Spades", "H": "Hearts", "D": "Diamonds"}
GAMES = ("diamonds", "hearts", "spades", "clubs", "grand", "null")
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
JACK_ORDER = ["C", "S", "H", "D"]  # CJ SJ HJ DJ, highest first
SUIT_TRUMP_ORDER = ["A", "T", "K", "Q", "9", "8", "7"]
NULL_ORDER = ["A", "K", "Q", "J", "T", "9", "8", "7"]


def card(bit: int) -> tuple[str, str]:
    return SUITS[bit // 8], RANKS[bit % 8]


def cards_of(mask: int) -> list[tuple[str, str]]:
    return [card(b) for b in range(32) if mask >> b & 1]


# --- seed 000: the simplified bid value ------------------------------------------


def seed_jack_factor(cards: list[tuple[str, str]]) -> int:
    have = [(s, "J") in cards for s in JACK_ORDER]
    run = 0
    for h in have:
        if h == have[0]:
            run += 1
        else:
            break
    return run + 1


def seed_bid_value(cards: list[tuple[str, str]]) -> tuple[int, str | None]:
    """(value, suit letter) or (0, None) for pass, exactly as section 12 describes."""
    jacks = sum(1 for c in cards if c[1] == "J")
    best_suit = None
    best_trumps = -1
    for s in ["C", "S", "H", "D"]:  # highest first, so a tie keeps the higher suit
        trumps = sum(1 for c in cards if c[0] == s and c[1] != "J") + jacks
        if trumps > best_trumps:
            best_suit, best_trumps = s, trumps
    assert best_suit is not None
    if best_trumps < 6:
        return 0, None
    if not any(c[1] == "A" and c[0] != best_suit for c in cards):
        return 0, None
    return seed_jack_factor(cards) * SUIT_VALUE[best_suit], best_suit


# --- the official game value ----------------------------------------------------------


def trump_sequence(game: str) -> list[tuple[str, str]]:
    if game == "null":
        return []
    seq = [(s, "J") for s in JACK_ORDER]
    if game != "grand":
        s = SUITS[GAMES.index(game)]
        seq += [(s, r) for r in SUIT_TRUMP_ORDER]
    return seq


def matadors(cards: list[tuple[str, str]], game: str) -> int:
    """+N with, -N without, 0 in null."""
    seq = trump_sequence(game)
    if not seq:
        return 0
    with_ = seq[0] in cards
    n = 0
    for t in seq:
        if (t in cards) == with_:
            n += 1
        else:
            break
    return n if with_ else -n


def game_value(
    cards: list[tuple[str, str]],
    game: str,
    hand: bool,
    announce: str | None,
    ouvert: bool,
    points: int,
    tricks: int,
    bid: int,
) -> tuple[int, bool, int]:
    """(value, won, score-sheet entry), written from sections 4 to 6."""
    if game == "null":
        value = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}[(hand, ouvert)]
        if bid > value:
            raise ValueError("null under the bid")
        won = tricks == 0
        return value, won, value if won else -2 * value
    if ouvert:
        hand = True
        announce = "schwarz"
    schneider_announced = announce in ("schneider", "schwarz")
    schwarz_announced = announce == "schwarz"
    multiplier = abs(matadors(cards, game)) + 1  # matadors + game
    if hand:
        multiplier += 1
    declarer_schneider = points <= 30
    defenders_schneider = points >= 90
    if declarer_schneider or defenders_schneider or schneider_announced:
        multiplier += 1  # once, even if announced and the declarer is schneider himself
    if schneider_announced:
        multiplier += 1
    if tricks == 0 or tricks == 10 or schwarz_announced:
        multiplier += 1
    if schwarz_announced:
        multiplier += 1
    if ouvert:
        multiplier += 1
    base = {"diamonds": 9, "hearts": 10, "spades": 11, "clubs": 12, "grand": 24}[game]
    value = base * multiplier
    won = points > 60
    if schneider_announced and points < 90:
        won = False
    if schwarz_announced and tricks < 10:
        won = False
    if value < bid:
        won = False
        k = 1
        while base * k < bid:
            k += 1
        value = base * k
    return value, won, value if won else -2 * value


# --- play rules --------------------------------------------------------------------------


def is_trump(c: tuple[str, str], game: str) -> bool:
    if game == "null":
        return False
    if c[1] == "J":
        return True
    return game != "grand" and c[0] == SUITS[GAMES.index(game)]


def card_suit(c: tuple[str, str], game: str) -> str:
    """The suit a card belongs to for following: "trump" or its printed suit."""
    return "trump" if is_trump(c, game) else c[0]


def card_points(cards: list[tuple[str, str]]) -> int:
    return sum(POINTS[r] for _, r in cards)


def legal(hand: list[tuple[str, str]], led: tuple[str, str] | None, game: str) -> list[tuple[str, str]]:
    if led is None:
        return list(hand)
    follow = [c for c in hand if card_suit(c, game) == card_suit(led, game)]
    return follow if follow else list(hand)


def strength(c: tuple[str, str], game: str) -> int:
    """Higher wins, among cards that can win."""
    if game == "null":
        return 7 - NULL_ORDER.index(c[1])
    if c[1] == "J":
        return 100 + 4 - JACK_ORDER.index(c[0])
    return 7 - SUIT_TRUMP_ORDER.index(c[1])


def trick_winner(trick: list[tuple[str, str]], game: str) -> int:
    trumps = [i for i, c in enumerate(trick) if is_trump(c, game)]
    if trumps:
        candidates = trumps
    else:
        led = card_suit(trick[0], game)
        candidates = [i for i, c in enumerate(trick) if card_suit(c, game) == led]
    return max(candidates, key=lambda i: strength(trick[i], game))


# --- an independent count of the seed bid value over all hands -----------------------------


def seed_distribution_by_counting() -> dict[tuple[int, str | None], int]:
    """Hands per (value, suit letter), pass = (0, None), over all C(32,10) hands, without enumerating them.

    A hand is fixed, as far as the rule cares, by: which jacks it holds (16 choices); how
    many non-jack cards of each suit (c_D, c_H, c_S, c_C, summing to 10 - jacks); and in
    which suits one of those is the ace. A suit has 7 non-jack cards (ace + 6 others), so
    holding c of them with the ace can be done C(6, c-1) ways, without it C(6, c) ways.
    """
    out: dict[tuple[int, str | None], int] = {}
    for jmask in range(16):
        jacks = [JACK_ORDER[i] for i in range(4) if jmask >> i & 1]
        rest = 10 - len(jacks)
        for cd in range(8):
            for ch in range(8):
                for cs in range(8):
                    cc = rest - cd - ch - cs
                    if not 0 <= cc <= 7:
                        continue
                    counts = {"D": cd, "H": ch, "S": cs, "C": cc}
                    for aces in range(16):
                        ace_in = {s: bool(aces >> i & 1) for i, s in enumerate(SUITS)}
                        ways = 1
                        for s in SUITS:
                            c = counts[s]
                            if ace_in[s]:
                                ways *= comb(6, c - 1) if c >= 1 else 0
                            else:
                                ways *= comb(6, c)
                        if ways == 0:
                            continue
                        # build a representative hand with exactly these features and ask the plain rule
                        cards = [(s, "J") for s in jacks]
                        for s in SUITS:
                            others = ["7", "8", "9", "T", "Q", "K"]
                            picked = (["A"] if ace_in[s] else []) + others[: counts[s] - ace_in[s]]
                            cards += [(s, r) for r in picked]
                        key = seed_bid_value(cards)
                        out[key] = out.get(key, 0) + ways
    return out
