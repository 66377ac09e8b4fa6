"""``bitcards skat id ...`` and ``bitcards skat run-id ...``: skat-game-id ids from the command line
(:data:`HELP` says what each command does)."""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import re
import sys
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import numpy as np

from bitcards.batch import masks_to_indices
from bitcards.cli._bulk import masks_of, run_lines
from bitcards.cli._common import (
    BadInput,
    UserError,
    add_group,
    add_input,
    add_json,
    add_keep_going,
    count,
    emit_json,
    input_chunks,
    utf8_error,
)
from bitcards.errors import BitcardsError, CodecError, ParseError, shorten
from bitcards.skat.ids import (
    GAME_KINDS,
    STACK_SIZES,
    Game,
    GameRun,
    deal_id_from_decimal,
    deal_id_to_decimal,
    decode_deals,
    decode_run,
    encode_deals,
    encode_run,
    format_deal_id,
    format_deal_ids,
    format_run_id,
    ints_to_run_ids,
    parse_deal_id,
    parse_run_id,
    run_from_decimal,
    run_ids_to_ints,
    run_to_decimal,
)
from bitcards.skat.ids.codec import b64_decode_rows
from bitcards.skat.ids.runs import decode_run_words
from bitcards.skat.ids.text import NumberedLines, next_notation_line, read_game_at, read_game_run_at, strip_notation
from bitcards.textio import Chunk

HELP = """Game ids and game-run ids of the Java library skat-game-id, from the command line:

  * id encode [FILE]      deals (one a line as 32 cards front, middle, rear, skat; or deals in
                          the four-line notation, one after the other) -> one Base64 id a line
                          (--decimal: the decimal id)
  * id decode [ID ...]    ids (arguments, or one a line on stdin) -> deals in the notation
  * run-id encode [FILE]  game runs in the run notation, one after the other -> ids
  * run-id decode [ID ...] run ids -> runs in the notation

With --keep-going a bad line is reported and reading resumes after the next blank line
(separate multi-line deals and runs with blank lines to use it)."""

_DECIMAL = re.compile(r"[+-]?[0-9]+")

T = TypeVar("T")


