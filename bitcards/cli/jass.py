"""``bitcards jass ...``."""

from __future__ import annotations

import argparse

from bitcards.cli._common import ArgumentParser


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("jass", help="Jass")
    g_sub = p.add_subparsers(dest="jass_command", metavar="COMMAND", parser_class=ArgumentParser)
    g_sub.required = True
