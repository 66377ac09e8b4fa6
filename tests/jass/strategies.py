"""Hypothesis strategies for Jass tests."""

from __future__ import annotations

from hypothesis import strategies as st

contracts = st.integers(min_value=0, max_value=5)


@st.composite
def hand_and_trick(draw):  # type: ignore[no-untyped-def]
    """``(hand card list, trick card list)``: disjoint, hand 1..9 cards, trick 0..3 cards."""
    cards = draw(st.permutations(range(36)))
    n_trick = draw(st.integers(0, 3))
    n_hand = draw(st.integers(1, 9))
    return cards[n_trick : n_trick + n_hand], cards[:n_trick]
