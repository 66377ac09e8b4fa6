"""The parallel policy with another process busy on one core: two threads must not be slower than one.

Each case runs in its own worker process (the OpenMP wait policy is fixed when
the runtime loads), doing the same work: many calls of a batch kernel just
above the parallel threshold (Jass random playouts of 20,000 games), i.e. many
short parallel regions. A third process spins on one core all the while.

* 1 thread: the baseline;
* 2 threads, bitcards' policy (``OMP_WAIT_POLICY=PASSIVE``: waiting threads sleep);
* 2 threads, OpenMP's default (idle threads spin after each region and take the
  busy core's time slices from the working thread).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator

import pytest

from bench.conftest import SMALL, tag

GAMES = 20_000
CALLS = 2 if SMALL else 25

_WORKER = f"""
import sys, numba, bitcards
bitcards.playout("jass", {GAMES}, seed=1, contract="h")
for line in sys.stdin:
    numba.set_num_threads(int(line))
    for k in range({CALLS}):
        bitcards.playout("jass", {GAMES}, seed=k, contract="h")
    print("done", flush=True)
"""


class Worker:
    def __init__(self, wait_policy: str) -> None:
        env = dict(os.environ, OMP_WAIT_POLICY=wait_policy, NUMBA_NUM_THREADS="2")
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _WORKER], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def run(self, threads: int) -> None:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(f"{threads}\n")
        self.proc.stdin.flush()
        assert self.proc.stdout.readline().strip() == "done"

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=60)


@pytest.fixture(scope="module")
def busy_core() -> Iterator[None]:
    """Another process spinning on one core while the module's benchmarks run."""
    spin = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        yield
    finally:
        spin.kill()
        spin.wait()


@pytest.fixture(scope="module")
def workers(busy_core: None) -> Iterator[dict[str, Worker]]:
    w = {p: Worker(p) for p in ("PASSIVE", "ACTIVE")}
    try:
        yield w
    finally:
        for x in w.values():
            x.close()


CASES = [
    ("PASSIVE", 1, "baseline", "1 thread"),
    ("PASSIVE", 2, "bitcards", "2 threads, waiting threads sleep (bitcards' policy)"),
    ("ACTIVE", 2, "bitcards", "2 threads, waiting threads spin (OpenMP's default, not used)"),
]


@pytest.mark.parametrize(("policy", "threads", "role", "label"), CASES, ids=[c[3].split(",")[0] + "-" + c[0] for c in CASES])
def test_parallel_under_load(benchmark, workers, policy: str, threads: int, role: str, label: str) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, "jass playouts, another process busy on one core", GAMES * CALLS, role, label)
    benchmark.pedantic(workers[policy].run, args=(threads,), rounds=3 if not SMALL else 1, warmup_rounds=1 if not SMALL else 0)
