"""Dealing Skat deals: bitcards' kernel beside numpy's own shuffling, same run."""

from __future__ import annotations

import numpy as np

from bench.conftest import size, tag
from bitcards.deal import deal

N = size(4_000_000, 2_000)


def numpy_deal(n: int, rng: np.random.Generator) -> np.ndarray:
    """The numpy way: permute 32 card indices per row, then OR the hands' bits."""
    perm = rng.permuted(np.broadcast_to(np.arange(32, dtype=np.uint8), (n, 32)), axis=1)
    bits = np.uint64(1) << perm.astype(np.uint64)
    out = np.empty((n, 4), dtype=np.uint64)
    out[:, 0] = np.bitwise_or.reduce(bits[:, 0:10], axis=1)
    out[:, 1] = np.bitwise_or.reduce(bits[:, 10:20], axis=1)
    out[:, 2] = np.bitwise_or.reduce(bits[:, 20:30], axis=1)
    out[:, 3] = np.bitwise_or.reduce(bits[:, 30:32], axis=1)
    return out


def test_deal_skat_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, "deal skat", N, "bitcards", "bitcards.deal, 1 thread")
    buf = np.empty((N, 4), dtype=np.uint64)
    out = benchmark(deal, N, "skat", 1, out=buf)
    assert out.shape == (N, 4)


def test_deal_skat_all_threads(benchmark, all_threads) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, "deal skat", N, "bitcards", f"bitcards.deal, {all_threads} threads")
    buf = np.empty((N, 4), dtype=np.uint64)
    benchmark(deal, N, "skat", 1, out=buf)


def test_deal_skat_numpy_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    n = size(1_000_000, 2_000)
    rng = np.random.default_rng(1)
    tag(benchmark, "deal skat", n, "baseline", "numpy Generator.permuted + OR")
    out = benchmark(numpy_deal, n, rng)
    assert out.shape == (n, 4)


class _Null:
    """A stdout that keeps nothing."""

    def write(self, s: str) -> int:
        return len(s)


def test_deal_text_output(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    """``bitcards deal skat -n N``'s text: dealt and formatted in chunks (numpy builds the fixed-width lines)."""
    from bitcards.cli.deal import _chunks, _write_lines
    from bitcards.deal import DEAL_SPECS

    n = size(1_000_000, 2_000)
    spec = DEAL_SPECS["skat"]
    tag(benchmark, "deal skat as text lines", n, "bitcards", "bitcards deal skat (chunks), 1 thread")
    benchmark(lambda: _write_lines(_Null(), _chunks(n, spec, 1, 0), spec, 1, False))


def test_deal_text_output_row_by_row_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    """The same lines written row by row with ``format_cards`` (what ``bitcards deal`` did before)."""
    from bitcards.deal import DEAL_SPECS
    from bitcards.notation import format_cards

    n = size(50_000, 2_000)
    spec = DEAL_SPECS["skat"]
    d = deal(n, "skat", 1)
    out = _Null()

    def rows() -> None:
        for row in d:
            out.write(" | ".join(format_cards(int(m), spec.layout) for m in row) + "\n")

    tag(benchmark, "deal skat as text lines", n, "baseline", "format_cards row by row")
    benchmark(rows)
