"""Shared CLI helpers: one-line errors, JSON output, reading input lines."""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import os
import re
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any, NoReturn

from bitcards.errors import TOKEN_LIMIT, BitcardsError, shorten
from bitcards.textio import Chunk, read_chunks
from bitcards.textio import utf8_error as utf8_error  # for the commands


class UserError(BitcardsError):
    """A mistake in what the user typed that is not a card/codec error (a missing file, ...)."""


#: exit code when the output cannot be written (sysexits.h's EX_IOERR)
#: the exit code of a command whose reader went away (killed by SIGPIPE, as Unix tools are)
EX_SIGPIPE = 141
EX_IOERR = 74


class OutputError(Exception):
    """Standard output could not be written (a full disk, a closed stdout, a reader that went away).

    Not a :class:`BitcardsError`, so that no command's bad-input handling can take it for bad input.
    """


class ReaderGone(OutputError):
    """The reader of standard output went away (``bitcards deal ... | head``): stop quietly, like Unix tools."""


class GuardedOutput:
    """Standard output for a command: a failing write or flush raises :class:`OutputError`.

    ``bitcards.cli.main`` puts it in place of ``sys.stdout``, so every command's output errors end
    in one place. ``None`` (Python's stdout when file descriptor 1 was closed at start) fails on the
    first write, so a command that prints nothing does not need a stdout.
    """

    def __init__(self, stream: IO[str] | None) -> None:
        self._stream = stream

    def _fail(self, e: OSError) -> NoReturn:
        if isinstance(e, BrokenPipeError):
            raise ReaderGone from None
        raise OutputError(e.strerror or str(e)) from None

    def write(self, s: str) -> int:
        if self._stream is None:
            self._fail(OSError(errno.EBADF, os.strerror(errno.EBADF)))
        try:
            return self._stream.write(s)
        except OSError as e:
            self._fail(e)

    def writelines(self, lines: Iterable[str]) -> None:
        for s in lines:
            self.write(s)

    def flush(self) -> None:
        if self._stream is None:
            return
        try:
            self._stream.flush()
        except OSError as e:
            self._fail(e)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class ClosedInput:
    """Standard input when file descriptor 0 was closed at start (Python's ``sys.stdin`` is then ``None``):
    the first read is a :class:`UserError`, so a command that reads nothing does not need a stdin."""

    def _fail(self) -> NoReturn:
        raise UserError("cannot read stdin: it is closed (give a file, or pipe the input in)")

    def __iter__(self) -> Iterator[str]:
        self._fail()

    def read(self, size: int = -1) -> str:
        self._fail()

    def readline(self, size: int = -1) -> str:
        self._fail()

    def close(self) -> None:
        pass

    def __enter__(self) -> ClosedInput:
        return self

    def __exit__(self, *exc: object) -> None:
        pass


class ArgumentParser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line on stderr and exits 2.

    A negative number in any of the spellings :func:`count` reads (``-1e3``, ``-1_000``) is a
    value, not an option, so that it is refused as a negative count rather than as a missing value.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = re.compile(r"^-[0-9_]*\.?[0-9_]+([eE][+-]?[0-9_]+)?$")

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {one_line(message)} (see --help)\n")


def count(minimum: int = 0) -> Callable[[str], int]:
    """An argparse ``type`` for counts: a whole number ``>= minimum``, written ``1000``, ``1_000`` or ``1e3``.

    Every count flag of every command reads numbers with it. The value is read exactly
    (``1e23`` is 10**23, which a float would make 99999999999999991611392); ``1.5e3`` is 1500;
    fractions, negatives and words are refused, naming the flag and the text.

    >>> count()("1e3"), count()("1_000"), count(1)("2.5e1")
    (1000, 1000, 25)
    >>> count()("1.5")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: not a whole number: '1.5'
    >>> count()("-2")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be >= 0, got '-2'
    """

    def parse(text: str) -> int:
        from decimal import Decimal, InvalidOperation

        t = text.strip().replace("_", "")
        try:
            d = Decimal(t)
        except InvalidOperation:
            d = Decimal("nan")
        if not re.fullmatch(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?", t):
            raise argparse.ArgumentTypeError(f"invalid count {shorten(text)}: write a whole number like 1000, 1_000 or 1e3")
        if d.adjusted() > 100:
            raise argparse.ArgumentTypeError(f"too large: {shorten(text)}")
        if d.adjusted() < -100:
            raise argparse.ArgumentTypeError(f"not a whole number: {shorten(text)}")
        if d != d.to_integral_value():
            raise argparse.ArgumentTypeError(f"not a whole number: {shorten(text)}")
        if d < minimum:
            raise argparse.ArgumentTypeError(f"must be >= {minimum}, got {shorten(text)}")
        return int(d)

    parse.__name__ = "count"
    return parse


def add_seed(p: argparse.ArgumentParser, what: str = "") -> None:
    """``--seed S``: the same seed gives the same results; without it a fresh seed is chosen and printed
    (:func:`use_seed`). Every command that makes or samples things takes it."""
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help=f"seed{what}: the same seed gives the same results (default: a fresh one, printed on stderr as 'seed: N')",
    )


