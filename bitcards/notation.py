"""Card notation: parse and format cards in every common notation.

Accepted card tokens (any letter case):

* rank first: ``JC``, ``0S``, ``TS``, ``10S``, ``5H``, ``Kc``, ``J♣``
* suit first: ``h9``, ``sT``, ``♣J``, ``c10``
* German letters of skat-game-id, suit first: suits ``S`` (Schellen, diamonds),
  ``R`` (Rot, hearts), ``G`` (Grün, spades), ``E`` (Eicheln, clubs) with
  values ``7 8 9 X U O K A``: ``EU`` is the jack of clubs, ``GX`` the ten of spades.
* suit symbols ``♣♠♥♦`` and the outlined ``♧♤♡◇♢``.

Lists are separated by spaces, tabs, commas or newlines.

``S`` is both English spades and German Schellen (diamonds), so ``SA`` alone is
ambiguous. In a list that holds a token that can only be German (``R G E``
suits, ``X U O`` values), ambiguous tokens are read as German; otherwise as
English. Pass ``dialect="german"`` or ``"english"`` to read every token in one
dialect only.

Look-alike letters from other scripts (the Cyrillic ``Н`` in ``8Н``) and
full-width forms (``９``) are read as the Latin letter or digit they imitate,
here and in every name bitcards reads (trumps, contracts, games). Each such
reading is reported: as a note in ``notes`` where the caller passes a list, else
as a :class:`~bitcards.errors.LookAlikeWarning` (the command line prints either
as one warning line).

>>> parse_cards("JC 0S TS 10s h9 ♣J", "skat")
[28, 19, 19, 19, 10, 28]
>>> parse_cards("EU GX SA", "skat")
[28, 19, 7]
>>> format_cards([28, 19], "skat"), format_cards([28, 19], "skat", style="german")
('JC TS', 'EU GX')
>>> parse_mask("JC JC", "skat")
Traceback (most recent call last):
...
bitcards.errors.ParseError: duplicate card 'JC' at token 2 (column 4)
"""

from __future__ import annotations

import re
import unicodedata
import warnings
from collections.abc import Iterable, Mapping, Sequence
from typing import Literal, TypeVar

from bitcards.errors import InvalidCardsError, LookAlikeWarning, ParseError, shorten
from bitcards.layouts import GERMAN_SUIT_LETTERS, SUIT_LETTERS, SUIT_SYMBOLS, Layout, get_layout

__all__ = [
    "Dialect",
    "Style",
    "tokenize",
    "parse_card",
    "parse_cards",
    "parse_mask",
    "format_card",
    "format_cards",
    "fold_confusables",
    "lookup_name",
]

V = TypeVar("V")

Dialect = Literal["auto", "english", "german"]
Style = Literal["english", "zero", "suitfirst", "german", "unicode", "euchre"]

_SYMBOL_SUIT = {
    "♦": 0, "◇": 0, "♢": 0,
    "♥": 1, "♡": 1,
    "♠": 2, "♤": 2,
    "♣": 3, "♧": 3,
}  # fmt: skip
_EN_SUIT = {c: i for i, c in enumerate(SUIT_LETTERS)}
_DE_SUIT = {c: i for i, c in enumerate(GERMAN_SUIT_LETTERS)}
# rank text -> canonical rank letter (T for ten)
_EN_RANK = {r: r for r in "AKQJT23456789"} | {"0": "T", "10": "T"}
_DE_RANK = {"7": "7", "8": "8", "9": "9", "X": "T", "U": "J", "O": "Q", "K": "K", "A": "A"}

