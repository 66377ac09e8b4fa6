"""bitcards.openspiel: card bits <-> OpenSpiel card ids and actions for Skat, Euchre and Cribbage.

The facts pinned here are read from OpenSpiel's sources (each test names the file); the optional
tests at the end check them against the real library when ``pyspiel`` is installed.
"""

from __future__ import annotations

import doctest
import itertools
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import bitcards
from bitcards import openspiel as osp
from bitcards.errors import InvalidCardsError, ParseError

DOC = Path(__file__).resolve().parent.parent / "docs" / "openspiel.md"
DECK = {"skat": 32, "euchre": 24, "cribbage": 52}
GAMES = tuple(DECK)


def _bitcards_name(os_string: str, suit_first: bool) -> str:
    """OpenSpiel's card text ("D7", "C9", "AC") in bitcards' English notation ("7D", "9C", "AC")."""
    return os_string[1] + os_string[0] if suit_first else os_string


# --- the facts, each from an OpenSpiel file ---------------------------------------------------
# open_spiel/games/skat.h (enum Suit, enum Rank) and skat.cc (CardSuit = card / 8, CardRank = card % 8,
# CardToString = suit letter + rank letter): within a suit 7 8 9 Q K T A J.
SKAT_IDS = [s + r for s in "DHSC" for r in "789QKTAJ"]
# open_spiel/games/euchre/euchre.h: Card(suit, rank) = rank * 4 + suit, kSuitChar "CDHS", kRankChar "9TJQKA".
EUCHRE_IDS = [s + r for r in "9TJQKA" for s in "CDHS"]
# open_spiel/games/cribbage/cribbage.cc: kAllCards, id = suit * 13 + rank, Card::to_string = rank + suit,
# kSuitNames "CDHS", kRanks "A23456789TJQK".
CRIBBAGE_IDS = [r + s for s in "CDHS" for r in "A23456789TJQK"]
OS_STRINGS = {"skat": (SKAT_IDS, True), "euchre": (EUCHRE_IDS, True), "cribbage": (CRIBBAGE_IDS, False)}


@pytest.mark.parametrize("game", GAMES)
def test_every_openspiel_card_id_is_the_card_openspiel_names(game: str) -> None:
    strings, suit_first = OS_STRINGS[game]
    assert len(strings) == DECK[game]
    for card_id, text in enumerate(strings):
        bit = bitcards.parse_card(_bitcards_name(text, suit_first), game)
        assert osp.from_openspiel_card(game, card_id) == bit
        assert osp.to_openspiel_card(game, bit) == card_id
        assert osp.openspiel_card_string(game, card_id) == text


def test_skat_facts() -> None:
    # open_spiel/games/skat.h: card 0 is the seven of diamonds, the jack is the last rank of a suit
    assert bitcards.format_card(osp.from_openspiel_card("skat", 0), "skat") == "7D"
    assert bitcards.format_card(osp.from_openspiel_card("skat", 5), "skat") == "TD"
    assert bitcards.format_card(osp.from_openspiel_card("skat", 7), "skat") == "JD"
    assert bitcards.format_card(osp.from_openspiel_card("skat", 31), "skat") == "JC"
    # skat.h: actions 0..31 deal, discard and play cards; 32 + SkatGameType bids (pass 0 .. null 6)
    assert osp.openspiel_action_for_card("skat", bitcards.parse_card("7D", "skat")) == 0
    assert osp.SKAT_ACTIONS == {"pass": 32, "diamonds": 33, "hearts": 34, "spades": 35, "clubs": 36, "grand": 37, "null": 38}


def test_euchre_facts() -> None:
    # open_spiel/games/euchre/euchre.h: rank-major ids, clubs first; 24 pass .. 30 play with partner
    assert bitcards.format_card(osp.from_openspiel_card("euchre", 0), "euchre", "english") == "9C"
    assert bitcards.format_card(osp.from_openspiel_card("euchre", 1), "euchre", "english") == "9D"
    assert bitcards.format_card(osp.from_openspiel_card("euchre", 8), "euchre", "english") == "JC"
    assert bitcards.format_card(osp.from_openspiel_card("euchre", 23), "euchre", "english") == "AS"
    assert osp.EUCHRE_ACTIONS == {"pass": 24, "clubs": 25, "diamonds": 26, "hearts": 27, "spades": 28, "alone": 29, "partner": 30}


