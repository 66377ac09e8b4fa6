"""``bitcards cribbage ...``: score hands (the Cribbage hand-scoring contest's file format), discard advice, score statistics."""

from __future__ import annotations

import argparse
import sys

import numpy as np

from bitcards.cli._common import (
    ArgumentParser,
    BadInput,
    UserError,
    add_json,
    add_keep_going,
    count,
    emit_json,
    input_lines,
    open_input,
    utf8_error,
    warn,
)
from bitcards.errors import BitcardsError, InvalidCardsError, shorten
from bitcards.layouts import FRENCH
from bitcards.notation import parse_cards, tokenize

SCORE_HELP = """Score cribbage hands in the format of the Cribbage hand-scoring contest problem ("Cribbage Scores"):
each line holds five cards, the four held cards then the starter, separated by any whitespace
(2-character codes like 5H TD JS; 10H, 0H and suit symbols are read too). Input stops at a line of
zeros ("0 0 0 0 0") or at the end of the file; blank lines are skipped. Writes one score per line
with no spaces. Look-alike letters (a Cyrillic Н in 8Н) are read as Latin with a warning on stderr.
A bad line is an error naming the line and the token (exit code 2); with --keep-going it is reported
and the other lines are still scored (no output line for it; exit code 2 at the end)."""


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("cribbage", help="Cribbage")
    g_sub = p.add_subparsers(dest="cribbage_command", metavar="COMMAND", parser_class=ArgumentParser)
    g_sub.required = True

    s = g_sub.add_parser("score", help="score hands: lines of 4 held cards + the starter", description=SCORE_HELP)
    s.add_argument("file", nargs="?", help="input file (default: stdin)")
    s.add_argument("--crib", action="store_true", help="score by crib rules (a flush needs all five cards)")
    s.add_argument("--explain", action="store_true", help="list every scoring combination")
    add_keep_going(s)
    add_json(s)
    s.set_defaults(func=run_score)

    d = g_sub.add_parser(
        "discard",
        help="which four of six cards to keep",
        description="Discard advice: the 15 ways to keep four of six cards, best first, with the expected "
        "hand score over the 46 unseen starters and the score range.",
    )
    d.add_argument("cards", nargs="+", help="the six dealt cards, e.g. 5H 5D 6C 7S JD KD")
    add_json(d)
    d.set_defaults(func=run_discard)

    t = g_sub.add_parser(
        "stats",
        help="score distribution: exhaustive, or over random deals with the best discard",
        description="Score distribution. --exhaustive: every 4-card hand with every starter (12,994,800 "
        "combinations, exact). --deals N: N random deals, keeping the best four of six, scored "
        "with the random starter.",
    )
    t.add_argument("--exhaustive", action="store_true", help="every (hand, starter) combination")
    t.add_argument("--deals", type=count(1), default=None, help="random deals with the best discard")
    t.add_argument("--seed", type=int, default=None, help="seed for --deals (default: fresh, printed on stderr)")
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


def run_score(args: argparse.Namespace) -> int:
    from bitcards.cribbage._rules import score5
    from bitcards.cribbage.score import explain

    stream = open_input(args.file)
    out = sys.stdout
    bad = BadInput(args.keep_going)
    crib = bool(args.crib)
    try:
        for lineno, text in input_lines(stream):
            toks = tokenize(text)
            if not toks:
                continue
            if _is_end(toks):
                break
            try:
                bits, notes = _parse_line(text, lineno)
            except BitcardsError as e:
                bad(e)
                continue
            for note in notes:
                warn(note)
            held, st = bits[:4], bits[4]
            mask = 0
            for b in held:
                mask |= 1 << b
            pts = int(score5(np.uint64(mask), np.int64(st), crib))
            if args.json:
                obj: dict[str, object] = {
                    "line": lineno,
                    "hand": [FRENCH.card_name(b) for b in held],
                    "starter": FRENCH.card_name(st),
                    "score": pts,
                }
                if args.explain:
                    obj["items"] = explain(held, 1 << st, crib).as_dict()["items"]
                emit_json(obj, out)
            elif args.explain:
                ex = explain(held, 1 << st, crib)
                out.write(f"line {lineno}: {' '.join(ex.hand)} | starter {ex.starter}\n")
                for ln in ex.lines():
                    out.write(f"  {ln}\n")
            else:
                out.write(f"{pts}\n")
    except UnicodeDecodeError as e:
        raise UserError(f"{args.file or 'stdin'}: not UTF-8 text ({e.reason} at byte {e.start} of a read block)") from None
    finally:
        if stream is not sys.stdin:
            stream.close()
    return bad.rc()


# --- discard -------------------------------------------------------------------


def run_discard(args: argparse.Namespace) -> int:
    from bitcards.cribbage.discard import discard_options

    notes: list[str] = []
    bits = parse_cards(" ".join(args.cards), FRENCH, "english", unique=True, notes=notes)
    for note in notes:
        warn(note)
    if len(bits) != 6:
        raise InvalidCardsError(f"discard advice needs 6 cards, got {len(bits)}")
    opts = discard_options(bits)
    if args.json:
        emit_json({"cards": [FRENCH.card_name(b) for b in bits], "options": [o.as_dict() for o in opts]})
        return 0
    sys.stdout.write(f"{'keep':<12} {'discard':<7} {'expected':>8} {'min':>4} {'max':>4}\n")
    for o in opts:
        sys.stdout.write(f"{' '.join(o.keep):<12} {' '.join(o.discard):<7} {o.expected:>8.3f} {o.min:>4} {o.max:>4}\n")
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
        from bitcards._rng import check_rows, seed_key

        check_rows(0, args.deals)
        seed, _ = seed_key(args.seed)
        if args.seed is None:
            sys.stderr.write(f"bitcards: seed {seed}\n")
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
