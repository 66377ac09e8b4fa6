"""The engine shape, tested the same way for every game on it (and Jass against the plain reference)."""

from __future__ import annotations

import numba
import numpy as np
import pytest

import bitcards
from bitcards import engine
from bitcards._jit import JIT_DISABLED, njit
from bitcards.errors import BitcardsError, IllegalPlayError, InvalidCardsError, ParseError
from tests.naive import jass as naive_jass

SCALE = 10 if JIT_DISABLED else 1
ENGINES = sorted(engine.engines())

#: what every finished game of a kind must satisfy, whatever was played
TOTALS = {
    "jass": lambda r: r.returns[:, 0] + r.returns[:, 1] == 157,
    # the winner +1, +2 (a skunk) or +3 (a double skunk), the loser the negative
    "cribbage": lambda r: (r.returns.sum(axis=1) == 0) & (np.abs(r.returns[:, 0]) >= 1) & (np.abs(r.returns[:, 0]) <= 3),
    # 120 card points in every played deal (0 in a deal thrown in)
    "skat": lambda r: (r.field("points0") + r.field("points1") + r.field("points2")) == np.where(r.field("game") < 0, 0, 120),
}


def _opts(name: str) -> dict:
    return dict(engine.engine_spec(name).example_options)


def test_registry_lists_the_engines() -> None:
    assert {"jass", "cribbage", "skat"} <= set(ENGINES)
    assert sorted(g for g, spec in bitcards.GAMES.items() if spec.engine) == ENGINES