def test_cribbage_facts() -> None:
    # open_spiel/games/cribbage/cribbage.cc: kAllCards clubs 0..12, diamonds 13..25, hearts, spades 39..51
    assert bitcards.format_card(osp.from_openspiel_card("cribbage", 0), "cribbage") == "AC"
    assert bitcards.format_card(osp.from_openspiel_card("cribbage", 13), "cribbage") == "AD"
    assert bitcards.format_card(osp.from_openspiel_card("cribbage", 51), "cribbage") == "KS"
    # cribbage.h: kPassAction = 2756; cribbage.cc: ToAction(c1, c2) = 52 + 52 * c1 + c2, c1 before c2 in
    # the hand, which is sorted by rank, then suit (operator<)
    assert osp.CRIBBAGE_PASS == 2756
    assert osp.openspiel_throw_action("cribbage", bitcards.parse_mask("2C KC", "cribbage")) == 52 + 52 * 1 + 12
    assert osp.openspiel_throw_action("cribbage", bitcards.parse_mask("KC 2S", "cribbage")) == 52 + 52 * 40 + 12
    assert osp.openspiel_throw_action("cribbage", bitcards.parse_mask("AH AD", "cribbage")) == 52 + 52 * 13 + 26


# --- round trips, exhaustive over each deck ------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_cards_round_trip_exhaustively(game: str) -> None:
    n = DECK[game]
    ids = [osp.to_openspiel_card(game, b) for b in range(n)]
    assert sorted(ids) == list(range(n))  # a permutation of the deck
    assert [osp.from_openspiel_card(game, c) for c in ids] == list(range(n))
    assert osp.to_openspiel_card(game, np.arange(n)).tolist() == ids
    assert osp.from_openspiel_card(game, np.array(ids)).tolist() == list(range(n))
    assert [osp.card_for_openspiel_action(game, osp.openspiel_action_for_card(game, b)) for b in range(n)] == list(range(n))
    full = (1 << n) - 1
    assert osp.to_openspiel_cards(game, full).tolist() == list(range(n))
    assert osp.from_openspiel_cards(game, range(n)) == full
    assert (osp.openspiel_multi_hot(game, full) == 1).all()
    assert osp.from_openspiel_multi_hot(game, np.ones(n)) == full


@pytest.mark.parametrize("game", GAMES)
def test_single_cards_as_masks(game: str) -> None:
    for b in range(DECK[game]):
        c = osp.to_openspiel_card(game, b)
        assert osp.to_openspiel_cards(game, 1 << b).tolist() == [c]
        assert osp.from_openspiel_cards(game, [c]) == 1 << b
        assert osp.openspiel_multi_hot(game, 1 << b).nonzero()[0].tolist() == [c]


@given(st.sampled_from(GAMES), st.integers(min_value=0, max_value=(1 << 52) - 1))
def test_masks_round_trip(game: str, raw: int) -> None:
    n = DECK[game]
    mask = raw & ((1 << n) - 1)
    ids = osp.to_openspiel_cards(game, mask)
    assert ids.tolist() == sorted(osp.to_openspiel_card(game, b) for b in range(n) if mask >> b & 1)
    assert osp.from_openspiel_cards(game, ids[::-1]) == mask
    row = osp.openspiel_multi_hot(game, mask)
    assert row.dtype == np.float32 and row.shape == (n,)
    assert row.nonzero()[0].tolist() == ids.tolist()
    assert osp.from_openspiel_multi_hot(game, row) == mask


