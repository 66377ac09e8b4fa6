"""``bitcards euchre sort``: the quiz's exact stdin -> stdout, several hands, JSON, bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from bitcards.cli import main

QUIZ_IN = "Diamonds\nKc\nJh\nKd\nTd\nAh\n"
QUIZ_OUT = "Diamonds\nJh\nKd\nTd\nKc\nAh\n"


def run(argv: list[str], stdin: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    rc = main(["euchre", "sort", *argv])
    cap = capsys.readouterr()
    return rc, cap.out, cap.err


def test_quiz_example_exact(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    assert run([], QUIZ_IN, capsys, monkeypatch) == (0, QUIZ_OUT, "")


def test_quiz_example_subprocess(tmp_path) -> None:  # type: ignore[no-untyped-def]
    r = subprocess.run([sys.executable, "-m", "bitcards", "euchre", "sort"], input=QUIZ_IN, capture_output=True, text=True)
    assert (r.returncode, r.stdout, r.stderr) == (0, QUIZ_OUT, "")
    f = tmp_path / "hand.txt"
    f.write_text(QUIZ_IN)
    r = subprocess.run([sys.executable, "-m", "bitcards", "euchre", "sort", str(f)], capture_output=True, text=True)
    assert (r.returncode, r.stdout) == (0, QUIZ_OUT)


def test_several_hands_trump_spellings(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    text = QUIZ_IN + "\n\n♠\n9h\nJc\nAd\nTs\nKc\n\nhearts\n9h\n9s\n9d\n9c\nTc\nC\r\nKh\r\nQd\r\nJs\r\n9s\r\nAc\r\n"
    rc, out, err = run([], text, capsys, monkeypatch)
    assert rc == 0 and err == ""
    assert out == QUIZ_OUT + "Spades\nJc\nTs\n9h\nKc\nAd\n" + "Hearts\n9h\nTc\n9c\n9d\n9s\n" + "Clubs\nJs\nAc\nQd\n9s\nKh\n"
    # the output is valid input again, and sorting it again changes nothing
    rc, again, _ = run([], out, capsys, monkeypatch)
    assert (rc, again) == (0, out)


def test_byte_order_mark(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    assert run([], "\ufeff" + QUIZ_IN, capsys, monkeypatch) == (0, QUIZ_OUT, "")


def test_cycle_stable_and_any_size(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    hand = "Spades\n9h\nJc\nAd\nTs\nKc\n"
    assert run(["--cycle", "dominik"], hand, capsys, monkeypatch)[1] == "Spades\nJc\nTs\nAd\nKc\n9h\n"
    assert run(["--stable"], QUIZ_IN, capsys, monkeypatch)[1] == "Diamonds\nJh\nKd\nTd\nAh\nKc\n"
    rc, out, _ = run(["--cards", "0"], "d\nKc\nJh\nh\nClubs\n9d 9c\n", capsys, monkeypatch)
    assert (rc, out) == (0, "Diamonds\nJh\nKc\nHearts\nClubs\n9c\n9d\n")


def test_json(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    rc, out, _ = run(["--json"], QUIZ_IN + "Spades\nAc\nJc\nQd\n9s\nTd\n", capsys, monkeypatch)
    rows = [json.loads(line) for line in out.splitlines()]
    assert rc == 0 and [r.pop("cards") for r in rows] == [["Kc", "Jh", "Kd", "Td", "Ah"], ["Ac", "Jc", "Qd", "9s", "Td"]]
    assert rows == [
        {"line": 1, "trump": "Diamonds", "sorted": ["Jh", "Kd", "Td", "Kc", "Ah"], "swapped": True},
        {"line": 7, "trump": "Spades", "sorted": ["Jc", "9s", "Qd", "Td", "Ac"], "swapped": True},
    ]


BAD = [
    ("Trumps\nKc\nJh\nKd\nTd\nAh\n", "line 1: unknown trump 'Trumps'"),
    ("Kc\nJh\nKd\nTd\nAh\n", "line 1: expected a trump name"),
    ("Diamonds\nKc\nJh\n7d\nTd\nAh\n", "card '7d' at line 4"),
    ("Diamonds\nKc\nJh\nKd\nTd\nKc\n", "line 6: duplicate card 'Kc' (already on line 2)"),
    ("Diamonds\nKc\nJh\nKd\nTd\n", "line 1: the Diamonds hand starting here has 4 cards, expected 5"),
    ("Diamonds\nKc\nJh\nKd\nTd\nAh\nAs\n", "has 6 cards, expected 5"),
    ("Diamonds\nKc\nJh\nXx\nTd\nAh\n", "line 4: unknown card or trump name 'Xx'"),
    ("Diamonds\nKc\nJh\nKd\nTd\nAh\nSpads\n9h\n", "line 7: unknown trump 'Spads'"),
]


@pytest.mark.parametrize(("stdin", "needle"), BAD)
def test_bad_input_one_line_exit_2(stdin: str, needle: str, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    rc, _, err = run([], stdin, capsys, monkeypatch)
    assert rc == 2
    lines = err.splitlines()
    assert len(lines) == 1 and needle in lines[0] and lines[0].startswith("bitcards: error: "), err


@pytest.mark.parametrize(("stdin", "needle"), [BAD[0], BAD[3], BAD[4]])
def test_bad_input_subprocess(stdin: str, needle: str) -> None:
    r = subprocess.run([sys.executable, "-m", "bitcards", "euchre", "sort"], input=stdin, capture_output=True, text=True)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0] and "Traceback" not in r.stderr


def test_keep_going(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    text = QUIZ_IN + "Spads\n9h\nJc\nAd\nTs\nKc\n" + "Hearts\n9h\n9s\n9s\n9c\nTc\n"
    text += "Spades\n9h\nJc\nAd\nTs\nKc\n" + "Clubs\nAs\n"
    rc, out, err = run(["--keep-going"], text, capsys, monkeypatch)
    assert rc == 2
    assert out == QUIZ_OUT + "Spades\nJc\nTs\n9h\nKc\nAd\n"
    lines = err.splitlines()
    assert len(lines) == 3
    assert "line 7: unknown trump 'Spads'" in lines[0]
    assert "line 16: duplicate card '9s' (already on line 15)" in lines[1]
    assert "line 25: the Clubs hand starting here has 1 card, expected 5" in lines[2]
    # without --keep-going: the good hand before the error is written, then one error line
    rc, out, err = run([], text, capsys, monkeypatch)
    assert (rc, out, len(err.splitlines())) == (2, QUIZ_OUT, 1)


def test_missing_file_and_bad_option(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["euchre", "sort", "/nonexistent/hands.txt"]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert main(["euchre", "sort", "--cards", "30"]) == 2
    with pytest.raises(SystemExit) as ei:
        main(["euchre", "sort", "--cycle", "alice"])
    assert ei.value.code == 2


# --- review fix: bytes that are not UTF-8 used to escape as a UnicodeDecodeError traceback (files) ---


@pytest.mark.parametrize("from_file", [True, False])
def test_not_utf8_one_line_naming_the_line(tmp_path, capsys, monkeypatch, from_file: bool) -> None:  # type: ignore[no-untyped-def]
    data = QUIZ_IN.encode() + b"Spades\n9h\n\xffJc\nAd\nTs\nKc\n" + b"Hearts\n9h\n9s\n9d\n9c\nTc\n"
    f = tmp_path / "hands.txt"
    f.write_bytes(data)
    argv = [str(f)] if from_file else []
    for extra, out in (([], QUIZ_OUT), (["--keep-going"], QUIZ_OUT + "Hearts\n9h\nTc\n9c\n9d\n9s\n")):
        # stdin as a pipe gives it: bytes under a text layer in the locale's encoding
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"" if from_file else data), encoding="latin-1"))
        rc = main(["euchre", "sort", *extra, *argv])
        cap = capsys.readouterr()
        assert rc == 2 and "Traceback" not in cap.err and cap.out == out
        assert cap.err.splitlines() == ["bitcards: error: line 9: not UTF-8 text (byte 0xFF at column 1)"]
