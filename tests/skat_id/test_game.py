"""Packed deal ids: interleaving kernels against the card-by-card reference."""

from __future__ import annotations

import base64

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bitcards.deal import deal
from bitcards.errors import CodecError, InvalidCardsError
from bitcards.skat.ids import (
    OUTSIDE_DECK,
    OVERLAP,
    WRONG_COUNT,
    Game,
    deal_flags,
    deal_id_flags,
    decode_deal,
    decode_deals,
    encode_deal,
    encode_deals,
    explain_deal_id,
)
from bitcards.skat.ids.game import compact32, spread32
from tests.naive import skat_id as naive

README = [0x3FF, 0xFFC00, 0x3FF00000, 0xC0000000]  # S7..R8 | R9..GX | GU..EO | EK EA


@st.composite
def deals(draw: st.DrawFn) -> list[int]:
    perm = draw(st.permutations(range(32)))
    hands = [perm[0:10], perm[10:20], perm[20:30], perm[30:32]]
    return [sum(1 << c for c in h) for h in hands]


def test_readme_deal_bytes() -> None:
    # spec 2.6(a): bytes 00 00 50 55 55 AA AA FA, little-endian
    x = encode_deal(README)
    assert x.to_bytes(8, "little") == bytes.fromhex("00 00 50 55 55 AA AA FA")
    assert x == naive.deal_id_from_masks(README)


@given(st.integers(0, 2**32 - 1))
def test_spread_compact(m: int) -> None:
    spread = int(spread32(np.uint64(m)))
    assert spread == sum(1 << (2 * i) for i in range(32) if m >> i & 1)
    assert int(compact32(np.uint64(spread))) == m
    assert int(compact32(np.uint64(spread << 1))) == 0


@given(deals())
def test_encode_matches_naive_and_round_trips(masks: list[int]) -> None:
    x = encode_deal(masks)
    assert x == naive.deal_id_from_masks(masks)
    assert list(decode_deal(x)) == masks
    assert explain_deal_id(x) is None


@given(st.integers(0, 2**64 - 1))
def test_any_64_bit_value_decodes_iff_java_decodes(x: int) -> None:
    hands = naive.deal_from_id(x)
    if hands is None:
        with pytest.raises(CodecError):
            decode_deal(x)
        assert deal_id_flags(np.array([x], dtype=np.uint64)).tolist() == [WRONG_COUNT]
    else:
        assert list(decode_deal(x)) == [sum(1 << c for c in h) for h in hands]
        assert deal_id_flags(np.array([x], dtype=np.uint64)).tolist() == [0]


def test_random_deals_against_naive() -> None:
    d = deal(2000, "skat", seed=4)
    ids = encode_deals(d)
    assert ids.dtype == np.uint64
    assert [int(v) for v in ids] == [naive.deal_id_from_masks([int(m) for m in row]) for row in d]
    assert (decode_deals(ids) == d).all()
    assert (encode_deals(d, check=False) == ids).all()


def test_batch_flags_and_errors() -> None:
    good = np.array([README], dtype=np.uint64)
    bad = np.array(
        [README, [0x3FF | 1 << 40, 0xFFC00, 0x3FF00000, 0xC0000000], [0x3FF, 0xFFC01, 0x3FF00000, 0xC0000000],
         [0x3FE, 0xFFC00, 0x3FF00000, 0xC0000001]],
        dtype=np.uint64,
    )
    # row 1 also has 11 front cards (bit 40 counts), row 3 has 9 front and 3 skat cards
    assert deal_flags(bad).tolist() == [0, OUTSIDE_DECK | WRONG_COUNT, OVERLAP | WRONG_COUNT, WRONG_COUNT]
    with pytest.raises(InvalidCardsError, match=r"^row 1: bits outside the Skat deck: \[40\]") as e:
        encode_deals(bad)
    assert e.value.row == 1
    with pytest.raises(InvalidCardsError, match=r"row 0: hands overlap \(cards S7\)"):
        encode_deals(bad[2:3])
    with pytest.raises(InvalidCardsError, match="shape"):
        encode_deals(np.zeros((2, 3), dtype=np.uint64))
    with pytest.raises(CodecError, match=r"^row 2: deal id 0x0 is not a deal: card 10 \(R9\)"):
        decode_deals(np.array([encode_deal(README), encode_deal(README), 0], dtype=np.uint64))
    assert encode_deals(good).tolist() == [0xFAAAAA5555500000]
    assert encode_deals(np.empty((0, 4), dtype=np.uint64)).shape == (0,)


def test_scalar_errors() -> None:
    with pytest.raises(InvalidCardsError, match="skat has 1 cards, expected 2"):
        encode_deal([0x3FF, 0xFFC00, 0x3FF00000, 0x80000000])
    with pytest.raises(InvalidCardsError, match="4 hands"):
        encode_deal([1, 2, 3])
    with pytest.raises(CodecError, match="card 29 \\(EO\\) would be the 11th card of middle"):
        decode_deal(int.from_bytes(base64.b64decode("mykAmZXGhaQ="), "little"))