@pytest.mark.parametrize("game", GAMES)
def test_multi_hot_in_bulk_equals_one_at_a_time(game: str) -> None:
    masks = bitcards.deal(50, game, seed=4)
    rows = osp.openspiel_multi_hot(game, masks)
    assert rows.shape == (*masks.shape, DECK[game])
    for i, j in itertools.product(range(masks.shape[0]), range(masks.shape[1])):
        assert (rows[i, j] == osp.openspiel_multi_hot(game, int(masks[i, j]))).all()
    back = osp.from_openspiel_multi_hot(game, rows)
    assert isinstance(back, np.ndarray) and back.dtype == np.uint64 and (back == masks).all()


def test_every_cribbage_throw_round_trips() -> None:
    seen = set()
    for a, b in itertools.combinations(range(52), 2):
        m = (1 << a) | (1 << b)
        action = osp.openspiel_throw_action("cribbage", m)
        assert 52 <= action < osp.CRIBBAGE_PASS
        assert osp.cards_for_openspiel_throw("cribbage", action) == m
        seen.add(action)
    assert len(seen) == 52 * 51 // 2


# --- bad input -----------------------------------------------------------------------------------
def test_the_game_is_required_and_must_have_a_mapping() -> None:
    with pytest.raises(TypeError, match="str"):
        osp.to_openspiel_card(3, 3)  # type: ignore[call-overload]
    with pytest.raises(ParseError, match="'jass'.*skat, euchre, cribbage"):
        osp.to_openspiel_card("jass", 0)
    with pytest.raises(ParseError, match="'poker'"):
        osp.to_openspiel_cards("poker", 1)
    assert osp.to_openspiel_card(" Skat ", 0) == 0


def test_values_outside_the_deck_are_named() -> None:
    with pytest.raises(InvalidCardsError, match="skat card bit 32 is outside 0..31"):
        osp.to_openspiel_card("skat", 32)
    with pytest.raises(InvalidCardsError, match="card id 24 is outside 0..23"):
        osp.from_openspiel_card("euchre", 24)
    with pytest.raises(InvalidCardsError, match="card bit -1 at index 2"):
        osp.to_openspiel_card("skat", [0, 1, -1])
    with pytest.raises(InvalidCardsError, match="card id 52 at index 1"):
        osp.from_openspiel_card("cribbage", np.array([0, 52]))
    with pytest.raises(InvalidCardsError, match="0x100000000 has bits outside the skat deck"):
        osp.to_openspiel_cards("skat", 1 << 32)
    with pytest.raises(InvalidCardsError, match="card id 3 at index 1 is repeated"):
        osp.from_openspiel_cards("skat", [3, 3])
    with pytest.raises(InvalidCardsError, match=r"index 1\) has bits outside the euchre deck"):
        osp.openspiel_multi_hot("euchre", np.array([1, 1 << 24], dtype=np.uint64))
    with pytest.raises(InvalidCardsError, match="segment 0 has entries other than 0 and 1"):
        osp.from_openspiel_multi_hot("skat", np.full(32, 0.5))
    with pytest.raises(InvalidCardsError, match="has 32 entries, got shape"):
        osp.from_openspiel_multi_hot("skat", np.zeros(24))
    with pytest.raises(InvalidCardsError, match="action 32 is not a card"):
        osp.card_for_openspiel_action("skat", osp.SKAT_ACTIONS["pass"])


def test_wrong_types_are_type_errors() -> None:
    with pytest.raises(TypeError, match="bool"):
        osp.to_openspiel_card("skat", True)
    with pytest.raises(TypeError, match="str"):
        osp.from_openspiel_card("skat", "7D")  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="float64"):
        osp.to_openspiel_card("skat", np.array([1.5]))
    with pytest.raises(TypeError, match="float64"):
        osp.openspiel_multi_hot("skat", np.array([1.0]))


def test_throws_are_cribbage_only_and_two_cards() -> None:
    with pytest.raises(ParseError, match="only cribbage.*skat"):
        osp.openspiel_throw_action("skat", 3)
    with pytest.raises(InvalidCardsError, match="a throw is two cards, got 3"):
        osp.openspiel_throw_action("cribbage", 7)
    with pytest.raises(InvalidCardsError, match="action 2756 is not a two-card throw"):
        osp.cards_for_openspiel_throw("cribbage", osp.CRIBBAGE_PASS)
    with pytest.raises(InvalidCardsError, match="action 52 throws one card twice"):
        osp.cards_for_openspiel_throw("cribbage", 52)


