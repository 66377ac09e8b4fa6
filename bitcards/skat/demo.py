"""The Skat part of ``make demo``: the four example hands of "Evaluate a Skat-Hand", then one official game value."""

from __future__ import annotations

from collections.abc import Callable

SEED_HANDS = (
    "JC JS JD AC KC 9C AS 7H QD 8D",
    "JD AS 0S KS QS 9S 8S AD 8C 9C",
    "JH JD 0S KS 9C 8C QH KH AD 9D",
    "JD AS KS QS 0S 9S 8D 7D 0C QH",
)


def tour(write: Callable[[str], None]) -> None:
    """Write the tour: the simple bid values, then a game value with matadors, levels and score."""
    from bitcards import CardSet
    from bitcards.skat import MASK_JACKS, bid_value, game_value, max_bid, seeger_fabian

    write("The simple bid value (jack factor x trump suit value, or pass; \"Evaluate a Skat-Hand\"):")
    for hand in SEED_HANDS:
        r = bid_value(hand)
        m = CardSet.parse(hand, "skat").mask
        trumps = max(((m >> (8 * s)) & 0xFF & ~0x10).bit_count() for s in range(4)) + (m & MASK_JACKS).bit_count()
        if r.value:
            why = f"jack factor {r.jack_factor} x {r.value // r.jack_factor}"
        elif trumps < 6:
            why = f"at most {trumps} trumps"
        else:
            why = f"{trumps} trumps but no ace outside the trump suit"
        write(f"  {hand}  ->  {str(r):<9} ({why})")
    write("Official game value (ISkO), matadors over hand + skat:")
    hand10 = "DJ HA HT H9 H8 SA ST S9 D7 C7"
    write(f"  hand {hand10}: bids hearts hand up to {max_bid(hand10, 'hearts', hand=True)} (without 3)")
    g = game_value(hand10 + " CJ D8", "hearts", hand=True, points=75, bid=40)
    write(f"  the skat holds CJ D8, 75 points at bid 40: {g}")
    g = game_value("CJ SJ HJ DJ CA CT CK CQ C9 C8 C7 HA", "grand", hand=True, points=95)
    write(f"  four jacks, grand hand, 95 points: {g}; Seeger-Fabian (declarer, others) {seeger_fabian(g.score)}")
    write("Skat game ids (byte-compatible with the Java library skat-game-id):")
    from bitcards.skat.ids.demo import tour as ids_tour

    ids_tour(lambda line: write("  " + line))
