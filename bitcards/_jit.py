"""Numba plumbing shared by every kernel.

* :func:`njit` is ``numba.njit`` with ``cache=True`` and no eager signature, so
  importing bitcards compiles nothing; the public wrappers pass canonical dtypes
  (``np.uint64`` masks, ``np.int64`` indices), so each kernel ends up with one
  signature in practice. Where no cache directory can be written (a read-only
  install, and neither a usable home nor ``NUMBA_CACHE_DIR``) the kernels compile
  in memory instead, after one :class:`CacheWarning`.
* A kernel's first call compiles it (or loads it from the cache) on a roomy Python stack
  (:func:`_on_roomy_stack`): CPython 3.11 to 3.13 keep their frames in 16 KiB chunks and map and
  unmap a chunk each time a call crosses into it and returns, and Numba's compiler, which recurses
  deep, crossed one such boundary in a loop: 110,000 ``mmap``/``munmap`` pairs in 20 s, more than
  half of a cold solve's compile time spent in the kernel. Run above a frame that leaves 190 KiB
  of its chunk free, the compiler never reaches the next one: with an empty cache, Euchre's first
  solve compiled in 43 s instead of 135 s (2 s of system time instead of 70), Jass's in 114 s
  instead of 250 s (Python 3.11.7, 2 CPUs). Where the boundary falls depends on how deep the first
  call sits, so the cost came and went with the caller (pytest's runs hardly paid it). Python 3.14
  and 3.13's later releases keep a spare chunk (CPython issue 142183); there the roomy frame only
  costs a quarter of a millisecond a kernel.
* :func:`cold` tells whether calling a kernel would compile it (nothing in the process, nothing in its disk
  cache), and :func:`compile_note` says, once, that kernels are compiling when that has gone on for a
  second: the command line uses it on a terminal, where a first solve would sit silent for a minute or two.
* :func:`warmup_task` registers a small function that calls kernels with tiny
  inputs; :func:`bitcards.warmup` runs them all (compiling, or loading the
  on-disk cache), e.g. before starting worker processes.
"""

from __future__ import annotations

import contextlib
import functools
import os
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import numba

from bitcards.errors import CacheWarning

F = TypeVar("F", bound=Callable[..., Any])

JIT_DISABLED = os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0")

if JIT_DISABLED:  # kernels run as Python on NumPy scalars, where uint64 wrap-around warns
    warnings.filterwarnings("ignore", "overflow encountered", RuntimeWarning)

_WARMUPS: list[Callable[[], object]] = []
_DISPATCHERS: list[Any] = []


_CACHE_WARNED = False


def _no_cache(reason: str) -> None:
    """Say once per process that the kernels compile in memory only."""
    global _CACHE_WARNED
    if _CACHE_WARNED:
        return
    _CACHE_WARNED = True
    # one line, filterable by category (a file name of "bitcards" has no source line to show)
    warnings.warn_explicit(
        "compiled kernels are not cached on disk (no writable __pycache__ beside the package, cache directory "
        "or NUMBA_CACHE_DIR): they compile in memory, again in every process; set NUMBA_CACHE_DIR to a "
        f"writable directory to keep them ({reason})",
        CacheWarning,
        "bitcards",
        0,
    )


@functools.cache
def _roomy_runner() -> Callable[..., Any]:
    """A function ``run(fn, *args, **kws)`` that calls ``fn`` from a frame of 40,000 local slots (320 KiB): CPython
    gives such a frame a chunk of its own of 512 KiB, so everything ``fn`` calls has the 190 KiB left of it."""
    names = "=".join(f"_{i}" for i in range(40_000))
    src = f"def run(fn, *args, **kws):\n    {names} = None\n    return fn(*args, **kws)\n"
    space: dict[str, Any] = {}
    exec(compile(src, "<bitcards roomy stack>", "exec"), space)
    return space["run"]  # type: ignore[no-any-return]


_ROOMY_DEPTH = 0  # compiles running on it (a compile inside another needs no second one)


def _on_roomy_stack(compile_for_args: Callable[..., Any]) -> Callable[..., Any]:
    """Wrap a dispatcher's ``_compile_for_args`` (what its first call for new argument types runs) to run on a roomy
    stack (see the module docstring)."""

    def roomy(*args: Any, **kws: Any) -> Any:
        global _ROOMY_DEPTH
        if _ROOMY_DEPTH:
            return compile_for_args(*args, **kws)
        _ROOMY_DEPTH += 1
        try:
            return _roomy_runner()(compile_for_args, *args, **kws)
        finally:
            _ROOMY_DEPTH -= 1

    return roomy


