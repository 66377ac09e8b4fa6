"""Numba plumbing shared by every kernel.

* :func:`njit` is ``numba.njit`` with ``cache=True`` and no eager signature, so
  importing bitcards compiles nothing; the public wrappers pass canonical dtypes
  (``np.uint64`` masks, ``np.int64`` indices), so each kernel ends up with one
  signature in practice.
* :func:`warmup_task` registers a small function that calls kernels with tiny
  inputs; :func:`bitcards.warmup` runs them all (compiling, or loading the
  on-disk cache), e.g. before starting worker processes.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable
from typing import Any, TypeVar

import numba

F = TypeVar("F", bound=Callable[..., Any])

JIT_DISABLED = os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0")

if JIT_DISABLED:  # kernels run as Python on NumPy scalars, where uint64 wrap-around warns
    warnings.filterwarnings("ignore", "overflow encountered", RuntimeWarning)

_WARMUPS: list[Callable[[], object]] = []
_DISPATCHERS: list[Any] = []


def njit(*args: Any, **kwargs: Any) -> Any:
    """``numba.njit`` with ``cache=True``; registers the dispatcher."""
    kwargs.setdefault("cache", True)

    def wrap(fn: F) -> F:
        disp = numba.njit(**kwargs)(fn)
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
