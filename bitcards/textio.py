"""Reading line input in chunks: whole lines at a time, a line-length limit, bytes that are not UTF-8
named by line and column.

Every command of the CLI that reads lines reads them through :func:`read_chunks` (or :func:`numbered`,
which is built on it), so that any input runs in bounded memory: a block of bytes is read, cut after its
last line break, and the whole lines go out as one :class:`Chunk`; a line longer than :data:`MAX_LINE`
bytes (or input with no line break at all, such as ``/dev/zero``) is an error naming the line as soon as
that many bytes have been read. A chunk holds the raw bytes with the start and end of each line, so that
bulk parsers can read fixed-layout lines with NumPy, and decodes any line on demand as UTF-8 with
``surrogateescape`` (a byte that is not UTF-8 stays in its line as a lone surrogate, for
:func:`utf8_error` to report with its line and column).

>>> import io
>>> [(c.first, c.texts()) for c in read_chunks(io.BytesIO(b"\\xef\\xbb\\xbfJC JS\\r\\nQH\\nAH"))]
[(1, ['JC JS', 'QH']), (3, ['AH'])]
>>> list(numbered(io.StringIO("a\\n\\nb\\n")))
[(1, 'a'), (2, ''), (3, 'b')]
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from typing import IO, Any

import numpy as np

from bitcards.errors import ParseError

#: the longest line read, in bytes (without its line break)
MAX_LINE = 64 * 1024
#: bytes read at a time
BLOCK = 1 << 20

_BOM = b"\xef\xbb\xbf"


class Chunk:
    """Whole lines of the input: ``first`` (the line number of the first, from 1), the bytes ``data``
    (``buf`` as ``np.uint8``), and per line ``starts`` / ``ends`` (byte offsets; the end excludes the
    line break and a carriage return before it)."""

    __slots__ = ("buf", "data", "ends", "first", "starts")

    def __init__(self, first: int, data: bytes) -> None:
        """``data`` is one or more lines, each ended by ``\\n``."""
        self.first = first
        self.data = data
        self.buf = np.frombuffer(data, dtype=np.uint8)
        nl = np.flatnonzero(self.buf == 10)
        self.starts = np.empty(nl.shape[0], dtype=np.int64)
        self.starts[:1] = 0
        self.starts[1:] = nl[:-1] + 1
        ends = nl.astype(np.int64)
        cr = ends > self.starts
        cr[cr] = self.buf[ends[cr] - 1] == 13
        ends[cr] -= 1
        self.ends = ends

    def __len__(self) -> int:
        return int(self.starts.shape[0])

    def lengths(self) -> np.ndarray:
        return self.ends - self.starts

    def text(self, i: int) -> str:
        """Line ``i`` of the chunk (from 0) as text; a byte that is not UTF-8 becomes a lone surrogate."""
        return self.data[self.starts[i] : self.ends[i]].decode("utf-8", "surrogateescape")

    def texts(self) -> list[str]:
        lines = self.data.decode("utf-8", "surrogateescape").split("\n")[:-1]
        return [t[:-1] if t.endswith("\r") else t for t in lines]

    def fixed(self, width: int) -> tuple[np.ndarray, np.ndarray]:
        """The lines exactly ``width`` bytes long: their indices in the chunk and their bytes as an
        ``(m, width)`` ``np.uint8`` array (for parsers of fixed-layout lines)."""
        lengths = self.lengths()
        n = lengths.shape[0]
        if self.buf.shape[0] == n * (width + 1) and (lengths == width).all():  # every line: one view, no copy
            return np.arange(n), self.buf.reshape(n, width + 1)[:, :width]
        rows = np.flatnonzero(lengths == width)
        return rows, self.buf[self.starts[rows, None] + np.arange(width)]


def _too_long(line: int) -> ParseError:
    return ParseError(
        f"line {line} is longer than {MAX_LINE:,} bytes, the longest line read (is this a text file with line breaks?)",
        line=line,
    )


class _Encoded:
    """A text stream read as UTF-8 bytes (``surrogateescape`` keeps the bytes a decoder could not read)."""

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream

    def read(self, n: int) -> bytes:
        return self._stream.read(n).encode("utf-8", "surrogateescape")


def _binary(stream: Any) -> Any:
    """The byte stream under ``stream`` (a binary file, or a text stream's ``buffer``), or ``stream`` encoded."""
    if isinstance(stream, (io.RawIOBase, io.BufferedIOBase)):
        return stream
    buffer = getattr(stream, "buffer", None)
    if isinstance(buffer, (io.RawIOBase, io.BufferedIOBase)):
        return buffer
    return _Encoded(stream)


def _reader(raw: Any, block: int) -> Any:
    """``read(n)``: whole blocks from a file or pipe, but what is there from a terminal (lines as typed)."""
    try:
        interactive = os.isatty(raw.fileno())
    except (AttributeError, OSError, ValueError):
        interactive = False
    read1 = getattr(raw, "read1", None)
    return read1 if interactive and read1 is not None else raw.read


def read_chunks(stream: Any, block: int | None = None) -> Iterator[Chunk]:
    """The whole lines of ``stream`` (binary or text), a block of bytes at a time, as :class:`Chunk` s.

    A byte-order mark at the start is dropped; a last line without a line break is a line. A line
    longer than :data:`MAX_LINE` bytes raises :class:`~bitcards.errors.ParseError` naming it, before
    more than about ``MAX_LINE + block`` bytes are held.
    """
    block = block or BLOCK
    read = _reader(_binary(stream), block)
    first = 1
    pending = b""
    start = True
    while True:
        data = read(block)
        if not data:
            break
        if start:
            while len(data) < len(_BOM) and _BOM.startswith(data) and (more := read(block)):
                data += more
            data = data[len(_BOM) :] if data.startswith(_BOM) else data
            start = False
            if not data:
                continue
        buf = pending + data if pending else data
        cut = buf.rfind(b"\n") + 1
        if cut == 0:
            pending = buf
            if len(pending) > MAX_LINE:
                raise _too_long(first)
            continue
        pending = buf[cut:]
        chunk = Chunk(first, buf[:cut] if cut < len(buf) else buf)
        first += len(chunk)
        if chunk.lengths().max() > MAX_LINE:
            raise _too_long(chunk.first + int(np.argmax(chunk.lengths() > MAX_LINE)))
        if len(pending) > MAX_LINE:
            raise _too_long(first)
        yield chunk
    if pending:
        yield Chunk(first, pending + b"\n")


def numbered(stream: Any) -> Iterator[tuple[int, str]]:
    """``(line number from 1, text without the line break)`` of every line, read by :func:`read_chunks`."""
    for chunk in read_chunks(stream):
        yield from enumerate(chunk.texts(), start=chunk.first)


def utf8_error(text: str, line: int) -> ParseError | None:
    """The error for a line holding bytes that are not UTF-8 (decoded by :class:`Chunk`), else None.

    >>> str(utf8_error("5H 5D \\udcff", 3))
    'line 3: not UTF-8 text (byte 0xFF at column 7)'
    >>> utf8_error("5H 5D", 3) is None
    True
    """
    if text.isascii():
        return None
    for col, ch in enumerate(text, start=1):
        if "\udc80" <= ch <= "\udcff":
            byte = f"0x{ord(ch) - 0xDC00:02X}"
            return ParseError(f"line {line}: not UTF-8 text (byte {byte} at column {col})", token=byte, line=line)
    return None
