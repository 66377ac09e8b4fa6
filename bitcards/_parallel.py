"""The one parallel policy of every batch kernel.

* A batch kernel is compiled twice from one Python function: a parallel build
  (``parallel=True``, its ``prange`` loops spread over Numba's threads) and a
  serial build (the same loops on the calling thread). :class:`BatchKernel`
  holds both and picks one per call: below :data:`PARALLEL_ROWS` rows, or when
  Numba has one thread, the serial build runs, because waking the thread pool
  costs more than it saves on a small batch (milliseconds on a busy machine).
* Parallel loops walk the rows in blocks of :data:`BLOCK` (``blocks(n)`` of
  them); each block's scratch is its own, so threads never share state, and
  every row's result depends on the row alone: results are identical for any
  thread count.
* Outside its ``prange`` loop a parallel kernel holds no array expression: in a
  ``parallel=True`` function Numba turns ``np.zeros(...)`` and ``a += b`` on
  whole arrays into parallel loops of their own, and each one wakes the thread
  pool. The study kernels that cut a chunk into :data:`HIST_BLOCKS` blocks, each
  with its own histograms, summed them that way (skat-bid's kernel: the
  ``prange`` loop, three fills and three sums, 190 wake-ups a call) and ran
  slower on two threads than on one. Per-block scratch comes from
  :func:`block_scratch` and the blocks are summed by :func:`add_blocks`, both
  serial.
* bitcards never changes Numba's thread count (``numba.set_num_threads``): a
  caller sets it, for its own thread, if it wants fewer threads.
* Waiting threads sleep instead of spinning (``OMP_WAIT_POLICY=PASSIVE``, set
  when bitcards is imported unless the environment already says otherwise).
  With OpenMP's default, idle workers spin for a while after every parallel
  region; on a machine whose other core is busy they steal the very time slice
  the working thread needs, and two threads run slower than one.
  ``bench/test_bench_parallel.py`` shows 1 and 2 threads with another process
  loading a core.

>>> import numpy as np
>>> blocks(10), blocks(BLOCK + 1), block_rows(1, BLOCK + 1)
(1, 2, (4096, 4097))
"""

from __future__ import annotations

import os
import types as pytypes
from typing import Any

import numba
import numpy as np

from bitcards._jit import JIT_DISABLED, njit

__all__ = [
    "PARALLEL_ROWS", "BLOCK", "HIST_BLOCKS", "BatchKernel", "add_blocks", "block_scratch", "blocks", "block_rows", "use_parallel",
]  # fmt: skip

#: a batch of fewer rows than this runs on the calling thread
PARALLEL_ROWS = 16_384
#: rows per block of a parallel loop
BLOCK = 4_096
#: blocks a study kernel cuts a chunk into, each with its own histograms (summed by :func:`add_blocks`)
HIST_BLOCKS = 64

# must be set before the OpenMP runtime loads (at the first parallel region)
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")


@njit(inline="always")
def blocks(n):  # type: ignore[no-untyped-def]
    """How many blocks of :data:`BLOCK` rows cover ``n`` rows."""
    return (n + BLOCK - 1) // BLOCK


@njit(inline="always")
def block_rows(b, n):  # type: ignore[no-untyped-def]
    """Rows ``lo, hi`` of block ``b`` of ``n`` rows."""
    lo = b * BLOCK
    return lo, min(n, lo + BLOCK)


@njit
def block_scratch(nblk, like):  # type: ignore[no-untyped-def]
    """Zeroed scratch for ``nblk`` blocks, each shaped like ``like`` (shape ``(nblk,) + like.shape``, its dtype),
    allocated on the calling thread (see the module's notes)."""
    return np.zeros((nblk,) + like.shape, dtype=like.dtype)


@njit
def add_blocks(dst, parts):  # type: ignore[no-untyped-def]
    """Add every block of ``parts`` (from :func:`block_scratch`: one array shaped like ``dst`` per block, stacked
    on the first axis) into ``dst``, on the calling thread."""
    for b in range(parts.shape[0]):
        dst += parts[b]


def use_parallel(n: int) -> bool:
    """Whether a batch of ``n`` rows runs the parallel build."""
    return not JIT_DISABLED and n >= PARALLEL_ROWS and numba.get_num_threads() > 1


class BatchKernel:
    """A kernel compiled twice, with and without ``parallel=True``; called with the row count first.

    ``BatchKernel(fn)(n, *args)`` runs the parallel build when :func:`use_parallel`
    says so, else the serial one. Both give the same results. ``cache=False`` compiles in
    memory only (for a kernel that calls a recursive function, which Numba cannot cache).
    """

    def __init__(self, fn: Any, cache: bool = True) -> None:
        self.py_func = fn
        self.parallel = njit(parallel=True, cache=cache)(fn)
        # Numba's on-disk cache keys an entry by function name, signature and bytecode, not by
        # compile flags: a second build of the same function would share (and overwrite) the
        # parallel build's entry. A copy under its own qualified name gets its own entry.
        name = fn.__name__ + "_serial"
        code = fn.__code__.replace(co_name=name, co_qualname=fn.__qualname__ + "_serial")
        serial = pytypes.FunctionType(code, fn.__globals__, name, fn.__defaults__, fn.__closure__)
        serial.__qualname__ = fn.__qualname__ + "_serial"
        serial.__module__ = fn.__module__
        serial.__doc__ = fn.__doc__
        self.serial = njit(cache=cache)(serial)
        self.__doc__ = fn.__doc__
        self.__name__ = fn.__name__

    def build(self, n: int) -> Any:
        """The build that runs for ``n`` rows."""
        return self.parallel if use_parallel(n) else self.serial

    def __call__(self, n: int, *args: Any) -> Any:
        return self.build(n)(*args)

    def warm(self, *args: Any) -> None:
        """Compile (or load) both builds."""
        self.parallel(*args)
        self.serial(*args)
