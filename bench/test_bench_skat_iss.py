"""The International Skat Server's records read, replayed and compared, beside the plain reader, same run.

The one-thread figure and the plain reader are CPU time of this process (``time.process_time``).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from bench.conftest import size, tag
from bitcards.skat.iss import parse_iss_line, replay_iss, replay_iss_bytes

N = size(1_000_000, 2_000)
N_PLAIN = size(20_000, 200)
LINES = (Path(__file__).parent.parent / "tests" / "data" / "iss_sample.sgf").read_bytes().splitlines()


def _data(n: int) -> bytes:
    return b"\n".join(LINES[i % len(LINES)] for i in range(n)) + b"\n"


CPU = pytest.mark.benchmark(timer=time.process_time)


@CPU
def test_iss_kernels_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    data = _data(N)
    tag(benchmark, "skat ISS records read + replayed", N, "bitcards", "bitcards.skat.iss.replay_iss_bytes, 1 thread, CPU time")
    b = benchmark(replay_iss_bytes, data)
    assert not b.errors


def test_iss_kernels_all_threads(benchmark, all_threads) -> None:  # type: ignore[no-untyped-def]
    data = _data(N)
    label = f"bitcards.skat.iss.replay_iss_bytes, {all_threads} threads"
    tag(benchmark, "skat ISS records read + replayed", N, "bitcards", label)
    benchmark(replay_iss_bytes, data)


@CPU
def test_iss_plain_reader(benchmark) -> None:  # type: ignore[no-untyped-def]
    texts = [x.decode() for x in _data(N_PLAIN).splitlines()]
    tag(benchmark, "skat ISS records read + replayed", N_PLAIN, "baseline",
        "plain Python reader (parse_iss_line) + the replay kernel, CPU time")  # fmt: skip

    def run() -> int:
        return len(replay_iss([parse_iss_line(t, i) for i, t in enumerate(texts, 1)]).games)

    assert benchmark(run) == N_PLAIN