def test_the_guide_runs() -> None:
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


# --- the real library, when it is installed ------------------------------------------------------
def _pyspiel():  # type: ignore[no-untyped-def]
    return pytest.importorskip("pyspiel")


@pytest.mark.parametrize("game", GAMES)
def test_card_strings_match_openspiel(game: str) -> None:
    pyspiel = _pyspiel()
    state = pyspiel.load_game(game).new_initial_state()
    if game == "euchre":
        state.apply_action(0)  # the dealer is chosen first; then actions are cards
    for card_id in range(DECK[game]):
        text = state.action_to_string(state.current_player(), card_id)
        assert text.removeprefix("Deal ") == osp.openspiel_card_string(game, card_id)


def _deal_in_openspiel(state, ids):  # type: ignore[no-untyped-def]
    for c in ids:
        assert state.is_chance_node()
        state.apply_action(int(c))


def test_skat_deal_and_observation_match_openspiel() -> None:
    pyspiel = _pyspiel()
    deal = bitcards.deal(1, "skat", seed=11)[0]
    hands = [int(m) for m in deal]  # front, middle, rear, skat
    # skat.cc ApplyDealAction: deal positions 0-2, 11-14, 23-25 to player 0; 3-5, 15-18, 26-28 to
    # player 1; 6-8, 19-22, 29-31 to player 2; 9-10 to the skat
    owner = [0] * 3 + [1] * 3 + [2] * 3 + [3] * 2 + [0] * 4 + [1] * 4 + [2] * 4 + [0] * 3 + [1] * 3 + [2] * 3
    queues = [list(osp.to_openspiel_cards("skat", h)) for h in hands]
    state = pyspiel.load_game("skat").new_initial_state()
    _deal_in_openspiel(state, [queues[o].pop(0) for o in owner])
    assert state.current_player() == 0
    for p in range(3):
        obs = np.array(state.observation_tensor(p), dtype=np.float32)
        assert obs[p] == 1  # position
        assert osp.from_openspiel_multi_hot("skat", obs[6:38]) == hands[p]  # the player's cards
    # player 0 passes, player 1 plays clubs, takes the skat and discards two cards, player 0 leads
    state.apply_action(osp.SKAT_ACTIONS["pass"])
    state.apply_action(osp.SKAT_ACTIONS["clubs"])
    assert sorted(state.legal_actions()) == osp.to_openspiel_cards("skat", hands[1] | hands[3]).tolist()
    for _ in range(2):
        state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 0
    legal = osp.from_openspiel_cards("skat", state.legal_actions())
    assert legal == hands[0]


def test_euchre_deal_matches_openspiel() -> None:
    pyspiel = _pyspiel()
    deal = bitcards.deal(1, "euchre", seed=5)[0]
    hands = [int(m) for m in deal[:4]]
    upcard = int(osp.to_openspiel_cards("euchre", int(deal[4]))[0])
    state = pyspiel.load_game("euchre").new_initial_state()
    dealer = 3
    state.apply_action(dealer)
    # euchre.cc ApplyDealAction: the k-th card dealt goes to (dealer + k) % 4; the 21st is the upcard
    queues = {p: list(osp.to_openspiel_cards("euchre", hands[p])) for p in range(4)}
    _deal_in_openspiel(state, [queues[(dealer + k) % 4].pop(0) for k in range(20)] + [upcard])
    assert state.current_player() == (dealer + 1) % 4
    for p in range(4):
        info = np.array(state.information_state_tensor(p), dtype=np.float32)
        assert info[dealer] == 1
        assert osp.from_openspiel_multi_hot("euchre", info[4:28]) == 1 << osp.from_openspiel_card("euchre", upcard)
        assert osp.from_openspiel_multi_hot("euchre", info[71:95]) == hands[p]


