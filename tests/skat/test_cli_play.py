"""bitcards skat play / replay, in-process."""

from __future__ import annotations

import json

import pytest

import bitcards
from bitcards.cli import main
from bitcards.skat.ids import format_game_run, parse_run_id
from bitcards.skat.record import game_run


def test_play_writes_one_finished_deal_a_line_and_is_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["skat", "play", "-n", "5", "--seed", "7"]) == 0
    first = capsys.readouterr().out.splitlines()
    assert len(first) == 5
    assert main(["skat", "play", "-n", "5", "--seed", "7"]) == 0
    assert capsys.readouterr().out.splitlines() == first
    r = bitcards.playout("skat", 5, seed=7)
    for line, i in zip(first, range(5)):
        if r.states[i, r.spec.field("declarer")] >= 0:
            assert f"score {int(r.states[i, r.spec.field('score')]):+d}" in line


def test_play_json_and_runs_agree_with_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["skat", "play", "-n", "4", "--seed", "3", "--json", "--variant", "kontra"]) == 0
    rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    r = bitcards.playout("skat", 4, seed=3, kontra=True)
    assert [x["returns"] for x in rows] == r.returns.tolist()
    for x, deal in zip(rows, r.deals):
        st = bitcards.new_game("skat", deal=deal, **x["options"])
        for a in x["actions"]:
            st.apply(a)
        assert list(st.returns()) == x["returns"]
    assert main(["skat", "play", "-n", "4", "--seed", "3", "--runs"]) == 0
    ids = capsys.readouterr().out.split()
    r = bitcards.playout("skat", 4, seed=3, record=True)
    assert [parse_run_id(i) for i in ids] == [game_run(r.record(i)) for i in range(4)]


def test_replay_prints_tricks_and_settlement(capsys: pytest.CaptureFixture[str], tmp_path) -> None:  # type: ignore[no-untyped-def]
    r = bitcards.playout("skat", 3, seed=9, record=True)
    runs = [game_run(r.record(i)) for i in range(3)]
    assert main(["skat", "play", "-n", "3", "--seed", "9", "--runs"]) == 0
    ids = capsys.readouterr().out.split()
    assert main(["skat", "replay", ids[0]]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) in (1, 11) and (len(out) == 1 or out[10].startswith("  trick 10: "))
    f = tmp_path / "runs.txt"
    f.write_text("".join(format_game_run(x) for x in runs))
    assert main(["skat", "replay", str(f), "--json"]) == 0
    rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [x["returns"] for x in rows] == r.returns.tolist()
    (tmp_path / "ids.txt").write_text("\n".join(ids) + "\n")
    assert main(["skat", "replay", str(tmp_path / "ids.txt"), "--json"]) == 0
    by_ids = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [x["line"] for x in by_ids] == [1, 2, 3]  # where each run starts in its file
    assert [{**x, "line": 0} for x in by_ids] == [{**x, "line": 0} for x in rows]


def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["skat", "play", "-n", "2", "--variant", "schieber"]) == 2
    assert "unknown Skat variant 'schieber'" in capsys.readouterr().err
    assert main(["skat", "play", "-n", "2", "--policy", "best"]) == 2
    assert "no policy 'best'" in capsys.readouterr().err
    assert main(["skat", "replay", "AAAA"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the run id" in err
