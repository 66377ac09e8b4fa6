"""skat-game-id's human-readable notation for games (deals) and game runs.

**Game**: 32 cards, each a suit ``S R G E`` then a value ``7 8 9 X U O K A`` (any case).
``--`` starts a comment; whitespace anywhere is ignored (even inside a card, as in Java).
Cards 1-10 are front, 11-20 middle, 21-30 rear, 31-32 skat, however they are split into lines.

>>> g = parse_game('''
... S7 S8 S9 SX SU SO SK SA R7 R8  -- front
... R9 RX RU RO RK RA G7 G8 G9 GX
... gu go gk ga e7 e8 e9 ex eu eo
... EK EA''')
>>> g.base64()
'AABQVVWqqvo='
>>> print(format_game(g), end="")
S7S8S9SXSUSOSKSAR7R8
R9RXRURORKRAG7G8G9GX
GUGOGKGAE7E8E9EXEUEO
EKEA

**Game run**: the game, then three bid lines (indices into the bid table), the two skat
cards, the game type (kind digit 0-5 and four 0/1 flags: hand, ouvert, hand announced, ouvert
announced) and 10 trick lines of three card indices (front, middle, rear; 0 = first card listed).
The README of skat-game-id lists the skat cards before the bids, Java's reader wants the bids
first: :func:`parse_game_run` reads both (it looks at the first line after the game: a number
means bids first). :func:`format_game_run` writes the reader's order by default, so Java can read it too.

Differences from Java's ``SkatGameReader`` / ``SkatGameRunReader`` (bugs there, handled here):
a line holding only ``--`` is a comment (Java crashes), blank lines are allowed anywhere (Java
crashes on blank lines among the tricks), a one-character game type ``4`` means kind 4 without
flags (Java fails), comments and whitespace are allowed on the skat-cards and trick lines (Java
reads their first characters raw), and every whitespace character counts as whitespace. Stricter
than Java: text after the 32nd card, flags other than ``0``/``1``, bids outside 0..72 and more
than 10 tricks are errors rather than silently ignored or wrapped.
"""

from __future__ import annotations

import re
from typing import Literal

from bitcards.errors import InvalidCardsError, ParseError, shorten
from bitcards.notation import fold_confusables, report_lookalikes
from bitcards.skat.ids.game import Game
from bitcards.skat.ids.run import BID_TABLE, GAME_KINDS, GameRun

__all__ = [
    "parse_game",
    "format_game",
    "parse_game_run",
    "parse_game_runs",
    "format_game_run",
    "parse_skat_card",
    "NumberedLines",
    "strip_notation",
    "next_notation_line",
    "read_game_at",
    "read_game_run_at",
]

_SUIT = {c: i for i, c in enumerate("SRGE")}
_VALUE = {c: i for i, c in enumerate("789XUOKA")}
_INT = re.compile(r"[+-]?[0-9]+")
_TYPE = re.compile(r"([0-9])([01]{0,4})")
_TRICK = re.compile(r"[0-9]{3}")
#: lines of a text with their 1-based line numbers, as the line-level readers take them
NumberedLines = list[tuple[int, str]]


def strip_notation(line: str) -> str:
    """Comment removed (from the first ``--``), then every whitespace character removed."""
    return "".join(line.split("--", 1)[0].split())


def _lines(text: str) -> NumberedLines:
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    return list(enumerate(text.splitlines(), start=1))


