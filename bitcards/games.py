"""The registry of games: one frozen spec per game, read by everything that lists or serves games.

Layouts, card notation, dealing, the package's game list, the command line
(``bitcards <game> ...`` and ``bitcards games``), the demo and the engine all
read :data:`GAMES`. Adding a game is one entry here plus its package
``bitcards/<name>/`` (rules on masks, batch kernels, friendly API; optionally
``engine.py`` and ``demo.py``) and its ``bitcards/cli/<name>.py``.

>>> [g.name for g in GAMES.values()]
['skat', 'jass', 'euchre', 'cribbage']
>>> g = get_game("jass")
>>> g.layout.n_cards, g.bit_convention, g.contracts
(36, 'suit * 9 + rank', ('d', 'h', 's', 'c', 'o', 'u'))
>>> get_game("poker")
Traceback (most recent call last):
...
bitcards.errors.ParseError: unknown game 'poker'; games: skat, jass, euchre, cribbage
"""

from __future__ import annotations

import dataclasses
import importlib
from types import ModuleType
from typing import Any

from bitcards.errors import ParseError, shorten
from bitcards.layouts import EUCHRE, FRENCH, JASS, SKAT, Layout

__all__ = ["GameSpec", "GAMES", "get_game", "game_names", "optional_module"]


@dataclasses.dataclass(frozen=True)
class GameSpec:
    """One card game: its deck, how it deals, how its cards are written, its contracts and verbs.

    ``deal_columns``/``deal_sizes`` are the columns of :func:`bitcards.deal`;
    ``draw_order`` the order in which they are drawn (the last one drawn takes
    the cards left when a deal uses the whole deck). The deck (``layout``)
    carries the default card notation (see :func:`bitcards.format_card`). ``verbs`` are the
    public functions of ``bitcards.<name>`` named by the shared vocabulary (see
    the README's "Conventions"); ``batch_verbs`` those of ``bitcards.<name>.batch``.
    ``engine`` says whether the game is on the engine (``bitcards.<name>.engine``).
    """

    name: str
    title: str
    summary: str
    layout: Layout
    deal_columns: tuple[str, ...]
    deal_sizes: tuple[int, ...]
    draw_order: tuple[int, ...]
    contracts: tuple[str, ...]
    verbs: tuple[str, ...]
    batch_verbs: tuple[str, ...]
    engine: bool = False

    @property
    def card_style(self) -> str:
        """The default card notation (the deck's)."""
        return self.layout.style

    @property
    def package(self) -> str:
        return f"bitcards.{self.name}"

    @property
    def bit_convention(self) -> str:
        return f"suit * {self.layout.n_ranks} + rank"

    def module(self) -> ModuleType:
        """The game's package, imported."""
        return importlib.import_module(self.package)

    def module_of(self, part: str) -> ModuleType:
        """``bitcards.<name>.<part>``, imported."""
        return importlib.import_module(f"{self.package}.{part}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "summary": self.summary,
            "deck": self.layout.n_cards,
            "layout": self.layout.name,
            "ranks": self.layout.ranks,
            "bit": self.bit_convention,
            "card_style": self.card_style,
            "deal": dict(zip(self.deal_columns, self.deal_sizes)),
            "contracts": list(self.contracts),
            "verbs": list(self.verbs),
            "batch_verbs": list(self.batch_verbs),
            "engine": self.engine,
        }



def optional_module(name: str) -> ModuleType | None:
    """Module ``name``, imported, or ``None`` if it does not exist (a part left out of a build);
    an import error inside the module still raises."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name == name:
            return None
        raise

GAMES: dict[str, GameSpec] = {
    g.name: g
    for g in (
        GameSpec(
            name="skat",
            title="Skat",
            summary="the simple bid value, the official game value, play rules, game ids",
            layout=SKAT,
            deal_columns=("front", "middle", "rear", "skat"),
            deal_sizes=(10, 10, 10, 2),
            draw_order=(3, 0, 1, 2),
            contracts=("diamonds", "hearts", "spades", "clubs", "grand", "null"),
            verbs=("legal_cards", "trick_winner", "card_points", "bid_value", "game_value"),
            batch_verbs=("legal_cards", "trick_winner", "card_points", "bid_value", "game_value"),
            engine=True,
        ),
        GameSpec(
            name="jass",
            title="Jass",
            summary="legal play in all six contracts, trick winners, card points, play records",
            layout=JASS,
            deal_columns=("p1", "p2", "p3", "p4"),
            deal_sizes=(9, 9, 9, 9),
            draw_order=(0, 1, 2, 3),
            contracts=("d", "h", "s", "c", "o", "u"),
            verbs=("legal_cards", "trick_winner", "card_points", "check"),
            batch_verbs=("legal_cards", "check", "score"),
            engine=True,
        ),
        GameSpec(
            name="euchre",
            title="Euchre",
            summary="bowers and trump order, legal plays, trick winners, hand sorting (Ruby Quiz #55)",
            layout=EUCHRE,
            deal_columns=("p1", "p2", "p3", "p4", "kitty"),
            deal_sizes=(5, 5, 5, 5, 4),
            draw_order=(4, 0, 1, 2, 3),
            contracts=("diamonds", "hearts", "spades", "clubs"),
            verbs=("legal_cards", "trick_winner", "sort_hand"),
            batch_verbs=("legal_cards", "trick_winner", "sort_hand"),
        ),
        GameSpec(
            name="cribbage",
            title="Cribbage",
            summary="hand and crib scores (the show), the play (pegging), crib-aware discard advice, games to 121",
            layout=FRENCH,
            deal_columns=("p1", "p2", "starter"),
            deal_sizes=(6, 6, 1),
            draw_order=(0, 1, 2),
            contracts=(),
            verbs=("score", "explain", "discard_options", "best_discard", "crib_discards", "peg", "peg_legal"),
            batch_verbs=("score", "best_discard", "peg"),
            engine=True,
        ),
    )
}


def game_names() -> tuple[str, ...]:
    return tuple(GAMES)


def get_game(name: str | GameSpec) -> GameSpec:
    """The spec of a game by name (any case)."""
    if isinstance(name, GameSpec):
        return name
    if not isinstance(name, str):
        raise TypeError(f"a game is named by a str, not {type(name).__name__}")
    try:
        return GAMES[name.strip().lower()]
    except KeyError:
        raise ParseError(f"unknown game {shorten(name)}; games: {', '.join(GAMES)}", token=name) from None