def register_into(skat_sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``id`` and ``run-id`` command groups to ``bitcards skat``."""
    for name, what in (("id", "game ids (deals)"), ("run-id", "game-run ids (whole games)")):
        sub = add_group(
            skat_sub,
            name,
            help=f"skat-game-id {what}: encode and decode",
            description=HELP,
            formatter_class=argparse.RawDescriptionHelpFormatter,  # keeps the list of commands a list
        )
        enc = sub.add_parser("encode", help=f"text notation -> {what}")
        add_input(enc)
        enc.add_argument("--decimal", action="store_true", help="write decimal ids (Java's computeIdAsBigInteger)")
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


#: the two bytes of each card number's name (S7 .. EA), as one 16-bit item
_NAME_PAIRS = np.frombuffer("".join(_names(tuple(range(32)))).encode("ascii"), dtype=np.uint16)


def _game_json(g: Game) -> dict[str, Any]:
    return {name: _names(st) for name, st in zip(("front", "middle", "rear", "skat"), g.stacks)}


def _line(line: int | None) -> dict[str, Any]:
    """The row key of an id read from a line of input (none for an id given as an argument)."""
    return {} if line is None else {"line": line}


def _deal_json(deal_id: int, line: int | None) -> dict[str, Any]:
    g = Game.from_id(deal_id)
    return {**_line(line), "id": g.base64(), "decimal": g.decimal(), **_game_json(g)}


def _run_json(r: GameRun, line: int | None) -> dict[str, Any]:
    return {
        **_line(line),
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
        "tricks": [_names(r.trick_cards(t)) for t in range(len(r.tricks))],  # the cards of front, middle, rear
    }


def _at_line(n: int, e: BitcardsError) -> BitcardsError:
    """``e`` led by its line unless it names one itself."""
    msg = str(e)
    return e if msg.startswith(("line ", "run starting")) else type(e)(f"line {n}: {msg}")


def _decimal(text: str) -> int:
    if not _DECIMAL.fullmatch(text) or len(text) > 200:  # ids have at most 78 digits; int() refuses 4300
        raise CodecError(f"{shorten(text)} is not a decimal id")
    return int(text)


def _check_length(args: argparse.Namespace) -> None:
    if args.length is not None and not args.decimal:
        raise UserError("--length is only for decimal ids (--decimal)")


class _Bad(BadInput):
    """:class:`BadInput`, each message led by where the bad input is (a line, an argument) unless it says so itself."""

    def __call__(self, label: str, e: BitcardsError) -> None:  # type: ignore[override]
        msg = str(e)
        super().__call__(e, msg if msg.startswith(("line ", "run starting")) else f"{label}: {msg}")


def _first_content(chunks: Iterator[Chunk]) -> tuple[str | None, Iterator[Chunk]]:
    """The first line with content (a comment and whitespace are none), and all the chunks again."""
    head: list[Chunk] = []
    first = None
    for ch in chunks:
        head.append(ch)
        first = next((t for t in ch.texts() if strip_notation(t)), None)
        if first is not None:
            break
    return first, itertools.chain(head, chunks)


class _Window:
    """The input's lines for the notation's readers, which take a list: read ahead only as far as
    :data:`LOOKAHEAD` lines with content (more than any deal or run has), so that any input runs in
    bounded memory. Runs of blank lines and of comment-only lines are kept as their last line (the
    readers skip them; a blank line is where --keep-going resumes). ``not_utf8`` holds the errors of
    lines read holding bytes that are not UTF-8, until they are reported or passed."""

    LOOKAHEAD = 256

    def __init__(self, lines: Iterator[tuple[int, str]]) -> None:
        self._it = lines
        self.buf: NumberedLines = []
        self._content = 0
        self._eof = False
        self.not_utf8: dict[int, ParseError] = {}

    def fill(self) -> NumberedLines:
        while not self._eof and self._content < self.LOOKAHEAD:
            item = next(self._it, None)
            if item is None:
                self._eof = True
                break
            n, raw = item
            err = utf8_error(raw, n)
            if err is not None:
                self.not_utf8[n] = err
            if strip_notation(raw):
                self._content += 1
            elif self.buf and not strip_notation(self.buf[-1][1]) and bool(raw.strip()) == bool(self.buf[-1][1].strip()):
                self.buf[-1] = item
                continue
            self.buf.append(item)
        return self.buf

    def drop(self, j: int) -> None:
        """Forget the first ``j`` lines."""
        self._content -= sum(1 for _, raw in self.buf[:j] if strip_notation(raw))
        del self.buf[:j]

    def skip_past(self, line: int) -> int:
        """Forget the lines up to the first blank line after line number ``line`` (kept: --keep-going resumes
        there); the number of the last line forgotten."""
        last = line
        while True:
            j = next((j for j, (n, raw) in enumerate(self.buf) if n > line and not raw.strip()), len(self.buf))
            if j:
                last = self.buf[j - 1][0]
            self.drop(j)
            if self.buf or self._eof:
                return last
            self.fill()

    def utf8_in(self, first: int, last: int) -> ParseError | None:
        """The first not-UTF-8 error on lines ``first .. last``."""
        return next((self.not_utf8[n] for n in sorted(self.not_utf8) if first <= n <= last), None)

    def report(self, bad: _Bad, after: int, before: float) -> None:
        """Report the not-UTF-8 lines between two items (``after < n < before``), and forget those before ``before``."""
        for n in sorted(self.not_utf8):
            if after < n < before:
                bad(f"line {n}", self.not_utf8[n])
        for n in [n for n in self.not_utf8 if n < before]:
            del self.not_utf8[n]

    def forget(self, upto: float) -> None:
        for n in [n for n in self.not_utf8 if n <= upto]:
            del self.not_utf8[n]


# --- the two commands, for deals and for runs -------------------------------------------


def _read_notation(src: _Window, bad: _Bad, read: Callable[[NumberedLines, int], tuple[T, int]]) -> Iterator[tuple[int, T]]:
    """``(first line, item)`` of the deals or runs in the notation, one after the other, as ``read`` reads them.

    A bad one, or one with bytes that are not UTF-8 (also in a comment), goes to ``bad``; with --keep-going
    reading resumes after the next blank line.
    """
    seen = 0  # the last line number read as part of a deal or run
    while True:
        lines = src.fill()
        _, start, text = next_notation_line(lines, 0)
        if not text:
            break
        src.report(bad, seen, start)  # bytes in comments between the items
        try:
            item, j = read(lines, 0)
        except ParseError as e:
            err = src.utf8_in(start, e.line or start) or e
            bad(f"line {err.line}", err)
            seen = src.skip_past(e.line or start)
            src.forget(seen)
            continue
        seen = lines[j - 1][0]
        src.drop(j)
        err8 = src.utf8_in(start, seen)
        src.forget(seen)
        if err8 is not None:  # the bytes were in a comment
            bad(f"line {err8.line}", err8)
            continue
        yield start, item
    src.report(bad, seen, float("inf"))  # and after the last one


def _encode_notation(
    args: argparse.Namespace,
    chunks: Iterator[Chunk],
    bad: _Bad,
    read: Callable[[NumberedLines, int], tuple[T, int]],
    to_id: Callable[[T], str],
    to_decimal: Callable[[T], int],
) -> None:
    """``encode`` of deals or runs in the notation: one id a line (``--decimal``: decimal ids), or with --json
    ``{"line", "id", "decimal"}`` (``line``: where the item starts), as they are read."""
    lines = (item for ch in chunks for item in enumerate(ch.texts(), start=ch.first))
    for n, item in _read_notation(_Window(lines), bad, read):
        if args.json:
            emit_json({"line": n, "id": to_id(item), "decimal": to_decimal(item)})
        else:
            sys.stdout.write(f"{to_decimal(item) if args.decimal else to_id(item)}\n")


def _decode(
    args: argparse.Namespace,
    fast: Callable[[Chunk], tuple[np.ndarray, Any]] | None,
    parse: Callable[[str], Any],
    from_decimal: Callable[[int, int | None], Any],
    format: Callable[[Any, np.ndarray], list[str]],
    stack: Callable[[list[Any]], Any],
) -> int:
    """``decode``: each id (``--decimal``: decimal id) of the arguments or of stdin's lines (blank lines
    skipped), parsed in bulk by ``fast`` where it can (not for decimal ids), else one by one by ``parse``."""
    _check_length(args)
    bad = _Bad(args.keep_going)

    def slow(n: int, text: str) -> Any:
        text = text.strip()
        if not text:
            return None
        try:
            if (err := utf8_error(text, n)) is not None:
                raise CodecError(str(err))
            return from_decimal(_decimal(text), args.length) if args.decimal else parse(text)
        except CodecError as e:
            raise _at_line(n, e) from None

    if args.ids:
        for i, text in enumerate(args.ids, start=1):
            try:
                x = from_decimal(_decimal(text), args.length) if args.decimal else parse(text)
            except CodecError as e:
                bad(f"argument {i}", e)
                continue
            sys.stdout.write("".join(format(stack([x]), np.array([i]))))
        return bad.rc()
    lines_bad = BadInput(args.keep_going)  # the parsers' errors name their lines
    run_lines(input_chunks(None), None if args.decimal else fast, slow, format, lines_bad, stack)
    return lines_bad.rc()


# --- id ---------------------------------------------------------------------------------


@functools.cache
def _skat_card_table() -> np.ndarray:
    """``int16[65536]``: the card number of every two-character ASCII card name (any case), else -1."""
    table = np.full(1 << 16, -1, dtype=np.int16)
    for s, suit in enumerate("SRGE"):
        for v, value in enumerate("789XUOKA"):
            for a in {suit, suit.lower()}:
                for b in {value, value.lower()}:
                    table[ord(a) << 8 | ord(b)] = s * 8 + v
    return table


def _deal_fast(ch: Chunk) -> tuple[np.ndarray, np.ndarray]:
    """Lines of 32 two-character cards, all together or the four stacks separated by one space or tab."""
    table = _skat_card_table()
    found = []
    for width, seps in ((64, ()), (67, (20, 41, 62))):
        rows, a = ch.fixed(width)
        if not rows.shape[0]:
            continue
        ok = np.ones(rows.shape[0], dtype=bool)
        if seps:
            ok &= np.isin(a[:, list(seps)], (9, 32)).all(axis=1)
            a = np.delete(a, list(seps), axis=1)
        cards = table[a[:, 0::2].astype(np.int64) << 8 | a[:, 1::2]].astype(np.int64)
        ok &= (cards >= 0).all(axis=1)
        masks = np.stack([masks_of(cards[:, lo:hi]) for lo, hi in ((0, 10), (10, 20), (20, 30), (30, 32))], axis=1)
        ok &= np.bitwise_or.reduce(masks, axis=1) == np.uint64(0xFFFFFFFF)  # 32 cards, none twice
        found.append((rows[ok], masks[ok]))
    if not found:
        return np.empty(0, dtype=np.int64), np.empty(0, dtype=np.uint64)
    rows = np.concatenate([r for r, _ in found])
    order = np.argsort(rows, kind="stable")
    return rows[order], encode_deals(np.concatenate([m for _, m in found])[order])


def _deal_slow(n: int, raw: str) -> int | None:
    """One line: one deal's id, or None for a line without content."""
    if (err := utf8_error(raw, n)) is not None:
        raise err
    if not strip_notation(raw):
        return None
    game, _ = read_game_at([(n, raw)], 0)
    return game.deal_id


