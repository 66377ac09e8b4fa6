"""The line loop of ``bitcards euchre solve`` and ``bitcards jass solve``: one position a line.

``<contract> <leader 0-3> [alone <seat>] / <hand 0> / <hand 1> / <hand 2> / <hand 3>``; blank
lines and lines starting with ``#`` are skipped. A bad line is one error line naming it (exit 2;
with --keep-going the good lines are answered).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from bitcards.cli._common import BadInput, add_json, add_keep_going, emit_json, input_lines, utf8_error
from bitcards.errors import BitcardsError, ParseError, shorten

#: (contract text, leader, alone seat or None, the four hands' texts)
Position = tuple[str, int, "int | None", list[str]]


def split_position(text: str, line: int, alone_ok: bool) -> Position:
    """The parts of one position line (the contract and the cards are read by the game's solver)."""
    where = f"line {line}: "
    shape = "CONTRACT LEADER" + (" [alone SEAT]" if alone_ok else "") + " / HAND0 / HAND1 / HAND2 / HAND3"
    parts = [t.strip() for t in text.split("/")]
    if len(parts) != 5:
        raise ParseError(f"{where}expected '{shape}', got {len(parts)} part(s) separated by '/' in {shorten(text)}", line=line)
    head = parts[0].split()
    alone = None
    if alone_ok and len(head) == 4 and head[2].lower() == "alone":
        if head[3] not in ("0", "1", "2", "3"):
            raise ParseError(
                f"{where}the seat going alone must be 0, 1, 2 or 3, not {shorten(head[3])}", token=head[3], line=line
            )
        alone = int(head[3])
        head = head[:2]
    if len(head) != 2:
        raise ParseError(f"{where}expected '{shape.split(' / ')[0]}' before the first '/', got {shorten(parts[0])}", line=line)
    if head[1] not in ("0", "1", "2", "3"):
        raise ParseError(f"{where}the leader must be a seat 0, 1, 2 or 3, not {shorten(head[1])}", token=head[1], line=line)
    return head[0], int(head[1]), alone, parts[1:]


def add_solve_parser(g_sub: argparse._SubParsersAction, help: str, description: str, func: Callable[..., int]) -> None:  # type: ignore[type-arg]
    p = g_sub.add_parser("solve", help=help, description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", nargs="?", metavar="FILE", help="positions, one a line (default: stdin)")
    add_json(p)
    add_keep_going(p)
    p.set_defaults(func=func)


def run_positions(args: argparse.Namespace, solve_line: Callable[[str, int], tuple[str, dict[str, Any]]]) -> int:
    """Solve each position line with ``solve_line(text, line) -> (text output, JSON object)``."""
    bad = BadInput(args.keep_going)
    for n, text in input_lines(args.file):  # empty input: no answers, exit 0, as every bulk command
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        try:
            bad_bytes = utf8_error(text, n)
            if bad_bytes is not None:
                raise bad_bytes
            plain, obj = solve_line(text, n)
        except BitcardsError as e:
            msg = str(e)
            bad(e, msg if msg.startswith("line ") else f"line {n}: {msg}")
            continue
        if args.json:
            emit_json({"line": n, **obj})
        else:
            sys.stdout.write(plain + "\n")
    return bad.rc()
