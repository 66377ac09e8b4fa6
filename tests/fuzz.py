"""Fuzzing the parsers and codecs: the inputs, the one property, and the fast and ``slow`` twin tests.

Every parser must answer arbitrary input with a result or one of its documented errors
(:class:`~bitcards.errors.BitcardsError` subclasses, which are also ``ValueError``); a
``KeyError``, ``IndexError``, ``TypeError``, ... escaping it is a bug, and so is a warning
other than a :class:`~bitcards.errors.LookAlikeWarning`.

Inputs are cheap to make. Hypothesis draws a byte string and one ``st.text()`` per example;
:class:`Source` reads the bytes (then a stream seeded by them) and each input is either

* random text: each byte spelled as a token of the parser's vocabulary (card names, digits,
  the words and separators its format uses), an ASCII character (controls included) or an
  awkward Unicode character (look-alikes, full-width forms, line separators, a lone surrogate); or
* a valid document (from a pool the test makes once from random deals) with a few random edits: a token
  or separator deleted, replaced, duplicated, inserted, swapped, or the text cut short.

In the ``slow`` twin one Hypothesis example checks :data:`BATCH` inputs, so the per-example
overhead of Hypothesis (about a millisecond) is paid once per batch; it checks at least
:data:`SLOW_INPUTS` inputs and asserts that it did. The fast twin, in the normal suite, runs
:data:`FAST_EXAMPLES` examples of :data:`FAST_BATCH` inputs. :func:`twins` makes both.
"""

from __future__ import annotations

import random
import re
import warnings
from collections.abc import Callable, Sequence

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from bitcards._jit import JIT_DISABLED
from bitcards.errors import BitcardsError, LookAlikeWarning

#: inputs checked per Hypothesis example in the slow twin, and in the fast one
BATCH = 100
FAST_BATCH = 4
#: Hypothesis examples of the fast twin (in the normal suite; fewer where kernels run as Python)
FAST_EXAMPLES = 60 if JIT_DISABLED else 300
#: inputs the slow twin checks, at least
SLOW_INPUTS = 100_000

SETTINGS = dict(
    database=None,
    derandomize=True,
    phases=[Phase.generate],
    deadline=None,
    suppress_health_check=list(HealthCheck),
)

#: characters that have broken parsers elsewhere: whitespace of every kind, look-alikes, full-width
#: forms, symbols, combining marks, a lone surrogate (as ``surrogateescape`` makes from a bad byte)
AWKWARD = [
    "\x00", "\t", "\r", "\x0b", "\x0c", "\x1c", "\x85", "\xa0", "\u2028", "\u3000", "\u200b", "\ufeff",
    "\u0301", "К", "Н", "Е", "Т", "ѕ", "ｔ", "Ｔ", "９", "１０", "♠", "♥", "♦", "♣", "♢", "♧",
    "\udc80", "😀", "İ", "ﬀ", "²", "٣", "𝟗", "Ⅸ", "—", "ß", "\n", "\n\n", "  ", "(", ")", ",", "--",
]  # fmt: skip

#: words every card format shares: card names of all decks in several spellings, numbers, separators
COMMON_VOCAB = (
    [r + s for r in "6789TJQKA" for s in "cdhs"]
    + [s + r for r in "6789TJQKA" for s in "cdhsSHDC"]
    + [s + v for s in "SRGE" for v in "789XUOKA"]
    + ["10", "0", "1", "2", "3", "4", "5", "-1", "99", "000", "1e3", "0x1", " ", " ", " ", "\n", "\t", ",", "(", ")"]
)


def _tables(vocab: Sequence[str]) -> tuple[list[str], list[str]]:
    """Two byte -> text tables: bytes 0..127 a vocabulary token (the first and second 128 of
    them), 128..223 a printable ASCII character, 224..255 an awkward character."""
    out = []
    for half in (0, 1):
        words = list(vocab[128 * half : 128 * half + 128]) or list(vocab)
        table = [words[b % len(words)] for b in range(128)]
        table += [chr(b - 96) for b in range(128, 224)]
        table += [AWKWARD[(b - 224 + 13 * half) % len(AWKWARD)] for b in range(224, 256)]
        out.append(table)
    return out[0], out[1]


_TABLES: dict[int, tuple[list[str], list[str]]] = {}