def _ids_out(args: argparse.Namespace, ids: np.ndarray, lines: np.ndarray) -> list[str]:
    """``encode``'s output of deal ids."""
    if args.json:
        return [
            json.dumps({"line": n, "id": format_deal_id(x), "decimal": deal_id_to_decimal(x)}) + "\n"
            for n, x in zip(lines.tolist(), ids.tolist())
        ]
    if args.decimal:
        return [f"{deal_id_to_decimal(x)}\n" for x in ids.tolist()]
    return [t + "\n" for t in format_deal_ids(ids, check=False)]


def _encode_deals(args: argparse.Namespace) -> int:
    bad = _Bad(args.keep_going)
    first, chunks = _first_content(input_chunks(args.file))
    if first is None or len(strip_notation(first)) < 64:  # deals in the notation (four lines each, or any split)
        _encode_notation(args, chunks, bad, read_game_at, Game.base64, Game.decimal)
        return bad.rc()

    def fmt(ids: np.ndarray, lines: np.ndarray) -> list[str]:
        return _ids_out(args, ids, lines)

    lines_bad = BadInput(args.keep_going)  # the parsers' errors name their lines
    run_lines(chunks, _deal_fast, _deal_slow, fmt, lines_bad, _uint64s)
    return lines_bad.rc()


