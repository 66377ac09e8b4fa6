"""The open-hand Euchre solver against a plain full minimax (tests/naive/euchre_solve.py)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bitcards.errors import ParseError, PositionError
from bitcards.euchre import solve
from bitcards.euchre.batch import solve as solve_many
from bitcards.notation import parse_mask
from tests.naive import euchre as naive
from tests.naive import euchre_solve as ref

L = "dhsc"


def random_position(rng: random.Random, k: int, alone: int | None = None) -> list[list[str]]:
    cards = rng.sample(naive.DECK, 4 * k)
    hands = [cards[i * k : (i + 1) * k] for i in range(4)]
    if alone is not None:
        hands[(alone + 2) % 4] = []
    return hands


def check(hands: list[list[str]], trump: int, leader: int, alone: int | None = None) -> None:
    r = solve([" ".join(h) for h in hands], trump, leader, alone=alone)
    want = ref.tricks(hands, L[trump], leader, alone)
    left = len(hands[leader])
    assert r.tricks == (want, left - want), (hands, trump, leader, alone)
    vals = ref.lead_values(hands, L[trump], leader, alone)
    mine = {c: (v if leader % 2 == 0 else left - v) for c, v in vals.items()}
    assert r.values == mine, (hands, trump, leader, alone)


@pytest.mark.parametrize("k", [1, 2, 3])
def test_endgames_against_full_minimax(k: int) -> None:
    rng = random.Random(k)
    n = {1: 300, 2: 1000, 3: 1000}[k]
    for _ in range(n):
        alone = rng.choice([None, None, None, 0, 1, 2, 3])
        leader = rng.randrange(4)
        if alone is not None and leader == (alone + 2) % 4:
            leader = alone
        check(random_position(rng, k, alone), rng.randrange(4), leader, alone)


@pytest.mark.slow
def test_four_card_positions_against_full_minimax() -> None:
    rng = random.Random(4)
    for _ in range(150):
        alone = rng.choice([None, None, 1])
        leader = rng.choice([0, 1, 2]) if alone == 1 else rng.randrange(4)
        check(random_position(rng, 4, alone), rng.randrange(4), leader, alone)


@pytest.mark.slow
def test_whole_deals_alone_against_full_minimax() -> None:
    # a lone hand: three seats, so whole 5-card deals are in the plain minimax's reach
    rng = random.Random(5)
    for _ in range(20):
        alone = rng.randrange(4)
        check(random_position(rng, 5, alone), rng.randrange(4), alone, alone)


@given(st.integers(0, 2**32 - 1), st.integers(1, 3), st.integers(0, 3), st.integers(0, 3))
def test_hypothesis(seed: int, k: int, trump: int, leader: int) -> None:
    check(random_position(random.Random(seed), k), trump, leader)


def many_against_minimax(rng: random.Random, k: int, n: int, lone: bool) -> None:
    # the bulk solve drops the table below the first trick (a single search never meets those positions twice)
    rows = []
    for _ in range(n):
        alone = rng.randrange(4) if lone or rng.random() < 0.2 else None
        leader = alone if alone is not None and rng.random() < 0.5 else rng.randrange(4)
        if alone is not None and leader == (alone + 2) % 4:
            leader = alone
        rows.append((random_position(rng, k, alone), rng.randrange(4), leader, -1 if alone is None else alone))
    masks = np.array([[parse_mask(" ".join(h), "euchre") for h in hands] for hands, _, _, _ in rows], dtype=np.uint64)
    got = solve_many(masks, np.array([r[1] for r in rows]), np.array([r[2] for r in rows]), np.array([r[3] for r in rows]))
    for (hands, trump, leader, alone), g in zip(rows, got.tolist()):
        assert g == ref.tricks(hands, L[trump], leader, None if alone < 0 else alone), (hands, trump, leader, alone)


@pytest.mark.parametrize("k", [1, 2, 3])
def test_solve_many_endgames_against_full_minimax(k: int) -> None:
    many_against_minimax(random.Random(10 + k), k, 600, False)


@pytest.mark.slow
def test_solve_many_deeper_against_full_minimax() -> None:
    many_against_minimax(random.Random(14), 4, 60, False)
    many_against_minimax(random.Random(15), 5, 8, True)


def test_solve_many_equals_solve() -> None:
    import bitcards

    deals = bitcards.deal(300, "euchre", seed=3)[:, :4]
    trumps = np.arange(300) % 4
    leaders = (np.arange(300) // 4) % 4
    alone = np.where(np.arange(300) % 3 == 0, (np.arange(300) // 7) % 4, -1)
    leaders = np.where((alone >= 0) & (leaders == (alone + 2) % 4), alone, leaders)
    got = solve_many(deals, trumps, leaders, alone)
    for i in range(300):
        a = None if alone[i] < 0 else int(alone[i])
        assert got[i] == solve(deals[i].tolist(), int(trumps[i]), int(leaders[i]), alone=a, values=False).tricks[0]


def test_best_and_losses() -> None:
    # spades trump; seat 0 leads: Ah first is trumped by seat 1's 9s
    hands = ["Ah Js", "9s Kd", "9d Td", "Qd Jd"]
    r = solve(hands, "s", 0)
    assert r.values == {"Js": 2, "Ah": 1}
    assert r.best == ["Js"] and r.losses == {"Js": 0, "Ah": 1}


@pytest.mark.parametrize(
    ("hands", "kw", "msg"),
    [
        (["Ah Kh", "9s", "9d", "Qd"], {}, "unequal size"),
        (["Ah", "Ah", "9d", "Qd"], {}, "in two hands"),
        (["", "", "", ""], {}, "game is over"),
        (["Ah", "9s", "9d"], {}, "four hands"),
        (["Ah", "9s", "9d", "Qd"], {"alone": 0, "leader": 2}, "sits out"),
        (["Ah 9h 9c Tc Qc Kc", "9s", "9d", "Qd"], {}, "unequal"),
    ],
)
def test_bad_positions(hands: list[str], kw: dict[str, int], msg: str) -> None:
    with pytest.raises(PositionError, match=msg):
        solve(hands, "s", **kw)


def test_bad_trump_and_card() -> None:
    with pytest.raises(ParseError):
        solve(["Ah", "9s", "9d", "Qd"], "x")
    with pytest.raises(ParseError):
        solve(["Zz", "9s", "9d", "Qd"], "s")
    with pytest.raises(PositionError):
        solve_many(np.array([[parse_mask("Ah Kh", "euchre"), 1, 2, 4]], dtype=np.uint64), 0, 0)