def _name(c: int) -> str:
    return "SRGE"[c // 8] + "789XUOKA"[c % 8]


def parse_skat_card(pair: str, *, line: int | None = None, position: int | None = None) -> int:
    """The card number (``suit * 8 + value``) of a two-character skat-game-id card, any case.

    >>> parse_skat_card("gu"), parse_skat_card("EA")
    (20, 31)
    >>> parse_skat_card("QS")
    Traceback (most recent call last):
    ...
    bitcards.errors.ParseError: 'QS' is not a card: suit 'Q' is not one of S R G E
    """
    where = ""
    if line is not None:
        where = f"line {line}, card {position}: " if position is not None else f"line {line}: "
    if not pair.isascii():  # look-alikes (a Cyrillic Е, a full-width Ｘ) are read as Latin, with a warning
        folded, subs = fold_confusables(pair)
        if len(folded) == 2 and folded[0].upper() in _SUIT and folded[1].upper() in _VALUE:
            report_lookalikes(subs, f"{where}{shorten(pair)}", None)
            pair = folded
    if len(pair) != 2:
        raise ParseError(f"{where}{pair!r} is not a card: a card is two characters", token=pair, line=line, position=position)
    s = _SUIT.get(pair[0].upper())
    if s is None:
        raise ParseError(
            f"{where}{pair!r} is not a card: suit {pair[0]!r} is not one of S R G E", token=pair, line=line, position=position
        )
    v = _VALUE.get(pair[1].upper())
    if v is None:
        raise ParseError(
            f"{where}{pair!r} is not a card: value {pair[1]!r} is not one of 7 8 9 X U O K A",
            token=pair,
            line=line,
            position=position,
        )
    return s * 8 + v


def read_game_at(lines: NumberedLines, i: int) -> tuple[Game, int]:
    """The game in the notation starting at ``lines[i]`` (blank and comment lines skipped), and the
    index after its last line: the line-level reader behind :func:`parse_game`, for a reader that
    streams many games from one input. Errors name the line number."""
    cards: list[int] = []
    where: dict[int, int] = {}
    last = lines[i][0] if i < len(lines) else 1
    while i < len(lines) and len(cards) < 32:
        lineno, raw = lines[i]
        i += 1
        last = lineno
        text = strip_notation(raw)
        if len(text) % 2:
            raise ParseError(
                f"line {lineno}: {text!r} has an odd number of characters (cards are two characters each)",
                token=text,
                line=lineno,
            )
        for p in range(0, len(text), 2):
            pos = p // 2 + 1
            if len(cards) == 32:
                raise ParseError(f"line {lineno}, card {pos}: {text[p:]!r} after the 32nd card", token=text[p:], line=lineno)
            c = parse_skat_card(text[p : p + 2], line=lineno, position=pos)
            if c in where:
                raise ParseError(
                    f"line {lineno}, card {pos}: card {_name(c)} is already present (line {where[c]})",
                    token=text[p : p + 2],
                    line=lineno,
                    position=pos,
                )
            where[c] = lineno
            cards.append(c)
    if len(cards) < 32:
        raise ParseError(f"line {last}: a game has 32 cards, the text ends after {len(cards)}", line=last)
    return Game(tuple(cards[:10]), tuple(cards[10:20]), tuple(cards[20:30]), tuple(cards[30:])), i


def _rest_must_be_empty(lines: NumberedLines, i: int, what: str) -> None:
    for lineno, raw in lines[i:]:
        text = strip_notation(raw)
        if text:
            raise ParseError(f"line {lineno}: {text!r} after the end of the {what}", token=text, line=lineno)


def parse_game(text: str) -> Game:
    """A :class:`Game` from the notation (cards kept in the order listed).

    >>> parse_game("S7S8S9SXSUSOSKSAR7R8R9RXRURORKRAG7G8G9GXGUGOGKGAE7E8E9EXEUEOEKEA").skat
    (30, 31)
    >>> parse_game("S7S8 S7")
    Traceback (most recent call last):
    ...
    bitcards.errors.ParseError: line 1, card 3: card S7 is already present (line 1)
    """
    lines = _lines(text)
    game, i = read_game_at(lines, 0)
    _rest_must_be_empty(lines, i, "game")
    return game


def format_game(game: Game, *, sep: str = "", comments: bool = False) -> str:
    """The game in four lines (front, middle, rear, skat), as Java's ``SkatGameWriter`` writes it.

    ``sep`` goes between cards (Java writes none); ``comments`` adds ``-- front`` etc.

    >>> print(format_game(Game.from_id("r6qqVVUF"), sep=" ", comments=True), end="")
    GK GA E7 E8 E9 EX EU EO EK EA -- front
    RU RO RK RA G7 G8 G9 GX GU GO -- middle
    S9 SX SU SO SK SA R7 R8 R9 RX -- rear
    S7 S8 -- skat
    """
    out = []
    for name, stack in zip(("front", "middle", "rear", "skat"), game.stacks):
        line = sep.join(_name(c) for c in stack)
        out.append(f"{line} -- {name}" if comments else line)
    return "\n".join(out) + "\n"


def next_notation_line(lines: NumberedLines, i: int) -> tuple[int, int, str]:
    """``(index after it, line number, stripped text)`` of the next non-blank line, or ``(len, 0, "")``."""
    while i < len(lines):
        lineno, raw = lines[i]
        i += 1
        text = strip_notation(raw)
        if text:
            return i, lineno, text
    return i, 0, ""


def _read_bid(lines: NumberedLines, i: int, who: str, last: int) -> tuple[int, int, int]:
    i, lineno, text = next_notation_line(lines, i)
    if not text:
        raise ParseError(f"line {last}: the run ends before the bid of {who}", line=last)
    if not _INT.fullmatch(text):
        raise ParseError(f"line {lineno}: bid of {who} {text!r} is not a number", token=text, line=lineno)
    b = int(text)
    if not 0 <= b < len(BID_TABLE):
        raise ParseError(
            f"line {lineno}: bid of {who} {b} is not an index 0..{len(BID_TABLE) - 1} into the bid values",
            token=text,
            line=lineno,
        )
    return i, lineno, b


def _read_cards(lines: NumberedLines, i: int, last: int) -> tuple[int, int, tuple[int, int]]:
    i, lineno, text = next_notation_line(lines, i)
    if not text:
        raise ParseError(f"line {last}: the run ends before the two skat cards", line=last)
    if len(text) != 4:
        raise ParseError(f"line {lineno}: {text!r} is not two skat cards (like R7R8)", token=text, line=lineno)
    return i, lineno, (parse_skat_card(text[:2], line=lineno, position=1), parse_skat_card(text[2:], line=lineno, position=2))


def read_game_run_at(lines: NumberedLines, i: int, check_play: bool = True) -> tuple[GameRun, int]:
    """The game run starting at ``lines[i]``, and the index after it: the line-level reader behind
    :func:`parse_game_runs`. Errors name the line number."""
    start = lines[i][0] if i < len(lines) else 1
    game, i = read_game_at(lines, i)
    last = lines[i - 1][0]
    j, lineno, text = next_notation_line(lines, i)
    if not text:
        raise ParseError(f"line {last}: the run ends after the game (bids, skat cards, game type and tricks missing)", line=last)
    bids = []
    if _INT.fullmatch(text):  # Java reader's order: bids, then the skat cards
        for who in ("front", "middle", "rear"):
            i, last, b = _read_bid(lines, i, who, last)
            bids.append(b)
        i, last, cards = _read_cards(lines, i, last)
    else:  # the README's order: skat cards, then bids
        i, last, cards = _read_cards(lines, i, last)
        for who in ("front", "middle", "rear"):
            i, last, b = _read_bid(lines, i, who, last)
            bids.append(b)
    i, lineno, text = next_notation_line(lines, i)
    if not text:
        raise ParseError(f"line {last}: the run ends before the game type", line=last)
    m = _TYPE.fullmatch(text)
    if not m:
        raise ParseError(
            f"line {lineno}: game type {text!r} is not a kind digit 0-5 and up to four 0/1 flags"
            " (hand, ouvert, hand announced, ouvert announced), like 41111",
            token=text,
            line=lineno,
        )
    kind = int(m.group(1))
    if kind >= len(GAME_KINDS):
        raise ParseError(f"line {lineno}: game kind {kind} is not one of 0..5 ({', '.join(GAME_KINDS)})", token=text, line=lineno)
    flags = [c == "1" for c in m.group(2).ljust(4, "0")]
    last = lineno
    tricks: list[tuple[int, int, int]] = []
    while True:
        j, lineno, text = next_notation_line(lines, i)
        if not text or not _TRICK.fullmatch(text):
            break
        if len(tricks) == 10:
            raise ParseError(f"line {lineno}: an 11th trick {text!r}; a game has 10 tricks", token=text, line=lineno)
        tricks.append((int(text[0]), int(text[1]), int(text[2])))
        i, last = j, lineno
    if tricks and len(tricks) != 10:
        raise ParseError(f"line {last}: the run has {len(tricks)} tricks; record all 10 (or none)", line=last)
    try:
        run = GameRun(
            game,
            (bids[0], bids[1], bids[2]),
            cards,
            kind,
            hand=flags[0],
            ouvert=flags[1],
            hand_announced=flags[2],
            ouvert_announced=flags[3],
            tricks=tuple(tricks),
            check_play=check_play,
        )
    except InvalidCardsError as e:
        raise ParseError(f"run starting at line {start}: {e}", line=start) from None
    return run, i


def parse_game_run(text: str, *, check_play: bool = True) -> GameRun:
    """A :class:`GameRun` from the run notation, in either line order (hands kept as listed).

    ``check_play=False`` accepts tricks that do not play each card exactly once.

    >>> run = parse_game_run('''S7S8S9SXSUSOSKSAR7R8 -- front
    ... R9RXRURORKRAG7G8G9GX -- middle
    ... GUGOGKGAE7E8E9EXEUEO -- rear
    ... EKEA -- Skat before game
    ... R7R8 -- Skat on announced game
    ... 07 -- bid of front
    ... 05
    ... 04
    ... 41111 -- clubs (the README says spades; kind 4 is clubs)
    ... 012
    ... 123
    ... 234
    ... 345
    ... 456
    ... 567
    ... 678
    ... 789
    ... 890
    ... 901''')
    >>> run.bids, run.skat_cards, run.kind_name
    ((7, 5, 4), (8, 9), 'clubs')
    """
    lines = _lines(text)
    run, i = read_game_run_at(lines, 0, check_play)
    _rest_must_be_empty(lines, i, "game run")
    return run


def parse_game_runs(text: str, *, check_play: bool = True) -> list[GameRun]:
    """Every run in ``text``, one after the other (a run ends after its 10th trick, or after its game
    type when no tricks follow).

    >>> len(parse_game_runs(format_game_run(GameRun(Game.from_id("r6qqVVUF"))) * 3))
    3
    """
    lines = _lines(text)
    runs: list[GameRun] = []
    i = 0
    while True:
        j, _, t = next_notation_line(lines, i)
        if not t:
            return runs
        run, i = read_game_run_at(lines, i, check_play)
        runs.append(run)


def format_game_run(
    run: GameRun, *, order: Literal["reader", "readme"] = "reader", sep: str = "", comments: bool = False
) -> str:
    """The run in the notation. ``order="reader"`` (default) puts the bids before the skat cards, the
    order Java's ``SkatGameRunReader`` reads; ``"readme"`` puts the skat cards first (the README and
    Java's ``SkatGameRunWriter``). :func:`parse_game_run` reads both.

    >>> print(format_game_run(GameRun(Game.from_id("r6qqVVUF"), (1, 0, 0), (0, 31), 5)), end="")
    GKGAE7E8E9EXEUEOEKEA
    RURORKRAG7G8G9GXGUGO
    S9SXSUSOSKSAR7R8R9RX
    S7S8
    01
    00
    00
    S7EA
    50000
    """
    game = format_game(run.game, sep=sep, comments=comments).splitlines()
    note = (lambda s: f" -- {s}") if comments else (lambda s: "")
    cards = _name(run.skat_cards[0]) + sep + _name(run.skat_cards[1]) + note("skat cards")
    bids = [f"{b:02d}{note(f'bid of {who} ({BID_TABLE[b]})')}" for b, who in zip(run.bids, ("front", "middle", "rear"))]
    gtype = f"{run.kind}" + "".join("1" if f else "0" for f in run.flags) + note(GAME_KINDS[run.kind])
    tricks = ["".join(str(i) for i in t) for t in run.tricks]
    body = [*bids, cards] if order == "reader" else [cards, *bids]
    return "\n".join([*game, *body, gtype, *tricks]) + "\n"