def _uint64s(items: list[int]) -> np.ndarray:
    return np.array(items, dtype=np.uint64)


def _deal_ids_fast(ch: Chunk) -> tuple[np.ndarray, np.ndarray]:
    """Lines that are one Base64 game id each (the kernel reads them all; any line it refuses is left
    to the per-line parser, which says why)."""
    rows = np.flatnonzero(ch.lengths() > 0)
    words, flags = b64_decode_rows(ch.buf, ch.starts[rows], ch.ends[rows], 1, deal=True)
    ok = flags == 0
    return rows[ok], words[ok, 0]


def _notation_bytes(ids: np.ndarray, one_line: bool) -> np.ndarray:
    """The deals of ``ids`` in the notation as an ``(n, width)`` byte block: four lines (front, middle, rear,
    skat; a blank line before each deal) or one line, cards in order."""
    masks = decode_deals(ids)
    n = ids.shape[0]
    width = 68 if one_line else 69
    block = np.empty((n, width), dtype=np.uint8)
    pos = 0
    if not one_line:
        block[:, 0] = 10
        pos = 1
    for j, size in enumerate(STACK_SIZES):
        idx = masks_to_indices(masks[:, j], size)
        block[:, pos : pos + 2 * size] = _NAME_PAIRS[idx].view(np.uint8).reshape(n, 2 * size)
        pos += 2 * size
        block[:, pos] = 32 if one_line and j < 3 else 10
        pos += 1
    return block


def _text(block: np.ndarray) -> list[str]:
    return [block.tobytes().decode("ascii")]


def _lines(args: argparse.Namespace, lines: np.ndarray) -> list[int | None]:
    """``decode``'s input line of each id: the line numbers for ids read from stdin, ``None`` for arguments."""
    return [None] * len(lines) if args.ids else lines.tolist()


def _decode_deals(args: argparse.Namespace) -> int:
    first = [True]

    def fmt(ids: np.ndarray, lines: np.ndarray) -> list[str]:
        if args.json:
            return [json.dumps(_deal_json(x, n), ensure_ascii=False) + "\n" for x, n in zip(ids.tolist(), _lines(args, lines))]
        block = _notation_bytes(ids, args.one_line)
        if first[0] and not args.one_line:
            block = block.reshape(-1)[1:]  # no blank line before the first deal
        first[0] = False
        return _text(block)

    return _decode(args, _deal_ids_fast, parse_deal_id, deal_id_from_decimal, fmt, _uint64s)


# --- run-id -----------------------------------------------------------------------------


def _encode_runs(args: argparse.Namespace) -> int:
    check = not args.no_check_play
    bad = _Bad(args.keep_going)
    _encode_notation(
        args, input_chunks(args.file), bad, lambda ls, i: read_game_run_at(ls, i, check), format_run_id, run_to_decimal
    )
    return bad.rc()


