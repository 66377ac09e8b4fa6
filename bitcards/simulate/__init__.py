"""Monte Carlo studies at any scale: seeded chunks, exact merging, local threads or a Dask cluster.

>>> from bitcards.simulate import simulate
>>> r = simulate("skat-jacks", 3_000, seed=2026, chunk_size=1_024)
>>> r.counts["jacks"].shape, int(r.counts["jacks"].sum())
((4, 5), 12000)
>>> r.equal_counts(simulate("skat-jacks", 3_000, seed=2026, chunk_size=3_000))
True
>>> {"euchre-bowers", "skat-jacks", "skat-bid", "cribbage-discard"} <= set(STUDIES)
True

How it works
------------
:func:`simulate` cuts rows ``[0, deals)`` of the seed's deal stream into chunks
(chunk ``i`` is rows ``[i * chunk_size, ...)`` of :func:`bitcards.deal`), runs
the study's kernel on each chunk into ``int64`` histograms and adds them up.
Integer counts merge exactly, so the result is the same for any chunk size,
thread count or number of Dask workers; floats (shares, means, confidence
intervals) are derived at the end by :class:`SimulationResult`. Memory is one
reused chunk buffer plus the fixed-size histograms, whatever ``deals`` is.
``workers=N`` or ``scheduler="tcp://host:port"`` (or a ``distributed.Client``)
sends the chunks to Dask (an optional import); from a script, start it under
``if __name__ == "__main__":`` as usual with process-based Dask.

Adding a study
--------------
A study is a :class:`Study`: the game to deal (``None`` if the kernel makes its
own rows from ``chunk.seed``/``chunk.start``, e.g. random play), integer
:class:`Field` histograms, and a module-level ``kernel(deals, acc, chunk)``
that adds one chunk's counts into ``acc`` (:func:`tally` does the counting).

>>> import numpy as np
>>> from bitcards.batch import popcount
>>> ACES = np.uint64(0x80808080)  # the four Skat aces (rank A = 7 of each suit)
>>> def aces(deals, acc, chunk):
...     tally(acc["aces"], popcount(deals[:, :3] & ACES))  # (n, 3): one histogram per seat
>>> study = Study("skat-aces", "skat", (Field("aces", bins=5, axes=(("hand", ("front", "middle", "rear")),)),), aces,
...               summary=lambda r: {"mean_aces_front": float(r.mean("aces")[0])})
>>> r = simulate(study, 10_000, seed=1)
>>> r.counts["aces"].sum(axis=1).tolist(), round(r.summary()["mean_aces_front"], 1)
([10000, 10000, 10000], 1.2)

To make it a named study (CLI ``bitcards simulate skat-aces``, Dask workers
importing the kernel), put it in a module ``bitcards/simulate/studies_<name>.py``
and wrap it in :func:`register_study`: every ``studies_*`` module is imported
on first use, nothing else to edit. Float statistics go in fixed point
(``tally(acc["x"], np.rint(x * 46).astype(np.int64))``), and a kernel that draws
random numbers keys them on ``chunk.key`` and the absolute row ``chunk.start + i``
(``bitcards._rng.row_state``) so they do not depend on the chunking.
"""

from __future__ import annotations

import importlib
import pkgutil

from bitcards.simulate.driver import DEFAULT_CHUNK, run_rows, simulate
from bitcards.simulate.result import SimulationResult, read_parquet, wilson
from bitcards.simulate.studies_skat_bid import BID_SUITS, exact_bid_shares, exact_matadors, exact_max_bid_shares
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
    # the exact tables the Skat bidding studies are compared with
    "BID_SUITS",
    "exact_bid_shares",
    "exact_max_bid_shares",
    "exact_matadors",
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