def test_cribbage_throws_match_openspiel() -> None:
    pyspiel = _pyspiel()
    deal = bitcards.deal(1, "cribbage", seed=2)[0]
    state = pyspiel.load_game("cribbage").new_initial_state()
    # cribbage.cc: each card dealt goes to the first player whose hand is not full
    _deal_in_openspiel(state, [c for p in range(2) for c in osp.to_openspiel_cards("cribbage", int(deal[p]))])
    for p in range(2):
        assert state.current_player() == p
        hand = int(deal[p])
        pairs = [(1 << a) | (1 << b) for a, b in itertools.combinations([x for x in range(52) if hand >> x & 1], 2)]
        assert sorted(state.legal_actions()) == sorted(osp.openspiel_throw_action("cribbage", m) for m in pairs)
        for m in pairs:
            a = osp.openspiel_throw_action("cribbage", m)
            names = sorted(osp.openspiel_card_string("cribbage", c) for c in osp.to_openspiel_cards("cribbage", m))
            assert sorted(state.action_to_string(p, a).removeprefix("Choose ").split()) == names
        state.apply_action(state.legal_actions()[0])
    assert state.is_chance_node()  # the starter


def _skat_state_in_play(pyspiel):  # type: ignore[no-untyped-def]
    """OpenSpiel Skat dealt in id order, players 0 and 1 pass, player 2 plays grand and discards."""
    state = pyspiel.load_game("skat").new_initial_state()
    _deal_in_openspiel(state, range(32))
    for a in ("pass", "pass", "grand"):
        state.apply_action(osp.SKAT_ACTIONS[a])
    discarded = state.legal_actions()[:2]
    for c in discarded:
        state.apply_action(c)
    return state, discarded


def test_skat_tensor_segments_are_where_the_guide_says() -> None:
    state, discarded = _skat_state_in_play(_pyspiel())
    obs = np.array(state.observation_tensor(2), dtype=np.float32)
    assert obs.shape == (299,)
    assert obs[5] == 1  # phase: playing
    assert obs[52 + 5] == 1 and obs[38] == 1 and obs[45] == 1  # bids: grand for player 2, pass for 0 and 1
    assert obs[61] == 1  # the solo player
    assert osp.from_openspiel_multi_hot("skat", obs[62:94]) == osp.from_openspiel_cards("skat", discarded)
    assert obs[94 + 5] == 1  # game type grand
    assert obs[100] == 1  # the first trick has no leader yet: the null entry is set too (skat.cc)
    assert not np.array(state.observation_tensor(0))[62:94].any()  # the skat is the solo player's only
    first = state.legal_actions()[0]
    state.apply_action(first)
    obs = np.array(state.observation_tensor(1), dtype=np.float32)
    assert obs[101] == 1 and obs[100] == 0  # player 0 leads
    assert osp.from_openspiel_multi_hot("skat", obs[104:136]) == 1 << osp.card_for_openspiel_action("skat", first)


def test_euchre_call_entries_are_where_the_guide_says() -> None:
    pyspiel = _pyspiel()
    state = pyspiel.load_game("euchre").new_initial_state()
    state.apply_action(0)
    _deal_in_openspiel(state, range(21))
    info = np.array(state.information_state_tensor(1))
    assert info[68] == 0 and info[69] == 1 and info[70] == 1  # during the bidding
    state.apply_action(osp.EUCHRE_ACTIONS["pass"])
    info = np.array(state.information_state_tensor(1))
    assert info[28 + 4] == 0 and info[28 + 5] == 1  # the first pass marks the next row's first entry
    state.apply_action(osp.EUCHRE_ACTIONS["clubs"])  # the upcard (id 20) is a club: ordered up
    state.apply_action(state.legal_actions()[0])  # the dealer discards
    state.apply_action(osp.EUCHRE_ACTIONS["partner"])
    info = np.array(state.information_state_tensor(1))
    assert info[68] == 1 and info[69] == 0 and info[70] == 0  # the declarer has chosen (not alone)


