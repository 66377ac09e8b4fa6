"""``bitcards skat ...``: bid values, game values, statistics, and (from bitcards.cli.skat_id) game ids."""

from __future__ import annotations

import argparse
import importlib

from bitcards.cli._common import ArgumentParser


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("skat", help="Skat: bid value, game value, statistics, game ids, whole deals, open-hand solver")
    skat_sub = p.add_subparsers(dest="skat_command", metavar="COMMAND", parser_class=ArgumentParser)
    skat_sub.required = True
    # each module adds its own subcommands to the skat group
    for name in ("skat_value", "skat_id", "skat_solve", "skat_play", "skat_iss"):
        try:
            mod = importlib.import_module(f"bitcards.cli.{name}")
        except ModuleNotFoundError as e:
            if e.name == f"bitcards.cli.{name}":
                continue
            raise
        mod.register_into(skat_sub)
