"""``bitcards skat id ...`` and ``bitcards skat run-id ...``: skat-game-id ids from the command line.

* ``id encode [FILE]``: deals (one per line as 32 cards front, middle, rear, skat; or deals in
  the four-line notation, one after the other) -> one Base64 id per line (``--decimal`` for the
  decimal id).
* ``id decode [ID ...]``: ids (arguments, or one per line on stdin) -> deals in the notation.
* ``run-id encode [FILE]``: game runs in the run notation (one after the other) -> ids.

With ``--keep-going`` a bad line is reported and reading resumes after the next blank line
(separate multi-line deals and runs with blank lines to use it).
* ``run-id decode [ID ...]``: run ids -> runs in the notation.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from bitcards.cli._common import (
    ArgumentParser,
    BadInput,
    UserError,
    add_json,
    add_keep_going,
    count,
    emit_json,
    input_lines,
    open_input,
    utf8_error,
)
from bitcards.errors import BitcardsError, CodecError, ParseError, shorten
from bitcards.skat.ids import (
    GAME_KINDS,
    Game,
    GameRun,
    deal_id_from_decimal,
    format_game,
    format_game_run,
    format_run_id,
    parse_deal_id,
    parse_run_id,
    run_from_decimal,
    run_to_decimal,
)
from bitcards.skat.ids.text import _Lines, _next_content, _read_game, _read_run, _strip

_DECIMAL = re.compile(r"[+-]?[0-9]+")

T = TypeVar("T")


def register_into(skat_sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``id`` and ``run-id`` command groups to ``bitcards skat``."""
    for name, what in (("id", "game ids (deals)"), ("run-id", "game-run ids (whole games)")):
        p = skat_sub.add_parser(name, help=f"skat-game-id {what}: encode and decode", description=__doc__)
        sub = p.add_subparsers(dest=f"{name}_command", metavar="COMMAND", parser_class=ArgumentParser)
        sub.required = True
        enc = sub.add_parser("encode", help=f"text notation -> {what}")
        enc.add_argument("file", nargs="?", help="input file (default: stdin)")
        enc.add_argument("--decimal", action="store_true", help="write decimal ids (Java's computeIdAsBigInteger)")
        add_json(enc)
        add_keep_going(enc)
        dec = sub.add_parser("decode", help=f"{what} -> text notation")
        dec.add_argument("ids", nargs="*", metavar="ID", help="ids (default: one per line on stdin)")
        dec.add_argument("--decimal", action="store_true", help="the ids are decimal, not Base64")
        dec.add_argument("--length", type=count(), help="byte length of decimal ids (decimals drop leading zero bytes)")
        if name == "id":
            dec.add_argument("--one-line", action="store_true", help="one deal per line (stacks separated by spaces)")
            enc.set_defaults(func=_encode_deals)
            dec.set_defaults(func=_decode_deals)
        else:
            dec.add_argument(
                "--order",
                choices=("reader", "readme"),
                default="reader",
                help="bids before the skat cards (reader, default; Java's reader reads it) or after (readme)",
            )
            for q in (enc, dec):
                q.add_argument(
                    "--no-check-play",
                    action="store_true",
                    help="accept tricks that do not play each card exactly once (Java does not check; e.g. the 27-byte"
                    " example of the format description)",
                )
            enc.set_defaults(func=_encode_runs)
            dec.set_defaults(func=_decode_runs)
        add_json(dec)
        add_keep_going(dec)


# --- helpers ---------------------------------------------------------------------------


