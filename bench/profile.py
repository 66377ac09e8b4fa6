"""Where a solver spends its time: sample a workload with Linux ``perf`` and share the samples out among the Numba kernels.

Usage (from the project root; needs ``perf`` on the PATH and permission to record your own processes)::

    python bench/profile.py skat-clubs [--deals 300] [--rate 2000] [--hot 20]

Workloads: ``skat-clubs``, ``skat-grand``, ``skat-null`` (whole deals, forehand leads, the declarer in turn),
``jass`` (whole deals, the six contracts in turn) and ``euchre`` (whole deals). The same seeded deals as the
benchmarks.

``perf`` sees compiled Numba code only as addresses. This script compiles the kernels afresh (a new Numba cache
directory, so their LLVM modules are in memory), reads where each compiled function starts, then solves the deals
under ``perf record`` and gives each sample to the function whose code it falls in. Functions that Numba inlined
count for their caller, which is what a kernel's share means here. Samples outside the kernels (Python, NumPy)
are one line, and samples taken while the kernels compiled are left out. CPU time only: a share says where the
time goes, never how fast; speed is the benchmarks' job (``make bench``).

``--hot N`` also lists the N instructions of the kernels that took the most samples, disassembled by ``objdump``
(binutils) from the code in memory. A sample names the instruction the CPU was about to retire, so a read that
waits for memory shows as the instruction just after it: in the Jass solver's endings, for one, the reads of the
transposition table and the two-trick cache take a third to nearly a half of their kernels' samples.
"""

from __future__ import annotations

import argparse
import bisect
import collections
import ctypes
import gc
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKLOADS = ("skat-clubs", "skat-grand", "skat-null", "jass", "euchre")


