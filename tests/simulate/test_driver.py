"""The driver: determinism across chunkings and threads, exact merging, bounded memory, the Study API."""

from __future__ import annotations

import random
import tracemalloc

import numba
import numpy as np
import pytest

from bitcards._parallel import PARALLEL_ROWS
from bitcards.simulate import (
    Chunk,
    Field,
    SimulationError,
    Study,
    get_study,
    run_rows,
    simulate,
    tally,
)
from bitcards.simulate.driver import _chunks, _merge_into


@pytest.mark.parametrize("study", ["skat-jacks", "euchre-bowers", "skat-skat-points"])
def test_same_counts_whatever_the_chunk_size(study: str) -> None:
    n = 1_234
    ref = simulate(study, n, seed=99, chunk_size=n)  # a single chunk
    for chunk in (1_000, 333, 64, 7):
        r = simulate(study, n, seed=99, chunk_size=chunk)
        assert r.equal_counts(ref), chunk
        assert r.chunk_size == chunk and r.deals == n and r.seed == 99


def test_different_seeds_differ() -> None:
    a = simulate("skat-jacks", 2_000, seed=1)
    b = simulate("skat-jacks", 2_000, seed=2)
    assert not a.equal_counts(b)


def test_any_split_of_the_rows_merges_to_the_same_counts() -> None:
    st = get_study("skat-jacks")
    n, chunk = 3_000, 256
    whole = run_rows(st, 5, 0, n, chunk)
    rng = random.Random(4)
    cuts = sorted({0, n, *(rng.randrange(n) for _ in range(6))})
    parts = [run_rows(st, 5, a, b, chunk) for a, b in zip(cuts, cuts[1:])]
    rng.shuffle(parts)  # merging order does not matter
    acc = st.zeros()
    for p in parts:
        _merge_into(acc, p)
    assert all((acc[k] == whole[k]).all() for k in whole)


def test_chunks_fall_on_multiples_of_the_chunk_size() -> None:
    assert list(_chunks(0, 10, 4)) == [(0, 4), (4, 8), (8, 10)]
    assert list(_chunks(5, 13, 4)) == [(5, 8), (8, 12), (12, 13)]
    assert list(_chunks(3, 3, 4)) == []


@pytest.mark.jit
@pytest.mark.parametrize("study", ["euchre-bowers", "skat-jacks"])
def test_same_counts_whatever_the_thread_count(study: str) -> None:
    """One thread (the serial build) against two (the parallel build: a chunk of more than PARALLEL_ROWS rows, its
    blocks summed by add_blocks). The other studies that sum per-block histograms test the same in their own
    modules (skat-bid and skat-max-bid, cribbage-discard and cribbage-crib, cribbage-games)."""
    if numba.config.NUMBA_NUM_THREADS < 2:
        pytest.skip("one CPU")
    n = PARALLEL_ROWS + 3_001
    one = simulate(study, n, seed=8, threads=1, chunk_size=10_000)
    two = simulate(study, n, seed=8, threads=2, chunk_size=n)
    assert one.equal_counts(two)
    assert one.counts[next(iter(one.counts))].sum() > 0


def test_threads_setting_is_restored() -> None:
    before = numba.get_num_threads()
    simulate("skat-jacks", 100, seed=1, threads=1)
    assert numba.get_num_threads() == before


def test_zero_deals() -> None:
    r = simulate("skat-jacks", 0, seed=1)
    assert int(r.counts["jacks"].sum()) == 0 and r.deals == 0


def test_fresh_seed_is_recorded_and_replays() -> None:
    r = simulate("skat-skat-points", 500)
    assert r.equal_counts(simulate("skat-skat-points", 500, seed=r.seed))


