"""``bitcards cribbage ...``: score hands (the Cribbage hand-scoring contest's file format), discard advice, score statistics."""

from __future__ import annotations

import argparse
import json
import sys

import numpy as np

from bitcards.cli._bulk import STOP, card_lines, card_table, masks_of, run_lines
from bitcards.cli._common import (
    BadInput,
    UserError,
    add_group,
    add_input,
    add_json,
    add_keep_going,
    add_seed,
    cards_or_file,
    count,
    emit_json,
    input_chunks,
    input_lines,
    use_seed,
    utf8_error,
    warn,
)
from bitcards.errors import BitcardsError, InvalidCardsError, shorten
from bitcards.layouts import FRENCH
from bitcards.notation import parse_cards, tokenize
from bitcards.textio import Chunk

SCORE_HELP = """Score cribbage hands in the format of the Cribbage hand-scoring contest problem ("Cribbage Scores"):
each line holds five cards, the four held cards then the starter, separated by any whitespace
(2-character codes like 5H TD JS; 10H, 0H and suit symbols are read too). Input stops at a line of
zeros ("0 0 0 0 0") or at the end of the file; blank lines are skipped. Writes one score per line
with no spaces. Look-alike letters (a Cyrillic Н in 8Н) are read as Latin with a warning on stderr.
A bad line is an error naming the line and the token (exit code 2); with --keep-going it is reported
and the other lines are still scored (no output line for it; exit code 2 at the end)."""

PEG_HELP = """Score plays (pegging), one a line: the pone's four cards | the dealer's four | the cards in the
order played, e.g. "5H 6D 9S KC | 5S 4C TD JH | 5H 5S 6D 4C KC TD 9S JH". The pone plays first; whose
card each is follows from the hands; a go is implied when the player to move holds no card that fits
under 31. Writes the pone's and the dealer's pegging points per line ("1 9"); --json: one object per
line with each card's points and reasons. A card that passes 31, is played twice, is in neither
hand, or is played while the other player held a card that fitted is an error naming the line, the
card and its position (exit code 2; --keep-going scores the other lines)."""


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    g_sub = add_group(sub, "cribbage", help="Cribbage")

    s = g_sub.add_parser("score", help="score hands: lines of 4 held cards + the starter", description=SCORE_HELP)
    add_input(s)
    s.add_argument("--crib", action="store_true", help="score by crib rules (a flush needs all five cards)")
    s.add_argument("--explain", action="store_true", help="list every scoring combination")
    s.set_defaults(func=run_score)

    d = g_sub.add_parser(
        "discard",
        help="which four of six cards to keep",
        description="Discard advice: the 15 ways to keep four of six cards, best first, with the expected "
        "hand score over the 46 unseen starters and the score range. --dealer / --pone weigh the crib too: "
        "the crib's expected score over every pair the opponent may throw (uniform over the unseen cards) "
        "and every starter, added for the dealer and subtracted for the pone; with --weighted the opponent's pair is "
        "weighted by how often a player following this advice throws that kind of pair (a table counted once over "
        "simulated deals). Give the six cards as arguments, "
        "or a FILE (or stdin) with one hand of six cards a line (blank lines and lines starting with # are skipped).",
    )
    d.add_argument(
        "cards", nargs="*", metavar="CARDS|FILE", help="the six dealt cards, e.g. 5H 5D 6C 7S JD KD, or a file of hands"
    )
    d.add_argument("--file", help="read hands from this file, one per line (none and no cards: stdin)")
    role = d.add_mutually_exclusive_group()
    role.add_argument("--dealer", dest="role", action="store_const", const="dealer", help="the crib is yours")
    role.add_argument("--pone", dest="role", action="store_const", const="pone", help="the crib is the opponent's")
    d.add_argument(
        "--weighted",
        action="store_true",
        help="with --dealer or --pone: weigh the opponent's throw by how often a player following this advice throws "
        "each kind of pair, instead of uniformly",
    )
    add_json(d)
    add_keep_going(d)
    d.set_defaults(func=run_discard)

    g = g_sub.add_parser("peg", help="score plays (pegging): pone's four | dealer's four | cards played", description=PEG_HELP)
    add_input(g)
    g.set_defaults(func=run_peg)

    y = g_sub.add_parser(
        "play",
        help="play whole games to 121 and summarise them",
        description="Play N whole games to 121 (deal, throw, cut, play, show; the deal alternates) and print "
        "the wins, skunks (the loser under 91) and double skunks (under 61), the mean scores and the points "
        "per deal of the dealer and the pone. Policies: random (every legal action equally likely) or baseline "
        "(throw for the best expected hand, peg the most at once). Game i depends only on the seed and i.",
    )
    y.add_argument("-n", type=count(1), required=True, help="how many games")
    add_seed(y)
    y.add_argument("--policy", choices=("random", "baseline"), default="baseline", help="both players' policy")
    y.add_argument("--first-dealer", type=int, choices=(0, 1), default=0, help="who deals the first hand")
    y.add_argument("--records", metavar="PATH", help="write each game's record (JSON, one a line) to PATH")
    add_json(y)
    y.set_defaults(func=run_play)

    t = g_sub.add_parser(
        "stats",
        help="score distribution: exhaustive, or over random deals with the best discard",
        description="Score distribution. --exhaustive: every 4-card hand with every starter (12,994,800 "
        "combinations, exact). --deals N: N random deals, keeping the best four of six, scored "
        "with the random starter.",
    )
    t.add_argument("--exhaustive", action="store_true", help="every (hand, starter) combination")
    t.add_argument("--deals", "-n", type=count(1), default=None, metavar="N", help="N random deals with the best discard")
    add_seed(t, " for --deals")
    t.add_argument("--crib", action="store_true", help="score by crib rules")
    t.add_argument("--no-progress", action="store_true", help="no progress bar (--deals)")
    add_json(t)
    t.set_defaults(func=run_stats)


