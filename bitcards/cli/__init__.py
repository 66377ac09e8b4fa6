"""The ``bitcards`` command.

Each game adds its subcommand group from ``bitcards/cli/<game>.py`` through a
``register(subparsers)`` function. A user error (bad card, malformed line,
unreadable file) prints one line on stderr and exits with code 2.
"""

from __future__ import annotations

import contextlib
import importlib
import sys
from collections.abc import Sequence

from bitcards._version import __version__
from bitcards.cli._common import ArgumentParser
from bitcards.errors import BitcardsError
from bitcards.games import GAMES

#: modules under bitcards.cli that provide ``register(subparsers)``: one per game (from the registry)
#: and the commands that serve every game
COMMAND_MODULES = ("games", "deal", *GAMES, "simulate", "demo")


def build_parser() -> ArgumentParser:
    parser = ArgumentParser(
        prog="bitcards",
        description="Card-game rules as bitmasks: Skat, Jass, Euchre, Cribbage.",
    )
    parser.add_argument("--version", action="version", version=f"bitcards {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=ArgumentParser)
    sub.required = True
    for name in COMMAND_MODULES:
        try:
            mod = importlib.import_module(f"bitcards.cli.{name}")
        except ModuleNotFoundError as e:
            if e.name == f"bitcards.cli.{name}":
                continue
            raise
        mod.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        rc = args.func(args)
    except BitcardsError as e:
        sys.stderr.write(f"bitcards: error: {e}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("bitcards: interrupted\n")
        return 130
    except BrokenPipeError:
        # output piped into head & co.: stop quietly
        with contextlib.suppress(Exception):
            sys.stdout.close()
        return 0
    return int(rc or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
