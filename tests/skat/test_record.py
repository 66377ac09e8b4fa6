"""Played deals as game runs (run id and notation) and back through the engine."""

from __future__ import annotations

import dataclasses

import pytest

import bitcards
from bitcards._jit import JIT_DISABLED
from bitcards.errors import IllegalPlayError
from bitcards.skat.ids import BID_TABLE, format_game_run, format_run_id, parse_run_id
from bitcards.skat.record import game_run, replay_run, tricks_of

SCALE = 10 if JIT_DISABLED else 1
_FIELDS = ("declarer", "bid", "game", "hand", "announce", "ouvert", "points0", "points1", "points2",
           "tricks0", "tricks1", "tricks2", "matadors", "value", "won", "overbid", "score")  # fmt: skip


@pytest.mark.parametrize("options", [{}, {"ramsch": True}])
def test_a_run_read_back_reproduces_every_trick_and_the_settlement(options: dict) -> None:
    r = bitcards.playout("skat", 150 // SCALE, seed=31, record=True, **options)
    for i in range(len(r)):
        st = r.record(i).replay()
        run = game_run(st)
        for back in (replay_run(format_run_id(run)), replay_run(format_game_run(run)), replay_run(run)):
            assert tricks_of(back) == tricks_of(st)
            assert back.returns() == st.returns()
            assert [back[f] for f in _FIELDS] == [st[f] for f in _FIELDS]
        assert parse_run_id(format_run_id(run)) == run


def test_the_run_names_the_declarer_by_skat_game_ids_rule() -> None:
    st = bitcards.new_game("skat", seed=12)
    for a in ["bid 18", "hold", "bid 20", "pass", "bid 22", "hold", "bid 23", "hold", "pass"]:
        st.apply(a)
    assert st["declarer"] == 1 and st["bid"] == 23  # middlehand: said 20, held 22 and 23
    st.apply("pickup").apply(st.legal_actions()[0]).apply(st.legal_actions()[-1]).apply("grand")
    while not st.is_terminal():
        st.apply(st.legal_actions()[-1])
    run = game_run(st)
    assert [BID_TABLE[b] for b in run.bids] == [18, 23, 22]  # forehand held 18, rearhand said 23 -> capped below
    assert run.solo_player == "middle" and run.kind_name == "grand" and not run.hand
    assert sorted(run.skat_cards) == sorted(b for b in range(32) if st["skat"] >> b & 1)


def test_a_thrown_in_deal_is_a_run_without_tricks() -> None:
    st = bitcards.new_game("skat", seed=5).apply("pass").apply("pass").apply("pass")
    run = game_run(st)
    assert run.bids == (0, 0, 0) and run.tricks == ()
    assert replay_run(run).is_terminal() and replay_run(run).returns() == (0, 0, 0)


def test_an_illegal_run_is_reported_at_its_first_illegal_action() -> None:
    r = bitcards.playout("skat", 40, seed=8, record=True)
    i = next(i for i in range(40) if r.states[i, r.spec.field("declarer")] >= 0)
    run = game_run(r.record(i).replay())
    # swap two tricks' cards of one player until some play no longer follows suit
    for t in range(9):
        for p in range(3):
            tricks = [list(x) for x in run.tricks]
            tricks[t][p], tricks[t + 1][p] = tricks[t + 1][p], tricks[t][p]
            bad = dataclasses.replace(run, tricks=tuple(tuple(x) for x in tricks))
            try:
                replay_run(bad)
            except IllegalPlayError as e:
                assert "action " in str(e) and "is not legal here; legal: " in str(e)
                return
    pytest.fail("no swap made the run illegal")


def test_a_bid_no_game_reaches_is_refused() -> None:
    st = bitcards.new_game("skat", seed=5).apply("bid 18").apply("pass").apply("pass").apply("hand").apply("grand hand")
    while not st.is_terminal():
        st.apply(st.legal_actions()[0])
    run = dataclasses.replace(game_run(st), bids=(0, BID_TABLE.index(171), 0))
    with pytest.raises(IllegalPlayError, match="171 is not a game value"):
        replay_run(run)
    high = replay_run(dataclasses.replace(run, bids=(0, BID_TABLE.index(216), 0)))  # a bid above 198 plays too
    assert high["declarer"] == 1 and high["bid"] == 216 and high.is_terminal()
