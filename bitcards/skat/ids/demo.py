"""A short tour of skat-game-id ids (run by ``make demo`` through the lead's skat tour)."""

from __future__ import annotations

from collections.abc import Callable

from bitcards.deal import deal
from bitcards.skat.ids.codec import deal_decimal_readings, format_deal_id, format_deal_ids, parse_deal_ids
from bitcards.skat.ids.game import decode_deals, encode_deals
from bitcards.skat.ids.run import format_run_id, run_to_decimal
from bitcards.skat.ids.text import parse_game, parse_game_run

README_GAME = """S7 S8 S9 SX SU SO SK SA R7 R8
R9 RX RU RO RK RA G7 G8 G9 GX
GU GO GK GA E7 E8 E9 EX EU EO
EK EA"""

README_RUN = """S7S8S9SXSUSOSKSAR7R8 -- front
R9RXRURORKRAG7G8G9GX -- middle
GUGOGKGAE7E8E9EXEUEO -- rear
EKEA -- Skat before game
R7R8 -- Skat on announced game
07 -- bid of front
05 -- bid of middle
04 -- bid of rear
41111 -- clubs
012
123
234
345
456
567
678
789
890
901"""


def tour(write: Callable[[str], None], n: int = 100_000) -> None:
    """Print the README deal's ids, the run id, and a bulk round trip.

    >>> tour(lambda s: None, n=50)
    """
    g = parse_game(README_GAME)
    write(f"README deal (cards in order)   -> {g.base64()}  decimal {g.decimal()}")
    rev = parse_game(" ".join(reversed(README_GAME.split())))
    write(f"the same listed in reverse      -> {rev.base64()}  decimal {rev.decimal()}")
    readings = ", ".join(f"{format_deal_id(x)} ({n} bytes)" for n, x in deal_decimal_readings(g.decimal()))
    write(f"decimal {g.decimal()} is not unique: {readings}")
    run = parse_game_run(README_RUN)
    write(f"README game run (clubs, bids {run.bid_values}) -> {format_run_id(run)}")
    write(f"  as a decimal: {run_to_decimal(run)}")
    d = deal(n, "skat", seed=4)
    ids = encode_deals(d)
    texts = format_deal_ids(ids)
    ok = bool((decode_deals(parse_deal_ids(texts)) == d).all())
    write(f"{n:,} seeded deals -> packed ids -> Base64 -> back: {'identical' if ok else 'MISMATCH'}; first {texts[0]}")
