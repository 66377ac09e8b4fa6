"""Start-up: a new process that imports bitcards and calls a kernel, with a warm on-disk cache.

The baseline is a new process that only imports numpy and numba, so the
difference is what bitcards itself costs (import + loading cached kernels).
"""

from __future__ import annotations

import subprocess
import sys

from bench.conftest import tag

CALL = "import bitcards; bitcards.deal(1, 'skat', seed=1)"
BASE = "import numpy, numba"


def _run(code: str) -> None:
    subprocess.run([sys.executable, "-c", code], check=True)


def test_first_call_in_new_process(benchmark) -> None:  # type: ignore[no-untyped-def]
    _run("import bitcards; bitcards.warmup()")  # make sure the cache is warm
    tag(benchmark, "start-up: new process, first kernel call", 1, "bitcards", "import bitcards + first deal()")
    benchmark.pedantic(_run, args=(CALL,), rounds=3, iterations=1)


def test_import_numba_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, "start-up: new process, first kernel call", 1, "baseline", "import numpy, numba only")
    benchmark.pedantic(_run, args=(BASE,), rounds=3, iterations=1)
