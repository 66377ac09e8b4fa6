"""``bitcards deal GAME -n N --seed S``: print or save seeded random deals."""

from __future__ import annotations

import argparse
import sys

import numpy as np

from bitcards.cli._common import UserError, add_json, count, emit_json
from bitcards.deal import DEAL_SPECS, DealSpec, deal
from bitcards.notation import format_cards


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("deal", help="deal seeded random hands", description=__doc__)
    p.add_argument("game", choices=sorted(DEAL_SPECS), help="which game to deal")
    p.add_argument("-n", type=count(), default=1, help="number of deals (default 1; 1e6 and 1_000_000 are read too)")
    p.add_argument("--seed", type=int, default=None, help="seed (default: fresh, printed on stderr)")
    p.add_argument("--start", type=count(), default=0, help="first row of the seed's stream (default 0)")
    p.add_argument("--out", help="write to this file instead: .npy for the raw masks, else text/JSON lines")
    add_json(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from bitcards._rng import seed_key

    seed, _ = seed_key(args.seed)
    spec = DEAL_SPECS[args.game]
    d = deal(args.n, args.game, seed, start=args.start)
    if args.out and args.out.endswith(".npy"):
        try:
            np.save(args.out, d)
        except OSError as e:
            raise UserError(f"cannot write {args.out}: {e.strerror}") from None
    else:
        _write_text(args, d, spec, seed)
    if args.seed is None:
        sys.stderr.write(f"bitcards: seed {seed}\n")
    return 0


def _write_text(args: argparse.Namespace, d: np.ndarray, spec: DealSpec, seed: int) -> None:
    try:
        out = open(args.out, "w", encoding="utf-8") if args.out else sys.stdout  # noqa: SIM115
    except OSError as e:
        raise UserError(f"cannot write {args.out}: {e.strerror}") from None
    try:
        for i, row in enumerate(d):
            hands = {c: format_cards(int(m), spec.layout).split() for c, m in zip(spec.columns, row)}
            if args.json:
                emit_json({"row": args.start + i, "seed": seed, **hands}, out)
            else:
                out.write(" | ".join(" ".join(h) for h in hands.values()) + "\n")
    finally:
        if out is not sys.stdout:
            out.close()
