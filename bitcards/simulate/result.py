"""The result of a simulation: merged integer histograms, derived statistics, DataFrame and Parquet views.

Counts are exact integers; every float (shares, means, confidence intervals) is
derived from them on demand. Parquet files keep the study's name, parameters,
deals, seed, chunk size and bitcards version in the file's key-value metadata,
and :func:`read_parquet` restores the result from them.
"""

from __future__ import annotations

import contextlib
import html
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any

import numpy as np

from bitcards.simulate.study import Field, SimulationError

__all__ = ["SimulationResult", "read_parquet", "wilson", "put_share"]

_META_PREFIX = "bitcards."


def _z(level: float) -> float:
    if not 0.0 < level < 1.0:
        raise SimulationError(f"confidence level must be between 0 and 1, got {level}")
    return NormalDist().inv_cdf(0.5 + level / 2.0)


def wilson(hits: np.ndarray | int, n: np.ndarray | int, level: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score interval ``(low, high)`` for ``hits`` successes out of ``n`` (elementwise).

    >>> lo, hi = wilson(50, 100)
    >>> round(float(lo), 4), round(float(hi), 4)
    (0.4038, 0.5962)
    """
    z = _z(level)
    h = np.asarray(hits, dtype=np.float64)
    m = np.asarray(n, dtype=np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = h / m
        denom = 1.0 + z * z / m
        centre = (p + z * z / (2.0 * m)) / denom
        half = z * np.sqrt(p * (1.0 - p) / m + z * z / (4.0 * m * m)) / denom
    return centre - half, centre + half


def put_share(out: dict[str, float], key: str, hits: int, n: int) -> None:
    """A study summary's share: ``out[key]`` is ``hits / n`` (NaN when ``n`` is 0), ``key_lo``/``key_hi`` its Wilson interval.

    >>> out = {}
    >>> put_share(out, "p_win", 50, 100)
    >>> out["p_win"], round(out["p_win_lo"], 4), round(out["p_win_hi"], 4)
    (0.5, 0.4038, 0.5962)
    """
    lo, hi = wilson(int(hits), int(n))
    out[key] = int(hits) / int(n) if n else float("nan")
    out[f"{key}_lo"] = float(lo)
    out[f"{key}_hi"] = float(hi)


@dataclass(repr=False)
class SimulationResult:
    """Merged counts of a study run, with the run's provenance.

    ``counts[name]`` is the ``int64`` histogram of field ``name`` (shape
    ``(*axes, bins)``). Everything else is derived from the counts.
    """

    study: str
    game: str | None
    params: dict[str, Any]
    deals: int
    seed: int
    chunk_size: int
    version: str
    fields: tuple[Field, ...]
    counts: dict[str, np.ndarray]
    seconds: float = float("nan")
    backend: str = "local"
    _summary: dict[str, float] | None = field(default=None, repr=False)

    # -- access ------------------------------------------------------------------------
    def field(self, name: str) -> Field:
        for f in self.fields:
            if f.name == name:
                return f
        raise SimulationError(f"result of {self.study!r} has no field {name!r}; fields: {', '.join(self.counts)}")

    def total(self, name: str) -> np.ndarray:
        """Number of observations in each group of field ``name`` (the sum over its bins)."""
        self.field(name)
        return self.counts[name].sum(axis=-1)

    def share(self, name: str) -> np.ndarray:
        """Relative frequency of each bin (counts / total of its group)."""
        c = self.counts[name]
        with np.errstate(invalid="ignore", divide="ignore"):
            return c / self.total(name)[..., None]

    def share_ci(self, name: str, level: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
        """Wilson interval of every bin's share: ``(low, high)`` arrays shaped like the counts."""
        return wilson(self.counts[name], self.total(name)[..., None], level)

    def mean(self, name: str) -> np.ndarray:
        """Mean value per group, from the exact integer sums."""
        f = self.field(name)
        c = self.counts[name]
        s = (c * f.values).sum(axis=-1)
        with np.errstate(invalid="ignore", divide="ignore"):
            return s / c.sum(axis=-1)

    def std(self, name: str) -> np.ndarray:
        """Standard deviation of the value per group (population form)."""
        f = self.field(name)
        c = self.counts[name]
        n = c.sum(axis=-1)
        mu = self.mean(name)
        d = f.values - mu[..., None]
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.sqrt((c * d * d).sum(axis=-1) / n)

    def mean_ci(self, name: str, level: float = 0.95) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(mean, low, high)`` per group: normal interval ``mean +- z * s / sqrt(n)``, ``s`` the sample
        standard deviation (``n - 1`` in the denominator; the interval is NaN for fewer than 2 observations)."""
        mu = self.mean(name)
        n = self.total(name).astype(np.float64)
        with np.errstate(invalid="ignore", divide="ignore"):
            # std() is the population form: s / sqrt(n) = std / sqrt(n - 1)
            half = _z(level) * self.std(name) / np.sqrt(np.where(n > 1, n - 1, np.nan))
        return mu, mu - half, mu + half

    def summary(self) -> dict[str, float]:
        """The study's headline numbers (empty if the study defines none)."""
        if self._summary is None:
            from bitcards.simulate.study import STUDIES, get_study

            with contextlib.suppress(SimulationError):
                get_study(self.study)  # loads the registry
            st = STUDIES.get(self.study)
            fn = st.summary if st is not None and st.fields == self.fields else None
            self._summary = dict(fn(self)) if fn is not None else {}
        return dict(self._summary)

    def equal_counts(self, other: SimulationResult) -> bool:
        """Whether both results hold exactly the same fields and counts."""
        return self.counts.keys() == other.counts.keys() and all(
            self.counts[k].shape == other.counts[k].shape and bool((self.counts[k] == other.counts[k]).all())
            for k in self.counts
        )

    # -- views -------------------------------------------------------------------------
    def metadata(self) -> dict[str, Any]:
        """The run's provenance (what Parquet files store as key-value metadata)."""
        return {
            "study": self.study,
            "game": self.game,
            "params": dict(self.params),
            "deals": self.deals,
            "seed": self.seed,
            "chunk_size": self.chunk_size,
            "version": self.version,
        }

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: provenance, summary (``None`` for an undefined number) and every field's counts as nested lists."""
        return {
            **self.metadata(),
            "seconds": None if math.isnan(self.seconds) else round(self.seconds, 6),
            # NaN (e.g. a share of 0 deals) is not JSON: null instead
            "summary": {k: (v if math.isfinite(v) else None) for k, v in self.summary().items()},
            "fields": {
                f.name: {**f.to_json(), "counts": self.counts[f.name].tolist()} for f in self.fields
            },
        }

    def _rows(self) -> tuple[list[str], dict[str, list[Any]]]:
        axis_names: list[str] = []
        for f in self.fields:
            for a, _ in f.axes:
                if a not in axis_names:
                    axis_names.append(a)
        cols: dict[str, list[Any]] = {"field": [], **{a: [] for a in axis_names}, "value": [], "count": [], "share": []}
        for f in self.fields:
            c = self.counts[f.name]
            sh = self.share(f.name)
            for idx in np.ndindex(*c.shape):
                cols["field"].append(f.name)
                labels = {a: lab[i] for (a, lab), i in zip(f.axes, idx[:-1])}
                for a in axis_names:
                    cols[a].append(labels.get(a))
                cols["value"].append(int(f.offset + idx[-1]))
                cols["count"].append(int(c[idx]))
                cols["share"].append(float(sh[idx]))
        return axis_names, cols

    def to_frame(self, field: str | None = None) -> Any:
        """The counts as a pandas DataFrame, with the run's provenance in ``DataFrame.attrs``.

        With ``field``: that histogram as a tidy table, one row per bin: one column per axis of the
        field (e.g. ``hand``), then ``value``, ``count``, ``share`` and the share's 95% Wilson
        interval ``share_lo``, ``share_hi``. Without: every field in one long table (the layout
        :meth:`to_parquet` writes): ``field``, one column per axis of any field (``None`` in the
        rows of a field without that axis), ``value``, ``count``, ``share``; rows of a field come in
        C order of its histogram.

        Needs pandas (``pip install 'bitcards[notebooks]'``).
        """
        pd = _require("pandas", "to_frame()")
        if field is not None:
            f = self.field(field)
            lo, hi = self.share_ci(f.name)
            cols: dict[str, Any] = {a: [] for a, _ in f.axes}
            for labels in _label_product(f):
                for (a, _), lab in zip(f.axes, labels):
                    cols[a].extend([lab] * f.bins)
            n_groups = int(np.prod(f.shape[:-1]))
            cols["value"] = np.tile(np.asarray(f.values, dtype=np.int64), n_groups)
            cols["count"] = self.counts[f.name].reshape(-1).astype(np.int64)
            cols["share"] = self.share(f.name).reshape(-1)
            cols["share_lo"], cols["share_hi"] = lo.reshape(-1), hi.reshape(-1)
            df = pd.DataFrame(cols)
            df.attrs = {**self.metadata(), "field": f.name, "description": f.description}
            return df
        axis_names, cols = self._rows()
        df = pd.DataFrame(cols)
        df["count"] = df["count"].astype("int64")
        df["value"] = df["value"].astype("int64")
        df.attrs = self.metadata()
        return df

    def to_frames(self) -> dict[str, Any]:
        """Every field's tidy table (:meth:`to_frame` with ``field``), by field name."""
        return {f.name: self.to_frame(f.name) for f in self.fields}

    def to_parquet(self, path: Any) -> None:
        """Write the counts to the Parquet file ``path``, with the run's provenance.

        The layout is :meth:`to_frame`'s long table (columns ``field``, one per axis of any field,
        ``value``, ``count``, ``share``). The provenance (study, game, parameters, deals, seed, chunk
        size, bitcards version, the fields' definitions, seconds) is in the file's key-value metadata:
        :func:`read_parquet` restores the :class:`SimulationResult` from it, and
        ``pandas.read_parquet(path).attrs`` holds the provenance too. For one field's tidy table:
        ``read_parquet(path).to_frame("jacks")``.

        Needs pyarrow (``pip install 'bitcards[notebooks]'``).
        """
        pa = _require("pyarrow", "to_parquet()")
        import pyarrow.parquet as pq

        axis_names, cols = self._rows()
        arrays = {
            "field": pa.array(cols["field"], pa.string()),
            **{a: pa.array(cols[a], pa.string()) for a in axis_names},
            "value": pa.array(cols["value"], pa.int64()),
            "count": pa.array(cols["count"], pa.int64()),
            "share": pa.array(cols["share"], pa.float64()),
        }
        table = pa.table(arrays)
        meta = {f"{_META_PREFIX}{k}": json.dumps(v) for k, v in self.metadata().items()}
        meta[f"{_META_PREFIX}fields"] = json.dumps([f.to_json() for f in self.fields])
        meta[f"{_META_PREFIX}seconds"] = json.dumps(None if math.isnan(self.seconds) else self.seconds)
        meta["PANDAS_ATTRS"] = json.dumps(self.metadata())  # pandas.read_parquet puts this in DataFrame.attrs
        table = table.replace_schema_metadata({**(table.schema.metadata or {}), **meta})
        pq.write_table(table, path)

    def _repr_html_(self) -> str:
        e = html.escape
        rate = "" if math.isnan(self.seconds) or self.seconds <= 0 else f", {self.deals / self.seconds:,.0f} deals/s"
        params = ", ".join(f"{k}={v}" for k, v in self.params.items()) or "none"
        parts = [
            f"<div><b>bitcards simulation <code>{e(self.study)}</code></b>: {self.deals:,} deals, seed {self.seed}, "
            f"chunk {self.chunk_size:,}, params {e(params)}, bitcards {e(self.version)}{e(rate)}</div>"
        ]
        rows = "".join(f"<tr><td>{e(k)}</td><td>{e(v)}</td></tr>" for k, v in _summary_rows(self.summary()))
        if rows:
            parts.append(f"<table><tr><th>summary</th><th>value [95% interval]</th></tr>{rows}</table>")
        for f in self.fields:
            c = self.counts[f.name].reshape(-1, f.bins)
            sh = self.share(f.name).reshape(-1, f.bins)
            groups = [" / ".join(labels) for labels in _label_product(f)]
            head = "".join(f"<th>{v}</th>" for v in f.values)
            # a group that no deal reached (an impossible cell) has no shares: left out, not a row of nan
            body = "".join(
                f"<tr><th>{e(g)}</th>" + "".join(f"<td>{x:.4f}</td>" for x in row) + "</tr>"
                for g, row, n in zip(groups, sh, c.sum(axis=1))
                if n > 0
            )
            empty = int((c.sum(axis=1) == 0).sum())
            note = f"<div>{empty} row(s) that no deal reached are left out</div>" if empty else ""
            title = e(f.name + (f": {f.description}" if f.description else ""))
            parts.append(
                f"<details><summary>{title} (share of each {e(f.value)})</summary>"
                f"<table><tr><th></th>{head}</tr>{body}</table>{note}</details>"
            )
        return "\n".join(parts)

    def __repr__(self) -> str:
        params = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return (
            f"<SimulationResult {self.study}{params}: {self.deals:,} deals, seed {self.seed}, "
            f"fields {', '.join(self.counts)}>"
        )

    def __str__(self) -> str:
        lines = [f"{self.study}: {self.deals:,} deals, seed {self.seed}, chunk {self.chunk_size:,}"]
        lines += [f"  {k}: {v:.6g}" for k, v in self.summary().items()]
        return "\n".join(lines)


def _require(module: str, what: str) -> Any:
    """Import an optional dependency, or say which extra installs it."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        raise ImportError(f"{what} needs {module}, which is not installed: pip install 'bitcards[notebooks]'") from None


def _summary_rows(summ: Mapping[str, float]) -> list[tuple[str, str]]:
    """The summary as (name, text) rows: ``x`` with its ``x_lo``/``x_hi`` as ``"x [lo, hi]"``; undefined numbers left out.

    >>> _summary_rows({"p": 0.25, "p_lo": 0.2, "p_hi": 0.3, "mean": 2.0, "p_never": float("nan")})
    [('p', '0.25 [0.2, 0.3]'), ('mean', '2')]
    """
    rows = []
    for k, v in summ.items():
        if (k.endswith("_lo") and k[:-3] in summ) or (k.endswith("_hi") and k[:-3] in summ) or not math.isfinite(v):
            continue
        lo, hi = summ.get(f"{k}_lo", math.nan), summ.get(f"{k}_hi", math.nan)
        interval = f" [{lo:.4g}, {hi:.4g}]" if math.isfinite(lo) and math.isfinite(hi) else ""
        rows.append((k, f"{v:.6g}{interval}"))
    return rows


def _label_product(f: Field) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = [()]
    for _, labels in f.axes:
        out = [t + (lab,) for t in out for lab in labels]
    return out


def read_parquet(path: Any) -> SimulationResult:
    """Read a file written by :meth:`SimulationResult.to_parquet`, provenance included."""
    _require("pyarrow", "read_parquet()")
    import pyarrow.parquet as pq

    table = pq.read_table(path)
    raw: Mapping[bytes, bytes] = table.schema.metadata or {}
    meta = {k.decode(): json.loads(v) for k, v in raw.items() if k.decode().startswith(_META_PREFIX)}
    try:
        fields = tuple(Field.from_json(d) for d in meta[f"{_META_PREFIX}fields"])
        names = table.column("field").to_pylist()
        counts_col = np.asarray(table.column("count").to_numpy(), dtype=np.int64)
    except KeyError as e:
        raise SimulationError(f"{path}: not a bitcards simulation file (missing {e.args[0]})") from None
    counts: dict[str, np.ndarray] = {}
    pos = 0
    for f in fields:
        size = int(np.prod(f.shape))
        if names[pos : pos + size] != [f.name] * size:
            raise SimulationError(f"{path}: rows of field {f.name!r} are missing or out of order")
        counts[f.name] = counts_col[pos : pos + size].reshape(f.shape).copy()
        pos += size
    seconds = meta.get(f"{_META_PREFIX}seconds")

    def get(key: str) -> Any:
        try:
            return meta[f"{_META_PREFIX}{key}"]
        except KeyError:
            raise SimulationError(f"{path}: not a bitcards simulation file (missing {_META_PREFIX}{key})") from None

    return SimulationResult(
        study=get("study"),
        game=get("game"),
        params=dict(get("params")),
        deals=int(get("deals")),
        seed=int(get("seed")),
        chunk_size=int(get("chunk_size")),
        version=str(get("version")),
        fields=fields,
        counts=counts,
        seconds=float("nan") if seconds is None else float(seconds),
        backend="parquet",
    )
