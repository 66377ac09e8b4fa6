"""The simulation driver: seeded chunks, bounded memory, exact merging, local or on Dask.

Rows ``[0, deals)`` of the seed's deal stream are cut into chunks of
``chunk_size`` rows; chunk ``i`` is rows ``[i * chunk_size, ...)`` of
:func:`bitcards.deal`, so every row depends only on the seed and its index.
A study's kernel adds each chunk's counts into ``int64`` histograms, and the
histograms of all chunks are added up: the result is exactly the same for any
chunk size, thread count or number of Dask workers.

Memory is bounded whatever ``deals`` is: one reused ``(chunk_size, k)`` deal
buffer per worker thread, the study's fixed-size histograms, and on Dask a
bounded window of tasks in flight.
"""

from __future__ import annotations

import contextlib
import logging
import math
import time
from collections.abc import Iterator
from typing import Any

import numpy as np

from bitcards._memory import check_memory, empty, format_bytes
from bitcards._parallel import PARALLEL_ROWS
from bitcards._progress import progress_bar
from bitcards._rng import seed_key
from bitcards._version import __version__
from bitcards.deal import deal, deal_spec
from bitcards.errors import shorten
from bitcards.simulate.result import SimulationResult
from bitcards.simulate.study import Chunk, SimulationError, Study, get_study

__all__ = ["simulate", "run_rows", "DEFAULT_CHUNK", "MAX_DEALS"]

#: rows per chunk by default: 2**18 Skat deals are 8 MiB of masks
DEFAULT_CHUNK = 1 << 18
#: the most deals one run can have: rows are indexed by a signed 64-bit int in :func:`bitcards.deal`
MAX_DEALS = (1 << 63) - 1


def check_int(name: str, v: Any, low: int, high: int | None = None) -> int:
    if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
        raise TypeError(f"{name} must be an int, not {type(v).__name__}")
    if v < low:
        raise SimulationError(f"{name} must be >= {low}, got {v}")
    if high is not None and v > high:
        got = str(int(v)) if v < 10**30 else f"a {len(str(int(v)))}-digit number"
        raise SimulationError(f"{name} must be <= 2**63 - 1 (deal rows are numbered by a signed 64-bit int), got {got}")
    return int(v)


def run_rows(
    study: Study, seed: int, start: int, stop: int, chunk_size: int, threads: int | None = None
) -> dict[str, np.ndarray]:
    """Run ``study`` on rows ``[start, stop)`` in chunks; return the summed histograms.

    Chunk boundaries fall on multiples of ``chunk_size`` counted from row 0, so
    any split of the rows into calls gives the same chunks. This is the unit of
    work a Dask task runs.
    """
    if threads is not None:
        import numba

        numba.set_num_threads(min(int(threads), numba.config.NUMBA_NUM_THREADS))  # type: ignore[attr-defined]
    seed, key = seed_key(seed)
    acc = study.zeros()
    buf = None
    if study.game is not None:
        k = len(deal_spec(study.game).sizes)
        rows = min(chunk_size, max(stop - start, 0))
        buf = empty((rows, k), np.uint64, f"a chunk of {rows:,} deals", "use a smaller chunk size")
    for a, b in _chunks(start, stop, chunk_size):
        d = None if buf is None else deal(b - a, study.game, seed, start=a, out=buf[: b - a])  # type: ignore[arg-type]
        study.kernel(d, acc, Chunk(start=a, n=b - a, seed=seed, key=key, params=study.params))
    return acc


def row_bytes(study: Study) -> int:
    """The memory one row of a chunk of ``study`` takes at most (see :attr:`Study.row_bytes`)."""
    if study.row_bytes is not None:
        return int(study.row_bytes)
    k = len(deal_spec(study.game).sizes) if study.game is not None else 0
    return max(64, 2 * 8 * k)


#: the memory of one local Dask worker process with bitcards loaded, its chunk buffers aside
WORKER_BYTES = 200 << 20


