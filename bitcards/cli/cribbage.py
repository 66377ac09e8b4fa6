"""``bitcards cribbage ...``."""

from __future__ import annotations

import argparse

from bitcards.cli._common import ArgumentParser


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("cribbage", help="Cribbage")
    g_sub = p.add_subparsers(dest="cribbage_command", metavar="COMMAND", parser_class=ArgumentParser)
    g_sub.required = True
