"""Skat game ids and game-run ids, byte-compatible with the Java library skat-game-id.

* :mod:`~bitcards.skat.ids.game`: a deal as a packed 64-bit id (2 bits per card), scalar and
  batch (:func:`encode_deals` / :func:`decode_deals` over ``(n, 4)`` masks), and :class:`Game`.
* :mod:`~bitcards.skat.ids.codec`: Base64 and decimal game ids exactly as Java writes and reads
  them, also for arrays (:func:`format_deal_ids` / :func:`parse_deal_ids`).
* :mod:`~bitcards.skat.ids.run`: :class:`GameRun` and its 222-bit run id.
* :mod:`~bitcards.skat.ids.runs`: run ids in bulk, as ``(n, 4)`` words (:func:`encode_runs` /
  :func:`decode_runs` over :class:`RunArrays` columns, :func:`format_run_ids` / :func:`parse_run_ids`).
* :mod:`~bitcards.skat.ids.text`: the human-readable game and game-run notation.

>>> from bitcards.skat import ids
>>> g = ids.parse_game("S7S8S9SXSUSOSKSAR7R8 R9RXRURORKRAG7G8G9GX GUGOGKGAE7E8E9EXEUEO EKEA")
>>> g.base64(), g.decimal()
('AABQVVWqqvo=', 88327439690490)
>>> ids.format_deal_id(ids.encode_deal(g.masks())) == g.base64()
True
"""

from bitcards.skat.ids.codec import (
    ALPHABET,
    bytes_to_id,
    deal_decimal_readings,
    deal_id_from_decimal,
    deal_id_to_decimal,
    format_deal_id,
    format_deal_ids,
    id_to_bytes,
    java_base64_decode,
    parse_deal_id,
    parse_deal_ids,
)
from bitcards.skat.ids.game import (
    MASK_DECK,
    OUTSIDE_DECK,
    OVERLAP,
    STACK_SIZES,
    STACKS,
    WRONG_COUNT,
    Game,
    check_deal_ids,
    deal_flags,
    deal_id_flags,
    decode_deal,
    decode_deals,
    encode_deal,
    encode_deals,
    explain_deal_id,
)
from bitcards.skat.ids.run import (
    BID_TABLE,
    GAME_KINDS,
    RUN_BITS,
    GameRun,
    decode_run,
    encode_run,
    format_run_id,
    parse_run_id,
    run_decimal_readings,
    run_from_decimal,
    run_to_decimal,
)
from bitcards.skat.ids.runs import (
    RunArrays,
    decode_runs,
    encode_runs,
    format_run_ids,
    ints_to_run_ids,
    parse_run_ids,
    run_ids_to_ints,
)
from bitcards.skat.ids.text import (
    format_game,
    format_game_run,
    parse_game,
    parse_game_run,
    parse_game_runs,
    parse_skat_card,
)

__all__ = [
    "ALPHABET",
    "BID_TABLE",
    "GAME_KINDS",
    "MASK_DECK",
    "OUTSIDE_DECK",
    "OVERLAP",
    "RUN_BITS",
    "STACKS",
    "STACK_SIZES",
    "WRONG_COUNT",
    "Game",
    "GameRun",
    "RunArrays",
    "bytes_to_id",
    "check_deal_ids",
    "deal_decimal_readings",
    "deal_flags",
    "deal_id_flags",
    "deal_id_from_decimal",
    "deal_id_to_decimal",
    "decode_deal",
    "decode_deals",
    "decode_run",
    "decode_runs",
    "encode_deal",
    "encode_deals",
    "encode_run",
    "encode_runs",
    "explain_deal_id",
    "format_deal_id",
    "format_deal_ids",
    "format_game",
    "format_game_run",
    "format_run_id",
    "format_run_ids",
    "id_to_bytes",
    "ints_to_run_ids",
    "java_base64_decode",
    "parse_deal_id",
    "parse_deal_ids",
    "parse_game",
    "parse_game_run",
    "parse_game_runs",
    "parse_run_id",
    "parse_run_ids",
    "parse_skat_card",
    "run_decimal_readings",
    "run_from_decimal",
    "run_ids_to_ints",
    "run_to_decimal",
]