@pytest.mark.jit
def test_memory_does_not_grow_with_the_number_of_deals() -> None:
    chunk = 4_096

    def peak(n: int) -> int:
        simulate("skat-jacks", chunk, seed=1, chunk_size=chunk)  # everything compiled and imported
        tracemalloc.start()
        try:
            simulate("skat-jacks", n, seed=1, chunk_size=chunk)
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    small, large = peak(4 * chunk), peak(100 * chunk)
    assert large <= small * 1.25 + 64 * 1024, (small, large)
    # the deal buffer dominates: about chunk * 4 masks * 8 bytes, not n * ...
    assert large < 100 * chunk * 4 * 8 / 4


# -- Study API -------------------------------------------------------------------------------------------------


def _count_rows(deals: np.ndarray, acc: dict[str, np.ndarray], chunk: Chunk) -> None:
    # a study that records which rows and chunk starts it saw
    acc["rows"] += chunk.n
    tally(acc["start_mod"], np.array([chunk.start % 4]))


ROWS = Study(
    name="test-rows",
    game="jass",
    fields=(Field("rows", bins=1), Field("start_mod", bins=4)),
    kernel=_count_rows,
)


def test_a_study_object_runs_without_registration() -> None:
    r = simulate(ROWS, 10, seed=0, chunk_size=4)
    assert r.counts["rows"].tolist() == [10]
    assert r.counts["start_mod"].tolist() == [3, 0, 0, 0]  # chunks start at rows 0, 4, 8
    assert r.summary() == {}


def _no_deal(deals: object, acc: dict[str, np.ndarray], chunk: Chunk) -> None:
    assert deals is None
    # a kernel that makes its own data from the seed and absolute rows
    rows = np.arange(chunk.start, chunk.start + chunk.n)
    tally(acc["parity"], (rows + chunk.key) % 2)


def test_a_study_without_a_deal_gets_absolute_rows() -> None:
    st = Study("test-nodeal", None, (Field("parity", bins=2),), _no_deal)
    a = simulate(st, 1_001, seed=3, chunk_size=10)
    b = simulate(st, 1_001, seed=3, chunk_size=1_001)
    assert a.equal_counts(b) and int(a.counts["parity"].sum()) == 1_001


def test_bind_and_check_params() -> None:
    st = get_study("skat-jacks")
    assert st.bind(seat=2).params == {"seat": 2}
    assert st.params == {"seat": 0}  # unchanged
    with pytest.raises(SimulationError, match="no parameter 'sit'"):
        st.bind(sit=1)
    with pytest.raises(SimulationError, match="seat must be 0"):
        st.bind(seat=3)
    with pytest.raises(SimulationError, match="not of type int"):
        st.bind(seat="front")


def test_bad_requests() -> None:
    with pytest.raises(SimulationError, match="unknown study 'poker'"):
        simulate("poker", 10)
    with pytest.raises(SimulationError, match="deals must be >= 0"):
        simulate("skat-jacks", -1)
    with pytest.raises(SimulationError, match="chunk_size must be >= 1"):
        simulate("skat-jacks", 10, chunk_size=0)
    with pytest.raises(TypeError, match="deals must be an int"):
        simulate("skat-jacks", 1.5)  # type: ignore[arg-type]
    with pytest.raises(SimulationError, match="not both"):
        simulate("skat-jacks", 10, workers=2, scheduler="tcp://127.0.0.1:1")
    with pytest.raises(SimulationError, match="duplicate field"):
        Study("x", "skat", (Field("a", 2), Field("a", 3)), _count_rows)


def test_tally() -> None:
    h = np.zeros((2, 3), dtype=np.int64)
    tally(h, np.array([[0, 2], [1, 2], [1, 0]]))
    assert h.tolist() == [[1, 2, 0], [1, 0, 2]]
    h1 = np.zeros(4, dtype=np.int64)
    tally(h1, np.array([5, 6, 6, 8]), offset=5)
    tally(h1, np.array([], dtype=np.int64), offset=5)
    assert h1.tolist() == [1, 2, 0, 1]
    b = np.zeros(2, dtype=np.int64)
    tally(b, np.array([True, False, True]))
    assert b.tolist() == [1, 2]
    with pytest.raises(SimulationError, match="value 9 is outside 5..8"):
        tally(h1, np.array([9]), offset=5)
    with pytest.raises(SimulationError, match="value 4 is outside 5..8"):
        tally(h1, np.array([4]), offset=5)
    with pytest.raises(SimulationError, match="do not fit"):
        tally(h, np.array([1, 2]))
    with pytest.raises(TypeError, match="float"):
        tally(h1, np.array([1.0]))


