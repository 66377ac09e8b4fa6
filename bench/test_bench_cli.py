"""Bulk line commands of the CLI, whole command in-process (reading, parsing, answering, writing): lines/s of
the bulk path (NumPy over chunks of lines) beside the per-line path it replaces, measured in the same run.

The per-line figure is the same command with ``bitcards.cli._bulk.BULK = False``: every line through the
plain parser and answered alone, which is what each command did before (about 14,000 lines/s for
``skat bid`` and 3,200 for ``skat run-id decode`` in the hostile-input report)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

import bitcards.cli._bulk as bulk
from bench.conftest import size, tag
from bitcards.batch import masks_to_indices
from bitcards.cli import main
from bitcards.deal import deal
from bitcards.layouts import FRENCH, SKAT
from bitcards.skat.ids import encode_deals, encode_runs, format_deal_ids, format_run_ids

N = size(1_000_000, 2_000)
N_BASE = size(20_000, 500)


class _Null:
    def write(self, s: str) -> int:
        return len(s)

    def flush(self) -> None:
        pass


def _names(layout) -> np.ndarray:  # type: ignore[no-untyped-def]
    return np.array([layout.card_name(b) for b in range(layout.n_cards)])


def _skat_hands(n: int) -> list[str]:
    return [" ".join(r) for r in _names(SKAT)[masks_to_indices(deal(n, "skat", 1)[:, 0], 10)].tolist()]


def _cribbage_hands(n: int) -> list[str]:
    d = deal(n, "cribbage", 1)
    idx = np.concatenate([masks_to_indices(d[:, 0], 6)[:, :4], masks_to_indices(d[:, 2], 1)], axis=1)
    return [" ".join(r) for r in _names(FRENCH)[idx].tolist()]


def _deal_lines(n: int) -> list[str]:
    d = deal(n, "skat", 1)
    names = np.array(["SRGE"[c // 8] + "789XUOKA"[c % 8] for c in range(32)])
    cards = np.concatenate([masks_to_indices(d[:, j], k) for j, k in enumerate((10, 10, 10, 2))], axis=1)
    return ["".join(r) for r in names[cards].tolist()]


def _deal_ids(n: int) -> list[str]:
    return format_deal_ids(encode_deals(deal(n, "skat", 1)))


def _run_ids(n: int) -> list[str]:
    from tests.skat_id.test_runs import random_run_arrays

    return format_run_ids(encode_runs(random_run_arrays(n, 1)))


COMMANDS = {
    "skat bid": (["skat", "bid"], _skat_hands),
    "cribbage score": (["cribbage", "score"], _cribbage_hands),
    "skat id encode": (["skat", "id", "encode"], _deal_lines),
    "skat id decode": (["skat", "id", "decode"], _deal_ids),
    "skat run-id decode": (["skat", "run-id", "decode"], _run_ids),
}


def _command(argv: list[str], path: Path):  # type: ignore[no-untyped-def]
    reads_stdin = argv[-1] == "decode"

    def call() -> None:
        real_out, real_in = sys.stdout, sys.stdin
        sys.stdout = _Null()  # type: ignore[assignment]
        try:
            if reads_stdin:
                with open(path, "rb") as f:
                    sys.stdin = f  # type: ignore[assignment]
                    rc = main(argv)
            else:
                rc = main([*argv, str(path)])
        finally:
            sys.stdout, sys.stdin = real_out, real_in
        assert rc == 0

    return call


@pytest.mark.parametrize("name", sorted(COMMANDS))
@pytest.mark.parametrize("path", ["bulk", "per line"])
def test_cli_lines(benchmark, tmp_path, monkeypatch, name: str, path: str) -> None:  # type: ignore[no-untyped-def]
    argv, make = COMMANDS[name]
    n = N if path == "bulk" else N_BASE
    f = tmp_path / "input.txt"
    f.write_text("\n".join(make(n)) + "\n")
    monkeypatch.setattr(bulk, "BULK", path == "bulk")
    call = _command(argv, f)
    call()  # warm-up: compiled kernels, tables
    role = "bitcards" if path == "bulk" else "baseline"
    label = f"bitcards {name}, " + ("bulk (NumPy over chunks of lines)" if path == "bulk" else "per-line parser (before)")
    tag(benchmark, f"cli {name} (lines)", n, role, label)
    benchmark.pedantic(call, rounds=3 if path == "bulk" else 2, iterations=1)
