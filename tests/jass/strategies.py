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


@st.composite
def trump_heavy_position(draw):  # type: ignore[no-untyped-def]
    """``(hand, trick, trump contract)``: a hand of mostly trumps (1..6) and 0..2 side cards, a trick of 1..3 cards.

    Random hands rarely hold several trumps against a trumped trick; these do, so the overtrump,
    undertrump and trump jack cases come up often.
    """
    code = draw(st.integers(0, 3))
    trumps = draw(st.permutations(range(9 * code, 9 * code + 9)))
    others = draw(st.permutations([c for c in range(36) if c // 9 != code]))
    trick = draw(st.permutations(trumps[:3] + others[:3]))[: draw(st.integers(1, 3))]
    hand = trumps[3 : 3 + draw(st.integers(1, 6))] + others[3 : 3 + draw(st.integers(0, 2))]
    return hand, trick, code