def test_skat_observation_tensor_equals_openspiel_in_random_games() -> None:
    pyspiel = _pyspiel()
    import random

    rng = random.Random(7)
    game = pyspiel.load_game("skat")
    names = {v: k for k, v in osp.SKAT_ACTIONS.items()}
    owner = [0] * 3 + [1] * 3 + [2] * 3 + [3] * 2 + [0] * 4 + [1] * 4 + [2] * 4 + [0] * 3 + [1] * 3 + [2] * 3
    checked = 0
    for g in range(30):
        deal = bitcards.deal(1, "skat", seed=100 + g)[0]
        hands = [int(m) for m in deal[:3]]
        skat = int(deal[3])
        queues = [list(osp.to_openspiel_cards("skat", int(m))) for m in deal]
        state = game.new_initial_state()
        _deal_in_openspiel(state, [queues[o].pop(0) for o in owner])
        bids: list[str | None] = [None, None, None]
        solo, played, phase = -1, None, "bidding"
        leader, trick, prev_leader, prev = -1, [], -1, []
        while True:
            for p in range(3):
                mine = osp.skat_observation_tensor(
                    p, phase, hands[p], bids=(bids[0], bids[1], bids[2]), solo=solo, skat=skat, game=played,
                    trick_leader=leader, trick=trick, previous_leader=prev_leader, previous_trick=prev,
                )  # fmt: skip
                assert (mine == np.array(state.observation_tensor(p), dtype=np.float32)).all(), (g, phase, p)
                checked += 1
            if state.is_terminal():
                break
            p = state.current_player()
            legal = state.legal_actions()
            if phase == "bidding":
                a = legal[0] if rng.random() < 0.5 else rng.choice(legal)
                bids[p] = names[a]
                state.apply_action(a)
                if a != osp.SKAT_ACTIONS["pass"]:
                    solo, played, phase = p, names[a], "discard"
                    hands[p] |= skat
                    skat = 0
                elif state.is_terminal():
                    phase = "over"
                continue
            a = rng.choice(legal)
            bit = osp.card_for_openspiel_action("skat", a)
            hands[p] &= ~(1 << bit)
            state.apply_action(a)
            if phase == "discard":
                skat |= 1 << bit
                if skat.bit_count() == 2:
                    phase, leader = "play", 0
                continue
            trick.append(bit)
            if len(trick) == 3:
                prev_leader, prev = leader, trick
                leader, trick = state.current_player(), []
            if state.is_terminal():
                phase = "over"
    assert checked > 1000


# open_spiel/games/skat.h kObservationTensorSize: position 3, phase 3, hand 32, bids 3 x 7, solo 3,
# skat 32, game type 7, current trick leader 3 + 3 x 32 cards, previous trick leader 3 + 3 x 32 cards
SKAT_SEGMENTS = dict(position=0, phase=3, hand=6, bids=38, solo=59, skat=62, game=94, trick=101, previous=200)


def test_skat_observation_tensor_layout() -> None:
    card = {c: osp.to_openspiel_card("skat", bitcards.parse_card(c, "skat")) for c in ("JC", "7D", "AS", "TH", "8H")}
    hand = bitcards.parse_mask("JC 7D", "skat")
    v = osp.skat_observation_tensor(
        1, "play", hand, bids=("pass", "clubs", None), solo=1, skat=bitcards.parse_mask("TH 8H", "skat"), game="clubs",
        trick_leader=0, trick=[bitcards.parse_card("AS", "skat")],
        previous_leader=2, previous_trick=[bitcards.parse_card(c, "skat") for c in ("TH", "8H", "7D")],
    )  # fmt: skip
    seg = SKAT_SEGMENTS
    expected = {
        seg["position"] + 1, seg["phase"] + 2,
        seg["hand"] + card["JC"], seg["hand"] + card["7D"],
        seg["bids"] + 0, seg["bids"] + 7 + 4, seg["bids"] + 14 + 0,
        seg["solo"] + 1, seg["skat"] + card["TH"], seg["skat"] + card["8H"], seg["game"] + 4,
        seg["trick"] + 0, seg["trick"] + 3 + card["AS"],
        seg["previous"] + 2,
        seg["previous"] + 3 + card["TH"], seg["previous"] + 35 + card["8H"], seg["previous"] + 67 + card["7D"],
    }  # fmt: skip
    assert v.shape == (299,) and v.dtype == np.float32
    assert set(v.nonzero()[0].tolist()) == expected
    # the skat is shown to the solo player only; the current trick only while playing
    skat = bitcards.parse_mask("TH 8H", "skat")
    other = osp.skat_observation_tensor(0, "over", 0, solo=1, skat=skat, trick_leader=0, trick=[3])
    assert not other[seg["skat"] : seg["skat"] + 32].any() and not other[seg["trick"] : seg["previous"]].any()
    # skat.cc: before the game's first card the current trick has no leader and entry 100 is set
    start = osp.skat_observation_tensor(0, "play", hand, solo=2, game="grand", trick_leader=0)
    assert start[100] == 1 and not start[seg["trick"] : seg["trick"] + 3].any()


