"""Bit primitives: the instruction paths, the fallbacks and plain Python agree."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numba
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bitcards import _bits as B
from bitcards import deal

u64 = st.integers(0, (1 << 64) - 1)


@pytest.mark.jit
@given(m=u64.filter(bool), data=st.data(), src=u64)
def test_jit_matches_python(m: int, data: st.DataObject, src: int) -> None:
    j = data.draw(st.integers(0, m.bit_count() - 1))
    f = _kernel()
    got = f(np.uint64(m), j, np.uint64(src))
    want = (
        m.bit_count(),
        B.ctz(m),
        B.msb(m),
        B.select_bit(m, j),
        B.select_mask(m, j),
        B.pdep(src, m),
        B.mix64(m),
        *B.mulhi64(m, src),
        B.pext(src, m),
        B.add64(m, src),
        *B.pext2(src, ~src & ((1 << 64) - 1), m),
    )
    assert tuple(int(v) for v in got) == want
    soft = _soft()
    want_soft = (B.select_bit(m, j), B.pdep(src, m), B.pext(src, m), B.pext(src, m), B.pext(~src, m))
    assert tuple(int(v) for v in soft(np.uint64(m), j, np.uint64(src))) == want_soft


_cache: dict[str, object] = {}


def _kernel():  # type: ignore[no-untyped-def]
    if "k" not in _cache:

        @numba.njit
        def k(m, j, s):  # type: ignore[no-untyped-def]
            hi, lo = B.mulhi64(m, s)
            e0, e1 = B.pext2(s, ~s, m)
            return (
                B.popcount(m),
                B.ctz(m),
                B.msb(m),
                B.select_bit(m, j),
                B.select_mask(m, j),
                B.pdep(s, m),
                B.mix64(m),
                hi,
                lo,
                B.pext(s, m),
                B.add64(m, s),
                e0,
                e1,
            )

        _cache["k"] = k
    return _cache["k"]


def _soft():  # type: ignore[no-untyped-def]
    if "s" not in _cache:
        sel = numba.njit(B._select_soft)
        dep = numba.njit(B._pdep_soft)
        ext = numba.njit(B._pext_soft)
        ext2 = numba.njit(B._pext2_soft)

        @numba.njit
        def s(m, j, src):  # type: ignore[no-untyped-def]
            a, b = ext2(src, ~src, m)
            return sel(m, j), dep(src, m), ext(src, m), a, b

        _cache["s"] = s
    return _cache["s"]


def test_python_definitions() -> None:
    assert B.popcount(0) == 0 and B.ctz(0) == 64 and B.msb(0) == -1 and B.msb(1 << 63) == 63
    assert B.select_bit(0b10110, 2) == 4
    assert B.pdep(0b101, 0b111000) == 0b101000
    assert B.pext(0b101000, 0b111000) == 0b101
    assert B.pext2(0b101000, 0b010000, 0b111000) == (0b101, 0b010)
    for x in (0, 1, 0xDEADBEEF, (1 << 64) - 1):
        assert B.pext(B.pdep(x, 0x5555555555555555), 0x5555555555555555) == x & 0xFFFFFFFF
    assert B.mulhi64(1 << 63, 4) == (2, 0)
    assert B.add64((1 << 64) - 1, 2) == 1 and B.add64(np.uint64(1 << 63), np.uint64(1 << 63)) == 0
    # mix64 is a bijection: spot-check it does not collide on a range
    assert len({B.mix64(i) for i in range(10_000)}) == 10_000


_OTHER_PATH = """
import sys
import numpy as np
from bitcards import _bits as B
B.HAVE_FAST_PDEP = not B.HAVE_FAST_PDEP  # before anything compiles: the overloads pick their path when first typed
import numba
from bitcards import deal
from tests.test_bits import _kernel
m, j, s = (int(x) for x in sys.argv[1:4])
got = _kernel()(np.uint64(m), j, np.uint64(s))
rows = [deal(40, g, seed=15).sum(axis=0).tolist() for g in ("skat", "jass", "cribbage", "euchre")]
print(B.HAVE_FAST_PDEP, [int(v) for v in got], rows)
"""


@pytest.mark.jit
def test_the_other_pdep_path_compiles_and_agrees(tmp_path: Path) -> None:
    """A machine picks the PDEP instruction or the popcount fallbacks when the kernels are first typed (AMD before
    Zen 3 and CPUs without BMI2 take the fallbacks); a new process with the other path (its own kernel cache) deals
    the same cards and gives the same primitives. Once the dealer failed to compile on such a CPU (the fallback for
    ``select_mask`` called a plain Python function), unseen on the machines with a fast PDEP."""
    m, j, s = 0xF0F0_1234_8000_0001, 5, 0xDEAD_BEEF_0BAD_F00D
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    cmd = [sys.executable, "-c", _OTHER_PATH, str(m), str(j), str(s)]
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run(cmd, env=env, cwd=root, capture_output=True, text=True, check=True).stdout.strip()
    here = [int(v) for v in _kernel()(np.uint64(m), j, np.uint64(s))]
    rows = [deal(40, g, seed=15).sum(axis=0).tolist() for g in ("skat", "jass", "cribbage", "euchre")]
    assert out == f"{not B.HAVE_FAST_PDEP} {here} {rows}"
