"""Game-run ids against the field-by-field reference of the format description."""

from __future__ import annotations

import base64

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bitcards.errors import CodecError, InvalidCardsError
from bitcards.skat.ids import (
    BID_TABLE,
    Game,
    GameRun,
    decode_run,
    encode_run,
    format_run_id,
    parse_run_id,
    run_decimal_readings,
    run_from_decimal,
    run_to_decimal,
)
from tests.naive import skat_id as naive

README_RUN_ID = "AABQVVWqqvpwKETIPCAhMbGwqKipuXl4ZCQkIA=="
README_RUN_DEC = 129090697728898356188161029675937060363232303187716560461767712
SORTED = Game(tuple(range(10)), tuple(range(10, 20)), tuple(range(20, 30)), (30, 31))
README_TRICKS = tuple((t % 10, (t + 1) % 10, (t + 2) % 10) for t in range(10))


def readme_run(**kw: object) -> GameRun:
    args: dict[str, object] = dict(
        game=SORTED, bids=(7, 5, 4), skat_cards=(8, 9), kind=4, hand=True, ouvert=True,
        hand_announced=True, ouvert_announced=True, tricks=README_TRICKS,
    )
    args.update(kw)
    return GameRun(**args)  # type: ignore[arg-type]


def naive_id(run: GameRun) -> int:
    return naive.run_id([list(h) for h in run.game.stacks], list(run.bids), list(run.skat_cards), run.kind,
                        list(run.flags), [list(t) for t in run.tricks])


@st.composite
def runs(draw: st.DrawFn, sorted_hands: bool = False, with_tricks: bool = True) -> GameRun:
    perm = draw(st.permutations(range(32)))
    hands = [perm[0:10], perm[10:20], perm[20:30], perm[30:32]]
    if sorted_hands:
        hands = [sorted(h) for h in hands]
    tricks: tuple[tuple[int, int, int], ...] = ()
    if with_tricks or draw(st.booleans()):
        cols = [draw(st.permutations(range(10))) for _ in range(3)]
        tricks = tuple((cols[0][t], cols[1][t], cols[2][t]) for t in range(10))
    return GameRun(
        Game(*(tuple(h) for h in hands)),
        tuple(draw(st.integers(0, 72)) for _ in range(3)),  # type: ignore[arg-type]
        (draw(st.integers(0, 31)), draw(st.integers(0, 31))),
        draw(st.integers(0, 5)),
        *(draw(st.booleans()) for _ in range(4)),  # type: ignore[arg-type]
        tricks,
    )


def test_bid_values() -> None:
    # GameRunTest.should_get_array_of_bid_values
    assert len(BID_TABLE) == 73 and BID_TABLE[0] == 0 and BID_TABLE[1] == 18 and BID_TABLE[72] == 264
    assert list(BID_TABLE) == sorted(set(BID_TABLE))


def test_readme_run() -> None:
    run = readme_run()
    x = encode_run(run)
    assert x == naive_id(run)
    assert x.to_bytes(28, "little").hex(" ") == (
        "00 00 50 55 55 aa aa fa 70 28 44 c8 3c 20 21 31 b1 b0 a8 a8 a9 b9 79 78 64 24 24 20"
    )
    assert format_run_id(run) == README_RUN_ID
    assert run_to_decimal(run) == README_RUN_DEC
    assert parse_run_id(README_RUN_ID) == run
    assert parse_run_id(README_RUN_ID.rstrip("=")) == run
    assert run_from_decimal(README_RUN_DEC) == run
    assert run_from_decimal(README_RUN_DEC, length=28) == run
    assert [n for n, _ in run_decimal_readings(README_RUN_DEC)] == [28]
    assert run.solo_player == "front" and run.kind_name == "clubs"


def test_27_byte_variant() -> None:
    # spec 3.5: last trick 9 4 0 -> byte 27 is zero; it plays middle's card 4 twice, so check_play=False
    tricks = (*README_TRICKS[:9], (9, 4, 0))
    with pytest.raises(InvalidCardsError, match="middle must play each of its 10 cards exactly once"):
        readme_run(tricks=tricks)
    run = readme_run(tricks=tricks, check_play=False)
    assert format_run_id(run) == "AABQVVWqqvpwKETIPCAhMbGwqKipuXl4ZCSk"
    assert run_to_decimal(run) == naive.compute_decimal(naive_id(run))
    assert len(base64.b64decode("AABQVVWqqvpwKETIPCAhMbGwqKipuXl4ZCSk")) == 27
    assert parse_run_id("AABQVVWqqvpwKETIPCAhMbGwqKipuXl4ZCSk", check_play=False) == run
    with pytest.raises(CodecError, match="plays index 4 more than once"):
        parse_run_id("AABQVVWqqvpwKETIPCAhMbGwqKipuXl4ZCSk")


def test_all_zero_run_is_the_game_id() -> None:
    # spec 3.4: a run with everything zero encodes to the plain game id (Java's ofId refuses it; bitcards reads it)
    run = GameRun(SORTED)
    assert format_run_id(run) == "AABQVVWqqvo="
    assert parse_run_id("AABQVVWqqvo=") == run
    assert run.solo_player is None and run.tricks == ()


@given(runs(sorted_hands=True))
def test_sorted_runs_identical_to_java(run: GameRun) -> None:
    x = encode_run(run)
    assert x == naive_id(run)
    text = format_run_id(run)
    assert text == naive.compute_id(x)
    assert run_to_decimal(run) == naive.compute_decimal(x)
    assert len(base64.b64decode(text)) >= 25  # Java's GameRun.ofId can read every full run bitcards writes
    assert parse_run_id(text) == run
    assert decode_run(x) == run