@pytest.mark.parametrize("name", ENGINES)
def test_playouts_end_in_terminal_states_with_the_documented_totals(name: str) -> None:
    spec = engine.engine_spec(name)
    r = bitcards.playout(name, 2_000 // SCALE, seed=1, **_opts(name))
    assert (r.field("player") == engine.TERMINAL).all()
    assert (r.lengths > 0).all() and (r.lengths <= spec.max_actions).all()
    assert (r.field("moves") == r.lengths).all()
    assert TOTALS[name](r).all()


@njit
def uniform(s, legal, rng):  # type: ignore[no-untyped-def]
    """A user policy that draws as the built-in random one does (and so runs the engine's generic loop)."""
    return engine.random_action(legal, rng)


def check_random_loop(name: str, options: dict, n: int) -> None:
    """A game's own loop for the random policy against the engine's generic loop: the same actions,
    states and returns, game for game, from the deal and from states in the middle of a trick."""
    fast = bitcards.playout(name, n, seed=9, record=True, **options)
    slow = bitcards.playout(name, n, seed=9, record=True, policy=uniform, **options)
    assert np.array_equal(fast.actions, slow.actions) and np.array_equal(fast.lengths, slow.lengths)
    assert np.array_equal(fast.states, slow.states) and np.array_equal(fast.returns, slow.returns)
    k = min(n, 50)
    mid = engine.initial_states(name, fast.deals[:k], **options)
    for i in range(k):
        st = bitcards.new_game(name, deal=fast.deals[i], **options)
        for a in fast.record(i).actions[: int(fast.lengths[i]) - 2 - i % 5]:
            st.apply(a)
        mid[i] = st.row
    a = bitcards.playout(name, states=mid, seed=9, record=True, **options)
    b = bitcards.playout(name, states=mid, seed=9, record=True, policy=uniform, **options)
    assert np.array_equal(a.states, b.states) and np.array_equal(a.actions, b.actions)


@pytest.mark.parametrize("name", [g for g in ENGINES if engine.engine_spec(g).random_play is not None])
def test_a_games_own_random_loop_plays_the_games_of_the_generic_loop(name: str) -> None:
    check_random_loop(name, _opts(name), 3000 // SCALE)


@pytest.mark.parametrize("name", ENGINES)
def test_playouts_do_not_depend_on_chunking_or_threads(name: str) -> None:
    n = 20_000 if not JIT_DISABLED else 300
    full = bitcards.playout(name, n, seed=5, record=True, **_opts(name))
    tail = bitcards.playout(name, n - 1_00, seed=5, start=100, record=True, **_opts(name))
    assert (full.states[100:] == tail.states).all() and (full.actions[100:] == tail.actions).all()
    if JIT_DISABLED:
        return
    old = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = bitcards.playout(name, n, seed=5, record=True, **_opts(name))
    finally:
        numba.set_num_threads(old)
    assert (one.states == full.states).all() and (one.actions == full.actions).all()
    assert not (bitcards.playout(name, n, seed=6, **_opts(name)).states == full.states).all()


@pytest.mark.parametrize("name", ENGINES)
def test_bulk_equals_scalar_step_by_step(name: str) -> None:
    """Each recorded game replayed through GameState (every action checked) ends in the same state."""
    r = bitcards.playout(name, 60 // SCALE + 3, seed=3, record=True, **_opts(name))
    for i in range(len(r)):
        rec = r.record(i)
        st = rec.replay()
        assert st.is_terminal()
        assert (st.row == r.states[i]).all()
        assert st.returns() == tuple(r.returns[i])
        assert engine.replay(rec.to_json()).returns() == st.returns()


@pytest.mark.parametrize("name", ENGINES)
def test_records_round_trip_through_json(name: str) -> None:
    r = bitcards.playout(name, 5, seed=8, record=True, **_opts(name))
    for i in range(5):
        rec = r.record(i)
        back = engine.GameRecord.from_json(rec.to_json())
        assert back == rec


@pytest.mark.parametrize("name", ENGINES)
def test_an_illegal_action_names_itself_and_the_legal_set(name: str) -> None:
    st = bitcards.new_game(name, seed=2, **_opts(name))
    legal = st.legal_actions_mask()
    bad = next((a for a in range(64) if not legal >> a & 1), 64)  # a Skat bidder may say any of the 64 codes
    with pytest.raises(IllegalPlayError, match="not legal here; legal: ") as e:
        st.apply(bad)
    assert st.action_name(st.legal_actions()[0]) in str(e.value)
    assert st.history == []


@pytest.mark.parametrize("name", ENGINES)
def test_observation_hides_what_the_player_cannot_see(name: str) -> None:
    spec = engine.engine_spec(name)
    st = bitcards.new_game(name, seed=4, **_opts(name))
    hands = [f for f in spec.fields if f.startswith("hand")]
    obs = st.observation(0)
    assert obs[spec.field("hand0")] == st.row[spec.field("hand0")]
    assert all(obs[spec.field(h)] == 0 for h in hands if h != "hand0")
    with pytest.raises(InvalidCardsError):
        st.observation(spec.n_players)


def test_a_game_needs_its_options_and_a_known_name() -> None:
    with pytest.raises(TypeError, match="jass"):
        bitcards.new_game("jass", seed=1)
    with pytest.raises(ParseError, match="unknown game 'schafkopf'"):
        bitcards.new_game("schafkopf", seed=1)
    with pytest.raises(BitcardsError, match="not on the engine"):
        bitcards.playout("euchre", 3, seed=1)


@njit
def _lowest_card(s, legal, rng):  # type: ignore[no-untyped-def]
    a = 0
    while not (legal >> np.uint64(a)) & np.uint64(1):
        a += 1
    return a


@njit
def _always_zero(s, legal, rng):  # type: ignore[no-untyped-def]
    return 0


def test_a_users_njit_policy_plays_and_an_illegal_one_is_refused() -> None:
    r = bitcards.playout("jass", 500, seed=1, policy=_lowest_card, record=True, contract="s")
    again = bitcards.playout("jass", 500, seed=99, policy=_lowest_card, record=True, contract="s", deals=r.deals)
    assert (r.actions == again.actions).all()  # the policy draws nothing: the seed does not matter
    st = bitcards.new_game("jass", deal=r.deals[0], contract="s")
    for a in r.record(0).actions:
        assert a == min(st.legal_actions())
        st.apply(a)
    assert st.is_terminal()
    with pytest.raises(IllegalPlayError, match="game 0: the policy chose an illegal action"):
        bitcards.playout("jass", 50, seed=1, policy=_always_zero, contract="s")
    with pytest.raises(BitcardsError, match="no policy 'best'"):
        bitcards.playout("jass", 5, seed=1, policy="best", contract="s")
    with pytest.raises(TypeError, match="policy"):
        bitcards.playout("jass", 5, seed=1, policy=3, contract="s")


def test_bad_sizes_are_refused_like_deal() -> None:
    with pytest.raises(InvalidCardsError, match=">= 0"):
        bitcards.playout("jass", -1, seed=1, contract="h")
    with pytest.raises(InvalidCardsError, match="2\\*\\*63"):
        bitcards.playout("jass", 5, seed=1, start=2**63 - 2, contract="h")
    with pytest.raises(InvalidCardsError, match="deals must be"):
        bitcards.playout("jass", deals=np.zeros((3, 2), dtype=np.uint64), contract="h")
    with pytest.raises(InvalidCardsError, match="hands overlap"):
        bitcards.playout("jass", deals=np.full((1, 4), (1 << 9) - 1, dtype=np.uint64), contract="h")


# --- Jass against the plain reference ---------------------------------------------------------
@pytest.mark.parametrize("contract", list("dhscou"))
def test_jass_playouts_follow_the_rules_and_score_like_the_reference(contract: str) -> None:
    from bitcards.jass.engine import play_order_to_matrix

    code = bitcards.jass.parse_contract(contract)
    r = bitcards.playout("jass", 150 // SCALE, seed=10 + code, record=True, contract=contract)
    records = play_order_to_matrix(r.actions, np.full(len(r), code, dtype=np.int8))
    for i in range(len(r)):
        ref = naive_jass.check(naive_jass.matrix_of(records[i].tolist()), contract)
        assert ref["legal"], ref
        assert ref["points"] == [int(r.returns[i, 0]), int(r.returns[i, 1])]
        winners = r.states[i, engine.engine_spec("jass").field("winners")]
        assert ref["winners"] == [int(winners >> (2 * t) & 3) + 1 for t in range(9)]


def test_jass_random_play_draws_uniformly_among_the_legal_cards() -> None:
    """First lead: player 0's nine cards are equally likely (a chi-square check at a generous level)."""
    n = 36_000 // SCALE
    r = bitcards.playout("jass", n, seed=11, record=True, contract="h")
    hands = bitcards.batch.masks_to_indices(r.deals[:, 0], 9)
    pos = (hands == r.actions[:, :1]).argmax(axis=1)
    counts = np.bincount(pos, minlength=9)
    chi2 = ((counts - n / 9) ** 2 / (n / 9)).sum()
    assert chi2 < 30, counts  # 8 degrees of freedom: p < 0.0003


def test_per_row_contracts_through_initial_states() -> None:
    d = bitcards.deal(6, "jass", seed=3)
    states = engine.initial_states("jass", d, contract="h")
    col = engine.engine_spec("jass").field("contract")
    states[:, col] = [0, 1, 2, 3, 4, 5]
    r = bitcards.playout("jass", states=states, deals=d, seed=3, record=True, contract="h")
    for i in range(6):
        st = bitcards.new_game("jass", deal=d[i], contract=int(i))
        for a in r.record(i).actions:
            st.apply(a)
        assert st.returns() == tuple(r.returns[i])


def test_game_state_reads_and_chains() -> None:
    st = bitcards.new_game("jass", deal=bitcards.deal(1, "jass", seed=1)[0], contract="o")
    assert st.phase_name == "play" and not st.is_terminal() and st["trick"] == 0
    first = st.action_name(st.legal_actions()[0])
    st.apply(first)
    assert st.history == [st.parse_action(first)] and st["n_in_trick"] == 1
    c = st.clone().apply(st.legal_actions()[0])
    assert len(c.history) == 2 and len(st.history) == 1
    assert "Obenabe" in str(st) and "<pre>" in st._repr_html_()
    with pytest.raises(KeyError, match="no field"):
        st["nope"]
    while not st.is_terminal():
        st.apply(st.legal_actions()[-1])
    with pytest.raises(IllegalPlayError, match="over"):
        st.apply(0)
    assert sum(st.returns()[:2]) == 157
