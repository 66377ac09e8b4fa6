"""Checking Jass play records: one at a time (:func:`check`) or in bulk (:func:`check_games`).

>>> from bitcards.jass import check
>>> v = check('''c
... (c9)s6 cT c8
...  h7 hA(c6)h6
...  d9 d7 d6(dA)
...  s9(hK)h9 hJ
...  dT(dK)h8 dQ
...  sK(sA)sJ s7
...  cK hQ(cA)hT
... (cQ)sQ sT s8
...  c7(cJ)dJ d8''')
>>> print(v)
false trick 5, column 3: played h8; allowed: dJ cA
>>> v.legal, v.trick, v.column, v.card, v.winners[:5], v.points
(False, 5, 3, 'h8', (1, 3, 4, 2, 2), (79, 78))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from bitcards.cardset import CardSet, as_mask
from bitcards.errors import InvalidCardsError
from bitcards.jass import _kernels as K
from bitcards.jass.record import parse_record
from bitcards.jass.rules import _legal_after, _winner_of, format_contract, parse_contract
from bitcards.jass.rules import legal_mask as _legal_mask_kernel
from bitcards.layouts import JASS
from bitcards.notation import format_card, parse_card

__all__ = ["Verdict", "check", "check_games", "score_games", "legal_moves", "as_record", "as_contracts"]


@dataclass(frozen=True)
class Verdict:
    """The outcome of checking one record.

    ``legal`` is True when every play followed the rules. Otherwise ``trick``
    and ``column`` (both from 1) locate the first illegal play, ``card`` is the
    card played there and ``allowed`` the cards that were allowed.
    ``winners`` are the nine trick winners' columns (1..4) and ``points`` the
    card points of columns 1+3 and 2+4 (last trick +5; they add up to 157),
    both as the record was played, legal or not. ``bool(verdict)`` is ``legal``.
    """

    legal: bool
    contract: str
    trick: int | None
    column: int | None
    card: str | None
    allowed: CardSet | None
    winners: tuple[int, ...]
    points: tuple[int, int]

    def __bool__(self) -> bool:
        return self.legal

    def __str__(self) -> str:
        if self.legal:
            return "true"
        return f"false trick {self.trick}, column {self.column}: played {self.card}; allowed: {self.allowed}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "legal": self.legal,
            "contract": self.contract,
            "trick": self.trick,
            "column": self.column,
            "card": self.card,
            "allowed": None if self.allowed is None else self.allowed.names(),
            "winners": list(self.winners),
            "points": list(self.points),
        }


def _describe_malformed(rec: np.ndarray) -> str:
    vals = [int(v) for v in rec]
    for k, v in enumerate(vals):
        if not 0 <= v < JASS.n_cards:
            return f"card index {v} at trick {k // 4 + 1}, column {k % 4 + 1} is outside 0..35"
    seen: dict[int, int] = {}
    for k, v in enumerate(vals):
        if v in seen:
            j = seen[v]
            return (
                f"{format_card(v, JASS)} appears twice (trick {j // 4 + 1}, column {j % 4 + 1} and "
                f"trick {k // 4 + 1}, column {k % 4 + 1})"
            )
        seen[v] = k
    return "not 36 distinct cards"  # pragma: no cover - the kernel only flags the cases above


def as_record(record: object) -> np.ndarray:
    """A record as a ``(36,)`` ``int8`` array: from an array/list of 36 indices, a 9 x 4 nested list, or card names."""
    if isinstance(record, str):
        raise TypeError("pass record text to bitcards.jass.parse_record (or to check)")
    arr = np.asarray(record, dtype=object) if not isinstance(record, np.ndarray) else record
    if arr.shape not in ((36,), (9, 4)):
        # any other shape (a (4, 9) array of hands, a ragged list) would be read in the wrong order
        raise InvalidCardsError(f"a record has 9 x 4 = 36 cards (shape (9, 4) or (36,)), got shape {np.shape(arr)}")
    flat = arr.reshape(-1)
    if isinstance(record, np.ndarray) and record.dtype.kind in "iu":
        if flat.min() < 0 or flat.max() > 35:
            raise InvalidCardsError(f"record: {_describe_malformed(flat)}")
        return np.ascontiguousarray(flat.astype(np.int8))
    if isinstance(record, np.ndarray) and record.dtype.kind not in "OU":
        raise TypeError(f"record must hold card indices or card names, not dtype {record.dtype}")
    out = np.empty(36, dtype=np.int8)
    for k, x in enumerate(flat.tolist()):
        if isinstance(x, str):
            v = parse_card(x, JASS)
        elif isinstance(x, (int, np.integer)) and not isinstance(x, bool):
            v = int(x)
            if not 0 <= v < 36:
                raise InvalidCardsError(f"record: card index {v} at trick {k // 4 + 1}, column {k % 4 + 1} is outside 0..35")
        else:
            raise TypeError(f"record entries must be card names or indices, not {type(x).__name__}")
        out[k] = v
    return out


def check(record: object, contract: str | int | None = None) -> Verdict:
    """Check one play record under a contract.

    ``record`` is the challenge's text (winner brackets and a contract line allowed),
    a 9 x 4 nested list of card names or indices, or 36 indices in matrix order.
    ``contract``: ``c d h s`` (trump), ``o`` (Obenabe), ``u`` (Undenufe) or a code
    from :data:`CONTRACTS`; a contract line in the text wins. A malformed record
    raises :class:`ParseError` or :class:`InvalidCardsError`.

    >>> check([["d6", "d7", "d8", "d9"]] * 9, "o")
    Traceback (most recent call last):
    ...
    bitcards.errors.InvalidCardsError: record: d6 appears twice (trick 1, column 1 and trick 2, column 1)
    """
    if isinstance(record, str):
        code, rec = parse_record(record, contract)
    else:
        if contract is None:
            raise InvalidCardsError("check needs a contract (c d h s o u)")
        code, rec = parse_contract(contract), as_record(record)
    status, allowed, w, p13 = K.check_one(rec, np.int64(code))
    if status == K.MALFORMED:
        raise InvalidCardsError(f"record: {_describe_malformed(rec)}")
    winners = tuple(((int(w) >> (2 * t)) & 3) + 1 for t in range(9))
    points = (int(p13), 157 - int(p13))
    if status < 0:
        return Verdict(True, format_contract(code), None, None, None, None, winners, points)
    s = int(status)
    return Verdict(
        False,
        format_contract(code),
        s // 4 + 1,
        s % 4 + 1,
        format_card(int(rec[s]), JASS),
        CardSet(int(allowed), JASS),
        winners,
        points,
    )


def as_contracts(contracts: object, n: int) -> np.ndarray:
    """Contracts as an ``(n,)`` ``int8`` array of codes: one letter/code for all rows, or one per row."""
    if isinstance(contracts, (str, int, np.integer)):
        return np.full(n, parse_contract(contracts), dtype=np.int8)
    arr = np.asarray(contracts)
    if arr.dtype.kind in "OU":
        arr = np.array([parse_contract(str(x)) for x in arr.reshape(-1)], dtype=np.int8)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"contracts must be integer codes (np.int8) or letters, not dtype {arr.dtype}")
    if arr.shape != (n,):
        raise InvalidCardsError(f"contracts must have shape ({n},), got {arr.shape}")
    if n and (arr.min() < 0 or arr.max() > 5):
        i = int(np.flatnonzero((arr < 0) | (arr > 5))[0])
        raise InvalidCardsError(f"row {i}: contract code {int(arr[i])} is not one of 0..5 (d h s c o u)", row=i)
    return np.ascontiguousarray(arr.astype(np.int8))


def _as_records(records: object) -> np.ndarray:
    arr = np.asarray(records)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"records must be an integer array of card indices (np.int8), not dtype {arr.dtype}")
    if arr.ndim == 3 and arr.shape[1:] == (9, 4):
        arr = arr.reshape(arr.shape[0], 36)
    if arr.ndim != 2 or arr.shape[1] != 36:
        raise InvalidCardsError(f"records must have shape (n, 36) (or (n, 9, 4)), got {arr.shape}")
    if arr.dtype != np.int8:
        clipped = np.where((arr < 0) | (arr > 35), -1, arr)
        arr = clipped.astype(np.int8)
    return np.ascontiguousarray(arr)


def _raise_malformed(records: np.ndarray, first: np.ndarray, original: object = None) -> None:
    """Raise for the first malformed row, describing it from ``original`` (the caller's values, before int8 clipping)."""
    bad = np.flatnonzero(first == K.MALFORMED)
    if bad.size:
        i = int(bad[0])
        src = records if original is None else np.asarray(original).reshape(records.shape[0], 36)
        raise InvalidCardsError(f"row {i}: {_describe_malformed(src[i])}", row=i)


def check_games(records: object, contracts: object, *, raise_errors: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """Check many records at once: ``(ok, first_bad)``.

    ``records`` is ``(n, 36)`` card indices in matrix order (``int8``; ``(n, 9, 4)``
    also works), ``contracts`` ``(n,)`` codes (or one letter for all). ``ok[i]`` is
    True when record ``i`` is legal; ``first_bad[i]`` is the matrix index
    ``4 * (trick - 1) + (column - 1)`` of its first illegal play, ``-1`` if legal.
    A malformed row raises :class:`InvalidCardsError` naming it; with
    ``raise_errors=False`` its ``first_bad`` is ``-2`` instead.

    >>> from bitcards.jass import random_games
    >>> g = random_games(3, "u", seed=1)
    >>> g[0, [0, 4]] = g[0, [4, 0]]    # swap player 1's first two cards
    >>> ok, first = check_games(g, "u")
    >>> ok.tolist(), first.tolist()[1:]
    ([False, True, True], [-1, -1])
    """
    _, _, ok, first = _check_records(records, contracts, raise_errors)
    return ok, first


def _check_records(
    records: object, contracts: object, raise_errors: bool = True
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(records as int8 (n, 36), contract codes, ok, first_bad)`` of :func:`check_games`."""
    rec = _as_records(records)
    n = rec.shape[0]
    codes = as_contracts(contracts, n)
    ok = np.empty(n, dtype=np.bool_)
    first = np.empty(n, dtype=np.int64)
    K.check_kernel(n, rec, codes, ok, first)
    if raise_errors:
        _raise_malformed(rec, first, records)
    return rec, codes, ok, first


def score_games(records: object, contracts: object) -> tuple[np.ndarray, np.ndarray]:
    """Trick winners and card points of many records: ``(winners (n, 9) int8, points (n, 2) int16)``.

    Winners are columns from 1; points are those of columns 1+3 and 2+4 (they
    add up to 157), for the records as played, legal or not.

    >>> from bitcards.jass import random_games
    >>> w, p = score_games(random_games(4, "h", seed=3), "h")
    >>> w.shape, p.sum(axis=1).tolist()
    ((4, 9), [157, 157, 157, 157])
    """
    rec = _as_records(records)
    n = rec.shape[0]
    codes = as_contracts(contracts, n)
    first = np.empty(n, dtype=np.int64)
    winners = np.zeros((n, 9), dtype=np.int8)
    points = np.zeros((n, 2), dtype=np.int16)
    K.score_kernel(n, rec, codes, first, winners, points)
    _raise_malformed(rec, first, records)
    return winners + np.int8(1), points


def _legal_moves_batch(hands_in: np.ndarray, tricks_in: object, contracts: object) -> np.ndarray:
    from bitcards.batch import as_masks

    hands = as_masks(hands_in, "hands").reshape(-1)
    n = hands.shape[0]
    tricks = np.asarray(tricks_in)
    if tricks.dtype.kind not in "iu":
        raise TypeError(f"trick_cards must be an integer array of card indices, not dtype {tricks.dtype}")
    if tricks.ndim != 2 or tricks.shape[0] != n or tricks.shape[1] > 3:
        raise InvalidCardsError(f"trick_cards must have shape ({n}, k) with k <= 3 (-1 for no card), got {tricks.shape}")
    tricks = np.ascontiguousarray(tricks.astype(np.int64))
    codes = as_contracts(contracts, n)
    valid = tricks >= 0
    problems = (hands >> np.uint64(36)) != 0
    problems |= ((tricks < -1) | (tricks > 35)).any(axis=1)
    problems |= (valid[:, 1:] & ~valid[:, :-1]).any(axis=1)  # padding only at the end
    k = tricks.shape[1]
    for a in range(k):
        for b in range(a + 1, k):
            problems |= valid[:, a] & (tricks[:, a] == tricks[:, b])
        held = (hands >> np.clip(tricks[:, a], 0, 35).astype(np.uint64)) & np.uint64(1)
        problems |= valid[:, a] & (held != 0)
    if problems.any():
        i = int(np.flatnonzero(problems)[0])
        raise InvalidCardsError(
            f"row {i}: hand {int(hands[i]):#x} and trick {tricks[i].tolist()} are not a possible position "
            "(bits outside the deck, bad or repeated trick cards, padding before a card, or a trick card in the hand)",
            row=i,
        )
    out = np.empty(n, dtype=np.uint64)
    K.legal_kernel(n, hands, tricks, codes, out)
    return out


def legal_moves(hand_mask: Any, trick_cards: Any, contract: Any) -> Any:
    """The mask of the cards of ``hand_mask`` that may be played after ``trick_cards`` (in play order).

    Scalar: an ``int`` mask (or a Jass :class:`CardSet`), a list of 0..3 cards (names or indices), one contract;
    returns an ``int``.
    Batch: an ``(n,)`` ``uint64`` array of hands, an ``(n, k)`` integer array of trick cards
    (``k <= 3``, ``-1`` after the last card played), one contract or ``(n,)`` codes;
    returns an ``(n,)`` ``uint64`` array.

    >>> from bitcards.jass.rules import mask
    >>> from bitcards.notation import format_cards
    >>> # clubs trump, diamonds led and trumped with c9: follow diamonds or overtrump (cJ)
    >>> format_cards(legal_moves(mask("d7 h6 c6 cJ"), ["dA", "c9"], "c"), "jass")
    'd7 cJ'
    >>> masks = legal_moves(np.array([mask("d7 h6 c6 cJ")] * 2, dtype=np.uint64), np.array([[8, 30, -1], [-1, -1, -1]]), "c")
    >>> [format_cards(int(m), "jass") for m in masks]
    ['d7 cJ', 'd7 h6 c6 cJ']
    """
    if isinstance(hand_mask, np.ndarray) and hand_mask.ndim >= 1:
        return _legal_moves_batch(hand_mask, trick_cards, contract)
    return legal_cards_mask(hand_mask, trick_cards, contract)


def _trick_cards(trick_cards: Any, limit: int) -> list[int]:
    cards = []
    for c in trick_cards:
        if isinstance(c, str):
            cards.append(parse_card(c, JASS))
        elif isinstance(c, (int, np.integer)) and not isinstance(c, bool):
            cards.append(int(c))
        else:
            raise TypeError(f"trick cards must be card names or indices, not {type(c).__name__}")
    if len(cards) > limit or len(set(cards)) != len(cards) or any(not 0 <= c < 36 for c in cards):
        raise InvalidCardsError(f"a trick here holds 0..{limit} distinct cards 0..35, got {cards}")
    return cards


def legal_cards_mask(hand: Any, trick_cards: Any, contract: str | int) -> int:
    """The mask of the cards of ``hand`` that may be played after ``trick_cards`` (0..3 cards, in play order).

    ``hand`` is an ``int`` mask, a Jass :class:`~bitcards.CardSet` or card text.

    >>> from bitcards.notation import format_cards
    >>> # clubs trump, diamonds led and trumped with c9: follow diamonds or overtrump (cJ)
    >>> format_cards(legal_cards_mask("d7 h6 c6 cJ", ["dA", "c9"], "c"), "jass")
    'd7 cJ'
    """
    code = parse_contract(contract)
    hand_m = as_mask(hand, JASS, "hand")
    cards = _trick_cards(trick_cards, 3)
    if any(hand_m >> c & 1 for c in cards):
        raise InvalidCardsError("the hand holds a card that was already played to this trick")
    trick = np.array(cards + [0] * (3 - len(cards)), dtype=np.int64)
    return int(_legal_after(np.uint64(hand_m), trick, np.int64(len(cards)), np.int64(code)))


def legal_cards(hand: Any, trick_cards: Any, contract: str | int) -> CardSet:
    """:func:`legal_cards_mask` as a :class:`~bitcards.CardSet`.

    >>> str(legal_cards("h6 hJ s7 sK", ["sA", "h9"], "h"))
    'hJ s7 sK'
    """
    return CardSet(legal_cards_mask(hand, trick_cards, contract), JASS)


def trick_winner(trick_cards: Any, contract: str | int) -> int:
    """The position (0..3) in ``trick_cards`` (played in order) of the card that takes the trick.

    >>> trick_winner("s6 sA c6 sK", "c"), trick_winner("s6 sA c6 sK", "u"), trick_winner("s6 sA c6 sK", "o")
    (2, 0, 1)
    """
    code = parse_contract(contract)
    cards = _trick_cards(trick_cards.split() if isinstance(trick_cards, str) else trick_cards, 4)
    if not cards:
        raise InvalidCardsError("a trick needs at least one card")
    return int(_winner_of(np.array(cards, dtype=np.int64), np.int64(code)))


def legal_mask(hand: int, lead_suit: int, best: int, contract: str | int) -> int:
    """The legal cards of ``hand`` given the suit led (``-1``: leading) and the card winning so far.

    The old kernel-level form, now checked (a suit or card out of range read past the tables);
    use :func:`legal_cards_mask`, which takes the trick's cards.
    """
    code = parse_contract(contract)
    m = as_mask(hand, JASS, "hand")
    for name, v, lo, hi in (("lead_suit", lead_suit, -1, 3), ("best", best, -1 if lead_suit < 0 else 0, 35)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or not lo <= int(v) <= hi:
            raise InvalidCardsError(f"{name} must be an int {lo}..{hi}, got {v!r}")
    return int(_legal_mask_kernel(np.uint64(m), np.int64(lead_suit), np.int64(best), np.int64(code)))
