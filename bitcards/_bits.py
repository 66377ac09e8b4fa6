"""Bit tricks for kernels: popcount, trailing zeros, select-the-j-th-bit, PDEP and PEXT; and a cache prefetch hint.

Each function here is plain Python (so it runs under ``NUMBA_DISABLE_JIT=1``)
and has a Numba overload that compiles to one CPU instruction where the CPU has
it: ``popcount`` to POPCNT, ``ctz`` to TZCNT, ``msb`` to LZCNT, ``pdep``/``pext`` to BMI2 PDEP/PEXT. On CPUs
without a fast PDEP (no BMI2, or AMD before Zen 3, where PDEP is microcoded)
``select_bit`` falls back to a popcount binary search, ``pdep``, ``pext`` and ``pext2`` to loops over the
mask's bits.

All of them take and return integers; counts and indices come back as
``int64`` inside kernels, masks as ``uint64``.

>>> popcount(0b1011), ctz(0b1000), msb(0b1010), select_bit(0b101100, 1), pdep(0b11, 0b1010), pext(0b1000, 0b1010)
(3, 3, 3, 3, 10, 2)
"""

from __future__ import annotations

from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic, overload, register_jitable

__all__ = [
    "popcount",
    "ctz",
    "msb",
    "pdep",
    "pext",
    "pext2",
    "select_bit",
    "select_mask",
    "add64",
    "mix64",
    "mulhi64",
    "prefetch",
    "HAVE_FAST_PDEP",
    "HOST_CPU",
]

_M64 = (1 << 64) - 1


def _host_cpu() -> tuple[str, bool]:
    """LLVM's name for this CPU ("?" where it cannot tell) and whether it has a fast PDEP."""
    try:
        import llvmlite.binding as llvm

        name = str(llvm.get_host_cpu_name())
        bmi2 = bool(llvm.get_host_cpu_features().get("bmi2", False))
    except Exception:  # pragma: no cover - exotic platforms
        return "?", False
    # Zen 1 and Zen 2 implement PDEP in microcode (tens to hundreds of cycles).
    return name, bmi2 and not name.startswith(("znver1", "znver2", "bdver", "btver"))


#: LLVM's name for the CPU the kernels compile for (``znver2``, ``skylake-avx512``, ...), and whether it has a fast PDEP
HOST_CPU, HAVE_FAST_PDEP = _host_cpu()


# --- plain Python definitions (also the NUMBA_DISABLE_JIT path) -------------


def popcount(x: int) -> int:
    """Number of set bits."""
    return int(x).bit_count()


def ctz(x: int) -> int:
    """Index of the lowest set bit (64 for zero)."""
    x = int(x) & _M64
    return 64 if x == 0 else (x & -x).bit_length() - 1


def msb(x: int) -> int:
    """Index of the highest set bit (-1 for zero)."""
    return (int(x) & _M64).bit_length() - 1


def pdep(src: int, mask: int) -> int:
    """Deposit the low bits of ``src`` into the set bits of ``mask``, low first."""
    src = int(src)
    mask = int(mask) & _M64
    out = 0
    k = 0
    while mask:
        low = mask & -mask
        if (src >> k) & 1:
            out |= low
        mask ^= low
        k += 1
    return out


def pext(src: int, mask: int) -> int:
    """Gather the bits of ``src`` at the set bits of ``mask`` into the low bits, low first."""
    src = int(src)
    mask = int(mask) & _M64
    out = 0
    k = 0
    while mask:
        low = mask & -mask
        if src & low:
            out |= 1 << k
        mask ^= low
        k += 1
    return out


def pext2(a: int, b: int, mask: int) -> tuple[int, int]:
    """``(pext(a, mask), pext(b, mask))``: two words gathered by one mask (where PEXT is not fast, in one pass over
    ``mask``, not two)."""
    return pext(a, mask), pext(b, mask)


def select_bit(mask: int, j: int) -> int:
    """Index of the ``j``-th lowest set bit of ``mask`` (j from 0)."""
    mask = int(mask) & _M64
    for _ in range(int(j)):
        mask &= mask - 1
    return ctz(mask)


def select_mask(mask: int, j: int) -> int:
    """The ``j``-th lowest set bit of ``mask`` as a one-bit mask (``pdep(1 << j, mask)``)."""
    return 1 << select_bit(mask, j) if int(j) < int(mask).bit_count() else 0