@given(runs(with_tricks=False))
def test_unsorted_runs_are_normalised(run: GameRun) -> None:
    back = parse_run_id(format_run_id(run))
    assert back == run.normalized()
    assert back.game.stacks == tuple(tuple(sorted(s)) for s in run.game.stacks)
    for t in range(len(run.tricks)):
        assert back.trick_cards(t) == run.trick_cards(t)  # the same cards are played
    assert encode_run(run) == naive_id(run.normalized())
    assert run_from_decimal(run_to_decimal(run), length=len(naive.to_bytes(encode_run(run)))) == run.normalized()


def test_java_loses_unsorted_tricks_bitcards_does_not() -> None:
    hands = naive.java_random_game(0)
    run = GameRun(Game(*hands), (1, 0, 0), (0, 1), 1, tricks=README_TRICKS)
    java = naive_id(run)  # Java writes the indices as listed ...
    java_back = decode_run(java)  # ... and decodes them against sorted hands
    assert java_back.trick_cards(0) != run.trick_cards(0)
    ours = parse_run_id(format_run_id(run))
    assert [ours.trick_cards(t) for t in range(10)] == [run.trick_cards(t) for t in range(10)]


def test_validation() -> None:
    with pytest.raises(InvalidCardsError, match="bid of middle is 73"):
        readme_run(bids=(7, 73, 4))
    with pytest.raises(InvalidCardsError, match="bid of front is 264"):  # a value, not an index: Java would store 8
        readme_run(bids=(264, 0, 0))
    with pytest.raises(InvalidCardsError, match="bid of rear is -1"):
        readme_run(bids=(0, 0, -1))
    with pytest.raises(InvalidCardsError, match="game kind 6"):
        readme_run(kind=6)
    with pytest.raises(InvalidCardsError, match="trick 3 must be 3 card indices 0..9"):
        readme_run(tricks=(*README_TRICKS[:2], (2, 3, 10), *README_TRICKS[3:]))
    with pytest.raises(InvalidCardsError, match="10 tricks"):
        readme_run(tricks=README_TRICKS[:9])
    with pytest.raises(InvalidCardsError, match="10 tricks"):
        readme_run(tricks=(*README_TRICKS, (0, 0, 0)))
    with pytest.raises(InvalidCardsError, match="skat_cards"):
        readme_run(skat_cards=(8, 32))
    with pytest.raises(InvalidCardsError, match="all-zero trick field"):
        readme_run(tricks=((0, 0, 0),) * 10, check_play=False)
    with pytest.raises(InvalidCardsError, match="3 bids"):
        readme_run(bids=(1, 2))
    with pytest.raises(TypeError):
        GameRun((1, 2, 3))  # type: ignore[arg-type]


def test_decode_errors() -> None:
    x = encode_run(readme_run())
    with pytest.raises(CodecError, match="beyond bit 221"):
        decode_run(x | 1 << 222)
    # 11 tricks (Java writes them all; its decoder keeps 10): refused, not cut
    java11 = naive.run_id([list(h) for h in SORTED.stacks], [7, 5, 4], [8, 9], 4, [True] * 4,
                          [list(t) for t in README_TRICKS] + [[1, 1, 1]])
    with pytest.raises(CodecError, match="beyond bit 221"):
        parse_run_id(naive.compute_id(java11))
    with pytest.raises(CodecError, match="game kind 6"):
        decode_run((x & ~(7 << 95)) | naive.put(0, 95, 3, 6))
    # Java's own ids of runs with fewer tricks: zero tricks read as "no tricks", partial ones refused
    few = naive.run_id([list(h) for h in SORTED.stacks], [7, 5, 4], [8, 9], 4, [True] * 4,
                       [list(t) for t in README_TRICKS[:7]])
    with pytest.raises(CodecError, match="exactly once"):
        decode_run(few)
    with pytest.raises(CodecError, match="too short"):
        parse_run_id("A")
    with pytest.raises(CodecError, match="not Base64"):
        parse_run_id(README_RUN_ID.replace("+", "-") + "-")
    with pytest.raises(CodecError, match="card 10 \\(R9\\)"):
        parse_run_id("AAAA")
    # overflowing bids as Java wraps them: 264 -> 8, 128 -> 0, -1 -> 127
    assert naive.put(0, 0, 7, 264) == naive.put(0, 0, 7, 8)
    wrapped = naive.run_id([list(h) for h in SORTED.stacks], [-1, 0, 0], [8, 9], 4, [True] * 4,
                           [list(t) for t in README_TRICKS])
    with pytest.raises(CodecError, match="bid of front is 127"):
        decode_run(wrapped)


def test_solo_player() -> None:
    assert readme_run(bids=(0, 0, 0)).solo_player is None
    assert readme_run(bids=(5, 4, 4)).solo_player == "front"
    assert readme_run(bids=(5, 5, 4)).solo_player == "middle"
    assert readme_run(bids=(5, 5, 5)).solo_player == "rear"
    assert readme_run(bids=(0, 3, 9)).solo_player == "rear"
    assert readme_run().bid_values == (30, 24, 23)


@given(runs(with_tricks=False))
def test_run_decimal_round_trip(run: GameRun) -> None:
    d = run_to_decimal(run)
    found = run_decimal_readings(d)
    assert run.normalized() in [r for _, r in found]
    if len(found) == 1:
        assert run_from_decimal(d) == run.normalized()


def test_msb_first_fields_util_test() -> None:
    # UtilTest: bits 0,2,4,6,8 set; reading 10 bits from 0 = 682, 4 bits from 1 = 5 (MSB first)
    from bitcards.skat.ids.run import _get, _put

    x = 0b101010101
    assert _get(x, 0, 10) == 682 and _get(x, 1, 4) == 5
    assert _put(682, 0, 10) == x and naive.put(0, 0, 10, 682) == x
