"""Bytes, Base64 and decimal forms of ids, byte-identical to the Java library skat-game-id.

An id (a deal id or a game-run id) is a bit stream held in a Python ``int``: stream bit ``i`` is
bit ``i`` of the int. Its **bytes** are the int in little-endian order with every trailing zero
byte dropped (Java's ``BitSet.toByteArray()``); its **Base64** text is those bytes in standard,
padded Base64 (``Base64.getEncoder()``); its **decimal** is those bytes read as a big-endian
two's-complement integer (``new BigInteger(bytes)``).

>>> format_deal_id(0xFAAAAA5555500000), deal_id_to_decimal(0xFAAAAA5555500000)
('AABQVVWqqvo=', 88327439690490)
>>> parse_deal_id("MYKAmZXGhaQ") == parse_deal_id("MYKAmZXGhaQ=")
True

Decoding accepts what Java's decoder accepts (missing padding, ids shorter than 8 bytes, extra
zero bytes, non-zero unused bits in the last character) and refuses what it refuses, with a
:class:`~bitcards.errors.CodecError` that says why:

>>> parse_deal_id("AABQVVWqqvoAAA==") == parse_deal_id("AABQVVWqqvp=") == 0xFAAAAA5555500000
True
>>> parse_deal_id("mykAmZXGhaQ")
Traceback (most recent call last):
...
bitcards.errors.CodecError: deal id 'mykAmZXGhaQ' is not a deal: card 29 (EO) would be the 11th card of middle

The decimal drops leading zero bytes, so one decimal can stand for several deals:

>>> deal_id_from_decimal(88327439690490)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
bitcards.errors.CodecError: decimal id 88327439690490 is ambiguous: 3 deals have it (8 bytes: AABQVVWqqvo=, 7 bytes: ...
>>> format_deal_id(deal_id_from_decimal(88327439690490, length=8))
'AABQVVWqqvo='
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Iterable, Sequence
from typing import Literal, overload

import numba
import numpy as np

from bitcards._jit import njit, warmup_task
from bitcards._parallel import BatchKernel
from bitcards.errors import CodecError
from bitcards.skat.ids.game import _id_bad, _id_vector, check_deal_ids, explain_deal_id

__all__ = [
    "id_to_bytes",
    "bytes_to_id",
    "java_base64_decode",
    "format_deal_id",
    "parse_deal_id",
    "deal_id_to_decimal",
    "deal_id_from_decimal",
    "deal_decimal_readings",
    "decimal_to_bytes_readings",
    "format_deal_ids",
    "parse_deal_ids",
    "ALPHABET",
]

#: the standard Base64 alphabet (RFC 4648), as Java's ``Base64.getEncoder()`` uses it
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_VALUE = {c: i for i, c in enumerate(ALPHABET)}
_M64 = (1 << 64) - 1


def id_to_bytes(x: int) -> bytes:
    """The id's bit stream as little-endian bytes, trailing zero bytes dropped (``BitSet.toByteArray()``).

    >>> id_to_bytes(0xFAAAAA5555500000).hex(' ')
    '00 00 50 55 55 aa aa fa'
    >>> id_to_bytes(0)
    b''
    """
    x = int(x)
    if x < 0:
        raise CodecError(f"an id is a non-negative bit stream, got {x}")
    return x.to_bytes((x.bit_length() + 7) // 8, "little")


def bytes_to_id(data: bytes) -> int:
    """Inverse of :func:`id_to_bytes`; trailing zero bytes are allowed (``BitSet.valueOf``).

    >>> hex(bytes_to_id(bytes.fromhex("00 00 50 55 55 aa aa fa 00")))
    '0xfaaaaa5555500000'
    """
    return int.from_bytes(bytes(data), "little")


def java_base64_decode(text: str, what: str = "id") -> bytes:
    """Decode Base64 exactly as Java's ``Base64.getDecoder().decode(String)`` does, or raise :class:`CodecError`.

    Standard alphabet only (no whitespace, no URL-safe ``-_``); padding optional but, if present,
    complete and last; a final group of one character is refused; unused low bits of the last
    character are ignored.

    >>> java_base64_decode("MYKAmZXGhaQ").hex()
    '3182809995c685a4'
    >>> java_base64_decode("AB-C")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bitcards.errors.CodecError: id 'AB-C' is not Base64: character '-' at position 3 is not in the standard alphabet ...
    """
    bits = 0
    shift = 18
    out = bytearray()
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        i += 1
        v = _VALUE.get(c)
        if v is None:
            if c == "=":
                if shift == 18 or (shift == 6 and (i == n or text[i] != "=")):
                    raise CodecError(
                        f"{what} {text!r} is not Base64: padding '=' at position {i} does not complete a 4-character group"
                    )
                if shift == 6:
                    i += 1
                break
            extra = " (URL-safe Base64 is not accepted)" if c in "-_" else ""
            raise CodecError(
                f"{what} {text!r} is not Base64: character {c!r} at position {i} is not in the standard alphabet{extra}"
            )
        bits |= v << shift
        shift -= 6
        if shift < 0:
            out += bytes(((bits >> 16) & 0xFF, (bits >> 8) & 0xFF, bits & 0xFF))
            bits = 0
            shift = 18
    if shift == 6:
        out.append((bits >> 16) & 0xFF)
    elif shift == 0:
        out += bytes(((bits >> 16) & 0xFF, (bits >> 8) & 0xFF))
    elif shift == 12:
        raise CodecError(f"{what} {text!r} is not Base64: the last group has a single character (6 bits, not a byte)")
    if i < n:
        raise CodecError(f"{what} {text!r} is not Base64: text after the padding at position {i + 1}")
    return bytes(out)


def _check_text(text: object, what: str) -> str:
    if not isinstance(text, str):
        raise TypeError(f"{what} must be a str, got {type(text).__name__}")
    if len(text) < 2:
        raise CodecError(f"{what} {text!r} is too short")
    return text


# --- deal ids -----------------------------------------------------------------


def _check_deal_int(deal_id: int) -> int:
    x = int(deal_id)
    why = explain_deal_id(x)
    if why is not None:
        raise CodecError(f"deal id {x:#x} is not a deal: {why}")
    return x


def format_deal_id(deal_id: int) -> str:
    """The Base64 game id of a packed deal id (Java's ``Game.computeId()``).

    >>> format_deal_id(0x55555AAAAAF)   # the README deal listed in reverse
    'r6qqVVUF'
    """
    x = _check_deal_int(deal_id)
    return base64.b64encode(id_to_bytes(x)).decode("ascii")


def parse_deal_id(text: str) -> int:
    """The packed deal id of a Base64 game id, accepting exactly what Java's ``Game.ofId`` accepts.

    >>> hex(parse_deal_id("r6qqVVUF"))
    '0x55555aaaaaf'
    >>> parse_deal_id("mykAmZXGhaQmykAmZXGhaQ")
    Traceback (most recent call last):
    ...
    bitcards.errors.CodecError: deal id 'mykAmZXGhaQmykAmZXGhaQ' has 16 bytes (trailing zeros dropped), a deal id at most 8
    """
    _check_text(text, "deal id")
    data = java_base64_decode(text, "deal id").rstrip(b"\0")
    if not data:
        raise CodecError(f"deal id {text!r} holds only zero bits, which is not a deal")
    if len(data) > 8:
        raise CodecError(f"deal id {text!r} has {len(data)} bytes (trailing zeros dropped), a deal id at most 8")
    x = bytes_to_id(data)
    why = explain_deal_id(x)
    if why is not None:
        raise CodecError(f"deal id {text!r} is not a deal: {why}")
    return x


def deal_id_to_decimal(deal_id: int) -> int:
    """The decimal game id (Java's ``Game.computeIdAsBigInteger()``): the id's bytes read big-endian, signed.

    >>> deal_id_to_decimal(0x55555AAAAAF)
    -88327439690491
    """
    x = _check_deal_int(deal_id)
    return int.from_bytes(id_to_bytes(x), "big", signed=True)


def decimal_to_bytes_readings(value: int, max_len: int) -> list[bytes]:
    """Every byte string of length up to ``max_len`` whose signed big-endian value is ``value``.

    They differ by leading ``00`` (or ``ff``) bytes, the bytes that ``new BigInteger(bytes)`` drops.

    >>> [b.hex() for b in decimal_to_bytes_readings(0x50, 3)]
    ['50', '0050', '000050']
    """
    v = int(value)
    lo = (v.bit_length() + 8) // 8 if v >= 0 else ((-v - 1).bit_length() + 8) // 8
    return [v.to_bytes(n, "big", signed=True) for n in range(max(lo, 1), max_len + 1)]


def _readings(
    value: int, max_len: int, decode: Callable[[bytes], object], length: int | None, what: str
) -> list[tuple[int, object]]:
    v = int(value)
    if length is not None:
        if not 1 <= int(length) <= max_len:
            raise CodecError(f"{what}: length must be 1..{max_len} bytes, got {length}")
        try:
            data = v.to_bytes(int(length), "big", signed=True)
        except OverflowError:
            raise CodecError(f"decimal id {v} does not fit in {length} bytes") from None
        try:
            return [(int(length), decode(data))]
        except CodecError as e:
            raise CodecError(f"decimal id {v} read as {length} bytes: {e}") from None
    found: list[tuple[int, object]] = []
    for data in decimal_to_bytes_readings(v, max_len):
        try:
            found.append((len(data), decode(data)))
        except CodecError:
            continue
    return found


def _decode_deal_bytes(data: bytes) -> int:
    x = bytes_to_id(data)
    if x >> 64:
        raise CodecError("more than 64 bits")
    why = explain_deal_id(x)
    if why is not None:
        raise CodecError(f"not a deal: {why}")
    return x


def deal_decimal_readings(value: int) -> list[tuple[int, int]]:
    """Every ``(byte length, deal id)`` whose decimal game id is ``value``, shortest first.

    >>> [(n, format_deal_id(x)) for n, x in deal_decimal_readings(88327439690490)]
    [(6, 'UFVVqqr6'), (7, 'AFBVVaqq+g=='), (8, 'AABQVVWqqvo=')]
    """
    return [(n, int(x)) for n, x in _readings(value, 8, _decode_deal_bytes, None, "decimal id")]  # type: ignore[call-overload]


def deal_id_from_decimal(value: int, length: int | None = None) -> int:
    """The deal id of a decimal game id.

    ``length`` is the number of bytes of the id (6, 7 or 8 for ids that Java makes). Without it the
    one valid reading is used; if several byte lengths give valid deals (possible only for positive
    decimals whose id starts with zero bytes), :class:`CodecError` lists them.

    >>> format_deal_id(deal_id_from_decimal(-88327439690491))
    'r6qqVVUF'
    """
    v = int(value)
    found = _readings(v, 8, _decode_deal_bytes, length, f"decimal id {v}")
    if not found:
        raise CodecError(f"decimal id {v} is not the decimal of any deal id")
    if len(found) > 1:
        found.sort(key=lambda t: -t[0])
        listed = ", ".join(f"{n} bytes: {format_deal_id(int(x))}" for n, x in found)  # type: ignore[call-overload]
        raise CodecError(
            f"decimal id {v} is ambiguous: {len(found)} deals have it ({listed}); give the byte length (length=, --length)"
        )
    return int(found[0][1])  # type: ignore[call-overload]


# --- bulk Base64 --------------------------------------------------------------

_ENC = np.frombuffer(ALPHABET.encode("ascii"), dtype=np.uint8).copy()
_DEC = np.full(256, 255, dtype=np.uint8)
for _i, _c in enumerate(ALPHABET.encode("ascii")):
    _DEC[_c] = _i
_DEC[ord("=")] = 64


@njit
def _b64_len(x):  # type: ignore[no-untyped-def]
    """Characters of the padded Base64 of ``x``'s trailing-zero-stripped little-endian bytes."""
    nbytes = 0
    t = x
    while t != np.uint64(0):
        nbytes += 1
        t >>= np.uint64(8)
    return ((nbytes + 2) // 3) * 4


@BatchKernel
def _b64_lengths_kernel(ids, lens):  # type: ignore[no-untyped-def]
    for i in numba.prange(ids.shape[0]):
        lens[i] = _b64_len(ids[i]) + 1  # with the newline


@njit
def _put_group(v, nchars, k0, enc, out, p):  # type: ignore[no-untyped-def]
    """Characters ``k0 .. k0+3`` of the 24-bit group ``v``: data while ``k < nchars``, then '='."""
    for j in range(4):
        if k0 + j < nchars:
            out[p + j] = enc[(v >> np.uint64(18 - 6 * j)) & np.uint64(63)]
        else:
            out[p + j] = 61  # '='


@BatchKernel
def _b64_encode_kernel(ids, starts, enc, out, slot):  # type: ignore[no-untyped-def]
    """Write the padded Base64 of id ``i`` at ``out[starts[i]:]``, then a newline (``slot == 0``) or
    NULs up to ``slot`` characters."""
    for i in numba.prange(ids.shape[0]):
        x = ids[i]
        p = starts[i]
        padded = _b64_len(x)
        groups = padded // 4
        nb = 0
        t = x
        while t != np.uint64(0):
            nb += 1
            t >>= np.uint64(8)
        nchars = (nb * 4 + 2) // 3
        # bytes 0-2, 3-5, 6-8 as big-endian 24-bit groups (byte 8 is always zero)
        v0 = ((x & np.uint64(0xFF)) << np.uint64(16)) | (x & np.uint64(0xFF00)) | ((x >> np.uint64(16)) & np.uint64(0xFF))
        y = x >> np.uint64(24)
        v1 = ((y & np.uint64(0xFF)) << np.uint64(16)) | (y & np.uint64(0xFF00)) | ((y >> np.uint64(16)) & np.uint64(0xFF))
        z = x >> np.uint64(48)
        v2 = ((z & np.uint64(0xFF)) << np.uint64(16)) | (z & np.uint64(0xFF00))
        if groups > 0:
            _put_group(v0, nchars, 0, enc, out, p)
        if groups > 1:
            _put_group(v1, nchars, 4, enc, out, p + 4)
        if groups > 2:
            _put_group(v2, nchars, 8, enc, out, p + 8)
        if slot == 0:
            out[p + padded] = 10  # newline
        else:
            for k in range(padded, slot):
                out[p + k] = 0


@njit
def _row_nbytes(words, i):  # type: ignore[no-untyped-def]
    """Bytes of row ``i``'s little-endian words, trailing zero bytes dropped."""
    for k in range(words.shape[1] - 1, -1, -1):
        w = words[i, k]
        if w != np.uint64(0):
            nb = 8 * k
            while w != np.uint64(0):
                nb += 1
                w >>= np.uint64(8)
            return nb
    return 0


@njit(inline="always")
def _row_byte(words, i, b, nb):  # type: ignore[no-untyped-def]
    if b >= nb:
        return np.uint64(0)
    return (words[i, b >> 3] >> np.uint64(8 * (b & 7))) & np.uint64(0xFF)


@BatchKernel
def _b64_row_lengths_kernel(words, lens):  # type: ignore[no-untyped-def]
    for i in numba.prange(words.shape[0]):
        lens[i] = (_row_nbytes(words, i) + 2) // 3 * 4 + 1  # with the newline


@BatchKernel
def _b64_encode_rows_kernel(words, starts, enc, out):  # type: ignore[no-untyped-def]
    """Write the padded Base64 of row ``i``'s little-endian words (trailing zero bytes dropped) at
    ``out[starts[i]:]``, then a newline."""
    for i in numba.prange(words.shape[0]):
        nb = _row_nbytes(words, i)
        p = starts[i]
        for g in range(0, nb, 3):
            v = (_row_byte(words, i, g, nb) << np.uint64(16)) | (_row_byte(words, i, g + 1, nb) << np.uint64(8))
            v |= _row_byte(words, i, g + 2, nb)
            _put_group(v, ((nb - g) * 4 + 2) // 3, 0, enc, out, p)
            p += 4
        out[p] = 10


def b64_encode_rows(words: np.ndarray) -> list[str]:
    """Padded Base64 of each row of ``(n, k)`` little-endian ``np.uint64`` words, trailing zero bytes
    dropped (Java's ``Base64`` of ``BitSet.toByteArray()``), without a Python loop per row."""
    n = words.shape[0]
    if n == 0:
        return []
    lens = np.empty(n, dtype=np.int64)
    _b64_row_lengths_kernel(n, words, lens)
    ends = np.cumsum(lens)
    buf = np.empty(int(ends[-1]), dtype=np.uint8)
    _b64_encode_rows_kernel(n, words, ends - lens, _ENC, buf)
    return buf[:-1].tobytes().decode("ascii").split("\n")


@njit(inline="always")
def _put_byte(out, i, nbytes, byte):  # type: ignore[no-untyped-def]
    """Store byte number ``nbytes`` of row ``i``; 1 if it does not fit in the row's words and is not zero."""
    word = nbytes >> 3
    if word < out.shape[1]:
        out[i, word] |= byte << np.uint64(8 * (nbytes & 7))
        return 0
    return 1 if byte != np.uint64(0) else 0


@BatchKernel
def _b64_decode_kernel(buf, starts, ends, dec, out, flags, deal):  # type: ignore[no-untyped-def]
    """Decode text ``buf[starts[i]:ends[i]]`` by Java's Base64 rules into the little-endian words
    ``out[i, :]``; ``flags[i]`` = 0 if valid: Base64 whose non-zero bytes fit in the row (and, with
    ``deal``, whose first word is a deal)."""
    for i in numba.prange(starts.shape[0]):
        s = starts[i]
        e = ends[i]
        for k in range(out.shape[1]):
            out[i, k] = 0
        bad = 0
        if e - s < 2:
            bad = 1
        acc = np.uint64(0)
        nbits = 0
        nbytes = 0
        p = s
        while bad == 0 and p < e:
            v = dec[buf[p]]
            p += 1
            if v == 255:
                bad = 1
                break
            if v == 64:  # '=': padding must complete the group and end the text
                if nbits == 0 or nbits == 6:
                    bad = 1
                elif nbits == 12:
                    if p < e and buf[p] == 61:
                        p += 1
                    else:
                        bad = 1
                break
            acc = (acc << np.uint64(6)) | np.uint64(v)
            nbits += 6
            if nbits == 24:
                for j in range(3):
                    bad |= _put_byte(out, i, nbytes, (acc >> np.uint64(16 - 8 * j)) & np.uint64(0xFF))
                    nbytes += 1
                acc = np.uint64(0)
                nbits = 0
        if bad == 0 and p < e:
            bad = 1
        if bad == 0:
            if nbits == 6:
                bad = 1
            elif nbits >= 12:
                acc <<= np.uint64(24 - nbits)
                for j in range(nbits // 8):
                    bad |= _put_byte(out, i, nbytes, (acc >> np.uint64(16 - 8 * j)) & np.uint64(0xFF))
                    nbytes += 1
        if deal and bad == 0 and _id_bad(out[i, 0]) != 0:
            bad = 1
        flags[i] = bad


def b64_decode_rows(
    buf: np.ndarray, starts: np.ndarray, ends: np.ndarray, words: int, deal: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """Texts ``buf[starts[i]:ends[i]]`` decoded by Java's Base64 rules into ``(n, words)`` little-endian
    ``np.uint64`` words, and per row 0 or 1 if the text is not Base64, has non-zero bytes beyond the
    words, or (with ``deal``) its first word is not a deal."""
    n = starts.shape[0]
    out = np.empty((n, words), dtype=np.uint64)
    flags = np.empty(n, dtype=np.uint8)
    _b64_decode_kernel(n, buf, starts, ends, _DEC, out, flags, deal)
    return out, flags


@overload
def format_deal_ids(ids: object, *, check: bool = ..., as_array: Literal[False] = ...) -> list[str]: ...
@overload
def format_deal_ids(ids: object, *, check: bool = ..., as_array: Literal[True]) -> np.ndarray: ...
def format_deal_ids(ids: object, *, check: bool = True, as_array: bool = False) -> list[str] | np.ndarray:
    """Base64 game ids of an array of packed deal ids, without a Python loop per id.

    Numba kernels write every id's padded Base64 into one newline-separated buffer, which one
    ``decode().split()`` turns into strings. ``as_array=True`` skips the Python strings and returns
    a NumPy ``S12`` array (a view of fixed 12-byte slots, NUL-padded for 8-character ids; NumPy
    drops the padding when reading an element), e.g. for pandas or Arrow. With ``check`` every id
    is validated first.

    >>> format_deal_ids([0xFAAAAA5555500000, 0x55555AAAAAF])
    ['AABQVVWqqvo=', 'r6qqVVUF']
    >>> format_deal_ids([0xFAAAAA5555500000, 0x55555AAAAAF], as_array=True)
    array([b'AABQVVWqqvo=', b'r6qqVVUF'], dtype='|S12')
    """
    x = _id_vector(ids)
    if check:
        check_deal_ids(x)
    n = x.shape[0]
    if as_array:
        slots = np.empty(n * 12, dtype=np.uint8)
        _b64_encode_kernel(n, x, np.arange(0, 12 * n, 12, dtype=np.int64), _ENC, slots, 12)
        return slots.view("S12")
    if n == 0:
        return []
    lens = np.empty(n, dtype=np.int64)
    _b64_lengths_kernel(n, x, lens)
    ends = np.cumsum(lens)
    starts = ends - lens
    buf = np.empty(int(ends[-1]), dtype=np.uint8)
    _b64_encode_kernel(n, x, starts, _ENC, buf, 0)
    return buf[:-1].tobytes().decode("ascii").split("\n")


def _parse_fixed(arr: np.ndarray) -> np.ndarray:
    """``parse_deal_ids`` on a NumPy bytes array (e.g. from ``format_deal_ids(as_array=True)``): no copies."""
    n = arr.shape[0]
    w = arr.dtype.itemsize
    arr = np.ascontiguousarray(arr)
    buf = arr.view(np.uint8).reshape(-1)
    starts = np.arange(0, n * w, w, dtype=np.int64)
    ends = starts + np.char.str_len(arr).astype(np.int64)
    out, flags = b64_decode_rows(buf, starts, ends, 1, deal=True)
    if flags.any():
        i = int(np.flatnonzero(flags)[0])
        text = arr[i].decode("latin-1")
        try:
            parse_deal_id(text)
        except CodecError as e:
            raise CodecError(f"row {i}: {e}") from None
        raise CodecError(f"row {i}: deal id {text!r} is not valid")  # pragma: no cover - kernel and scalar agree
    return out.reshape(n)


def _line_bounds(buf: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    nl = np.flatnonzero(buf == 10)
    starts = np.empty(n, dtype=np.int64)
    ends = np.empty(n, dtype=np.int64)
    starts[0] = 0
    starts[1:] = nl + 1
    ends[:-1] = nl
    ends[-1] = buf.shape[0]
    return starts, ends


def parse_deal_ids(texts: Iterable[str] | Sequence[str]) -> np.ndarray:
    """Packed deal ids of Base64 game ids, decoded by a Numba kernel (Java's accept/reject rules).

    The texts are joined into one buffer (one C-level join, no Python loop per id); a NumPy bytes
    array (``S`` dtype) is read in place. The first bad id raises :class:`CodecError` naming its row
    and the reason.

    >>> [hex(v) for v in parse_deal_ids(["AABQVVWqqvo=", "r6qqVVUF", "MYKAmZXGhaQ"])]
    ['0xfaaaaa5555500000', '0x55555aaaaaf', '0xa485c69599808231']
    >>> parse_deal_ids(["AABQVVWqqvo=", "0000"])
    Traceback (most recent call last):
    ...
    bitcards.errors.CodecError: row 1: deal id '0000' is not a deal: card 5 (SO) would be the 3rd card of skat
    """
    if isinstance(texts, np.ndarray) and texts.dtype.kind == "S" and texts.ndim == 1:
        return _parse_fixed(texts)
    items = texts if isinstance(texts, list) else list(texts)
    n = len(items)
    if n == 0:
        return np.empty(0, dtype=np.uint64)
    joined = "\n".join(items)
    try:
        raw = joined.encode("ascii")
    except UnicodeEncodeError:
        raw = b""
    if not raw or raw.count(b"\n") != n - 1:  # non-ASCII text, or a line break inside an id
        vals = []
        for i, t in enumerate(items):
            try:
                vals.append(parse_deal_id(t))
            except CodecError as e:
                raise CodecError(f"row {i}: {e}") from None
        return np.array(vals, dtype=np.uint64)
    buf = np.frombuffer(raw, dtype=np.uint8)
    starts, ends = _line_bounds(buf, n)
    out, flags = b64_decode_rows(buf, starts, ends, 1, deal=True)
    if flags.any():
        i = int(np.flatnonzero(flags)[0])
        try:
            parse_deal_id(items[i])
        except CodecError as e:
            raise CodecError(f"row {i}: {e}") from None
        raise CodecError(f"row {i}: deal id {items[i]!r} is not valid")  # pragma: no cover - kernel and scalar agree
    return out.reshape(n)


@warmup_task
def _warm() -> None:
    ids = parse_deal_ids(["AABQVVWqqvo=", "r6qqVVUF"])
    format_deal_ids(ids)
    lens = np.empty(2, dtype=np.int64)
    _b64_lengths_kernel.warm(ids, lens)
    buf = np.empty(int(lens.sum()), dtype=np.uint8)
    starts = np.cumsum(lens) - lens
    _b64_encode_kernel.warm(ids, starts, _ENC, buf, 0)
    _b64_encode_kernel.warm(ids, np.arange(0, 24, 12, dtype=np.int64), _ENC, np.empty(24, dtype=np.uint8), 12)
    flags = np.empty(2, dtype=np.uint8)
    _b64_decode_kernel.warm(buf, starts, starts + lens - 1, _DEC, ids.reshape(-1, 1).copy(), flags, True)
    rows = ids.reshape(-1, 1)
    _b64_row_lengths_kernel.warm(rows, lens)
    _b64_encode_rows_kernel.warm(rows, starts, _ENC, buf)
