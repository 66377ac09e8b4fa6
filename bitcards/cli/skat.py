"""``bitcards skat ...``: bid values, game values, statistics, and (from bitcards.cli.skat_id) game ids."""

from __future__ import annotations

import argparse

from bitcards.cli._common import add_group
from bitcards.games import optional_module


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    skat_sub = add_group(sub, "skat", help="Skat: bid value, game value, statistics, game ids, whole deals, open-hand solver")
    # each module adds its own subcommands to the skat group
    for name in ("skat_value", "skat_id", "skat_solve", "skat_play", "skat_iss"):
        mod = optional_module(f"bitcards.cli.{name}")
        if mod is not None:
            mod.register_into(skat_sub)
