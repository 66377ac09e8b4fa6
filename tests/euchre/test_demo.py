"""The Euchre part of ``make demo`` runs and shows the quiz's answer."""

from __future__ import annotations

from bitcards.euchre.demo import tour


def test_tour() -> None:
    lines: list[str] = []
    tour(lines.append, n=4_000)
    text = "\n".join(lines)
    assert "in : Diamonds / Kc Jh Kd Td Ah" in text
    assert "out: Diamonds / Jh Kd Td Kc Ah" in text
    assert "4,000 seeded 5-card hands" in text