def use_seed(seed: int | None) -> int:
    """The seed to use: ``seed``, or a fresh one, printed on stderr as ``seed: N`` so that the run can be repeated."""
    from bitcards._rng import seed_key

    used, _ = seed_key(seed)
    if seed is None:
        sys.stderr.write(f"seed: {used}\n")
    return used


def add_group(sub: argparse._SubParsersAction, name: str, **kw: Any) -> argparse._SubParsersAction:  # type: ignore[type-arg]
    """The command group ``bitcards ... NAME COMMAND``: its parser (``kw``: help, description, ...) and
    the subparsers its commands are added to (a command is required)."""
    p = sub.add_parser(name, **kw)
    g = p.add_subparsers(dest=f"{name}_command", metavar="COMMAND", parser_class=ArgumentParser)
    g.required = True
    return g


def add_input(p: argparse.ArgumentParser, help: str = "input file (default: stdin)", **kw: Any) -> None:
    """A command that reads lines: the optional input file (stdin without it), ``--keep-going`` and ``--json``."""
    p.add_argument("file", nargs="?", help=help, **kw)
    add_keep_going(p)
    add_json(p)


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


class OutputFile:
    """The file of an ``--out PATH``: made before the work starts, complete or absent after it.

    A regular file (or a new one) is written to a temporary file beside it, created at once so
    that a path that cannot be written fails before a long run (``os.access`` says yes to root
    even on ``/sys``), and renamed onto ``PATH`` only when :meth:`writing` finished without an
    error. Anything else that exists at ``PATH`` (a device, a FIFO) is written to directly and
    never replaced or deleted. As a context manager, an error or Ctrl-C anywhere inside removes
    the temporary file and leaves ``PATH`` as it was.
    """

    def __init__(self, path: str) -> None:
        if not path.strip():
            raise UserError("--out needs a file name, got an empty one")
        self.path = path
        self._target = os.path.realpath(path)  # a symbolic link stays a link to the new file
        self._tmp: str | None = None
        try:
            st = os.stat(self._target)
        except FileNotFoundError:
            st = None
        except OSError as e:
            raise UserError(f"cannot write {path}: {e.strerror}") from None
        if st is not None and stat.S_ISDIR(st.st_mode):
            raise UserError(f"cannot write {path}: it is a directory")
        self._direct = st is not None and not stat.S_ISREG(st.st_mode)
        if self._direct:
            return
        # an existing file keeps its permissions; a new one gets what the umask gives, as open() would
        umask = os.umask(0)
        os.umask(umask)
        self._mode = stat.S_IMODE(st.st_mode) if st is not None else 0o666 & ~umask
        head, tail = os.path.split(self._target)
        try:
            fd, self._tmp = tempfile.mkstemp(dir=head, prefix=f".{tail}.", suffix=".part")
        except OSError as e:
            raise UserError(f"cannot write {path}: {e.strerror}") from None
        os.close(fd)

    @contextlib.contextmanager
    def writing(self, binary: bool = False) -> Iterator[IO[Any]]:
        """The open file to write; an ``OSError`` while writing is a :class:`UserError` naming the path.

        On success the output is renamed onto the path.
        """
        name = self._tmp or self._target
        try:
            f: IO[Any]
            with open(name, "wb") if binary else open(name, "w", encoding="utf-8") as f:
                yield f
            if self._tmp is not None:
                os.chmod(self._tmp, self._mode)
                os.replace(self._tmp, self._target)
                self._tmp = None
        except OSError as e:
            raise UserError(f"cannot write {self.path}: {e.strerror or e}") from None

    def discard(self) -> None:
        """Remove the temporary file, if any (the path itself is never touched)."""
        if self._tmp is not None:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self._tmp)
            self._tmp = None

    def __enter__(self) -> OutputFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.discard()