def _field(words: np.ndarray, pos: int, width: int) -> np.ndarray:
    """Stream bits ``pos .. pos + width - 1`` (``width`` <= 8) of each run id, read MSB first as the id stores them."""
    k, off = divmod(pos, 64)
    v = words[:, k] >> np.uint64(off)
    if off + width > 64:
        v = v | (words[:, k + 1] << np.uint64(64 - off))
    v = v & np.uint64((1 << width) - 1)
    return (_REV8[v.astype(np.int64)] >> (8 - width)).astype(np.int64)


_REV8 = np.array([int(f"{b:08b}"[::-1], 2) for b in range(256)], dtype=np.int64)
_DIGITS = np.frombuffer(b"0123456789", dtype=np.uint8)


def _runs_out(words: np.ndarray, order: str) -> np.ndarray:
    """The runs of valid run-id ``words`` in the notation, as :func:`~bitcards.skat.ids.format_game_run` writes
    each, a blank line before each: the bytes of fixed-width rows (the deal, bids, skat cards, game type and
    ten tricks), with the trick lines left out for runs without tricks."""
    n = words.shape[0]
    bids = np.stack([_field(words, 64 + 7 * j, 7) for j in range(3)], axis=1)
    bid_rows = np.empty((n, 3, 3), dtype=np.uint8)
    bid_rows[:, :, 0] = _DIGITS[bids // 10]
    bid_rows[:, :, 1] = _DIGITS[bids % 10]
    bid_rows[:, :, 2] = 10
    card_row = np.empty((n, 5), dtype=np.uint8)
    card_row[:, 0:4] = _NAME_PAIRS[np.stack([_field(words, 85, 5), _field(words, 90, 5)], axis=1)].view(np.uint8)
    card_row[:, 4] = 10
    type_row = np.empty((n, 6), dtype=np.uint8)
    type_row[:, 0] = _DIGITS[_field(words, 95, 3)]
    type_row[:, 1:5] = _DIGITS[((words[:, 1:2] >> np.arange(34, 38, dtype=np.uint64)) & np.uint64(1)).astype(np.int64)]
    type_row[:, 5] = 10
    tricks = np.stack([_field(words, 102 + 4 * i, 4) for i in range(30)], axis=1).reshape(n, 10, 3)
    trick_rows = np.empty((n, 10, 4), dtype=np.uint8)
    trick_rows[:, :, :3] = _DIGITS[np.minimum(tricks, 9)]
    trick_rows[:, :, 3] = 10
    game = [bid_rows.reshape(n, 9), card_row] if order == "reader" else [card_row, bid_rows.reshape(n, 9)]
    block = np.concatenate(
        [_notation_bytes(words[:, 0].copy(), one_line=False), *game, type_row, trick_rows.reshape(n, 40)], axis=1
    )
    keep = np.ones(block.shape, dtype=bool)
    keep[((words[:, 1] >> np.uint64(38)) | words[:, 2] | words[:, 3]) == 0, -40:] = False  # no tricks recorded
    return block[keep]


def _run_ids_fast(check: bool) -> Callable[[Chunk], tuple[np.ndarray, np.ndarray]]:
    def fast(ch: Chunk) -> tuple[np.ndarray, np.ndarray]:
        """Lines that are one Base64 run id each, read and checked by the kernels (any line they refuse is
        left to the per-line parser, which says why)."""
        rows = np.flatnonzero(ch.lengths() > 0)
        words, flags = b64_decode_rows(ch.buf, ch.starts[rows], ch.ends[rows], 4)
        flags |= decode_run_words(words, check)[1]
        ok = flags == 0
        return rows[ok], words[ok]

    return fast


def _decode_runs(args: argparse.Namespace) -> int:
    check = not args.no_check_play
    first = [True]

    def fmt(words: np.ndarray, lines: np.ndarray) -> list[str]:
        if args.json:
            return [
                json.dumps(_run_json(decode_run(x, check_play=check), n), ensure_ascii=False) + "\n"
                for x, n in zip(run_ids_to_ints(words), _lines(args, lines))
            ]
        text = _runs_out(words, args.order)
        if first[0]:
            text = text[1:]  # no blank line before the first run
        first[0] = False
        return _text(text)

    def words_of(run: GameRun) -> np.ndarray:
        return ints_to_run_ids([encode_run(run)])[0]

    return _decode(
        args,
        _run_ids_fast(check),
        lambda text: words_of(parse_run_id(text, check_play=check)),
        lambda value, length: words_of(run_from_decimal(value, length, check_play=check)),
        fmt,
        lambda rows: np.array(rows, dtype=np.uint64).reshape(-1, 4),
    )
