"""Bulk run ids: every row must equal the scalar run codec (itself checked against the field-by-field reference)."""

from __future__ import annotations

import base64

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bitcards._jit import JIT_DISABLED
from bitcards.errors import CodecError, InvalidCardsError
from bitcards.skat.ids import (
    Game,
    GameRun,
    decode_run,
    encode_run,
    format_run_id,
    id_to_bytes,
    parse_run_id,
)
from bitcards.skat.ids.runs import (
    RunArrays,
    decode_runs,
    encode_runs,
    format_run_ids,
    ints_to_run_ids,
    parse_run_ids,
    run_ids_to_ints,
)
from tests.naive import skat_id as naive
from tests.skat_id.test_run import README_RUN_ID, README_TRICKS, naive_id, readme_run, runs

#: rows per bulk test (kernels run as plain Python without the JIT)
N = 300 if JIT_DISABLED else 3000
COLUMNS = ("deals", "bids", "skat_cards", "kinds", "flags", "tricks")


def assert_same(a: RunArrays, b: RunArrays) -> None:
    for name in COLUMNS:
        x, y = np.asarray(getattr(a, name)), np.asarray(getattr(b, name))
        assert x.shape == y.shape, name
        assert (x.astype(np.int64) == y.astype(np.int64)).all(), name