def test_overflow_is_detected() -> None:
    acc = {"a": np.array([np.iinfo(np.int64).max], dtype=np.int64)}
    with pytest.raises(SimulationError, match="overflow"):
        _merge_into(acc, {"a": np.array([1], dtype=np.int64)})


def test_importing_the_driver_stays_light() -> None:
    import subprocess
    import sys

    code = "import sys, bitcards.simulate, bitcards.cli; bitcards.cli.build_parser(); " + (
        "print(*(m in sys.modules for m in ('distributed', 'dask', 'pandas', 'pyarrow', 'matplotlib')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False"] * 5


def test_deals_beyond_the_row_index_are_refused() -> None:
    from bitcards.simulate.driver import MAX_DEALS
    from bitcards.simulate.study import SimulationError

    with pytest.raises(SimulationError, match="2\\*\\*63 - 1"):
        simulate("skat-jacks", MAX_DEALS + 1, seed=1)
    with pytest.raises(SimulationError, match="a 401-digit number"):
        simulate("skat-jacks", 10**400, seed=1)


@pytest.mark.jit  # as plain Python (NUMBA_DISABLE_JIT) the rows themselves take seconds on a busy machine
def test_seconds_leave_out_the_first_calls_compile_time() -> None:
    """A kernel's first call (Numba compiling it) is not part of the run's time, so deals/s is the kernel's speed."""
    import time

    from bitcards.batch import popcount

    calls: list[int] = []

    def slow_first(deals, acc, chunk):  # type: ignore[no-untyped-def]
        if not calls:
            time.sleep(2.0)  # what compiling costs on a first call
        calls.append(chunk.n)
        tally(acc["aces"], popcount(deals[:, :1] & np.uint64(0x80808080)))

    study = Study("first-call", "skat", (Field("aces", bins=5, axes=(("hand", ("front",)),)),), slow_first)
    r = simulate(study, 3_000, seed=1, chunk_size=1_000)
    assert r.counts["aces"].sum() == 3_000 and sum(calls[1:]) == 3_000  # the warm-up call's rows are not counted
    assert r.seconds < 2.0


def test_a_study_warms_up_only_its_own_kernels(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The warm-up before a study (the demo's Monte Carlo run, every Dask worker) runs the study on two rows and on a
    chunk of the run's size (at most as many rows as take the parallel builds), once per process, and never compiles
    the whole library: ``bitcards.warmup`` (the solvers too) took over a quarter of an hour of a cold ``make demo`` on
    a slow machine."""
    import bitcards
    import bitcards.simulate.driver as driver

    def everything(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("the whole library was warmed up for one study")

    monkeypatch.setattr(bitcards, "warmup", everything)
    monkeypatch.setattr(driver, "_WARMED", set())
    calls: list[int] = []

    def kernel(deals, acc, chunk):  # type: ignore[no-untyped-def]
        calls.append(chunk.n)
        tally(acc["aces"], np.zeros((chunk.n, 1), dtype=np.int64))

    study = Study("warm-me", "skat", (Field("aces", bins=5, axes=(("hand", ("front",)),)),), kernel)
    driver._warm(study, 5_000)
    driver._warm(study, 5_000)
    assert calls == [2, 5_000]
    assert {"warm-me"} == driver._WARMED
    calls.clear()
    driver._WARMED.clear()
    driver._warm(study, 10 * PARALLEL_ROWS)
    assert calls == [2, PARALLEL_ROWS]
