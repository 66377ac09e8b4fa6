from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bitcards.batch import (
    OUTSIDE_DECK,
    OVERLAP,
    WRONG_COUNT,
    as_masks,
    cards_to_masks,
    indices_to_masks,
    masks_to_cards,
    masks_to_indices,
    popcount,
    validate,
)
from bitcards.errors import InvalidCardsError, ParseError


@given(st.lists(st.lists(st.integers(0, 31), min_size=5, max_size=5, unique=True), min_size=1, max_size=30))
def test_indices_roundtrip(rows: list[list[int]]) -> None:
    idx = np.array(rows)
    m = indices_to_masks(idx)
    assert m.tolist() == [sum(1 << c for c in r) for r in rows]
    assert masks_to_indices(m, 5).tolist() == [sorted(r) for r in rows]
    assert popcount(m).tolist() == [5] * len(rows)


def test_indices_errors() -> None:
    with pytest.raises(InvalidCardsError, match="row 1: repeated"):
        indices_to_masks(np.array([[0, 1], [2, 2]]))
    with pytest.raises(InvalidCardsError, match="row 0: repeated or out-of-range"):
        indices_to_masks(np.array([[64, 1]]))
    with pytest.raises(InvalidCardsError, match="row 1: 2 cards, expected 3"):
        masks_to_indices(np.array([7, 3], dtype=np.uint64), 3)
    with pytest.raises(TypeError, match="dtype float64"):
        popcount(np.array([1.5]))
    with pytest.raises(InvalidCardsError, match="negative mask at row 1"):
        as_masks(np.array([1, -1]))


def test_cards_roundtrip() -> None:
    m = cards_to_masks(["JC JS", ["AH", "7D"]], "skat")
    assert masks_to_cards(m, "skat") == [["JS", "JC"], ["7D", "AH"]]
    with pytest.raises(ParseError, match="row 1: duplicate card 'AH'"):
        cards_to_masks(["JC", "AH AH"], "skat")


def test_validate_flags() -> None:
    hands = np.array(
        [
            [0b0011, 0b1100],  # fine
            [0b0011, 0b0110],  # overlap
            [0b0011, 1 << 33 | 1 << 4],  # outside the Skat deck
            [0b0001, 0b1100],  # wrong count
        ],
        dtype=np.uint64,
    )
    flags = validate(hands, "skat", [2, 2], raise_errors=False)
    assert flags.tolist() == [0, OVERLAP, OUTSIDE_DECK, WRONG_COUNT]
    with pytest.raises(InvalidCardsError, match="row 1: hands overlap") as ei:
        validate(hands, "skat", [2, 2])
    assert ei.value.row == 1
    with pytest.raises(InvalidCardsError, match=r"row 1: bits outside the skat deck: \[33\]"):
        validate(hands[[0, 2]], "skat", [2, 2])
    with pytest.raises(InvalidCardsError, match="row 0: hand 0 has 1 cards, expected 2"):
        validate(hands[3:], "skat", [2, 2])
    assert validate(np.array([1, 2], dtype=np.uint64), "skat").tolist() == [0, 0]


def test_as_masks_takes_python_lists_of_large_ints() -> None:
    assert as_masks([2**63, 3]).tolist() == [2**63, 3]
    assert as_masks([[1, 2], [3, 4]]).shape == (2, 2)
    with pytest.raises(InvalidCardsError, match="negative"):
        as_masks([1, -1])
    with pytest.raises(TypeError, match="float64"):
        as_masks([1.5])
