"""Reading line-based CLI input: bytes that are not UTF-8 reported by line, a byte-order mark ignored.

(A candidate for ``_common.py``; kept separate because that module is owned by the lead.)
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from typing import IO

from bitcards.cli._common import numbered_lines
from bitcards.errors import ParseError

__all__ = ["input_lines", "utf8_error"]


def input_lines(stream: IO[str]) -> Iterator[tuple[int, str]]:
    """``(line number from 1, text)``, like ``numbered_lines``, but never raising ``UnicodeDecodeError``.

    The stream is switched to UTF-8 (stdin otherwise follows the locale; files are opened as
    UTF-8 already) with ``surrogateescape`` decoding before the first read, so a byte
    that is not UTF-8 stays in its line (as a lone surrogate) for :func:`utf8_error` to report
    with the line number, instead of aborting the whole read (files) or turning into an
    unreadable token (stdin). A byte-order mark at the start of the first line is dropped.
    """
    if isinstance(stream, io.TextIOWrapper):
        with contextlib.suppress(ValueError, io.UnsupportedOperation):
            stream.reconfigure(encoding="utf-8", errors="surrogateescape")
    for ln, text in numbered_lines(stream):
        yield ln, (text.removeprefix("\ufeff") if ln == 1 else text)


def utf8_error(text: str, line: int) -> ParseError | None:
    """The error for a line holding bytes that are not UTF-8 (decoded by :func:`input_lines`), else None.

    >>> str(utf8_error("5H 5D \\udcff", 3))
    'line 3: not UTF-8 text (byte 0xFF at column 7)'
    >>> utf8_error("5H 5D", 3) is None
    True
    """
    for col, ch in enumerate(text, start=1):
        if "\udc80" <= ch <= "\udcff":
            byte = f"0x{ord(ch) - 0xDC00:02X}"
            return ParseError(f"line {line}: not UTF-8 text (byte {byte} at column {col})", token=byte, line=line)
    return None
