"""Whole games of Cribbage on the engine against a plain referee; the baseline policy's choices."""

from __future__ import annotations

import numpy as np
import pytest

import bitcards
from bitcards._jit import JIT_DISABLED
from bitcards.cribbage import _keep, discard_options, peg
from bitcards.cribbage.engine import pair_index
from bitcards.errors import ParseError
from bitcards.notation import parse_card, parse_mask
from tests.naive import cribbage as naive

N = 6 if JIT_DISABLED else 60


def _bits(m: int) -> list[int]:
    return [b for b in range(52) if m >> b & 1]


@pytest.mark.parametrize("policy", ["random", "baseline"])
@pytest.mark.parametrize("first_dealer", [0, 1])
def test_games_score_like_the_plain_referee(policy: str, first_dealer: int) -> None:
    r = bitcards.playout("cribbage", N, seed=3 + first_dealer, policy=policy, record=True, first_dealer=first_dealer)
    for i in range(N):
        rec = r.record(i)
        p1, p2, st = (int(x) for x in r.deals[i])
        ref = naive.play_game(_bits(p1), _bits(p2), st.bit_length() - 1, list(rec.actions), first_dealer)
        assert ref["actions"] == len(rec.actions)  # the game stopped at the same action
        assert ref["scores"] == [int(r.field("score0")[i]), int(r.field("score1")[i])]
        assert ref["returns"] == r.returns[i].tolist()


def test_the_game_stops_the_moment_a_player_reaches_121() -> None:
    r = bitcards.playout("cribbage", N, seed=5, policy="baseline", record=True)
    s0, s1 = r.field("score0"), r.field("score1")
    assert ((s0 >= 121) ^ (s1 >= 121)).all()
    for i in range(min(N, 20)):
        rec = r.record(i)
        before = bitcards.engine.GameRecord(rec.game, rec.options, rec.deal, rec.actions[:-1]).replay()
        assert before["score0"] < 121 and before["score1"] < 121 and not before.is_terminal()
    # every point is accounted for by its kind
    for p in "01":
        kinds = sum(r.field(k + p) for k in ("pegged", "shown", "cribbed", "heels"))
        assert (kinds == r.field("score" + p)).all()
    assert (r.field("dealer_points") + r.field("pone_points") == s0 + s1).all()


def test_skunks_are_counted() -> None:
    r = bitcards.playout("cribbage", 2_000 if not JIT_DISABLED else 50, seed=9)
    lose = np.minimum(r.field("score0"), r.field("score1"))
    k = np.abs(r.returns[:, 0])
    assert ((k == 3) == (lose < 61)).all() and ((k == 2) == ((lose >= 61) & (lose < 91))).all()
    if not JIT_DISABLED:
        assert (k == 2).any() and (k == 1).any()


def test_baseline_throws_for_the_best_expected_hand_and_pegs_greedily() -> None:
    r = bitcards.playout("cribbage", N // 3 + 2, seed=11, policy="baseline", record=True)
    n_throws = n_plays = 0
    for i in range(len(r)):
        rec = r.record(i)
        st = bitcards.new_game("cribbage", deal=rec.deal)
        for a in rec.actions:
            phase = st.phase_name
            p = st.current_player
            if phase == "throw":
                opts = discard_options(_bits(st[f"hand{p}"]))
                totals = {o.discard: o.total for o in opts}
                assert totals[tuple(st.action_name(a).split()[1:])] == opts[0].total
                n_throws += 1
            elif phase == "play":
                legal = st.legal_actions()
                gains = [_immediate(st, c) for c in legal]
                assert _immediate(st, a) == max(gains) and a == legal[gains.index(max(gains))]
                n_plays += 1
            st.apply(a)
    assert n_throws > 0 and n_plays > 0


def _immediate(st: bitcards.GameState, card: int) -> int:
    """What playing ``card`` scores at once, by the plain reference on the play so far."""
    after = st.clone().apply(card)
    p = st.current_player
    return after[f"pegged{p}"] - st[f"pegged{p}"]


def test_keep_table_equals_the_hoisted_starter_loop() -> None:
    from bitcards.cribbage._hoist import starter_stats

    d = bitcards.deal(300 if not JIT_DISABLED else 20, "cribbage", seed=2)
    # jacks and one-suit hands, where nobs and flushes count
    extra = [parse_mask(t, "french") for t in ("JD JH JS JC 5D 5H", "AS 3S 5S 9S JS KD", "2H 4H 6H JH QH QD")]
    for six in [*d[:, 0], *(np.uint64(m) for m in extra)]:
        bits = _bits(int(six))
        totals = []
        for i in range(6):
            for j in range(i + 1, 6):
                keep = np.uint64(int(six) ^ (1 << bits[i]) ^ (1 << bits[j]))
                totals.append((starter_stats(keep, six, False)[0], keep))
                assert _keep.keep_total(keep, six) == totals[-1][0]
                assert pair_index(six, np.uint64((1 << bits[i]) | (1 << bits[j]))) == i * (11 - i) // 2 + j - i - 1
        best = max(t for t, _ in totals)
        assert _keep.best_keep(six) == (next(k for t, k in totals if t == best), best)  # the first of equals


def test_throws_and_his_heels_by_name() -> None:
    deal = ["5H 5D 6C 7S JD KD", "AS 2S 3S 4S 9H KC", "JC"]
    st = bitcards.new_game("cribbage", deal=deal)
    assert st.phase_name == "throw" and st.current_player == 1  # player 0 deals: the pone throws first
    assert st.action_name(0) == "throw 9H AS"  # pairs of the six in bit order: suits D H S C
    st.apply("throw 9H KC").apply("JD KD")
    assert st.phase_name == "cut" and st.is_chance() and st.legal_actions() == [parse_card("JC", "french")]
    st.apply("JC")
    assert st["heels0"] == 2 and st["score0"] == 2 and st.phase_name == "play"
    with pytest.raises(ParseError, match="two of the cards held"):
        bitcards.new_game("cribbage", deal=deal).apply("throw 5H 6H")
    # the pone leads; the play scores as peg() does
    order = []
    while st.phase_name == "play":
        a = st.legal_actions()[0]
        order.append(st.action_name(a))
        st.apply(a)
    ref = peg("AS 2S 3S 4S", "5H 5D 6C 7S", order)
    assert (st["pegged1"], st["pegged0"]) == ref.totals


def test_stored_rank_table_is_the_rule() -> None:
    """The rank table is stored so that importing the engine compiles nothing; it must equal the rule's."""
    import pathlib

    table = _keep._table()
    assert (table == _keep.RANK_TABLE).all()
    stored = pathlib.Path(_keep.__file__).with_name("_rank_table.py").read_text()
    assert stored == _keep._source(table), "regenerate with: python -m bitcards.cribbage._keep"
