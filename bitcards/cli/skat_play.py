"""``bitcards skat play`` and ``bitcards skat replay``: whole Skat deals on the engine, and records played back.

* ``play -n N --seed S``: N deals played from bidding to settlement, one finished deal a line
  (a summary; ``--json`` the whole record; ``--runs`` skat-game-id run ids).
* ``replay ID|FILE``: a run id (or a file of run ids, one a line, or of runs in the run notation)
  played through the engine: the tricks and the settlement.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

import numpy as np

from bitcards.cli._common import UserError, add_json, add_seed, count, emit_json, input_lines, use_seed, utf8_error

PLAY_HELP = """Play N whole Skat deals on the engine: bidding (middlehand to forehand, then rearhand to the
winner), pickup or hand, discard, declaration, ten tricks, and the settlement with the official
game value (overbidding included) and Seeger-Fabian points. One finished deal a line.
The random policy picks every action (bids too) uniformly among the legal ones.
Example: bitcards skat play -n 3 --seed 7"""

REPLAY_HELP = """Play a skat-game-id game run through the engine and print its tricks and settlement.
Give a run id, or a file (or - for stdin) holding run ids one a line or runs in the run notation.
An illegal run is reported at its first illegal action, with the legal ones."""

_SEATS = ("forehand", "middlehand", "rearhand")
CHUNK = 1 << 16


def register_into(skat_sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = skat_sub.add_parser("play", help="play whole deals on the engine, one finished deal a line", description=PLAY_HELP,
                            formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    p.add_argument("-n", type=count(0), default=1, help="how many deals (default 1)")
    add_seed(p, " of the deals and the policy")
    p.add_argument("--policy", default="random", help="random (default) or baseline")
    p.add_argument("--variant", default="", help="comma-separated variants: ramsch, kontra, bock (default: none)")
    out = p.add_mutually_exclusive_group()
    add_json(out)
    out.add_argument("--runs", action="store_true", help="write skat-game-id run ids")
    p.set_defaults(func=run_play)

    p = skat_sub.add_parser("replay", help="play a game run through the engine: tricks and settlement",
                            description=REPLAY_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    p.add_argument("run", metavar="ID|FILE", help="a run id, or a file of runs (- for stdin)")
    add_json(p)
    p.set_defaults(func=run_replay)


# --- play -------------------------------------------------------------------------------------
def _summary(spec: Any, row: np.ndarray, rets: np.ndarray) -> dict[str, Any]:
    from bitcards.skat.engine import contract_text

    f = spec.field
    d = int(row[f("declarer")])
    game = contract_text(row)
    out: dict[str, Any] = {"declarer": _SEATS[d] if d >= 0 else None, "bid": int(row[f("bid")]), "game": game}
    out["points"] = [int(row[f(f"points{p}")]) for p in range(3)]
    out["tricks"] = [int(row[f(f"tricks{p}")]) for p in range(3)]
    if d >= 0:
        out |= {
            "value": int(row[f("value")]),
            "won": bool(row[f("won")]),
            "overbid": bool(row[f("overbid")]),
            "score": int(row[f("score")]),
        }
        if int(row[f("kontra")]):
            out["kontra"] = ("kontra", "re")[int(row[f("kontra")]) - 1]
    out["returns"] = [int(x) for x in rets]
    return out


def _line(deal_id: str, s: dict[str, Any]) -> str:
    if s["game"] == "passed":
        return f"{deal_id} passed"
    if s["game"] == "ramsch":
        return f"{deal_id} ramsch: points {' '.join(map(str, s['points']))}, scores {' '.join(map(str, s['returns']))}"
    d = _SEATS.index(s["declarer"])
    outcome = ("won" if s["won"] else "lost") + (" (overbid)" if s["overbid"] else "")
    kontra = f", {s['kontra']}" if "kontra" in s else ""
    return (
        f"{deal_id} {s['declarer']} at {s['bid']}: {s['game']}{kontra}, {s['points'][d]} points, {outcome}, "
        f"value {s['value']}, score {s['score']:+d}, Seeger-Fabian {' '.join(f'{x:+d}' for x in s['returns'])}"
    )


def run_play(args: argparse.Namespace) -> int:
    import bitcards
    from bitcards.engine import engine_spec
    from bitcards.skat.ids import encode_deals, format_deal_ids, format_run_id
    from bitcards.skat.record import game_run

    spec = engine_spec("skat")
    options = {"variant": args.variant} if args.variant else {}
    spec.make_config(**options)  # a bad variant is one error before any play
    need_record = args.json or args.runs
    seed = use_seed(args.seed)  # one seed for every chunk: deal i depends only on the seed and i
    done = 0
    while done < args.n:
        k = min(CHUNK, args.n - done)
        r = bitcards.playout("skat", k, seed=seed, start=done, policy=args.policy, record=need_record, **options)
        ids = format_deal_ids(encode_deals(r.deals))
        for i in range(k):
            if args.runs:
                sys.stdout.write(format_run_id(game_run(r.record(i))) + "\n")
                continue
            s = _summary(spec, r.states[i], r.returns[i])
            if args.json:
                rec = r.record(i)
                emit_json({"row": done + i, "deal": ids[i], **s, "options": rec.options, "actions": rec.to_dict()["actions"]})
            else:
                sys.stdout.write(_line(ids[i], s) + "\n")
        done += k
    return 0


# --- replay -----------------------------------------------------------------------------------
def _runs_of(arg: str) -> list[tuple[str, str]]:
    """``(where, run text)`` pairs: one argument id, or a file's ids / notation."""
    if arg != "-" and not os.path.exists(arg):
        return [("the run id", arg)]
    lines = []
    for no, text in input_lines(arg):
        err = utf8_error(text, no)
        if err:
            raise err
        lines.append((no, text))
    content = [(no, t) for no, t in lines if t.strip() and not t.lstrip().startswith("#")]
    if content and all(" " not in t.strip() and len(t.strip()) >= 32 for _, t in content):
        return [(f"line {no}", t.strip()) for no, t in content]
    from bitcards.skat.ids import format_game_run
    from bitcards.skat.ids.text import parse_game_runs

    return [("run " + str(k + 1), format_game_run(r)) for k, r in enumerate(parse_game_runs("\n".join(t for _, t in lines)))]


