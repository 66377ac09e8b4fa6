"""``bitcards skat bid | value | stats``: the simple bid value, the official game value, exact statistics."""

from __future__ import annotations

import argparse
import functools
import json
import sys

import numpy as np

from bitcards.cli._bulk import card_lines, card_table, masks_of, run_lines
from bitcards.cli._common import (
    BadInput,
    UserError,
    add_json,
    add_keep_going,
    add_seed,
    cards_or_file,
    count,
    emit_json,
    input_chunks,
    use_seed,
    utf8_error,
    warn,
)
from bitcards.textio import Chunk

#: hands dealt at a time by ``skat stats --sample``
SAMPLE_CHUNK = 1 << 20

BID_HELP = """The simple bid value of 10 cards: jack factor x trump suit value, or pass.

Jack factor: the run of top jacks held from JC down (or, without JC, the run missing), plus 1:
2 to 5. Trump suit: the suit with the most trumps (its cards plus all jacks held); ties go to the
higher suit value: clubs 12, spades 11, hearts 10, diamonds 9. The hand passes unless that suit
has at least 6 trumps and the hand holds an ace outside it. Jacks only and no skat, as in the
code-golf challenge "Evaluate a Skat-Hand"; `bitcards skat value` gives the official game value.

Give the 10 cards as arguments (any notation: JC 0S TS 10s h9 J♣ EU), or a FILE (or --file FILE),
or nothing to read stdin: one hand per line (blank lines and lines starting with # are skipped;
empty input gives empty output).
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
    p.add_argument("cards", nargs="*", metavar="CARDS|FILE", help="the 10 cards, or a file of hands; none: read stdin")
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
    p.add_argument("--sample", "-n", type=count(1), metavar="N", help="instead: N random hands (the forehand of N seeded deals)")
    add_seed(p, " for --sample")
    add_json(p)
    p.set_defaults(func=run_stats)


def _bid_lines(masks: np.ndarray, lines: np.ndarray | None, as_json: bool) -> list[str]:
    """The answer of each hand: ``36 Clubs`` / ``pass``, or a JSON object (with the input's line number)."""
    from bitcards.layouts import SUIT_NAMES
    from bitcards.notation import format_cards
    from bitcards.skat.bid import bid_values

    values, suits = bid_values(masks)
    if not as_json:
        names = _bid_names()
        return [names[k] for k in (values.astype(np.int64) * 4 + np.maximum(suits, 0)).tolist()]
    from bitcards.skat.bid import jack_factor

    out = []
    for i, (m, v, s) in enumerate(zip(masks.tolist(), values.tolist(), suits.tolist())):
        d: dict[str, object] = {} if lines is None else {"line": int(lines[i])}
        d |= {
            "hand": format_cards(m, "skat").split(),
            "result": f"{v} {SUIT_NAMES[s]}" if v else "pass",
            "value": v,
            "suit": SUIT_NAMES[s].lower() if v else None,
            "jack_factor": jack_factor(m),
        }
        out.append(json.dumps(d, ensure_ascii=False) + "\n")
    return out


@functools.cache
def _bid_names() -> list[str]:
    """The text of each bid value and suit, at ``value * 4 + suit`` (a pass at 0)."""
    from bitcards.layouts import SUIT_NAMES

    return ["pass\n" if k < 4 else f"{k // 4} {SUIT_NAMES[k % 4]}\n" for k in range(4 * 1024)]


def _bid_fast(ch: Chunk) -> tuple[np.ndarray, np.ndarray]:
    """Lines of ten two-character cards, one separator between two (``JC JS JD AC KC 9C AS 7H QD 8D``)."""
    from bitcards.layouts import SKAT

    rows, bits = card_lines(ch, 10, card_table(SKAT, "auto"))
    return rows, masks_of(bits)


def _bid_slow(n: int, text: str) -> int | None:
    """One line: a hand's mask, or None for a blank line or a comment (``#``)."""
    from bitcards.notation import parse_mask

    if not text.strip() or text.lstrip().startswith("#"):
        return None
    bad_bytes = utf8_error(text, n)
    if bad_bytes is not None:
        raise bad_bytes
    notes: list[str] = []
    mask = parse_mask(text, "skat", count=10, line=n, notes=notes)
    for note in notes:
        warn(note)
    return mask


def run_bid(args: argparse.Namespace) -> int:
    from bitcards.notation import parse_mask

    cards, path = cards_or_file(args.cards, args.file)  # bitcards skat bid hand.txt
    if cards:
        notes: list[str] = []
        mask = parse_mask(" ".join(cards), "skat", count=10, notes=notes)
        for note in notes:
            warn(note)
        sys.stdout.write(_bid_lines(np.array([mask], dtype=np.uint64), None, args.json)[0])
        return 0
    bad = BadInput(args.keep_going)

    def fmt(masks: np.ndarray, lines: np.ndarray) -> list[str]:
        return _bid_lines(masks, lines, args.json)

    run_lines(input_chunks(path), _bid_fast, _bid_slow, fmt, bad, lambda ms: np.array(ms, dtype=np.uint64))
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
        emit_json({"cards": format_cards(mask, "skat").split()} | r.to_dict())
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
        seed = use_seed(args.seed)
        d = bid_distribution_of(np.empty(0, dtype=np.uint64))
        buf = np.empty((min(args.sample, SAMPLE_CHUNK), 4), dtype=np.uint64)
        for lo in range(0, args.sample, SAMPLE_CHUNK):  # constant memory for any sample
            m = min(SAMPLE_CHUNK, args.sample - lo)
            d += bid_distribution_of(deal(m, "skat", seed, start=lo, out=buf[:m])[:, 0])
    else:
        d = bid_distribution()
    if args.json:
        emit_json(d.to_dict() | ({"seed": seed} if args.sample is not None else {}))
    else:
        sys.stdout.write(d.format() + "\n")
    return 0
