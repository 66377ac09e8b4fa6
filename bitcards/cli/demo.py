"""``bitcards demo``: the quick-start tour."""

from __future__ import annotations

import argparse

from bitcards.cli._common import count


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("demo", help="a short tour of every game and a seeded Monte Carlo run")
    p.add_argument("--deals", "-n", type=count(), default=20_000_000, metavar="N", help="Monte Carlo deals (default 20,000,000)")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from bitcards.demo import run as demo

    return demo(deals=args.deals, seed=args.seed, progress=not args.no_progress)