def test_skat_observation_tensor_bad_input() -> None:
    with pytest.raises(ParseError, match="phase 'pickup'"):
        osp.skat_observation_tensor(0, "pickup", 0)
    with pytest.raises(ParseError, match="'null ouvert' is not an OpenSpiel Skat game type"):
        osp.skat_observation_tensor(0, "play", 0, game="null ouvert")
    with pytest.raises(InvalidCardsError, match="player must be 0, 1 or 2, got 3"):
        osp.skat_observation_tensor(3, "play", 0)
    with pytest.raises(InvalidCardsError, match="the current trick has at most 3 cards"):
        osp.skat_observation_tensor(0, "play", 0, trick_leader=0, trick=[0, 1, 2, 3])
    with pytest.raises(InvalidCardsError, match="bits outside the skat deck"):
        osp.skat_observation_tensor(0, "play", 1 << 40)


@pytest.mark.parametrize("options", ["", "(allow_lone_defender=true)", "(stick_the_dealer=false)"])
def test_euchre_information_state_tensor_equals_openspiel_in_random_games(options: str) -> None:
    pyspiel = _pyspiel()
    import random

    rng = random.Random(3)
    game = pyspiel.load_game("euchre" + options)
    names = {v: k for k, v in osp.EUCHRE_ACTIONS.items()}
    checked = 0
    for g in range(40):
        deal = bitcards.deal(1, "euchre", seed=200 + g)[0]
        hands = [int(m) for m in deal[:4]]
        upcard = osp.from_openspiel_card("euchre", int(osp.to_openspiel_cards("euchre", int(deal[4]))[0]))
        dealer = rng.randrange(4)
        state = game.new_initial_state()
        state.apply_action(dealer)
        queues = {p: list(osp.to_openspiel_cards("euchre", hands[p])) for p in range(4)}
        _deal_in_openspiel(state, [queues[(dealer + k) % 4].pop(0) for k in range(20)])
        state.apply_action(osp.to_openspiel_card("euchre", upcard))
        calls: list[str] = []
        alone: bool | None = None
        lone, declarer, discarding = -1, -1, False
        tricks: list[tuple[int, list[int]]] = []
        while True:
            for p in range(4):
                mine = osp.euchre_information_state_tensor(
                    p, dealer, upcard, hands[p], calls=calls, alone=alone, lone_defender=lone, tricks=tricks
                )
                theirs = np.array(state.information_state_tensor(p), dtype=np.float32)
                assert (mine == theirs).all(), (g, p, calls, alone, lone, np.flatnonzero(mine != theirs), theirs[68:71])
                checked += 1
            if state.is_terminal():
                break
            p = state.current_player()
            legal = state.legal_actions()
            a = rng.choice(legal)
            state.apply_action(a)
            if a >= 24:
                if a in (osp.EUCHRE_ACTIONS["alone"], osp.EUCHRE_ACTIONS["partner"]):
                    if p == declarer:
                        alone = a == osp.EUCHRE_ACTIONS["alone"]
                    elif a == osp.EUCHRE_ACTIONS["alone"]:
                        lone = p
                    continue
                calls.append(names[a])
                if a != osp.EUCHRE_ACTIONS["pass"]:
                    declarer = p
                    if len(calls) <= 4:  # ordered up: the dealer takes the upcard and discards
                        hands[dealer] |= 1 << upcard
                        discarding = True
                continue
            bit = osp.card_for_openspiel_action("euchre", a)
            hands[p] &= ~(1 << bit)
            if discarding:
                discarding = False
                continue
            active = 4 - (alone is True) - (lone >= 0)  # the partners of those who go alone sit out
            if not tricks or len(tricks[-1][1]) == active:
                tricks.append((p, []))
            tricks[-1][1].append(bit)
    assert checked > 2000