def _tricks_text(st: Any) -> list[str]:
    from bitcards.notation import format_card
    from bitcards.skat.record import tricks_of

    out = []
    for t, (w, cards) in enumerate(tricks_of(st), 1):
        played = ", ".join(f"{_SEATS[p]} {format_card(c, 'skat')}" for p, c in cards)
        out.append(f"  trick {t}: {played} -> {_SEATS[w]}")
    return out


def run_replay(args: argparse.Namespace) -> int:
    from bitcards.errors import BitcardsError
    from bitcards.notation import format_card
    from bitcards.skat.ids import format_deal_id
    from bitcards.skat.ids.game import encode_deal
    from bitcards.skat.record import replay_run, tricks_of

    for where, text in _runs_of(args.run):
        try:
            st = replay_run(text)
        except BitcardsError as e:
            raise UserError(f"{where}: {e}") from None
        s = _summary(st.spec, st.row, np.array(st.returns()))
        deal_id = format_deal_id(encode_deal(list(st.deal)))
        if args.json:
            tricks = [{"cards": [[_SEATS[p], format_card(c, "skat")] for p, c in cards], "winner": _SEATS[w]}
                      for w, cards in tricks_of(st)]  # fmt: skip
            at = {"line": int(where.split()[1])} if where.startswith("line ") else {}
            emit_json({**at, "deal": deal_id, **s, "tricks": tricks})
            continue
        sys.stdout.write(_line(deal_id, s) + "\n")
        for line in _tricks_text(st):
            sys.stdout.write(line + "\n")
    return 0
