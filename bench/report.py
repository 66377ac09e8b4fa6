"""Write bench/RESULTS.md from a pytest-benchmark JSON file.

Usage: python bench/report.py bench/results.json bench/RESULTS.md

For each group, every bitcards figure is shown beside the group's baseline,
measured in the same run: items per second (items / mean time) and the ratio.
"""

from __future__ import annotations

import json
import platform
import sys
from collections import defaultdict
from pathlib import Path

from bitcards._bits import HAVE_FAST_PDEP, HOST_CPU


def _fmt_rate(r: float) -> str:
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if r >= scale:
            return f"{r / scale:.2f} {unit}/s"
    return f"{r:.1f} /s"


def main(src: str, dst: str) -> None:
    data = json.loads(Path(src).read_text())
    mi = data.get("machine_info", {})
    groups: dict[str, list[dict]] = defaultdict(list)
    for b in data["benchmarks"]:
        info = b.get("extra_info", {})
        if "group" not in info:
            continue
        rate = info["items"] / b["stats"]["mean"]
        groups[info["group"]].append({**info, "rate": rate, "mean": b["stats"]["mean"], "rounds": b["stats"]["rounds"]})
    versions = {}
    for mod in ("numpy", "numba", "llvmlite"):
        try:
            versions[mod] = __import__(mod).__version__
        except Exception:  # pragma: no cover
            versions[mod] = "?"
    import bitcards

    lines = [
        "# Benchmark results",
        "",
        "Written by `make bench` (`bench/report.py`); do not edit by hand.",
        "Each bitcards figure stands beside a baseline measured in the same run; where a group has",
        "several baselines, the ratio is to the fastest of them. Wall-clock means; \"1 thread\" rows",
        "ran with `numba.set_num_threads(1)`.",
        "",
        f"- date: {data.get('datetime', '?')}",
        f"- machine: {mi.get('cpu', {}).get('brand_raw', platform.processor() or '?')}, "
        f"{mi.get('cpu', {}).get('count', '?')} logical CPUs, {platform.system()} {platform.machine()}; "
        f"LLVM target {HOST_CPU}, {'PDEP/PEXT instructions' if HAVE_FAST_PDEP else 'no fast PDEP: popcount fallbacks'}",
        f"- python {platform.python_version()}, bitcards {bitcards.__version__}, "
        + ", ".join(f"{k} {v}" for k, v in versions.items()),
        "",
        "| group | implementation | items per call | mean time | items/s | ratio to baseline |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for g in sorted(groups):
        rows = groups[g]
        # with several baselines, compare with the fastest: the conservative ratio
        base = [r for r in rows if r["role"] == "baseline"]
        base_rate = max(r["rate"] for r in base) if base else None
        for r in sorted(rows, key=lambda r: (r["role"] != "baseline", -r["rate"])):
            ratio = "baseline" if r["role"] == "baseline" else (f"{r['rate'] / base_rate:,.1f}x" if base_rate else "-")
            lines.append(
                f"| {g} | {r['label']} | {r['items']:,} | {r['mean'] * 1e3:,.2f} ms | {_fmt_rate(r['rate'])} | {ratio} |"
            )
    Path(dst).write_text("\n".join(lines) + "\n")
    print(f"wrote {dst} ({sum(len(v) for v in groups.values())} figures)")


if __name__ == "__main__":
    main(*sys.argv[1:3])
