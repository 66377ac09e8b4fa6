"""Benchmark settings.

``BITCARDS_BENCH=small`` (CI, with ``--benchmark-disable``) runs every
benchmark once at a small size so none can rot; ``make bench`` runs them in
full and ``bench/report.py`` writes ``bench/RESULTS.md``.

Every benchmark records ``extra_info``: ``group`` (what is compared),
``items`` (how many items one call processes), ``role`` (``bitcards`` or
``baseline``), and ``label``. The report divides items by the mean time and
puts each bitcards figure beside the baseline of its group from the same run.
"""

from __future__ import annotations

import os

import numba
import pytest

import bitcards

SMALL = os.environ.get("BITCARDS_BENCH", "full") == "small"


def size(full: int, small: int = 1_000) -> int:
    """``full`` items normally, ``small`` in the CI smoke run."""
    return small if SMALL else full


@pytest.fixture(scope="session", autouse=True)
def _warm() -> None:
    bitcards.warmup()


@pytest.fixture
def one_thread():  # type: ignore[no-untyped-def]
    """Run the benchmark on one thread, as the issues' targets are stated."""
    old = numba.get_num_threads()
    numba.set_num_threads(1)
    yield
    numba.set_num_threads(old)


@pytest.fixture
def all_threads():  # type: ignore[no-untyped-def]
    old = numba.get_num_threads()
    numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    yield numba.config.NUMBA_NUM_THREADS
    numba.set_num_threads(old)


def tag(benchmark, group: str, items: int, role: str, label: str) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = group
    benchmark.extra_info.update(group=group, items=items, role=role, label=label)
