"""``bitcards euchre ...``: sort Euchre hands in the Ruby Quiz #55 format; solve positions with all hands open."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np

from bitcards.cli._common import (
    add_group,
    add_input,
    count,
    emit_json,
    input_lines,
    report_bad,
    utf8_error,
    warn,
)
from bitcards.cli._solve import add_solve_parser, run_positions, split_position
from bitcards.errors import BitcardsError, InvalidCardsError, ParseError, shorten
from bitcards.layouts import EUCHRE, FRENCH
from bitcards.notation import format_card, parse_card, parse_cards

SORT_HELP = """\
Read hands in Ruby Quiz #55's format and write them sorted, highest card first.

Input: a trump name (Diamonds, Hearts, Spades, Clubs in any case, or d h s c, or ♦ ♥ ♠ ♣),
then the hand's cards one per line (rank 9 T J Q K A + suit d h s c, e.g. Kc, Jh, Td).
A new trump line starts the next hand; blank lines are ignored.
Output: the trump name (Diamonds), then the cards in sorted order, one per line.

Example:  printf 'Diamonds\\nKc\\nJh\\nKd\\nTd\\nAh\\n' | bitcards euchre sort
"""


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    g_sub = add_group(sub, "euchre", help="Euchre: sort hands as Ruby Quiz #55 does, solve positions with open hands")

    s = g_sub.add_parser(
        "sort",
        help="sort Euchre hands (trump first, colours alternating)",
        description=SORT_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_input(s, metavar="FILE")
    s.add_argument(
        "--cards",
        type=count(),
        default=5,
        metavar="N",
        help="cards per hand (default 5, as in Ruby Quiz #55; 0 = any number)",
    )
    s.add_argument(
        "--cycle",
        choices=["bob", "dominik"],
        default="bob",
        help="suit cycle: bob (S H C D, the featured solution, default) or dominik (S D C H)",
    )
    s.add_argument("--stable", action="store_true", help="never swap suits for a void (keeps the layout as cards leave)")
    s.set_defaults(func=run_sort)
    add_solve_parser(g_sub, "tricks of each side under best play, all hands open", SOLVE_HELP, run_solve)


SOLVE_HELP = """\
The tricks each side takes under best play by both sides, all hands open (double dummy).

One position a line:  TRUMP LEADER [alone SEAT] / HAND0 / HAND1 / HAND2 / HAND3
TRUMP is Diamonds, Hearts, Spades, Clubs (or d h s c); LEADER is a seat 0-3; the hands hold
the same number of cards, at most 5 (any notation); with 'alone SEAT' that seat plays alone
and its partner's hand is left out (give it empty). Team 0 is seats 0 and 2. Blank lines and
lines starting with # are skipped. --json adds the tricks the leader's side takes with each
legal lead.
Example::

    echo "s 0 / Js Jc As / Ah Kh Qh / 9s Ts Qs / Ad Kd Qd" | bitcards euchre solve
    ->  Spades: team 0 takes 3, team 1 takes 0