def _names(cards: tuple[int, ...]) -> list[str]:
    return ["SRGE"[c // 8] + "789XUOKA"[c % 8] for c in cards]


def _game_json(g: Game) -> dict[str, Any]:
    return {name: _names(st) for name, st in zip(("front", "middle", "rear", "skat"), g.stacks)}


def _deal_json(deal_id: int) -> dict[str, Any]:
    g = Game.from_id(deal_id)
    return {"id": g.base64(), "decimal": g.decimal(), **_game_json(g)}


def _run_json(r: GameRun) -> dict[str, Any]:
    return {
        "id": format_run_id(r),
        "decimal": run_to_decimal(r),
        **_game_json(r.game),
        "bids": list(r.bids),
        "bid_values": list(r.bid_values),
        "skat_cards": _names(r.skat_cards),
        "kind": GAME_KINDS[r.kind],
        "hand": r.hand,
        "ouvert": r.ouvert,
        "hand_announced": r.hand_announced,
        "ouvert_announced": r.ouvert_announced,
        "tricks": [list(t) for t in r.tricks],
    }


def _ids(args: argparse.Namespace) -> Iterator[tuple[str, str]]:
    """``(label, id text)`` from the arguments or from stdin (blank lines skipped)."""
    if args.ids:
        for i, text in enumerate(args.ids, start=1):
            yield f"argument {i}", text
        return
    for n, line in input_lines(sys.stdin):
        if line.strip():
            yield f"line {n}", line.strip()


def _read_lines(path: str | None, bad: _Bad) -> tuple[_Lines, dict[int, ParseError]]:
    """The input's numbered lines, and the errors of lines holding bytes that are not UTF-8.

    Without --keep-going the first such line stops the command; with it, the deal or run that
    contains the line is reported (by :func:`_utf8_in`) and skipped.
    """
    stream = open_input(path)
    try:
        lines = list(input_lines(stream))
    finally:
        if stream is not sys.stdin:
            stream.close()
    errors = {}
    for n, raw in lines:
        err = utf8_error(raw, n)
        if err is not None:
            if not bad.keep_going:
                bad(f"line {n}", err)
            errors[n] = err
    return lines, errors


def _utf8_in(errors: dict[int, ParseError], first: int, last: int) -> ParseError | None:
    """The first not-UTF-8 error on lines ``first .. last``."""
    return next((errors[n] for n in sorted(errors) if first <= n <= last), None)


def _check_utf8(text: str, label: str) -> None:
    if label.startswith("line ") and (err := utf8_error(text, int(label[5:]))) is not None:
        raise CodecError(str(err))


def _decimal(text: str, label: str) -> int:
    if not _DECIMAL.fullmatch(text) or len(text) > 200:  # ids have at most 78 digits; int() refuses 4300
        raise CodecError(f"{shorten(text)} is not a decimal id")
    return int(text)


def _after_blank(lines: _Lines, line: int) -> int:
    """Index of the first blank line after line number ``line`` (where --keep-going resumes)."""
    return next((j for j, (n, raw) in enumerate(lines) if n > line and not raw.strip()), len(lines))


def _check_length(args: argparse.Namespace) -> None:
    if args.length is not None and not args.decimal:
        raise UserError("--length is only for decimal ids (--decimal)")


class _Bad(BadInput):
    """:class:`BadInput`, each message led by where the bad input is (a line, an argument) unless it says so itself."""

    def __call__(self, label: str, e: BitcardsError) -> None:  # type: ignore[override]
        msg = str(e)
        super().__call__(e, msg if msg.startswith(("line ", "run starting")) else f"{label}: {msg}")


# --- the two commands, for deals and for runs -------------------------------------------


def _read_notation(
    lines: _Lines, not_utf8: dict[int, ParseError], bad: _Bad, read: Callable[[_Lines, int], tuple[T, int]]
) -> Iterator[tuple[int, T]]:
    """``(first line, item)`` of the deals or runs in the notation, one after the other, as ``read`` reads them.

    A bad one, or one with bytes that are not UTF-8 (also in a comment), goes to ``bad``; with --keep-going
    reading resumes after the next blank line.
    """
    i = 0
    seen = 0  # the last line number read as part of a deal or run
    while True:
        _, start, text = _next_content(lines, i)
        if not text:
            break
        for n in sorted(not_utf8):  # bytes in comments between the items
            if seen < n < start:
                bad(f"line {n}", not_utf8[n])
        try:
            item, j = read(lines, i)
        except ParseError as e:
            err = _utf8_in(not_utf8, start, e.line or start) or e
            bad(f"line {err.line}", err)
            i = _after_blank(lines, e.line or start)
            seen = lines[i - 1][0] if i else 0
            continue
        i = j
        seen = lines[j - 1][0]
        err8 = _utf8_in(not_utf8, start, seen)
        if err8 is not None:  # the bytes were in a comment
            bad(f"line {err8.line}", err8)
            continue
        yield start, item
    for n in sorted(not_utf8):  # and after the last one
        if n > seen:
            bad(f"line {n}", not_utf8[n])


def _encode(
    args: argparse.Namespace,
    read: Callable[[_Lines, dict[int, ParseError], _Bad], Iterable[tuple[int, T]]],
    to_id: Callable[[T], str],
    to_decimal: Callable[[T], int],
    numbered: str | None = None,
) -> int:
    """``encode``: one id a line (``--decimal``: decimal ids), or with --json ``{"line", "id", "decimal"}``.

    ``read(lines, not_utf8, bad)`` gives ``(first line, item)``; its ids are written as it gives them (a
    list is all read before the first id is out). ``numbered`` is a JSON key put first, counting the items from 1.
    """
    bad = _Bad(args.keep_going)
    lines, not_utf8 = _read_lines(args.file, bad)
    for k, (n, item) in enumerate(read(lines, not_utf8, bad), start=1):
        if args.json:
            emit_json({**({numbered: k} if numbered else {}), "line": n, "id": to_id(item), "decimal": to_decimal(item)})
        else:
            sys.stdout.write(f"{to_decimal(item) if args.decimal else to_id(item)}\n")
    return bad.rc()


def _decode(
    args: argparse.Namespace,
    parse: Callable[[str], T],
    from_decimal: Callable[[int, int | None], T],
    to_json: Callable[[T], dict[str, Any]],
    to_text: Callable[[T], str],
    sep: str = "\n",
) -> int:
    """``decode``: each id (``--decimal``: decimal id) in the notation, ``sep`` between two, or as JSON."""
    _check_length(args)
    bad = _Bad(args.keep_going)
    first = True
    for label, text in _ids(args):
        try:
            _check_utf8(text, label)
            x = from_decimal(_decimal(text, label), args.length) if args.decimal else parse(text)
        except CodecError as e:
            bad(label, e)
            continue
        if args.json:
            emit_json(to_json(x))
        else:
            sys.stdout.write(("" if first else sep) + to_text(x))
        first = False
    return bad.rc()


# --- id ---------------------------------------------------------------------------------


def _deals(lines: _Lines, not_utf8: dict[int, ParseError], bad: _Bad) -> list[tuple[int, Game]]:
    """``(line, game)`` of every good deal: one a line (32 cards), or in the notation, one after the other."""
    content = [(n, raw) for n, raw in lines if _strip(raw)]
    if content and len(_strip(content[0][1])) < 64:  # deals in the notation (four lines each, or any split)
        return list(_read_notation(lines, not_utf8, bad, _read_game))
    items = []
    for n, raw in lines:  # one deal per line
        try:
            if n in not_utf8:
                raise not_utf8[n]
            if not _strip(raw):
                continue
            game, _ = _read_game([(n, raw)], 0)
        except ParseError as e:
            bad(f"line {n}", e)
            continue
        items.append((n, game))
    return items


def _encode_deals(args: argparse.Namespace) -> int:
    return _encode(args, _deals, Game.base64, Game.decimal)


def _decode_deals(args: argparse.Namespace) -> int:
    def text(deal_id: int) -> str:
        notation = format_game(Game.from_id(deal_id))
        return notation.replace("\n", " ").rstrip() + "\n" if args.one_line else notation

    return _decode(args, parse_deal_id, deal_id_from_decimal, _deal_json, text, sep="" if args.one_line else "\n")


# --- run-id -----------------------------------------------------------------------------


def _encode_runs(args: argparse.Namespace) -> int:
    check = not args.no_check_play

    def runs(lines: _Lines, not_utf8: dict[int, ParseError], bad: _Bad) -> Iterator[tuple[int, GameRun]]:
        return _read_notation(lines, not_utf8, bad, lambda ls, i: _read_run(ls, i, check))

    return _encode(args, runs, format_run_id, run_to_decimal, numbered="run")


def _decode_runs(args: argparse.Namespace) -> int:
    check = not args.no_check_play
    return _decode(
        args,
        lambda text: parse_run_id(text, check_play=check),
        lambda value, length: run_from_decimal(value, length, check_play=check),
        _run_json,
        lambda r: format_game_run(r, order=args.order),
    )