def mix64(z: int) -> int:
    """SplitMix64's finaliser: a bijective 64-bit hash."""
    z = int(z) & _M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return z ^ (z >> 31)


def add64(a: int, b: int) -> int:
    """``(a + b) mod 2**64``: wraps silently in plain Python too (NumPy's scalars warn on overflow)."""
    return (int(a) + int(b)) & _M64


def mulhi64(x: int, n: int) -> tuple[int, int]:
    """``(x * n) >> 64`` and ``(x * n) mod 2**64``."""
    p = (int(x) & _M64) * int(n)
    return p >> 64, p & _M64


def prefetch(a: object, i: int) -> None:
    """Ask the CPU to bring element ``i`` of the array ``a`` into its caches ahead of a read (a hint: nothing in plain
    Python; a kernel that knows where it will read next can overlap a cache miss with other work)."""


# --- Numba implementations ---------------------------------------------------


@intrinsic
def _ctpop64(typingctx, x):  # type: ignore[no-untyped-def]
    sig = types.int64(types.uint64)

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.ctpop(args[0])

    return sig, codegen


def _zeros(op):  # type: ignore[no-untyped-def]
    """A Numba intrinsic ``f(x) -> int64`` calling LLVM's ``op`` on a ``uint64``: the trailing (``cttz``) or
    leading (``ctlz``) zero bits, 64 for zero."""

    def f(typingctx, x):  # type: ignore[no-untyped-def]
        sig = types.int64(types.uint64)

        def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
            return getattr(builder, op)(args[0], ir.Constant(ir.IntType(1), 0))

        return sig, codegen

    f.__name__ = op + "64"
    return intrinsic(f)


_cttz64 = _zeros("cttz")
_ctlz64 = _zeros("ctlz")


def _bmi2(llvm_name):  # type: ignore[no-untyped-def]
    """A Numba intrinsic ``f(src, mask) -> uint64`` calling the BMI2 instruction ``llvm_name`` (pdep, pext)."""

    def f(typingctx, src, mask):  # type: ignore[no-untyped-def]
        sig = types.uint64(types.uint64, types.uint64)

        def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
            i64 = ir.IntType(64)
            fnty = ir.FunctionType(i64, [i64, i64])
            fn = cgutils.get_or_insert_function(builder.module, fnty, llvm_name)
            return builder.call(fn, list(args))

        return sig, codegen

    f.__name__ = llvm_name.rsplit(".", 2)[-2] + "64"
    return intrinsic(f)


_pdep64 = _bmi2("llvm.x86.bmi.pdep.64")
_pext64 = _bmi2("llvm.x86.bmi.pext.64")


@overload(popcount)
def _ol_popcount(x):  # type: ignore[no-untyped-def]
    if isinstance(x, types.Integer):
        return lambda x: _ctpop64(types.uint64(x))  # noqa: E731
    return None


@overload(ctz)
def _ol_ctz(x):  # type: ignore[no-untyped-def]
    if isinstance(x, types.Integer):
        return lambda x: _cttz64(types.uint64(x))  # noqa: E731
    return None


@overload(msb)
def _ol_msb(x):  # type: ignore[no-untyped-def]
    if isinstance(x, types.Integer):
        return lambda x: 63 - _ctlz64(types.uint64(x))  # noqa: E731
    return None


def _pdep_soft(src, mask):  # type: ignore[no-untyped-def]
    out = types.uint64(0)
    m = types.uint64(mask)
    s = types.uint64(src)
    while m != 0:
        low = m & (~m + types.uint64(1))
        if s & types.uint64(1):
            out |= low
        s >>= types.uint64(1)
        m ^= low
    return out


@overload(pdep)
def _ol_pdep(src, mask):  # type: ignore[no-untyped-def]
    if HAVE_FAST_PDEP:
        return lambda src, mask: _pdep64(types.uint64(src), types.uint64(mask))  # noqa: E731
    return _pdep_soft


@register_jitable  # (the one loop of both fallbacks: _pext_soft calls it)
def _pext2_soft(a, b, mask):  # type: ignore[no-untyped-def]
    oa = types.uint64(0)
    ob = types.uint64(0)
    m = types.uint64(mask)
    sa = types.uint64(a)
    sb = types.uint64(b)
    k = types.uint64(1)
    while m != 0:
        low = m & (~m + types.uint64(1))
        if sa & low:
            oa |= k
        if sb & low:
            ob |= k
        m ^= low
        k <<= types.uint64(1)
    return oa, ob


