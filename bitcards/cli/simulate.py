"""``bitcards simulate STUDY --deals N --seed S``: a seeded Monte Carlo study, local or on Dask.

Prints the study's headline numbers and the share of every histogram bin
(``--json``: everything, counts included); ``--out FILE.parquet`` saves the
counts with the run's provenance. A progress bar runs on stderr.
"""

from __future__ import annotations

import argparse
import contextlib
import sys

from bitcards.cli._common import OutputFile, UserError, add_json, add_seed, count, emit_json, use_seed
from bitcards.errors import shorten

DESCRIPTION = """A seeded Monte Carlo study, run locally or on a Dask cluster: bitcards simulate STUDY -n N --seed S.

Prints the study's headline numbers and the share of every histogram bin (--json: everything,
counts included); --out FILE.parquet saves the counts with the run's provenance. A progress bar
runs on stderr."""


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from bitcards.simulate import STUDIES

    listing = "\n".join(f"  {name:<18} {st.description}" for name, st in sorted(STUDIES.items()))
    p = sub.add_parser(
        "simulate",
        help="run a seeded Monte Carlo study (locally or on a Dask cluster)",
        description=DESCRIPTION,
        epilog=f"studies:\n{listing}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("study", choices=sorted(STUDIES), metavar="STUDY", help="which study (listed below)")
    p.add_argument("--deals", "-n", type=count(), default=1_000_000, help="number of deals (default 1,000,000; 1e9 is fine)")
    add_seed(p)
    p.add_argument("--chunk-size", type=count(1), default=None, help="deals per chunk (memory is proportional to it)")
    p.add_argument("--param", "-p", action="append", default=[], metavar="KEY=VALUE", help="set a study parameter")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=count(1), default=None, help="start a local Dask cluster of N worker processes")
    where.add_argument("--scheduler", default=None, metavar="tcp://HOST:PORT", help="run on this Dask cluster")
    p.add_argument("--threads", type=count(1), default=None, help="Numba threads for a local run (default: all)")
    p.add_argument("--out", metavar="FILE.parquet", help="also write the counts and provenance to a Parquet file")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    add_json(p)
    p.set_defaults(func=run)


def _params(items: list[str]) -> dict[str, str]:
    out = {}
    for it in items:
        key, sep, val = it.partition("=")
        if not sep or not key:
            raise UserError(f"--param wants KEY=VALUE, got {shorten(it)}")
        out[key.strip()] = val.strip()
    return out


def run(args: argparse.Namespace) -> int:
    from bitcards.simulate import DEFAULT_CHUNK, get_study, simulate

    if args.out is not None:
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise UserError("--out needs pyarrow: pip install 'bitcards[notebooks]'") from None
    study = get_study(args.study).bind(**_params(args.param))
    # the output file is made before the run, so that a path that cannot be written fails at once
    with OutputFile(args.out) if args.out is not None else contextlib.nullcontext() as out:
        seed = use_seed(args.seed)
        res = simulate(
            study,
            args.deals,
            seed,
            chunk_size=args.chunk_size or DEFAULT_CHUNK,
            scheduler=args.scheduler,
            workers=args.workers,
            threads=args.threads,
            progress=not args.no_progress,
        )
        if out is not None:
            with out.writing(binary=True) as f:
                res.to_parquet(f)
    if args.json:
        emit_json(res.to_dict())
    else:
        _print_text(res)
    return 0


#: a field with more bins than this prints only the values that occur (or a mean line if they are many)
_WIDE = 32


def _print_text(res) -> None:  # type: ignore[no-untyped-def]
    from itertools import product

    import numpy as np

    w = sys.stdout.write
    params = ", ".join(f"{k}={v}" for k, v in res.params.items())
    rate = f", {res.deals / res.seconds:,.0f} deals/s" if res.seconds > 0 else ""
    w(f"{res.study}: {res.deals:,} deals, seed {res.seed}{', ' + params if params else ''} ({res.seconds:.2f} s{rate})\n")
    if res.deals == 0:
        w("  no deals: no shares or means to show\n")
        return
    for k, v in res.summary().items():
        w(f"  {k}: {v:.6g}\n" if np.isfinite(v) else f"  {k}: undefined (no observations)\n")
    for f in res.fields:
        share = res.share(f.name)
        total = res.total(f.name)
        wide = f.bins > _WIDE
        if wide:  # many bins (bid values, fixed-point scores): only the values that occur
            w(f"{f.name} ({f.value}: share of each value that occurs)\n")
        else:
            w(f"{f.name} (share of each {f.value}: {', '.join(str(v) for v in f.values)})\n")
        mean, std = res.mean(f.name), res.std(f.name)
        for idx in product(*(range(len(lab)) for _, lab in f.axes)):
            if total[idx] == 0:
                continue
            label = " / ".join(lab[i] for (_, lab), i in zip(f.axes, idx)) or "all"
            if not wide:
                w(f"  {label:<22} " + " ".join(f"{x:.4f}" for x in share[idx]) + "\n")
                continue
            hit = np.flatnonzero(res.counts[f.name][idx])
            if len(hit) <= _WIDE:
                w(f"  {label:<22} " + " ".join(f"{f.values[j]}:{share[idx][j]:.4f}" for j in hit) + "\n")
            else:
                lo, hi = f.values[hit[0]], f.values[hit[-1]]
                w(f"  {label:<22} mean {mean[idx]:.4f}, sd {std[idx]:.4f}, {lo}..{hi} ({len(hit)} values)\n")
