"""Skat game ids: packed encode/decode and Base64 of id arrays, beside plain-Python per-deal loops."""

from __future__ import annotations

import numpy as np

from bench.conftest import size, tag
from bitcards.deal import deal
from bitcards.skat.ids import (
    RunArrays,
    decode_deals,
    decode_run,
    decode_runs,
    encode_deals,
    encode_runs,
    format_deal_id,
    format_deal_ids,
    format_run_ids,
    ints_to_run_ids,
    parse_deal_id,
    parse_deal_ids,
    parse_run_id,
    parse_run_ids,
    run_ids_to_ints,
)
from tests.naive import skat_id as naive
from tests.skat_id.test_runs import random_run_arrays

N = size(20_000_000, 2_000)
N_B64 = size(2_000_000, 2_000)
N_BASE = size(20_000, 200)
N_CACHE = size(1 << 15, 1_000)

_DEALS: dict[int, np.ndarray] = {}


def deals(n: int) -> np.ndarray:
    if n not in _DEALS:
        _DEALS[n] = deal(n, "skat", seed=2026)
    return _DEALS[n]


def naive_encode(rows: list[list[int]]) -> list[int]:
    return [naive.deal_id_from_masks(r) for r in rows]


def naive_decode(ids: list[int]) -> list[list[list[int]] | None]:
    return [naive.deal_from_id(x) for x in ids]


# --- packed ids -------------------------------------------------------------------------
# Two sizes: N rows (640 MB of masks: memory-bound, about what numpy needs just to sum them) and
# N_CACHE rows (1 MB of masks, in cache: the kernels' own speed). Output buffers are reused (out=).


def _enc(benchmark, n: int, label: str, **kw) -> None:  # type: ignore[no-untyped-def]
    d = deals(n)
    out = np.empty(n, dtype=np.uint64)
    tag(benchmark, "skat id encode", n, "bitcards", label)
    res = benchmark(encode_deals, d, out=out, **kw)
    assert res.shape == (n,)


def test_encode_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    _enc(benchmark, N, f"encode_deals (validated), {N:,} deals, 1 thread")


def test_encode_unchecked_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    _enc(benchmark, N, f"encode_deals(check=False), {N:,} deals, 1 thread", check=False)


def test_encode_all_threads(benchmark, all_threads) -> None:  # type: ignore[no-untyped-def]
    _enc(benchmark, N, f"encode_deals (validated), {N:,} deals, {all_threads} threads")


def test_encode_in_cache_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    _enc(benchmark, N_CACHE, f"encode_deals (validated), {N_CACHE:,} deals in cache, 1 thread")


def test_encode_in_cache_unchecked_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    _enc(benchmark, N_CACHE, f"encode_deals(check=False), {N_CACHE:,} deals in cache, 1 thread", check=False)


def test_encode_naive_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    rows = [[int(m) for m in r] for r in deals(N_BASE)]
    tag(benchmark, "skat id encode", N_BASE, "baseline", "plain Python, card by card (tests/naive)")
    out = benchmark(naive_encode, rows)
    assert out == encode_deals(deals(N_BASE)).tolist()


def _dec(benchmark, n: int, label: str) -> None:  # type: ignore[no-untyped-def]
    ids = encode_deals(deals(n))
    out = np.empty((n, 4), dtype=np.uint64)
    tag(benchmark, "skat id decode", n, "bitcards", label)
    res = benchmark(decode_deals, ids, out=out)
    assert res.shape == (n, 4)


def test_decode_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    _dec(benchmark, N, f"decode_deals (validated), {N:,} deals, 1 thread")


def test_decode_all_threads(benchmark, all_threads) -> None:  # type: ignore[no-untyped-def]
    _dec(benchmark, N, f"decode_deals (validated), {N:,} deals, {all_threads} threads")


def test_decode_in_cache_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    _dec(benchmark, N_CACHE, f"decode_deals (validated), {N_CACHE:,} deals in cache, 1 thread")


def test_decode_naive_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    ids = [int(x) for x in encode_deals(deals(N_BASE))]
    tag(benchmark, "skat id decode", N_BASE, "baseline", "plain Python, card by card (tests/naive)")
    out = benchmark(naive_decode, ids)
    assert all(h is not None for h in out)


# --- Base64 of id arrays ------------------------------------------------------------------


