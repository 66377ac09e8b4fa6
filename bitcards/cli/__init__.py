"""The ``bitcards`` command.

Each game adds its subcommand group from ``bitcards/cli/<game>.py`` through a
``register(subparsers)`` function. A user error (bad card, malformed line,
unreadable file) prints one line on stderr and exits with code 2; output that
cannot be written (a full disk, a closed stdout, a reader that went away) one
line and code 74 (``EX_IOERR``).
"""

from __future__ import annotations

import contextlib
import os
import sys
import warnings
from collections.abc import Sequence

from bitcards._version import __version__
from bitcards.cli._common import (
    EX_IOERR,
    EX_SIGPIPE,
    ArgumentParser,
    ClosedInput,
    GuardedOutput,
    OutputError,
    ReaderGone,
    report_bad,
    warn,
)
from bitcards.errors import BitcardsError, CacheWarning, LookAlikeWarning
from bitcards.games import GAMES, optional_module

#: modules under bitcards.cli that provide ``register(subparsers)``: one per game (from the registry)
#: and the commands that serve every game
COMMAND_MODULES = ("games", "deal", *GAMES, "simulate", "demo", "completion")


def build_parser() -> ArgumentParser:
    parser = ArgumentParser(
        prog="bitcards",
        description="Card-game rules as bitmasks: Skat, Jass, Euchre, Cribbage.",
    )
    parser.add_argument("--version", "-V", action="version", version=f"bitcards {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=ArgumentParser)
    sub.required = True
    for name in COMMAND_MODULES:
        mod = optional_module(f"bitcards.cli.{name}")
        if mod is not None:
            mod.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    if sys.stderr is None:  # started with stderr closed: errors go nowhere, but do not crash on them
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115
    if sys.stdin is None:  # started with stdin closed: reading it is a one-line error
        sys.stdin = ClosedInput()  # type: ignore[assignment]
    parser = build_parser()
    args = parser.parse_args(argv)
    real = sys.stdout
    sys.stdout = out = GuardedOutput(real)
    try:
        with warnings.catch_warnings(), _compile_note():
            _warn_in_one_line()
            rc = args.func(args)
        out.flush()
    except BitcardsError as e:
        _flush_or_discard(out, real)  # the good rows before the error
        report_bad(str(e))
        return 2
    except KeyboardInterrupt:
        _flush_or_discard(out, real)
        sys.stderr.write("bitcards: interrupted\n")
        return 130
    except ReaderGone:
        _discard_stdout(real)
        return EX_SIGPIPE
    except OutputError as e:
        sys.stderr.write(f"bitcards: error: cannot write output: {e}\n")
        _discard_stdout(real)
        return EX_IOERR
    finally:
        sys.stdout = real
    return int(rc or 0)


#: seconds of compiling after which a command on a terminal says that it compiles (:func:`_compile_note`)
NOTE_AFTER = 1.0


def _compile_note() -> contextlib.AbstractContextManager[None]:
    """On a terminal: one line on stderr once the command has compiled kernels for a second (a first use, or an
    emptied cache), so that a first solve's minute or two of compiling does not look like a hang."""
    if not sys.stderr.isatty():
        return contextlib.nullcontext()
    from bitcards._jit import compile_note

    def say() -> None:
        sys.stderr.write("bitcards: compiling kernels for their first use: up to a minute or two, once (then they are cached)\n")
        sys.stderr.flush()

    return compile_note(say, NOTE_AFTER)


def _warn_in_one_line() -> None:
    """bitcards' own warnings (a look-alike character read as Latin, ...) as one ``bitcards: warning:`` line each."""
    warnings.simplefilter("always", LookAlikeWarning)
    show = warnings.showwarning

    def showwarning(message, category, filename, lineno, file=None, line=None):  # type: ignore[no-untyped-def]
        if issubclass(category, (LookAlikeWarning, CacheWarning)):
            warn(str(message))
        else:
            show(message, category, filename, lineno, file, line)

    warnings.showwarning = showwarning


def _flush_or_discard(out: GuardedOutput, real: object) -> None:
    """Flush what a failed command wrote; if even that fails, drop it (the command's own error is the news)."""
    try:
        out.flush()
    except OutputError:
        _discard_stdout(real)


def _discard_stdout(stream: object) -> None:
    """Point file descriptor 1 at /dev/null so that Python's own flush at exit does not fail a second time."""
    with contextlib.suppress(Exception):
        fd = stream.fileno()  # type: ignore[attr-defined]
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