# --- score ---------------------------------------------------------------------


def _is_end(tokens: list[tuple[str, int]]) -> bool:
    return bool(tokens) and all(tok == "0" for tok, _ in tokens)


def _parse_line(text: str, lineno: int) -> tuple[list[int], list[str]]:
    """Five bits (held + starter) and the look-alike notes; raises naming line and token."""
    bad_bytes = utf8_error(text, lineno)
    if bad_bytes is not None:
        raise bad_bytes
    notes: list[str] = []
    bits = parse_cards(text, FRENCH, "english", unique=True, line=lineno, notes=notes)
    if len(bits) != 5:
        toks = tokenize(text)
        extra = f"; first extra token {shorten(toks[5][0])} (column {toks[5][1]})" if len(toks) > 5 else ""
        raise InvalidCardsError(f"line {lineno}: {len(bits)} cards, expected 5 (four held, then the starter){extra}")
    return bits, notes


def _score_fast(ch: Chunk) -> tuple[np.ndarray, np.ndarray]:
    """Lines of five two-character cards, one separator between two (``5H 5D 6C 7S JD``)."""
    return card_lines(ch, 5, card_table(FRENCH, "english"))


def _score_slow(lineno: int, text: str) -> object:
    """One line: its five card bits, None for a blank line, or STOP at the line of zeros."""
    toks = tokenize(text)
    if not toks:
        return None
    if _is_end(toks):
        return STOP
    bits, notes = _parse_line(text, lineno)
    for note in notes:
        warn(note)
    return bits


def _score_lines(bits: np.ndarray, lines: np.ndarray, args: argparse.Namespace) -> list[str]:
    """The answer of each (four held cards, starter) row of ``bits``."""
    from bitcards.cribbage.score import explain, score_hands

    crib = bool(args.crib)
    pts = score_hands(masks_of(bits[:, :4]), masks_of(bits[:, 4:]), crib=crib)
    if not (args.json or args.explain):
        return [_SCORES[p] for p in pts.tolist()]
    out = []
    for lineno, row, p in zip(lines.tolist(), bits.tolist(), pts.tolist()):
        held, st = row[:4], row[4]
        if args.json:
            obj: dict[str, object] = {
                "line": lineno,
                "hand": [FRENCH.card_name(b) for b in held],
                "starter": FRENCH.card_name(st),
                "score": p,
            }
            if args.explain:
                obj["items"] = explain(held, 1 << st, crib).as_dict()["items"]
            out.append(json.dumps(obj, ensure_ascii=False) + "\n")
        else:
            ex = explain(held, 1 << st, crib)
            out.append(f"line {lineno}: {' '.join(ex.hand)} | starter {ex.starter}\n")
            out.extend(f"  {ln}\n" for ln in ex.lines())
    return out


_SCORES = [f"{p}\n" for p in range(30)]


def run_score(args: argparse.Namespace) -> int:
    bad = BadInput(args.keep_going)

    def fmt(bits: np.ndarray, lines: np.ndarray) -> list[str]:
        return _score_lines(bits, lines, args)

    run_lines(input_chunks(args.file), _score_fast, _score_slow, fmt, bad, lambda rows: np.array(rows, dtype=np.int64))
    return bad.rc()


# --- peg -----------------------------------------------------------------------


