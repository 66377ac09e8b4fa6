"""Seeded random Jass games and illegal mutations of them, for tests and simulations.

Row ``i`` depends only on ``seed`` and ``start + i`` (counter-based streams), so
results are identical for any thread count and any chunking:
``random_games(10, c, s)[4:]`` equals ``random_games(6, c, s, start=4)``.

The deal is :func:`bitcards.deal` (``"jass"``, same seed and rows: column ``p``
of a game holds exactly hand ``p`` of that deal); then every card is drawn
uniformly among the cards the rules allow.

>>> g = random_games(2, "o", seed=5)
>>> g.shape, g.dtype.name
((2, 36), 'int8')
>>> from bitcards.jass import batch
>>> batch.check(g, "o")[0].tolist()
[True, True]
>>> bad, where = mutate_games(g, "o", seed=5)
>>> batch.check(bad, "o")[1].tolist() == where.tolist()
True
"""

from __future__ import annotations

import numpy as np

from bitcards._bits import mix64
from bitcards._memory import check_memory, empty
from bitcards._rng import seed_key
from bitcards.deal import deal
from bitcards.errors import BitcardsError, InvalidCardsError
from bitcards.jass import _kernels as K
from bitcards.jass.play import _check_records, as_contracts

__all__ = ["random_games", "random_contracts", "mutate_games"]

_CHUNK = 1 << 18
# each purpose draws from its own family of streams
_CONTRACT_SALT = 0x4A41_5353_434F_4E54
_MUTATE_SALT = 0x4A41_5353_4D55_5441
_SWAP_SALT = 0x4A41_5353_5357_4150


#: game numbers (``start + i``) are int64 in the kernels
_MAX_ROW = (1 << 63) - 1


def _check_n(n: int, start: int) -> None:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError(f"n must be an int, not {type(n).__name__}")
    if isinstance(start, bool) or not isinstance(start, (int, np.integer)):
        raise TypeError(f"start must be an int, not {type(start).__name__}")
    if n < 0 or start < 0:
        raise InvalidCardsError(f"n and start must be >= 0, got n={n}, start={start}")
    if int(start) + int(n) > _MAX_ROW:
        raise InvalidCardsError(f"start + n must be at most 2**63 - 1 (game numbers are int64), got start={start}, n={n}")


def random_games(n: int, contract: object, seed: int | None = None, start: int = 0) -> np.ndarray:
    """``n`` random legal games: ``(n, 36)`` ``int8`` card indices in matrix order.

    ``contract`` is one contract for every game (``"h"``, ``"o"``, a code) or an
    ``(n,)`` array of codes (see :func:`random_contracts`). Each game deals
    ``deal(n, "jass", seed, start=start)`` and is played on the engine
    (:func:`bitcards.playout`) with the built-in random policy: every card
    uniform among the legal ones.
    """
    from bitcards.engine import initial_states, playout
    from bitcards.jass.engine import SPEC, play_order_to_matrix

    _check_n(n, start)
    # the games and, for one contract, its (n,) column
    check_memory(37 * int(n), f"cannot hold {int(n):,} games", "play them in chunks (start=)")
    codes = as_contracts(contract, int(n))
    out = empty((int(n), 36), np.int8, f"cannot hold {int(n):,} games", "play them in chunks (start=)")
    buf = np.empty((min(int(n), _CHUNK), 4), dtype=np.uint64)
    col = SPEC.field("contract")
    for lo in range(0, int(n), _CHUNK):
        m = min(_CHUNK, int(n) - lo)
        hands = deal(m, "jass", seed, start=start + lo, out=buf[:m])
        states = initial_states("jass", hands, contract=0)
        states[:, col] = codes[lo : lo + m]
        r = playout("jass", states=states, deals=hands, seed=seed, start=start + lo, record=True, contract=0)
        out[lo : lo + m] = play_order_to_matrix(r.actions, codes[lo : lo + m])  # type: ignore[arg-type]
    return out


def random_contracts(n: int, seed: int | None = None, start: int = 0) -> np.ndarray:
    """``(n,)`` ``int8`` contract codes, each uniform over the six, from ``seed`` (rows as in :func:`random_games`).

    >>> c = random_contracts(1000, seed=1)
    >>> sorted(set(c.tolist()))
    [0, 1, 2, 3, 4, 5]
    """
    _check_n(n, start)
    _, key = seed_key(seed)
    out = empty((int(n),), np.int8, f"cannot hold {int(n):,} contracts", "draw them in chunks (start=)")
    K.contracts_kernel(int(n), np.uint64(mix64(key ^ _CONTRACT_SALT)), np.int64(start), out)
    return out


def mutate_games(
    records: object, contracts: object, seed: int | None = None, start: int = 0, *, kind: str = "hand"
) -> tuple[np.ndarray, np.ndarray]:
    """Illegal copies of records: ``(mutated (n, 36) int8, where (n,) int64)``.

    ``kind="hand"`` (default): in each record one play, chosen uniformly among
    the plays (before the record's first violation) where the player held a card
    they were not allowed to play, is swapped with such a card, which the player
    plays later. The player's hand is the same up to that play, so every earlier
    play stays legal: the first violation is exactly at matrix index
    ``where[i]``. Where a record offers no such play it is copied unchanged and
    ``where[i]`` is -1.

    ``kind="players"``: two cards of different players (positions uniform) are
    swapped, retrying up to 64 times until the checker finds the record illegal;
    ``where[i]`` is the checker's first violation (-1 and the record unchanged if
    no try made it illegal). Meant for legal input records.

    Either way the result is verified by the checker.
    """
    _check_n(0, start)
    if kind == "players":
        return _mutate_players(records, contracts, seed, start)
    if kind != "hand":
        raise ValueError(f"kind must be 'hand' or 'players', not {kind!r}")
    rec, codes, ok, first = _check_records(records, contracts)
    _, key = seed_key(seed)
    n = rec.shape[0]
    out = np.empty_like(rec)
    where = np.empty(n, dtype=np.int64)
    K.mutate_kernel(n, rec, codes, np.uint64(mix64(key ^ _MUTATE_SALT)), np.int64(start), out, where)
    # verified by the checker: the first violation is exactly where it was made
    K.check_kernel(n, out, codes, ok, first)
    wrong = (where >= 0) & (first != where)
    if wrong.any():  # pragma: no cover - would be a bug in the kernels
        i = int(np.flatnonzero(wrong)[0])
        raise BitcardsError(f"internal error: mutation of row {i} made play {where[i]} illegal, the checker says {first[i]}")
    return out, where


def _mutate_players(records: object, contracts: object, seed: int | None, start: int) -> tuple[np.ndarray, np.ndarray]:
    rec, codes, ok, first = _check_records(records, contracts)
    _, key = seed_key(seed)
    n = rec.shape[0]
    out = rec.copy()
    where = np.full(n, -1, dtype=np.int64)
    todo = np.ones(n, dtype=np.bool_)
    for attempt in range(64):
        trial = rec.copy()
        # each try draws from its own streams, so row i depends only on (seed, start + i)
        K.swap_kernel(n, rec, np.uint64(mix64(key ^ _SWAP_SALT ^ mix64(attempt))), np.int64(start), todo, trial)
        K.check_kernel(n, trial, codes, ok, first)
        hit = todo & ~ok
        out[hit] = trial[hit]
        where[hit] = first[hit]
        todo &= ok
        if not todo.any():
            break
    return out, where
