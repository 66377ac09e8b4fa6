"""The Skat part of ``make demo``."""

from __future__ import annotations

from bitcards.skat.demo import tour


def test_tour() -> None:
    lines: list[str] = []
    tour(lines.append)
    text = "\n".join(lines)
    for answer in ("36 Clubs", "44 Spades", "at most 4 trumps", "no ace outside the trump suit", "-80", "+168"):
        assert answer in text, answer
