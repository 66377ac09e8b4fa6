"""The International Skat Server's records (tests/data/iss_sample.sgf, real lines; sources in tests/data/README.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

import bitcards
from bitcards.cli import main
from bitcards.cli._common import input_lines
from bitcards.skat.ids import parse_run_id
from bitcards.skat.iss import IssLineError, parse_iss_line, read_iss, replay_iss
from bitcards.skat.record import replay_run, tricks_of

SAMPLE = Path(__file__).parent.parent / "data" / "iss_sample.sgf"
LINES = SAMPLE.read_text().splitlines()


def _games() -> list:
    return list(read_iss(input_lines(str(SAMPLE))))


def test_every_sample_game_played_through_agrees_with_the_server() -> None:
    games = _games()
    rep = replay_iss(games)
    assert all(e is None for e in rep.errors)
    status = {g.game_id: g.status for g in games}
    assert status["756788"] == "passed" and status["30"] == "abandoned" and status["8"] == "abandoned"
    assert status["1039093"] == status["1390253"] == status["727"] == "ended early"
    played = [i for i, g in enumerate(games) if g.status == "played"]
    assert len(played) == 8 and all(rep.agrees[i] for i in played)


def test_a_sample_game_step_by_step_through_game_state() -> None:
    """ISS game 684159 (JSkat's test): the first tricks and the result, through the checked GameState."""
    g = parse_iss_line(LINES[1])
    st = bitcards.new_game("skat", deal=g.deal)
    for a in g.actions:
        st.apply(a)
    assert st.is_terminal() and st["declarer"] == 2 and st["bid"] == 27 and st["score"] == 96
    first = tricks_of(st)[0]
    assert [bitcards.notation.format_card(c, "skat") for _, c in first[1]] == ["KD", "AD", "8D"] and first[0] == 1


def test_the_server_result_is_compared_not_assumed() -> None:
    g = parse_iss_line(LINES[0])
    g.result["v"] = -108
    assert replay_iss([g]).agrees == [False]


def test_bad_lines_name_the_line_and_the_rest_are_read() -> None:
    with pytest.raises(IssLineError, match="line 7: not an ISS game record"):
        parse_iss_line("(;GM[Skat] nothing ;)", 7)
    with pytest.raises(IssLineError, match="line 2: 'XX' is not a card"):
        parse_iss_line(LINES[0].replace("HA.SK", "XX.SK", 1), 2)
    with pytest.raises(IssLineError, match="line 1: bid '19' is not a game value"):
        parse_iss_line(LINES[0].replace("2 18 0 p", "2 19 0 p"))
    errors: list = []
    lines = [(1, LINES[0]), (2, "garbage"), (3, LINES[1])]
    games = list(read_iss(lines, errors))
    assert [g.line for g in games] == [1, 3] and len(errors) == 1 and "line 2" in str(errors[0])
    bad = parse_iss_line(LINES[0].replace("0 SA 1 S7 2 DA", "0 SA 1 DJ 2 DA"), 4)
    err = replay_iss([bad]).errors[0]
    assert err is not None and err.startswith("line 4: action 9: 'JD' is not legal here; legal: 7S 9S QS")


def test_cli_summary_runs_and_parquet(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["skat", "iss", str(SAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "14 games: 8 played through (8 agree with the server's result, 0 differ), 1 passed in, " in out
    assert "2 abandoned, 3 ended early" in out
    assert main(["skat", "iss", str(SAMPLE), "--runs"]) == 0
    ids = capsys.readouterr().out.split()
    assert len(ids) == 9
    games = [g for g in _games() if g.status in ("played", "passed")]
    for run_id, g in zip(ids, games):
        st = replay_run(run_id)
        assert st.returns() == tuple(replay_iss([g]).states[0][-3:])
        assert parse_run_id(run_id).game.masks() == g.deal
    pq = pytest.importorskip("pyarrow.parquet")
    path = tmp_path / "games.parquet"
    assert main(["skat", "iss", str(SAMPLE), "--parquet", str(path)]) == 0
    t = pq.read_table(path).to_pydict()
    assert len(t["line"]) == 14 and t["iss_value"][0] == -54 and t["score"][0] == -54 and t["agrees"][0] is True
    assert t["status"][3] == "passed" and t["player0"][0] == "zoot"


def test_cli_bad_lines_are_one_error_each_and_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "mixed.sgf"
    f.write_text("\n".join([LINES[0], "garbage", LINES[1].replace("0 DK 1 DA", "0 DK 1 H8")]) + "\n")
    assert main(["skat", "iss", str(f)]) == 2
    cap = capsys.readouterr()
    assert "1 played through" in cap.out
    assert cap.err.count("bitcards: error: line") == 2 and "line 2:" in cap.err and "line 3: action" in cap.err


def test_the_kernel_reader_equals_the_plain_reader_on_damaged_lines() -> None:
    """Each sample line, and copies with one token changed, through both readers: same verdicts, same actions."""
    import random

    from bitcards.skat.iss import replay_iss_bytes

    rng = random.Random(4)
    texts = list(LINES)
    for _ in range(300):
        toks = rng.choice(LINES).split(" ")
        k = rng.randrange(len(toks))
        toks[k] = rng.choice(["p", "y", "18", "19", "s", "XX", "CA", "G.HA", "0", "w", "", "RE", toks[k][::-1]])
        texts.append(" ".join(toks))
    fast = replay_iss_bytes(("\n".join(texts) + "\n").encode())
    assert fast.line_numbers.tolist() == list(range(1, len(texts) + 1))
    for i, text in enumerate(texts):
        try:
            g = parse_iss_line(text, i + 1)
        except IssLineError:
            assert fast.status[i] == -1 and (i + 1) in fast.errors, text
            continue
        rep = replay_iss([g])
        if rep.errors[0] is not None:
            assert fast.status[i] == -1 and fast.errors[i + 1] == rep.errors[0]
            continue
        assert fast.actions[i, : fast.lengths[i]].tolist() == g.actions, text
        assert fast.status[i] == ["played", "passed", "abandoned", "ended early"].index(g.status)
        assert (fast.agrees[i] == 1) == bool(rep.agrees[0]), text


def test_a_bid_above_198_is_read_and_replayed_by_both_readers() -> None:
    """Sample game 541932 with the bidding raised (constructed): rearhand bids 216, forehand holds, rearhand
    bids 264 and forehand passes. The diamonds game (without 2, worth 27) is then overbid, charged 270 (the
    smallest multiple of 9 from the bid) and lost double."""
    from bitcards.skat.iss import replay_iss_bytes

    assert "1 p 2 18 0 p" in LINES[0] and "v:-54 m:-2 bidok" in LINES[0]
    line = LINES[0].replace("1 p 2 18 0 p", "1 p 2 216 0 y 2 264 0 p").replace("v:-54 m:-2 bidok", "v:-540 m:-2 overbid")
    g = parse_iss_line(line)
    rep = replay_iss([g])
    assert rep.errors == [None] and rep.agrees == [True]
    st = bitcards.new_game("skat", deal=g.deal)
    for a in g.actions:
        st.apply(a)
    assert st["bid"] == 264 and st["overbid"] == 1 and st["score"] == -540 and (st["said0"], st["said2"]) == (216, 264)
    fast = replay_iss_bytes((line + "\n").encode())
    assert fast.status.tolist() == [0] and fast.agrees.tolist() == [1]
    assert fast.actions[0, : fast.lengths[0]].tolist() == g.actions
    with pytest.raises(IssLineError, match="'y' \\(hold\\) before any bid"):
        parse_iss_line(LINES[0].replace("1 p 2 18 0 p", "1 y 2 18 0 p"))
