"""Execute every notebooks/*.ipynb with nbclient (kernel python3 of this interpreter), at small sizes.

Usage: python notebooks/run_notebooks.py [NOTEBOOK ...] [--strip]

* Sets ``BITCARDS_NOTEBOOK_SMALL=1`` unless it is already set, so each notebook picks its
  small size (a notebook reads the variable in its first code cell).
* Fails if a committed notebook has outputs or execution counts (outputs stay stripped in git);
  ``--strip`` strips them in place instead of running.
* Runs in memory; nothing is written back. Exit code 1 names the notebook and cell that failed.
"""

from __future__ import annotations

import os
import re
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat

HERE = Path(__file__).resolve().parent


def has_outputs(nb: nbformat.NotebookNode) -> bool:
    return any(c.cell_type == "code" and (c.get("outputs") or c.get("execution_count") is not None) for c in nb.cells)


def strip(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    for c in nb.cells:
        if c.cell_type == "code":
            c.outputs = []
            c.execution_count = None
    return nb


def run(path: Path) -> str | None:
    """Execute one notebook; return an error message or None."""
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    nb = nbformat.read(path, as_version=4)
    if has_outputs(nb):
        return f"{path.name}: has outputs; strip them with `python notebooks/run_notebooks.py --strip {path}`"
    client = NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}})
    try:
        client.execute()
    except CellExecutionError as e:
        first = re.sub(r"\x1b\[[0-9;]*m", "", str(e)).strip().splitlines()  # no terminal colours
        code = [c for c in nb.cells if c.cell_type == "code"]
        bad = next((i for i, c in enumerate(code, 1) if any(o.get("output_type") == "error" for o in c.get("outputs", []))), None)
        where = f"code cell {bad}" if bad is not None else "a cell"
        return f"{path.name}: {where} failed: {first[-1] if first else e}"
    return None


def main(argv: list[str]) -> int:
    do_strip = "--strip" in argv
    paths = [Path(a) for a in argv if not a.startswith("--")] or sorted(HERE.glob("*.ipynb"))
    if do_strip:
        for p in paths:
            nbformat.write(strip(nbformat.read(p, as_version=4)), p)
            print(f"stripped {p}")
        return 0
    os.environ.setdefault("BITCARDS_NOTEBOOK_SMALL", "1")
    os.environ.setdefault("MPLBACKEND", "Agg")
    jobs = int(next((a.split("=", 1)[1] for a in argv if a.startswith("--jobs=")), "1"))

    def timed(p: Path) -> tuple[Path, str | None, float]:
        t0 = time.perf_counter()
        err = run(p)
        return p, err, time.perf_counter() - t0

    failed = 0
    # each notebook runs in its own kernel process: --jobs=N keeps N of them busy at once
    with ThreadPoolExecutor(max(1, jobs)) as ex:
        for p, err, dt in ex.map(timed, paths):
            if err:
                failed += 1
                print(f"FAIL {err}", file=sys.stderr)
            else:
                print(f"ok   {p.name} ({dt:.1f} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
