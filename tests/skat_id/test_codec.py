"""Base64 and decimal game ids: every example of the format description, Java's accept/reject table."""

from __future__ import annotations

import base64

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bitcards.deal import deal
from bitcards.errors import CodecError
from bitcards.skat.ids import (
    Game,
    deal_decimal_readings,
    deal_id_from_decimal,
    deal_id_to_decimal,
    encode_deal,
    encode_deals,
    format_deal_id,
    format_deal_ids,
    java_base64_decode,
    parse_deal_id,
    parse_deal_ids,
)
from tests.naive import skat_id as naive

README_ID = 0xFAAAAA5555500000
REVERSED_ID = int.from_bytes(bytes.fromhex("AF AA AA 55 55 05"), "little")


@st.composite
def deal_ids(draw: st.DrawFn) -> int:
    perm = draw(st.permutations(range(32)))
    return naive.deal_id(perm[0:10], perm[10:20], perm[20:30], perm[30:32])


def test_readme_examples() -> None:
    assert format_deal_id(README_ID) == "AABQVVWqqvo="
    assert deal_id_to_decimal(README_ID) == 88327439690490 == 0x505555AAAAFA
    # spec 2.6(b): the reversed listing; the decimal is 0xAFAAAA555505 - 2**48
    rev = Game(
        tuple(range(31, 21, -1)), tuple(range(21, 11, -1)), tuple(range(11, 1, -1)), (1, 0)
    )
    assert rev.deal_id == REVERSED_ID
    assert rev.base64() == "r6qqVVUF"
    assert rev.decimal() == -88327439690491 == 0xAFAAAA555505 - 2**48
    assert Game.from_id("r6qqVVUF") == rev.normalized()


def test_decimal_collision() -> None:
    # spec 2.6(c): three different deals share the decimal 88327439690490
    seven = parse_deal_id("AFBVVaqq+g==")
    assert java_base64_decode("AFBVVaqq+g==") == bytes.fromhex("00 50 55 55 AA AA FA")
    g = Game.from_id(seven)
    assert [naive.CARDS[c] for c in g.front] == ["S7", "S8", "S9", "SX", "SU", "SO", "EU", "EO", "EK", "EA"]
    assert [naive.CARDS[c] for c in g.skat] == ["E9", "EX"]
    assert deal_id_to_decimal(seven) == 88327439690490
    readings = deal_decimal_readings(88327439690490)
    assert [(n, format_deal_id(x)) for n, x in readings] == [(6, "UFVVqqr6"), (7, "AFBVVaqq+g=="), (8, "AABQVVWqqvo=")]
    with pytest.raises(CodecError, match="ambiguous: 3 deals.*AABQVVWqqvo=.*AFBVVaqq\\+g==.*UFVVqqr6"):
        deal_id_from_decimal(88327439690490)
    assert deal_id_from_decimal(88327439690490, length=8) == README_ID
    assert deal_id_from_decimal(88327439690490, length=7) == seven
    assert format_deal_id(deal_id_from_decimal(88327439690490, length=6)) == "UFVVqqr6"
    # negative decimals are unambiguous (byte 0 = 0xFF would need four skat cards)
    assert deal_id_from_decimal(-88327439690491) == REVERSED_ID
    with pytest.raises(CodecError, match="does not fit in 5 bytes"):
        deal_id_from_decimal(88327439690490, length=5)
    with pytest.raises(CodecError, match="read as 8 bytes: not a deal"):  # ff ff af aa ...: four skat cards
        deal_id_from_decimal(-88327439690491, length=8)
    with pytest.raises(CodecError, match="not the decimal of any deal"):
        deal_id_from_decimal(5)
    with pytest.raises(CodecError, match="length must be 1..8"):
        deal_id_from_decimal(5, length=9)


def test_java_from_id_unpadded() -> None:
    x = parse_deal_id("MYKAmZXGhaQ")
    assert format_deal_id(x) == "MYKAmZXGhaQ="
    assert Game.from_id("MYKAmZXGhaQ") == Game(*naive.java_random_game(0)).normalized()


