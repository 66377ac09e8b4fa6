"""Bulk line commands: each chunk of input lines parsed with NumPy where a line has the common layout,
line by line otherwise, answers written in input order.

A bulk command gives :func:`run_lines` two parsers and one formatter:

* ``fast(chunk)``: reads the lines of the common layout (e.g. ten two-character cards separated by single
  spaces) with table look-ups over the chunk's bytes and returns which lines it read and what they hold
  (arrays); it answers only lines it is sure of and leaves every other line, good or bad, to
* ``slow(line number, text)``: the plain per-line parser, which also names the token of a bad line
  (and reports look-alike characters, comments, blank lines, ...); it returns the line's item, ``None``
  for a line with nothing to answer, or :data:`STOP` (the end marker of a format);
* ``format(items, line numbers)``: the output of many items (each item's output ends in a line break).

The driver writes the fast lines' answers in runs between the lines left to the slow parser, so the
first bad line stops the command after the good lines before it (or, with --keep-going, is reported
while the others are answered). :data:`BULK` switches the fast parsers off (the tests compare both).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

import numpy as np

from bitcards.batch import popcount
from bitcards.cli._common import BadInput
from bitcards.errors import BitcardsError, ParseError
from bitcards.layouts import Layout
from bitcards.textio import Chunk

#: parse lines of the common layouts in bulk (False: every line by the per-line parser)
BULK = True

#: what ``slow`` returns for an end marker: the lines after it are not read
STOP: Any = object()

#: the bytes read as separators between fixed-width tokens: space, tab, comma
_SEPARATORS = np.array([32, 9, 44], dtype=np.uint8)

Fast = Callable[[Chunk], tuple[np.ndarray, Any]]
Slow = Callable[[int, str], Any]
Format = Callable[[Any, np.ndarray], list[str]]


def run_lines(
    chunks: Iterable[Chunk],
    fast: Fast | None,
    slow: Slow,
    format: Format,
    bad: BadInput,
    stack: Callable[[list[Any]], Any] = np.array,
) -> int:
    """Answer every line of ``chunks``; the number of items answered.

    ``fast(chunk)`` returns ``(rows, items)``: the chunk's line indices it read (ascending) and their
    items (an array, or anything ``format`` takes, indexable by a slice). ``stack`` makes such items of
    a list of ``slow``'s items.
    """
    write = sys.stdout.write
    done = 0
    slow_items: list[Any] = []  # answered by the per-line parser, not yet written
    slow_lines: list[int] = []

    def flush_slow() -> int:
        if not slow_items:
            return 0
        write("".join(format(stack(slow_items), np.array(slow_lines, dtype=np.int64))))
        m = len(slow_items)
        slow_items.clear()
        slow_lines.clear()
        return m

    for ch in chunks:
        n = len(ch)
        lines = np.arange(ch.first, ch.first + n, dtype=np.int64)
        if fast is not None and BULK:
            rows, items = fast(ch)
        else:
            rows, items = np.empty(0, dtype=np.int64), None
        is_fast = np.zeros(n, dtype=bool)
        is_fast[rows] = True
        k = 0  # fast rows written so far
        for j in np.flatnonzero(~is_fast).tolist():
            k2 = int(np.searchsorted(rows, j))
            if k2 > k:
                done += flush_slow()
                write("".join(format(items[k:k2], lines[rows[k:k2]])))
                done += k2 - k
                k = k2
            try:
                item = slow(ch.first + j, ch.text(j))
            except BitcardsError as e:
                done += flush_slow()  # the good lines before a bad one are out before it stops the command
                bad(e)
                continue
            if item is STOP:
                return done + flush_slow()
            if item is not None:
                slow_items.append(item)
                slow_lines.append(ch.first + j)
        done += flush_slow()
        if k < rows.shape[0]:
            write("".join(format(items[k:], lines[rows[k:]])))
            done += rows.shape[0] - k
    return done


@cache
def card_table(layout: Layout, dialect: str) -> np.ndarray:
    """``int16[65536]``: the card bit of every two-character ASCII token (first byte * 256 + second)
    that the notation reads as one card whatever the other tokens of its line, else -1.

    Built by asking the notation's own parser about each token, so the table cannot read a token
    differently from it; a token that another reading could make another card (``SA``: spades ace
    or Schellen Ass, depending on the line) is left to the per-line parser.
    """
    from bitcards.notation import parse_cards, token_readings

    table = np.full(1 << 16, -1, dtype=np.int16)
    printable = [c for c in range(33, 127) if c != 44]
    for a in printable:
        for b in printable:
            tok = chr(a) + chr(b)
            en, de = token_readings(tok.upper())
            if en is None or (de is not None and dialect != "english"):
                continue
            notes: list[str] = []
            try:
                (bit,) = parse_cards([tok], layout, dialect, notes=notes)  # type: ignore[arg-type]
            except (ParseError, ValueError):
                continue
            if not notes:
                table[a << 8 | b] = bit
    return table


def card_lines(ch: Chunk, n_cards: int, table: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The chunk's lines of exactly ``n_cards`` distinct two-character cards of ``table``, one separator
    byte between two: ``(rows, bits)``, ``bits`` an ``(m, n_cards)`` ``int16`` array in line order."""
    rows, a = ch.fixed(3 * n_cards - 1)
    codes = a[:, 0::3].astype(np.uint16) << 8 | a[:, 1::3]
    bits = table[codes]
    seps = a[:, 2::3]
    ok = ((seps == 32) | (seps == 9) | (seps == 44)).all(axis=1) & (bits >= 0).all(axis=1)
    ok &= popcount(masks_of(np.maximum(bits, 0))) == n_cards  # no card twice
    return rows[ok], bits[ok]


def masks_of(bits: np.ndarray) -> np.ndarray:
    """The ``np.uint64`` mask of each row of card bits."""
    one = np.uint64(1)
    out = np.zeros(bits.shape[0], dtype=np.uint64)
    for j in range(bits.shape[1]):  # column by column: NumPy's reduce along short rows is slow
        out |= one << bits[:, j].astype(np.uint64)
    return out
