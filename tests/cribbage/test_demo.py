"""The cribbage tour of ``make demo``."""

from __future__ import annotations

from bitcards.cribbage.demo import SEED_HANDS, tour
from bitcards.notation import parse_cards
from tests.naive import cribbage as naive


def test_tour_shows_the_seed_scores_and_advice() -> None:
    lines: list[str] = []
    tour(lines.append)
    text = "\n".join(lines)
    for (hand, starter), want in zip(SEED_HANDS, [9, 12, 10, 12]):
        assert f"{hand} | {starter} -> {want}" in text
        assert naive.score_bits(parse_cards(hand, "french"), parse_cards(starter, "french")[0]) == want
    assert "10 points total" in text and "keep 5H 5D JD KD, discard 6C 7S" in text
