"""Card notation: every form the seeds use, both ways, and the errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bitcards.errors import InvalidCardsError, LookAlikeWarning, ParseError
from bitcards.layouts import EUCHRE, FRENCH, JASS, SKAT
from bitcards.notation import fold_confusables, format_card, format_cards, parse_card, parse_cards, parse_mask

JC, TS, AC, H9 = 28, 19, 31, 10


@pytest.mark.parametrize(
    ("text", "bit"),
    [
        ("JC", JC), ("jc", JC), ("Jc", JC), ("cJ", JC), ("♣J", JC), ("J♣", JC), ("♧J", JC), ("EU", JC), ("eu", JC),
        ("0S", TS), ("TS", TS), ("10S", TS), ("10s", TS), ("sT", TS), ("S10", TS), ("GX", TS), ("♠T", TS),
        ("h9", H9), ("9H", H9), ("R9", H9), ("♡9", H9), ("AC", AC), ("EA", AC),
    ],
)  # fmt: skip
def test_parse_card_forms(text: str, bit: int) -> None:
    assert parse_card(text, "skat") == bit


def test_s_means_spades_unless_the_list_is_german() -> None:
    assert parse_cards("SA SK", "skat") == [23, 22]  # English: spades
    assert parse_cards("SA SK EU", "skat") == [7, 6, 28]  # an E suit makes the list German
    assert parse_cards("SA", "skat", dialect="german") == [7]
    assert parse_cards("SU SO", "skat") == [4, 5]  # U and O exist only in German


def test_other_decks() -> None:
    with pytest.warns(LookAlikeWarning, match="Cyrillic"):  # no notes list: a warning
        assert parse_cards("5H 5D 7D JD 8Н", FRENCH) == [17, 4, 6, 10, 20]
    assert parse_cards("h6 sA", JASS) == [9, 26]
    assert parse_cards("Jh Kd 9c", EUCHRE) == [8, 4, 18]


@pytest.mark.parametrize(
    ("text", "game", "match"),
    [
        ("2H", "skat", r"card '2H' at token 1 \(column 1\) is not in the skat deck"),
        ("JC 1X", "skat", r"unknown card '1X' at token 2 \(column 4\)"),
        ("1H", "french", r"unknown card '1H'"),
        ("6H", "euchre", r"not in the euchre deck"),
        ("JCC", "skat", r"unknown card 'JCC'"),
        ("JC,JS JC", "skat", r"duplicate card 'JC' at token 3 \(column 7\)"),
    ],
)
def test_parse_errors(text: str, game: str, match: str) -> None:
    with pytest.raises(ParseError, match=match) as ei:
        parse_mask(text, game)
    assert ei.value.token is not None and ei.value.token in text


def test_separators_and_count() -> None:
    assert parse_cards("JC,JS\tJH\nJD", "skat") == [28, 20, 12, 4]
    with pytest.raises(InvalidCardsError, match="expected 10 cards on line 3, got 2"):
        parse_cards("JC JS", "skat", count=10, line=3)


def test_confusables_are_reported() -> None:
    notes: list[str] = []
    assert parse_cards("8\u041d", FRENCH, notes=notes) == [20]
    assert len(notes) == 1 and "U+041D" in notes[0] and "Cyrillic" in notes[0]
    # full-width forms are read as their plain character (NFKC), and reported the same way
    assert fold_confusables("ＪＣ") == ("JC", ["read Fullwidth 'Ｊ' (U+FF2A) as 'J'", "read Fullwidth 'Ｃ' (U+FF23) as 'C'"])


def test_format_styles() -> None:
    assert format_card(TS, "skat", "zero") == "0S"
    assert format_card(TS, "skat", "german") == "GX"
    assert format_card(TS, "skat", "unicode") == "T♠"
    assert format_card(TS, "skat", "suitfirst") == "sT"
    assert format_card(8, "euchre") == "Jh"
    assert format_cards(1 << JC | 1 << TS, "skat") == "TS JC"
    with pytest.raises(InvalidCardsError):
        format_card(32, "skat")


STYLES = ["english", "zero", "suitfirst", "unicode"]


@given(
    game=st.sampled_from(["skat", "jass", "euchre", "french"]),
    data=st.data(),
)
def test_format_parse_roundtrip(game: str, data: st.DataObject) -> None:
    from bitcards.layouts import get_layout

    n = get_layout(game).n_cards
    bits = data.draw(st.lists(st.integers(0, n - 1), unique=True, max_size=12))
    style = data.draw(st.sampled_from(STYLES + (["german"] if game == "skat" else [])))
    text = format_cards(bits, game, style, sep=data.draw(st.sampled_from([" ", ",", "\t", "\n", ", "])))
    dialect = "german" if style == "german" else "auto"
    assert parse_cards(text, game, dialect) == bits


def test_skat_german_roundtrip_all_cards() -> None:
    text = format_cards(range(32), SKAT, "german")
    assert text.split()[:3] == ["S7", "S8", "S9"]
    assert parse_cards(text, SKAT) == list(range(32))  # R/G/E make the whole list German


def test_mixed_list_reads_ambiguous_tokens_by_the_german_evidence() -> None:
    assert parse_cards("JC 0S h9 EA SA", "skat") == [28, 19, 10, 31, 7]
    with pytest.raises(ParseError, match="unknown card 'JC'"):
        parse_cards("JC EA", "skat", dialect="german")
