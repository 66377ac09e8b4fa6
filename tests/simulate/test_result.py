"""Results: derived statistics, DataFrame view, HTML, JSON and the Parquet round trip with provenance."""

from __future__ import annotations

import json
import math

import numpy as np
import pyarrow.parquet as pq
import pytest

import bitcards
from bitcards.simulate import SimulationError, read_parquet, simulate, wilson


@pytest.fixture(scope="module")
def res():  # type: ignore[no-untyped-def]
    return simulate("skat-jacks", 5_000, seed=21, chunk_size=1_000, params={"seat": 1})


def test_statistics_from_the_counts(res) -> None:  # type: ignore[no-untyped-def]
    c = res.counts["jacks"]
    assert res.total("jacks").tolist() == [5_000] * 4
    assert np.allclose(res.share("jacks"), c / 5_000)
    by_hand = [sum(j * int(c[h, j]) for j in range(5)) / 5_000 for h in range(4)]
    assert np.allclose(res.mean("jacks"), by_hand)
    mu, lo, hi = res.mean_ci("jacks")
    assert (lo < mu).all() and (mu < hi).all()
    var = [sum(int(c[h, j]) * (j - by_hand[h]) ** 2 for j in range(5)) / 5_000 for h in range(4)]
    assert np.allclose(res.std("jacks"), np.sqrt(var))
    # the standard error uses the sample variance (n - 1), not the population one (was sqrt(var) / sqrt(5_000))
    sample_var = [v * 5_000 / 4_999 for v in var]
    assert np.allclose(hi - mu, 1.959963984540054 * np.sqrt(sample_var) / math.sqrt(5_000), rtol=1e-9)
    slo, shi = res.share_ci("jacks")
    assert ((slo <= res.share("jacks") + 1e-12) & (res.share("jacks") <= shi + 1e-12)).all()
    # matadors values are signed: the value axis starts at -4
    assert res.field("matadors").values.tolist() == list(range(-4, 5))
    with pytest.raises(SimulationError, match="no field 'nope'"):
        res.field("nope")


def test_mean_ci_one_and_two_observations() -> None:
    """One observation says nothing about the spread: NaN, not the zero-width interval of the population form."""
    from bitcards.simulate import SimulationResult
    from bitcards.simulate.study import Field

    f = Field("x", bins=2, axes=(("g", ("one", "two")),))
    r = SimulationResult("t", None, {}, 3, 0, 1, "0", (f,), {"x": np.array([[0, 1], [1, 1]], dtype=np.int64)})
    mu, lo, hi = r.mean_ci("x")
    assert mu.tolist() == [1.0, 0.5] and math.isnan(lo[0]) and math.isnan(hi[0])
    # values 0 and 1: s = sqrt(0.5), half width z * s / sqrt(2) = z / 2
    assert hi[1] - mu[1] == pytest.approx(1.959963984540054 / 2)


def test_wilson_against_the_formula() -> None:
    # 10 of 40 at 95 %: the textbook Wilson interval
    lo, hi = wilson(10, 40)
    z = 1.959963984540054
    p, n = 0.25, 40
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert float(lo) == pytest.approx(c - h) and float(hi) == pytest.approx(c + h)
    with pytest.raises(SimulationError, match="between 0 and 1"):
        wilson(1, 2, level=95)


def test_frame(res) -> None:  # type: ignore[no-untyped-def]
    df = res.to_frame()
    assert list(df.columns) == ["field", "hand", "matadors_10", "value", "count", "share"]
    jacks = df[df.field == "jacks"]
    assert len(jacks) == 20 and jacks["count"].sum() == 4 * 5_000
    front = jacks[jacks.hand == "front"].set_index("value")["count"]
    assert front.tolist() == res.counts["jacks"][0].tolist()
    mat = df[df.field == "matadors"]
    assert mat["hand"].isna().all() and mat["value"].min() == -4


