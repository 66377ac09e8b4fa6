"""The Euchre part of ``make demo``: Ruby Quiz #55's hand in and out, then a bulk sort."""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

from bitcards.deal import deal
from bitcards.euchre.rules import trump_name
from bitcards.euchre.sorting import sort_hand, sort_hands, void_swap
from bitcards.notation import format_cards

QUIZ_TRUMP = "Diamonds"
QUIZ_HAND = ["Kc", "Jh", "Kd", "Td", "Ah"]


def tour(write: Callable[[str], None], n: int = 2_000_000) -> None:
    """Sort Ruby Quiz #55's example hand, show why, then sort ``n`` random hands."""
    got = format_cards(sort_hand(QUIZ_HAND, QUIZ_TRUMP), "euchre").split()
    write("Ruby Quiz #55, sort a Euchre hand (bitcards euchre sort):")
    write(f"  in : {QUIZ_TRUMP} / {' '.join(QUIZ_HAND)}")
    write(f"  out: {trump_name(QUIZ_TRUMP)} / {' '.join(got)}   (Ruby Quiz #55's answer: Jh Kd Td Kc Ah)")
    write(
        f"  trump first (Jh is the left bower), then suits alternating red/black: void in spades, so "
        f"clubs move up (void swap: {void_swap(QUIZ_HAND, QUIZ_TRUMP)})"
    )
    spades = "Ah Kd Js 9h Qd"
    write(f"  Spades / {spades} -> {format_cards(sort_hand(spades, 'Spades'), 'euchre')}  (two reds cannot be kept apart)")
    hands = deal(n // 4, "euchre", seed=55)[:, :4].reshape(-1)
    trumps = (np.arange(hands.shape[0]) % 4).astype(np.int8)
    sort_hands(hands[:1000], trumps[:1000])  # warm
    t0 = time.perf_counter()
    out = sort_hands(hands, trumps)
    dt = time.perf_counter() - t0
    write(f"  bulk: {out.shape[0]:,} seeded 5-card hands sorted in {dt * 1e3:.0f} ms ({out.shape[0] / dt / 1e6:.0f} M hands/s)")
