"""``bitcards skat bid | value | stats`` through main() and a few real subprocesses."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from bitcards.cli import main

SEED = "JC JS JD AC KC 9C AS 7H QD 8D"
TWELVE = "CJ SJ DA DT D9 HA HK H7 S8 S7 C7 C8"


def run(capsys, argv, stdin: str | None = None, monkeypatch=None):  # type: ignore[no-untyped-def]
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        rc = main(argv)
    except SystemExit as e:  # argparse's own errors (--sample 0, ...)
        rc = int(e.code or 0)
    out, err = capsys.readouterr()
    return rc, out, err


@pytest.mark.parametrize(
    ("hand", "expected"),
    [(SEED, "36 Clubs"), ("JD AS 0S KS QS 9S 8S AD 8C 9C", "44 Spades"), ("JH JD 0S KS 9C 8C QH KH AD 9D", "pass"),
     ("JD AS KS QS 0S 9S 8D 7D 0C QH", "pass"), ("EU GU SU EA EK E9 GA R7 SO S8", "36 Clubs")],
)  # fmt: skip
def test_bid_args(capsys, hand: str, expected: str) -> None:  # type: ignore[no-untyped-def]
    assert run(capsys, ["skat", "bid", *hand.split()]) == (0, expected + "\n", "")


def test_bid_json(capsys) -> None:  # type: ignore[no-untyped-def]
    rc, out, _ = run(capsys, ["skat", "bid", "--json", *SEED.split()])
    d = json.loads(out)
    assert rc == 0 and d["value"] == 36 and d["suit"] == "clubs" and d["jack_factor"] == 3 and d["result"] == "36 Clubs"
    assert sorted(d["hand"]) == sorted(SEED.split())  # a list of card names


@pytest.mark.parametrize(
    ("hand", "needle"),
    [("JC JS JD AC KC 9C AS 7H QD", "expected 10 cards"), ("JC JC JD AC KC 9C AS 7H QD 8D", "duplicate card 'JC'"),
     ("1X JS JD AC KC 9C AS 7H QD 8D", "'1X'")],
)  # fmt: skip
def test_bid_bad_hand(capsys, hand: str, needle: str) -> None:  # type: ignore[no-untyped-def]
    rc, out, err = run(capsys, ["skat", "bid", *hand.split()])
    assert rc == 2 and out == "" and needle in err and err.count("\n") == 1


def test_bid_stdin_keep_going(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    text = f"{SEED}\nJD AS 0S KS QS 9S 8S AD 8C\n\n# comment\nJH JD 0S KS 9C 8C QH KH AD 1X\nJD AS KS QS 0S 9S 8D 7D 0C QH\n"
    rc, out, err = run(capsys, ["skat", "bid", "--keep-going"], text, monkeypatch)
    assert rc == 2
    assert out == "36 Clubs\npass\n"
    lines = err.splitlines()
    assert len(lines) == 2
    assert "line 2" in lines[0]
    assert "line 5" in lines[1] and "'1X'" in lines[1]


def test_bid_stdin_stops_at_first_bad_line(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    rc, out, err = run(capsys, ["skat", "bid"], f"{SEED}\nJC\n{SEED}\n", monkeypatch)
    assert rc == 2 and out == "36 Clubs\n" and "line 2" in err and err.count("\n") == 1


def test_bid_file_json(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path / "hands.txt"
    f.write_text(f"{SEED}\nJD AS 0S KS QS 9S 8S AD 8C 9C\n")
    rc, out, _ = run(capsys, ["skat", "bid", "--file", str(f), "--json"])
    rows = [json.loads(x) for x in out.splitlines()]
    assert rc == 0 and [r["result"] for r in rows] == ["36 Clubs", "44 Spades"] and rows[1]["line"] == 2
    rc, _, err = run(capsys, ["skat", "bid", "--file", str(tmp_path / "missing.txt")])
    assert rc == 2 and "cannot read" in err


def test_value(capsys) -> None:  # type: ignore[no-untyped-def]
    rc, out, _ = run(capsys, ["skat", "value", *TWELVE.split(), "--game", "clubs", "--hand", "--points", "70"])
    assert (rc, out) == (0, "clubs hand, with 2: 12 x 4 = 48, won, +48\n")
    rc, out, _ = run(capsys, ["skat", "value", *TWELVE.split(), "--game", "clubs", "--points", "70", "--bid", "48", "--json"])
    d = json.loads(out)
    assert (d["value"], d["won"], d["overbid"], d["score"], d["matadors"]) == (48, False, True, -96, 2)
    assert sorted(d["cards"]) == sorted(c[::-1] for c in TWELVE.split())  # JC for CJ: a list of card names
    rc, out, _ = run(capsys, ["skat", "value", *TWELVE.split(), "--game", "null", "--ouvert", "--tricks", "0"])
    assert out == "null ouvert: 46, won, +46\n"
    rc, out, _ = run(capsys, ["skat", "value", *TWELVE.split(), "--game", "clubs", "--ouvert"])
    assert out == "clubs ouvert, with 2: 12 x 9 = 108, won, +108\n"


@pytest.mark.parametrize(
    ("extra", "needle"),
    [(["--game", "clubs", "--announce", "schneider"], "hand game"),
     (["--game", "null", "--hand", "--announce", "schwarz"], "null"),
     (["--game", "null", "--bid", "24"], "cannot be announced"),
     (["--game", "clubs", "--points", "100", "--tricks", "10"], "do not fit"),
     (["--game", "clubs", "--points", "130"], "0..120"),
     (["--game", "clubs", "--bid", "19"], "legal bid"),
     (["--game", "bridge"], "unknown game"),
     (["--game", "clubs", "--tricks", "4"], "points")],
)  # fmt: skip
def test_value_contradictions(capsys, extra: list[str], needle: str) -> None:  # type: ignore[no-untyped-def]
    rc, out, err = run(capsys, ["skat", "value", *TWELVE.split(), *extra])
    assert rc == 2 and out == "" and needle in err and err.count("\n") == 1


def test_value_needs_twelve_cards(capsys) -> None:  # type: ignore[no-untyped-def]
    rc, _, err = run(capsys, ["skat", "value", "CJ", "SJ", "--game", "clubs"])
    assert rc == 2 and "12 cards" in err


def test_stats_sample(capsys) -> None:  # type: ignore[no-untyped-def]
    rc, out, _ = run(capsys, ["skat", "stats", "--sample", "2000", "--seed", "3", "--json"])
    d = json.loads(out)
    assert rc == 0 and d["total"] == 2000 and not d["exhaustive"]
    assert d["passes"] + sum(g["hands"] for g in d["games"]) == 2000
    rc, _, err = run(capsys, ["skat", "stats", "--sample", "0"])
    assert rc == 2 and err.count("\n") == 1


@pytest.mark.slow
def test_stats_exhaustive(capsys) -> None:  # type: ignore[no-untyped-def]
    rc, out, _ = run(capsys, ["skat", "stats", "--exhaustive"])
    assert rc == 0 and "64,512,240" in out and "58,827,972" in out and "%" in out


@pytest.mark.parametrize(
    "argv",
    [["skat", "bid", "JC", "JS"], ["skat", "bid", "1X", "JS", "JD", "AC", "KC", "9C", "AS", "7H", "QD", "8D"],
     ["skat", "value", *TWELVE.split(), "--game", "clubs", "--announce", "schwarz"]],
)  # fmt: skip
def test_subprocess_one_line_errors(argv: list[str]) -> None:
    p = subprocess.run([sys.executable, "-m", "bitcards", *argv], capture_output=True, text=True, timeout=120)
    assert p.returncode == 2
    assert p.stdout == ""
    assert p.stderr.count("\n") == 1 and "Traceback" not in p.stderr


def test_subprocess_bid() -> None:
    argv = [sys.executable, "-m", "bitcards", "skat", "bid", *SEED.split()]
    p = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    assert (p.returncode, p.stdout) == (0, "36 Clubs\n")


# --- review fixes ---------------------------------------------------------------------------------------


def test_bid_first_line_byte_order_mark(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path / "hands.txt"
    f.write_text(f"\ufeff{SEED}\n{SEED}\n", encoding="utf-8")
    assert run(capsys, ["skat", "bid", "--file", str(f)]) == (0, "36 Clubs\n36 Clubs\n", "")


def test_bid_file_not_utf8_is_one_line(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path / "hands.bin"
    f.write_bytes(f"{SEED}\n".encode() + b"\xff\xfe\x00\x81 JC\n")
    rc, out, err = run(capsys, ["skat", "bid", "--file", str(f), "--keep-going"])
    assert rc == 2 and "not UTF-8" in err and err.count("\n") == 1


def test_bid_look_alike_letters_warn(capsys) -> None:  # type: ignore[no-untyped-def]
    rc, out, err = run(capsys, ["skat", "bid", "J\u0421", *SEED.split()[1:]])  # Cyrillic Es for C
    assert (rc, out) == (0, "36 Clubs\n") and "Cyrillic" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("extra", "needle"),
    [(["--game", "clubs", "--points", "99999999999999999999"], "0..120"),
     (["--game", "clubs", "--bid", "99999999999999999999"], "legal bid"),
     (["--game", "clubs", "--tricks", "11"], "tricks 0..10"),
     (["--game", "clubs", "--bid", "0"], "not a bid"),
     (["--game", "clubs", "--ouvert", "--points", "120"], "tricks"),
     (["--game", "null", "--points", "500"], "0..120")],
)  # fmt: skip
def test_value_more_bad_numbers(capsys, extra: list[str], needle: str) -> None:  # type: ignore[no-untyped-def]
    rc, out, err = run(capsys, ["skat", "value", *TWELVE.split(), *extra])
    assert rc == 2 and out == "" and needle in err and err.count("\n") == 1


def test_stats_sample_too_large_is_one_line(capsys) -> None:  # type: ignore[no-untyped-def]
    rc, out, err = run(capsys, ["skat", "stats", "--sample", "99999999999999999999"])
    assert rc == 2 and out == "" and "beyond the stream's 2**63 rows" in err and err.count("\n") == 1


def test_subprocess_overflowing_points() -> None:
    argv = [sys.executable, "-m", "bitcards", "skat", "value", *TWELVE.split(), "--game", "clubs", "--points", "9" * 20]
    p = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    assert p.returncode == 2 and p.stdout == "" and p.stderr.count("\n") == 1 and "Traceback" not in p.stderr


def test_value_look_alike_letters_warn(capsys) -> None:  # type: ignore[no-untyped-def]
    cards = TWELVE.split()[:-1] + ["8\u0421"]  # Cyrillic Es for C
    rc, out, err = run(capsys, ["skat", "value", *cards, "--game", "clubs", "--hand", "--points", "70"])
    assert (rc, out) == (0, "clubs hand, with 2: 12 x 4 = 48, won, +48\n") and "Cyrillic" in err
