"""``bitcards cribbage score|discard|stats``: the contest problem's file format, errors, JSON.

Commands run in-process (``main(argv)`` with capsys); a real process only where the process is under test
(stdin through a pipe, the locale's encoding).
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bitcards.cli import main
from tests.naive import cribbage as naive

#: the example input file of the Cribbage hand-scoring contest problem, byte for byte: tab-separated groups,
#: a Cyrillic Н for the H of 8H, a line of zeros at the end
SEED_INPUT = (Path(__file__).resolve().parent.parent / "data" / "cribbage.in").read_bytes()
SEED_OUTPUT = "9\n12\n10\n12\n"


def test_sample_has_the_contest_files_quirks() -> None:
    lines = SEED_INPUT.split(b"\n")
    assert len(lines) == 5 and all(line.count(b"\t") >= 2 for line in lines)
    assert "8\N{CYRILLIC CAPITAL LETTER EN}".encode() in SEED_INPUT and lines[-1].split() == [b"0"] * 5


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``main(argv)`` in this process: (exit code, stdout, stderr); argparse's own errors count as their exit code."""
    try:
        rc = main(list(argv))
    except SystemExit as e:
        rc = int(e.code or 0)
    cap = capsys.readouterr()
    return rc, cap.out, cap.err


def _stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    """Standard input holding ``data`` as a pipe gives it: bytes under a text layer in the locale's encoding."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="latin-1"))


def _run(tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes, *args: str) -> tuple[int, str, str]:
    f = tmp_path / "cribbage.in"
    f.write_bytes(data)
    return _cli(capsys, "cribbage", "score", str(f), *args)


def test_seed_sample_exact_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, err = _run(tmp_path, capsys, SEED_INPUT)
    assert rc == 0
    assert out == SEED_OUTPUT
    # the look-alike letter is reported once, naming the line and the substitution
    lines = err.splitlines()
    assert len(lines) == 1
    assert "warning" in lines[0] and "line 2" in lines[0] and "Cyrillic" in lines[0] and "'H'" in lines[0]


def test_seed_sample_on_stdin() -> None:
    # a real process reading a real pipe: the one end-to-end run of the sample
    r = subprocess.run([sys.executable, "-m", "bitcards", "cribbage", "score"], input=SEED_INPUT, capture_output=True)
    assert r.returncode == 0 and r.stdout.decode() == SEED_OUTPUT


def _main_on(tmp_path: Path, text: str, *args: str) -> int:
    f = tmp_path / "in.txt"
    f.write_text(text, encoding="utf-8")
    return main(["cribbage", "score", str(f), *args])


def test_zero_line_stops_and_whitespace_is_free(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = "  5H   5D 7D\tJD 8D  \r\n\n5H 5D 6C 7S 8H\n0 0 0 0 0\nAS 2S 3S 4S 5S\nnot even cards\n"
    assert _main_on(tmp_path, text) == 0
    assert capsys.readouterr().out == "9\n12\n"
    # a shorter zero line (the seed's prose says "5 zeros (0 0 0 0)") also ends the input
    assert _main_on(tmp_path, "5H 5D 6C 7S 8H\n0 0 0 0\n5H 5D 6C 7S 8H\n") == 0
    assert capsys.readouterr().out == "12\n"
    # no zero line: end of file ends the input
    assert _main_on(tmp_path, "AS 2S 3S 4S 5S") == 0
    assert capsys.readouterr().out == "12\n"


def test_other_notations_and_crib(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _main_on(tmp_path, "2h 4h 6h 8h ks\n10H 4H 6H 8H KS\n2♥ 4♥ 6♥ 8♥ K♥\n") == 0
    assert capsys.readouterr().out == "4\n4\n5\n"
    assert _main_on(tmp_path, "2h 4h 6h 8h ks\n10H 4H 6H 8H KS\n2♥ 4♥ 6♥ 8♥ K♥\n", "--crib") == 0
    assert capsys.readouterr().out == "0\n0\n5\n"


@pytest.mark.parametrize(
    ("line", "needles"),
    [
        ("5H 5D 7D JD", ["line 1", "4 cards, expected 5"]),
        ("5H 5D 7D JD 8D 9D", ["line 1", "6 cards", "'9D'"]),
        ("5H 5D 7D 5H 8D", ["line 1", "duplicate card '5H'", "token 4"]),
        ("1H 5D 7D JD 8D", ["line 1", "unknown card '1H'", "token 1"]),
        ("5H 5D 7D JD ZZ", ["line 1", "unknown card 'ZZ'", "token 5"]),
        ("5H 5D 7D JD EU", ["line 1", "unknown card 'EU'"]),  # a Skat card is not in the French deck here
    ],
)
def test_bad_line_one_error_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str, needles: list[str]) -> None:
    assert _main_on(tmp_path, f"{line}\n5H 5D 6C 7S 8H\n") == 2
    cap = capsys.readouterr()
    err = cap.err.splitlines()
    assert len(err) == 1 and cap.out == ""
    assert all(n in err[0] for n in needles), err[0]


def test_bad_line_stops_after_the_good_ones(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, stderr = _run(tmp_path, capsys, b"5H 5D 6C 7S 8H\n5H 5D 7D 1H 8D\n5H 5D 6C 7S 8H\n")
    assert rc == 2 and out == "12\n"
    err = stderr.splitlines()
    assert len(err) == 1 and "Traceback" not in stderr and "line 2" in err[0] and "'1H'" in err[0]


def test_keep_going(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = b"5H 5D 7D JD 8D\n5H 5D 7D JD\n1H 2H 3H 4H 5H\n5H 5D 6C 7S 8H\n0 0 0 0 0\n"
    rc, out, stderr = _run(tmp_path, capsys, data, "--keep-going")
    assert rc == 2
    assert out == "9\n12\n"
    err = stderr.splitlines()
    assert len(err) == 2 and "line 2" in err[0] and "'1H'" in err[1] and "line 3" in err[1]


def test_unreadable_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rc, _, err = _run(tmp_path, capsys, b"5H 5D 7D JD \xff\xfe\n")
    assert rc == 2 and len(err.splitlines()) == 1 and "UTF-8" in err
    rc, _, err = _cli(capsys, "cribbage", "score", str(tmp_path / "missing.in"))
    assert rc == 2 and len(err.splitlines()) == 1 and "cannot read" in err


def test_explain_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = SEED_INPUT.decode()
    assert _main_on(tmp_path, text, "--explain") == 0
    out = capsys.readouterr().out
    assert "line 2: 5H 5D 6C 7S | starter 8H" in out
    assert "  4 points for the straight: 5D 6C 7S 8H" in out
    assert [ln.strip() for ln in out.splitlines() if ln.endswith("total")] == [
        "9 points total",
        "12 points total",
        "10 points total",
        "12 points total",
    ]
    assert _main_on(tmp_path, text, "--json", "--explain") == 0
    objs = [json.loads(ln) for ln in capsys.readouterr().out.splitlines()]
    assert [o["score"] for o in objs] == [9, 12, 10, 12]
    assert [o["line"] for o in objs] == [1, 2, 3, 4]
    assert objs[1]["starter"] == "8H"
    for o in objs:
        assert sum(it["points"] for it in o["items"]) == o["score"]


def test_discard_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cribbage", "discard", "5H", "5D", "6C", "7S", "JD", "KD"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["keep", "discard", "expected", "min", "max"]
    assert len(lines) == 16
    assert main(["cribbage", "discard", "5H 5D 6C 7S JD KD", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    opts = obj["options"]
    assert len(opts) == 15 and obj["cards"] == ["5H", "5D", "6C", "7S", "JD", "KD"]
    # the first text row is the best option of the JSON, and its figures agree with the naive scorer
    best = opts[0]
    assert lines[1].split()[:6] == best["keep"] + best["discard"]
    bits = {c: i for c, i in zip(obj["cards"], [17, 4, 44, 32, 10, 12])}
    rest = [s for s in range(52) if s not in bits.values()]
    scores = [naive.score_bits([bits[c] for c in best["keep"]], s) for s in rest]
    assert (best["total"], best["min"], best["max"]) == (sum(scores), min(scores), max(scores))


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["cribbage", "discard", "5H", "5D", "6C", "7S", "JD"], "needs 6 cards, got 5"),
        (["cribbage", "discard", "5H", "5D", "6C", "7S", "JD", "1D"], "unknown card '1D'"),
        (["cribbage", "stats"], "choose one of --exhaustive or --deals"),
        (["cribbage", "stats", "--deals", "0"], "argument --deals/-n: must be >= 1"),
    ],
)
def test_command_errors(argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]) -> None:
    rc, _, err = _cli(capsys, *argv)
    assert rc == 2
    lines = err.splitlines()
    assert len(lines) == 1 and needle in lines[0] and "Traceback" not in err


@pytest.mark.slow
def test_stats_exhaustive(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cribbage", "stats", "--exhaustive", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["total"] == 12_994_800 and len(obj["counts"]) == 30 and obj["counts"][29] == 4
    assert round(obj["mean"], 4) == 4.7692
    assert main(["cribbage", "stats", "--exhaustive", "--crib"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("crib scores") and out[-2].split() == ["total", "12994800"]
    assert out[-1].startswith("mean ")


def test_stats_deals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cribbage", "stats", "--deals", "40", "--seed", "9", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["total"] == 40 and obj["seed"] == 9 and not obj["exhaustive"]
    assert main(["cribbage", "stats", "--deals", "40", "--seed", "9", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == obj


# --- review fixes: a byte-order mark, bytes that are not UTF-8 ------------------------------------


def test_byte_order_mark_is_ignored(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # Notepad & co. write a BOM before the first line; it used to be read as part of the first card
    rc, out, _ = _run(tmp_path, capsys, b"\xef\xbb\xbf" + SEED_INPUT)
    assert (rc, out) == (0, SEED_OUTPUT)
    _stdin(monkeypatch, b"\xef\xbb\xbf5H 5D 6C 7S 8H\n")
    assert _cli(capsys, "cribbage", "score") == (0, "12\n", "")


def test_not_utf8_names_the_line_file_and_stdin(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = b"5H 5D 7D JD 8D\n5H 5D 7D JD \xff\n5H 5D 6C 7S 8H\n"
    f = tmp_path / "latin.in"
    f.write_bytes(data)
    for argv in ([str(f)], []):
        _stdin(monkeypatch, data)
        rc, out, stderr = _cli(capsys, "cribbage", "score", *argv)
        err = stderr.splitlines()
        assert rc == 2 and out == "9\n", stderr
        assert err == ["bitcards: error: line 2: not UTF-8 text (byte 0xFF at column 13)"]
        _stdin(monkeypatch, data)
        rc, out, stderr = _cli(capsys, "cribbage", "score", "--keep-going", *argv)
        assert rc == 2 and out == "9\n12\n"
        assert stderr.splitlines() == err


def test_stdin_is_read_as_utf8_whatever_the_locale() -> None:
    # files are opened as UTF-8; stdin used the locale's encoding, so in a Latin-1 locale the
    # seed's Cyrillic Н (bytes D0 9D) on stdin became two Latin-1 characters and an unknown card
    env = {**os.environ, "PYTHONIOENCODING": "latin-1"}
    r = subprocess.run([sys.executable, "-m", "bitcards", "cribbage", "score"], input=SEED_INPUT, capture_output=True, env=env)
    assert (r.returncode, r.stdout) == (0, SEED_OUTPUT.encode())


# --- peg ------------------------------------------------------------------------------------
PEG_LINES = [
    "5H 6D 9S KC | 5S 4C TD JH | 5H 5S 6D 4C KC TD 9S JH",
    "AH 2H 3H 4H | AS 2S 3S 4S | AH AS 2H 2S 3H 3S 4H 4S",
    "5H 6D 9S KC | 5S 4C TD JH | 5H TD 6D 4C JH",
    "AH 2H 3H 4H | AS 2S 3S 4S | AH AS",
]


def _peg_on(tmp_path: Path, lines: list[str], *args: str) -> int:
    f = tmp_path / "plays.txt"
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return main(["cribbage", "peg", str(f), *args])


def test_peg_prints_both_players_points_and_stops_at_an_illegal_play(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _peg_on(tmp_path, PEG_LINES) == 2
    cap = capsys.readouterr()
    # the first: pone 1 (the go), dealer 2 (pair) + 3 (run 4 5 6) + 3 (run 9 T J) + 1 (last card)
    assert cap.out == "1 9\n0 9\n"
    assert cap.err.splitlines() == ["bitcards: error: line 3: card 5: JH takes the count from 25 to 35, past 31"]
    assert _peg_on(tmp_path, PEG_LINES, "--keep-going") == 2
    cap = capsys.readouterr()
    assert cap.out == "1 9\n0 9\n0 2\n" and len(cap.err.splitlines()) == 1


def test_peg_json_lists_each_cards_reasons(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _peg_on(tmp_path, PEG_LINES[:2], "--json") == 0
    objs = [json.loads(ln) for ln in capsys.readouterr().out.splitlines()]
    assert [o["line"] for o in objs] == [1, 2]
    first = objs[0]
    assert first["points"] == {"pone": 1, "dealer": 9}
    assert [c["player"] for c in first["cards"]][:5] == ["pone", "dealer", "pone", "dealer", "pone"]
    assert first["cards"][7]["reasons"] == [{"reason": "a run of 3", "points": 3}, {"reason": "the last card", "points": 1}]
    for o in objs:
        for who in ("pone", "dealer"):
            assert o["points"][who] == sum(c["points"] for c in o["cards"] if c["player"] == who)


@pytest.mark.parametrize(
    ("line", "needle"),
    [
        ("5H 6D 9S KC | 5S 4C TD JH", "expected pone's four | dealer's four | cards played"),
        ("5H 6D 9S | 5S 4C TD JH | 5H", "pone holds 4 cards"),
        ("5H 6D 9S KC | 5S 4C TD JH | 5S", "card 1: 5S is the dealer's, but the pone is to play"),
        ("5H 6D 9S KC | 5S 4C TD JH | 5H 5S 5H", "card 3: 5H is played twice"),
        ("5H 6D 9S KC | 5S 4C TD JH | 5H QQ", "unknown card 'QQ' at line 1, token 2 (column 32)"),
    ],
)
def test_peg_bad_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str, needle: str) -> None:
    assert _peg_on(tmp_path, [line]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "line 1" in err[0] and needle in err[0], err


def test_discard_for_the_dealer_and_the_pone(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cribbage", "discard", "5H 5D 6C 7S JD KD", "--dealer"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["keep", "discard", "hand", "crib", "hand+crib"] and len(lines) == 16
    assert lines[1].split()[4:6] == ["6C", "7S"]
    assert main(["cribbage", "discard", "5H 5D 6C 7S JD KD", "--pone", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["role"] == "pone" and obj["options"][0]["discard"] == ["JD", "KD"]
    for o in obj["options"]:
        assert o["value"] == pytest.approx(o["hand"] - o["crib"], abs=2e-6)
    with pytest.raises(SystemExit):
        main(["cribbage", "discard", "5H 5D 6C 7S JD KD", "--pone", "--dealer"])


def test_discard_weighted(capsys: pytest.CaptureFixture[str]) -> None:
    from bitcards.cribbage import crib_discards

    assert main(["cribbage", "discard", "5H 5D 6C 7S JD KD", "--dealer", "--weighted", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    want = crib_discards("5H 5D 6C 7S JD KD", "dealer", weighted=True)
    assert obj["opponent"] == "weighted" and [o["discard"] for o in obj["options"]] == [list(o.discard) for o in want]
    assert [o["crib"] for o in obj["options"]] == [round(o.crib, 6) for o in want]
    assert main(["cribbage", "discard", "5H 5D 6C 7S JD KD", "--weighted"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "--dealer or --pone" in err[0]


# --- play -----------------------------------------------------------------------------------
def test_play_summarises_games_and_writes_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from bitcards.engine import GameRecord, playout

    assert main(["cribbage", "play", "-n", "40", "--seed", "3", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    r = playout("cribbage", 40, seed=3, policy="baseline")
    assert obj["wins"] == [int((r.returns[:, p] > 0).sum()) for p in range(2)] and sum(obj["wins"]) == 40
    assert obj["skunks"] == [int((r.returns[:, p] == 2).sum()) for p in range(2)]
    assert obj["mean_deals"] == pytest.approx(r.field("deals").mean())
    path = tmp_path / "games.jsonl"
    assert main(["cribbage", "play", "-n", "5", "--seed", "3", "--policy", "random", "--records", str(path)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("5 games, random play, player 0 deals first, seed 3\n") and "points per deal" in text
    lines = path.read_text().splitlines()
    rr = playout("cribbage", 5, seed=3, record=True)
    assert len(lines) == 5
    for i, line in enumerate(lines):
        rec = GameRecord.from_json(line)
        assert rec == rr.record(i) and rec.replay().returns() == tuple(rr.returns[i])