# Letters from other scripts that look exactly like the Latin letters cards use.
_CONFUSABLES = {
    "А": "A", "В": "B", "С": "C", "Е": "E", "Н": "H", "К": "K", "М": "M", "О": "O",
    "Р": "P", "Т": "T", "Х": "X", "а": "a", "с": "c", "е": "e", "о": "o", "р": "p",
    "х": "x", "к": "k", "т": "t", "н": "h", "З": "3", "Ѕ": "S", "ѕ": "s", "Ј": "J",
    "ј": "j", "Ԛ": "Q", "ԛ": "q", "Α": "A", "Β": "B", "Ε": "E", "Η": "H", "Κ": "K",
    "Μ": "M", "Ο": "O", "Ρ": "P", "Τ": "T", "Χ": "X", "ο": "o", "κ": "k", "һ": "h", "ԁ": "d",
}  # fmt: skip

_TOKEN_RE = re.compile(r"[^\s,]+")


def _kind(ch: str) -> str:
    """The first word of a character's Unicode name: its script (``Cyrillic``) or form (``Fullwidth``)."""
    return unicodedata.name(ch, "?").split()[0].title()


def fold_confusables(token: str) -> tuple[str, list[str]]:
    """Read compatibility forms (full-width ``９``) as their plain character (NFKC) and look-alike
    letters of other scripts as the Latin letter.

    Returns the folded token and one note per substituted character.

    >>> fold_confusables("8\\u041d")
    ('8H', ["read Cyrillic 'Н' (U+041D) as Latin 'H'"])
    >>> fold_confusables("\\uff19C")
    ('9C', ["read Fullwidth '９' (U+FF19) as '9'"])
    """
    if token.isascii():
        return token, []
    notes: list[str] = []
    out = []
    for ch in token:
        plain = unicodedata.normalize("NFKC", ch)
        if plain != ch:
            notes.append(f"read {_kind(ch)} {ch!r} (U+{ord(ch):04X}) as {plain!r}")
        for c in plain:
            if c in _CONFUSABLES:
                latin = _CONFUSABLES[c]
                notes.append(f"read {_kind(c)} {c!r} (U+{ord(c):04X}) as Latin {latin!r}")
                c = latin
            out.append(c)
    return "".join(out), notes


def report_lookalikes(subs: list[str], prefix: str, notes: list[str] | None) -> None:
    """Report each reading of ``subs`` (from :func:`fold_confusables`), led by ``prefix`` (the token and where
    it is): into ``notes`` if given, else as a :class:`~bitcards.errors.LookAlikeWarning`."""
    for s in subs:
        if notes is not None:
            notes.append(f"{prefix}: {s}")
        else:
            warnings.warn(f"{prefix}: {s}", LookAlikeWarning, stacklevel=3)


def lookup_name(text: str, names: Mapping[str, V], notes: list[str] | None = None) -> V | None:
    """``names[text]`` for a name in any case, look-alike characters read as Latin (and reported); None if unknown.

    >>> lookup_name("\\u0421lubs", {"clubs": 3}, notes := [])
    3
    >>> notes
    ["'Сlubs': read Cyrillic 'С' (U+0421) as Latin 'C'"]
    """
    key = text.strip().lower()
    if key in names:
        return names[key]
    folded, subs = fold_confusables(text.strip())
    value = names.get(folded.lower()) if subs else None
    if value is not None:
        report_lookalikes(subs, shorten(text.strip()), notes)
    return value


def tokenize(text: str) -> list[tuple[str, int]]:
    """Split on spaces, tabs, commas and newlines: ``(token, column)`` pairs, columns from 1."""
    return [(m.group(), m.start() + 1) for m in _TOKEN_RE.finditer(text)]


def token_readings(tok: str) -> tuple[tuple[int, str] | None, tuple[int, str] | None]:
    """(english reading, german reading) of an upper-cased token as (suit, rank letter)."""
    en: tuple[int, str] | None = None
    de: tuple[int, str] | None = None
    if not tok:
        return None, None
    first, last = tok[0], tok[-1]
    if first in _SYMBOL_SUIT and tok[1:] in _EN_RANK:
        en = (_SYMBOL_SUIT[first], _EN_RANK[tok[1:]])
    elif last in _SYMBOL_SUIT and tok[:-1] in _EN_RANK:
        en = (_SYMBOL_SUIT[last], _EN_RANK[tok[:-1]])
    elif last in _EN_SUIT and tok[:-1] in _EN_RANK:
        en = (_EN_SUIT[last], _EN_RANK[tok[:-1]])
    elif first in _EN_SUIT and tok[1:] in _EN_RANK:
        en = (_EN_SUIT[first], _EN_RANK[tok[1:]])
    if first in _DE_SUIT and tok[1:] in _DE_RANK:
        de = (_DE_SUIT[first], _DE_RANK[tok[1:]])
    return en, de