"""


def _solve_line(text: str, line: int) -> tuple[str, dict[str, object]]:
    from bitcards.euchre.solver import solve

    trump, leader, alone, hands = split_position(text, line, alone_ok=True)
    r = solve(hands, trump, leader, alone=alone)
    obj = {"trump": r.trump, "leader": leader, "alone": alone, "tricks": list(r.tricks)}
    return str(r), {**obj, "values": r.values, "best": r.best, "losses": r.losses}


def run_solve(args: argparse.Namespace) -> int:
    return run_positions(args, _solve_line)


@dataclass
class _Hand:
    line: int
    trump: int
    cards: list[int] = field(default_factory=list)
    card_lines: dict[int, int] = field(default_factory=dict)
    errors: list[BitcardsError] = field(default_factory=list)


def _card_error(tok: str, ln: int, err: ParseError) -> BitcardsError:
    """A clearer message for a line that is neither a card nor a trump name."""
    try:
        parse_card(tok, FRENCH)
    except ParseError:
        return ParseError(f"line {ln}: unknown card or trump name {shorten(tok)}", token=tok, line=ln)
    return err


def _hands(lines: Iterator[tuple[int, str]], count: int) -> Iterator[_Hand]:
    """Group input lines into hands; problems are collected in each hand's ``errors``."""
    hand: _Hand | None = None
    orphan: _Hand | None = None  # lines before the first trump
    for ln, raw in lines:
        text = raw.strip()
        if not text:
            continue
        bad_bytes = utf8_error(text, ln)
        if bad_bytes is not None:
            if hand is not None and not (count and len(hand.cards) >= count and not hand.errors):
                hand.errors.append(bad_bytes)
                continue
            # before any trump, or after a full hand: the line may have been the next trump
            if hand is not None:
                yield _finish(hand, count)
                hand = None
            if orphan is None:
                orphan = _Hand(ln, -1)
                orphan.errors.append(bad_bytes)
            continue
        trump_notes: list[str] = []
        try:
            trump = _parse_trump(text, trump_notes)
        except ParseError:
            trump = -1
        for note in trump_notes:
            warn(f"line {ln}: {note}")
        if trump >= 0:
            if hand is not None:
                yield _finish(hand, count)
            elif orphan is not None:
                yield orphan
                orphan = None
            hand = _Hand(ln, trump)
            continue
        if hand is not None and count and len(hand.cards) >= count and not hand.errors and not _is_card_line(text):
            # a full hand followed by a line that is no card: a misspelt trump starting the next hand
            yield _finish(hand, count)
            hand = None
            orphan = _Hand(ln, -1)
            orphan.errors.append(ParseError(f"line {ln}: {_trump_message(text)}", token=text, line=ln))
            continue
        if hand is None:
            if orphan is None:
                orphan = _Hand(ln, -1)
                try:
                    parse_cards(text, EUCHRE)
                    msg = (
                        f"line {ln}: expected a trump name (Diamonds, Hearts, Spades, Clubs) before the cards, "
                        f"got {shorten(text)}"
                    )
                except ParseError:
                    msg = f"line {ln}: {_trump_message(text)}"
                orphan.errors.append(ParseError(msg, token=text, line=ln))
            continue
        notes: list[str] = []
        try:
            bits = parse_cards(text, EUCHRE, line=ln, notes=notes)
        except ParseError as e:
            hand.errors.append(_card_error(text, ln, e) if len(text.split()) == 1 else e)
            continue
        for note in notes:
            warn(note)
        for b in bits:
            if b in hand.card_lines:
                name = format_card(b, EUCHRE)
                hand.errors.append(
                    ParseError(f"line {ln}: duplicate card {name!r} (already on line {hand.card_lines[b]})", token=name, line=ln)
                )
                continue
            hand.card_lines[b] = ln
            hand.cards.append(b)
    if hand is not None:
        yield _finish(hand, count)
    elif orphan is not None:
        yield orphan


def _is_card_line(text: str) -> bool:
    try:
        parse_cards(text, FRENCH)
    except ParseError:
        return False
    return True


def _trump_message(text: str) -> str:
    return f"unknown trump {shorten(text)}: expected Diamonds, Hearts, Spades, Clubs (or d h s c, ♦ ♥ ♠ ♣)"


def _parse_trump(text: str, notes: list[str] | None = None) -> int:
    from bitcards.euchre import parse_trump

    return parse_trump(text, notes=notes)


def _finish(hand: _Hand, count: int) -> _Hand:
    if not hand.errors and count and len(hand.cards) != count:
        from bitcards.euchre import trump_name

        n = len(hand.cards)
        cards = "1 card" if n == 1 else f"{n} cards"
        hand.errors.append(
            InvalidCardsError(f"line {hand.line}: the {trump_name(hand.trump)} hand starting here has {cards}, expected {count}")
        )
    return hand


def run_sort(args: argparse.Namespace) -> int:
    from bitcards.euchre import trump_name, void_swap
    from bitcards.euchre.batch import sort_hand as sort_hands

    if not 0 <= args.cards <= 24:
        raise InvalidCardsError(f"--cards must be 0..24, got {args.cards}")
    out = sys.stdout
    n_bad = n_good = 0
    batch: list[_Hand] = []

    def flush() -> None:
        if not batch:
            return
        masks = np.array([sum(1 << b for b in h.cards) for h in batch], dtype=np.uint64)
        trumps = np.array([h.trump for h in batch], dtype=np.int8)
        rows = sort_hands(masks, trumps, cycle=args.cycle, stable=args.stable, width=24)
        for h, mask, row in zip(batch, masks.tolist(), rows):
            cards = [format_card(int(b), EUCHRE) for b in row if b >= 0]
            if args.json:
                emit_json(
                    {
                        "line": h.line,
                        "trump": trump_name(h.trump),
                        "cards": [format_card(b, EUCHRE) for b in h.cards],
                        "sorted": cards,
                        "swapped": (not args.stable) and void_swap(mask, h.trump, args.cycle),
                    },
                    out,
                )
            else:
                out.write(trump_name(h.trump) + "\n")
                out.writelines(c + "\n" for c in cards)
        batch.clear()

    for hand in _hands(input_lines(args.file), args.cards):
        if hand.errors:
            if not args.keep_going:
                flush()
                raise hand.errors[0]
            flush()
            for e in hand.errors:
                report_bad(str(e))
            n_bad += 1
            continue
        n_good += 1
        batch.append(hand)
        if len(batch) >= 4096:
            flush()
    flush()
    return 2 if n_bad else 0
