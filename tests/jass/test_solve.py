"""The open-hand Jass solver against a plain full minimax (tests/naive/jass_solve.py)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bitcards.errors import ParseError, PositionError
from bitcards.jass import solve
from bitcards.jass.batch import solve as solve_many
from tests.naive import jass as naive
from tests.naive import jass_solve as ref

DECK = [s + r for s in naive.SUITS for r in naive.RANKS]
CONTRACTS = "dhscou"


def random_position(rng: random.Random, k: int) -> list[list[str]]:
    cards = rng.sample(DECK, 4 * k)
    return [cards[i * k : (i + 1) * k] for i in range(4)]


EARLIER = [(0, 0), (0, 0), (1, 0), (0, 2), (3, 3)]


def check(hands: list[list[str]], contract: str, leader: int, earlier: tuple[int, int] = (0, 0)) -> None:
    r = solve([" ".join(h) for h in hands], contract, leader, earlier=earlier)
    assert r.points == ref.outcome(hands, contract, leader, earlier), (hands, contract, leader, earlier)
    vals = ref.lead_values(hands, contract, leader, earlier)
    assert r.values == {c: v[leader % 2] for c, v in vals.items()}, (hands, contract, leader, earlier)


@pytest.mark.parametrize("k", [1, 2, 3])
def test_endgames_against_full_minimax(k: int) -> None:
    rng = random.Random(100 + k)
    for _ in range({1: 300, 2: 1000, 3: 1000}[k]):
        check(random_position(rng, k), rng.choice(CONTRACTS), rng.randrange(4), rng.choice(EARLIER))


@pytest.mark.jit  # three whole nine-trick searches: minutes as plain Python
def test_match_bonus() -> None:
    # team 0 holds every trump and the aces: it takes all nine tricks, the 157 card points and the match's 100
    hands = [
        "hJ h9 hA hK hQ hT h8 h7 h6",
        "d6 d7 d8 d9 dT dJ dQ dK s6",
        "dA sA cA s7 s8 s9 sT sJ sQ",
        "sK c6 c7 c8 c9 cT cJ cQ cK",
    ]
    assert solve(hands, "h", 0, values=False).points == (257, 0)
    # after a trick of team 1 before this position there is no match to make
    assert solve(hands, "h", 0, values=False, earlier=(0, 1)).points == (157, 0)
    # seen from the other side: team 1 makes the match
    assert solve(hands[1:] + hands[:1], "h", 3, values=False).points == (0, 257)


def test_matches_against_full_minimax() -> None:
    # endgames where one team takes every trick under best play (the minimax says so)
    rng = random.Random(5)
    seen = 0
    for _ in range(400):
        hands, contract, leader = random_position(rng, 3), rng.choice(CONTRACTS), rng.randrange(4)
        p0, p1 = ref.outcome(hands, contract, leader)
        if min(p0, p1) == 0:
            seen += 1
            assert solve([" ".join(h) for h in hands], contract, leader, values=False).points == (p0, p1)
    assert seen > 10


@pytest.mark.slow
def test_four_trick_endgames_against_full_minimax() -> None:
    rng = random.Random(104)
    for _ in range(60):
        check(random_position(rng, 4), rng.choice(CONTRACTS), rng.randrange(4))


@given(st.integers(0, 2**32 - 1), st.integers(1, 3), st.sampled_from(CONTRACTS), st.integers(0, 3), st.sampled_from(EARLIER))
def test_hypothesis(seed: int, k: int, contract: str, leader: int, earlier: tuple[int, int]) -> None:
    check(random_position(random.Random(seed), k), contract, leader, earlier)


@pytest.mark.slow
def test_five_trick_positions_total_and_values() -> None:
    # beyond the plain minimax's reach: the teams' points add up to the cards' points and 5,
    # and the best lead's value is the solved value of the position
    rng = random.Random(9)
    for i in range(6):
        hands = random_position(rng, 5)
        contract, leader = CONTRACTS[i % 6], i % 4
        r = solve([" ".join(h) for h in hands], contract, leader)
        cards = sum(naive.card_points(c, contract) for h in hands for c in h) + 5
        assert sum(r.points) in (cards, cards + 100)
        assert (sum(r.points) == cards + 100) == (min(r.points) == 0)
        assert max(r.values.values()) == r.points[leader % 2]


def test_solve_many_equals_solve() -> None:
    rng = random.Random(7)
    from bitcards.notation import parse_mask

    rows, cts, lds = [], [], []
    for i in range(200):
        hands = random_position(rng, 1 + i % 4)
        rows.append([parse_mask(" ".join(h), "jass") for h in hands])
        cts.append(i % 6)
        lds.append(i % 4)
    earlier = np.array([EARLIER[i % len(EARLIER)] for i in range(200)])
    got = solve_many(np.array(rows, dtype=np.uint64), np.array(cts), np.array(lds), earlier)
    for i in range(200):
        assert got[i] == solve(rows[i], cts[i], lds[i], values=False, earlier=tuple(earlier[i])).points[0]


@pytest.mark.parametrize(
    ("hands", "msg"),
    [
        (["hA hK", "s6", "s7", "sA"], "unequal size"),
        (["hA", "hA", "s7", "sA"], "in two hands"),
        (["", "", "", ""], "game is over"),
        (["hA", "s6", "s7"], "four hands"),
    ],
)
def test_bad_positions(hands: list[str], msg: str) -> None:
    with pytest.raises(PositionError, match=msg):
        solve(hands, "h")


def test_bad_contract() -> None:
    with pytest.raises(ParseError, match="unknown contract"):
        solve(["hA", "s6", "s7", "sA"], "x")


@pytest.mark.parametrize("k", [1, 2, 3])
def test_plain_alphabeta_baseline_equals_full_minimax(k: int) -> None:
    # the bench's plain-Python alpha-beta for whole deals gives the minimax's points
    rng = random.Random(200 + k)
    for _ in range(150):
        hands, contract, leader, earlier = random_position(rng, k), rng.choice(CONTRACTS), rng.randrange(4), rng.choice(EARLIER)
        assert ref.alphabeta_points(hands, contract, leader, earlier) == ref.outcome(hands, contract, leader, earlier)[0]


@pytest.mark.parametrize("game", ["jass", "euchre"])
def test_bulk_solves_name_a_negative_mask_and_refuse_floats(game: str) -> None:
    """A negative mask used to wrap around to a 64-bit one; now it is refused with its row."""
    from bitcards import euchre
    from bitcards.errors import InvalidCardsError

    many = solve_many if game == "jass" else euchre.batch.solve
    hands = np.array([[1, 2, 4, 8], [16, -32, 64, 128]], dtype=np.int64)
    with pytest.raises(InvalidCardsError, match="negative mask at row 1"):
        many(hands, 0, 0)
    with pytest.raises(TypeError, match="float64"):
        many(hands.astype(float), 0, 0)


def _signature(hands: list[list[str]], contract: str, left: set[str]) -> tuple[object, ...]:
    """What fixes a trick-boundary position's future, from the plain rules: suit by suit, the owner and the card points
    of each card in play, strongest first (a card's place in its suit's order, its owner and its points are all the
    rules read; the trump jack is the only card of 20 points, so its rule of its own goes with it)."""
    owner = {c: i for i, h in enumerate(hands) for c in h}
    return tuple(
        tuple(
            (owner[c], naive.card_points(c, contract))
            for c in sorted((c for c in left if c[0] == s), key=lambda c: -naive.strength(c, contract))
        )
        for s in naive.SUITS
    )


def _random_deal(rng: random.Random, contract: str) -> tuple[list[list[str]], np.ndarray, dict[str, int], list[str]]:
    """A random deal of nine cards a hand, the solver's search context for it, each card's owner and all the cards."""
    from bitcards import _trick_solver as ts
    from bitcards.notation import parse_mask

    hands = random_position(rng, 9)
    ctx = ts.make_ctx(ts.JASS, CONTRACTS.index(contract), -1, *[parse_mask(" ".join(h), "jass") for h in hands])
    owner = {c: i for i, h in enumerate(hands) for c in h}
    return hands, ctx, owner, [c for h in hands for c in h]


@pytest.mark.parametrize("contract", list(CONTRACTS))
def test_table_key_and_twins_follow_the_plain_rules(contract: str) -> None:
    # the solver's table key for a Jass position: one key for positions with the same sequence of owners and points
    # in each suit (which cards of equal points are gone does not matter, nor which cards between them), and never
    # one key for two positions that differ otherwise; a card maps to the key's card of the same place, owner and
    # points, and back. The twins (the cards the endings and the frames never play): exactly those whose next
    # stronger card of their suit in play is in the same hand with the same points
    from bitcards import _trick_solver as ts
    from bitcards.notation import format_card, parse_mask

    rng = random.Random(11)
    merged = twinned = 0
    for _ in range(60):
        hands, ctx, owner, deck = _random_deal(rng, contract)
        seen: dict[int, tuple[object, ...]] = {}
        for _ in range(150):
            left = set(rng.sample(deck, rng.randrange(0, 37)))
            if rng.random() < 0.5:  # mostly cards of no points: several of them in play in a suit
                left |= {c for c in deck if naive.card_points(c, contract) == 0 and rng.random() < 0.7}
            sig = _signature(hands, contract, left)
            rem = np.uint64(parse_mask(" ".join(left), "jass") if left else 0)
            key = int(ts._tt_cards(ctx, rem))
            twins = 0
            for c in left:
                above = [d for d in left if d[0] == c[0] and naive.strength(d, contract) > naive.strength(c, contract)]
                d = min(above, key=lambda d: naive.strength(d, contract)) if above else c
                if d != c and owner[d] == owner[c] and naive.card_points(d, contract) == naive.card_points(c, contract):
                    twins |= parse_mask(c, "jass")
            assert int(ts._twins(ctx, rem)) == twins, (hands, contract, left)
            twinned += twins != 0
            if key in seen:
                assert seen[key] == sig, (hands, contract, left)
                merged += 1
            seen[key] = sig
            image = {}
            for c in left:
                m = format_card(int(ts._map_card(ctx, rem, int(parse_mask(c, "jass")).bit_length() - 1, True)), "jass")
                assert (owner[m], naive.card_points(m, contract), m[0]) == (owner[c], naive.card_points(c, contract), c[0])
                assert format_card(int(ts._map_card(ctx, rem, int(parse_mask(m, "jass")).bit_length() - 1, False)), "jass") == c
                image[c] = m
            assert parse_mask(" ".join(image.values()), "jass") == key if left else key == 0
            for a in left:  # the map keeps the order within each suit
                for b in left:
                    if a[0] == b[0] and naive.strength(a, contract) > naive.strength(b, contract):
                        assert naive.strength(image[a], contract) > naive.strength(image[b], contract)
        by_sig: dict[tuple[object, ...], int] = {}
        for key, sig in seen.items():
            assert by_sig.setdefault(sig, key) == key, (hands, contract)
    assert merged > 0 and twinned > 100


@pytest.mark.slow
@pytest.mark.parametrize("contract", list(CONTRACTS))
def test_low_card_endgames_against_full_minimax(contract: str) -> None:
    # four-trick endgames mostly of low cards, where positions after different tricks share a table key (low cards
    # of equal points): the solver still gives the plain minimax's points and lead values
    rng = random.Random(300 + CONTRACTS.index(contract))
    low = [c for c in DECK if c[1] in "6789"]
    for _ in range(8):
        pool = low + rng.sample([c for c in DECK if c not in low], 6)
        cards = rng.sample(pool, 16)
        check([cards[4 * i : 4 * i + 4] for i in range(4)], contract, rng.randrange(4), rng.choice(EARLIER))