def _where(position: int | None, column: int | None, line: int | None) -> str:
    parts = []
    if line is not None:
        parts.append(f"line {line}")
    if position is not None:
        parts.append(f"token {position}")
    s = " at " + ", ".join(parts) if parts else ""
    if column is not None:
        s += f" (column {column})"
    return s


def _resolve(
    raw: str,
    layout: Layout,
    dialect: str,
    *,
    position: int | None = None,
    column: int | None = None,
    line: int | None = None,
    notes: list[str] | None = None,
) -> int:
    folded, subs = fold_confusables(raw.strip())
    en, de = token_readings(folded.upper())
    if dialect == "german":
        reading = de
    elif dialect == "english":
        reading = en
    elif dialect == "prefer-german":
        reading = de if de is not None else en
    else:
        reading = en if en is not None else de
    if reading is None:
        raise ParseError(
            f"unknown card {shorten(raw)}{_where(position, column, line)}",
            token=raw,
            position=position,
            line=line,
        )
    suit, rank = reading
    if not layout.has_rank(rank):
        raise ParseError(
            f"card {shorten(raw)}{_where(position, column, line)} is not in the {layout.name} deck",
            token=raw,
            position=position,
            line=line,
        )
    report_lookalikes(subs, f"{shorten(raw)}{_where(position, column, line)}", notes)
    return layout.bit(suit, layout.rank_index(rank))


def _list_dialect(tokens: Sequence[str], dialect: str) -> str:
    """How to read a list's ambiguous tokens (``SA``: spades or Schellen?)."""
    if dialect != "auto":
        return dialect
    for raw in tokens:
        en, de = token_readings(fold_confusables(raw)[0].upper())
        if de is not None and en is None:
            return "prefer-german"
    return "prefer-english"


def parse_card(
    text: str, game: str | Layout, dialect: Dialect = "auto", *, notes: list[str] | None = None
) -> int:
    """The bit index of one card.

    >>> parse_card("JC", "skat"), parse_card("EU", "skat"), parse_card("sA", "skat"), parse_card("SA", "skat", "german")
    (28, 28, 23, 7)
    """
    layout = get_layout(game)
    return _resolve(text, layout, _list_dialect([text], dialect), position=1, notes=notes)


def parse_cards(
    cards: str | Iterable[str],
    game: str | Layout,
    dialect: Dialect = "auto",
    *,
    count: int | None = None,
    unique: bool = False,
    line: int | None = None,
    notes: list[str] | None = None,
) -> list[int]:
    """Bit indices of the cards, in input order.

    ``cards`` is a string (split on spaces, tabs, commas, newlines) or an
    iterable of card strings. ``unique=True`` rejects repeated cards,
    ``count=N`` rejects lists of any other length (:class:`InvalidCardsError`).
    ``line`` is only used to say where an error is.
    """
    layout = get_layout(game)
    if isinstance(cards, str):
        toks = tokenize(cards)
    else:
        toks = [(str(c), None) for c in cards]  # type: ignore[misc]
    dia = _list_dialect([t for t, _ in toks], dialect)
    out: list[int] = []
    seen: dict[int, int] = {}
    for i, (tok, col) in enumerate(toks, start=1):
        b = _resolve(tok, layout, dia, position=i, column=col, line=line, notes=notes)
        if unique and b in seen:
            raise ParseError(
                f"duplicate card {shorten(tok)}{_where(i, col, line)}",
                token=tok,
                position=i,
                line=line,
            )
        seen[b] = i
        out.append(b)
    if count is not None and len(out) != count:
        where = f" on line {line}" if line is not None else ""
        raise InvalidCardsError(f"expected {count} cards{where}, got {len(out)}")
    return out


