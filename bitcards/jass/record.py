"""Play records as text: a 9 x 4 matrix (column = player, row = trick), optionally with a contract line and winner brackets.

A record is nine lines of four cards (column = player in seating order, line =
trick in time order), optionally preceded by a line holding the contract
(``c d h s`` trump, ``o`` Obenabe, ``u`` Undenufe). Winner brackets are ignored,
even where they touch other cards: ``(h9)s6 h7 hQ``. Several records are
separated by blank lines.

In bitcards a record is an ``int8`` array of 36 card indices in matrix order
(row-major): ``record[4 * (trick - 1) + (column - 1)]``.

>>> contract, rec = parse_record('''h
... (h9)s6 h7 hQ
...  h6 s7(hJ)hA
...  sQ s9(sA)d8
... (hT)sK sT c8
...  s8 d6(sJ)cJ
... (cA)cK c9 cQ
...  c6 cT(h8)dJ
...  c7 d7 dQ(dA)
... (hK)d9 dK dT''')
>>> contract, rec[:4].tolist()
(1, [12, 18, 10, 15])
>>> print(format_record(rec, contract).splitlines()[2])
 h6 s7(hJ)hA
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

import numpy as np

from bitcards.errors import InvalidCardsError, ParseError, shorten
from bitcards.jass.rules import parse_contract
from bitcards.layouts import JASS
from bitcards.notation import format_card, parse_card, report_lookalikes, tokenize

__all__ = ["parse_record", "parse_records", "split_records", "format_record", "Block"]

#: one record's lines: (line number from 1, text)
Block = list[tuple[int, str]]

_NAMES = [format_card(b, JASS) for b in range(JASS.n_cards)]
#: token -> card, starting with the suit-first spelling (``h9``, ``sT``); other spellings are added as met
_CARD_CACHE: dict[str, int] = {name: b for b, name in enumerate(_NAMES)}


def _card(tok: str, line: int | None, col: int | None, notes: list[str] | None = None) -> int:
    b = _CARD_CACHE.get(tok)
    if b is not None:
        return b
    where = f" at line {line}, column {col}" if line is not None else ""
    found: list[str] = []
    try:
        b = parse_card(tok, JASS, notes=found)
    except ParseError as e:
        msg = str(e).replace(" at token 1", where)
        raise ParseError(msg, token=tok, line=line) from None
    if found:  # a look-alike: reported every time it is read, so not cached
        report_lookalikes([n.split(": ", 1)[1] for n in found], f"{shorten(tok)}{where}", notes)
    elif len(_CARD_CACHE) < 10_000:
        _CARD_CACHE[tok] = b
    return b


def _where(line: int | None, col: int | None) -> str:
    if line is None:
        return ""
    return f"line {line}, column {col}" if col is not None else f"line {line}"


_SEPARATORS = str.maketrans({"(": " ", ")": " ", ",": " "})
_FULL = (1 << 36) - 1


def _parse_fast(block: Block, contract: str | int | None) -> tuple[int, np.ndarray] | None:
    """The common case (canonical card names, well formed) without column bookkeeping; None otherwise."""
    lines = [text.translate(_SEPARATORS).split() for _, text in block]
    lines = [t for t in lines if t]
    code: int | None = None
    if len(lines) == 10 and len(lines[0]) == 1:
        if not lines[0][0].isascii():  # a look-alike is reported with its line by parse_block
            return None
        try:
            code = parse_contract(lines[0][0])
        except ParseError:
            return None
        lines = lines[1:]
    elif contract is None:
        return None
    if len(lines) != 9 or any(len(t) != 4 for t in lines):
        return None
    cache = _CARD_CACHE
    try:
        vals = [cache[tok] for t in lines for tok in t]
    except KeyError:
        return None
    seen = 0
    for v in vals:
        seen |= 1 << v
    if seen != _FULL:
        return None
    if code is None:
        if contract is None:  # pragma: no cover - excluded above
            return None
        code = parse_contract(contract)
    return code, np.array(vals, dtype=np.int8)


def parse_block(block: Block, contract: str | int | None = None, *, notes: list[str] | None = None) -> tuple[int, np.ndarray]:
    """``(contract code, record)`` from a record's numbered lines.

    ``contract`` is used when the block has no contract line; a contract line
    in the block wins. Raises :class:`ParseError` (unknown text, no contract)
    or :class:`InvalidCardsError` (wrong shape, a card twice) naming the line.
    Look-alike characters are read as Latin and reported with their line (in
    ``notes``, or as a warning; see :mod:`bitcards.notation`).
    """
    if contract is not None:
        parse_contract(contract)  # a bad default is an error even where a contract line overrides it
    fast = _parse_fast(block, contract)
    if fast is not None:
        return fast
    code: int | None = None
    rows: list[tuple[int, list[tuple[str, int]]]] = []
    for lineno, text in block:
        toks = tokenize(text.replace("(", " ").replace(")", " "))
        if not toks:
            continue
        if not rows and code is None and len(toks) == 1:
            found: list[str] = []
            try:
                code = parse_contract(toks[0][0], notes=found)
            except ParseError:
                raise ParseError(
                    f"line {lineno}: {shorten(toks[0][0])} is neither a contract (c d h s o u) nor a row of four cards",
                    token=toks[0][0],
                    line=lineno,
                ) from None
            report_lookalikes([n.split(": ", 1)[1] for n in found], f"{shorten(toks[0][0])} at line {lineno}", notes)
            continue
        if len(toks) != 4:
            raise InvalidCardsError(f"line {lineno}: expected a row of 4 cards, got {len(toks)}")
        if len(rows) == 9:
            raise InvalidCardsError(f"line {lineno}: a tenth row of cards (a record has nine; separate records by a blank line)")
        rows.append((lineno, toks))
    first = block[0][0] if block else None
    if len(rows) != 9:
        where = f"record at line {first}: " if first is not None else ""
        raise InvalidCardsError(f"{where}{len(rows)} row{'s' if len(rows) != 1 else ''} of cards, expected 9")
    if code is None:
        if contract is None:
            raise ParseError(f"record at line {first}: no contract line and no contract given (--game)", line=first)
        code = parse_contract(contract)
    rec = np.empty(36, dtype=np.int8)
    seen: dict[int, tuple[int, int]] = {}
    k = 0
    for lineno, toks in rows:
        for tok, col in toks:
            b = _card(tok, lineno, col, notes)
            if b in seen:
                pl, pc = seen[b]
                raise InvalidCardsError(
                    f"line {lineno}, column {col}: {shorten(tok)} is played twice (first at line {pl}, column {pc}); "
                    f"a record holds all 36 cards once"
                )
            seen[b] = (lineno, col)
            rec[k] = b
            k += 1
    return code, rec


def split_records(lines: Iterable[tuple[int, str]]) -> Iterator[Block]:
    """Group numbered lines into records at blank lines."""
    block: Block = []
    for lineno, text in lines:
        if text.strip():
            block.append((lineno, text))
        elif block:
            yield block
            block = []
    if block:
        yield block


def _numbered(text: str) -> list[tuple[int, str]]:
    return list(enumerate(text.splitlines(), start=1))


def parse_record(text: str, contract: str | int | None = None) -> tuple[int, np.ndarray]:
    """``(contract code, record)`` from one record's text (see the module docstring)."""
    blocks = list(split_records(_numbered(text)))
    if len(blocks) != 1:
        raise InvalidCardsError(f"expected one record, got {len(blocks)} (records are separated by blank lines)")
    return parse_block(blocks[0], contract)


