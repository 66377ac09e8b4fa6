"""The exceptions bitcards raises.

Every error is a :class:`BitcardsError`. The ones caused by bad input data also
subclass :class:`ValueError`, so ``except ValueError`` keeps working for callers
that do not know bitcards.

>>> issubclass(ParseError, ValueError) and issubclass(ParseError, BitcardsError)
True
"""

from __future__ import annotations

__all__ = [
    "BitcardsError",
    "ParseError",
    "InvalidCardsError",
    "CodecError",
    "IllegalPlayError",
    "PositionError",
    "MemoryLimitError",
    "CacheWarning",
    "LookAlikeWarning",
    "shorten",
]

#: how much of a token an error message quotes
TOKEN_LIMIT = 40


def shorten(token: object, limit: int = TOKEN_LIMIT) -> str:
    """``repr(token)`` for an error message, cut to ``limit`` characters and ``…`` when longer.

    >>> shorten("JC"), shorten("A" * 50)
    ("'JC'", "'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA…'")
    """
    text = str(token)
    return repr(text if len(text) <= limit else text[:limit] + "…")


class BitcardsError(Exception):
    """Base class of every error raised by bitcards."""


class ParseError(BitcardsError, ValueError):
    """Text that is not a card, a hand or a record in the expected notation.

    ``token`` is the offending text, ``position`` its 1-based token number and
    ``line`` its 1-based line number when the input had lines.
    """

    def __init__(
        self,
        message: str,
        *,
        token: str | None = None,
        position: int | None = None,
        line: int | None = None,
    ) -> None:
        super().__init__(message)
        self.token = token
        self.position = position
        self.line = line


class InvalidCardsError(BitcardsError, ValueError):
    """Cards that parse but break the game's constraints.

    Bits outside the deck, overlapping hands, wrong card counts. ``row`` is the
    index of the first bad row in batch input.
    """

    def __init__(self, message: str, *, row: int | None = None) -> None:
        super().__init__(message)
        self.row = row


class CodecError(BitcardsError, ValueError):
    """An id or encoded value that cannot be encoded or decoded."""


class IllegalPlayError(BitcardsError, ValueError):
    """A card play that the game's rules forbid."""


class PositionError(BitcardsError, ValueError):
    """A game position that cannot occur: hands of unequal size, a card in two hands, a position after the game's end."""


class LookAlikeWarning(UserWarning):
    """A character that imitates a Latin letter or digit (Cyrillic ``Н``, full-width ``９``) was read as that one."""


class CacheWarning(RuntimeWarning):
    """Compiled kernels cannot be cached on disk (a read-only install): each process compiles them again."""


class MemoryLimitError(BitcardsError, ValueError, MemoryError):
    """A request too large for the memory available, refused before anything is allocated.

    A :class:`ValueError` like every bad argument, and a :class:`MemoryError` for callers that
    catch that.
    """