# What Java's Game.ofId accepts (spec 2.5), with the deal it must give
ACCEPT = {
    "AABQVVWqqvo=": README_ID,
    "AABQVVWqqvo": README_ID,  # missing padding
    "AABQVVWqqvoAAA==": README_ID,  # extra zero bytes
    "AABQVVWqqvoAAA": README_ID,
    "AABQVVWqqvp=": README_ID,  # non-zero unused bits in the last character
    "r6qqVVUF": REVERSED_ID,  # 6 bytes
    "MYKAmZXGhaQ": int.from_bytes(base64.b64decode("MYKAmZXGhaQ="), "little"),
    "AFBVVaqq+g==": int.from_bytes(bytes.fromhex("00 50 55 55 AA AA FA"), "little"),  # 7 bytes
    "AFBVVaqq+g": int.from_bytes(bytes.fromhex("00 50 55 55 AA AA FA"), "little"),
}

# What it rejects, with the reason bitcards gives
REJECT = {
    "": "too short",
    "0": "too short",
    "g": "too short",
    "=": "too short",
    "AA": "only zero bits",  # passes the length check, then "0 cards"
    "0000": "card 5 \\(SO\\) would be the 3rd card of skat",
    "mykAmZXGhaQ": "card 29 \\(EO\\) would be the 11th card of middle",
    "mykAmZXGhaQmykAmZXGhaQ": "has 16 bytes",
    "AABQVVWqqvo=AAAA": "text after the padding",
    "AABQVVWqqvoAAAAB": "has 12 bytes",
    "AABQ VVWqqvo=": "character ' ' at position 5",
    "AABQVVWqqvo=\n": "text after the padding",
    "AABQVVWqqvo\n": "character '\\\\n'",
    "AABQVVWqqv-=": "URL-safe",
    "AABQVVWqqv_=": "URL-safe",
    "AABQVVWqqvoé": "character 'é'",
    "AABQVVWqqvo==": "text after the padding",
    "AABQVVWqqA=": "does not complete",  # xx= with a missing second '='
    "AABQVVWqq=": "single character",  # a final group of one char (x=)
    "AABQVVWqq": "single character",
    "AABQ=VVWqqvo": "does not complete",
    "AABQVVWq=": "does not complete",  # "=" starting a group
}


@pytest.mark.parametrize("text", list(ACCEPT))
def test_java_accepts(text: str) -> None:
    assert parse_deal_id(text) == ACCEPT[text]
    assert parse_deal_ids([text]).tolist() == [ACCEPT[text]]


@pytest.mark.parametrize("text", list(REJECT))
def test_java_rejects(text: str) -> None:
    with pytest.raises(CodecError, match=REJECT[text]):
        parse_deal_id(text)
    with pytest.raises(CodecError, match="^row 1: .*" + REJECT[text]):
        parse_deal_ids(["AABQVVWqqvo=", text])


def test_url_safe_and_space_would_pass_pythons_lenient_decoder() -> None:
    # the trap the format description warns about: Python's non-validating b64decode drops bad characters
    assert base64.b64decode("AABQ VVWqqvo=") == base64.b64decode("AABQVVWqqvo=")
    with pytest.raises(CodecError):
        parse_deal_id("AABQ VVWqqvo=")


@given(deal_ids())
def test_base64_round_trip_and_naive(x: int) -> None:
    text = format_deal_id(x)
    assert text == naive.compute_id(x)
    assert len(text) in (8, 12) and "/" not in text
    assert parse_deal_id(text) == x
    assert parse_deal_id(text.rstrip("=")) == x
    assert format_deal_ids(np.array([x], dtype=np.uint64)) == [text]
    assert parse_deal_ids([text, text.rstrip("=")]).tolist() == [x, x]