def open_input(path: str | None) -> IO[Any]:
    """The file at ``path`` (opened as bytes: :mod:`bitcards.textio` decodes), or stdin for ``None`` or ``-``."""
    if path in (None, "-"):
        return sys.stdin
    try:
        return open(path, "rb")  # noqa: SIM115
    except OSError as e:
        raise UserError(f"cannot read {path}: {e.strerror}") from None


def cards_or_file(cards: list[str], file: str | None) -> tuple[list[str], str | None]:
    """A command's ``CARDS|FILE`` arguments and ``--file``: ``(the cards, the input path)``; one argument
    that names a file (or ``-``, stdin) is the input, no cards and no file is stdin (path ``None``)."""
    if len(cards) == 1 and (cards[0] == "-" or os.path.exists(cards[0])):
        if file:
            raise UserError("give one input file, not a FILE and --file")
        return [], cards[0]
    if cards and file:
        raise UserError("give the cards as arguments or --file, not both")
    return cards, file


def input_chunks(path: str | None) -> Iterator[Chunk]:
    """The whole lines of the file at ``path`` (stdin for ``None`` or ``-``) in chunks
    (:func:`bitcards.textio.read_chunks`: bounded memory, a line-length limit); the file is closed at the end."""
    stream = open_input(path)
    try:
        yield from read_chunks(stream)
    finally:
        if stream is not sys.stdin:
            stream.close()


def input_lines(path: str | None) -> Iterator[tuple[int, str]]:
    """``(line number from 1, text)`` of the file at ``path`` (stdin for ``None`` or ``-``), read by
    :func:`input_chunks`.

    A byte that is not UTF-8 stays in its line as a lone surrogate, for :func:`utf8_error` to report with
    the line and column, instead of aborting the whole read. A byte-order mark at the start is dropped.
    """
    for chunk in input_chunks(path):
        yield from enumerate(chunk.texts(), start=chunk.first)


#: a quoted text in a message (a repr: escapes stay whole; an apostrophe after a letter is no quote)
_QUOTED = re.compile(r"(?<!\w)'(?:[^'\\\n]|\\.)*'" + r'|(?<!\w)"(?:[^"\\\n]|\\.)*"')
#: the longest message line written
LINE_LIMIT = 500


def one_line(message: str) -> str:
    """``message`` as one line of reasonable length: every quoted text longer than
    :data:`bitcards.errors.TOKEN_LIMIT` characters is cut with ``…``, line breaks become spaces, and the
    whole is at most :data:`LINE_LIMIT` characters. Every error and warning line of the CLI goes through it.

    >>> one_line("line 1: deal id '" + "A" * 100 + "' has 100 characters")
    "line 1: deal id 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA…' has 100 characters"
    >>> one_line("the stream's rows, the declarer's cards: " + "x" * 50)  # apostrophes are no quotes
    "the stream's rows, the declarer's cards: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
    """

    def cut(m: re.Match[str]) -> str:
        q, inner = m.group()[0], m.group()[1:-1]
        if len(inner) <= TOKEN_LIMIT:
            return m.group()
        inner = re.sub(r"\\(x[0-9a-fA-F]?|u[0-9a-fA-F]{0,3}|U[0-9a-fA-F]{0,7})?$", "", inner[:TOKEN_LIMIT])
        return f"{q}{inner}…{q}"

    text = _QUOTED.sub(cut, message).replace("\r", " ").replace("\n", " ")
    return text if len(text) <= LINE_LIMIT else text[: LINE_LIMIT - 1] + "…"


def warn(message: str) -> None:
    sys.stderr.write(f"bitcards: warning: {one_line(message)}\n")


def report_bad(message: str) -> None:
    sys.stderr.write(f"bitcards: error: {one_line(message)}\n")


class BadInput:
    """The bad rows of a bulk command: without --keep-going the first one stops the command; with it,
    each is one line on stderr and the exit code (:meth:`rc`) becomes 2."""

    def __init__(self, keep_going: bool) -> None:
        self.keep_going = keep_going
        self.count = 0

    def __call__(self, e: BitcardsError, message: str | None = None) -> None:
        """Report ``e`` (as ``message`` if given, e.g. with the record it belongs to)."""
        if not self.keep_going:
            if message is None:
                raise e
            raise type(e)(message) from None
        self.count += 1
        report_bad(str(e) if message is None else message)

    def rc(self) -> int:
        return 2 if self.count else 0
