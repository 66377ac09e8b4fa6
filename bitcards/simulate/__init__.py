"""Monte Carlo studies at any scale: seeded chunks, exact merging, local threads or a Dask cluster.

>>> from bitcards.simulate import simulate
>>> r = simulate("skat-jacks", 3_000, seed=2026, chunk_size=1_024)
>>> r.counts["jacks"].shape, int(r.counts["jacks"].sum())
((4, 5), 12000)
>>> r.equal_counts(simulate("skat-jacks", 3_000, seed=2026, chunk_size=3_000))
True
>>> sorted(STUDIES)[:2]
['euchre-bowers', 'skat-jacks']

A study is a :class:`Study` (integer histograms + a per-chunk kernel) in
:data:`STUDIES`. Modules named ``bitcards/simulate/studies_*.py`` are imported
on first use and register their studies with :func:`register_study`, so a new
study is one new file (or a few lines in an existing one).
"""

from __future__ import annotations

import importlib
import pkgutil

from bitcards.simulate.driver import DEFAULT_CHUNK, run_rows, simulate
from bitcards.simulate.result import SimulationResult, read_parquet, wilson
from bitcards.simulate.study import (
    STUDIES,
    Chunk,
    Field,
    SimulationError,
    Study,
    get_study,
    register_study,
    tally,
)

__all__ = [
    "simulate",
    "run_rows",
    "run_study",
    "DEFAULT_CHUNK",
    "Study",
    "Field",
    "Chunk",
    "STUDIES",
    "register_study",
    "get_study",
    "tally",
    "SimulationResult",
    "SimulationError",
    "read_parquet",
    "wilson",
]

_LOADED = False


def _load_studies() -> None:
    """Import every ``bitcards.simulate.studies_*`` module once (each registers its studies)."""
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    for mod in sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name.startswith("studies_")):
        importlib.import_module(f"{__name__}.{mod}")


_load_studies()

from bitcards.simulate._demo import run_study  # noqa: E402
