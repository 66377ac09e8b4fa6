"""Skat on the engine against the plain reference game (tests/naive/skat_game.py)."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

import bitcards
from bitcards import engine
from bitcards._jit import JIT_DISABLED
from bitcards.errors import IllegalPlayError, ParseError
from bitcards.skat.engine import SPEC, bid_code, declaration_code, parse_declaration
from tests.naive import skat_game as naive
from tests.test_engine import check_random_loop

SCALE = 10 if JIT_DISABLED else 1
VARIANTS = [{}, {"ramsch": True}, {"kontra": True}, {"bock": True}, {"ramsch": True, "kontra": True, "bock": True}]


def _result_of(r: engine.Playouts, i: int) -> dict:
    f = r.states[i]
    game = int(f[SPEC.field("game")])
    return {
        "declarer": None if f[SPEC.field("declarer")] < 0 else int(f[SPEC.field("declarer")]),
        "bid": int(f[SPEC.field("bid")]),
        "points": [int(f[SPEC.field(f"points{p}")]) for p in range(3)],
        "tricks": [int(f[SPEC.field(f"tricks{p}")]) for p in range(3)],
        "returns": [int(x) for x in r.returns[i]],
        "score": int(f[SPEC.field("score")]),
        "game": None if game < 0 else ("ramsch" if game == 6 else bitcards.skat.GAME_NAMES[game]),
    }


@pytest.mark.parametrize("options", VARIANTS)
def test_every_step_has_the_reference_legal_set_and_the_same_settlement(options: dict) -> None:
    r = bitcards.playout("skat", 120 // SCALE, seed=21, record=True, **options)
    for i in range(len(r)):
        masks = [int(x) for x in r.deals[i]]
        ref = naive.Deal(masks, **options)
        st = bitcards.new_game("skat", deal=masks, **options)
        for a in r.record(i).actions:
            names = sorted(st.action_name(x) for x in st.legal_actions())
            assert names == sorted(ref.legal()), (st.phase_name, names, ref.legal())
            ref.act(st.action_name(a))
            st.apply(a)
        assert ref.over and st.is_terminal()
        want = ref.result()
        got = _result_of(r, i)
        for key in ("declarer", "bid", "points", "tricks", "returns", "score", "game"):
            assert got[key] == want[key], (key, got, want)
        if "value" in want:
            assert int(r.states[i, SPEC.field("value")]) == want["value"]
            assert bool(r.states[i, SPEC.field("won")]) == want["won"]


def _summary(results: list[dict]) -> dict[str, float]:
    n = len(results)
    played = [x for x in results if x["game"] not in (None, "ramsch")]
    return {
        "thrown in": sum(x["game"] is None for x in results) / n,
        "declarer 0": sum(x["declarer"] == 0 for x in results) / n,
        "declarer 1": sum(x["declarer"] == 1 for x in results) / n,
        "null": sum(x["game"] == "null" for x in results) / n,
        "grand": sum(x["game"] == "grand" for x in results) / n,
        "won": sum(x["score"] > 0 for x in played) / max(1, len(played)),
    }


@pytest.mark.jit
def test_random_play_agrees_in_distribution_with_the_reference() -> None:
    """Random play of the engine and of the reference: the same frequencies within 5 standard errors."""
    rng = random.Random(5)
    n_ref = 1500
    ref = [naive.random_deal(naive.random_masks(rng), rng)[0] for _ in range(n_ref)]
    r = bitcards.playout("skat", 50_000, seed=5)
    ours = _summary([_result_of(r, i) for i in range(len(r))])
    theirs = _summary(ref)
    for key, p in ours.items():
        se = math.sqrt(max(p * (1 - p), 1e-4) / n_ref)
        assert abs(p - theirs[key]) < 5 * se, (key, p, theirs[key])


def test_the_bidding_order_middlehand_then_rearhand_then_forehand() -> None:
    st = bitcards.new_game("skat", seed=1)
    assert st.current_player == 1 and st.phase_name == "bidding"
    st.apply("bid 18")
    assert st.current_player == 0 and [st.action_name(a) for a in st.legal_actions()] == ["pass", "hold"]
    st.apply("hold").apply("bid 20").apply("pass")  # forehand passes at 20: middlehand won stage one
    assert st.current_player == 2 and st["answerer"] == 1
    st.apply("bid 22").apply("pass")  # middlehand passes: rearhand is declarer at 22
    assert st.phase_name == "pickup" and st.current_player == 2 and st["declarer"] == 2 and st["bid"] == 22
    assert (st["said0"], st["said1"], st["said2"]) == (18, 20, 22)


def test_all_pass_throws_the_deal_in_or_starts_ramsch() -> None:
    st = bitcards.new_game("skat", seed=2)
    st.apply("pass").apply("pass")
    assert st.current_player == 0 and st.phase_name == "bidding"  # forehand may still bid
    st.apply("pass")
    assert st.is_terminal() and st.returns() == (0, 0, 0) and str(st).splitlines()[0] == "Skat, over, passed"
    rm = bitcards.new_game("skat", seed=2, ramsch=True).apply("pass").apply("pass").apply("pass")
    assert rm.phase_name == "play" and rm.current_player == 0 and rm["game"] == 6


def test_forehand_alone_may_bid_and_declare_hand() -> None:
    st = bitcards.new_game("skat", seed=3).apply("pass").apply("pass").apply("bid 18")
    assert st["declarer"] == 0 and st.phase_name == "pickup"
    st.apply("hand")
    names = [st.action_name(a) for a in st.legal_actions()]
    assert "grand hand schneider" in names and "clubs hand ouvert" in names and "null ouvert hand" in names
    st.apply("clubs hand schwarz")
    assert st.phase_name == "play" and st["announce"] == 2 and st["hand"] == 1


def test_pickup_discards_two_then_no_announcements() -> None:
    st = bitcards.new_game("skat", seed=4).apply("bid 18").apply("pass").apply("pass").apply("pickup")
    assert st.phase_name == "discard" and len(st.legal_actions()) == 12
    st.apply(st.legal_actions()[0]).apply(st.legal_actions()[0])
    assert st.phase_name == "declare"
    names = [st.action_name(a) for a in st.legal_actions()]
    assert names == ["diamonds", "hearts", "spades", "clubs", "grand", "null", "null ouvert"]
    with pytest.raises(ParseError, match="no hand game"):
        st.apply("grand hand")


def test_null_under_the_bid_is_not_legal() -> None:
    st = bitcards.new_game("skat", seed=4).apply("bid 36").apply("pass").apply("pass").apply("pickup")
    st.apply(st.legal_actions()[0]).apply(st.legal_actions()[0])
    names = [st.action_name(a) for a in st.legal_actions()]
    assert "null" not in names and "null ouvert" in names
    with pytest.raises(IllegalPlayError, match="'null' is not legal here; legal: diamonds hearts"):
        st.apply("null")


def test_kontra_and_re_double_the_score_twice() -> None:
    deal = bitcards.deal(1, "skat", seed=6)[0]
    plain = bitcards.new_game("skat", deal=deal)
    k = bitcards.new_game("skat", deal=deal, kontra=True)
    for st in (plain, k):
        st.apply("bid 18").apply("pass").apply("pass").apply("hand").apply("grand hand")
    k.apply("kontra").apply("re")
    while not plain.is_terminal():
        a = plain.legal_actions()[0]
        plain.apply(a)
        k.apply(a)
    assert k["score"] == 4 * plain["score"] != 0
    bock = bitcards.playout("skat", 200, seed=3, bock=True)
    base = bitcards.playout("skat", 200, seed=3)
    assert (bock.field("score") == 2 * base.field("score")).all()


def test_codes_and_names() -> None:
    assert bid_code(18) == 1 and bid_code(20) == 2 and bid_code(198) == 59 and bid_code(264) == 63
    assert [bid_code(v) for v in naive.BIDS] == list(range(1, 64))
    with pytest.raises(ParseError, match="not a bid value"):
        bid_code(19)
    with pytest.raises(ParseError, match="not a bid value"):
        bid_code(228)
    assert parse_declaration("grand hand schneider") == declaration_code("grand", schneider=True) == 10
    assert parse_declaration("null ouvert hand") == declaration_code("null", ouvert=True) == 23
    with pytest.raises(ParseError, match="no schneider"):
        parse_declaration("null schneider")
    with pytest.raises(ParseError, match="unknown Skat variant"):
        bitcards.new_game("skat", seed=1, variant="bock,kontra,schieber")
    assert bitcards.new_game("skat", seed=1, variant="bock,kontra").record().options == {"kontra": True, "bock": True}


def test_the_whole_ladder_is_biddable_up_to_264() -> None:
    """Middlehand bids 204 .. 264 step by step, forehand holds each; rearhand passes: grand ouvert at 264."""
    st = bitcards.new_game("skat", seed=8)
    for v in (204, 216, 240, 264):
        names = [st.action_name(a) for a in st.legal_actions()]
        assert names[0] == "pass" and f"bid {v}" in names and names[-1] == "bid 264", names
        st.apply(f"bid {v}")
        assert [st.action_name(a) for a in st.legal_actions()] == ["pass", "hold"]
        st.apply("hold")
    assert [st.action_name(a) for a in st.legal_actions()] == ["pass"]  # nothing above 264
    st.apply("pass")  # middlehand gives up: forehand holds 264
    st.apply("pass")  # rearhand passes
    assert st["declarer"] == 0 and st["bid"] == 264 and (st["said0"], st["said1"]) == (264, 264)
    st.apply("hand")
    names = [st.action_name(a) for a in st.legal_actions()]
    assert not any(n.startswith("null") for n in names)  # no null game reaches 264
    st.apply("grand hand ouvert")
    while not st.is_terminal():
        st.apply(st.legal_actions()[0])
    want = naive.replay([int(x) for x in st.deal], st.record().to_dict()["actions"])
    assert st["score"] == want["score"] and st["value"] == want["value"]
    assert st["value"] >= 264 or (st["overbid"] and st["score"] == -2 * 264)


def test_hold_names_the_bid_it_holds() -> None:
    st = bitcards.new_game("skat", seed=1).apply("bid 22")
    assert st.legal_actions() == [0, bid_code(22)] and st.parse_action("hold") == bid_code(22)
    with pytest.raises(IllegalPlayError, match="'hold' is not legal here; legal: pass bid 18"):
        bitcards.new_game("skat", seed=1).apply("hold")


def test_observation_hides_the_skat_and_shows_an_ouvert_declarer() -> None:
    st = bitcards.new_game("skat", seed=7).apply("bid 18").apply("pass").apply("pass").apply("hand").apply("grand hand ouvert")
    skat = SPEC.field("skat")
    assert all(st.observation(p)[skat] == 0 for p in range(3))
    assert st.observation(0)[SPEC.field("hand1")] == st.row[SPEC.field("hand1")] != 0
    assert st.observation(0)[SPEC.field("hand2")] == 0
    assert np.array_equal(st.observation(1)[: SPEC.field("hand0")], st.row[: SPEC.field("hand0")])


@pytest.mark.parametrize("options", VARIANTS)
def test_the_random_loop_plays_the_games_of_the_generic_loop(options: dict) -> None:
    """Skat's own loop for the random policy against the engine's generic loop, in every variant."""
    check_random_loop("skat", options, 3000 // SCALE)
