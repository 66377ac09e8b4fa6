"""``bitcards skat solve [FILE]``: Skat positions solved with all hands open."""

from __future__ import annotations

import argparse

from bitcards.cli._common import (
    add_json,
    add_keep_going,
    warn,
)
from bitcards.errors import ParseError, shorten

SOLVE_HELP = """The declarer's card points under best play by both sides, all hands open (double dummy).

One position a line:  GAME DECLARER LEADER / HAND0 / HAND1 / HAND2 [/ SKAT]
GAME is clubs, spades, hearts, diamonds, grand or null; DECLARER and LEADER are seats 0-2; the
hands hold the same number of cards (any notation); the skat (two cards) counts for the declarer
in suit and grand games. Blank lines and lines starting with # are skipped.
Prints the declarer's points, won or lost, schneider and schwarz (null: whether the declarer
takes no trick); --json adds the value of each legal card for the player to move.
Example::

    echo "clubs 0 0 / HA CJ / S8 CT / D8 H9" | bitcards skat solve
    ->  clubs: declarer 23 points, lost (schwarz: takes every trick; schneider against: 30 or fewer)

The points are what the declarer takes from the position on, with the skat; tricks before
it are not known, so won and schneider judge those points alone: here the declarer takes
both tricks left, 23 points."""


def register_into(skat_sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = skat_sub.add_parser("solve", help="solve positions with all hands open", description=SOLVE_HELP,
                            formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    p.add_argument("file", nargs="?", help="positions, one a line (default: stdin)")
    add_json(p)
    add_keep_going(p)
    p.set_defaults(func=run_solve)


def parse_position(text: str, line: int | None = None, notes: list[str] | None = None) -> dict[str, object]:
    """The arguments of :func:`bitcards.skat.solve` from one line of ``GAME DECLARER LEADER / H0 / H1 / H2 [/ SKAT]``."""
    from bitcards.notation import parse_mask
    from bitcards.skat.rules import parse_game

    where = f"line {line}: " if line is not None else ""
    parts = [t.strip() for t in text.split("/")]
    if len(parts) not in (4, 5):
        raise ParseError(
            f"{where}expected 'GAME DECLARER LEADER / HAND0 / HAND1 / HAND2 [/ SKAT]', got {len(parts)} part(s) "
            f"separated by '/' in {shorten(text)}",
            line=line,
        )
    head = parts[0].split()
    if len(head) != 3:
        raise ParseError(f"{where}expected GAME DECLARER LEADER before the first '/', got {shorten(parts[0])}", line=line)
    game = parse_game(head[0])
    seats = []
    for what, tok in (("declarer", head[1]), ("leader", head[2])):
        if tok not in ("0", "1", "2"):
            raise ParseError(f"{where}{what} must be a seat 0, 1 or 2, not {shorten(tok)}", token=tok, line=line)
        seats.append(int(tok))
    hands = [parse_mask(h, "skat", line=line, notes=notes) for h in parts[1:4]]
    skat = parse_mask(parts[4], "skat", line=line, notes=notes) if len(parts) == 5 else 0
    return {"hands": hands, "skat": skat, "game": game, "declarer": seats[0], "leader": seats[1]}


def _json(r: object) -> dict[str, object]:
    from bitcards.skat.solver import SolveResult

    assert isinstance(r, SolveResult)
    d: dict[str, object] = {"game": r.game, "declarer": r.declarer, "to_move": r.to_move}
    if r.points is None:
        d["won"] = r.won
    else:
        d |= {
            "points": r.points, "won": r.won, "schneider": r.schneider, "schwarz": r.schwarz,
            "schneider_against": r.schneider_against, "schwarz_against": r.schwarz_against,
        }  # fmt: skip
    d |= {"values": r.values, "best": r.best, "losses": r.losses}
    return d


def run_solve(args: argparse.Namespace) -> int:
    from bitcards.cli._solve import run_positions
    from bitcards.skat.solver import new_table, solve

    table: list[object] = []  # one transposition table for the whole input, made at the first position

    def solve_line(text: str, n: int) -> tuple[str, dict[str, object]]:
        notes: list[str] = []
        pos = parse_position(text, n, notes)
        if not table:
            table.append(new_table())
        r = solve(**pos, values=args.json, table=table[0])  # type: ignore[arg-type]
        for note in notes:
            warn(note)
        return str(r), _json(r)

    return run_positions(args, solve_line)