# open_spiel/games/euchre/euchre.h kInformationStateTensorSize: dealer 4, upcard 24, calls 8 x 5,
# alone 3, hand 24, tricks 5 x 7 x 24 (rows N E S W N E S)
EUCHRE_SEGMENTS = dict(dealer=0, upcard=4, calls=28, alone=68, hand=71, tricks=95)


def test_euchre_information_state_tensor_layout() -> None:
    card = {c: osp.to_openspiel_card("euchre", bitcards.parse_card(c, "euchre")) for c in ("AC", "9D", "JH", "KS", "TD")}
    seg = EUCHRE_SEGMENTS
    bits = {c: bitcards.parse_card(c, "euchre") for c in card}
    # dealer W (3); N passes, E orders up clubs; E alone, so W (E's partner) sits out; two tricks begun
    v = osp.euchre_information_state_tensor(
        0, 3, bits["AC"], bitcards.parse_mask("9D", "euchre"), calls=["pass", "clubs"], alone=True,
        tricks=[(0, [bits["JH"], bits["KS"], bits["TD"]]), (2, [bits["9D"]])],
    )  # fmt: skip
    expected = {
        seg["dealer"] + 3, seg["upcard"] + card["AC"],
        seg["calls"] + 5,  # N's pass, in the next row's first entry (euchre.cc)
        seg["calls"] + 5 + 0,  # E's clubs in row 1: the same entry
        seg["alone"] + 0, seg["hand"] + card["9D"],
        seg["tricks"] + 24 * 0 + card["JH"], seg["tricks"] + 24 * 1 + card["KS"], seg["tricks"] + 24 * 2 + card["TD"],
        seg["tricks"] + 168 + 24 * 2 + card["9D"],
    }  # fmt: skip
    assert v.shape == (935,) and v.dtype == np.float32
    assert set(v.nonzero()[0].tolist()) == expected
    # after eight passes only the dealer, the upcard and the calls are written
    v = osp.euchre_information_state_tensor(1, 0, bits["AC"], bitcards.parse_mask("9D", "euchre"), calls=["pass"] * 8)
    assert set(v.nonzero()[0].tolist()) == {0, seg["upcard"] + card["AC"]} | {seg["calls"] + 5 * k for k in range(1, 9)}


def test_euchre_information_state_tensor_bad_input() -> None:
    ac = bitcards.parse_card("AC", "euchre")
    with pytest.raises(InvalidCardsError, match="dealer must be a seat 0..3, got 4"):
        osp.euchre_information_state_tensor(0, 4, ac, 0)
    with pytest.raises(ParseError, match="call 1 'trump' is not pass or a suit"):
        osp.euchre_information_state_tensor(0, 0, ac, 0, calls=["trump"])
    with pytest.raises(InvalidCardsError, match="call 2 \\('pass'\\) follows the end"):
        osp.euchre_information_state_tensor(0, 0, ac, 0, calls=["clubs", "pass"])
    with pytest.raises(InvalidCardsError, match="trick 1: leader 2 is not a seat in play"):
        osp.euchre_information_state_tensor(0, 3, ac, 0, calls=["clubs"], alone=True, tricks=[(2, [])])
    with pytest.raises(InvalidCardsError, match="trick 1 has too many cards"):
        osp.euchre_information_state_tensor(0, 3, ac, 0, calls=["clubs"], alone=True, tricks=[(0, [0, 1, 2, 3])])
    with pytest.raises(InvalidCardsError, match="bit 24 is outside"):
        osp.euchre_information_state_tensor(0, 0, 24, 0)
