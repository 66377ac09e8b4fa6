"""``bitcards deal GAME -n N --seed S``: print or save seeded random deals.

The deals are dealt, formatted and written in chunks of 65,536 rows, so any ``-n`` runs in
constant memory (``.npy`` files included: the header gives the full shape, the rows follow).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Iterator
from typing import IO, Any

import numpy as np

from bitcards.batch import masks_to_indices
from bitcards.cli._common import OutputFile, add_json, add_seed, count, use_seed
from bitcards.deal import DEAL_SPECS, DealSpec, deal
from bitcards.notation import format_card

DESCRIPTION = """Print or save seeded random deals: one line per deal, the hands separated by ' | '
(--json: one object per line; --out FILE.npy: the raw masks). Any -n runs in constant memory:
the deals are dealt, formatted and written in chunks."""

#: rows dealt and written at a time
CHUNK = 1 << 16


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("deal", help="deal seeded random hands", description=DESCRIPTION)
    p.add_argument("game", choices=sorted(DEAL_SPECS), help="which game to deal")
    p.add_argument("-n", type=count(), default=1, help="number of deals (default 1; 1e6 and 1_000_000 are read too)")
    add_seed(p)
    p.add_argument("--start", type=count(), default=0, help="first row of the seed's stream (default 0)")
    p.add_argument("--out", help="write to this file instead: .npy for the raw masks, else text/JSON lines")
    add_json(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from bitcards._rng import check_rows

    check_rows(args.start, args.n)
    spec = DEAL_SPECS[args.game]
    npy = args.out is not None and args.out.endswith(".npy")
    with OutputFile(args.out) if args.out is not None else contextlib.nullcontext() as out:
        seed = use_seed(args.seed)
        chunks = _chunks(args.n, spec, seed, args.start)
        if out is None:
            _write_lines(sys.stdout, chunks, spec, seed, args.json)
            return 0
        with out.writing(binary=npy) as f:
            if npy:
                _write_npy(f, chunks, (args.n, len(spec.sizes)))
            else:
                _write_lines(f, chunks, spec, seed, args.json)
    return 0


def _chunks(n: int, spec: DealSpec, seed: int, start: int) -> Iterator[tuple[int, np.ndarray]]:
    """``(first row, deals)`` of rows ``start .. start + n - 1``, :data:`CHUNK` rows at a time in one buffer."""
    buf = np.empty((min(n, CHUNK), len(spec.sizes)), dtype=np.uint64)
    for lo in range(0, n, CHUNK):
        m = min(CHUNK, n - lo)
        yield start + lo, deal(m, spec.game, seed, start=start + lo, out=buf[:m])


def _write_npy(f: IO[bytes], chunks: Iterator[tuple[int, np.ndarray]], shape: tuple[int, int]) -> None:
    header = {"descr": np.lib.format.dtype_to_descr(np.dtype(np.uint64)), "fortran_order": False, "shape": shape}
    np.lib.format.write_array_header_1_0(f, header)
    for _, d in chunks:
        f.write(d.tobytes())


def _write_lines(
    out: IO[str] | Any, chunks: Iterator[tuple[int, np.ndarray]], spec: DealSpec, seed: int, as_json: bool
) -> None:
    """One line per deal: hands separated by `` | `` (cards by spaces), or a JSON object per line."""
    layout = spec.layout
    names = [format_card(b, layout) for b in range(layout.n_cards)]
    # every card name is two ASCII characters, so the hands of a row are fixed-width text built by numpy
    table = np.frombuffer("".join(names).encode("ascii"), dtype=np.uint8).reshape(-1, 2)
    if as_json:
        quoted = np.frombuffer("".join(f'"{c}"' for c in names).encode("ascii"), dtype=np.uint8).reshape(-1, 4)
        parts = [(f'"{col}": [', quoted, ", ", "]") for col in spec.columns]
        seps, end = ", ", "}\n"
    else:
        parts = [("", table, " ", "") for _ in spec.columns]
        seps, end = " | ", "\n"
    # the byte layout of a row: the fixed text around the cards, and where each hand's cards go
    fixed = []
    slots = []
    pos = 0
    for j, (head, cell, sep, tail) in enumerate(parts):
        text = (seps if j else "") + head
        fixed.append((pos, text))
        pos += len(text)
        w = cell.shape[1]
        slots.append([(pos + i * (w + len(sep)), w) for i in range(spec.sizes[j])])
        for i in range(spec.sizes[j] - 1):
            fixed.append((pos + i * (w + len(sep)) + w, sep))
        pos += spec.sizes[j] * w + (spec.sizes[j] - 1) * len(sep)
        fixed.append((pos, tail))
        pos += len(tail)
    fixed.append((pos, end))
    width = pos + len(end)
    template = bytearray(width)
    for p, text in fixed:
        template[p : p + len(text)] = text.encode("ascii")
    row = np.frombuffer(bytes(template), dtype=np.uint8)
    for first, d in chunks:
        block = np.empty((d.shape[0], width), dtype=np.uint8)
        block[:] = row
        for j, (_, cell, _, _) in enumerate(parts):
            idx = masks_to_indices(d[:, j], spec.sizes[j])
            for i, (p, w) in enumerate(slots[j]):
                block[:, p : p + w] = cell[idx[:, i]]
        if as_json:
            lines = block.view(f"S{width}").ravel().tolist()
            out.write("".join(f'{{"row": {first + i}, "seed": {seed}, ' + b.decode("ascii") for i, b in enumerate(lines)))
        else:
            out.write(block.tobytes().decode("ascii"))
