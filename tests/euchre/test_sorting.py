"""Euchre hand sorting: the quiz's example, every row of the spec's tables, and the naive solutions."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bitcards.cardset import CardSet
from bitcards.errors import InvalidCardsError, ParseError
from bitcards.euchre import batch, deck_order, hand_sort_keys, sort_hand, sort_keys, suit_order, void_swap
from bitcards.notation import format_cards
from tests.naive import euchre as naive


def fmt(bits: list[int]) -> str:
    return format_cards(bits, "euchre")


# --- the seed and the spec's tables (copied from /work/shared/specs/euchre.md, section 4) ---

QUIZ = ("Diamonds", "Kc Jh Kd Td Ah", "Jh Kd Td Kc Ah")

# trump, hand, Bob (default), Dominik
SPEC_HANDS = [
    ("Spades", "9h Jc Ad Ts Kc", "Jc Ts 9h Kc Ad", "Jc Ts Ad Kc 9h"),
    ("Spades", "Ac Jc Qd 9s Td", "Jc 9s Qd Td Ac", "Jc 9s Qd Td Ac"),
    ("Spades", "Ah Kd Js 9h Qd", "Js Ah 9h Kd Qd", "Js Kd Qd Ah 9h"),
    ("Hearts", "9h 9s 9d 9c Tc", "9h Tc 9c 9d 9s", "9h 9s 9d Tc 9c"),
    ("Hearts", "Jd Ac As Kd Th", "Jd Th Ac Kd As", "Jd Th As Kd Ac"),
    ("Clubs", "Js Jc Ah Ad As", "Jc Js Ad As Ah", "Jc Js Ah As Ad"),
    ("Clubs", "Kh Qd Js 9s Ac", "Js Ac Qd 9s Kh", "Js Ac Kh 9s Qd"),
    ("Diamonds", "Kc Jh Kd Td Ah", "Jh Kd Td Kc Ah", "Jh Kd Td Kc Ah"),
]

SPEC_DECKS = [
    (
        "Spades",
        "Js Jc As Ks Qs Ts 9s Ah Kh Qh Jh Th 9h Ac Kc Qc Tc 9c Ad Kd Qd Jd Td 9d",
        "Js Jc As Ks Qs Ts 9s Ad Kd Qd Jd Td 9d Ac Kc Qc Tc 9c Ah Kh Qh Jh Th 9h",
    ),
    (
        "Hearts",
        "Jh Jd Ah Kh Qh Th 9h Ac Kc Qc Jc Tc 9c Ad Kd Qd Td 9d As Ks Qs Js Ts 9s",
        "Jh Jd Ah Kh Qh Th 9h As Ks Qs Js Ts 9s Ad Kd Qd Td 9d Ac Kc Qc Jc Tc 9c",
    ),
    (
        "Clubs",
        "Jc Js Ac Kc Qc Tc 9c Ad Kd Qd Jd Td 9d As Ks Qs Ts 9s Ah Kh Qh Jh Th 9h",
        "Jc Js Ac Kc Qc Tc 9c Ah Kh Qh Jh Th 9h As Ks Qs Ts 9s Ad Kd Qd Jd Td 9d",
    ),
    (
        "Diamonds",
        "Jd Jh Ad Kd Qd Td 9d As Ks Qs Js Ts 9s Ah Kh Qh Th 9h Ac Kc Qc Jc Tc 9c",
        "Jd Jh Ad Kd Qd Td 9d Ac Kc Qc Jc Tc 9c Ah Kh Qh Th 9h As Ks Qs Js Ts 9s",
    ),
]


def test_quiz_example() -> None:
    trump, hand, want = QUIZ
    assert fmt(sort_hand(hand, trump)) == want
    assert fmt(sort_hand(hand, trump, cycle="dominik")) == want
    # the quiz's hand is void in spades, Bob's 2nd suit for diamonds: the swap is what makes Kc come before Ah
    assert void_swap(hand, trump)
    assert fmt(sort_hand(hand, trump, stable=True)) == "Jh Kd Td Ah Kc"


@pytest.mark.parametrize(("trump", "hand", "bob", "dominik"), SPEC_HANDS)
def test_spec_hands(trump: str, hand: str, bob: str, dominik: str) -> None:
    assert fmt(sort_hand(hand, trump)) == bob
    assert fmt(sort_hand(hand, trump, cycle="bob")) == bob
    assert fmt(sort_hand(hand, trump, cycle="dominik")) == dominik
    # the naive translations of the posted Ruby solutions agree with the spec too
    assert " ".join(naive.sort_bob(trump, hand.split())) == bob
    assert " ".join(naive.sort_dominik(trump, hand.split())) == dominik


@pytest.mark.parametrize(("trump", "bob", "dominik"), SPEC_DECKS)
def test_spec_full_decks(trump: str, bob: str, dominik: str) -> None:
    all_cards = CardSet.full("euchre")
    assert fmt(sort_hand(all_cards, trump)) == bob
    assert fmt(sort_hand(all_cards, trump, cycle="dominik")) == dominik
    assert fmt(deck_order(trump)) == bob
    assert fmt(deck_order(trump, cycle="dominik")) == dominik
    # sort_keys numbers exactly that deck
    keys = sort_keys(trump)
    assert [int(keys[c]) for c in deck_order(trump)] == list(range(24))


def test_spec_batch_rows() -> None:
    rows = [QUIZ + (QUIZ[2],), *SPEC_HANDS]
    masks = np.array([CardSet.parse(h, "euchre").mask for _, h, _, _ in rows], dtype=np.uint64)
    names = {"Diamonds": 0, "Hearts": 1, "Spades": 2, "Clubs": 3}
    trumps = np.array([names[t] for t, _, _, _ in rows], dtype=np.int8)
    for cycle, col in (("bob", 2), ("dominik", 3)):
        out = batch.sort_hand(masks, trumps, cycle=cycle)
        assert out.shape == (len(rows), 5) and out.dtype == np.int8
        assert [fmt(list(r)) for r in out] == [r[col] for r in rows]


def test_suit_orders_table() -> None:
    # spec 3.1 table: rotations of S H C D
    letters = "DHSC"
    got = {t: "".join(letters[s] for s in suit_order(t)) for t in ("Spades", "Hearts", "Clubs", "Diamonds")}
    assert got == {"Spades": "SHCD", "Hearts": "HCDS", "Clubs": "CDSH", "Diamonds": "DSHC"}
    got = {t: "".join(letters[s] for s in suit_order(t, cycle="dominik")) for t in ("s", "h", "c", "d")}
    assert got == {"s": "SDCH", "h": "HSDC", "c": "CHSD", "d": "DCHS"}


# --- against the naive solutions on random hands of any size ---------------------------

TRUMPS = ["Diamonds", "Hearts", "Spades", "Clubs"]
hands = st.lists(st.integers(0, 23), min_size=0, max_size=24, unique=True)


@given(hands, st.sampled_from(TRUMPS))
def test_bob_matches_naive(bits: list[int], trump: str) -> None:
    cards = [naive.bit_to_card(b) for b in bits]
    assert fmt(sort_hand(sum(1 << b for b in bits), trump)) == " ".join(naive.sort_bob(trump, cards))


@given(hands, st.sampled_from(TRUMPS))
def test_dominik_matches_naive(bits: list[int], trump: str) -> None:
    cards = [naive.bit_to_card(b) for b in bits]
    assert fmt(sort_hand(cards, trump, cycle="dominik")) == " ".join(naive.sort_dominik(trump, cards))


@given(hands, st.sampled_from(TRUMPS))
def test_stable_matches_golf_and_unswapped_bob(bits: list[int], trump: str) -> None:
    cards = [naive.bit_to_card(b) for b in bits]
    got = fmt(sort_hand(sum(1 << b for b in bits), trump, stable=True))
    assert got == " ".join(naive.sort_golf(trump, cards))
    assert got == " ".join(naive.sort_bob(trump, cards, swap=False))


@given(st.lists(st.tuples(hands, st.integers(0, 3)), min_size=1, max_size=30), st.sampled_from(["bob", "dominik"]))
def test_batch_matches_scalar(rows: list[tuple[list[int], int]], cycle: str) -> None:
    masks = np.array([sum(1 << b for b in bits) for bits, _ in rows], dtype=np.uint64)
    trumps = np.array([t for _, t in rows], dtype=np.int64)  # any integer dtype
    out = batch.sort_hand(masks, trumps, cycle=cycle)  # type: ignore[arg-type]
    width = max(len(bits) for bits, _ in rows)
    assert out.shape == (len(rows), width)
    for (bits, t), row in zip(rows, out):
        want = sort_hand(sum(1 << b for b in bits), t, cycle=cycle)  # type: ignore[arg-type]
        assert list(row) == want + [-1] * (width - len(want))
    keys = hand_sort_keys(masks, trumps, cycle=cycle)  # type: ignore[arg-type]
    for (bits, t), k in zip(rows, keys):
        sw = void_swap(sum(1 << b for b in bits), t, cycle=cycle)  # type: ignore[arg-type]
        assert (k == sort_keys(t, sw, cycle=cycle)).all()  # type: ignore[arg-type]
        assert sorted(bits, key=lambda b: k[b]) == sort_hand(sum(1 << b for b in bits), t, cycle=cycle)  # type: ignore[arg-type]


# --- tables and inputs ------------------------------------------------------------------


def test_key_tables_are_permutations() -> None:
    for cycle in ("bob", "dominik"):
        for t in range(4):
            for sw in (False, True):
                k = sort_keys(t, sw, cycle)  # type: ignore[arg-type]
                assert k.dtype == np.int8 and sorted(k.tolist()) == list(range(24))
                assert deck_order(t, sw, cycle)[:2] == [t * 6 + 2, (t ^ 1) * 6 + 2]  # type: ignore[arg-type]


def test_hand_inputs() -> None:
    want = [8, 4, 1, 22, 11]
    text = "Kc Jh Kd Td Ah"
    cs = CardSet.parse(text, "euchre")
    assert sort_hand(cs, 0) == want
    assert sort_hand(cs.mask, "d") == want
    assert sort_hand(np.uint64(cs.mask), "♦") == want
    assert sort_hand(text.split(), "DIAMONDS") == want
    assert sort_hand("", "Spades") == []
    assert sort_hand(1 << 3, "Spades") == [3]


def test_bad_inputs() -> None:
    with pytest.raises(InvalidCardsError, match="a skat card set is not a euchre hand"):
        sort_hand(CardSet.parse("JC", "skat"), 0)
    with pytest.raises(ParseError, match="not in the euchre deck"):
        sort_hand("7c Jh", 0)
    with pytest.raises(ParseError, match="duplicate"):
        sort_hand("Jh Jh", 0)
    with pytest.raises(InvalidCardsError, match="outside the euchre deck"):
        sort_hand(1 << 24, 0)
    with pytest.raises(ParseError, match="unknown trump"):
        sort_hand("Jh", "Trumps")
    with pytest.raises(InvalidCardsError, match="suit 0..3"):
        sort_hand("Jh", 4)
    with pytest.raises(ValueError, match="unknown cycle"):
        sort_hand("Jh", 0, cycle="alice")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="trump"):
        sort_hand("Jh", 1.5)  # type: ignore[arg-type]


def test_batch_errors_name_row() -> None:
    masks = np.array([0b11111, 1 << 30, 0b11111], dtype=np.uint64)
    with pytest.raises(InvalidCardsError, match="row 1: mask 0x40000000 has bits outside"):
        batch.sort_hand(masks, 0)
    with pytest.raises(InvalidCardsError, match="row 2: trump 7"):
        batch.sort_hand(masks[[0, 0, 0]], np.array([0, 1, 7], dtype=np.int8))
    with pytest.raises(InvalidCardsError, match="row 2: trump 7"):
        batch.sort_hand(masks[[0, 0, 0]], np.array([0, 1, 7]))
    with pytest.raises(InvalidCardsError, match="row 1: 6 cards"):
        batch.sort_hand(np.array([0b11111, 0b111111], dtype=np.uint64), 0, width=5)
    with pytest.raises(InvalidCardsError, match="row 0: trump -1"):
        batch.sort_hand(masks[:1], -1)
    with pytest.raises(TypeError, match="float"):
        batch.sort_hand(np.array([1.0]), 0)
    with pytest.raises(InvalidCardsError, match="shape"):
        batch.sort_hand(masks, np.array([0, 1], dtype=np.int8))
    with pytest.raises(InvalidCardsError, match="row 1"):
        hand_sort_keys(masks, 0)


def test_batch_width_out_and_broadcast() -> None:
    masks = np.array([(1 << 24) - 1, 0, 0b1], dtype=np.uint64)
    out = batch.sort_hand(masks, "Hearts")
    assert out.shape == (3, 24)
    assert fmt(list(out[0])) == SPEC_DECKS[1][1]
    assert out[1].tolist() == [-1] * 24 and out[2].tolist() == [0] + [-1] * 23
    buf = np.full((3, 24), 99, dtype=np.int8)
    assert batch.sort_hand(masks, 1, out=buf) is buf and (buf == out).all()
    with pytest.raises(ValueError, match="out must be"):
        batch.sort_hand(masks, 1, out=np.empty((3, 5), dtype=np.int8))
    assert batch.sort_hand(np.array([], dtype=np.uint64), 0).shape == (0, 5)


@pytest.mark.jit
def test_parallel_kernel_same_for_any_thread_count() -> None:
    import numba

    from bitcards._parallel import PARALLEL_ROWS
    from bitcards.deal import deal

    n = 4 * PARALLEL_ROWS + 1234
    d = deal(n // 4 + 1, "euchre", seed=55)[:, :4].reshape(-1)[:n]  # 5-card hands
    trumps = (np.arange(n) % 4).astype(np.int8)
    serial = np.concatenate([batch.sort_hand(d[i : i + 50_000], trumps[i : i + 50_000]) for i in range(0, n, 50_000)])
    old = numba.get_num_threads()
    try:
        for threads in (1, numba.config.NUMBA_NUM_THREADS):
            numba.set_num_threads(threads)
            assert (batch.sort_hand(d, trumps) == serial).all()
    finally:
        numba.set_num_threads(old)
    # spot-check against the naive solution
    for i in range(0, n, 997):
        cards = [naive.bit_to_card(b) for b in range(24) if int(d[i]) >> b & 1]
        assert fmt(list(serial[i])) == " ".join(naive.sort_bob(TRUMPS[trumps[i]], cards))


@given(hands, st.sampled_from(TRUMPS))
def test_hand_sort_keys_are_bobs_deck_positions(bits: list[int], trump: str) -> None:
    cards = [naive.bit_to_card(b) for b in bits]
    deck = naive.bob_deck(trump, cards)
    keys = hand_sort_keys(np.array([sum(1 << b for b in bits)], dtype=np.uint64), trump)[0]
    assert [int(keys[naive.card_to_bit(c)]) for c in deck] == list(range(24))


@given(hands, st.sampled_from("dhsc"), st.sampled_from(["bob", "dominik"]))
def test_colours_alternate_whenever_possible_any_size(bits: list[int], trump: str, cycle: str) -> None:
    """The exhaustive 5-card check of test_exhaustive.py, for hands of any size."""
    cards = [naive.bit_to_card(b) for b in bits]
    got = fmt(sort_hand(cards, "dhsc".index(trump), cycle=cycle)).split()  # type: ignore[arg-type]
    suits = [s for s, _ in naive.blocks(got, trump)]
    assert len(set(suits)) == len(suits)
    assert not suits or trump not in suits or suits[0] == trump
    if naive.alternating_possible(cards, trump):
        assert naive.alternates(suits)