def _check_chunk_memory(study: Study, n: int, chunk: int, workers: int | None) -> None:
    """Refuse before the run a chunk whose buffers do not fit: one, or one per local worker process (and the
    processes themselves)."""
    rows = min(n, chunk)
    per = row_bytes(study)
    copies = workers or 1
    where = f" on each of {workers:,} worker processes (about {format_bytes(WORKER_BYTES)} each besides)" if workers else ""
    check_memory(
        copies * rows * per + (copies * WORKER_BYTES if workers else 0),
        f"a chunk of {rows:,} deals{where}",
        f"use a smaller chunk size (--chunk-size; memory is proportional to it, and the default "
        f"{DEFAULT_CHUNK:,} needs {format_bytes(DEFAULT_CHUNK * per)})",
    )


def _chunks(start: int, stop: int, chunk_size: int) -> Iterator[tuple[int, int]]:
    a = start
    while a < stop:
        b = min(stop, (a // chunk_size + 1) * chunk_size)
        yield a, b
        a = b


def _merge_into(acc: dict[str, np.ndarray], part: dict[str, np.ndarray]) -> None:
    for k, v in part.items():
        a = acc[k]
        out = a + v
        # counts are non-negative: a wrap-around shows as a negative sum
        if (out < 0).any():
            raise SimulationError(f"field {k!r}: int64 counts overflowed")
        acc[k] = out


_WARMED: set[str] = set()


def _warm(study: Study, chunk: int = 2) -> None:
    """Compile (or load from cache) the kernels ``study`` runs in chunks of ``chunk`` rows, once per process and
    study: a run of two rows (the serial builds) and, for bigger chunks, one of as many rows as make a chunk take the
    same (serial or parallel) builds as the run (:func:`_warm_local`'s rule). Only the study's own: the whole
    library's (:func:`bitcards.warmup`, the solvers among them) would take minutes on a cold cache for kernels a
    study never calls."""
    if study.name not in _WARMED:
        run_rows(study, 0, 0, 2, 2)
        rows = min(chunk, PARALLEL_ROWS)
        if rows > 2:
            run_rows(study, 0, 0, rows, chunk)
        _WARMED.add(study.name)


#: seconds a scheduler has to accept a connection and to send its handshake
HANDSHAKE_TIMEOUT = 10.0


def _check_scheduler(address: str) -> None:
    """Fail fast, with one clear error, unless a Dask scheduler answers at a ``tcp://`` address.

    distributed's client would wait for ever on a server that never speaks (an HTTP server
    waits for a request) and reads any other server's first bytes (an SSH banner) as the size
    of a message to allocate. A Dask server sends its handshake as soon as it accepts: 8 bytes,
    the size of the message, which starts with its frame count and the frames' sizes. Those
    must add up, within :data:`HANDSHAKE_TIMEOUT` seconds.
    """
    import socket
    import struct
    from urllib.parse import urlsplit

    u = urlsplit(address if "://" in address else f"tcp://{address}")
    try:
        port = u.port
    except ValueError as e:
        raise SimulationError(f"bad Dask scheduler address {shorten(address)}: {e}") from None
    if u.scheme in ("tcp", "") and u.hostname is not None and port is None:
        raise SimulationError(f"bad Dask scheduler address {shorten(address)}: no port (a scheduler listens on tcp://HOST:8786)")
    if u.scheme not in ("tcp", "") or u.hostname is None or port is None:
        return  # tls://, inproc:// ...: leave it to distributed
    try:
        sock = socket.create_connection((u.hostname, port), timeout=HANDSHAKE_TIMEOUT)
    except OSError as e:
        raise SimulationError(f"cannot reach the Dask scheduler {address}: {e.strerror or e}") from None

    def read(n: int) -> bytes:
        data = b""
        while len(data) < n:
            part = sock.recv(n - len(data))
            if not part:
                break
            data += part
        return data

    not_dask = f"{address} is not a Dask scheduler"
    with sock:
        sock.settimeout(HANDSHAKE_TIMEOUT)
        try:
            head = read(8)
            if len(head) < 8:
                raise SimulationError(f"{not_dask}: it closed the connection without a Dask handshake")
            (size,) = struct.unpack("<Q", head)
            body = read(size) if 16 <= size <= 1 << 16 else b""
        except TimeoutError:
            raise SimulationError(f"{not_dask}: no Dask handshake within {HANDSHAKE_TIMEOUT:g} s") from None
        except OSError as e:
            raise SimulationError(f"cannot reach the Dask scheduler {address}: {e.strerror or e}") from None
        if len(body) == size:
            (n_frames,) = struct.unpack_from("<Q", body)
            if 1 <= n_frames <= 64 and 8 * (1 + n_frames) <= size:
                lengths = struct.unpack_from(f"<{n_frames}Q", body, 8)
                if 8 * (1 + n_frames) + sum(lengths) == size:
                    return
        shown = head.decode("ascii", "replace").strip()
        raise SimulationError(f"{not_dask}: it answered {shorten(shown)}, not a Dask handshake")


def simulate(
    study: str | Study,
    deals: int,
    seed: int | None = None,
    *,
    chunk_size: int = DEFAULT_CHUNK,
    scheduler: Any = None,
    workers: int | None = None,
    threads: int | None = None,
    progress: bool = False,
    params: dict[str, Any] | None = None,
) -> SimulationResult:
    """Run ``study`` on ``deals`` seeded deals and return the merged :class:`SimulationResult`.

    * ``study``: a :class:`Study` or the name of one in ``STUDIES``; ``params`` binds its parameters.
    * ``seed``: the deal stream (``None`` draws a fresh one, recorded in the result).
    * ``chunk_size``: rows dealt and counted at a time (memory is ``O(chunk_size)``).
    * ``scheduler``: a Dask scheduler address (``"tcp://host:port"``) or a ``distributed.Client``;
      ``workers=N`` starts a local Dask cluster of ``N`` single-threaded worker processes instead.
      Without either the run is local, in this process, with Numba's threads (``threads`` caps them).
    * ``progress``: a tqdm bar on stderr (silent when stderr is not a terminal; a widget in notebooks).

    The result's ``seconds`` (and so its deals/s) count the run after the kernels are compiled:
    a first small slice of the rows is run once beforehand, untimed, to compile or load them.

    The counts are identical for the same seed whatever ``chunk_size``,
    ``threads``, ``workers`` or scheduler.

    >>> r = simulate("skat-jacks", 3_000, seed=5, chunk_size=1_000)
    >>> r.counts["jacks"].sum(axis=1).tolist()
    [3000, 3000, 3000, 3000]
    >>> r.equal_counts(simulate("skat-jacks", 3_000, seed=5, chunk_size=128))
    True
    """
    st = get_study(study)
    if params:
        st = st.bind(**params)
    n = check_int("deals", deals, 0, MAX_DEALS)
    chunk = check_int("chunk_size", chunk_size, 1)
    if workers is not None:
        workers = check_int("workers", workers, 1)
    if threads is not None:
        threads = check_int("threads", threads, 1)
    if workers is not None and scheduler is not None:
        raise SimulationError("give either workers (a local Dask cluster) or scheduler, not both")
    used_seed, _ = seed_key(seed)
    if scheduler is None:  # a remote cluster's memory is its own
        _check_chunk_memory(st, n, chunk, workers)
    if scheduler is None and workers is None:
        (acc, dt), backend = _run_local(st, n, used_seed, chunk, threads, progress), "local"
    else:
        acc, dt, backend = _run_dask(st, n, used_seed, chunk, scheduler, workers, progress)
    res = SimulationResult(
        study=st.name,
        game=st.game,
        params=dict(st.params),
        deals=n,
        seed=used_seed,
        chunk_size=chunk,
        version=__version__,
        fields=st.fields,
        counts=acc,
        seconds=dt,
        backend=backend,
    )
    if st.summary is not None:
        res._summary = dict(st.summary(res))
    return res


def _warm_local(st: Study, n: int, seed: int, chunk: int, threads: int | None) -> None:
    """Run the first rows once, untimed and thrown away, so that compiling is not counted in the run's speed.

    The rows are as many as make a chunk take the same (serial or parallel) kernels as the run.
    """
    rows = min(n, chunk, PARALLEL_ROWS)
    if rows > 0:
        run_rows(st, seed, 0, rows, chunk, threads)


def _run_local(
    st: Study, n: int, seed: int, chunk: int, threads: int | None, progress: bool
) -> tuple[dict[str, np.ndarray], float]:
    import numba

    old = numba.get_num_threads()
    try:
        acc = st.zeros()
        _warm_local(st, n, seed, chunk, threads)
        t0 = time.perf_counter()
        with progress_bar(n, progress, st.name) as bar:
            # one buffer for the whole run, in steps of a few chunks so the bar moves
            step = chunk * max(1, (1 << 22) // chunk)
            for a in range(0, n, step):
                b = min(n, a + step)
                _merge_into(acc, run_rows(st, seed, a, b, chunk, threads))
                bar.update(b - a)
        return acc, time.perf_counter() - t0
    finally:
        numba.set_num_threads(old)


def _run_dask(
    st: Study, n: int, seed: int, chunk: int, scheduler: Any, workers: int | None, progress: bool
) -> tuple[dict[str, np.ndarray], float, str]:
    try:
        import distributed
    except ImportError:
        raise SimulationError("Dask is not installed: pip install 'bitcards[distributed]'") from None
    if isinstance(scheduler, str):  # before compiling anything: a wrong address fails at once
        _check_scheduler(scheduler)
    if workers is not None:  # compile here first: the local workers then load the kernels from the on-disk cache
        _warm(st, chunk)
    cluster = None
    own_client = False
    interrupted = False
    threads: int | None = None
    if isinstance(scheduler, distributed.Client):
        client = scheduler
    elif workers is not None:
        # the workers' own log lines (an event loop blocked by a kernel, tasks cancelled at shutdown, a heartbeat
        # that finds the scheduler gone after Ctrl-C) are noise here: a task's error reaches this process anyway
        with _sigint_ignored():
            cluster = distributed.LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=logging.CRITICAL
            )
        client = distributed.Client(cluster)
        own_client = True
        threads = 1
    elif isinstance(scheduler, str):
        try:
            client = distributed.Client(scheduler, timeout="20s")
        except (OSError, TimeoutError) as e:
            raise SimulationError(f"cannot reach the Dask scheduler {scheduler}: {e}") from None
        except ValueError as e:  # distributed's own address parsing: "missing port number", ...
            raise SimulationError(f"bad Dask scheduler address {shorten(scheduler)}: {e}") from None
        own_client = True
    else:
        raise TypeError(f"scheduler must be an address string or a distributed.Client, not {type(scheduler).__name__}")
    try:
        if workers is None:  # connected: a wrong address has failed before anything was compiled
            _warm(st, chunk)
        client.run(_warm, st, chunk)  # once per worker, not per task
        t0 = time.perf_counter()
        slots = max(1, sum(client.nthreads().values()))
        n_chunks = max(1, math.ceil(n / chunk))
        # a few tasks per worker thread for balance; each task loops over whole chunks
        per_task = max(1, min(64, n_chunks // (4 * slots)))
        rows = per_task * chunk
        starts = iter(range(0, n, rows))
        acc = st.zeros()
        window = 2 * slots + 2
        with progress_bar(n, progress, f"{st.name} (dask, {slots} threads)") as bar:
            futures = distributed.as_completed()
            sizes: dict[Any, int] = {}

            def submit(a: int) -> None:
                b = min(n, a + rows)
                fut = client.submit(run_rows, st, seed, a, b, chunk, threads, pure=False)
                sizes[fut.key] = b - a
                futures.add(fut)

            for a in starts:
                submit(a)
                if futures.count() >= window:
                    break
            for fut in futures:
                _merge_into(acc, fut.result())
                bar.update(sizes.pop(fut.key))
                fut.release()
                nxt = next(starts, None)
                if nxt is not None:
                    submit(nxt)
        backend = f"dask:{slots}"
    except KeyboardInterrupt:
        interrupted = True
        raise
    finally:
        # after Ctrl-C, tearing down the cluster is expected: distributed's complaints about it are not news
        with _quiet_distributed(interrupted):
            if own_client:
                client.close()
            if cluster is not None:
                cluster.close()
    return acc, time.perf_counter() - t0, backend


@contextlib.contextmanager
def _sigint_ignored() -> Iterator[None]:
    """SIGINT ignored while inside, so that processes started meanwhile ignore it for good (an ignored signal
    stays ignored across ``exec``, and Python then installs no KeyboardInterrupt handler).

    Ctrl-C in a terminal goes to the whole process group: worker processes would each print a
    KeyboardInterrupt traceback. This process alone handles it and closes the cluster. (A Ctrl-C
    while the cluster starts, a few seconds, is lost.)
    """
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


@contextlib.contextmanager
def _quiet_distributed(quiet: bool) -> Iterator[None]:
    """distributed's log messages in this process silenced while inside (when ``quiet``)."""
    log = logging.getLogger("distributed")
    old = log.level
    if quiet:
        log.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        log.setLevel(old)
