"""Skat on masks: the simple bid value, the official game value, play rules, exhaustive statistics.

* :func:`bid_value`: the simple bid value, jack factor x trump suit value (jacks only, no
  skat; the suit with the most trumps, which needs six trumps and an ace beside it, else a
  pass), from the code-golf challenge "Evaluate a Skat-Hand".
* :func:`game_value`: the ISkO game value with matadors over 12 cards, levels, won/lost,
  overbidding; :data:`BID_VALUES`, :func:`next_bid`, :func:`max_bid`, :func:`max_bid_per_game`,
  :func:`seeger_fabian`.
* :func:`trump_mask`, :func:`card_points`, :func:`legal_cards`, :func:`trick_winner`: play rules.
* :func:`solve`: the declarer's points under best play with all hands open.
* :mod:`bitcards.skat.batch`: the same verbs over arrays of hands (``batch.solve`` for many deals).
* :func:`bid_distribution`: the exact simple-bid-value distribution over all 64,512,240 hands.

>>> from bitcards import skat
>>> str(skat.bid_value("JC JS JD AC KC 9C AS 7H QD 8D"))
'36 Clubs'
>>> str(skat.game_value("CJ SJ HJ DJ CA CT CK CQ C9 C8 C7 HA", "grand", hand=True, points=95))
'grand hand, with 4: 24 x 7 = 168, won, +168'
"""

from __future__ import annotations

from bitcards._deprecate import renamed
from bitcards.skat import batch, ids  # batch: the verbs over arrays; ids: skat-game-id compatible deal and game-run ids
from bitcards.skat.bid import BidValue, bid_value, jack_factor
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
    game_name,
    legal_cards,
    legal_cards_mask,
    parse_game,
    trick_winner,
    trump_mask,
)
from bitcards.skat.solver import SolveResult, solve
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
    is_bid_value,
    matadors,
    max_bid,
    max_bid_per_game,
    next_bid,
    seeger_fabian,
    seeger_fabian_list,
)

__all__ = [
    "batch",
    "ids",
    # simple bid value
    "BidValue",
    "bid_value",
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
    "is_bid_value",
    "matadors",
    "max_bid",
    "max_bid_per_game",
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
    "legal_cards",
    "legal_cards_mask",
    "trick_winner",
    # open-handed solver
    "SolveResult",
    "solve",
]

# old names, one release: the bulk forms moved to bitcards.skat.batch under the scalar verbs' names
__getattr__ = renamed(
    __name__,
    {
        "bid_values": "bitcards.skat.batch.bid_value",
        "game_values": "bitcards.skat.batch.game_value",
        "matadors_many": "bitcards.skat.batch.matadors",
        "card_points_many": "bitcards.skat.batch.card_points",
        "legal_cards_many": "bitcards.skat.batch.legal_cards",
        "trick_winners": "bitcards.skat.batch.trick_winner",
        "max_bids": "bitcards.skat.max_bid_per_game",
    },
)
