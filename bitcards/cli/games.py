"""``bitcards games``: the games bitcards knows, with their decks, bit conventions, contracts and verbs."""

from __future__ import annotations

import argparse
import sys

from bitcards.cli._common import add_json, emit_json
from bitcards.games import GAMES


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "games",
        help="list the games: deck, bit convention, contracts, verbs",
        description="The games bitcards knows, with their decks, bit conventions, contracts and verbs.",
    )
    add_json(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.json:
        for g in GAMES.values():
            emit_json(g.to_dict())
        return 0
    out = sys.stdout
    for g in GAMES.values():
        out.write(f"{g.name:<9} {g.title}: {g.summary}\n")
        out.write(f"          deck {g.layout.n_cards} cards, ranks {g.layout.ranks} low to high, bit = {g.bit_convention}\n")
        deal = ", ".join(f"{c} {n}" for c, n in zip(g.deal_columns, g.deal_sizes))
        out.write(f"          deal: {deal}\n")
        if g.contracts:
            out.write(f"          contracts: {' '.join(g.contracts)}\n")
        out.write(f"          verbs: {' '.join(g.verbs)}; batch: {' '.join(g.batch_verbs)}\n")
        out.write(f"          engine: {'yes (bitcards.new_game, bitcards.playout)' if g.engine else 'not yet'}\n")
    return 0
