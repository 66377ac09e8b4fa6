"""The tour behind ``make demo``: every game on its seed examples, then a seeded Monte Carlo run.

Each game package may provide ``bitcards/<game>/demo.py`` with a function
``tour(write)`` that prints its part; the Monte Carlo part is ``monte_carlo``.
"""

from __future__ import annotations

import importlib
import sys
import time
from collections.abc import Callable

import numpy as np

from bitcards import GAME_MODULES
from bitcards.deal import deal
from bitcards.layouts import SKAT

Write = Callable[[str], None]


def _tours() -> list[tuple[str, Callable[[Write], None]]]:
    out = []
    for g in GAME_MODULES:
        try:
            mod = importlib.import_module(f"bitcards.{g}.demo")
        except ModuleNotFoundError as e:
            if e.name == f"bitcards.{g}.demo":
                continue
            raise
        out.append((g, mod.tour))
    return out


def monte_carlo(write: Write, deals: int = 20_000_000, seed: int = 2026, progress: bool = True) -> dict[str, float]:
    """Deal ``deals`` Skat deals in seeded chunks and count how often a hand holds all four jacks.

    The exact probability is C(28,6)/C(32,10) = 376,740 / 64,512,240.
    """
    try:
        from bitcards.simulate import run_study  # the driver, once it exists
    except ImportError:
        run_study = None
    if run_study is not None:
        return run_study(write, deals=deals, seed=seed, progress=progress)  # type: ignore[no-any-return]
    from tqdm import tqdm

    jacks = np.uint64(SKAT.rank_mask(SKAT.rank_index("J")))
    chunk = 1_000_000
    buf = np.empty((chunk, 4), dtype=np.uint64)
    hits = 0
    t0 = time.perf_counter()
    with tqdm(total=deals, unit="deal", unit_scale=True, disable=not progress, file=sys.stderr) as bar:
        for start in range(0, deals, chunk):
            n = min(chunk, deals - start)
            d = deal(n, "skat", seed, start=start, out=buf[:n])
            hits += int(((d[:, :3] & jacks) == jacks).sum())
            bar.update(n)
    dt = time.perf_counter() - t0
    exact = 376_740 / 64_512_240
    p = hits / (3 * deals)
    write(f"Monte Carlo: {deals:,} Skat deals (seed {seed}) in {dt:.2f} s ({deals / dt / 1e6:.1f} M deals/s)")
    write(f"  a hand holds all four jacks: {p:.6f} (exact {exact:.6f})")
    return {"deals": deals, "p_four_jacks": p, "exact": exact, "seconds": dt}


def run(write: Write = print, deals: int = 20_000_000, seed: int = 2026, progress: bool = True) -> int:
    write("bitcards demo: the seed examples of every game, then a seeded Monte Carlo run")
    for name, tour in _tours():
        write("")
        write(f"== {name} ==")
        tour(write)
    write("")
    write("== Monte Carlo ==")
    monte_carlo(write, deals=deals, seed=seed, progress=progress)
    return 0
