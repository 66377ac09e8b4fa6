"""``bitcards skat iss FILE``: the International Skat Server's game records, replayed through the engine."""

from __future__ import annotations

import argparse
import sys
from typing import Any

import numpy as np

from bitcards.cli._common import OutputFile, UserError, report_bad, warn

ISS_HELP = """Read the International Skat Server's game records (one game a line,
'(;GM[Skat]PC[International Skat Server]...MV[...]R[...] ;)'), replay each through the engine
(every bid, declaration and card checked against the rules) and compare the settlement with the
server's result (R[d:.. win/loss v:.. p:.. t:..]). Lines are streamed; a line that cannot be read
or holds an illegal move is one error naming the line, and the rest are still read (exit 2 at
the end). Games passed in, abandoned (a player left or timed out) and ended early (cards shown,
resigned) are counted. Writes a summary; --runs writes skat-game-id run ids of the games played
through and passed in; --parquet PATH writes one row per game."""

#: bytes read at a time (whole lines are replayed together)
CHUNK_BYTES = 1 << 23


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
    "iss_declarer", "iss_won", "iss_value", "iss_points", "iss_tricks", "iss_matadors", "agrees",
)  # fmt: skip


def _row(line: int, text: str, status: str, s: Any, res: Any, agrees: int) -> dict[str, Any]:
    import re

    from bitcards.skat.engine import SPEC, contract_text
    from bitcards.skat.iss import R_D, R_M, R_P, R_T, R_V, R_WIN

    props = dict(re.findall(r"([A-Z][A-Z0-9]*)\[([^\]]*)\]", text))
    f = SPEC.field
    d = int(s[f("declarer")])
    done = status in ("played", "passed") and d >= 0
    return {
        "line": line, "iss_id": props.get("ID", ""),
        "player0": props.get("P0", ""), "player1": props.get("P1", ""), "player2": props.get("P2", ""),
        "status": status,
        "declarer": d if d >= 0 else None,
        "bid0": int(s[f("said0")]), "bid1": int(s[f("said1")]), "bid2": int(s[f("said2")]), "bid": int(s[f("bid")]),
        "game": contract_text(s) or None,
        "declarer_points": int(s[f(f"points{d}")]) if done else None,
        "declarer_tricks": int(s[f(f"tricks{d}")]) if done else None,
        "matadors": int(s[f("matadors")]) if done else None,
        "value": int(s[f("value")]) if done else None,
        "won": bool(s[f("won")]) if done else None,
        "overbid": bool(s[f("overbid")]) if done else None,
        "score": int(s[f("score")]) if status in ("played", "passed") else None,
        "iss_declarer": int(res[R_D]) if res[R_D] >= 0 else None,
        "iss_won": None if res[R_WIN] < 0 else bool(res[R_WIN]),
        "iss_value": int(res[R_V]) if status != "passed" else 0,
        "iss_points": int(res[R_P]), "iss_tricks": int(res[R_T]), "iss_matadors": int(res[R_M]),
        "agrees": None if agrees < 0 else bool(agrees),
    }  # fmt: skip


def _chunks(path: str) -> Any:
    """Whole lines of the input as bytes, a few MiB at a time: ``(first line number, data)``."""
    if path == "-":
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:
            raise UserError("cannot read stdin: it is closed")
    else:
        try:
            stream = open(path, "rb")  # noqa: SIM115
        except OSError as e:
            raise UserError(f"cannot read {path}: {e.strerror}") from None
    line = 1
    carry = b""
    with stream:
        while True:
            chunk = stream.read(CHUNK_BYTES)
            data = carry + chunk
            if chunk:
                cut = data.rfind(b"\n")
                if cut < 0:
                    carry = data
                    continue
                data, carry = data[: cut + 1], data[cut + 1 :]
            if line == 1 and data.startswith(b"\xef\xbb\xbf"):
                data = b"   " + data[3:]  # a byte-order mark: blank, keeping the offsets
            if data:
                yield line, data
                line += data.count(b"\n")
            if not chunk:
                return


def run_iss(args: argparse.Namespace) -> int:
    from bitcards.skat.ids import format_run_id
    from bitcards.skat.iss import STATUSES, replay_iss_bytes
    from bitcards.skat.record import run_of_row

    counts = dict.fromkeys(("played", "passed", "abandoned", "ended early", "agree", "differ", "bad"), 0)
    rows: list[dict[str, Any]] = []
    target = OutputFile(args.parquet) if args.parquet else None
    if target is not None:
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise UserError("--parquet needs pyarrow (pip install 'bitcards[notebooks]')") from None
    for first, data in _chunks(args.file):
        b = replay_iss_bytes(data, first)
        for no in sorted(b.errors):
            report_bad(b.errors[no])
        counts["bad"] += len(b.errors)
        good = b.status >= 0
        for k, name in enumerate(STATUSES):
            counts[name] += int((b.status == k).sum())
        played = b.status == 0
        counts["agree"] += int((b.agrees[played] == 1).sum())
        counts["differ"] += int((b.agrees[played] == 0).sum())
        for i in map(int, np.flatnonzero(played & (b.agrees == 0))):
            warn(f"line {int(b.line_numbers[i])}: the server's result ({_server(b.result[i])}) differs from bitcards' settlement")
        if args.runs:
            for i in map(int, np.flatnonzero(good & (b.status <= 1))):
                n = int(b.lengths[i])
                plays = b.actions[i, n - 30 : n].tolist() if b.status[i] == 0 else []
                sys.stdout.write(format_run_id(run_of_row(b.deals[i], b.states[i], plays)) + "\n")
        if target is not None:
            lines = data.split(b"\n")
            for i in map(int, np.flatnonzero(good)):
                no = int(b.line_numbers[i])
                text = lines[no - first].decode("utf-8", "replace")
                rows.append(_row(no, text, STATUSES[int(b.status[i])], b.states[i], b.result[i], int(b.agrees[i])))
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


def _server(res: Any) -> str:
    from bitcards.skat.iss import R_D, R_M, R_P, R_T, R_V

    return " ".join(f"{k}:{int(res[c])}" for k, c in (("d", R_D), ("v", R_V), ("p", R_P), ("t", R_T), ("m", R_M)))
