"""``bitcards skat iss FILE``: the International Skat Server's game records, replayed through the engine."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from bitcards.cli._common import OutputFile, UserError, input_lines, open_input, report_bad, utf8_error, warn

ISS_HELP = """Read the International Skat Server's game records (one game a line,
'(;GM[Skat]PC[International Skat Server]...MV[...]R[...] ;)'), replay each through the engine
(every bid, declaration and card checked against the rules) and compare the settlement with the
server's result (R[d:.. win/loss v:.. p:.. t:..]). Lines are streamed; a line that cannot be read
or holds an illegal move is one error naming the line, and the rest are still read (exit 2 at
the end). Games passed in, abandoned (a player left or timed out) and ended early (cards shown,
resigned) are counted. Writes a summary; --runs writes skat-game-id run ids of the games played
through and passed in; --parquet PATH writes one row per game."""

BATCH = 1 << 15


def register_into(skat_sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = skat_sub.add_parser("iss", help="replay the International Skat Server's game records", description=ISS_HELP,
                            formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    p.add_argument("file", help="the records (one game a line; - for stdin)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--runs", action="store_true", help="write a run id per game played through or passed in")
    out.add_argument("--parquet", metavar="PATH", help="write one row per game to this Parquet file")
    p.set_defaults(func=run_iss)


_COLUMNS = (
    "line", "iss_id", "player0", "player1", "player2", "status", "declarer", "bid0", "bid1", "bid2", "bid",
    "game", "declarer_points", "declarer_tricks", "matadors", "value", "won", "overbid", "score",
    "iss_declarer", "iss_won", "iss_value", "agrees",
)  # fmt: skip


def _row(g: Any, s: Any, agrees: bool | None) -> dict[str, Any]:
    from bitcards.skat.engine import SPEC, contract_text

    f = SPEC.field
    d = int(s[f("declarer")])
    r = g.result
    played = g.status in ("played", "passed")
    return {
        "line": g.line, "iss_id": g.game_id, "player0": g.players[0], "player1": g.players[1], "player2": g.players[2],
        "status": g.status,
        "declarer": d if d >= 0 else None,
        "bid0": int(s[f("said0")]), "bid1": int(s[f("said1")]), "bid2": int(s[f("said2")]), "bid": int(s[f("bid")]),
        "game": contract_text(s) or None,
        "declarer_points": int(s[f(f"points{d}")]) if played and d >= 0 else None,
        "declarer_tricks": int(s[f(f"tricks{d}")]) if played and d >= 0 else None,
        "matadors": int(s[f("matadors")]) if played and d >= 0 else None,
        "value": int(s[f("value")]) if played and d >= 0 else None,
        "won": bool(s[f("won")]) if played and d >= 0 else None,
        "overbid": bool(s[f("overbid")]) if played and d >= 0 else None,
        "score": int(s[f("score")]) if played else None,
        "iss_declarer": r.get("d") if isinstance(r.get("d"), int) and r.get("d", -1) >= 0 else None,
        "iss_won": True if r.get("win") else False if r.get("loss") else None,
        "iss_value": r.get("v") if isinstance(r.get("v"), int) else (0 if r.get("passed") else None),
        "agrees": agrees,
    }  # fmt: skip


def run_iss(args: argparse.Namespace) -> int:
    from bitcards.skat.ids import format_run_id
    from bitcards.skat.iss import IssLineError, read_iss, replay_iss
    from bitcards.skat.record import run_of_row

    counts = dict.fromkeys(("played", "passed", "abandoned", "ended early", "agree", "differ", "bad"), 0)
    rows: list[dict[str, Any]] = []
    target = OutputFile(args.parquet) if args.parquet else None
    if target is not None:
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise UserError("--parquet needs pyarrow (pip install 'bitcards[notebooks]')") from None

    def lines() -> Any:
        for no, text in input_lines(open_input(args.file)):
            err = utf8_error(text, no)
            if err:
                report_bad(str(err))
                counts["bad"] += 1
                continue
            yield no, text

    errors: list[IssLineError] = []
    stream = read_iss(lines(), errors)
    done = False
    while not done:
        batch = []
        for g in stream:
            batch.append(g)
            if len(batch) == BATCH:
                break
        else:
            done = True
        for e in errors:
            report_bad(str(e))
        counts["bad"] += len(errors)
        errors.clear()
        if not batch:
            continue
        rep = replay_iss(batch)
        for g, s, err, agrees in zip(rep.games, rep.states, rep.errors, rep.agrees):
            if err is not None:
                report_bad(err)
                counts["bad"] += 1
                continue
            counts[g.status] += 1
            if agrees is not None and g.status == "played":
                counts["agree" if agrees else "differ"] += 1
            if agrees is False:
                warn(f"line {g.line}: the server's result ({_server(g.result)}) differs from bitcards' settlement")
            if args.runs and g.status in ("played", "passed"):
                plays = g.actions[-30:] if g.status == "played" else []
                sys.stdout.write(format_run_id(run_of_row(g.deal, s, plays)) + "\n")
            if target is not None:
                rows.append(_row(g, s, agrees))
    if target is not None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        table = pa.Table.from_pylist(rows) if rows else pa.table({c: [] for c in _COLUMNS})
        with target, target.writing(binary=True) as fh:
            pq.write_table(table, fh)
    n_games = sum(counts[k] for k in ("played", "passed", "abandoned", "ended early"))
    summary = (
        f"{n_games} games: {counts['played']} played through ({counts['agree']} agree with the server's result, "
        f"{counts['differ']} differ), {counts['passed']} passed in, {counts['abandoned']} abandoned, "
        f"{counts['ended early']} ended early (cards shown or resigned); {counts['bad']} lines unreadable or illegal"
    )
    (sys.stderr if args.runs else sys.stdout).write(summary + "\n")
    return 2 if counts["bad"] else 0


def _server(r: dict[str, Any]) -> str:
    return " ".join(f"{k}:{r[k]}" for k in ("d", "v", "p", "t", "m") if k in r)