def random_runs(n: int, seed: int, tricks_share: float = 0.8) -> list[GameRun]:
    """``n`` random runs with unsorted hands, drawn plainly with NumPy (some without tricks)."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        perm = [int(c) for c in rng.permutation(32)]
        game = Game(tuple(perm[0:10]), tuple(perm[10:20]), tuple(perm[20:30]), tuple(perm[30:32]))
        tricks: tuple[tuple[int, int, int], ...] = ()
        if rng.random() < tricks_share:
            cols = [rng.permutation(10) for _ in range(3)]
            tricks = tuple((int(cols[0][t]), int(cols[1][t]), int(cols[2][t])) for t in range(10))
        out.append(
            GameRun(
                game,
                tuple(int(v) for v in rng.integers(0, 73, 3)),  # type: ignore[arg-type]
                tuple(int(v) for v in rng.integers(0, 32, 2)),  # type: ignore[arg-type]
                int(rng.integers(0, 6)),
                *(bool(v) for v in rng.integers(0, 2, 4)),
                tricks=tricks,
            )
        )
    return out


@pytest.fixture(scope="module")
def sample() -> list[GameRun]:
    return random_runs(N, seed=4)


def test_readme_run() -> None:
    run = readme_run()
    words = encode_runs(RunArrays.from_runs([run]))
    assert format_run_ids(words) == [README_RUN_ID]
    assert run_ids_to_ints(words) == [naive_id(run)]
    back = decode_runs(words)
    # trick 2 as cards: front's 2nd, middle's 3rd, rear's 4th card of the sorted deal
    assert back.tricks[0, 1].tolist() == [1, 12, 23]
    assert back.run(0) == run


def test_bulk_equals_scalar(sample: list[GameRun]) -> None:
    arrays = RunArrays.from_runs(sample)
    words = encode_runs(arrays)
    assert words.shape == (len(sample), 4) and words.dtype == np.uint64
    assert run_ids_to_ints(words) == [encode_run(r) for r in sample]
    assert format_run_ids(words) == [format_run_id(r) for r in sample]
    back = decode_runs(words)
    assert back.to_runs() == [r.normalized() for r in sample]
    assert_same(back, RunArrays.from_runs([decode_run(encode_run(r)) for r in sample]))
    assert (parse_run_ids(format_run_ids(words)) == words).all()


@settings(max_examples=50)
@given(st.lists(runs(sorted_hands=True, with_tricks=False), min_size=1, max_size=8))
def test_sorted_runs_without_tricks_match_the_reference(rs: list[GameRun]) -> None:
    words = encode_runs(RunArrays.from_runs(rs))
    assert run_ids_to_ints(words) == [naive_id(r) for r in rs]


@settings(max_examples=50)
@given(st.lists(runs(sorted_hands=True, with_tricks=True), min_size=1, max_size=8))
def test_sorted_runs_match_the_reference(rs: list[GameRun]) -> None:
    words = encode_runs(RunArrays.from_runs(rs))
    assert run_ids_to_ints(words) == [naive_id(r) for r in rs]
    assert format_run_ids(words) == [naive.compute_id(naive_id(r)) for r in rs]


def test_no_tricks_rows_are_minus_one(sample: list[GameRun]) -> None:
    back = decode_runs(encode_runs(RunArrays.from_runs(sample)))
    none = np.array([not r.tricks for r in sample])
    assert none.any() and (~none).any()
    assert (back.tricks[none] == -1).all()
    assert (back.tricks[~none] >= 0).all()


def test_tricks_are_the_hands_cards(sample: list[GameRun]) -> None:
    back = decode_runs(encode_runs(RunArrays.from_runs(sample)))
    with_tricks = back.tricks[:, 0, 0] >= 0
    for j in range(3):
        played = np.zeros(len(sample), dtype=np.uint64)
        for t in range(10):
            c = back.tricks[:, t, j].astype(np.int64)
            played[with_tricks] |= np.uint64(1) << c[with_tricks].astype(np.uint64)
        assert (played[with_tricks] == back.deals[with_tricks, j]).all()


def test_27_byte_run_and_check_play() -> None:
    tricks = (*README_TRICKS[:9], (9, 4, 0))
    run = readme_run(tricks=tricks, check_play=False)
    arrays = RunArrays.from_runs([run])
    with pytest.raises(InvalidCardsError, match="row 0: middle must play each of its 10 cards exactly once"):
        encode_runs(arrays)
    words = encode_runs(arrays, check_play=False)
    assert format_run_ids(words) == ["AABQVVWqqvpwKETIPCAhMbGwqKipuXl4ZCSk"]
    with pytest.raises(CodecError, match="row 0: .*plays index 4 more than once"):
        decode_runs(words)
    assert decode_runs(words, check_play=False).run(0, check_play=False) == run
    with pytest.raises(CodecError, match="row 1: run id 'AABQVVWqqvpwKETIPCAhMbGwqKipuXl4ZCSk'.*more than once"):
        parse_run_ids([README_RUN_ID, "AABQVVWqqvpwKETIPCAhMbGwqKipuXl4ZCSk"])
    assert (parse_run_ids(["AABQVVWqqvpwKETIPCAhMbGwqKipuXl4ZCSk"], check_play=False) == words).all()


def test_base64_of_every_length() -> None:
    # trailing zero bytes are dropped, so a row's length and padding depend on its last non-zero byte
    rng = np.random.default_rng(7)
    rows = []
    for nbytes in range(1, 29):
        for _ in range(5):
            x = int.from_bytes(rng.integers(0, 256, nbytes, dtype=np.uint8).tobytes(), "little")
            x |= 1 << (8 * nbytes - 1 - int(rng.integers(0, 8)))  # last byte non-zero
            rows.append(x % (1 << 224))
    words = ints_to_run_ids(rows)
    assert format_run_ids(words, check=False) == [base64.b64encode(id_to_bytes(x)).decode() for x in rows]
    assert format_run_ids(np.zeros((1, 4), dtype=np.uint64), check=False) == [""]
    assert format_run_ids(np.zeros((0, 4), dtype=np.uint64)) == []


def test_parse_reads_as_java_does() -> None:
    words = parse_run_ids(["AABQVVWqqvo", "AABQVVWqqvo=", "AABQVVWqqvpwKETIPCAhMbGwqKipuXl4ZCQkIA"])
    assert run_ids_to_ints(words) == [0xFAAAAA5555500000, 0xFAAAAA5555500000, naive_id(readme_run())]
    for bad, why in [
        ("A", "too short"),
        ("AABQVVWqqvo==", "not Base64"),
        ("AABQ-VWqqvo=", "not Base64"),
        ("0000", "not a game run"),
        ("AABQVVWqqvpwKETIPCAhMbGwqKipuXl4ZCQkIAAB", "beyond bit 221"),
    ]:
        with pytest.raises(CodecError, match=f"row 1: .*{why}") as e:
            parse_run_ids([README_RUN_ID, bad])
        with pytest.raises(CodecError) as scalar:
            parse_run_id(bad)
        assert str(e.value) == f"row 1: {scalar.value}"
    with pytest.raises(TypeError, match="row 0"):
        parse_run_ids([b"AABQVVWqqvo="])  # type: ignore[list-item]
    assert parse_run_ids([]).shape == (0, 4)


def mutate(arrays: RunArrays, i: int, name: str, index: tuple[int, ...], value: int) -> RunArrays:
    cols = {k: np.array(getattr(arrays, k), dtype=np.int64 if k != "deals" else np.uint64) for k in COLUMNS}
    cols[name][(i, *index)] = value
    return RunArrays(**cols)


@pytest.mark.parametrize(
    "name, index, value, why",
    [
        ("bids", (1,), 73, "bid of middle is 73"),
        ("bids", (0,), -1, "bid of front is -1"),
        ("bids", (2,), 127, "bid of rear is 127"),
        ("kinds", (), 6, "game kind 6"),
        ("skat_cards", (0,), 32, "skat_cards must be two card numbers"),
        ("skat_cards", (1,), -1, "skat_cards must be two card numbers"),
        ("deals", (3,), 0, "skat has 0 cards"),
        ("tricks", (3, 1), -1, "all -1 for a run without tricks"),
        ("tricks", (0, 0), 40, "card 40 is not in the hand of front"),
    ],
)
def test_encode_errors_name_the_row(name: str, index: tuple[int, ...], value: int, why: str) -> None:
    arrays = RunArrays.from_runs([readme_run()] * 3)
    encode_runs(arrays)
    with pytest.raises(InvalidCardsError, match=f"^row 2: .*{why}") as e:
        encode_runs(mutate(arrays, 2, name, index, value))
    assert e.value.row == 2


def test_encode_error_card_of_another_hand_and_twice() -> None:
    arrays = RunArrays.from_runs([readme_run()])
    with pytest.raises(InvalidCardsError, match="trick 1: card 10 is not in the hand of front"):
        encode_runs(mutate(arrays, 0, "tricks", (0, 0), 10))
    # front plays its card 1 in tricks 1 and 2
    with pytest.raises(InvalidCardsError, match="front must play each of its 10 cards exactly once"):
        encode_runs(mutate(arrays, 0, "tricks", (0, 0), 1))
    # without the play check the same row encodes, and decodes back with check_play=False
    words = encode_runs(mutate(arrays, 0, "tricks", (0, 0), 1), check_play=False)
    assert decode_runs(words, check_play=False).tricks[0, 0, 0] == 1


def test_all_zero_tricks_cannot_be_stored() -> None:
    arrays = RunArrays.from_runs([readme_run()])
    cols = {k: np.array(getattr(arrays, k)) for k in COLUMNS}
    cols["tricks"][0] = np.array([0, 10, 20])  # each player's first card every trick: all indices 0
    with pytest.raises(InvalidCardsError, match="all-zero trick field"):
        encode_runs(RunArrays(**cols), check_play=False)


def test_encode_defaults_and_shapes() -> None:
    arrays = RunArrays.from_runs([readme_run()])
    with pytest.raises(InvalidCardsError, match=r"bids must have shape \(1, 3\)"):
        encode_runs(RunArrays(arrays.deals, [[1, 2]], arrays.skat_cards, arrays.kinds, arrays.flags, arrays.tricks))
    with pytest.raises(InvalidCardsError, match="kinds must be integers"):
        encode_runs(RunArrays(arrays.deals, arrays.bids, arrays.skat_cards, [1.5], arrays.flags, arrays.tricks))
    with pytest.raises(InvalidCardsError, match="row 0: bid of front is 9223372036854775808"):
        encode_runs(RunArrays(arrays.deals, np.full((1, 3), 2**63, dtype=np.uint64), arrays.skat_cards, arrays.kinds,
                              arrays.flags, arrays.tricks))
    with pytest.raises(InvalidCardsError, match=r"deals must have shape \(n, 4\)"):
        encode_runs(RunArrays(arrays.deals[:, :3], arrays.bids, arrays.skat_cards, arrays.kinds, arrays.flags,
                              arrays.tricks))
    with pytest.raises(TypeError, match="out must be"):
        encode_runs(arrays, out=np.empty((1, 3), dtype=np.uint64))
    out = np.empty((1, 4), dtype=np.uint64)
    assert encode_runs(arrays, out=out) is out
    with pytest.raises(CodecError, match=r"shape \(n, 4\)"):
        decode_runs(np.zeros(4, dtype=np.uint64))


def random_words(rng: np.random.Generator, valid: np.ndarray, n: int) -> np.ndarray:
    """Valid run words with 1-3 random bits flipped (any of the 256), so many rows are bad in many ways."""
    w = valid[rng.integers(0, len(valid), n)].copy()
    for _ in range(3):
        rows = rng.random(n) < 0.6
        bits = rng.integers(0, 256, n)
        w[rows, bits[rows] // 64] ^= np.uint64(1) << (bits[rows] % 64).astype(np.uint64)
    return w


@pytest.mark.parametrize("check_play", [True, False])
def test_decode_agrees_with_scalar_on_corrupt_ids(sample: list[GameRun], check_play: bool) -> None:
    rng = np.random.default_rng(11)
    valid = encode_runs(RunArrays.from_runs(sample))
    words = random_words(rng, valid, 4 * N // 3)
    n_bad = 0
    for i, x in enumerate(run_ids_to_ints(words)):
        try:
            run = decode_run(x, check_play=check_play)
        except CodecError as e:
            n_bad += 1
            with pytest.raises(CodecError) as bulk:
                decode_runs(words[i : i + 1], check_play=check_play)
            assert str(bulk.value) == f"row 0: {e}"
        else:
            got = decode_runs(words[i : i + 1], check_play=check_play)
            assert got.run(0, check_play=check_play) == run
    assert 0 < n_bad < len(words)


@pytest.mark.parametrize("check_play", [True, False])
def test_first_bad_row_of_mixed_batches(sample: list[GameRun], check_play: bool) -> None:
    rng = np.random.default_rng(12)
    valid = encode_runs(RunArrays.from_runs(sample))
    ints_all = run_ids_to_ints(random_words(rng, valid, 40 * 25))
    for b in range(40):
        ints = ints_all[25 * b : 25 * (b + 1)]
        first = None
        for i, x in enumerate(ints):
            try:
                decode_run(x, check_play=check_play)
            except CodecError as e:
                first = f"row {i}: {e}"
                break
        words = ints_to_run_ids(ints)
        texts = [base64.b64encode(id_to_bytes(x)).decode() for x in ints]
        if first is None:
            decode_runs(words, check_play=check_play)
            assert (parse_run_ids(texts, check_play=check_play) == words).all()
            continue
        with pytest.raises(CodecError) as e:
            decode_runs(words, check_play=check_play)
        assert str(e.value) == first
        with pytest.raises(CodecError, match=f"^{first[:6]}"):
            parse_run_ids(texts, check_play=check_play)


def test_decode_names_the_first_bad_row(sample: list[GameRun]) -> None:
    words = encode_runs(RunArrays.from_runs(sample[:10]))
    words[7, 3] |= np.uint64(1) << np.uint64(40)
    words[9, 1] |= np.uint64(0b111) << np.uint64(95 - 64)
    with pytest.raises(CodecError, match="^row 7: .*beyond bit 221"):
        decode_runs(words)


def test_ints_round_trip() -> None:
    xs = [0, 1, (1 << 222) - 1, naive_id(readme_run())]
    assert run_ids_to_ints(ints_to_run_ids(xs)) == xs
    with pytest.raises(CodecError, match="row 1"):
        ints_to_run_ids([0, -1])
    with pytest.raises(CodecError, match="row 0"):
        ints_to_run_ids([1 << 256])


def test_wide_values_still_name_the_first_bad_row() -> None:
    """Columns are narrowed to int8 for the kernel; values beyond it must stay invalid, in row order."""
    arrays = RunArrays.from_runs([readme_run()] * 4)
    cols = {k: np.array(getattr(arrays, k), dtype=np.int64 if k != "deals" else np.uint64) for k in COLUMNS}
    cols["bids"][3, 0] = 1000
    cols["bids"][2, 0] = 128 + 5  # would wrap to a valid index in int8
    with pytest.raises(InvalidCardsError, match="^row 2: bid of front is 133"):
        encode_runs(RunArrays(**cols))
    cols["tricks"][1, 0, 0] = -1000
    with pytest.raises(InvalidCardsError, match="^row 1: tricks must be 10 x 3 card numbers, or all -1"):
        encode_runs(RunArrays(**cols))
    cols = {k: np.array(getattr(arrays, k), dtype=np.uint16 if k != "deals" else np.uint64) for k in COLUMNS}
    cols["kinds"][0] = 256 + 5
    with pytest.raises(InvalidCardsError, match="^row 0: game kind 261"):
        encode_runs(RunArrays(**cols))


def random_run_arrays(n: int, seed: int) -> RunArrays:
    """``n`` random runs (random deals, fields and card orders; each player plays its hand once), built with NumPy."""
    from bitcards.deal import deal

    rng = np.random.default_rng(seed)
    masks = deal(n, "skat", seed=seed)
    bits = (masks[:, :3, None] >> np.arange(32, dtype=np.uint64)) & np.uint64(1)  # (n, 3, 32)
    cards = np.argsort(-bits.astype(np.int8), axis=2, kind="stable")[:, :, :10]  # each hand's cards, ascending
    tricks = np.ascontiguousarray(rng.permuted(cards, axis=2).transpose(0, 2, 1), dtype=np.int8)  # (n, 10, 3)
    tricks[rng.random(n) < 0.1] = -1  # some runs without tricks
    return RunArrays(
        masks,
        rng.integers(0, 73, (n, 3), dtype=np.uint8),
        rng.integers(0, 32, (n, 2), dtype=np.uint8),
        rng.integers(0, 6, n, dtype=np.uint8),
        rng.integers(0, 2, (n, 4)).astype(bool),
        tricks,
    )


@pytest.mark.jit
def test_parallel_build_equals_serial_chunks() -> None:
    """Above PARALLEL_ROWS the parallel kernels run; rows must equal the serial build's, chunk by chunk."""
    from bitcards._parallel import PARALLEL_ROWS

    n = PARALLEL_ROWS + 3000
    arrays = random_run_arrays(n, seed=3)
    words = encode_runs(arrays)
    chunks = [slice(k, min(n, k + 5000)) for k in range(0, n, 5000)]
    serial = np.concatenate([encode_runs(RunArrays(*(getattr(arrays, c)[sl] for c in COLUMNS))) for sl in chunks])
    assert (words == serial).all()
    assert_same(decode_runs(words), arrays)
    texts = format_run_ids(words)
    assert texts == sum((format_run_ids(words[sl]) for sl in chunks), [])
    assert (parse_run_ids(texts) == words).all()
    assert run_ids_to_ints(words[:50]) == [encode_run(r) for r in arrays.to_runs()[:50]]
    words[n - 7, 3] |= np.uint64(1) << np.uint64(50)
    words[n - 2, 3] |= np.uint64(1) << np.uint64(50)
    with pytest.raises(CodecError, match=f"^row {n - 7}: .*beyond bit 221"):
        decode_runs(words)
    bids = np.array(arrays.bids)
    bids[n - 5, 1] = 80
    with pytest.raises(InvalidCardsError, match=f"^row {n - 5}: bid of middle is 80"):
        encode_runs(RunArrays(arrays.deals, bids, arrays.skat_cards, arrays.kinds, arrays.flags, arrays.tricks))


