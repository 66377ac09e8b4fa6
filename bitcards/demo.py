"""The tour behind ``make demo``: every game on the examples of its source challenge, then a seeded Monte Carlo run.

Each game package may provide ``bitcards/<game>/demo.py`` with a function
``tour(write)`` that prints its part; the Monte Carlo part is ``monte_carlo``,
which runs a study through the simulation driver.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bitcards import GAME_MODULES
from bitcards.games import optional_module

Write = Callable[[str], None]


def _tours() -> list[tuple[str, Callable[[Write], None]]]:
    out = []
    for g in GAME_MODULES:
        mod = optional_module(f"bitcards.{g}.demo")
        if mod is not None:
            out.append((g, mod.tour))
    return out


def monte_carlo(write: Write, deals: int = 20_000_000, seed: int = 2026, progress: bool = True) -> dict[str, Any]:
    """The Monte Carlo part: a seeded ``skat-jacks`` study through :mod:`bitcards.simulate`, with a progress bar."""
    from bitcards.simulate import run_study

    return run_study(write, deals=deals, seed=seed, progress=progress)


def run(write: Write = print, deals: int = 20_000_000, seed: int = 2026, progress: bool = True) -> int:
    """Print the tour with ``write``; ``deals`` and ``seed`` are checked before anything is printed."""
    from bitcards._rng import seed_key
    from bitcards.simulate.driver import MAX_DEALS, check_int

    check_int("deals", deals, 0, MAX_DEALS)
    seed_key(seed)
    write("bitcards demo: every game on the examples of its source challenge, then a seeded Monte Carlo run")
    for name, tour in _tours():
        write("")
        write(f"== {name} ==")
        tour(write)
    write("")
    write("== Monte Carlo ==")
    monte_carlo(write, deals=deals, seed=seed, progress=progress)
    return 0