def _peg_line(text: str, lineno: int) -> object:
    from bitcards.cribbage.peg import peg

    bad_bytes = utf8_error(text, lineno)
    if bad_bytes is not None:
        raise bad_bytes
    parts = text.split("|")
    if len(parts) != 3:
        raise InvalidCardsError(f"line {lineno}: expected pone's four | dealer's four | cards played, got {len(parts)} part(s)")
    notes: list[str] = []
    # each part parsed in place (the rest blanked) so that an error's column is the line's
    bounds = [0]
    for t in parts:
        bounds.append(bounds[-1] + len(t) + 1)
    pone, dealer, played = (
        parse_cards(" " * bounds[k] + parts[k], FRENCH, "english", line=lineno, notes=notes) for k in range(3)
    )
    for note in notes:
        warn(note)
    try:
        return peg(pone, dealer, played)
    except BitcardsError as e:
        raise type(e)(f"line {lineno}: {e}") from None


def run_peg(args: argparse.Namespace) -> int:
    bad = BadInput(args.keep_going)
    for lineno, text in input_lines(args.file):
        if not text.strip():
            continue
        try:
            if (err := utf8_error(text, lineno)) is not None:
                raise err
            play = _peg_line(text, lineno)
        except BitcardsError as e:
            bad(e)
            continue
        if args.json:
            emit_json({"line": lineno, **play.as_dict()})  # type: ignore[attr-defined]
        else:
            sys.stdout.write(f"{play.totals[0]} {play.totals[1]}\n")  # type: ignore[attr-defined]
    return bad.rc()


# --- discard -------------------------------------------------------------------


def _discard_answer(
    bits: list[int], as_json: bool, line: int | None, role: str | None = None, weighted: bool = False
) -> str:
    from bitcards.cribbage.discard import discard_options

    if role:
        return _crib_discard(bits, role, as_json, line, weighted)
    opts = discard_options(bits)
    if as_json:
        obj: dict[str, object] = {} if line is None else {"line": line}
        obj |= {"cards": [FRENCH.card_name(b) for b in bits], "options": [o.as_dict() for o in opts]}
        return json.dumps(obj, ensure_ascii=False) + "\n"
    rows = [f"{'keep':<12} {'discard':<7} {'expected':>8} {'min':>4} {'max':>4}\n"]
    rows += [f"{' '.join(o.keep):<12} {' '.join(o.discard):<7} {o.expected:>8.3f} {o.min:>4} {o.max:>4}\n" for o in opts]
    return "".join(rows)


def _six(text: str, line: int | None) -> list[int]:
    notes: list[str] = []
    bits = parse_cards(text, FRENCH, "english", unique=True, line=line, notes=notes)
    for note in notes:
        warn(note)
    if len(bits) != 6:
        where = f"line {line}: " if line is not None else ""
        raise InvalidCardsError(f"{where}discard advice needs 6 cards, got {len(bits)}")
    return bits


def run_discard(args: argparse.Namespace) -> int:
    if args.weighted and not args.role:
        raise UserError("--weighted weighs the crib: give --dealer or --pone with it")
    cards, path = cards_or_file(args.cards, args.file)  # bitcards cribbage discard hands.txt
    if cards:
        sys.stdout.write(_discard_answer(_six(" ".join(cards), None), args.json, None, args.role, args.weighted))
        return 0
    bad = BadInput(args.keep_going)
    first = True
    for n, text in input_lines(path):  # one hand of six cards a line
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        try:
            if (err := utf8_error(text, n)) is not None:
                raise err
            bits = _six(text, n)
        except BitcardsError as e:
            bad(e)
            continue
        answer = _discard_answer(bits, args.json, n, args.role, args.weighted)
        sys.stdout.write(("" if first or args.json else "\n") + answer)
        first = False
    return bad.rc()


def _crib_discard(bits: list[int], role: str, as_json: bool, line: int | None, weighted: bool = False) -> str:
    from bitcards.cribbage.crib import crib_discards

    opts = crib_discards(bits, role, weighted)
    if as_json:
        obj: dict[str, object] = {} if line is None else {"line": line}
        obj |= {"cards": [FRENCH.card_name(b) for b in bits], "role": role}
        obj |= {"opponent": "weighted" if weighted else "uniform", "options": [o.as_dict() for o in opts]}
        return json.dumps(obj, ensure_ascii=False) + "\n"
    sign = "+" if role == "dealer" else "-"
    rows = [f"{'keep':<12} {'discard':<7} {'hand':>7} {'crib':>7} {'hand' + sign + 'crib':>10}\n"]
    rows += [f"{' '.join(o.keep):<12} {' '.join(o.discard):<7} {o.hand:>7.3f} {o.crib:>7.3f} {o.value:>10.3f}\n" for o in opts]
    return "".join(rows)


# --- play ----------------------------------------------------------------------


