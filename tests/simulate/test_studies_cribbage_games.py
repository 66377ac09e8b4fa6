"""cribbage-games: counts equal a direct playout and a plain stepping of the same games, in any chunking."""

from __future__ import annotations

import json
from importlib import resources

import jsonschema
import numpy as np
import pytest

import bitcards
from bitcards._jit import JIT_DISABLED
from bitcards.cli import main
from bitcards.simulate import SimulationError, simulate
from bitcards.simulate.studies_cribbage_games import KINDS, MAX_POINTS

N = 40 if JIT_DISABLED else 3_000
#: games replayed one action at a time through GameState
STEPPED = 12 if JIT_DISABLED else 150
_STATE_KINDS = ("pegged", "shown", "cribbed", "heels")


@pytest.mark.parametrize("policy", ["baseline", "random"])
def test_counts_equal_a_direct_playout_in_any_chunking(policy: str) -> None:
    a = simulate("cribbage-games", N, seed=9, chunk_size=N, params={"policy": policy})
    b = simulate("cribbage-games", N, seed=9, chunk_size=N // 3 + 7, params={"policy": policy})
    assert a.equal_counts(b)
    r = bitcards.playout("cribbage", deals=bitcards.deal(N, "cribbage", seed=9), seed=9, policy=policy)
    winner = np.where(r.returns[:, 0] > 0, 0, 1)
    k = np.abs(r.returns[:, 0])
    for w in range(2):
        assert a.counts["result"][w].tolist() == [int(((winner == w) & (k == j)).sum()) for j in (1, 2, 3)]
    assert a.counts["deals"].tolist() == np.bincount(r.field("deals") - 1, minlength=241).tolist()
    lose = np.where(winner == 0, r.field("score1"), r.field("score0"))
    assert a.counts["loser"].tolist() == np.bincount(lose, minlength=121).tolist()
    for p in range(2):
        for kk, name in enumerate(_STATE_KINDS):
            want = np.bincount(r.field(f"{name}{p}"), minlength=MAX_POINTS + 1)
            assert a.counts["game"][p, kk].tolist() == want.tolist(), (p, name)
        assert a.counts["game"][p, 4].tolist() == np.bincount(r.field(f"score{p}"), minlength=MAX_POINTS + 1).tolist()
    # every deal is counted once per role, the last one as "final"; the points by role add up to the games'
    pts = a.counts["points"]
    assert pts[1].sum(axis=-1).tolist() == [[N] * 5, [N] * 5]
    assert int(pts.sum(axis=(0, -1))[0, 0]) == int(r.field("deals").sum())
    vals = np.arange(MAX_POINTS + 1)
    assert int((pts[:, 0, 4] * vals).sum()) == int(r.field("dealer_points").sum())
    assert int((pts[:, 1, 4] * vals).sum()) == int(r.field("pone_points").sum())
    assert int(pts[:, 1, 2:4, 1:].sum()) == 0  # the crib and his heels are the dealer's
    s = a.summary()
    assert s["p_first_dealer_wins"] == pytest.approx(np.mean(winner == 0))
    assert s["p_skunk"] == pytest.approx(np.mean(k == 2))
    assert s["p_double_skunk"] == pytest.approx(np.mean(k == 3))
    assert s["mean_deals"] == pytest.approx(r.field("deals").mean())
    assert s["p_first_dealer_wins_lo"] <= s["p_first_dealer_wins"] <= s["p_first_dealer_wins_hi"]


def _kinds(st: bitcards.GameState, p: int) -> list[int]:
    """Player ``p``'s points so far by kind: pegging, hand, crib, his heels."""
    return [st[f"{name}{p}"] for name in _STATE_KINDS]


def _stepped(policy: str, n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Per-deal points by (deal complete/final, role, kind) and the dealer's margin, from games replayed by GameState."""
    points = np.zeros((2, 2, 5, MAX_POINTS + 1), dtype=np.int64)
    margin = np.zeros((2, 2 * MAX_POINTS + 1), dtype=np.int64)
    rec = bitcards.playout("cribbage", n, seed=seed, policy=policy, record=True)
    for i in range(n):
        st = bitcards.new_game("cribbage", deal=rec.deals[i])
        dealer, deal_no, before = st["dealer"], st["deals"], [_kinds(st, 0), _kinds(st, 1)]
        for a in rec.record(i).actions:
            st.apply(a)
            if st.is_terminal() or st["deals"] != deal_no:
                final = int(st.is_terminal())
                totals = []
                for role, p in enumerate((dealer, 1 - dealer)):
                    got = [x - y for x, y in zip(_kinds(st, p), before[p], strict=True)]
                    for kk, v in enumerate([*got, sum(got)]):
                        points[final, role, kk, v] += 1
                    totals.append(sum(got))
                margin[final, totals[0] - totals[1] + MAX_POINTS] += 1
                dealer, deal_no, before = st["dealer"], st["deals"], [_kinds(st, 0), _kinds(st, 1)]
        assert st.is_terminal()
    return points, margin


@pytest.mark.parametrize("policy", ["baseline", "random"])
def test_per_deal_counts_equal_games_stepped_by_game_state(policy: str) -> None:
    r = simulate("cribbage-games", STEPPED, seed=4, chunk_size=STEPPED // 2 + 1, params={"policy": policy})
    points, margin = _stepped(policy, STEPPED, 4)
    assert r.counts["points"].tolist() == points.tolist()
    assert r.counts["margin"].tolist() == margin.tolist()
    s = r.summary()
    complete = points[0]
    vals = np.arange(MAX_POINTS + 1)
    for role, name in enumerate(("dealer", "pone")):
        for kk, kind in enumerate(KINDS):
            key = f"mean_{name}_{kind}"
            if key in s:
                assert s[key] == pytest.approx((complete[role, kk] * vals).sum() / complete[role, kk].sum())


def test_a_bad_policy_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SimulationError, match="baseline, random"):
        simulate("cribbage-games", 10, seed=1, params={"policy": "greedy"})
    assert main(["simulate", "cribbage-games", "-n", "10", "--no-progress", "-p", "policy=greedy"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "greedy" in err


def test_the_cli_runs_it(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "cribbage-games", "-n", "60", "--seed", "3", "--no-progress", "-p", "policy=random", "--json"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    schema = json.loads(resources.files("bitcards").joinpath("schemas", "simulate.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(out)
    assert out["study"] == "cribbage-games" and out["params"] == {"policy": "random"}
    r = simulate("cribbage-games", 60, seed=3, params={"policy": "random"})
    assert out["summary"]["p_first_dealer_wins"] == pytest.approx(r.summary()["p_first_dealer_wins"])
    assert main(["simulate", "cribbage-games", "-n", "60", "--seed", "3", "--no-progress"]) == 0
    assert "p_first_dealer_wins" in capsys.readouterr().out


@pytest.mark.jit
def test_the_parallel_build_counts_as_the_serial_one() -> None:
    """A chunk of 20,000 games runs the parallel build (with more than one thread), chunks of 5,000 the serial one."""
    a = simulate("cribbage-games", 20_000, seed=11, chunk_size=20_000)
    b = simulate("cribbage-games", 20_000, seed=11, chunk_size=5_000)
    assert a.equal_counts(b)
