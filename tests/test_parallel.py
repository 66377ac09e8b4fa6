"""The parallel policy's helpers: per-block scratch and its sum, and the rule they serve (a parallel kernel holds no
array expression outside its ``prange`` loop, because Numba makes each one a parallel loop of its own)."""

from __future__ import annotations

import ast
import pathlib

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import bitcards
from bitcards._parallel import add_blocks, block_scratch

PACKAGE = pathlib.Path(bitcards.__file__).parent
# numpy calls that Numba turns into a parallel loop (a fill) inside a parallel=True function
_FILLS = {"zeros", "ones", "full", "arange", "zeros_like", "ones_like", "full_like"}


@given(
    shape=hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=5),
    nblk=st.integers(0, 6),
    seed=st.integers(0, 2**32 - 1),
)
def test_add_blocks_adds_every_block_into_the_target(shape: tuple[int, ...], nblk: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    dst = rng.integers(-100, 100, size=shape)
    parts = block_scratch(nblk, dst)
    assert parts.shape == (nblk, *shape) and parts.dtype == dst.dtype and not parts.any()
    parts[...] = rng.integers(-100, 100, size=parts.shape)
    want = dst + parts.sum(axis=0)
    add_blocks(dst, parts)
    assert (dst == want).all()


def _parallel_kernels() -> list[tuple[str, ast.FunctionDef]]:
    """Every function of the package compiled with ``parallel=True``: decorated so, or handed to ``BatchKernel``."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text())
        batch = {
            n.args[0].id
            for n in ast.walk(tree)
            if isinstance(n, ast.Call)
            and isinstance(n.func, ast.Name)
            and n.func.id == "BatchKernel"
            and n.args
            and isinstance(n.args[0], ast.Name)
        }
        for f in ast.walk(tree):
            if isinstance(f, ast.FunctionDef) and (f.name in batch or any(map(_compiles_parallel, f.decorator_list))):
                found.append((f"{path.relative_to(PACKAGE.parent)}:{f.name}", f))
    return found


def _compiles_parallel(decorator: ast.expr) -> bool:
    """``@njit(parallel=True)`` (and the like), ``@BatchKernel`` or ``@BatchKernel(...)``."""
    text = ast.unparse(decorator)
    return "parallel=True" in text or text == "BatchKernel" or text.startswith("BatchKernel(")


def _outside_prange(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements of ``body`` (nested blocks included) that are not inside a ``prange`` loop."""
    out: list[ast.stmt] = []
    for s in body:
        if isinstance(s, ast.For) and "prange" in ast.unparse(s.iter):
            continue
        out.append(s)
        for field in ("body", "orelse", "finalbody"):
            inner = getattr(s, field, None)
            if isinstance(inner, list):
                out.extend(_outside_prange(inner))
    return out


def _array_expressions(s: ast.stmt) -> list[str]:
    bad = []
    if isinstance(s, ast.AugAssign):
        bad.append(ast.unparse(s))
    if not isinstance(s, (ast.For, ast.While, ast.If, ast.With, ast.Try)):
        for n in ast.walk(s):
            if (
                isinstance(n, ast.Call)
                and isinstance(n.func, ast.Attribute)
                and isinstance(n.func.value, ast.Name)
                and n.func.value.id == "np"
                and n.func.attr in _FILLS
            ):
                bad.append(ast.unparse(n))
    return bad


def test_the_package_has_parallel_kernels_to_check() -> None:
    names = [name for name, _ in _parallel_kernels()]
    # a study kernel that sums per-block histograms, a function handed to BatchKernel, one decorated with it
    assert "bitcards/simulate/studies_skat_bid.py:_bid_kernel" in names
    assert "bitcards/deal.py:_deal_rows" in names
    assert "bitcards/skat/ids/game.py:_decode_kernel" in names
    assert len(names) >= 40


def test_no_parallel_kernel_holds_an_array_expression_outside_its_prange_loop() -> None:
    """``np.zeros(...)`` or ``a += b`` written in a parallel kernel outside its ``prange`` loop is a parallel loop of
    its own, a wake-up of the thread pool each: the skat-bid study's kernel made 190 of them a call, and the study ran
    slower on two threads than on one. Scratch comes from ``block_scratch``, sums from ``add_blocks``. A lint of
    those two patterns (the numpy calls that fill an array, any augmented assignment), not of every expression Numba
    makes a parallel loop; the compiled check below counts the loops of one kernel."""
    found = {
        name: bad
        for name, f in _parallel_kernels()
        if (bad := [e for s in _outside_prange(f.body) for e in _array_expressions(s)])
    }
    assert found == {}


def test_the_rule_catches_the_old_way_of_summing_blocks() -> None:
    old = ast.parse(
        "def k(deals, hist):\n"
        "    part = np.zeros((4, hist.shape[0]), dtype=np.int64)\n"
        "    for b in numba.prange(4):\n"
        "        part[b, 0] += 1\n"
        "    for b in range(4):\n"
        "        hist += part[b]\n"
    ).body[0]
    assert isinstance(old, ast.FunctionDef)
    bad = [e for s in _outside_prange(old.body) for e in _array_expressions(s)]
    assert bad == ["np.zeros((4, hist.shape[0]), dtype=np.int64)", "hist += part[b]"]


@pytest.mark.jit
def test_a_study_kernel_compiles_to_one_parallel_loop() -> None:
    """What the rule buys, read from Numba itself: skat-bid's kernel, compiled afresh, has one parallel loop, its
    ``prange`` loop (the old one had seven: that loop, three scratch fills and three sums)."""
    from numba import njit

    from bitcards.simulate import get_study
    from bitcards.simulate.studies_skat_bid import _bid_kernel

    fresh = njit(parallel=True)(_bid_kernel.py_func)
    acc = get_study("skat-bid").zeros()
    fresh(np.zeros((100, 4), dtype=np.uint64), acc["bid"], acc["top_bid"], acc["bidders"])
    diagnostics = fresh.get_metadata(fresh.signatures[0])["parfor_diagnostics"]
    assert diagnostics.count_parfors() == 1