class Source:
    """Bytes read front to back: Hypothesis's, then 16 KiB from a stream seeded by them (wrapping around)."""

    def __init__(self, data: bytes) -> None:
        self.buf = data + random.Random(data).randbytes(1 << 14)
        self.pos = 0

    def byte(self) -> int:
        self.pos = (self.pos + 1) % len(self.buf)
        return self.buf[self.pos]

    def chunk(self, n: int) -> bytes:
        if self.pos + n >= len(self.buf):
            self.pos = 0
        self.pos += n
        return self.buf[self.pos - n : self.pos]

    def below(self, n: int) -> int:
        """An int in ``0 .. n-1`` (``n >= 1``)."""
        if n <= 256:
            return self.byte() % n
        return int.from_bytes(self.chunk(4), "little") % n

    def piece(self, vocab: Sequence[str]) -> str:
        """One byte spelled as text: a vocabulary token (half the time), an ASCII character or an awkward one."""
        return self._table(vocab)[self.byte()]

    def _table(self, vocab: Sequence[str]) -> list[str]:
        tables = _TABLES.get(id(vocab))
        if tables is None:
            tables = _TABLES[id(vocab)] = _tables(vocab)
        return tables[self.byte() & 1]

    def text(self, vocab: Sequence[str], max_pieces: int = 40) -> str:
        table = self._table(vocab)
        return "".join(map(table.__getitem__, self.chunk(self.below(max_pieces + 1))))

    def mutate(self, text: str, vocab: Sequence[str], max_edits: int = 3) -> str:
        """``text`` with 1..max_edits random edits of its tokens and separators."""
        parts = [p for p in re.split(r"(\s+)", text) if p]
        for _ in range(1 + self.below(max_edits)):
            if not parts:
                parts = [self.piece(vocab)]
            i = self.below(len(parts))
            op = self.below(7)
            if op == 0:
                del parts[i]
            elif op == 1:
                parts[i] = self.piece(vocab)
            elif op == 2:
                parts.insert(i, self.piece(vocab))
            elif op == 3:
                parts.insert(i, parts[i])
            elif op == 4:
                j = self.below(len(parts))
                parts[i], parts[j] = parts[j], parts[i]
            elif op == 5:
                cut = self.below(len(parts[i]) + 1)
                parts[i] = parts[i][:cut] + self.piece(vocab) + parts[i][cut:]
            else:
                parts = parts[:i]
        return "".join(parts)

    def input(self, vocab: Sequence[str], valid: Sequence[str] | None, max_pieces: int) -> str:
        """Random text, or (given a pool of ``valid`` documents) one of them edited a little."""
        if not valid or self.byte() < 96:
            return self.text(vocab, max_pieces)
        doc = valid[self.below(len(valid))]
        return doc if self.byte() < 16 else self.mutate(doc, vocab)


def survives(
    parse: Callable[[object], object], item: object, errors: tuple[type[BaseException], ...] = (BitcardsError,)
) -> object:
    """``parse(item)``, or None if it raised one of ``errors``; any other exception or warning fails, naming the input."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.simplefilter("ignore", LookAlikeWarning)
        if JIT_DISABLED:  # kernels run as Python on NumPy scalars, where uint64 wrap-around warns
            warnings.filterwarnings("ignore", "overflow encountered", RuntimeWarning)
        try:
            return parse(item)
        except errors:
            return None
        except Exception as e:  # noqa: BLE001 - the point: nothing else may escape
            raise AssertionError(f"{type(e).__name__} escaped for input {item!r}: {e}") from e


def twins(
    check: Callable[[Source, str, int], int],
    *,
    fast: tuple[int, int] = (FAST_EXAMPLES, FAST_BATCH),
    batch: int = BATCH,
) -> tuple[Callable[[], None], Callable[[], None]]:
    """The fast and the slow test of one parser.

    ``check(source, text, n)`` checks about ``n`` inputs made from ``source`` (``text``, from
    Hypothesis's ``st.text()``, is one of them) and returns how many it checked. ``fast`` is the
    fast twin's (examples, inputs per example); ``batch`` the slow twin's inputs per example
    (more where one check has a fixed cost, like starting a command).
    """

    def make(n_examples: int, n: int) -> tuple[Callable[[], None], list[int]]:
        count = [0]

        @settings(max_examples=n_examples, **SETTINGS)  # type: ignore[arg-type]
        @given(st.binary(max_size=512), st.text(max_size=60))
        def run(data: bytes, text: str) -> None:
            count[0] += check(Source(data), text, n)

        return run, count

    def fast_test() -> None:
        run, _ = make(*fast)
        run()

    @pytest.mark.slow
    def slow_test() -> None:
        run, count = make(-(-SLOW_INPUTS // batch), batch)
        run()
        assert count[0] >= SLOW_INPUTS

    return fast_test, slow_test


def batch_of(
    parse: Callable[[str], object],
    vocab: Sequence[str],
    *,
    valid: Callable[[], Sequence[str]] | None = None,
    max_pieces: int = 40,
    errors: tuple[type[BaseException], ...] = (BitcardsError,),
) -> Callable[[Source, str, int], int]:
    """A ``check`` for :func:`twins`: ``n`` inputs (Hypothesis's text among them) through ``parse``."""

    def check(src: Source, text: str, n: int) -> int:
        pool = valid() if valid is not None else None
        survives(parse, text, errors)  # type: ignore[arg-type]
        for _ in range(n - 1):
            survives(parse, src.input(vocab, pool, max_pieces), errors)  # type: ignore[arg-type]
        return n

    return check