def test_parse_odd_texts_name_the_first_bad_row() -> None:
    with pytest.raises(CodecError, match="^row 0: run id '' is too short"):
        parse_run_ids([""])
    with pytest.raises(CodecError, match="^row 0: run id 'A' is too short"):
        parse_run_ids(["A", "\u00e9"])
    with pytest.raises(CodecError, match="^row 0: .*'!!!!' is not Base64"):
        parse_run_ids(["!!!!", "AB\nCD"])
    with pytest.raises(CodecError, match="^row 0: run id 'A' is too short"):
        parse_run_ids(["A", b"x"])  # type: ignore[list-item]
    with pytest.raises(CodecError, match="^row 1: .*not Base64"):
        parse_run_ids([README_RUN_ID, "\u00e9\u00e9"])
    with pytest.raises(CodecError, match="^row 1: .*not Base64"):
        parse_run_ids([README_RUN_ID, "AB\nCD"])
    with pytest.raises(TypeError, match="^row 1"):
        parse_run_ids([README_RUN_ID, b"x"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="^row 0"):
        parse_run_ids([b"AABQVVWqqvo="])  # type: ignore[list-item]
    as_bytes = np.array([README_RUN_ID.encode(), b"AABQVVWqqvo="])
    assert run_ids_to_ints(parse_run_ids(as_bytes)) == [naive_id(readme_run()), 0xFAAAAA5555500000]  # type: ignore[arg-type]
    with pytest.raises(CodecError, match="^row 1: .*not Base64"):
        parse_run_ids(np.array([README_RUN_ID.encode(), b"\xe9\xe9"]))  # type: ignore[arg-type]


def test_none_columns_are_defaults() -> None:
    arrays = RunArrays.from_runs([readme_run()] * 2)
    given = encode_runs(RunArrays(arrays.deals, [[1, 0, 0]] * 2, None, None, None, None))  # type: ignore[arg-type]
    zeros = encode_runs(RunArrays(arrays.deals, [[1, 0, 0]] * 2, np.zeros((2, 2), int), np.zeros(2, int),
                                  np.zeros((2, 4), bool), np.full((2, 10, 3), -1)))
    assert (given == zeros).all()
    assert decode_runs(given).run(0) == GameRun(readme_run().game, (1, 0, 0))
    with pytest.raises(InvalidCardsError, match="^row 1: bid of front is 99"):
        encode_runs(RunArrays(arrays.deals, [[1, 0, 0], [99, 0, 0]], None, None, None, None))  # type: ignore[arg-type]
    empty = RunArrays(np.empty((0, 4), np.uint64), [], [], [], [], [])  # type: ignore[arg-type]
    assert encode_runs(empty).shape == (0, 4) and len(decode_runs(encode_runs(empty))) == 0


def test_run_of_a_bad_row_raises() -> None:
    arrays = RunArrays.from_runs([readme_run()])
    with pytest.raises(InvalidCardsError, match="all -1 for a run without tricks"):
        mutate(arrays, 0, "tricks", (0, 0), -1).run(0)
    with pytest.raises(InvalidCardsError, match="trick 1: card 10 is not in the hand of front"):
        mutate(arrays, 0, "tricks", (0, 0), 10).run(0)


def test_word_and_int_input_types() -> None:
    with pytest.raises(CodecError, match="non-negative 64-bit words"):
        decode_runs([[-1, 0, 0, 0]])
    with pytest.raises(TypeError, match="row 0: a run id is an int, got str"):
        ints_to_run_ids(["123"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="row 1: a run id is an int, got float"):
        ints_to_run_ids([1, 1.9])  # type: ignore[list-item]
