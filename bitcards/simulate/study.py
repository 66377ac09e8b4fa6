"""What a Monte Carlo study is: integer histograms, a per-chunk kernel, a registry.

A :class:`Study` declares its results as :class:`Field` s. Every field is a
histogram of an integer value (``offset .. offset + bins - 1``) for each cell of
zero or more labelled leading axes, stored as an ``int64`` array of shape
``(*axis sizes, bins)``. The kernel adds one chunk of deals into those arrays;
chunks are merged by adding the arrays, which is exact and independent of the
order, the chunk size, the thread count and the number of workers. Means,
shares and confidence intervals are derived from the merged counts at the end.

A yes/no event is a histogram with ``bins=2`` (its mean is the probability);
a float statistic is stored in fixed point (``np.rint(x * scale)`` as the value).

>>> import numpy as np
>>> f = Field("aces", bins=5, axes=(("hand", ("front", "middle")),))
>>> acc = np.zeros(f.shape, dtype=np.int64)
>>> tally(acc, np.array([[0, 1], [2, 1], [0, 4]]))
>>> acc.tolist()
[[2, 0, 1, 0, 0], [0, 2, 0, 0, 1]]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from bitcards._parallel import PARALLEL_ROWS
from bitcards.errors import BitcardsError, shorten

if TYPE_CHECKING:  # pragma: no cover
    from bitcards.simulate.result import SimulationResult

__all__ = [
    "SimulationError",
    "Field",
    "Chunk",
    "Study",
    "STUDIES",
    "register_study",
    "get_study",
    "tally",
    "PARALLEL_ROWS",
]




class SimulationError(BitcardsError, ValueError):
    """A bad simulation request: unknown study or parameter, negative size, missing optional package."""


@dataclass(frozen=True)
class Field:
    """One integer histogram of a study.

    ``axes`` are ``(name, labels)`` pairs for the leading axes (e.g. the seat);
    the last axis counts the value ``offset + j`` in bin ``j``. ``value`` names
    the counted quantity (a column of :meth:`SimulationResult.to_frame`).
    """

    name: str
    bins: int
    axes: tuple[tuple[str, tuple[str, ...]], ...] = ()
    offset: int = 0
    value: str = "value"
    description: str = ""

    def __post_init__(self) -> None:
        if self.bins < 1:
            raise SimulationError(f"field {self.name!r}: bins must be >= 1")
        object.__setattr__(self, "axes", tuple((str(a), tuple(str(x) for x in labels)) for a, labels in self.axes))

    @property
    def shape(self) -> tuple[int, ...]:
        return (*(len(labels) for _, labels in self.axes), self.bins)

    @property
    def values(self) -> np.ndarray:
        """The value of each bin."""
        return np.arange(self.offset, self.offset + self.bins, dtype=np.int64)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "bins": self.bins,
            "axes": [[a, list(labels)] for a, labels in self.axes],
            "offset": self.offset,
            "value": self.value,
            "description": self.description,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Field:
        return cls(
            name=d["name"],
            bins=int(d["bins"]),
            axes=tuple((a, tuple(labels)) for a, labels in d["axes"]),
            offset=int(d["offset"]),
            value=d.get("value", "value"),
            description=d.get("description", ""),
        )


@dataclass(frozen=True)
class Chunk:
    """Where a chunk sits in the seed's stream: rows ``start .. start + n - 1``.

    Kernels that draw their own random numbers (random play, say) must key them
    on ``key`` and the absolute row ``start + i`` (``bitcards._rng.row_state``),
    never on the chunk, so the result does not depend on the chunking.
    """

    start: int
    n: int
    seed: int
    key: int
    params: Mapping[str, Any]


#: ``kernel(deals, acc, chunk)``: add the chunk's counts into ``acc`` (field name -> int64 array).
#: ``deals`` is the ``(n, k)`` uint64 array of ``bitcards.deal(n, study.game, seed, start=chunk.start)``
#: (a reused buffer: do not keep it), or ``None`` when ``study.game`` is ``None``.
Kernel = Callable[[Any, dict[str, np.ndarray], Chunk], None]


@dataclass(frozen=True)
class Study:
    """A Monte Carlo study: what to deal, what to count, and how to sum it up.

    * ``game``: the game :func:`bitcards.deal` deals for each chunk (``None``: the kernel
      makes its own data from ``chunk.seed``/``chunk.start``, e.g. a random-play generator).
    * ``fields``: the integer histograms (see :class:`Field`).
    * ``kernel(deals, acc, chunk)``: adds a chunk's counts into ``acc``; must be a module-level
      function so Dask workers can import it.
    * ``params``: defaults of the study's integer/str parameters (``chunk.params`` holds the bound ones).
    * ``summary(result)``: headline numbers as a flat ``dict`` of floats (optional).
    * ``check(params)``: raises :class:`SimulationError` for a bad parameter value (optional).
    * ``row_bytes``: the memory one row of a chunk takes at most, deal buffer and the kernel's own
      arrays together (optional; the default, twice the deal buffer and at least 64 bytes, fits a
      kernel that makes a few ``(n,)`` arrays). The driver refuses a chunk that would not fit.
    """

    name: str
    game: str | None
    fields: tuple[Field, ...]
    kernel: Kernel
    params: Mapping[str, Any] = field(default_factory=dict)
    summary: Callable[[SimulationResult], dict[str, float]] | None = None
    description: str = ""
    #: ``check(params)`` raises :class:`SimulationError` for a bad parameter value (optional)
    check: Callable[[Mapping[str, Any]], None] | None = None
    #: memory per row of a chunk, in bytes, at most (``None``: twice the deal buffer, at least 64)
    row_bytes: int | None = None

    def __post_init__(self) -> None:
        names = [f.name for f in self.fields]
        if len(set(names)) != len(names):
            raise SimulationError(f"study {self.name!r}: duplicate field names {names}")
        object.__setattr__(self, "params", dict(self.params))

    def field(self, name: str) -> Field:
        for f in self.fields:
            if f.name == name:
                return f
        raise SimulationError(f"study {self.name!r} has no field {name!r}; fields: {', '.join(self.field_names)}")

    @property
    def field_names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields)

    def zeros(self) -> dict[str, np.ndarray]:
        """Fresh, zeroed accumulators."""
        return {f.name: np.zeros(f.shape, dtype=np.int64) for f in self.fields}

    def bind(self, **params: Any) -> Study:
        """A copy with some parameters set; values are converted to the default's type.

        >>> get_study("skat-jacks").bind(seat="1").params["seat"]
        1
        """
        new = dict(self.params)
        for k, v in params.items():
            if k not in self.params:
                known = ", ".join(self.params) or "none"
                raise SimulationError(f"study {self.name!r} has no parameter {shorten(k)} (parameters: {known})")
            typ = type(self.params[k])
            try:
                new[k] = typ(v)
                # int(1.7) would be 1 and bool("0") True: only exact conversions
                if typ is bool and isinstance(v, str):
                    new[k] = {"true": True, "1": True, "false": False, "0": False}[v.strip().lower()]
                elif typ in (int, bool) and not isinstance(v, str) and new[k] != v:
                    raise ValueError
            except (TypeError, ValueError, KeyError):
                raise SimulationError(
                    f"parameter {k}={shorten(v)} of study {self.name!r} is not of type {typ.__name__}"
                ) from None
        if self.check is not None:
            self.check(new)
        return dataclasses.replace(self, params=new)


#: every study by name; filled by the ``bitcards/simulate/studies_*.py`` modules through :func:`register_study`
STUDIES: dict[str, Study] = {}


def register_study(study: Study) -> Study:
    """Add ``study`` to :data:`STUDIES` (replacing one of the same name) and return it."""
    STUDIES[study.name] = study
    return study


def get_study(study: str | Study) -> Study:
    """A study by name (or the study itself)."""
    if isinstance(study, Study):
        return study
    from bitcards.simulate import _load_studies

    _load_studies()
    try:
        return STUDIES[str(study)]
    except KeyError:
        raise SimulationError(f"unknown study {shorten(study)}; studies: {', '.join(sorted(STUDIES))}") from None


def tally(hist: np.ndarray, values: np.ndarray, offset: int = 0) -> None:
    """Add a histogram of the integer ``values`` to ``hist`` in place.

    ``hist`` has shape ``(*groups, bins)``; ``values`` has shape ``(n, *groups)``
    (``(n,)`` for a plain histogram): row ``i`` adds one count to bin
    ``values[i, g] - offset`` of group ``g``. Booleans count as 0/1. A value
    outside ``offset .. offset + bins - 1`` raises :class:`SimulationError`.
    """
    v = np.asarray(values)
    if v.dtype.kind not in "biu":
        raise TypeError(f"values must be integers or booleans, not dtype {v.dtype}")
    bins = hist.shape[-1]
    groups = hist.shape[:-1]
    if v.shape[1:] != groups:
        raise SimulationError(f"values of shape {v.shape} do not fit a histogram of shape {hist.shape}")
    if v.size == 0:
        return
    k = v.astype(np.int64).reshape(v.shape[0], -1)
    if offset:
        k = k - offset
    lo, hi = int(k.min()), int(k.max())
    if lo < 0 or hi >= bins:
        raise SimulationError(f"value {lo + offset if lo < 0 else hi + offset} is outside {offset}..{offset + bins - 1}")
    g = k.shape[1]
    if g > 1:
        k = k + np.arange(g, dtype=np.int64) * bins
    counts = np.bincount(k.ravel(), minlength=g * bins)
    hist += counts.reshape(hist.shape)
