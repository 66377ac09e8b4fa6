"""Run the benchmarks of two commits in one session and say which figures changed beyond noise.

Usage (from the project root)::

    python bench/compare.py OLD [NEW] [--sessions 2] [--small] [-k EXPR] [--out bench/COMPARE.md]

``OLD`` and ``NEW`` are git revisions; ``NEW`` defaults to the working tree as
it is (uncommitted changes included). ``OLD`` is checked out into a temporary
git worktree. The two trees run their own ``bench/`` alternately, ``--sessions``
times each (old, new, old, new, ...), in this Python environment, so that both
see the same machine load at about the same time; each tree compiles into its
own ``__pycache__`` first, outside the timed sessions.

For every benchmark present in both trees the report shows items per second
(items / median time of a session) as the range over the sessions, old and new,
and the ratio of the medians. A figure is *slower beyond noise* when every
session of the new tree is slower than every session of the old one and the
ratio is below ``1 - --tolerance`` (5 % by default); *faster* likewise; else
*same*. The exit code is 0 either way: this reports, it does not judge.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def _run(tree: Path, out: Path, small: bool, select: str | None, warm_only: bool = False) -> None:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    if small:
        env["BITCARDS_BENCH"] = "small"
    if warm_only:
        # fills the tree's kernel cache from every core; nothing is timed
        # (a revision from before warmup(jobs=N) warms up in one process)
        jobs = os.cpu_count() or 1
        code = (
            "import bitcards, inspect; w = bitcards.warmup; "
            f"w(jobs={jobs}) if 'jobs' in inspect.signature(w).parameters else w()"
        )
        cmd = [sys.executable, "-c", code]
    else:
        cmd = [sys.executable, "-m", "pytest", "bench", "-q", "-p", "no:cacheprovider", "--benchmark-min-rounds=3"]
        cmd += [f"--benchmark-json={out}"] + (["-k", select] if select else [])
    r = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        tail = "\n".join((r.stdout + r.stderr).splitlines()[-15:])
        raise SystemExit(f"benchmarks failed in {tree}:\n{tail}")


def _rates(path: Path) -> dict[str, tuple[str, float]]:
    """Benchmark name -> (group, items per second) from one pytest-benchmark JSON file."""
    data = json.loads(path.read_text())
    out = {}
    for b in data["benchmarks"]:
        info = b.get("extra_info", {})
        if "items" not in info:
            continue
        out[b["fullname"]] = (info.get("group", "?"), info["items"] / b["stats"]["median"])
    return out


def _fmt(r: float) -> str:
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if r >= scale:
            return f"{r / scale:.3g} {unit}"
    return f"{r:.3g}"


def _span(rs: list[float]) -> str:
    lo, hi = min(rs), max(rs)
    return _fmt(lo) if len(rs) == 1 or _fmt(lo) == _fmt(hi) else f"{_fmt(lo)}–{_fmt(hi)}"


def verdict(old: list[float], new: list[float], tolerance: float) -> str:
    """``slower``, ``faster`` or ``same`` (see the module docstring)."""
    ratio = statistics.median(new) / statistics.median(old)
    if max(new) < min(old) and ratio < 1 - tolerance:
        return "slower"
    if min(new) > max(old) and ratio > 1 + tolerance:
        return "faster"
    return "same"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old", help="the old git revision")
    ap.add_argument("new", nargs="?", help="the new git revision (default: the working tree as it is)")
    ap.add_argument("--sessions", type=int, default=2, help="timed sessions per tree, alternating (default 2)")
    ap.add_argument("--small", action="store_true", help="the small sizes of the CI smoke run (quick, noisy)")
    ap.add_argument("-k", dest="select", help="only benchmarks matching this pytest -k expression")
    ap.add_argument("--tolerance", type=float, default=0.05, help="ratio band counted as noise (default 0.05)")
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "COMPARE.md", help="the report (default bench/COMPARE.md)")
    args = ap.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="bitcards-compare-") as tmp:
        tmpd = Path(tmp)
        trees = {}
        revs = {}
        for side, rev in (("old", args.old), ("new", args.new)):
            if rev is None:
                trees[side], revs[side] = ROOT, _git("rev-parse", "--short", "HEAD") + " + working tree"
                continue
            sha = _git("rev-parse", "--short", rev)
            path = tmpd / side
            _git("worktree", "add", "--detach", str(path), sha)
            trees[side], revs[side] = path, sha
        try:
            for side in trees:
                _run(trees[side], tmpd / "warm.json", args.small, args.select, warm_only=True)
            rates: dict[str, dict[str, list[float]]] = {"old": {}, "new": {}}
            groups: dict[str, str] = {}
            for i in range(args.sessions):
                for side in ("old", "new"):
                    out = tmpd / f"{side}-{i}.json"
                    _run(trees[side], out, args.small, args.select)
                    for name, (group, rate) in _rates(out).items():
                        rates[side].setdefault(name, []).append(rate)
                        groups[name] = group
                    print(f"session {i + 1}/{args.sessions}: {side} done", file=sys.stderr)
        finally:
            for path in trees.values():
                if path != ROOT:
                    subprocess.run(["git", "worktree", "remove", "--force", str(path)], cwd=ROOT, capture_output=True)

    lines = [
        "# Old and new commit, benchmarks in one session",
        "",
        "Written by `bench/compare.py`; items per second from the median time of each session, as the",
        f"range over {args.sessions} alternating sessions per tree{' at the small CI sizes' if args.small else ''}.",
        "A change counts only beyond noise: every new session on one side of every old one",
        f"and the ratio outside ±{args.tolerance:.0%}.",
        "",
        f"- old: {revs['old']}",
        f"- new: {revs['new']}",
        f"- python {sys.version.split()[0]}, load average at the end {os.getloadavg()[0]:.2f}",
        "",
        "| group | benchmark | old items/s | new items/s | new / old | verdict |",
        "|---|---|---:|---:|---:|---|",
    ]
    counts = {"slower": 0, "faster": 0, "same": 0}
    both = sorted(set(rates["old"]) & set(rates["new"]), key=lambda n: (groups[n], n))
    for name in both:
        o, n = rates["old"][name], rates["new"][name]
        v = verdict(o, n, args.tolerance)
        counts[v] += 1
        short = name.split("::")[-1]
        ratio = statistics.median(n) / statistics.median(o)
        lines.append(f"| {groups[name]} | {short} | {_span(o)} | {_span(n)} | {ratio:.2f} | {v} |")
    only = sorted(set(rates["old"]) ^ set(rates["new"]))
    lines += ["", f"{counts['slower']} slower, {counts['faster']} faster, {counts['same']} the same within noise."]
    if only:
        lines += ["", "In one tree only: " + ", ".join(n.split("::")[-1] for n in only) + "."]
    args.out.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
