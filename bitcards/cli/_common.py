"""Shared CLI helpers: one-line errors, JSON output, reading input lines."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import IO, Any, NoReturn

from bitcards.errors import BitcardsError


class UserError(BitcardsError):
    """A mistake in what the user typed that is not a card/codec error (a missing file, ...)."""


class ArgumentParser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line on stderr and exits 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def add_json(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print results as JSON")


def add_keep_going(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--keep-going",
        action="store_true",
        help="report bad lines on stderr and go on with the rest (exit code 2 at the end if any were bad)",
    )


def emit_json(obj: Any, out: IO[str] | None = None) -> None:
    (out or sys.stdout).write(json.dumps(obj, ensure_ascii=False) + "\n")


def open_input(path: str | None) -> IO[str]:
    """The file at ``path`` (UTF-8, a byte-order mark is dropped), or stdin for ``None`` or ``-``."""
    if path in (None, "-"):
        return sys.stdin
    try:
        return open(path, encoding="utf-8-sig")  # noqa: SIM115
    except OSError as e:
        raise UserError(f"cannot read {path}: {e.strerror}") from None


def numbered_lines(stream: IO[str]) -> Iterator[tuple[int, str]]:
    """``(line number from 1, text without the newline)``.

    A byte-order mark at the start is dropped; bytes that are not UTF-8 are a
    :class:`UserError` (decoding works in blocks, so the line is approximate).
    """
    it = iter(stream)
    i = 0
    while True:
        try:
            line = next(it)
        except StopIteration:
            return
        except UnicodeDecodeError as e:
            raise UserError(f"the input is not UTF-8 text (after line {i}: {e.reason})") from None
        i += 1
        if i == 1:
            line = line.lstrip("\ufeff")
        yield i, line.rstrip("\r\n")


def warn(message: str) -> None:
    sys.stderr.write(f"bitcards: warning: {message}\n")


def report_bad(message: str) -> None:
    sys.stderr.write(f"bitcards: error: {message}\n")