def _workload(name: str, n: int):  # type: ignore[no-untyped-def]
    """``(solve_one, rows, modules)``: a function solving row ``i``, the rows, and the modules holding the kernels."""
    import numpy as np

    from bitcards.deal import deal

    if name.startswith("skat"):
        from bitcards.skat import solver as S

        game = {"skat-clubs": 3, "skat-grand": 4, "skat-null": 5}[name]
        deals = deal(n, "skat", 11)
        tt, buf = S.new_table(), S._new_buf()

        def skat(i: int) -> None:
            h = [np.int64(x) for x in deals[i]]
            S._solve_deal(tt, buf, h[0], h[1], h[2], h[3], np.int64(game), np.int64(i % 3), np.int64(0))

        return skat, range(n), [S]
    from bitcards import _trick_solver as T

    if name == "jass":
        from bitcards.jass import solver as J

        hands = deal(n, "jass", seed=15)
        table = J.new_table()
        return (lambda i: J.solve(hands[i].tolist(), i % 6, (i // 6) % 4, values=False, table=table)), range(n), [T, J]
    from bitcards.euchre import solver as E

    hands = deal(n, "euchre", seed=5)
    table = E.new_table()
    return (lambda i: E.solve(hands[i, :4].tolist(), i % 4, i % 4, values=False, table=table)), range(n), [T, E]


def _functions(modules: list[object]) -> list[tuple[int, str]]:
    """``(address, mangled name)`` of every function compiled for the dispatchers of ``modules``."""
    seen: dict[int, str] = {}
    for mod in modules:
        for obj in vars(mod).values():
            for cres in getattr(obj, "overloads", {}).values():
                lib = cres.library
                for fn in lib._final_module.functions:
                    if not fn.is_declaration:
                        addr = lib.get_pointer_to_function(fn.name)
                        if addr:
                            seen[addr] = fn.name
    return sorted(seen.items())


def _short(mangled: str) -> str:
    """``skat.solver._tricks5`` from Numba's mangled ``_ZN8bitcards4skat6solver8_tricks5B...``."""
    if "cpython" in mangled or mangled.startswith("cfunc."):
        return "(Numba's Python wrappers)"
    m = re.search(r"_ZN(.*)", mangled)
    if not m:
        return mangled[:40]
    s, parts = m.group(1), []
    while s and s[0].isdigit():
        k = re.match(r"\d+", s)
        assert k
        n = int(k.group(0))
        parts.append(s[k.end() : k.end() + n])
        s = s[k.end() + n :]
    return ".".join(p for p in parts if p != "bitcards")


def _child(name: str, n: int, marks: Path, hot: bool) -> None:
    one, rows, modules = _workload(name, n)
    for i in list(rows)[:2]:  # compile
        one(i)
    funcs = _functions(modules)
    gc.collect()  # the compile's garbage, collected now, not inside the sampled solves
    gc.freeze()
    start = time.clock_gettime(time.CLOCK_MONOTONIC)
    for i in rows:
        one(i)
    with marks.open("w") as fh:
        fh.write(f"{start}\n")
        for addr, fname in funcs:
            fh.write(f"{addr:x} {fname}\n")
    if not hot:
        return
    code = marks.parent / "code"  # each kernel's machine code, from its start to the next one's (for --hot)
    code.mkdir(exist_ok=True)
    for (addr, fname), (nxt, _) in zip(funcs, [*funcs[1:], (funcs[-1][0] + 4096, "")]):
        if not _short(fname).startswith("("):
            (code / f"{addr:x}").write_bytes(ctypes.string_at(addr, min(nxt - addr, 1 << 20)))


def _samples(perf_data: Path, marks: Path) -> tuple[list[tuple[int, str]], list[int]]:
    """The compiled functions of ``marks`` (``(start, mangled name)``, by start) and the address of each sample that
    ``perf`` took after the compile."""
    lines = marks.read_text().split("\n")
    start = float(lines[0])
    funcs = sorted((int(a, 16), nm) for a, nm in (ln.split(" ", 1) for ln in lines[1:] if ln))
    out = subprocess.run(
        ["perf", "script", "-i", str(perf_data), "-F", "time,ip"], capture_output=True, text=True, check=True
    ).stdout
    ips = [int(p[1], 16) for p in (ln.split() for ln in out.splitlines()) if len(p) >= 2 and float(p[0].rstrip(":")) >= start]
    return funcs, ips


def _attribute(funcs: list[tuple[int, str]], ips: list[int]) -> tuple[collections.Counter[str], int]:
    """Each kernel's samples (by its short name) among ``ips``, and their number (see :func:`_samples`)."""
    starts = [a for a, _ in funcs]
    counts: collections.Counter[str] = collections.Counter()
    for ip in ips:
        j = bisect.bisect_right(starts, ip) - 1
        # a function's code lies within a few hundred KiB of its start; farther is some other code
        counts[_short(funcs[j][1]) if j >= 0 and ip - starts[j] < 1 << 20 else "(outside the kernels)"] += 1
    return counts, len(ips)


def _hot(funcs: list[tuple[int, str]], ips: list[int], code: Path, n: int) -> list[str]:
    """The ``n`` instructions of the kernels (their machine code in ``code``, a file per start) with the most of the
    samples ``ips``: ``share  kernel+offset  instruction``."""
    if shutil.which("objdump") is None:
        return ["(--hot needs objdump, from binutils)"]
    sizes = {int(f.name, 16): f.stat().st_size for f in code.iterdir()}
    names = dict(funcs)
    starts = [a for a, _ in funcs]
    hits: collections.Counter[int] = collections.Counter()
    for ip in ips:
        j = bisect.bisect_right(starts, ip) - 1
        if j >= 0 and ip - starts[j] < sizes.get(starts[j], 0):
            hits[ip] += 1
    text: dict[int, dict[int, str]] = {}  # function start -> address -> instruction
    rows = []
    for ip, c in hits.most_common(n):
        f = starts[bisect.bisect_right(starts, ip) - 1]
        if f not in text:
            dis = subprocess.run(
                ["objdump", "-D", "-b", "binary", "-m", "i386:x86-64", f"--adjust-vma={f:#x}", str(code / f"{f:x}")],
                capture_output=True, text=True, check=True,
            ).stdout  # fmt: skip
            text[f] = {}
            for d in dis.splitlines():
                m = re.match(r"\s*([0-9a-f]+):\t(?:[0-9a-f]{2} )+\s*\t?(.*)", d)
                if m:
                    text[f][int(m.group(1), 16)] = " ".join(m.group(2).split())
        rows.append(f"  {100 * c / len(ips):5.1f}%  {_short(names[f])}+{ip - f:#x}  {text[f].get(ip, '?')}")
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("workload", choices=WORKLOADS)
    ap.add_argument("--deals", type=int, default=300, help="deals to solve (default 300)")
    ap.add_argument("--rate", type=int, default=2000, help="samples per second (default 2000)")
    ap.add_argument("--hot", type=int, default=0, metavar="N", help="also list the N instructions with the most samples")
    ap.add_argument("--child", metavar="MARKS", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.deals < 3:
        ap.error("--deals must be at least 3")
    if a.child:
        _child(a.workload, a.deals, Path(a.child), a.hot > 0)
        return 0
    if shutil.which("perf") is None:
        print("profile: perf is not on the PATH (Debian: apt install linux-perf)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="bitcards-profile-") as tmp:
        d = Path(tmp)
        env = dict(os.environ, NUMBA_CACHE_DIR=str(d / "cache"), PYTHONPATH=str(ROOT))
        cmd = ["perf", "record", "-q", "-k", "CLOCK_MONOTONIC", "-F", str(a.rate), "-o", str(d / "perf.data")]
        cmd += [sys.executable, __file__, a.workload, "--deals", str(a.deals), "--hot", str(a.hot), "--child", str(d / "marks")]
        print(f"profile: compiling the kernels afresh, then solving {a.deals} deals ({a.workload}) under perf", flush=True)
        r = subprocess.run(cmd, env=env, stderr=subprocess.PIPE, text=True)
        if r.returncode or not (d / "marks").exists():
            last = (r.stderr.strip().splitlines() or ["no output"])[-1]
            print(f"profile: perf record failed: {last}", file=sys.stderr)
            return 2
        funcs, ips = _samples(d / "perf.data", d / "marks")
        counts, total = _attribute(funcs, ips)
        hot = _hot(funcs, ips, d / "code", a.hot) if a.hot > 0 and total else []
    if not total:
        print("profile: no samples after the compile (too few deals?)", file=sys.stderr)
        return 2
    print(f"{total} samples while solving; share of each compiled kernel (inlined callees count for their caller):")
    for fname, c in counts.most_common():
        print(f"  {100 * c / total:5.1f}%  {fname}")
    if hot:
        print(f"the {len(hot)} instructions with the most samples (a read waiting for memory shows as the next one):")
        print("\n".join(hot))
    return 0


if __name__ == "__main__":
    sys.exit(main())
