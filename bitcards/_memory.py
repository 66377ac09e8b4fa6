"""Refuse a request that cannot fit in memory before allocating it.

``np.empty`` of a size between the free and the total memory often succeeds (the pages are
not touched yet) and the process is killed, or the machine swaps, later. Every array whose
size a user chooses (``deal(n)``, ``random_games(n)``, a simulation's chunk, ...) is checked
first against the memory the system says is available, with an error that says how much was
asked, how much is available, and what to do.

>>> check_memory(1 << 70, "holding a lot", "ask for less")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
bitcards.errors.MemoryLimitError: holding a lot: 1,048,576 PiB of memory needed, ... available; ask for less
"""

from __future__ import annotations

import contextlib
import os

import numpy as np

from bitcards.errors import MemoryLimitError

__all__ = ["available_bytes", "check_memory", "empty", "format_bytes"]

#: where Linux says how much memory is available (MemAvailable: free + reclaimable caches)
MEMINFO = "/proc/meminfo"
#: cgroup (container) limits and usage, v2 then v1
_CGROUP_FILES = (
    ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.current"),
    ("/sys/fs/cgroup/memory/memory.limit_in_bytes", "/sys/fs/cgroup/memory/memory.usage_in_bytes"),
)


def _meminfo() -> int | None:
    try:
        with open(MEMINFO, encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def _cgroup_room() -> int | None:
    """What a container's memory limit still allows, if there is a limit."""
    for limit_file, usage_file in _CGROUP_FILES:
        try:
            with open(limit_file, encoding="ascii") as f:
                limit = f.read().strip()
            with open(usage_file, encoding="ascii") as f:
                usage = int(f.read().strip())
        except (OSError, ValueError):
            continue
        if limit.isdigit() and int(limit) < 1 << 60:  # "max", or v1's "no limit" of about 2**63
            return max(0, int(limit) - usage)
    return None


def _sysconf() -> int | None:
    with contextlib.suppress(ValueError, OSError, AttributeError):
        pages = os.sysconf("SC_AVPHYS_PAGES")
        size = os.sysconf("SC_PAGE_SIZE")
        if pages > 0 and size > 0:
            return int(pages) * int(size)
    return None


def available_bytes() -> int | None:
    """Memory the process may still use, in bytes, or ``None`` where the system does not say.

    Linux's MemAvailable (else the free physical pages, ``sysconf``), capped by a container's
    cgroup limit.
    """
    avail = _meminfo()
    if avail is None:
        avail = _sysconf()
    room = _cgroup_room()
    if room is not None:
        avail = room if avail is None else min(avail, room)
    return avail


def format_bytes(n: int) -> str:
    """``n`` bytes for people: ``'3.1 MiB'``, ``'29.8 GiB'``.

    >>> format_bytes(512), format_bytes(3_200_000), format_bytes(32 * 10**9)
    ('512 bytes', '3.1 MiB', '29.8 GiB')
    """
    if n < 1024:
        return f"{n} bytes"
    value = float(n)
    for unit in ("KiB", "MiB", "GiB", "TiB"):
        value /= 1024
        if value < 1024:
            return f"{value:.1f} {unit}"
    return f"{value / 1024:,.0f} PiB"


def check_memory(nbytes: int, what: str, hint: str) -> None:
    """Raise :class:`MemoryLimitError` if ``nbytes`` is more than the available memory.

    The message reads "``what``: N of memory needed, M available; ``hint``". Where the
    system does not say how much is available, nothing is checked.
    """
    avail = available_bytes()
    if avail is not None and nbytes > avail:
        raise MemoryLimitError(f"{what}: {format_bytes(nbytes)} of memory needed, {format_bytes(avail)} available; {hint}")


def empty(shape: tuple[int, ...], dtype: type | np.dtype, what: str, hint: str) -> np.ndarray:  # type: ignore[type-arg]
    """``np.empty(shape, dtype)`` after :func:`check_memory`; numpy's own failure becomes the same error."""
    nbytes = int(np.prod(shape, dtype=object)) * np.dtype(dtype).itemsize
    check_memory(nbytes, what, hint)
    try:
        return np.empty(shape, dtype=dtype)
    except (MemoryError, ValueError):
        raise MemoryLimitError(f"{what}: {format_bytes(nbytes)} of memory needed, more than this machine gives; {hint}") from None
