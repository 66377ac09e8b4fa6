"""Skat on masks: the simple bid value, the official game value, play rules, exhaustive statistics.

* :func:`bid_value` / :func:`bid_values`: the simple bid value, jack factor x trump suit value
  (jacks only, no skat), from the code-golf challenge "Evaluate a Skat-Hand".
* :func:`game_value` / :func:`game_values`: the ISkO game value with matadors over 12 cards,
  levels, won/lost, overbidding; :data:`BID_VALUES`, :func:`next_bid`, :func:`max_bid`,
  :func:`seeger_fabian`.
* :func:`trump_mask`, :func:`card_points`, :func:`legal_cards`, :func:`trick_winner`: play rules.
* :func:`bid_distribution`: the exact distribution of the simple bid value over all 64,512,240 hands.

>>> from bitcards import skat
>>> str(skat.bid_value("JC JS JD AC KC 9C AS 7H QD 8D"))
'36 Clubs'
>>> str(skat.game_value("CJ SJ HJ DJ CA CT CK CQ C9 C8 C7 HA", "grand", hand=True, points=95))
'grand hand, with 4: 24 x 7 = 168, won, +168'
"""

from __future__ import annotations

from bitcards.skat import ids  # skat-game-id compatible deal and game-run ids
from bitcards.skat.bid import BidValue, bid_value, bid_values, jack_factor
from bitcards.skat.rules import (
    BASE_VALUES,
    CLUBS,
    DIAMONDS,
    GAME_NAMES,
    GRAND,
    HEARTS,
    MASK_ACES,
    MASK_JACKS,
    NULL,
    SPADES,
    card_points,
    card_points_many,
    game_name,
    legal_cards,
    legal_cards_many,
    legal_cards_mask,
    parse_game,
    trick_winner,
    trick_winners,
    trump_mask,
)
from bitcards.skat.stats import BidDistribution, bid_distribution, bid_distribution_of
from bitcards.skat.value import (
    BID_VALUES,
    NULL_VALUES,
    Contract,
    ContractError,
    GameResult,
    GameValues,
    Matadors,
    game_value,
    game_values,
    is_bid_value,
    matadors,
    matadors_many,
    max_bid,
    max_bids,
    next_bid,
    seeger_fabian,
    seeger_fabian_list,
)

__all__ = [
    "ids",
    # simple bid value
    "BidValue",
    "bid_value",
    "bid_values",
    "jack_factor",
    "BidDistribution",
    "bid_distribution",
    "bid_distribution_of",
    # game value
    "BID_VALUES",
    "NULL_VALUES",
    "Contract",
    "ContractError",
    "GameResult",
    "GameValues",
    "Matadors",
    "game_value",
    "game_values",
    "is_bid_value",
    "matadors",
    "matadors_many",
    "max_bid",
    "max_bids",
    "next_bid",
    "seeger_fabian",
    "seeger_fabian_list",
    # play rules
    "DIAMONDS",
    "HEARTS",
    "SPADES",
    "CLUBS",
    "GRAND",
    "NULL",
    "GAME_NAMES",
    "BASE_VALUES",
    "MASK_JACKS",
    "MASK_ACES",
    "parse_game",
    "game_name",
    "trump_mask",
    "card_points",
    "card_points_many",
    "legal_cards",
    "legal_cards_mask",
    "legal_cards_many",
    "trick_winner",
    "trick_winners",
]