def _pext_soft(src, mask):  # type: ignore[no-untyped-def]
    return _pext2_soft(src, 0, mask)[0]


@overload(pext)
def _ol_pext(src, mask):  # type: ignore[no-untyped-def]
    if HAVE_FAST_PDEP:  # PDEP and PEXT are fast or slow together
        return lambda src, mask: _pext64(types.uint64(src), types.uint64(mask))  # noqa: E731
    return _pext_soft


@overload(pext2)
def _ol_pext2(a, b, mask):  # type: ignore[no-untyped-def]
    if HAVE_FAST_PDEP:
        return lambda a, b, mask: (  # noqa: E731
            _pext64(types.uint64(a), types.uint64(mask)),
            _pext64(types.uint64(b), types.uint64(mask)),
        )
    return _pext2_soft


@register_jitable  # (callable from the other overloads' implementations, not only returned as one)
def _select_soft(mask, j):  # type: ignore[no-untyped-def]
    # binary search on popcounts of the low half
    m = types.uint64(mask)
    k = types.int64(j)
    base = types.int64(0)
    width = types.int64(32)
    while width > 0:
        low = m & ((types.uint64(1) << types.uint64(width)) - types.uint64(1))
        c = _ctpop64(low)
        if k >= c:
            k -= c
            m >>= types.uint64(width)
            base += width
        else:
            m = low
        width >>= 1
    return base


@overload(select_bit)
def _ol_select_bit(mask, j):  # type: ignore[no-untyped-def]
    if HAVE_FAST_PDEP:

        def impl(mask, j):  # type: ignore[no-untyped-def]
            bit = _pdep64(types.uint64(1) << types.uint64(j), types.uint64(mask))
            return _cttz64(bit)

        return impl
    return _select_soft


@overload(select_mask)
def _ol_select_mask(mask, j):  # type: ignore[no-untyped-def]
    if HAVE_FAST_PDEP:
        return lambda mask, j: _pdep64(types.uint64(1) << types.uint64(j), types.uint64(mask))  # noqa: E731

    def impl(mask, j):  # type: ignore[no-untyped-def]
        return types.uint64(1) << types.uint64(_select_soft(mask, j))

    return impl


@overload(mix64)
def _ol_mix64(z):  # type: ignore[no-untyped-def]
    def impl(z):  # type: ignore[no-untyped-def]
        x = types.uint64(z)
        x = (x ^ (x >> types.uint64(30))) * types.uint64(0xBF58476D1CE4E5B9)
        x = (x ^ (x >> types.uint64(27))) * types.uint64(0x94D049BB133111EB)
        return x ^ (x >> types.uint64(31))

    return impl


@overload(add64)
def _ol_add64(a, b):  # type: ignore[no-untyped-def]
    def impl(a, b):  # type: ignore[no-untyped-def]
        return types.uint64(a) + types.uint64(b)

    return impl


@intrinsic
def _umulhi64(typingctx, x, n):  # type: ignore[no-untyped-def]
    sig = types.uint64(types.uint64, types.uint64)

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        i128 = ir.IntType(128)
        a = builder.zext(args[0], i128)
        b = builder.zext(args[1], i128)
        hi = builder.lshr(builder.mul(a, b), ir.Constant(i128, 64))
        return builder.trunc(hi, ir.IntType(64))

    return sig, codegen


@overload(mulhi64)
def _ol_mulhi64(x, n):  # type: ignore[no-untyped-def]
    def impl(x, n):  # type: ignore[no-untyped-def]
        a = types.uint64(x)
        b = types.uint64(n)
        return _umulhi64(a, b), a * b

    return impl


@intrinsic
def _prefetch(typingctx, a, i):  # type: ignore[no-untyped-def]
    sig = types.void(a, types.int64)

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        ptr = cgutils.get_item_pointer(context, builder, aryty, ary, [args[1]])
        i32 = ir.IntType(32)
        fnty = ir.FunctionType(ir.VoidType(), [ptr.type, i32, i32, i32])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.prefetch.p0")
        builder.call(fn, [ptr, ir.Constant(i32, 0), ir.Constant(i32, 3), ir.Constant(i32, 1)])  # read, keep, data
        return context.get_dummy_value()

    return sig, codegen


@overload(prefetch)
def _ol_prefetch(a, i):  # type: ignore[no-untyped-def]
    if isinstance(a, types.Array) and isinstance(i, types.Integer):
        return lambda a, i: _prefetch(a, types.int64(i))  # noqa: E731
    return None