def test_game_from_java_random_0() -> None:
    # GameTest.from_id: Game.ofId("MYKAmZXGhaQ") equals Game.random(0).normalized(); the unsorted
    # random(0) deal is rebuilt here with java.util.Random + Collections.shuffle (tests/naive).
    hands = naive.java_random_game(0)
    assert [" ".join(naive.CARDS[c] for c in h) for h in hands] == [
        "GK R9 R7 R8 SK SX E9 S8 SO EU",
        "RU G9 E7 EO S7 RK G7 G8 E8 GO",
        "EK RO EA RA EX SA GU RX SU GX",
        "S9 GA",
    ]
    g = Game(*hands)
    assert not g.is_normalized()
    assert Game.from_id("MYKAmZXGhaQ") == g.normalized()
    assert g.base64() == "MYKAmZXGhaQ="
    assert [" ".join(naive.CARDS[c] for c in h) for h in g.normalized().stacks] == [
        "S8 SX SO SK R7 R8 R9 GK E9 EU",
        "S7 RU RK G7 G8 G9 GO E7 E8 EO",
        "SU SA RX RO RA GX GU EX EK EA",
        "S9 GA",
    ]


@pytest.mark.parametrize("seed", range(1, 30))
def test_java_random_games_round_trip(seed: int) -> None:
    hands = naive.java_random_game(seed)
    g = Game(*hands)
    assert g.base64() == naive.compute_id(naive.deal_id(*hands))
    assert g.decimal() == naive.compute_decimal(naive.deal_id(*hands))
    assert Game.from_id(g.base64()) == g.normalized()


def test_game_validation() -> None:
    with pytest.raises(InvalidCardsError, match="front has 9 cards"):
        Game(tuple(range(9)), tuple(range(10, 20)), tuple(range(20, 30)), (30, 31))
    with pytest.raises(InvalidCardsError, match="card S7 is listed twice"):
        Game(tuple(range(10)), (0, *range(11, 20)), tuple(range(20, 30)), (30, 31))
    with pytest.raises(InvalidCardsError, match="outside 0..31"):
        Game(tuple(range(10)), tuple(range(10, 20)), tuple(range(20, 30)), (30, 32))
    g = Game.from_masks(README)
    assert g.masks() == tuple(README)
    assert g.deal_id == 0xFAAAAA5555500000


def test_card_numbers_are_the_skat_layout() -> None:
    # CardTest: card number = suit * 8 + value, suits S R G E, values 7 8 9 X U O K A, any case
    from bitcards.errors import ParseError
    from bitcards.layouts import SKAT
    from bitcards.notation import parse_card
    from bitcards.skat.ids import parse_skat_card

    for k, name in enumerate(naive.CARDS):
        assert parse_skat_card(name) == parse_skat_card(name.lower()) == k
        assert parse_card(name, "skat", "german") == k
        assert SKAT.suit_of(k) == "SRGE".index(name[0])
    for bad in ("", "S 7", "SR", "KK", " S", "S77"):
        with pytest.raises(ParseError):
            parse_skat_card(bad)


@pytest.mark.slow
def test_id_length_and_sign_statistics() -> None:
    # spec 2.2 / 2.4: byte 7 is zero iff EU EO EK EA are all front, P = C(28,6)/C(32,10) ~ 0.58 %
    # ("about 0.5 %"); the decimal is negative iff SX is in rear or skat, P = 12/32 = 37.5 %
    from math import comb, sqrt

    from bitcards.skat.ids import format_deal_ids

    n = 400_000
    ids = encode_deals(deal(n, "skat", seed=99))
    p7 = comb(28, 6) / comb(32, 10)
    short = int((ids >> np.uint64(56) == 0).sum())
    assert abs(short - n * p7) < 5 * sqrt(n * p7)
    neg = int(((ids >> np.uint64(6)) & np.uint64(3) >= 2).sum())
    assert abs(neg - n * 0.375) < 5 * sqrt(n * 0.375 * 0.625)
    texts = format_deal_ids(ids[:20_000])
    assert [len(t) for t in texts] == [8 if x >> 48 == 0 else 12 for x in ids[:20_000].tolist()]


def test_check_deal_ids_names_first_bad_row() -> None:
    from bitcards.skat.ids import check_deal_ids

    ids = encode_deals(deal(40_000, "skat", seed=5))  # above the parallel threshold
    check_deal_ids(ids)
    ids[33_333] = 0xFF
    ids[39_000] = 0
    with pytest.raises(CodecError, match=r"^row 33333: deal id 0xff is not a deal: card 2 \(S9\)"):
        check_deal_ids(ids)
    with pytest.raises(CodecError, match=r"^row 33333: "):
        decode_deals(ids)


def test_serial_and_parallel_builds_have_their_own_cache_entries() -> None:
    """Numba's cache does not key on compile flags; the two builds must not share an entry."""
    from bitcards.skat.ids.game import _encode_kernel

    par = getattr(_encode_kernel.parallel, "py_func", _encode_kernel.parallel)  # plain functions without the JIT
    ser = getattr(_encode_kernel.serial, "py_func", _encode_kernel.serial)
    assert ser.__qualname__ != par.__qualname__
    assert ser.__code__.co_code == par.__code__.co_code  # the same rule, compiled twice


def test_id_arrays_must_be_one_dimensional() -> None:
    """Every batch function over deal ids names a 2-d input (deal_id_flags used to fail inside Numba's typing)."""
    from bitcards.errors import CodecError
    from bitcards.skat.ids import check_deal_ids, deal_id_flags, decode_deals, format_deal_ids

    for fn in (check_deal_ids, deal_id_flags, decode_deals, format_deal_ids):
        with pytest.raises(CodecError, match=r"ids must be 1-dimensional, got shape \(2, 2\)"):
            fn([[1, 2], [3, 4]])