def parse_mask(
    cards: str | Iterable[str],
    game: str | Layout,
    dialect: Dialect = "auto",
    *,
    count: int | None = None,
    line: int | None = None,
    notes: list[str] | None = None,
) -> int:
    """The mask of a hand; duplicates are an error.

    >>> hex(parse_mask("JC JS JH JD", "skat"))
    '0x10101010'
    """
    mask = 0
    for b in parse_cards(cards, game, dialect, count=count, unique=True, line=line, notes=notes):
        mask |= 1 << b
    return mask


_GERMAN_RANK = {"7": "7", "8": "8", "9": "9", "T": "X", "J": "U", "Q": "O", "K": "K", "A": "A"}


def format_card(bit: int, game: str | Layout, style: Style | None = None) -> str:
    """One card as text.

    Styles: ``english`` (``JC``, ``TS``), ``zero`` (``0S``, as in the code-golf challenge "Evaluate a Skat-Hand"),
    ``suitfirst`` (``sT``, as in the Jass card-play challenge), ``german`` (``EU``, ``GX``, skat-game-id's),
    ``unicode`` (``J♣``), ``euchre`` (``Jc``, as in Ruby Quiz #55). The default
    depends on the game.

    >>> format_card(19, "skat", "zero"), format_card(28, "skat", "unicode"), format_card(0, "jass")
    ('0S', 'J♣', 'd6')
    """
    layout = get_layout(game)
    b = int(bit)
    if not 0 <= b < layout.n_cards:
        raise InvalidCardsError(f"bit {b} is outside the {layout.name} deck (0..{layout.n_cards - 1})")
    style = style or layout.style  # type: ignore[assignment]
    rank = layout.ranks[layout.rank_of(b)]
    suit = layout.suit_of(b)
    if style == "english":
        return rank + SUIT_LETTERS[suit]
    if style == "zero":
        return ("0" if rank == "T" else rank) + SUIT_LETTERS[suit]
    if style == "suitfirst":
        return SUIT_LETTERS[suit].lower() + rank
    if style == "german":
        if rank not in _GERMAN_RANK:
            raise InvalidCardsError(f"{rank}{SUIT_LETTERS[suit]} has no German name")
        return GERMAN_SUIT_LETTERS[suit] + _GERMAN_RANK[rank]
    if style == "unicode":
        return rank + SUIT_SYMBOLS[suit]
    if style == "euchre":
        return rank + SUIT_LETTERS[suit].lower()
    raise ValueError(f"unknown card style {style!r}")


def format_cards(
    cards: int | Iterable[int],
    game: str | Layout | None = None,
    style: Style | None = None,
    sep: str = " ",
) -> str:
    """Cards as text. ``cards`` is a mask (lowest bit first) or a sequence of bits (kept in order).

    A :class:`~bitcards.CardSet` knows its game; a bare mask or list of bits
    does not, so ``game`` is required for them (a mask alone never means Skat).
    """
    if game is None:
        game = getattr(cards, "layout", None)
        if game is None:
            raise TypeError(
                "format_cards needs the game for a bare mask or list of bits, e.g. format_cards(mask, 'skat')"
            )
    if isinstance(getattr(cards, "layout", None), Layout):  # a CardSet
        cards = cards.mask  # type: ignore[union-attr]
    if isinstance(cards, int) or hasattr(cards, "dtype") and getattr(cards, "ndim", 1) == 0:
        m = int(cards)  # type: ignore[arg-type]
        bits: Iterable[int] = [b for b in range(m.bit_length()) if m >> b & 1]
    else:
        bits = cards  # type: ignore[assignment]
    return sep.join(format_card(b, game, style) for b in bits)