def parse_records(text: str, contract: str | int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Every record of a text: ``(records (n, 36) int8, contracts (n,) int8)``."""
    recs, codes = [], []
    for block in split_records(_numbered(text)):
        code, rec = parse_block(block, contract)
        recs.append(rec)
        codes.append(code)
    return np.array(recs, dtype=np.int8).reshape(-1, 36), np.array(codes, dtype=np.int8)


def format_record(
    record: Sequence[int] | np.ndarray,
    contract: str | int | None = None,
    *,
    winners: Sequence[int] | None = None,
    brackets: bool = True,
) -> str:
    """A record as the Jass card-play challenge writes it: the contract line (if given), then nine rows of four cards.

    With ``brackets`` each trick's winner is bracketed, as in the challenge
    (``winners`` are columns from 1; computed from the record if not given).
    """
    rec = np.asarray(record).reshape(-1)
    if rec.shape != (36,):
        raise InvalidCardsError(f"a record has 36 cards, got {rec.size}")
    if rec.dtype.kind not in "iu" or rec.min() < 0 or rec.max() > 35:
        raise InvalidCardsError("a record holds card indices 0..35")
    lines = []
    if contract is not None:
        lines.append("dhscou"[parse_contract(contract)])
    if brackets and winners is None:
        if contract is None:
            raise InvalidCardsError("brackets need the contract (or winners)")
        from bitcards.jass.play import check

        winners = check(rec, contract).winners
    for t in range(9):
        cards = [_NAMES[int(rec[4 * t + p])] for p in range(4)]
        if not brackets:
            lines.append(" ".join(cards))
            continue
        sep = [" "] * 5
        w = int(winners[t]) - 1  # type: ignore[index]
        sep[w], sep[w + 1] = "(", ")"
        lines.append((sep[0] + cards[0] + sep[1] + cards[1] + sep[2] + cards[2] + sep[3] + cards[3] + sep[4]).rstrip())
    return "\n".join(lines)
