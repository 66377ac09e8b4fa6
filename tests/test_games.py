"""The registry of games: everything that lists or serves games reads it."""

from __future__ import annotations

import dataclasses
import json

import pytest

import bitcards
from bitcards.cli import COMMAND_MODULES, main
from bitcards.deal import DEAL_SPECS
from bitcards.errors import ParseError
from bitcards.games import GAMES, get_game
from bitcards.layouts import Layout, get_layout
from bitcards.notation import format_card


def test_every_listing_reads_the_registry() -> None:
    assert tuple(GAMES) == bitcards.GAME_MODULES
    assert list(DEAL_SPECS) == list(GAMES)
    assert all(g in COMMAND_MODULES for g in GAMES)
    for g in GAMES.values():
        assert get_layout(g.name) is g.layout
        assert DEAL_SPECS[g.name].sizes == g.deal_sizes
        assert len(g.deal_columns) == len(g.deal_sizes) == len(g.draw_order)
        assert sum(g.deal_sizes) <= g.layout.n_cards


@pytest.mark.parametrize("name", list(GAMES))
def test_each_listed_verb_exists(name: str) -> None:
    import importlib

    g = get_game(name)
    mod = g.module()
    missing = [v for v in g.verbs if not callable(getattr(mod, v, None))]
    batch = importlib.import_module(f"bitcards.{name}.batch")
    missing += [f"batch.{v}" for v in g.batch_verbs if not callable(getattr(batch, v, None))]
    assert not missing, f"bitcards.{name} lacks {missing}"


@pytest.mark.parametrize(
    ("module", "old", "new"),
    [
        ("skat", "bid_values", "batch.bid_value"),
        ("skat", "game_values", "batch.game_value"),
        ("skat", "matadors_many", "batch.matadors"),
        ("skat", "card_points_many", "batch.card_points"),
        ("skat", "legal_cards_many", "batch.legal_cards"),
        ("skat", "trick_winners", "batch.trick_winner"),
        ("skat", "max_bids", "max_bid_per_game"),
        ("euchre", "legal_plays", "legal_cards_mask"),
        ("euchre", "legal_plays_batch", "batch.legal_cards"),
        ("euchre", "trick_winners", "batch.trick_winner"),
        ("euchre", "sort_hands", "batch.sort_hand"),
        ("cribbage", "score_hands", "batch.score"),
        ("jass", "check_games", "batch.check"),
        ("jass", "score_games", "batch.score"),

        ("cribbage", "best_discards", "batch.best_discard"),
    ],
)
def test_old_names_warn_and_still_work(module: str, old: str, new: str) -> None:
    mod = getattr(bitcards, module)
    want = mod
    for part in new.split("."):
        want = getattr(want, part)
    with pytest.warns(DeprecationWarning, match=rf"{module}\.{old} is deprecated .* use {module}\.{new}"):
        got = getattr(mod, old)
    assert got is want
    assert old not in mod.__all__
    with pytest.raises(AttributeError):
        getattr(mod, old + "_nonexistent")


def test_jass_legal_mask_is_checked() -> None:
    # before: jass.legal_mask(7, 9, 0, 1) read past its tables and returned 2
    from bitcards import jass
    from bitcards.errors import InvalidCardsError

    with pytest.warns(DeprecationWarning, match="use jass.legal_cards_mask"):
        legal_mask = jass.legal_mask
    with pytest.raises(InvalidCardsError, match="lead_suit"):
        legal_mask(7, 9, 0, 1)
    with pytest.raises(InvalidCardsError, match="best"):
        legal_mask(7, 0, 40, 1)
    assert legal_mask(jass.mask("d7 h6"), 0, 8, "o") == jass.mask("d7")  # diamonds led, no trump: follow
    assert legal_mask(jass.mask("d7 h6"), 0, 8, "h") == jass.mask("d7 h6")  # or trump in
    assert legal_mask(jass.mask("d7 h6"), -1, -1, "h") == jass.mask("d7 h6")  # leading: anything


def test_a_new_deck_needs_no_other_table() -> None:
    """A layout added without touching notation still formats (its style is its own)."""
    piquet = Layout("piquet", "789TJQKA")
    assert format_card(31, piquet) == "AC"
    assert format_card(0, dataclasses.replace(piquet, style="suitfirst")) == "d7"


def test_unknown_games_are_named() -> None:
    with pytest.raises(ParseError, match="unknown game 'doppelkopf'"):
        get_game("doppelkopf")
    with pytest.raises(TypeError):
        get_game(3)  # type: ignore[arg-type]


def test_games_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    text = capsys.readouterr().out
    for g in GAMES.values():
        assert f"deck {g.layout.n_cards} cards" in text and g.title in text
    assert main(["games", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["name"] for r in rows] == list(GAMES)
    assert {r["name"]: r["engine"] for r in rows}["jass"] is True
    assert rows[0]["bit"] == "suit * 8 + rank"


def test_a_bare_mask_never_means_skat() -> None:
    # Before, a mask without a game was read as Skat: cribbage's 2D 3D 4H printed as '8D 9D 7S'.
    mask = bitcards.parse_mask("2D 3D 4H", "cribbage")
    with pytest.raises(TypeError, match="needs the game"):
        bitcards.format_cards(mask)
    assert bitcards.format_cards(mask, "cribbage") == "2D 3D 4H"
    assert bitcards.format_cards(bitcards.CardSet(mask, "cribbage")) == "2D 3D 4H"  # a CardSet knows its game
    row = bitcards.deal(1, "euchre", seed=1)[0]
    with pytest.raises(TypeError):
        bitcards.masks_to_cards(row)  # type: ignore[call-arg]
    assert all(len(h) == n for h, n in zip(bitcards.masks_to_cards(row, "euchre"), (5, 5, 5, 5, 4)))
    for call in (
        lambda: bitcards.deal(1),  # type: ignore[call-arg]
        lambda: bitcards.CardSet(5),  # type: ignore[call-arg]
        lambda: bitcards.parse_mask("JC"),  # type: ignore[call-arg]
        lambda: bitcards.CardSet.parse("JC"),  # type: ignore[call-arg]
    ):
        with pytest.raises(TypeError):
            call()