def njit(*args: Any, **kwargs: Any) -> Any:
    """``numba.njit`` with ``cache=True`` (in memory only where no cache can be written), first compiled on a roomy
    stack (see the module docstring); registers the dispatcher."""
    kwargs.setdefault("cache", True)

    def wrap(fn: F) -> F:
        try:
            disp = numba.njit(**kwargs)(fn)
        except RuntimeError as e:  # numba: "cannot cache function ...: no locator available for file ..."
            if not kwargs.get("cache") or "cannot cache" not in str(e):
                raise
            _no_cache("no locator available")
            disp = numba.njit(**{**kwargs, "cache": False})(fn)
        if hasattr(disp, "_compile_for_args"):  # not where the JIT is off (the Python function itself)
            disp._compile_for_args = _on_roomy_stack(disp._compile_for_args)
        _DISPATCHERS.append(disp)
        return disp  # type: ignore[no-any-return]

    if args and callable(args[0]):
        return wrap(args[0])
    return wrap


def warmup_task(fn: F) -> F:
    """Register ``fn`` (no arguments) to run in :func:`bitcards.warmup`."""
    _WARMUPS.append(fn)
    return fn


def dispatchers() -> list[Any]:
    """Every kernel created through :func:`njit` so far."""
    return list(_DISPATCHERS)


def cold(*kernels: Any) -> bool:
    """Whether calling one of ``kernels`` would compile it: none of its signatures is compiled in this process and
    its on-disk cache holds none either (a fresh install, a source change, or an emptied cache). A hint for telling
    the user about a wait before it starts, not a promise: the cache's entries may be for other argument types.
    Always ``False`` where the JIT is off."""
    if JIT_DISABLED:
        return False
    for disp in kernels:
        if getattr(disp, "signatures", None):
            continue
        try:
            if disp._cache._cache_file._load_index():  # Numba's cache index (empty once its source is edited)
                continue
        except Exception:  # no disk cache (compiled in memory), or another Numba layout: it compiles
            pass
        return True
    return False


@contextlib.contextmanager
def compile_note(say: Callable[[], object], after: float = 1.0) -> Iterator[None]:
    """Call ``say()`` once, from a timer thread, when Numba has spent ``after`` seconds compiling kernels inside the
    block: real compiles only (Numba's ``numba:compile`` event, which a load from the on-disk cache does not raise),
    so a warm cache or a long run of compiled code never calls it. Does nothing where the JIT is off."""
    if JIT_DISABLED:
        yield
        return
    from numba.core import event

    lock = threading.Lock()
    state: dict[str, Any] = {"depth": 0, "spent": 0.0, "since": 0.0, "timer": None, "said": False}

    def fire() -> None:
        with lock:
            if state["said"] or not state["depth"]:
                return
            state["said"] = True
        say()

    def stop() -> None:
        if state["timer"] is not None:
            state["timer"].cancel()
            state["timer"] = None

    class Listener(event.Listener):
        def on_start(self, ev: event.Event) -> None:
            with lock:
                state["depth"] += 1
                if state["depth"] == 1 and not state["said"]:
                    state["since"] = time.perf_counter()
                    state["timer"] = threading.Timer(max(0.0, after - state["spent"]), fire)
                    state["timer"].daemon = True
                    state["timer"].start()

        def on_end(self, ev: event.Event) -> None:
            with lock:
                state["depth"] -= 1
                if state["depth"] == 0:
                    state["spent"] += time.perf_counter() - state["since"]
                    stop()

    listener = Listener()
    event.register("numba:compile", listener)
    try:
        yield
    finally:
        event.unregister("numba:compile", listener)
        with lock:
            stop()


def compiled_signatures() -> int:
    """How many signatures have been compiled or loaded across all kernels."""
    if JIT_DISABLED:
        return 0
    return sum(len(d.signatures) for d in _DISPATCHERS)


def run_warmups() -> int:
    """Run every registered warm-up; return how many ran."""
    for fn in _WARMUPS:
        fn()
    return len(_WARMUPS)


#: extras a module may need; a module that imports one of them is skipped by :func:`import_all` when it is missing
_OPTIONAL = ("dask", "distributed", "pandas", "pyarrow", "matplotlib", "pyspiel", "tqdm", "rich")


def import_all() -> list[str]:
    """Import every module of the package (so every warm-up task is registered); return their names, sorted.

    A module that needs an extra that is not installed (Dask, pandas, ...) is left out.
    """
    import importlib
    import pkgutil

    import bitcards

    names = sorted(m.name for m in pkgutil.walk_packages(bitcards.__path__, "bitcards.") if not m.name.endswith("__main__"))
    done = []
    for name in names:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as e:
            if (e.name or "").split(".")[0] not in _OPTIONAL:
                raise
            continue
        done.append(name)
    return done


def _warm_one(i: int) -> None:
    _WARMUPS[i]()


def warm_in_processes(jobs: int) -> None:
    """Run the registered warm-ups in ``jobs`` fresh processes, to fill the on-disk cache in parallel.

    Each process imports the package the same way (so it holds the same task list) and takes the
    next task when it is free; what one process compiled, a later task in it reuses from memory.
    """
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(jobs, mp_context=ctx, initializer=import_all) as ex:
        list(ex.map(_warm_one, range(len(_WARMUPS))))
