"""bitcards: card-game rules as bitmasks and Numba kernels, fast enough for bulk work.

>>> import bitcards
>>> h = bitcards.CardSet.parse("JC JS AC", "skat")
>>> len(h), str(h)
(3, 'JS JC AC')
>>> bitcards.deal(2, "skat", seed=1).shape
(2, 4)
"""

from __future__ import annotations

from bitcards import _parallel  # noqa: F401  (sets the threads' wait policy before any kernel runs)
from bitcards._version import __version__
from bitcards.batch import (
    cards_to_masks,
    indices_to_masks,
    masks_to_cards,
    masks_to_indices,
    popcount,
    validate,
)
from bitcards.cardset import CardSet
from bitcards.deal import DEAL_SPECS, deal
from bitcards.engine import GameRecord, GameState, new_game, playout, replay
from bitcards.errors import BitcardsError, CodecError, IllegalPlayError, InvalidCardsError, MemoryLimitError, ParseError
from bitcards.games import GAMES, GameSpec, get_game
from bitcards.layouts import EUCHRE, FRENCH, JASS, SKAT, Layout, get_layout
from bitcards.notation import format_card, format_cards, parse_card, parse_cards, parse_mask

__all__ = [
    "__version__",
    "CardSet",
    "Layout",
    "SKAT",
    "JASS",
    "EUCHRE",
    "FRENCH",
    "get_layout",
    "parse_card",
    "parse_cards",
    "parse_mask",
    "format_card",
    "format_cards",
    "popcount",
    "masks_to_indices",
    "indices_to_masks",
    "masks_to_cards",
    "cards_to_masks",
    "validate",
    "deal",
    "DEAL_SPECS",
    "BitcardsError",
    "ParseError",
    "InvalidCardsError",
    "CodecError",
    "IllegalPlayError",
    "MemoryLimitError",
    "warmup",
    "GAME_MODULES",
    "GAMES",
    "GameSpec",
    "get_game",
    "GameState",
    "GameRecord",
    "new_game",
    "playout",
    "replay",
]

#: game packages, imported by :func:`warmup` and the CLI
GAME_MODULES = tuple(GAMES)


def warmup(jobs: int = 1) -> int:
    """Compile (or load from the on-disk cache) every kernel; return how many warm-up tasks ran.

    Call it once before timing anything or before starting worker processes. Every module of the
    package is imported first, so the kernels of the studies, engines and solvers are covered too.
    With ``jobs`` > 1 the on-disk cache is first filled by that many worker processes, each
    compiling its share of the tasks (a cold cache compiles about ``jobs`` times faster on as many
    cores); this process then loads every kernel from the cache.

    >>> warmup(jobs=0)
    Traceback (most recent call last):
    ...
    ValueError: jobs must be >= 1, not 0
    """
    from bitcards._jit import JIT_DISABLED, import_all, run_warmups, warm_in_processes

    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs must be >= 1, not {jobs!r}")
    import_all()
    if jobs > 1 and not JIT_DISABLED:
        warm_in_processes(jobs)
    return run_warmups()