@given(deal_ids())
def test_decimal_round_trip(x: int) -> None:
    d = deal_id_to_decimal(x)
    assert d == naive.compute_decimal(x)
    assert (d < 0) == ((x >> 6) & 3 >= 2)  # negative iff SX (card 3) is in rear or skat
    n = len(naive.to_bytes(x))
    assert deal_id_from_decimal(d, length=n) == x
    readings = deal_decimal_readings(d)
    assert (n, x) in readings
    if len(readings) == 1:
        assert deal_id_from_decimal(d) == x
    else:
        assert d > 0 and x & 0xFF == 0 or d > 0  # only positive decimals can be ambiguous
        with pytest.raises(CodecError, match="ambiguous"):
            deal_id_from_decimal(d)


def test_bulk_random_deals_match_scalar() -> None:
    d = deal(3000, "skat", seed=11)
    ids = encode_deals(d)
    texts = format_deal_ids(ids)
    assert texts == [naive.compute_id(int(x)) for x in ids]
    lengths = {len(t) for t in texts}
    assert lengths <= {8, 12}
    assert (parse_deal_ids(texts) == ids).all()
    assert (parse_deal_ids(iter(texts)) == ids).all()
    assert parse_deal_ids([]).shape == (0,)


def test_bulk_edge_cases() -> None:
    ids = np.array([README_ID, REVERSED_ID, parse_deal_id("AFBVVaqq+g==")], dtype=np.uint64)
    assert format_deal_ids(ids) == ["AABQVVWqqvo=", "r6qqVVUF", "AFBVVaqq+g=="]
    with pytest.raises(CodecError, match="row 1"):
        format_deal_ids(np.array([README_ID, 0], dtype=np.uint64))
    # unchecked formatting still follows BitSet.toByteArray for any 64-bit value
    raw = np.array([0, 1, 0xFF, 0xFFFF, 2**64 - 1], dtype=np.uint64)
    assert format_deal_ids(raw, check=False) == [naive.compute_id(int(x)) for x in raw]
    # a line break inside an id falls back to the scalar parser and is rejected there
    with pytest.raises(CodecError, match="character"):
        parse_deal_ids(["AABQ\nVVWqqvo="])


@given(st.lists(st.text(alphabet="AQgw+/=ABCabc0123456789 -_", max_size=20), min_size=1, max_size=5))
def test_bulk_and_scalar_agree_on_any_text(texts: list[str]) -> None:
    expected = []
    for t in texts:
        try:
            expected.append(parse_deal_id(t))
        except CodecError:
            expected.append(None)
    if None in expected:
        with pytest.raises(CodecError, match=f"^row {expected.index(None)}: "):
            parse_deal_ids(texts)
    else:
        assert parse_deal_ids(texts).tolist() == expected


@given(st.binary(max_size=12))
def test_java_base64_decoder_agrees_with_strict_python(data: bytes) -> None:
    text = base64.b64encode(data).decode()
    assert java_base64_decode(text) == data
    assert java_base64_decode(text.rstrip("=")) == data


def test_encode_deal_matches_format() -> None:
    assert format_deal_id(encode_deal([0x3FF, 0xFFC00, 0x3FF00000, 0xC0000000])) == "AABQVVWqqvo="


def test_bulk_numpy_bytes_arrays() -> None:
    d = deal(30_000, "skat", seed=12)  # above the parallel threshold
    ids = encode_deals(d)
    arr = format_deal_ids(ids, as_array=True)
    assert arr.dtype == np.dtype("S12") and arr.shape == (30_000,)
    assert [b.decode() for b in arr.tolist()] == format_deal_ids(ids)
    assert (parse_deal_ids(arr) == ids).all()
    special = np.array([b"r6qqVVUF", b"AABQVVWqqvoAAA==", b"MYKAmZXGhaQ"])
    assert parse_deal_ids(special).tolist() == [REVERSED_ID, README_ID, ACCEPT["MYKAmZXGhaQ"]]
    for bad, why in ((b"AB-C", "URL-safe"), (b"AABQ\x00VVWqqvo=", "character"), (b"\xe9\xe9", "character")):
        with pytest.raises(CodecError, match=f"^row 1: .*{why}"):
            parse_deal_ids(np.array([b"r6qqVVUF", bad]))
    assert format_deal_ids(np.empty(0, dtype=np.uint64), as_array=True).shape == (0,)
