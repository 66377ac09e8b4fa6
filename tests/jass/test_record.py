"""Record text: parsing the seed's matrix (brackets, contract lines, spellings), errors naming lines, formatting."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bitcards.errors import InvalidCardsError, ParseError
from bitcards.jass import check, format_record, parse_record, parse_records, random_games
from tests.jass.seed import ALL, TRUTHY_1, bracketed_winners
from tests.naive import jass as naive


def test_brackets_touching_other_cards() -> None:
    plain = "\n".join(line.replace("(", " ").replace(")", " ") for line in TRUTHY_1.splitlines())
    a, b = parse_record(TRUTHY_1), parse_record(plain)
    assert a[0] == b[0] == 1 and (a[1] == b[1]).all()
    assert naive.matrix_of(a[1].tolist())[0] == ["h9", "s6", "h7", "hQ"]
    assert naive.matrix_of(a[1].tolist())[1] == ["h6", "s7", "hJ", "hA"]


def test_other_spellings_of_the_same_record() -> None:
    code, rec = parse_record(TRUTHY_1)
    body = TRUTHY_1.splitlines()[1:]
    upper = "\n".join(["H"] + [line.upper() for line in body])
    unbracketed = [line.replace("(", " ").replace(")", " ").split() for line in body]
    rank_first = "\n".join(["hearts"] + [" ".join(c[1] + c[0] for c in cells) for cells in unbracketed])
    symbols = "\n".join(["♥"] + [line.replace("h", "♥").replace("T", "10") for line in body])
    for text in (upper, rank_first, symbols):
        c2, r2 = parse_record(text)
        assert c2 == code and (r2 == rec).all()


def test_contract_from_argument_and_line_wins() -> None:
    body = "\n".join(TRUTHY_1.splitlines()[1:])
    assert parse_record(body, "h")[0] == 1
    assert parse_record(TRUTHY_1, "c")[0] == 1
    with pytest.raises(ParseError, match="no contract"):
        parse_record(body)


@pytest.mark.parametrize(
    ("mutate", "error", "match"),
    [
        (lambda ls: ls[:5] + ls[6:], InvalidCardsError, "8 rows of cards, expected 9"),
        (lambda ls: ls + [ls[3]], InvalidCardsError, "line 11: a tenth row"),
        (lambda ls: ls[:3] + [ls[3] + " d6"] + ls[4:], InvalidCardsError, "line 4: expected a row of 4 cards, got 5"),
        (lambda ls: ls[:2] + [ls[2].replace("s7", "x7")] + ls[3:], ParseError, "unknown card 'x7' at line 3, column 5"),
        (lambda ls: ls[:2] + [ls[2].replace("s7", "s5")] + ls[3:], ParseError, "line 3, column 5"),
        (
            lambda ls: ls[:2] + [ls[2].replace("s7", "s6")] + ls[3:],
            InvalidCardsError,
            "line 3, column 5: 's6' is played twice .first at line 2, column 5",
        ),
        (lambda ls: ["trump"] + ls[1:], ParseError, "line 1: 'trump' is neither a contract"),
    ],
)
def test_malformed_text_names_the_line(mutate, error, match) -> None:  # type: ignore[no-untyped-def]
    lines = TRUTHY_1.splitlines()
    with pytest.raises(error, match=match):
        parse_record("\n".join(mutate(lines)))


def test_several_records() -> None:
    text = "\n\n\n".join(ALL) + "\n"
    recs, codes = parse_records(text)
    assert recs.shape == (6, 36) and codes.tolist() == [1, 3, 5, 4, 0, 5]
    with pytest.raises(InvalidCardsError, match="expected one record, got 6"):
        parse_record(text)


@given(st.integers(0, 5), st.integers(0, 10**6), st.booleans())
def test_format_then_parse_round_trip(code: int, seed: int, brackets: bool) -> None:
    rec = random_games(1, code, seed=seed)[0]
    text = format_record(rec, code, brackets=brackets)
    c2, r2 = parse_record(text)
    assert c2 == code and (r2 == rec).all()
    if brackets:
        assert bracketed_winners(text) == list(check(rec, code).winners)


def test_format_matches_the_seed_layout() -> None:
    for text in ALL:
        code, rec = parse_record(text)
        assert format_record(rec, code) == text
    with pytest.raises(InvalidCardsError):
        format_record(np.arange(30), "h")
