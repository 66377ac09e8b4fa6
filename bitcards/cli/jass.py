"""``bitcards jass ...``: check play records, play random legal games, solve positions with all hands open."""

from __future__ import annotations

import argparse
import sys

from bitcards.cli._common import (
    BadInput,
    add_group,
    add_input,
    add_json,
    add_seed,
    count,
    emit_json,
    input_lines,
    use_seed,
    utf8_error,
    warn,
)
from bitcards.cli._solve import add_solve_parser, run_positions, split_position
from bitcards.errors import BitcardsError, InvalidCardsError

_GAME_HELP = "contract: c d h s (trump), o (Obenabe), u (Undenufe)"


def _check(args: argparse.Namespace) -> int:
    from bitcards.jass.play import check
    from bitcards.jass.record import parse_block, split_records

    default = args.game
    if default is not None:
        from bitcards.jass.rules import parse_contract

        default = parse_contract(default)  # a bad --game is an error even before any record
    any_illegal = False
    bad = BadInput(args.keep_going)
    n = 0
    for block in split_records(input_lines(args.file)):
        n += 1
        try:
            for lineno, text in block:
                bad_bytes = utf8_error(text, lineno)
                if bad_bytes is not None:
                    raise bad_bytes
            notes: list[str] = []
            code, rec = parse_block(block, default, notes=notes)
            verdict = check(rec, code)
        except BitcardsError as e:
            bad(e, f"record {n} (line {block[0][0]}): {e}")
            continue
        for note in notes:
            warn(note)
        any_illegal |= not verdict.legal
        if args.json:
            emit_json({"line": block[0][0], **verdict.to_dict()})
        else:
            sys.stdout.write(f"{verdict}\n")
    return bad.rc() or (1 if any_illegal else 0)


#: games generated per batch by ``jass play``: the output streams, so any ``-n`` runs in bounded memory
_PLAY_CHUNK = 1 << 14


def _play(args: argparse.Namespace) -> int:
    import numpy as np

    from bitcards.jass.batch import score as score_games
    from bitcards.jass.generate import random_contracts, random_games
    from bitcards.jass.record import format_record
    from bitcards.jass.rules import format_contract, parse_contract

    n = args.n
    if n < 0 or args.start < 0:
        raise InvalidCardsError(f"-n and --start must be >= 0, got {n} and {args.start}")
    fixed = None if args.game is None else parse_contract(args.game)
    seed = use_seed(args.seed)
    out = sys.stdout
    # rows depend only on (seed, game number), so batches give the same games as one big call
    for lo in range(0, n, _PLAY_CHUNK):
        m = min(_PLAY_CHUNK, n - lo)
        first = args.start + lo
        if fixed is None:
            contracts = random_contracts(m, seed, start=first)
        else:
            contracts = np.full(m, fixed, dtype=np.int8)
        games = random_games(m, contracts, seed, start=first)
        winners, points = score_games(games, contracts)
        for i in range(m):
            if args.json:
                emit_json(
                    {
                        "row": first + i,
                        "contract": format_contract(int(contracts[i])),
                        "record": [row.split() for row in format_record(games[i], brackets=False).split("\n")],
                        "winners": winners[i].tolist(),
                        "points": points[i].tolist(),
                    }
                )
                continue
            if lo + i:
                out.write("\n")
            out.write(format_record(games[i], int(contracts[i]), winners=winners[i].tolist(), brackets=not args.plain) + "\n")
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    g_sub = add_group(sub, "jass", help="Jass: check records, play random games, solve positions with open hands")

    c = g_sub.add_parser(
        "check",
        help="check play records (9 x 4 matrices: column = player, row = trick) for legal play",
        description=(
            "Read play records: nine lines of four cards (column = player, line = trick), optionally preceded "
            "by a line with the contract; winner brackets like (h9) are ignored; records are separated by blank "
            "lines. Prints one line per record: 'true', or 'false' with the first illegal play and the cards "
            "that were allowed. Exit code 0: every record legal; 1: some record illegal; 2: malformed input."
        ),
    )
    add_input(c)
    c.add_argument("--game", "-g", help=f"{_GAME_HELP}, for records without a contract line")
    c.set_defaults(func=_check)

    pl = g_sub.add_parser(
        "play",
        help="print random legal games (every card uniform among the legal ones)",
        description="Print seeded random legal games in the format 'bitcards jass check' reads.",
    )
    pl.add_argument("--game", "-g", help=f"{_GAME_HELP} (default: a random contract per game)")
    pl.add_argument("-n", type=count(), default=1, help="number of games (default 1)")
    add_seed(pl)
    pl.add_argument("--start", type=count(), default=0, help="first game number of the seed's stream (default 0)")
    pl.add_argument("--plain", action="store_true", help="no winner brackets")
    add_json(pl)
    pl.set_defaults(func=_play)
    add_solve_parser(g_sub, "points of each team under best play, all hands open", SOLVE_HELP, _solve)


SOLVE_HELP = """\
The points each team takes under best play by both sides, all hands open (double dummy).

One position a line:  CONTRACT LEADER / HAND0 / HAND1 / HAND2 / HAND3
CONTRACT is d h s c (trump), o (Obenabe) or u (Undenufe); LEADER is a seat 0-3; the hands hold
the same number of cards, at most 9 (any notation). Team 0 is seats 0 and 2; the last trick's
5 points are included, and the match bonus of 100 for a team that takes every trick (a line is
read as if no trick had been played before it). Blank lines and lines starting with # are skipped.
--json adds the points the leader's team takes with each legal lead.
Example::

    echo "h 0 / hJ h9 / hA hK / s6 s7 / sA sK" | bitcards jass solve
    ->  h (hearts trump): team 0 takes 169, team 1 takes 0
"""


def _solve_line(text: str, line: int) -> tuple[str, dict[str, object]]:
    from bitcards.jass.solver import solve

    contract, leader, _, hands = split_position(text, line, alone_ok=False)
    r = solve(hands, contract, leader)
    obj = {"contract": r.contract, "leader": leader, "points": list(r.points)}
    return str(r), {**obj, "values": r.values, "best": r.best, "losses": r.losses}


def _solve(args: argparse.Namespace) -> int:
    return run_positions(args, _solve_line)
