"""``bitcards skat bid | value | stats``: the simple bid value, the official game value, exact statistics."""

from __future__ import annotations

import argparse
import sys

import numpy as np

from bitcards.cli._common import (
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
from bitcards.errors import BitcardsError

#: hands dealt at a time by ``skat stats --sample``
SAMPLE_CHUNK = 1 << 20

BID_HELP = """The simple bid value of 10 cards: jack factor x trump suit value, or pass.

Jack factor: the run of top jacks held from JC down (or, without JC, the run missing), plus 1:
2 to 5. Trump suit: the suit with the most trumps (its cards plus all jacks held); ties go to the
higher suit value: clubs 12, spades 11, hearts 10, diamonds 9. The hand passes unless that suit
has at least 6 trumps and the hand holds an ace outside it. Jacks only and no skat, as in the
code-golf challenge "Evaluate a Skat-Hand"; `bitcards skat value` gives the official game value.

Give the 10 cards as arguments (any notation: JC 0S TS 10s h9 J♣ EU), or none to read one hand
per line from stdin or --file (blank lines and lines starting with # are skipped).
Example: bitcards skat bid JC JS JD AC KC 9C AS 7H QD 8D   ->   36 Clubs"""

VALUE_HELP = """The official (ISkO) game value of a game: matadors over the declarer's 12 cards (hand + skat),
levels, won or lost, overbidding, and the score-sheet entry (+value won, -2 x value lost).
Without --points/--tricks the game is taken as won simply.
Example: bitcards skat value CJ SJ DA DT D9 HA HK H7 S8 S7 C7 C8 --game clubs --hand --points 70"""

STATS_HELP = """The exact distribution of the simple bid value over all C(32,10) = 64,512,240 ten-card hands
(enumerated in a kernel), or over a seeded random sample with --sample N."""


def register_into(skat_sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = skat_sub.add_parser("bid", help="the simple bid value of 10 cards (jack factor x trump suit value)", description=BID_HELP,
                            formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    p.add_argument("cards", nargs="*", help="the 10 cards; none: read hands from stdin or --file")
    p.add_argument("--file", help="read hands from this file, one per line")
    add_json(p)
    add_keep_going(p)
    p.set_defaults(func=run_bid)

    p = skat_sub.add_parser("value", help="the official game value of a game", description=VALUE_HELP,
                            formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    p.add_argument("cards", nargs="+", help="the declarer's 12 cards (hand + skat)")
    p.add_argument("--game", required=True, help="clubs, spades, hearts, diamonds, grand or null")
    p.add_argument("--hand", action="store_true", help="hand game (skat not picked up)")
    p.add_argument("--announce", choices=["schneider", "schwarz"], help="announced level (hand games only)")
    p.add_argument("--ouvert", action="store_true", help="open game (suit/grand: implies hand and schwarz announced)")
    p.add_argument("--points", type=int, help="the declarer's card points, skat included (0..120)")
    p.add_argument("--tricks", type=int, help="the declarer's tricks (0..10; default: neither side schwarz)")
    p.add_argument("--bid", type=int, help="the bid (a legal bid value); a lower game value is overbid")
    add_json(p)
    p.set_defaults(func=run_value)

    p = skat_sub.add_parser("stats", help="exact distribution of the simple bid value", description=STATS_HELP)
    p.add_argument("--exhaustive", action="store_true", help="all 64,512,240 hands (the default)")
    p.add_argument("--sample", type=count(1), metavar="N", help="instead: N random hands (the forehand of N seeded deals)")
    p.add_argument("--seed", type=int, default=2026, help="seed for --sample (default 2026)")
    add_json(p)
    p.set_defaults(func=run_stats)


def _bid_json(r: object, hand_text: str, line: int | None = None) -> dict[str, object]:
    from bitcards.skat.bid import BidValue

    assert isinstance(r, BidValue)
    d: dict[str, object] = {}
    if line is not None:
        d["line"] = line
    d |= {
        "hand": hand_text,
        "result": str(r),
        "value": r.value,
        "suit": r.suit_name.lower() if r.suit_name else None,
        "jack_factor": r.jack_factor,
    }
    return d


def run_bid(args: argparse.Namespace) -> int:
    from bitcards.notation import format_cards, parse_mask
    from bitcards.skat.bid import bid_value

    if args.cards:
        if args.file:
            raise UserError("give the cards as arguments or --file, not both")
        notes: list[str] = []
        mask = parse_mask(" ".join(args.cards), "skat", count=10, notes=notes)
        for note in notes:
            warn(note)
        r = bid_value(mask)
        if args.json:
            emit_json(_bid_json(r, format_cards(mask, "skat")))
        else:
            sys.stdout.write(f"{r}\n")
        return 0
    bad = BadInput(args.keep_going)
    stream = open_input(args.file)
    seen = 0
    try:
        for n, text in input_lines(stream):
            if not text.strip() or text.lstrip().startswith("#"):
                continue
            seen += 1
            notes = []
            try:
                bad_bytes = utf8_error(text, n)
                if bad_bytes is not None:
                    raise bad_bytes
                mask = parse_mask(text, "skat", count=10, line=n, notes=notes)
            except BitcardsError as e:
                bad(e)
                continue
            for note in notes:
                warn(note)
            r = bid_value(mask)
            if args.json:
                emit_json(_bid_json(r, format_cards(mask, "skat"), n))
            else:
                sys.stdout.write(f"{r}\n")
    finally:
        if stream is not sys.stdin:
            stream.close()
    if not seen:
        raise UserError(f"no hand in {args.file or 'stdin'}: give the 10 cards as arguments, or one hand per line")
    return bad.rc()


def run_value(args: argparse.Namespace) -> int:
    from bitcards.notation import format_cards, parse_mask
    from bitcards.skat.value import game_value

    if args.bid == 0:
        raise UserError("--bid 0 is not a bid; leave --bid out for no bid (legal bids: 18, 20, 22, 23, ..., 264)")
    notes: list[str] = []
    mask = parse_mask(" ".join(args.cards), "skat", notes=notes)
    for note in notes:
        warn(note)
    if mask.bit_count() != 12:
        raise UserError(f"give the declarer's 12 cards (hand + skat), got {mask.bit_count()}")
    r = game_value(
        mask,
        args.game,
        hand=args.hand,
        announce=args.announce,
        ouvert=args.ouvert,
        points=args.points,
        tricks=args.tricks,
        bid=args.bid,
    )
    if args.json:
        emit_json({"cards": format_cards(mask, "skat")} | r.to_dict())
    else:
        sys.stdout.write(f"{r}\n")
    return 0


def run_stats(args: argparse.Namespace) -> int:
    from bitcards.skat.stats import bid_distribution, bid_distribution_of

    if args.sample is not None:
        if args.exhaustive:
            raise UserError("choose --exhaustive or --sample N, not both")
        from bitcards._rng import check_rows
        from bitcards.deal import deal

        check_rows(0, args.sample)
        d = bid_distribution_of(np.empty(0, dtype=np.uint64))
        buf = np.empty((min(args.sample, SAMPLE_CHUNK), 4), dtype=np.uint64)
        for lo in range(0, args.sample, SAMPLE_CHUNK):  # constant memory for any sample
            m = min(SAMPLE_CHUNK, args.sample - lo)
            d += bid_distribution_of(deal(m, "skat", args.seed, start=lo, out=buf[:m])[:, 0])
    else:
        d = bid_distribution()
    if args.json:
        emit_json(d.to_dict() | ({"seed": args.seed} if args.sample is not None else {}))
    else:
        sys.stdout.write(d.format() + "\n")
    return 0