def test_base64_format_bulk(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    ids = encode_deals(deals(N_B64))
    tag(benchmark, "skat id -> Base64", N_B64, "bitcards", "format_deal_ids (kernel + numpy), 1 thread")
    out = benchmark(format_deal_ids, ids)
    assert len(out) == N_B64


def test_base64_format_loop_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    ids = [int(x) for x in encode_deals(deals(N_BASE))]
    tag(benchmark, "skat id -> Base64", N_BASE, "baseline", "Python loop: base64.b64encode per id")
    out = benchmark(lambda: [naive.compute_id(x) for x in ids])
    assert out == format_deal_ids(np.array(ids, dtype=np.uint64))


def test_base64_format_scalar_api(benchmark) -> None:  # type: ignore[no-untyped-def]
    ids = [int(x) for x in encode_deals(deals(N_BASE))]
    tag(benchmark, "skat id -> Base64", N_BASE, "bitcards", "Python loop over format_deal_id (validated)")
    benchmark(lambda: [format_deal_id(x) for x in ids])


def test_base64_parse_bulk(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    texts = format_deal_ids(encode_deals(deals(N_B64)))
    tag(benchmark, "Base64 -> skat id", N_B64, "bitcards", "parse_deal_ids (kernel, Java rules), 1 thread")
    out = benchmark(parse_deal_ids, texts)
    assert out.shape == (N_B64,)


def test_base64_parse_loop_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    texts = format_deal_ids(encode_deals(deals(N_BASE)))
    tag(benchmark, "Base64 -> skat id", N_BASE, "baseline", "Python loop over parse_deal_id (Java rules)")
    out = benchmark(lambda: [parse_deal_id(t) for t in texts])
    assert out == parse_deal_ids(texts).tolist()


def test_base64_format_array(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    ids = encode_deals(deals(N_B64))
    tag(benchmark, "skat id -> Base64", N_B64, "bitcards", "format_deal_ids(as_array=True): S12 array, 1 thread")
    out = benchmark(format_deal_ids, ids, as_array=True)
    assert out.shape == (N_B64,)


def test_base64_parse_array(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    arr = format_deal_ids(encode_deals(deals(N_B64)), as_array=True)
    tag(benchmark, "Base64 -> skat id", N_B64, "bitcards", "parse_deal_ids on an S12 array, 1 thread")
    out = benchmark(parse_deal_ids, arr)
    assert out.shape == (N_B64,)


# --- run ids in bulk ----------------------------------------------------------------------

N_RUNS = size(1_000_000, 1_000)
N_RUNS_BASE = size(5_000, 100)
_RUNS: dict[int, RunArrays] = {}


def random_runs(n: int) -> RunArrays:
    if n not in _RUNS:
        _RUNS[n] = random_run_arrays(n, seed=2026)
    return _RUNS[n]


def test_runs_encode_bulk(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    runs = random_runs(N_RUNS)
    out = np.empty((N_RUNS, 4), dtype=np.uint64)
    tag(benchmark, "skat run id encode", N_RUNS, "bitcards", f"encode_runs (validated), {N_RUNS:,} runs, 1 thread")
    res = benchmark(encode_runs, runs, out=out)
    assert res.shape == (N_RUNS, 4)


def test_runs_encode_naive_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    runs = random_runs(N_RUNS_BASE).to_runs()
    tag(benchmark, "skat run id encode", N_RUNS_BASE, "baseline", "plain Python, field by field (tests/naive)")
    out = benchmark(lambda: [naive.run_id([list(h) for h in r.game.stacks], list(r.bids), list(r.skat_cards), r.kind,
                                          list(r.flags), [list(t) for t in r.tricks]) for r in runs])
    assert out == run_ids_to_ints(encode_runs(random_runs(N_RUNS_BASE)))


def test_runs_decode_bulk(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    words = encode_runs(random_runs(N_RUNS))
    tag(benchmark, "skat run id decode", N_RUNS, "bitcards", f"decode_runs (validated), {N_RUNS:,} runs, 1 thread")
    res = benchmark(decode_runs, words)
    assert len(res) == N_RUNS


def test_runs_decode_loop_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    ints = run_ids_to_ints(encode_runs(random_runs(N_RUNS_BASE)))
    tag(benchmark, "skat run id decode", N_RUNS_BASE, "baseline", "Python loop over decode_run (validated)")
    out = benchmark(lambda: [decode_run(x) for x in ints])
    assert out == random_runs(N_RUNS_BASE).to_runs()


def test_runs_base64_format_bulk(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    words = encode_runs(random_runs(N_RUNS))
    tag(benchmark, "skat run id -> Base64", N_RUNS, "bitcards", "format_run_ids (validated; kernel), 1 thread")
    out = benchmark(format_run_ids, words)
    assert len(out) == N_RUNS


def test_runs_base64_format_loop_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    ints = run_ids_to_ints(encode_runs(random_runs(N_RUNS_BASE)))
    tag(benchmark, "skat run id -> Base64", N_RUNS_BASE, "baseline", "Python loop: base64.b64encode per id (tests/naive)")
    out = benchmark(lambda: [naive.compute_id(x) for x in ints])
    assert out == format_run_ids(ints_to_run_ids(ints))


def test_runs_base64_parse_bulk(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    texts = format_run_ids(encode_runs(random_runs(N_RUNS)))
    tag(benchmark, "Base64 -> skat run id", N_RUNS, "bitcards", "parse_run_ids (kernel, Java rules, validated), 1 thread")
    out = benchmark(parse_run_ids, texts)
    assert out.shape == (N_RUNS, 4)


def test_runs_base64_parse_loop_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    texts = format_run_ids(encode_runs(random_runs(N_RUNS_BASE)))
    tag(benchmark, "Base64 -> skat run id", N_RUNS_BASE, "baseline", "Python loop over parse_run_id (Java rules)")
    out = benchmark(lambda: [parse_run_id(t) for t in texts])
    assert out == random_runs(N_RUNS_BASE).to_runs()