def run_play(args: argparse.Namespace) -> int:
    from bitcards._rng import check_rows
    from bitcards.cli._common import OutputFile
    from bitcards.engine import playout

    check_rows(0, args.n)
    out_file = OutputFile(args.records) if args.records else None
    seed = use_seed(args.seed)
    chunk = 1 << 12 if out_file else 1 << 18
    wins = np.zeros((2, 4), dtype=np.int64)  # per winner: games by result 1, 2, 3 (index 1..3)
    sums = np.zeros(5, dtype=np.int64)  # score0, score1, deals, dealer points, pone points

    def play_all(records: object) -> None:
        for start in range(0, args.n, chunk):
            n = min(chunk, args.n - start)
            keep = records is not None
            r = playout("cribbage", n, seed=seed, start=start, policy=args.policy, record=keep, first_dealer=args.first_dealer)
            w = (r.returns[:, 1] > 0).astype(np.int64)
            np.add.at(wins, (w, np.abs(r.returns[:, 0])), 1)
            for k, f in enumerate(("score0", "score1", "deals", "dealer_points", "pone_points")):
                sums[k] += int(r.field(f).sum())
            if records is not None:
                for i in range(n):
                    records.write(r.record(i).to_json() + "\n")  # type: ignore[attr-defined]

    if out_file is None:
        play_all(None)
    else:
        with out_file.writing() as fh:
            play_all(fh)
    n = args.n
    summary = {
        "games": n,
        "seed": seed,
        "policy": args.policy,
        "first_dealer": args.first_dealer,
        "wins": [int(wins[p].sum()) for p in range(2)],
        "skunks": [int(wins[p, 2]) for p in range(2)],
        "double_skunks": [int(wins[p, 3]) for p in range(2)],
        "mean_score": [sums[0] / n, sums[1] / n],
        "mean_deals": sums[2] / n,
        "dealer_points_per_deal": sums[3] / sums[2],
        "pone_points_per_deal": sums[4] / sums[2],
    }
    if args.json:
        emit_json(summary)
        return 0
    o = sys.stdout
    o.write(f"{n:,} games, {args.policy} play, player {args.first_dealer} deals first, seed {seed}\n")
    for p in range(2):
        o.write(
            f"player {p}: {summary['wins'][p]:,} wins ({100 * summary['wins'][p] / n:.2f}%), "  # type: ignore[index]
            f"{summary['skunks'][p]:,} skunks, {summary['double_skunks'][p]:,} double skunks, "  # type: ignore[index]
            f"mean score {summary['mean_score'][p]:.2f}\n"  # type: ignore[index]
        )
    o.write(f"deals per game {summary['mean_deals']:.3f}; points per deal (the last deal cut short at 121): ")
    o.write(f"dealer {summary['dealer_points_per_deal']:.3f}, pone {summary['pone_points_per_deal']:.3f}\n")
    return 0


# --- stats ---------------------------------------------------------------------


def _deal_distribution(n: int, seed: int, crib: bool, progress: bool) -> np.ndarray:
    from bitcards._progress import progress_bar
    from bitcards.cribbage.discard import best_discards
    from bitcards.cribbage.score import score_hands
    from bitcards.deal import deal

    hist = np.zeros(30, dtype=np.int64)
    chunk = 1 << 16
    with progress_bar(n, progress, "cribbage deals") as bar:
        for start in range(0, n, chunk):
            d = deal(min(chunk, n - start), "cribbage", seed, start=start)
            keep, _ = best_discards(d[:, 0], crib=crib)
            hist += np.bincount(score_hands(keep, d[:, 2], crib=crib), minlength=30)
            bar.update(len(d))
    return hist


def run_stats(args: argparse.Namespace) -> int:
    from bitcards.cribbage.stats import distribution_mean, score_distribution

    if args.exhaustive == (args.deals is not None):
        raise UserError("choose one of --exhaustive or --deals N")
    seed = None
    if args.exhaustive:
        dist = score_distribution(crib=args.crib)
    else:
        from bitcards._rng import check_rows

        check_rows(0, args.deals)
        seed = use_seed(args.seed)
        dist = _deal_distribution(args.deals, seed, bool(args.crib), not args.no_progress)
    total = int(dist.sum())
    mean = distribution_mean(dist)
    if args.json:
        obj: dict[str, object] = {
            "rules": "crib" if args.crib else "hand",
            "exhaustive": bool(args.exhaustive),
            "total": total,
            "counts": [int(c) for c in dist],
            "mean": mean,
        }
        if seed is not None:
            obj["seed"] = seed
        emit_json(obj)
        return 0
    what = "every hand and starter" if args.exhaustive else f"{total:,} random deals, best discard kept"
    sys.stdout.write(f"{'crib' if args.crib else 'hand'} scores over {what}\n")
    sys.stdout.write(f"{'score':>5} {'count':>10} {'share':>9}\n")
    for s, c in enumerate(dist):
        sys.stdout.write(f"{s:>5} {int(c):>10} {100 * c / total:>8.4f}%\n")
    sys.stdout.write(f"{'total':>5} {total:>10}\n")
    sys.stdout.write(f"mean {mean:.6f}\n")
    return 0