def test_tidy_frame_per_field_with_provenance(res) -> None:  # type: ignore[no-untyped-def]
    jacks = res.to_frame("jacks")
    assert list(jacks.columns) == ["hand", "value", "count", "share", "share_lo", "share_hi"]
    assert not jacks.isna().any().any() and len(jacks) == 4 * 5
    for h, name in enumerate(("front", "middle", "rear", "skat")):
        rows = jacks[jacks.hand == name]
        assert rows["value"].tolist() == [0, 1, 2, 3, 4] and rows["count"].tolist() == res.counts["jacks"][h].tolist()
    lo, hi = res.share_ci("jacks")
    assert jacks["share_lo"].tolist() == lo.reshape(-1).tolist() and jacks["share_hi"].tolist() == hi.reshape(-1).tolist()
    assert jacks.attrs["study"] == "skat-jacks" and jacks.attrs["seed"] == 21 and jacks.attrs["field"] == "jacks"
    assert res.to_frame().attrs == res.metadata()
    frames = res.to_frames()
    assert list(frames) == ["jacks", "matadors"] and list(frames["matadors"].columns)[0] == "matadors_10"


def test_without_pandas_the_error_names_the_extra(res, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import sys

    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas now raises ImportError
    with pytest.raises(ImportError, match=r"to_frame\(\) needs pandas.*pip install 'bitcards\[notebooks\]'"):
        res.to_frame()


def test_pandas_reads_the_provenance_into_attrs(res, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import pandas as pd

    path = tmp_path / "r.parquet"
    res.to_parquet(path)
    df = pd.read_parquet(path)
    assert df.attrs == res.metadata() and df["count"].tolist() == res.to_frame()["count"].tolist()


def test_parquet_round_trip(res, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "r.parquet"
    res.to_parquet(path)
    meta = pq.read_schema(path).metadata
    assert json.loads(meta[b"bitcards.study"]) == "skat-jacks"
    assert json.loads(meta[b"bitcards.params"]) == {"seat": 1}
    assert json.loads(meta[b"bitcards.deals"]) == 5_000
    assert json.loads(meta[b"bitcards.seed"]) == 21
    assert json.loads(meta[b"bitcards.chunk_size"]) == 1_000
    assert json.loads(meta[b"bitcards.version"]) == bitcards.__version__
    back = read_parquet(path)
    assert back.equal_counts(res)
    assert back.metadata() == res.metadata()
    assert back.fields == res.fields
    assert back.summary() == res.summary()
    assert back.seconds == pytest.approx(res.seconds)
    # the table is the frame
    assert pq.read_table(path).to_pandas()["count"].tolist() == res.to_frame()["count"].tolist()


def test_read_parquet_rejects_other_files(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import pyarrow as pa

    path = tmp_path / "x.parquet"
    pq.write_table(pa.table({"a": [1, 2]}), path)
    with pytest.raises(SimulationError, match="not a bitcards simulation file"):
        read_parquet(path)



def test_read_parquet_with_provenance_missing(res, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A file that lost one provenance key is a SimulationError naming it (was a bare KeyError)."""
    path = tmp_path / "r.parquet"
    res.to_parquet(path)
    table = pq.read_table(path)
    meta = {k: v for k, v in table.schema.metadata.items() if k != b"bitcards.seed"}
    pq.write_table(table.replace_schema_metadata(meta), path)
    with pytest.raises(SimulationError, match="missing bitcards.seed"):
        read_parquet(path)


def test_html_and_json(res) -> None:  # type: ignore[no-untyped-def]
    html = res._repr_html_()
    assert "skat-jacks" in html and "5,000 deals" in html and "without 4" in html
    d = json.loads(json.dumps(res.to_dict()))
    assert d["fields"]["jacks"]["counts"] == res.counts["jacks"].tolist()
    assert d["params"] == {"seat": 1} and d["summary"]["mean_jacks_front"] == res.summary()["mean_jacks_front"]
    assert "seed 21" in str(res)


def test_html_shows_intervals_beside_values_and_no_undefined_rows(res) -> None:  # type: ignore[no-untyped-def]
    import re

    html = res._repr_html_()
    summ = res.summary()
    p, lo, hi = (summ[f"p_skat_changes_jack_factor{s}"] for s in ("", "_lo", "_hi"))
    assert f"<td>p_skat_changes_jack_factor</td><td>{p:.6g} [{lo:.4g}, {hi:.4g}]</td>" in html
    assert "_lo<" not in html and "_hi<" not in html and "nan" not in html.lower()
    empty = res.study  # a run of zero deals: every share is undefined
    zero = simulate(empty, 0, seed=1, params=res.params)._repr_html_()
    assert "nan" not in zero.lower() and re.search(r"\d+ row\(s\) that no deal reached are left out", zero)
